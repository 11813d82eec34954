# Expected verdicts for en-flash-varadasantosh-online-softmax-blocks.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: Q = [[1,2],[3,4],[5,6],[7,8]], K = [[9,10],[11,12],[13,14],[15,16]], V = [[18,19],...,[24,25]] (printed), no
# 1/sqrt(d) scaling, S = Q K^T = [[29,35,41,47],[67,81,95,109],[105,127,149,171],[143,173,203,233]].
# Convention: the notebook's own safe_softmax normalises over the WHOLE array it is given (global max, global sum), not
# row by row, so
#   - the vanilla / final online matrix is exp(S - 233) / sum over all 16 entries (e.g. exp(-204) = 2.5347e-89 first);
#   - Q_K1_SM is the same whole-block softmax of the 4x2 column block S[:, :2] (max 173): exp(-144) = 2.8946e-63, ...;
#   - Q_K2_SM is that of S[:, 2:] (max 233): exp(-192) = 4.1253e-84, ...
#   All these printed float64 values (9 significant digits) agree; np.sum(Q_K_SM) = 1.0 agrees.
#   (A row-wise attention softmax would give other numbers, e.g. row 1 = (2.7e-8, 1.1e-5, 6.1e-3, 0.994); the article
#   never claims row-wise normalisation, and its two routes agree with each other.)
# Wrong lines: 2 -- the printed Q_K (cell "Q_K"), presented as the full score matrix, is built with
#   Q_K2 = np.vstack((Q2_K2, Q2_K2)), so its first two rows repeat rows 3-4 in the last two columns:
#   row 1 "29, 35, 149, 171" should be 29, 35, 41, 47; row 2 "67, 81, 203, 233" should be 67, 81, 95, 109 (slip);
#   rows 3 and 4 agree.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["flash", "online-softmax", "notebook", "numpy-print", "softmax-global"])
FLT = re.compile(r"-?\d+\.\d+e[+-]\d+")
INT = re.compile(r"-?\d+")

Q = M([[1, 2], [3, 4], [5, 6], [7, 8]])
K = M([[9, 10], [11, 12], [13, 14], [15, 16]])
V = M([[18, 19], [20, 21], [22, 23], [24, 25]])
S = Q * K.T


def whole_softmax(A):
    mx = max(A)
    den = sum(sp.exp(a - mx) for a in A)
    return A.applyfunc(lambda a: sp.exp(a - mx) / den)


P = whole_softmax(S)
P1 = whole_softmax(S[:, 0:2])
P2 = whole_softmax(S[:, 2:4])


def flt(ln):
    return FLT.findall(e.lines[ln - 1])


def ints(ln):
    return INT.findall(e.lines[ln - 1].replace("array", ""))


def matrix_rows(first_line, what, exact, finder=flt, causes=None):
    lines = [first_line + i for i in range(exact.rows)]
    e.rows(lines, what, [finder(ln) for ln in lines], exact, causes=causes)


# inputs (the Q,K,V print): 12 lines
L = e.line("(array([[1, 2],")
for i in range(4):
    e.given(L + i, f"Q row {i + 1}")
L = e.line(" array([[ 9, 10],")
for i in range(4):
    e.given(L + i, f"K row {i + 1}")
L = e.line(" array([[18, 19],")
for i in range(4):
    e.given(L + i, f"V row {i + 1}")

# vanilla softmax, printed four times (vanilla, final online merge, and the two comparison cells)
for k in range(1, 5):
    L = e.line("array([[2.53469490e-89", nth=k)
    matrix_rows(L, f"whole-matrix softmax of QK^T (print {k})", P)

# block slices (restated inputs)
L = e.line("(array([[1, 2],", nth=2)
matrix_rows(L, "Q_1 = Q[:2]", Q[0:2, :], finder=ints)
L = e.line(" array([[ 9, 10],", nth=2)
matrix_rows(L, "K_1 = K[:2]", K[0:2, :], finder=ints)
L = e.line(" array([[18, 19],", nth=2)
matrix_rows(L, "V_1 = V[:2]", V[0:2, :], finder=ints)
L = e.line("(array([[5, 6],")
matrix_rows(L, "Q_2 = Q[2:]", Q[2:4, :], finder=ints)
L = e.line(" array([[13, 14],")
matrix_rows(L, "K_2 = K[2:]", K[2:4, :], finder=ints)
L = e.line(" array([[22, 23],")
matrix_rows(L, "V_2 = V[2:]", V[2:4, :], finder=ints)

# merged column blocks
matrix_rows(e.line("array([[2.89464031e-63"), "Q_K1_SM: whole-block softmax of S[:, :2]", P1)
matrix_rows(e.line("array([[4.12533740e-84, 1.66427989e-81],"), "Q_K2_SM: whole-block softmax of S[:, 2:]", P2)

# the stacked score matrix (built with Q2_K2 twice)
matrix_rows(e.line("array([[ 29,  35, 149, 171],"), "Q_K presented as the full Q K^T", S, finder=ints)

# final sum
L = e.line("np.sum(Q_K_SM)")
e.claim(L + 4, "sum of the softmax matrix", ["1.0"], [sum(P)])
e.done()
