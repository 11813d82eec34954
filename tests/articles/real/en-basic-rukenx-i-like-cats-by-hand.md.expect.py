# Expected verdicts for en-basic-rukenx-i-like-cats-by-hand.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A LaTeX exercise solution: "I like cats" as X = [[1,0],[0,1],[1,1]], W_Q = I, W_K = [[1,1],[0,1]],
# W_V = [[1,0],[1,1]], d_k = 2, one head.  It prints Q, K, V, K^T, S = QK^T, S/sqrt 2 to 4 places, the row softmax A
# to 4 places, the `cats' row as percentages, O = AV to 4 places, the last output row written as a weighted sum of
# value rows, and the boxed largest weight.  Every printed value agrees with the exact end-to-end value at its
# printed precision (A = [[0.401112, 0.197776, 0.401112], [0.248255, 0.248255, 0.503490],
# [0.283995, 0.140029, 0.575975]], O = [[1.401112, 0.598888], [1.503490, 0.751745], [1.575975, 0.716005]]; checked
# a second time with numpy), so the article has no wrong line.  Shapes (3x2, 3x3) are claimed as the sizes they state.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, grouped_int_claim, number_claim

e = Expect(__file__, language="en", topics=["basic", "latex", "bmatrix"])

X = M([[1, 0], [0, 1], [1, 1]])
WQ = sp.eye(2)
WK = M([[1, 1], [0, 1]])
WV = M([[1, 0], [1, 1]])
Q, K, V = X * WQ, X * WK, X * WV
S = Q * K.T
Ss = S / sp.sqrt(2)
A = softmax_rows(Ss)
O = A * V


def block(header, printed_rows, exact, what, nth=1):
    """A bmatrix printed one row per line, two lines below its header (header, \\begin{bmatrix}, rows)."""
    h = e.line(header, nth=nth)
    first = e.line("\\begin{bmatrix}", after=h - 1)
    e.rows([first + 1 + i for i in range(len(printed_rows))], what, printed_rows, exact)


# inputs
h = e.line("X=")
e.given(h + 2, "X row 1")
e.given(h + 3, "X row 2")
e.given(h + 4, "X row 3")
e.given(e.line("\\begin{bmatrix}1&0\\\\0&1\\end{bmatrix},"), "W_Q")
e.given(e.line("\\begin{bmatrix}1&1\\\\0&1\\end{bmatrix},"), "W_K")
e.given(e.line("\\begin{bmatrix}1&0\\\\1&1\\end{bmatrix},"), "W_V")
e.given(e.line("\\qquad d_k=2."), "d_k = 2")
e.given(e.line("($W_Q=I_2$)"), "W_Q is the 2x2 identity")

# projections
block("Q=XW_Q=", [["1", "0"], ["0", "1"], ["1", "1"]], Q, "Q = XW_Q")
block("K=XW_K=", [["1", "1"], ["0", "1"], ["1", "2"]], K, "K = XW_K")
block("V=XW_V=", [["1", "0"], ["1", "1"], ["2", "1"]], V, "V = XW_V")
e.claim(e.line("Each of the three is $3\\times2$."), "shape of Q, K, V", ["3", "2"], [3, 2])

# scores
block("K^\\top=", [["1", "0", "1"], ["1", "1", "2"]], K.T, "K^T")
block("S=QK^\\top=", [["1", "0", "1"], ["1", "1", "2"], ["2", "1", "3"]], S, "S = QK^T")
e.given(e.line("Dividing by $\\sqrt{d_k}=\\sqrt{2}$"), "sqrt(d_k) = sqrt 2")
block("S_{\\mathrm{scaled}}", [["0.7071", "0", "0.7071"], ["0.7071", "0.7071", "1.4142"],
                               ["1.4142", "0.7071", "2.1213"]], Ss, "S / sqrt 2")
e.claim(e.line("Both score matrices are $3\\times3$."), "shape of S", ["3", "3"], [3, 3])

# softmax
block("A\\approx", [["0.4011", "0.1978", "0.4011"], ["0.2483", "0.2483", "0.5035"],
                    ["0.2840", "0.1400", "0.5760"]], A, "A = softmax(S / sqrt 2)")
e.claim(e.line("The rows add up to about $1$"), "row sums of A", ["1"], [1])
e.claim(e.line("\\begin{bmatrix}0.2840&0.1400&0.5760\\end{bmatrix},"), "cats row of A",
        ["0.2840", "0.1400", "0.5760"], list(A.row(2)))
e.claim(e.line("puts roughly $28.4\\%$"), "cats row in percent", ["28.4", "14.0", "57.6"],
        [100 * a for a in A.row(2)])

# output
block("O=AV", [["1.4011", "0.5989"], ["1.5035", "0.7517"], ["1.5760", "0.7160"]], O, "O = AV")
e.claim(e.line("$O$ is $3\\times2$."), "shape of O", ["3", "2"], [3, 2])
L = e.line("&=0.2840\\begin{bmatrix}1&0\\end{bmatrix}")
e.claim(L, "w(cats -> I)", ["0.2840"], [A[2, 0]])
e.given(L, "v_I restated")
L = e.line("+0.1400\\begin{bmatrix}1&1\\end{bmatrix}")
e.claim(L, "w(cats -> like)", ["0.1400"], [A[2, 1]])
e.given(L, "v_like restated")
L = e.line("+0.5760\\begin{bmatrix}2&1\\end{bmatrix}")
e.claim(L, "w(cats -> cats)", ["0.5760"], [A[2, 2]])
e.given(L, "v_cats restated")
e.claim(e.line("&\\approx\\begin{bmatrix}1.5760&0.7160\\end{bmatrix}."), "o_cats", ["1.5760", "0.7160"],
        list(O.row(2)))
e.claim(e.line("\\boxed{0.5760}"), "largest weight in the cats row", ["0.5760"], [A[2, 2]])

e.done()
