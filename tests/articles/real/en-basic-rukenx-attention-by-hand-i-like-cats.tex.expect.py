# Expected verdicts for en-basic-rukenx-attention-by-hand-i-like-cats.tex, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: X = [[1,0],[0,1],[1,1]] (rows I, like, cats), W_Q = I_2, W_K = [[1,1],[0,1]], W_V = [[1,0],[1,1]], d_k = 2;
# row-token convention Q = X W_Q, K = X W_K, V = X W_V; A = softmax(QK^T / sqrt 2) by rows; O = A V.
# Q = X, K = [[1,1],[0,1],[1,2]], V = [[1,0],[1,1],[2,1]], S = [[1,0,1],[1,1,2],[2,1,3]];
# A = [[0.401112, 0.197776, 0.401112], [0.248255, 0.248255, 0.503490], [0.283995, 0.140029, 0.575975]];
# O = [[1.401112, 0.598888], [1.503490, 0.751745], [1.575975, 0.716005]]. Every printed 4-place value agrees;
# the percentages 28.4 / 14.0 / 57.6 agree. No wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "latex", "bmatrix", "scaling", "exercise-solution", "shapes"])
X = M([[1, 0], [0, 1], [1, 1]])
WQ = sp.eye(2)
WK = M([[1, 1], [0, 1]])
WV = M([[1, 0], [1, 1]])
Q, K, V = X * WQ, X * WK, X * WV
S = Q * K.T
Ss = S / sp.sqrt(2)
A = softmax_rows(Ss)
O = A * V


def rows_after(needle, n, after=0):
    L = e.line(needle, after=after)
    return [L + 2 + i for i in range(n)]


def strs(m):
    out = []
    for i in range(m.rows):
        out.append([str(m[i, j]) for j in range(m.cols)])
    return out


# setup
for i, ln in enumerate(rows_after("X=", 3)):
    e.given(ln, f"X row {i + 1}")
e.given(e.line(r"\begin{bmatrix}1&0\\0&1\end{bmatrix},"), "W_Q")
e.given(e.line(r"\begin{bmatrix}1&1\\0&1\end{bmatrix},"), "W_K")
L = e.line(r"\begin{bmatrix}1&0\\1&1\end{bmatrix},")
e.given(L, "W_V")
e.given(e.line(r"\qquad d_k=2."), "d_k")

# projections
sec = e.line(r"\section*{1. Compute $Q$, $K$, and $V$}")
e.rows(rows_after("Q=XW_Q=", 3, sec), "Q = X W_Q", strs(Q), Q)
e.rows(rows_after("K=XW_K=", 3, sec), "K = X W_K", strs(K), K)
e.rows(rows_after("V=XW_V=", 3, sec), "V = X W_V", strs(V), V)
e.claim(e.line(r"Each of the three is a $3\times2$ matrix."), "shape of Q, K, V", ["3", "2"], [Q.rows, Q.cols])

# scores
e.rows(rows_after(r"K^\top=", 2), "K^T", strs(K.T), K.T)
e.rows(rows_after(r"S=QK^\top=", 3), "S = Q K^T", strs(S), S)
e.claim(e.line(r"Dividing by $\sqrt{d_k}=\sqrt{2}$:"), "d_k restated", ["2"], [2])
L = e.line(r"\approx", after=e.line(r"=\frac{S}{\sqrt{2}}"))
e.rows([L + 2, L + 3, L + 4], "S / sqrt 2",
       [["0.7071", "0", "0.7071"], ["0.7071", "0.7071", "1.4142"], ["1.4142", "0.7071", "2.1213"]], Ss)
e.claim(e.line(r"Both score matrices are $3\times3$."), "shape of S", ["3", "3"], [S.rows, S.cols])

# softmax
L = e.line(r"A\approx")
e.rows([L + 2, L + 3, L + 4], "A = softmax",
       [["0.4011", "0.1978", "0.4011"], ["0.2483", "0.2483", "0.5035"], ["0.2840", "0.1400", "0.5760"]], A)
e.claim(e.line(r"\begin{bmatrix}0.2840&0.1400&0.5760\end{bmatrix},"), "cats row restated",
        ["0.2840", "0.1400", "0.5760"], A.row(2))
e.claim(e.line(r"$28.4\%$ of its attention"), "cats row in percent", ["28.4", "14.0", "57.6"], 100 * A.row(2))

# output
L = e.line(r"O=AV")
e.rows([L + 3, L + 4, L + 5], "O = A V", [["1.4011", "0.5989"], ["1.5035", "0.7517"], ["1.5760", "0.7160"]], O)
e.claim(e.line(r"The result is again $3\times2$."), "shape of O", ["3", "2"], [O.rows, O.cols])
L = e.line(r"&=0.2840\begin{bmatrix}1&0\end{bmatrix}")
e.claim(L, "w31 and v1", ["0.2840", "1", "0"], [A[2, 0], V[0, 0], V[0, 1]])
L = e.line(r"+0.1400\begin{bmatrix}1&1\end{bmatrix}")
e.claim(L, "w32 and v2", ["0.1400", "1", "1"], [A[2, 1], V[1, 0], V[1, 1]])
L = e.line(r"+0.5760\begin{bmatrix}2&1\end{bmatrix}\\")
e.claim(L, "w33 and v3", ["0.5760", "2", "1"], [A[2, 2], V[2, 0], V[2, 1]])
e.claim(e.line(r"&\approx\begin{bmatrix}1.5760&0.7160\end{bmatrix}."), "o_cats", ["1.5760", "0.7160"], O.row(2))
e.claim(e.line(r"\boxed{0.5760}."), "largest weight of cats", ["0.5760"], [max(A.row(2), key=lambda v: sp.N(v))])
e.done()
