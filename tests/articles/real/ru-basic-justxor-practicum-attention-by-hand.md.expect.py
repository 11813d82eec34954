# Expected verdicts for ru-basic-justxor-practicum-attention-by-hand.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Task 36: one query Q = (1, 0), keys K = [(1, 0), (0, 1), (1, 1)], values V = [(1, 2), (3, 4), (5, 6)], d_k = 2.
#   Scores QK^T = (1, 0, 1); scaled (1/sqrt2, 0, 1/sqrt2) = (0.7071, 0, 0.7071); e^{1/sqrt2} = 2.0281;
#   sum 2e^{1/sqrt2} + 1 = 5.0562; weights (0.401112, 0.197776, 0.401112); output 6a + 3b = 3 and 8a + 4b = 4
#   exactly (a + b + a = 1), printed (3.0, 4.0).  "2.03 + 1 + 2.03 = 5.06" is right both as written and end to end.
# Task 48: logits (2, 1, 0): e^2 = 7.389056, e = 2.718282, sum 11.107338, softmax (0.665241, 0.244728, 0.090031);
#   CE for the second class -ln 0.244728 = 1.407606 -> 1.41.
# Nothing is wrong.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ru", topics=["basic", "scaling", "softmax", "weighted-sum", "cross-entropy", "latex-pmatrix", "inline-math"])

Q = M([["1", "0"]])
K = M([["1", "0"], ["0", "1"], ["1", "1"]])
V = M([["1", "2"], ["3", "4"], ["5", "6"]])
S = Q * K.T
SC = S / sp.sqrt(2)
A = softmax_rows(SC)
O = A * V
a = sp.exp(1 / sp.sqrt(2))

e.given(e.line("Найдите выход attention ($d_k = 2$)"), "d_k = 2")
e.given(e.line(r"Q = \begin{pmatrix}1 & 0\end{pmatrix}"), "Q, K, V")
L = e.line("Оценки $QK^\\top = (1, 0, 1)$")
e.claim(L, "scores QK^T", ["1", "0", "1"], list(S.row(0)))
e.claim(L, "scaled scores", ["0.707", "0", "0.707"], list(SC.row(0)))
e.claim(L, "e^{1/sqrt2}", ["2.03"], [a])
e.claim(L, "softmax denominator", ["5.06"], [2 * a + 1])
e.claim(L, "weights", ["0.401", "0.198", "0.401"], list(A.row(0)))
e.claim(L, "output", ["3.0", "4.0"], list(O.row(0)))

logits = M([["2", "1", "0"]])
P = softmax_rows(logits)
e.given(e.line("Даны логиты $(2, 1, 0)$"), "logits (2, 1, 0), true class 2")
L = e.line("$e^2 = 7.389$")
e.claim(L, "exponentials", ["7.389", "2.718"], [sp.exp(2), sp.E])
e.claim(L, "sum of exponentials", ["11.107"], [sp.exp(2) + sp.E + 1])
e.claim(L, "softmax of (2, 1, 0)", ["0.665", "0.245", "0.090"], list(P.row(0)))
e.claim(L, "cross-entropy -ln p_2", ["1.41"], [-sp.log(P[0, 1])])
e.done()
