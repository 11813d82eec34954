# Expected verdicts for pt-mask-denmartins-mecanismos-atencao.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the printed Q, K, V (4×4, eight decimals, read exactly); the weights that made them are random and unprinted.
# The article's stated pipeline: score = QKᵀ/√d_k with d_k = 4 (√d_k = 2), causal mask, softmax with every ROW summing
# to 1 ("cada linha da matriz de pesos soma 1"), output = weights · V.
# Exact values: S = QKᵀ as printed (agrees); S/2 = [[0.870512, 1.385724, 1.434891, 1.376591], [1.500937, 2.372895,
# 2.476797, 2.356208], [1.320568, 2.082697, 2.174909, 2.059782], [1.350527, 2.097926, 2.226912, 2.068397]];
# var(S/2) = var(S)/4 = 0.224261; causal row softmax A = [[1, 0, 0, 0], [0.294847, 0.705153, 0, 0],
# [0.182061, 0.390127, 0.427812, 0], [0.132209, 0.279160, 0.317593, 0.271037]]; A·V rows 1-4 =
# [0.810808, 0.292027, 0.689203, 0.374846], [0.953898, 0.657999, 0.714919, 0.537615],
# [1.067489, 0.573176, 0.889439, 0.612607], [0.981154, 0.662871, 0.808107, 0.654392].
# Wrong lines:
# - scaled_similarity_scores (4 rows): the code divides Q·K (K not transposed) by 2; the exact S/2 is above (slip).
# - the variance of the scaled scores, 0.14133630407607445, is var(QK/2); var(QKᵀ/2) = 0.224261 (carried).
# - masked_scores (4 rows): the lower triangle of the wrong QK/2 (carried).
# - attention_weights (4 rows): softmax over axis 0 normalises COLUMNS of the wrong scores, so rows do not sum to 1;
#   the stated row softmax gives A above (slip).
# - self_attention_output (4 rows): computed as weights · Vᵀ from the wrong weights; weights · V is above (slip).
# Ambiguous: attention_weights.sum(axis=0) = [1, 1, 1, 1] only restates the column normalisation; the row sums of the
# stated weights are 1, their column sums are not.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="pt", topics=["basic", "mask", "notebook", "numpy-array"])


def nums(line_no):
    text = e.lines[line_no - 1]
    toks = re.findall(r"-?inf|-?\d+\.\d*(?:e[+-]?\d+)?", text)
    return [t for t in toks]


def clean(t):
    return t.rstrip(".") if t.endswith(".") else t


def rows4(first_needle):
    L = e.line(first_needle)
    return [L + k for k in range(4)]


Qr = [["0.73634365", "0.42647927", "0.85683087", "0.32620017"], ["1.19358144", "0.83688612", "1.39485002", "0.64264091"],
      ["1.11520082", "0.57175117", "1.27103597", "0.58396596"], ["1.03917841", "0.67847982", "1.17557442", "0.75079734"]]
Kr = [["0.75780912", "0.59683623", "0.78892439", "0.77407585"], ["1.34918327", "1.02141999", "1.24144089", "0.85427868"],
      ["1.16087731", "1.01643544", "1.35860721", "1.27956075"], ["1.24943877", "1.08885856", "1.31923949", "0.73091859"]]
Vr = [["0.81080848", "0.2920271", "0.68920257", "0.37484638"], ["1.01372893", "0.81102414", "0.725672", "0.60567394"],
      ["1.22574627", "0.47592542", "1.1239937", "0.72011269"], ["0.74409112", "0.91022723", "0.58086821", "0.76392111"]]
Q, K, V = M(Qr), M(Kr), M(Vr)
S = Q * K.T
Ssc = S / 2
A = sp.zeros(4, 4)
for i in range(4):
    den = sum(sp.exp(Ssc[i, k]) for k in range(i + 1))
    for j in range(i + 1):
        A[i, j] = sp.exp(Ssc[i, j]) / den
O = A * V


def var(Mx):
    vals = list(Mx)
    mu = sum(vals) / len(vals)
    return sum((v - mu) ** 2 for v in vals) / len(vals)


for name, needle in (("Q", "array([[0.73634365"), ("K", "array([[0.75780912"), ("V", "array([[0.81080848")):
    for ln in rows4(needle):
        e.given(ln, f"printed {name} row (random projection, weights unprinted)")
lines = rows4("array([[1.74102466")
for i, ln in enumerate(lines):
    e.claim(ln, f"QKᵀ row {i + 1}", nums(ln), list(S.row(i)))
ln = e.line("array(2.)")
e.claim(ln, "√d_k with d_k = 4", ["2"], [2])
lines = rows4("array([[1.26782464, 1.05059507")
for i, ln in enumerate(lines):
    e.claim(ln, f"QKᵀ/√d_k row {i + 1} (printed values are Q·K/2, K not transposed)", nums(ln), list(Ssc.row(i)))
L = e.line("Q.var(), K.var(), similarity_scores.var()")
e.claim(L + 4, "Q.var()", ["0.09385167529024863"], [var(Q)])
e.claim(L + 5, "K.var()", ["0.06090284043555731"], [var(K)])
e.claim(L + 6, "var(QKᵀ)", ["0.8970449776197686"], [var(S)])
L = e.line("Q.var(), K.var(), scaled_similarity_scores.var()")
e.claim(L + 4, "Q.var() again", ["0.09385167529024863"], [var(Q)])
e.claim(L + 5, "K.var() again", ["0.06090284043555731"], [var(K)])
e.claim(L + 6, "var(QKᵀ/2) (printed is var(Q·K/2))", ["0.14133630407607445"], [var(Ssc)], cause="carried")
lines = rows4("array([[  0., -inf, -inf, -inf],")
for i, ln in enumerate(lines):
    finite = [clean(t) for t in nums(ln) if "inf" not in t]
    e.claim(ln, f"causal mask row {i + 1}: zeros on and below the diagonal", finite, [0] * (i + 1))
lines = rows4("array([[1.26782464,       -inf")
for i, ln in enumerate(lines):
    finite = [t for t in nums(ln) if "inf" not in t]
    e.claim(ln, f"masked scaled scores row {i + 1} (finite entries)", finite, [Ssc[i, j] for j in range(i + 1)],
            cause="carried")
lines = rows4("array([[0.13158609, 0.        ")
for i, ln in enumerate(lines):
    e.claim(ln, f"row-softmax attention weights row {i + 1} (printed: column softmax)", [clean(t) for t in nums(ln)],
            list(A.row(i)))
ln = e.line("array([1., 1., 1., 1.])")
e.ambiguous(ln, "sum(axis=0) = [1, 1, 1, 1] restates the column normalisation of the printed weights; the stated row "
            "softmax has row sums 1 and column sums " + ", ".join(str(sp.N(sum(A.col(j)), 6)) for j in range(4)))
lines = rows4("array([[0.10669112, 0.13339263")
for i, ln in enumerate(lines):
    e.claim(ln, f"attention output row {i + 1} (printed: weights · Vᵀ)", nums(ln), list(O.row(i)))
e.done()
