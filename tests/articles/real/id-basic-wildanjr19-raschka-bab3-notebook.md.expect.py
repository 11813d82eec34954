# Expected verdicts for id-basic-wildanjr19-raschka-bab3-notebook.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the 6x3 embeddings of "Your journey starts with one step" (rows x1..x6 as printed in the code cell).
# Conventions: unscaled dot-product scores S = X X^T (no trainable weights, no sqrt(d) scaling, as the notebook does);
# query x2 = inputs[1]; simple normalisation S_2 / sum(S_2); softmax along each row; context = weights @ inputs.
# S_2 = (0.9544, 1.495, 1.4754, 0.8434, 0.707, 1.0865) exactly; S_2/sum = (0.145450, 0.227837, 0.224850, 0.128534,
#   0.107746, 0.165582); softmax(S_2) = (0.138548, 0.237891, 0.233274, 0.123992, 0.108182, 0.158114);
#   context z2 = (0.441866, 0.651482, 0.568309).
# Full 6x6 score matrix, row softmax and 6x3 context matrix: every 4-decimal entry agrees with the exact value.
# The sums print 1.0000 and 1. (both exactly 1). No wrong line.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="id", topics=["basic", "notebook", "torch-print", "unscaled", "context-vector"])
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


for tag in ("# Your (x1)", "# journey (x2)", "# starts (x3)", "# with (x4)", "# one (x5)", "# step (x6)"):
    e.given(e.line(tag), "input embedding row")

e.claim(e.line("tensor([0.9544, 1.4950, 1.4754, 0.8434, 0.7070, 1.0865])"), "scores of query x2",
        nums(e.line("tensor([0.9544, 1.4950, 1.4754, 0.8434, 0.7070, 1.0865])")), list(s2))
L = e.line("Attention weights :  tensor([0.1455")
e.claim(L, "scores / sum of scores", nums(L), list(norm2))
e.claim(L + 1, "sum of normalised scores", "1.0000", sum(norm2))
L = e.line("Attention weights (softmax naive) :  tensor(")
e.claim(L, "naive softmax of the scores", nums(L), list(w2))
e.claim(L + 1, "sum of the naive softmax", "1", sum(w2))
L = e.line("Attention weights (softmax) :  tensor(")
e.claim(L, "torch softmax of the scores", nums(L), list(w2))
e.claim(L + 1, "sum of the softmax", "1", sum(w2))
L = e.line("tensor([0.4419, 0.6515, 0.5683])")
e.claim(L, "context vector z2", nums(L), list(z2))


def block(first, what, exact):
    e.rows([first + i for i in range(exact.rows)], what, [nums(first + i) for i in range(exact.rows)], exact)


block(e.line("tensor([[0.9995, 0.9544"), "all scores X X^T", S)
block(e.line("tensor([[0.2098, 0.2006"), "row softmax of the scores", A)
block(e.line("tensor([[0.4421, 0.5931"), "all context vectors", C)
e.done()
