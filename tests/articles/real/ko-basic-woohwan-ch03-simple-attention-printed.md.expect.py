# Expected verdicts for ko-basic-woohwan-ch03-simple-attention-printed.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the 6 x 3 embedding matrix X (two decimals).  No projections, no scaling: scores = X X^T, weights = row softmax,
#   context = weights X.  Query of the single-token part is x^2 (journey).
# Printed 4-decimal tensors are compared with the exact values rounded to 4 places; "tensor(1.)" and "1.0" are sums of
#   weights (exactly 1, and the hand sum of the six printed 4-decimal weights of row 2 is exactly 1.0000).
# Wrong lines: none found (every printed value agrees with the exact one).
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ko", topics=["basic", "printed-output", "no-scaling", "single-query", "notebook"])
NUM = re.compile(r"-?\d+\.\d*|-?\d+")


def tensor_nums(ln):
    t = e.lines[ln - 1]
    t = t[t.index("tensor(") + len("tensor("):] if "tensor(" in t else t[t.index("["):]
    return [s.rstrip(".") if s.endswith(".") else s for s in NUM.findall(t)]


def eq(text, nth=1):
    seen = 0
    for i, t in enumerate(e.lines, start=1):
        if t.strip() == text:
            seen += 1
            if seen == nth:
                return i
    raise SystemExit(f"no line equal to {text!r} (#{nth})")


X = M([["0.43", "0.15", "0.89"], ["0.55", "0.87", "0.66"], ["0.57", "0.85", "0.64"],
       ["0.22", "0.58", "0.33"], ["0.77", "0.25", "0.10"], ["0.05", "0.80", "0.55"]])
for tok in ("# Your", "# journey", "# starts", "# with", "# one", "# step"):
    e.given(e.line(tok), f"embedding {tok[2:]}")
e.claim(e.line("input shape:  torch.Size([6, 3])"), "shape", ["6", "3"], [6, 3])

q = X.row(1)
s2 = q * X.T
L = e.line("tensor([0.9544, 1.4950")
e.claim(L, "scores of journey", tensor_nums(L), list(s2))
L = eq("tensor(0.9544)", 1)
e.claim(L, "x1 . x2 (loop)", ["0.9544"], [s2[0]])
L = eq("tensor(0.9544)", 2)
e.claim(L, "x1 . x2 (torch.dot)", ["0.9544"], [s2[0]])

tot = sum(s2)
L = e.line("어텐션 가중치:  tensor([0.1455")
e.claim(L, "scores / sum", tensor_nums(L), [v / tot for v in s2])
e.claim(e.line("합:  tensor(1.0000)"), "sum of normalised", ["1.0000"], [sum(v / tot for v in s2)])
w2 = softmax_rows(s2)
L = e.line("어텐션 가중치:  tensor([0.1385")
e.claim(L, "naive softmax", tensor_nums(L), list(w2))
e.claim(e.line("합:  tensor(1.)"), "sum naive softmax", ["1"], [sum(w2)])
L = e.line("어텐션 가중치: tensor([0.1385")
e.claim(L, "torch softmax", tensor_nums(L), list(w2))
e.claim(e.line("합: tensor(1.)"), "sum torch softmax", ["1"], [sum(w2)])
c2 = w2 * X
L = e.line("tensor([0.4419, 0.6515, 0.5683])")
e.claim(L, "context vector of journey", tensor_nums(L), list(c2))

S = X * X.T
A = softmax_rows(S)
O = A * X
for nth in (1, 2):
    L0 = e.line("tensor([[0.9995", nth)
    for i in range(6):
        e.claim(L0 + i, f"score matrix row {i + 1} (print {nth})", tensor_nums(L0 + i), list(S.row(i)))
L0 = e.line("tensor([[0.2098")
for i in range(6):
    e.claim(L0 + i, f"weight matrix row {i + 1}", tensor_nums(L0 + i), list(A.row(i)))
L = e.line("row_2_sum = sum([0.1385")
e.given(L, "the six printed weights of row 2, restated")
e.claim(e.line("두 번째 행의 합: 1.0"), "hand sum of the printed row-2 weights",
        ["1.0"], [sum(R(v) for v in ("0.1385", "0.2379", "0.2333", "0.1240", "0.1082", "0.1581"))])
L = e.line("모든 행의 합: tensor(")
e.claim(L, "row sums", tensor_nums(L), [sum(A.row(i)) for i in range(6)])
L0 = e.line("tensor([[0.4421")
for i in range(6):
    e.claim(L0 + i, f"context row {i + 1}", tensor_nums(L0 + i), list(O.row(i)))
e.done()
