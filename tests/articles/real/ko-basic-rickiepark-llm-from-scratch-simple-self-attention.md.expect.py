# Expected verdicts for ko-basic-rickiepark-llm-from-scratch-simple-self-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Korean notebook (Haesun Park's Korean edition of Raschka's chapter 3), sections 3.3.1-3.3.2: attention without
# trainable weights on six hand-made 3-d embeddings ("Your journey starts with one step").  Query = x^2 ("journey"),
# scores = x_i . x^2, plain normalisation by the sum, softmax, context vector sum_i w_i x_i; then the full 6x6
# score matrix X X^T (printed twice: loop and matmul), its row softmax, the row-sum check and all context vectors.
# Outputs are float32 prints at 4 decimals in plain output fences.
# Inputs: X = [[0.43,0.15,0.89],[0.55,0.87,0.66],[0.57,0.85,0.64],[0.22,0.58,0.33],[0.77,0.25,0.10],[0.05,0.80,0.55]].
# Exact values: scores row 2 = [0.9544, 1.495, 1.4754, 0.8434, 0.707, 1.0865] (sum 6.5617);
#   scores/sum = [0.145450, 0.227837, 0.224850, 0.128534, 0.107746, 0.165582];
#   softmax row 2 = [0.138548, 0.237891, 0.233274, 0.123992, 0.108182, 0.158114];
#   z^2 = [0.441866, 0.651482, 0.568309]; the 6x6 score matrix, weights and context vectors all agree at 4 decimals.
# The hand-typed row-2 weights in `row_2_sum = sum([...])` add up to exactly 1.0000, so "1.0" is right.
# Shape comments [6,3]@[3,6]=[6,6] and [6,6]@[6,3] = [6,3] are right.
# Every printed number agrees: the article has no wrong line and no ambiguous line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ko", topics=["basic", "softmax", "notebook-output"])

X = M([["0.43", "0.15", "0.89"], ["0.55", "0.87", "0.66"], ["0.57", "0.85", "0.64"],
       ["0.22", "0.58", "0.33"], ["0.77", "0.25", "0.10"], ["0.05", "0.80", "0.55"]])
S = X * X.T
W = softmax_rows(S)
C = W * X
s2 = [S[1, j] for j in range(6)]
tot = sum(s2)
norm = [v / tot for v in s2]
w2 = [W[1, j] for j in range(6)]
z2 = list(C.row(1))

def fmt(row):
    return ["%.4f" % float(v) for v in row]

PS = [["0.9995", "0.9544", "0.9422", "0.4753", "0.4576", "0.6310"],
      ["0.9544", "1.4950", "1.4754", "0.8434", "0.7070", "1.0865"],
      ["0.9422", "1.4754", "1.4570", "0.8296", "0.7154", "1.0605"],
      ["0.4753", "0.8434", "0.8296", "0.4937", "0.3474", "0.6565"],
      ["0.4576", "0.7070", "0.7154", "0.3474", "0.6654", "0.2935"],
      ["0.6310", "1.0865", "1.0605", "0.6565", "0.2935", "0.9450"]]
PW = [["0.2098", "0.2006", "0.1981", "0.1242", "0.1220", "0.1452"],
      ["0.1385", "0.2379", "0.2333", "0.1240", "0.1082", "0.1581"],
      ["0.1390", "0.2369", "0.2326", "0.1242", "0.1108", "0.1565"],
      ["0.1435", "0.2074", "0.2046", "0.1462", "0.1263", "0.1720"],
      ["0.1526", "0.1958", "0.1975", "0.1367", "0.1879", "0.1295"],
      ["0.1385", "0.2184", "0.2128", "0.1420", "0.0988", "0.1896"]]
PC = [["0.4421", "0.5931", "0.5790"], ["0.4419", "0.6515", "0.5683"], ["0.4431", "0.6496", "0.5671"],
      ["0.4304", "0.6298", "0.5510"], ["0.4671", "0.5910", "0.5266"], ["0.4177", "0.6503", "0.5645"]]

