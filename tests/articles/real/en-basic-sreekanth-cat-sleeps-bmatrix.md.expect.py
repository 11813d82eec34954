# Expected verdicts for en-basic-sreekanth-cat-sleeps-bmatrix.md, computed with plain SymPy (see oracle.py); not symattn's code.
# X (3x5), W_Q, W_K, W_V (5x3) given; Q = X W_Q etc., S = Q K^T / sqrt(3), A = row softmax(S), O = A V;
# then H (stated as an assumed output of ReLU(O W1)), z = H W2, sigmoid, binary cross-entropy.
# Exact from the inputs: Q = [[0.13, 0.14, 0.28], [0.17, 0.35, 0.32], [0.29, 0.22, 0.36]],
#   K = [[0.24, 0.13, 0.12], [0.27, 0.20, 0.25], [0.31, 0.17, 0.29]], V = [[0.13, 0.21, 0.22], [0.23, 0.26, 0.32], [0.31, 0.23, 0.28]],
#   S row 1 = [0.0479, 0.0768, 0.0839], A row 1 = [0.3262, 0.3357, 0.3381], O = [[0.2244, 0.2335, 0.2739], [0.2248, 0.2336, 0.2741],
#   [0.2249, 0.2336, 0.2741]].
# Every printed Q, K, V row is a slip (V row 3 only in its last two entries). S and A are checked first against the author's
# own printed operands: they disagree with them too, so they are slips (the author's own Q, K give S[0][0] = 0.0926, not 0.067;
# softmax of the author's row [0.067, 0.061, 0.061] is [0.335, 0.333, 0.333], not [0.340, 0.330, 0.330]).
# The printed output O is nevertheless right end to end, to its 3 places, in all three rows (ok).
# H is introduced as an assumed output ("assuming output"): ambiguous, with ReLU(O W1) stated in the reason;
# z = H W2 is 0.247 from that H (slip); sigmoid(0.76) = 0.6814 is right only from the author's z (carried);
# the BCE with the author's 0.681 is 2.6695, not 0.383 (slip).
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees

e = Expect(__file__, language="en", topics=["basic", "projections", "scaling", "ffn", "latex-bmatrix"])
NUM = re.compile(r"(?<![\w.])\d+\.\d+|(?<![\w.])\d+(?![\w.])")


def row_nums(ln):
    return NUM.findall(e.lines[ln - 1].replace("\\\\", " "))


def block(label, nrows, nth=1):
    """Line numbers of the first nrows lines with '&' after the line containing label."""
    L = e.line(label, nth=nth)
    out = []
    ln = L
    while len(out) < nrows:
        ln += 1
        if "&" in e.lines[ln - 1] and re.search(r"\d", e.lines[ln - 1]):
            out.append(ln)
    return out


def printed_matrix(lines):
    return M([row_nums(ln) for ln in lines])


def rows_with_cause(lines, what, exact, from_author):
    """Claim each printed row against the exact value; cause carried when the row is right from the author's operands."""
    for i, ln in enumerate(lines):
        p = row_nums(ln)
        own = all(agrees(pp, from_author[i, j]) for j, pp in enumerate(p))
        e.claim(ln, f"{what} row {i + 1}", p, exact.row(i), cause="carried" if own else "slip")


X = M([["0.1", "0.3", "0.5", "0.2", "0.0"], ["0.6", "0.7", "0.2", "0.1", "0.3"], ["0.4", "0.2", "0.6", "0.5", "0.1"]])
WQ = M([["0.2", "0.1", "0.0"], ["0.0", "0.3", "0.2"], ["0.1", "0.0", "0.4"], ["0.3", "0.2", "0.1"], ["0.0", "0.2", "0.3"]])
WK = M([["0.1", "0.0", "0.3"], ["0.2", "0.1", "0.0"], ["0.3", "0.2", "0.1"], ["0.1", "0.0", "0.2"], ["0.0", "0.3", "0.1"]])
WV = M([["0.2", "0.0", "0.1"], ["0.0", "0.3", "0.2"], ["0.1", "0.2", "0.3"], ["0.3", "0.1", "0.0"], ["0.2", "0.0", "0.2"]])
W1 = M([["0.1", "0.2", "0.1"], ["0.2", "0.1", "0.3"], ["0.3", "0.2", "0.1"]])
W2 = M([["0.4"], ["0.3"], ["0.2"]])

