# Expected verdicts for vi-basic-tyanfarm-journey-softmax.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the 6×3 tensor of embeddings (Your, journey, starts, with, one, step) as printed; query = x^2 (journey);
# no weights, no scaling: scores = X Xᵀ, weights = row softmax, context = weights · X.
# - Query-2 scores [0.9544, 1.4950, 1.4754, 0.8434, 0.7070, 1.0865] (exactly 0.9544, 1.495, 1.4754, 0.8434, 0.707,
#   1.0865) ok; their sum 6.5617 ok; scores / sum [0.1455, 0.2278, 0.2249, 0.1285, 0.1077, 0.1656] ok, sum 1.0000 ok.
# - Naive softmax and torch.softmax [0.1385, 0.2379, 0.2333, 0.1240, 0.1082, 0.1581] ok (sum "1." ok).
# - Context of token 2 [0.4419, 0.6515, 0.5683] ok.
# - The 6×6 scores (printed twice), the 6×6 softmax weights and the 6×3 context vectors: every entry agrees with
#   the exact value at 4 places -> ok.  The prose repeats weights row 1 -> ok.
# - Prose: e^700 = 1.014·10^304 -> "10^{304}" ok (exponent 304.006).  e^-700 = 9.86·10^-305, i.e. about 10^-304;
#   printed "1^{-306}" (literally 1, and 10^-306 would still be 100× off) -> wrong (slip).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="vi", topics=["basic", "softmax", "overflow"])

X = M([["0.43", "0.15", "0.89"], ["0.55", "0.87", "0.66"], ["0.57", "0.85", "0.64"], ["0.22", "0.58", "0.33"],
       ["0.77", "0.25", "0.10"], ["0.05", "0.80", "0.55"]])
S = X * X.T
W = softmax_rows(S)
C = W * X
s2 = S.row(1)


def nums(line):
    text = e.lines[line - 1]
    inner = text[text.index("[") :].replace("[", "").replace("]", "").replace(")", "")
    return [t.strip() for t in inner.split(",") if t.strip()]


for k in range(6):
    e.given(e.line(["# Your", "# journey", "# starts", "# with", "# one", "# step"][k]), f"embedding x^{k + 1}")

L = e.line(" tensor([0.9544, 1.4950")
e.claim(L, "scores of query 2", nums(L), list(s2))
e.claim(e.line("tensor(6.5617)"), "sum of the scores", "6.5617", sum(s2))
L = e.line("Attention weights: tensor([0.1455")
e.claim(L, "scores / sum", nums(L), [v / sum(s2) for v in s2])
e.claim(e.line("Sum: tensor(1.0000)"), "sum of scores / sum", "1.0000", sp.Integer(1))
for nth in (1, 2):
    L = e.line("Attention weights: tensor([0.1385", nth=nth)
    e.claim(L, ["naive softmax", "torch.softmax"][nth - 1] + " of query 2", nums(L), list(W.row(1)))
    e.claim(e.line("Sum: tensor(1.)", nth=nth), "sum of softmax", "1", sp.Integer(1))
L = e.line("Context vector: tensor([0.4419")
e.claim(L, "context vector 2", nums(L), list(C.row(1)))

L = e.line("+ với $x = 700$")
e.claim(L, "log10(e^700) (printed 10^{304})", "304", 700 / sp.log(10), rounded_int=True)
L = e.line("$x = -700$ thì")
e.claim(L, "log10(e^-700) (printed 1^{-306}; e^-700 = 9.86e-305)", "-306", -700 / sp.log(10), rounded_int=True)

for nth in (1, 2):
    start = e.line('print("Attention scores:\\n", attn_scores)', nth=nth)
    first = e.line(" tensor([[0.9995", after=start)
    e.rows(list(range(first, first + 6)), f"6×6 scores (print {nth})", [nums(first + i) for i in range(6)], S)
first = e.line(" tensor([[0.2098")
e.rows(list(range(first, first + 6)), "6×6 softmax weights", [nums(first + i) for i in range(6)], W)
first = e.line(" tensor([[0.4421")
e.rows(list(range(first, first + 6)), "6×3 context vectors", [nums(first + i) for i in range(6)], C)
L = e.line("Hàng thứ nhất của ma trận trọng số")
e.claim(L, "weights row 1 (repeated in prose)", ["0.2098", "0.2006", "0.1981", "0.1242", "0.1220", "0.1452"],
        list(W.row(0)))
e.done()
