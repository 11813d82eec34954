# Expected verdicts for pt-basic-apollo920-lab-p101-quatro-casas.md, computed with plain SymPy (see oracle.py); not symattn's code.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="pt", topics=["basic", "printed-output"])
Q = M([["1", "0", "1", "0"], ["0", "1", "0", "1"], ["1", "1", "0", "0"]])
K = M([["1", "0", "1", "0"], ["0", "1", "0", "1"], ["1", "1", "1", "1"]])
V = M([["1", "0"], ["0", "1"], ["1", "1"]])
LQ = e.line("Q = [[1., 0., 1., 0.],")
for i in range(3):
    e.given(LQ + i, "Q")
LK = e.line("K = [[1., 0., 1., 0.],")
for i in range(3):
    e.given(LK + i, "K")
LV = e.line("V = [[1., 0.],")
for i in range(3):
    e.given(LV + i, "V")
# d_k = 4 columns of K, so the scale is sqrt(4) = 2
A = softmax_rows(Q * K.T / sp.sqrt(4))
O = A * V
L = e.line("[[0.4223, 0.1554, 0.4223],")
e.rows([L, L + 1, L + 2], "attention weights",
       [["0.4223", "0.1554", "0.4223"], ["0.1554", "0.4223", "0.4223"], ["0.2741", "0.2741", "0.4519"]], A)
L = e.line("[[0.8446, 0.5777],")
e.rows([L, L + 1, L + 2], "attention output",
       [["0.8446", "0.5777"], ["0.5777", "0.8446"], ["0.7259", "0.7259"]], O)
e.done()