for ln in block("X = \\begin{bmatrix}", 3):
    e.given(ln, "X row")
e.given(e.line("(shape: } 3 \\times 5)"), "shape of X")
e.given(e.line("W_Q, W_K, W_V \\in \\mathbb{R}^{5 \\times 3}"), "shape of the weights")
for label in ("#### $W_Q$", "#### $W_K$", "#### $W_V$"):
    for ln in block(label, 5):
        e.given(ln, label[5:] + " row")

Q, K, V = X * WQ, X * WK, X * WV
Lq, Lk, Lv = block("#### Query $Q$", 3), block("#### Key $K$", 3), block("#### Value $V$", 3)
e.rows(Lq, "Q = X W_Q", [row_nums(ln) for ln in Lq], Q)
e.rows(Lk, "K = X W_K", [row_nums(ln) for ln in Lk], K)
e.rows(Lv, "V = X W_V", [row_nums(ln) for ln in Lv], V)
Qa, Ka, Va = printed_matrix(Lq), printed_matrix(Lk), printed_matrix(Lv)

e.given(e.line("\\text{Score}_{ij} = \\frac{Q_i \\cdot K_j^T}{\\sqrt{3}}"), "definition, d_k = 3")
S = Q * K.T / sp.sqrt(3)
Ls = block("### Score matrix", 3)
rows_with_cause(Ls, "S = Q K^T / sqrt(3)", S, Qa * Ka.T / sp.sqrt(3))
Sa = printed_matrix(Ls)

A = softmax_rows(S)
La = block("\\alpha = \\text{softmax}(\\text{Scores}) =", 3)
rows_with_cause(La, "A = softmax(S)", A, softmax_rows(Sa))
Aa = printed_matrix(La)

O = A * V
Lo = block("### Output", 3)
rows_with_cause(Lo, "O = A V", O, Aa * Va)
Oa = printed_matrix(Lo)

for ln in block("W_1 =", 3):
    e.given(ln, "W_1 row")
e.given(e.line(",\\quad b_1 = [0, 0, 0]"), "b_1")
relu = (Oa * W1).applyfunc(lambda t: sp.Max(t, 0))
relu_exact = (O * W1).applyfunc(lambda t: sp.Max(t, 0))
for i, ln in enumerate(block("H = \\begin{bmatrix}", 3)):
    e.ambiguous(ln, "H is introduced as an assumed output; ReLU(O W1) is "
                    f"[{', '.join(str(sp.N(relu[i, j], 4)) for j in range(3))}] from the printed O "
                    f"([{', '.join(str(sp.N(relu_exact[i, j], 4)) for j in range(3))}] from the inputs)")
Ha = printed_matrix(block("H = \\begin{bmatrix}", 3))
L2 = e.line("W_2 =")
for ln in (L2 + 2, L2 + 3, L2 + 4):
    assert re.search(r"\d", e.lines[ln - 1]), ln
    e.given(ln, "W_2 entry")
e.given(e.line("\\end{bmatrix},\\quad b_2 = 0"), "b_2")
z = Ha * W2
e.claim(e.line("z = [0.76,\\ 0.76,\\ 0.76]"), "z = H W_2", ["0.76", "0.76", "0.76"], list(z))
sig = [1 / (1 + sp.exp(-t)) for t in z]
e.claim(e.line("\\hat{y} = \\sigma(z) = [0.681"), "sigmoid(z)", ["0.681", "0.681", "0.681"], sig, cause="carried")
e.given(e.line("The labels are `[1.0, 0.0, 0.0]`"), "labels")
L = e.line("L = -[\\log(0.681)")
e.claim(L, "restated predictions", ["0.681"], [sig[0]], cause="carried")
bce_author = -(sp.log(R(681, 1000)) + 2 * sp.log(1 - R(681, 1000)))
bce_exact = -(sp.log(sig[0]) + sp.log(1 - sig[1]) + sp.log(1 - sig[2]))
ok_from_author = agrees("0.383", bce_author)
e.claim(L, "binary cross-entropy", ["0.383"], [bce_exact], cause="carried" if ok_from_author else "slip")
e.done()
