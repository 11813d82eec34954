# Expected verdicts for pt-basic-alcivanlucas-lab-p101-pesos.md, computed with plain SymPy (see oracle.py); not symattn's code.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="pt", topics=["basic", "printed-output"])
Q = M([["1", "0", "1", "0"], ["0", "1", "0", "1"], ["1", "1", "0", "0"]])
K = M([["0", "1", "1", "0"], ["1", "0", "0", "1"], ["1", "1", "0", "0"]])
V = M([["1", "2"], ["3", "4"], ["5", "6"]])
LQ = e.line("**Query (Q)**:") + 2
for i in range(3):
    e.given(LQ + i, "Q")
LK = e.line("**Key (K)**:") + 2
for i in range(3):
    e.given(LK + i, "K")
LV = e.line("**Value (V)**:") + 2
for i in range(3):
    e.given(LV + i, "V")
A = softmax_rows(Q * K.T / sp.sqrt(4))
O = A * V
L = e.line("[[0.33333333 0.33333333 0.33333333]")
e.rows([L, L + 1, L + 2], "attention weights",
       [["0.33333333", "0.33333333", "0.33333333"],
        ["0.33333333", "0.33333333", "0.33333333"],
        ["0.27406862", "0.27406862", "0.45186276"]], A)
L = e.line("[[3.         4.        ]")
e.rows([L, L + 1, L + 2], "output",
       [["3", "4"], ["3", "4"], ["3.35558829", "4.35558829"]], O)
e.done()
