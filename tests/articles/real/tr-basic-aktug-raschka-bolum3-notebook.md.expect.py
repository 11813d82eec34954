# Expected verdicts for tr-basic-aktug-raschka-bolum3-notebook.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the 6x3 embeddings of "Your journey starts with one step" (rows x^1..x^6 as printed in the code cell).
# Conventions: unscaled dot-product scores S = X X^T (no trainable weights, no sqrt(d) scaling, as the notebook does);
# query x^2 = inputs[1]; simple normalisation S_2 / sum(S_2); softmax along each row; context = weights @ inputs.
# S_2 = (0.9544, 1.495, 1.4754, 0.8434, 0.707, 1.0865) exactly; S_2/sum = (0.145450, 0.227837, 0.224850, 0.128534,
#   0.107746, 0.165582); softmax(S_2) = (0.138548, 0.237891, 0.233274, 0.123992, 0.108182, 0.158114);
#   context z2 = (0.441866, 0.651482, 0.568309).  x^1 . x^2 = 0.9544 (the element-wise loop and torch.dot).
# Full 6x6 score matrix (printed twice), row softmax and 6x3 context matrix: every 4-decimal entry agrees with the exact
# value. "Row 2 sum: 1.0" adds the six printed 4-decimal weights, which sum to exactly 1; the sums print 1.0000 and 1.
# No wrong line (the Turkish notebook keeps the original chapter's outputs).
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="tr", topics=["basic", "notebook", "torch-print", "unscaled", "context-vector"])
X = M([["0.43", "0.15", "0.89"], ["0.55", "0.87", "0.66"], ["0.57", "0.85", "0.64"],
       ["0.22", "0.58", "0.33"], ["0.77", "0.25", "0.10"], ["0.05", "0.80", "0.55"]])
S = X * X.T
A = softmax_rows(S)
C = A * X
s2 = S.row(1)
norm2 = s2 / sum(s2)
w2 = A.row(1)
z2 = w2 * X

NUM = re.compile(r"\d+\.\d+")


def nums(ln):
    return NUM.findall(e.lines[ln - 1])


for tag in ("# Your     (x^1)", "# journey  (x^2)", "# starts   (x^3)", "# with     (x^4)", "# one      (x^5)",
            "# step     (x^6)"):
    e.given(e.line(tag), "input embedding row")

L = e.line("tensor([0.9544, 1.4950, 1.4754, 0.8434, 0.7070, 1.0865])")
e.claim(L, "scores of query x^2", nums(L), list(s2))
L = e.line("tensor(0.9544)")
e.claim(L, "x^1 . x^2 by the element-wise loop", ["0.9544"], [S[0, 1]])
e.claim(L + 1, "x^1 . x^2 by torch.dot", ["0.9544"], [S[0, 1]])
L = e.line("Attention weights: tensor([0.1455")
e.claim(L, "scores / sum of scores", nums(L), list(norm2))
e.claim(L + 1, "sum of normalised scores", ["1.0000"], [sum(norm2)])
for k in (1, 2):
    L = e.line("Attention weights: tensor([0.1385", nth=k)
    e.claim(L, "softmax of the scores" + (" (naive)" if k == 1 else " (torch)"), nums(L), list(w2))
    e.claim(L + 1, "sum of the softmax", ["1"], [sum(w2)])
L = e.line("tensor([0.4419, 0.6515, 0.5683])")
e.claim(L, "context vector z2", nums(L), list(z2))


def block(first, what, exact):
    e.rows([first + i for i in range(exact.rows)], what, [nums(first + i) for i in range(exact.rows)], exact)


block(e.line("tensor([[0.9995, 0.9544", nth=1), "all scores X X^T (double loop)", S)
block(e.line("tensor([[0.9995, 0.9544", nth=2), "all scores X X^T (matmul)", S)
block(e.line("tensor([[0.2098, 0.2006"), "row softmax of the scores", A)
e.given(e.line("row_2_sum = sum([0.1385, 0.2379"), "the printed row-2 weights, re-added")
L = e.line("Row 2 sum: 1.0")
e.claim(L, "sum of the six printed row-2 weights", ["1.0"], [sum(R(v) for v in
        ("0.1385", "0.2379", "0.2333", "0.1240", "0.1082", "0.1581"))])
L = e.line("All row sums: tensor([1.0000")
e.claim(L, "row sums of the softmax matrix", nums(L), [sum(A.row(i)) for i in range(6)])
block(e.line("tensor([[0.4421, 0.5931"), "all context vectors", C)
L = e.line("$z^{(2)} = [0.4419, 0.6515, 0.5683]$")
e.claim(L, "z2 restated in prose", nums(L), list(z2))
L = e.line("Previous 2nd context vector: tensor(")
e.claim(L, "z2 printed again", nums(L), list(z2))
e.done()
