# Expected verdicts for pt-basic-andrerocha-lab-p101-identidade-v.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: Q, K (3x4) and V = I3 as printed; d_k = 4 (columns of K), scale sqrt(4) = 2.
# With V = I the output equals the weight matrix, and the README prints it twice.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="pt", topics=["basic", "printed-output", "numpy-print"])
Q = M([["1.0", "0.0", "1.0", "0.0"], ["0.0", "1.0", "0.0", "1.0"], ["1.0", "1.0", "0.0", "0.0"]])
K = M([["1.0", "0.0", "1.0", "0.0"], ["0.0", "1.0", "0.0", "1.0"], ["1.0", "1.0", "1.0", "1.0"]])
V = M([["1.0", "0.0", "0.0"], ["0.0", "1.0", "0.0"], ["0.0", "0.0", "1.0"]])
LQ = e.line("Q = np.array([")
for i in range(1, 4):
    e.given(LQ + i, "Q row")
LK = e.line("K = np.array([")
for i in range(1, 4):
    e.given(LK + i, "K row")
LV = e.line("V = np.array([")
for i in range(1, 4):
    e.given(LV + i, "V row")
A = softmax_rows(Q * K.T / sp.sqrt(4))
O = A * V
rows = [["0.422319", "0.155362", "0.422319"], ["0.155362", "0.422319", "0.422319"],
        ["0.274069", "0.274069", "0.451863"]]
L = e.line("[[0.422319  0.155362  0.422319]")
e.rows([L, L + 1, L + 2], "attention weights", rows, A)
L = e.line("[[0.422319  0.155362  0.422319]", nth=2)
e.rows([L, L + 1, L + 2], "output (A V with V = I)", rows, O)
L = e.line("(as linhas somam 1.0)")
e.claim(L, "each weight row sums to 1", ["1.0"], [sum(A.row(0))])
L = e.line("(shape 3×3)")
e.claim(L, "output shape", ["3", "3"], [O.rows, O.cols])
e.done()