e.given(e.line("3차원으로 임베딩한"), "embedding size 3")
L = e.line("inputs = torch.tensor(")
for k, tok in enumerate(["# Your", "# journey", "# starts", "# with", "# one", "# step"]):
    e.given(e.line(tok, after=L), f"embedding row {k + 1}")
e.given(e.line("query = inputs[1]  #"), "query index 1 (second token)")
e.claim(e.line("tensor([0.9544, 1.4950"), "scores x_i . x^2", PS[1], s2)
L = e.line("res = 0.")
e.given(e.line("enumerate(inputs[0])", after=L), "first input row")
e.given(e.line("torch.dot(inputs[0], query)", after=L), "first input row")
for nth in (1, 2):
    e.claim(e.line("tensor(0.9544)", nth=nth), f"x^1 . x^2 (print {nth})", ["0.9544"], [s2[0]])

L = e.line("attn_weights_2_tmp = attn_scores_2 / attn_scores_2.sum()")
e.claim(e.line("어텐션 가중치: tensor([0.1455", after=L), "scores / sum",
        ["0.1455", "0.2278", "0.2249", "0.1285", "0.1077", "0.1656"], norm)
e.claim(e.line("합: tensor(1.0000)", after=L), "sum of normalised scores", ["1.0000"], [sum(norm)])
e.given(e.line("torch.exp(x).sum(dim=0)"), "softmax axis")
for nth in (1, 2):
    ln = e.line("어텐션 가중치: tensor([0.1385", nth=nth)
    e.claim(ln, f"softmax weights row 2 (print {nth})", PW[1], w2)
    e.claim(e.line("합: tensor(1.)", after=ln), f"softmax sum (print {nth})", ["1"], [sum(w2)])
e.given(e.line("torch.softmax(attn_scores_2, dim=0)"), "softmax axis")
e.given(e.line("query = inputs[1] #"), "query index 1 (second token)")
e.claim(e.line("tensor([0.4419, 0.6515, 0.5683])"), "context vector z^2", PC[1], z2)

e.given(e.line("attn_scores = torch.empty(6, 6)"), "6x6 score matrix")
for nth in (1, 2):
    top = e.line("tensor([[0.9995", nth=nth)
    e.rows([top + i for i in range(6)], f"score matrix X X^T (print {nth})", PS, S)
e.claim(e.line("# [6,3]@[3,6]=[6,6]"), "shape of X X^T", ["6", "3", "3", "6", "6", "6"], [6, 3, 3, 6, 6, 6])
e.given(e.line("torch.softmax(attn_scores, dim=-1)"), "softmax over the last axis")
top = e.line("tensor([[0.2098")
e.rows([top + i for i in range(6)], "row softmax of X X^T", PW, W)
L = e.line("row_2_sum = sum([0.1385")
e.given(L, "row-2 weights retyped from the print as inputs to a sum")
e.claim(e.line("두 번째 행의 합: 1.0"), "sum of the retyped row-2 weights", ["1.0"],
        [sum(R(p) for p in PW[1])])
e.given(e.line("attn_weights.sum(dim=-1)"), "sum over the last axis")
e.claim(e.line("모든 행의 합: tensor([1.0000"), "row sums of the weights", ["1.0000"] * 6,
        [sum(W.row(i)) for i in range(6)])
e.claim(e.line("# [6,6]@[6,3] = [6,3]"), "shape of W X", ["6", "6", "6", "3", "6", "3"], [6, 6, 6, 3, 6, 3])
top = e.line("tensor([[0.4421")
e.rows([top + i for i in range(6)], "all context vectors W X", PC, C)
e.claim(e.line("$z^{(2)} = [0.4419, 0.6515, 0.5683]$"), "z^2 restated in prose", PC[1], z2)
e.claim(e.line("이전에 계산한 두 번째 문맥 벡터: tensor("), "z^2 printed again", PC[1], z2)
e.done()
