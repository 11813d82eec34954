# Expected verdicts for en-basic-flynncao-eat-bread-table-sqrt2.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: X (3x4) and W_Q, W_K, W_V (4x3) as printed.  Q = X W_Q, K = X W_K (K itself is only printed as the
#   K^T factor of the score display); d_k = 3 (Q and K have 3 columns), so S = Q K^T / sqrt(3).
# Exact: Q = [[1,0,2],[2,2,2],[2,1,3]] (right); K^T = [[0,4,2],[1,4,3],[1,0,1]] (right);
#   Q K^T = [[2,4,4],[4,16,12],[4,12,10]]; S = Q K^T / sqrt(3).
# Wrong lines:
# - "\sqrt{d_k} = \sqrt{2} = 1": d_k is 3 (Q, K are 3 wide), not 2, and sqrt(2) is not 1 (slip).
# - "S = \frac{1}{1}": the 1/sqrt(d_k) factor printed as 1/1 (carried from the line above).
# - S rows: printed unscaled (carried); row 2 also prints 2 for q2.k3 = [2,2,2].[2,3,1] = 12 (slip).
# - "(4,4)": Q, K, V = X W are 3x3 (and the input X is 3x4), not 4x4 (slip).
# Ambiguous: "print(c) # -> ... = 32": the dot-product arithmetic is right, but c = np.multiply(a, b) is the
#   elementwise product and prints [ 4 10 18]; whether the comment claims the printed c or the dot product
#   cannot be decided.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "scaling", "latex", "bmatrix", "shapes", "code-block", "mha"])
X = M([[1, 0, 1, 0], [0, 2, 0, 2], [1, 1, 1, 1]])
WQ = M([[1, 0, 1], [1, 0, 0], [0, 0, 1], [0, 1, 1]])
WK = M([[0, 0, 1], [1, 1, 0], [0, 1, 0], [1, 1, 0]])
WV = M([[0, 2, 0], [0, 3, 0], [1, 0, 3], [1, 1, 0]])
Q, K, V = X * WQ, X * WK, X * WV
dk = Q.cols
QKT = Q * K.T
S = QKT / sp.sqrt(dk)

# numpy warm-up
e.ambiguous(e.line("print(c) # -> 1*4 + 2*5 + 3*6 = 32"),
            "1*4 + 2*5 + 3*6 = 32 is right as a dot product, but c = np.multiply(a, b) is elementwise and "
            "prints [ 4 10 18]; the comment's claim about print(c) cannot be pinned to one reading")
e.claim(e.line("print(a@b) # -> 1*4 + 2*5 + 3*6 = 32"), "a @ b", "32", 1 * 4 + 2 * 5 + 3 * 6)
A2 = M([[1, 2], [3, 4]]); B2 = M([[5, 6], [7, 8]])
L = e.line("A = np.array([[1, 2],")
e.given(L, "A row 1"); e.given(L + 1, "A row 2")
L = e.line("B = np.array([[5, 6],")
e.given(L, "B row 1"); e.given(L + 1, "B row 2")
e.claim(e.line("[[19 22] [43 50]]"), "A @ B", ["19", "22", "43", "50"], A2 * B2)

e.given(e.line("`d_model=512`"), "d_model of the original paper")
e.claim(e.line("a matrix $X$ of shape $(3,4)$"), "shape of X (tokens, d_model)", ["3", "4"], [X.rows, X.cols])
e.given(e.line("$$X=\\begin{bmatrix}1&0&1&0"), "X (one line)")

# the (4,4) sentence
e.claim(e.line("each of shape (4,4)"), "shape of Q = X W_Q (and of K, V)", ["4", "4"], [Q.rows, Q.cols])
e.claim(e.line("must be a $(4,3)$ matrix"), "shape of each W", ["4", "3"], [WQ.rows, WQ.cols])

# the big given display: X, W_Q, W_K, W_V
L = e.line("X =", after=e.line("must be a $(4,3)$ matrix"))
for i in range(3):
    e.given(L + 2 + i, f"X row {i + 1}")
L = e.line("W_Q =", after=L)
for i in range(4):
    e.given(L + 2 + i, f"W_Q row {i + 1}")
L = e.line("W_K =", after=L)
for i in range(4):
    e.given(L + 2 + i, f"W_K row {i + 1}")
L = e.line("W_V =", after=L)
for i in range(4):
    e.given(L + 2 + i, f"W_V row {i + 1}")

def rowstr(M_, i):
    return [str(M_[i, j]) for j in range(M_.cols)]

# Q = X W_Q display
L = e.line("Q =", after=e.line("$$Q = X W_Q, \\qquad K = X W_K"))
e.rows([L + 2, L + 3, L + 4], "X restated", [rowstr(X, i) for i in range(3)], X)
e.rows([L + 8, L + 9, L + 10, L + 11], "W_Q restated", [rowstr(WQ, i) for i in range(4)], WQ)
e.rows([L + 15, L + 16, L + 17], "Q = X W_Q", [["1", "0", "2"], ["2", "2", "2"], ["2", "1", "3"]], Q)

# scaling line
L = e.line("$$\\sqrt{d_k} = \\sqrt{2} = 1$$")
e.claim(L, "d_k under the root (Q, K have 3 columns)", "2", dk)
e.claim(L, "sqrt(d_k)", "1", sp.sqrt(dk))

# S display
L = e.line("S = \\frac{1}{1}")
e.claim(L, "numerator of 1/sqrt(d_k)", "1", sp.Integer(1))
e.claim(L, "denominator sqrt(d_k), printed 1 from the line above", "1", sp.sqrt(dk), cause="carried")
e.rows([L + 2, L + 3, L + 4], "Q restated", [["1", "0", "2"], ["2", "2", "2"], ["2", "1", "3"]], Q)
e.rows([L + 7, L + 8, L + 9], "K^T (K = X W_K)", [["0", "4", "2"], ["1", "4", "3"], ["1", "0", "1"]], K.T)
R1, R2, R3 = L + 13, L + 14, L + 15
e.claim(R1, "S row 1 = (Q K^T)/sqrt(3), printed unscaled", ["2", "4", "4"], S.row(0), cause="carried")
e.claim(R2, "S row 2 entries 1-2, printed unscaled", ["4", "16"], [S[1, 0], S[1, 1]], cause="carried")
e.claim(R2, "S row 2 entry 3 (q2.k3 = 12 before scaling)", "2", S[1, 2], cause="slip")
e.claim(R3, "S row 3 = (Q K^T)/sqrt(3), printed unscaled", ["4", "12", "10"], S.row(2), cause="carried")

# multi-head shapes
L = e.line("In our example $n=3$ and $d_model=8$ with H=2")
e.claim(L, "d_k = d_model / H", "4", R(8, 2))
e.claim(L + 2, "Z_i in R^{3x4}", ["3", "4"], [3, R(8, 2)])
e.claim(L + 3, "Z_multi in R^{3x8}", ["3", "8"], [3, 2 * R(8, 2)])
e.given(e.line("(with d=512, h=8, s=20 for sequence length)"), "d, h, s of the overview figure")
e.claim(e.line("(so each head has d_k = 64)"), "d_k = 512 / 8", "64", R(512, 8))
L = e.line("Each head's output is an $n \\times 64$ matrix")
e.claim(L, "head width and model width", ["64", "64", "512"], [R(512, 8), R(512, 8), 8 * R(512, 8)])
e.done()
