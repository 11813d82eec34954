# Expected verdicts for en-basic-manhowong-the-ring-fell-bmatrix.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Part 1 ("the ring fell"): inputs X (3x4) and W^Q, W^K, W^V (4x4) as printed, d_k = 4, and the text says "Multiplying
#   out Q = XW^Q, K = XW^K, V = XW^V gives" the printed Q, K, V.  It does not: exactly
#   Q = XW^Q = [[0.2, 0.5, 0.2, 0], [1.0, 1.3, 0.6, 0], [0.4, 1.0, 0.4, 0]] (printed [[1,0,0,0],[0,1,1,0],[0,1,0,0]]),
#   K = XW^K = [[0.2, 0.2, 0.3, 0], [1.0, 0.6, 0.7, 0], [0.4, 0.4, 0.6, 0]] (printed [[1,0,0,0],[0,1,0,0],[0,1,1,0]]),
#   V = XW^V = [[1.0, 0.1, 0.4, 1.3], [2.6, 0.5, 1.2, 3.3], [2.0, 0.2, 0.8, 2.6]] (printed = the first three rows of W^V).
#   The Q, K, V line is the root slip.  Everything after it is computed correctly from the author's own Q, K, V (S, S/2,
#   the softmax rows 0.45/0.27/0.27, 0.19/0.31/0.51, 0.23/0.38/0.38) but is wrong end to end from X (carried):
#   exact S = [[0.2, 0.64, 0.4], [0.64, 2.2, 1.28], [0.4, 1.28, 0.8]], S/2 = [[0.1, 0.32, 0.2], ...], A row 2 =
#   [0.2194, 0.4785, 0.3021] (so "51% / 31% / 19%" is carried), Z row 2 = [2.0678, 0.3216, 0.9037, 2.6498].
#   (Z is also computed from the 2-place weights: from the author's exact A it would be [1.2741, 0.4519, 0.5481, 1.3703],
#   ...; that drift is swallowed by the carried error.)  The table's v_ring [0, 0, 2, 2] repeats the wrong V (exact
#   [2.6, 0.5, 1.2, 3.3]) and z_ring repeats Z row 2 (carried).  S/sqrt(d_k) = S/2 is right (sqrt 4 = 2).
# Part 2 (multi-head): Q, K, V are new assumed inputs ("assume training produced") -> given; d_k = 4/2 = 2 and the head
#   splits (columns 1-2 / 3-4) are right.  Z_1 = softmax(Q_1 K_1^T / sqrt 2) V_1 = [[1.2033]*2, [0.7448]*2, [1.2033]*2]
#   (printed 1.5/1.8/1.6) and Z_2 = [[1.2033]*2, [0.7448]*2, [0.7448]*2] (printed 1.0/1.2/2.4): slips (no reading -
#   unscaled, column softmax - gives them).  The concatenated Z_ring repeats both (carried).  Shapes 3x4, 4x2 are right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "mha", "bmatrix", "latex"])


def flat(m):
    return [m[i, j] for i in range(m.rows) for j in range(m.cols)]


X = M([["0.1", "0.2", "0.3", "0.4"], ["0.5", "0.6", "0.7", "0.8"], ["0.2", "0.4", "0.6", "0.8"]])
WQ = M([[2, 0, 0, 0], [0, 1, 1, 0], [0, 1, 0, 0], [0, 0, 0, 0]])
WK = M([[2, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 0]])
WV = M([[1, 1, 0, 0], [0, 0, 2, 2], [3, 0, 0, 3], [0, 0, 0, 0]])
Q, K, V = X * WQ, X * WK, X * WV
S = Q * K.T
St = S / sp.sqrt(4)
A = softmax_rows(St)
Z = A * V

e.given(e.line("so $N = 3$"), "three tokens")
e.given(e.line("**Dimensions:** $d_k = d_v = 4$"), "d_k = d_v = 4")
e.given(e.line("X = \\begin{bmatrix} 0.1 & 0.2"), "embedding matrix X")
e.given(e.line("In this example $d_{model}=d_k=d_v=4$"), "d_model = d_k = d_v = 4")
e.given(e.line("W^Q = \\begin{bmatrix} 2 & 0"), "W^Q")
e.given(e.line("W^K = \\begin{bmatrix} 2 & 0"), "W^K")
e.given(e.line("W^V = \\begin{bmatrix} 1 & 1"), "W^V")

L = e.line("Q = \\begin{bmatrix} 1 & 0 & 0 & 0 \\\\ 0 & 1 & 1 & 0")
e.claim(L, "Q = X W^Q", ["1", "0", "0", "0", "0", "1", "1", "0", "0", "1", "0", "0"], flat(Q))
e.claim(L, "K = X W^K", ["1", "0", "0", "0", "0", "1", "0", "0", "0", "1", "1", "0"], flat(K))
e.claim(L, "V = X W^V", ["1", "1", "0", "0", "0", "0", "2", "2", "3", "0", "0", "3"], flat(V))

L = e.line("(row 2 of Q $=[0, 1, 1, 0]$)")
e.claim(L, "row 2 of Q restated", ["0", "1", "1", "0"], flat(Q.row(1)), cause="carried")
e.claim(L, "row 3 of K restated", ["0", "1", "1", "0"], flat(K.row(2)), cause="carried")

L = e.line("S = QK^\\top = \\begin{bmatrix}")
e.claim(L, "Q restated", ["1", "0", "0", "0", "0", "1", "1", "0", "0", "1", "0", "0"], flat(Q), cause="carried")
e.claim(L, "K^T restated", ["1", "0", "0", "0", "1", "1", "0", "0", "1", "0", "0", "0"], flat(K.T), cause="carried")
e.claim(L, "S = Q K^T", ["1", "0", "0", "0", "1", "2", "0", "1", "1"], flat(S), cause="carried")

L = e.line("column of $S=2$")
e.claim(L, "S[ring, fell]", ["2"], [S[1, 2]], cause="carried")

L = e.line("\\tilde{S} = \\frac{S}{\\sqrt{d_k}}")
e.claim(L, "sqrt(d_k)", ["2"], [sp.sqrt(4)])
e.claim(L, "S / 2", ["0.5", "0", "0", "0", "0.5", "1.0", "0", "0.5", "0.5"], flat(St), cause="carried")

L = e.line("A \\approx \\begin{bmatrix} 0.45")
e.claim(L, "A = row softmax(S / 2)", ["0.45", "0.27", "0.27", "0.19", "0.31", "0.51", "0.23", "0.38", "0.38"],
        flat(A), cause="carried")

L = e.line("puts 51% of its attention")
e.claim(L, "ring's weights on fell, itself, the", ["51%", "31%", "19%"], [A[1, 2], A[1, 1], A[1, 0]], cause="carried")

L0 = e.line("= \\begin{bmatrix} ", after=e.line("Z = A \\cdot V"))
e.rows([L0 + 1, L0 + 2, L0 + 3], "A restated",
       [["0.45", "0.27", "0.27"], ["0.19", "0.31", "0.51"], ["0.23", "0.38", "0.38"]], A, cause="carried")
e.rows([L0 + 5, L0 + 6, L0 + 7], "V restated",
       [["1", "1", "0", "0"], ["0", "0", "2", "2"], ["3", "0", "0", "3"]], V, cause="carried")
e.rows([L0 + 9, L0 + 10, L0 + 11], "Z = A V",
       [["1.26", "0.45", "0.54", "1.35"], ["1.72", "0.19", "0.62", "2.15"], ["1.37", "0.23", "0.76", "1.90"]], Z,
       cause="carried")

L = e.line("| Original $v_{\\text{ring}}$ |")
e.claim(L, "v_ring = row 2 of V", ["0", "0", "2", "2"], flat(V.row(1)), cause="carried")
L = e.line("| Contextualized $z_{\\text{ring}}$ |")
e.claim(L, "z_ring = row 2 of Z", ["1.72", "0.19", "0.62", "2.15"], flat(Z.row(1)), cause="carried")

# ---- multi-head part: new assumed Q, K, V ------------------------------------------------------------
e.given(e.line("| $d_{model}$ | Model dimension | 4 |"), "d_model = 4")
e.given(e.line("| $h$ | Number of heads | 2 |"), "h = 2")
L = e.line("| $d_k$ | Dimension per head |")
e.claim(L, "d_k = d_model / h", ["2"], [R(4, 2)])
L = e.line("gives full-size matrices ($3 \\times 4$)")
e.claim(L, "shape of Q, K, V", ["3", "4"], [3, 4])

Qm = M([[1, 0, 0, 1], [0, 1, 1, 0], [1, 0, 1, 0]])
Km = M([[1, 0, 0, 1], [1, 0, 1, 0], [0, 1, 0, 1]])
Vm = M([[1, 1, 0, 0], [2, 2, 0, 0], [0, 0, 3, 3]])
L = e.line("For this section we simply assume training produced")
for name in ("Q = \\begin{bmatrix}", "K = \\begin{bmatrix}", "V = \\begin{bmatrix}"):
    start = e.line(name, after=L)
    for k in range(1, 4):
        e.given(start + k, f"assumed {name[0]} row {k}")
L = e.line("per-head weights of shape $4 \\times 2$")
e.claim(L, "per-head weight shape d_model x d_k", ["4", "2"], [4, 2])
L = e.line("into $h = 2$ heads")
e.given(L, "h = 2 restated")

Q1, K1, V1 = Qm[:, 0:2], Km[:, 0:2], Vm[:, 0:2]
Q2, K2, V2 = Qm[:, 2:4], Km[:, 2:4], Vm[:, 2:4]
for label, mat in (("Q_1", Q1), ("K_1", K1), ("V_1", V1), ("Q_2", Q2), ("K_2", K2), ("V_2", V2)):
    L = e.line(label + " = \\begin{bmatrix}")
    vals = [str(v) for v in flat(mat)]
    e.claim(L, f"{label} = columns of the assumed matrix", vals, flat(mat))

Z1 = softmax_rows(Q1 * K1.T / sp.sqrt(2)) * V1
Z2 = softmax_rows(Q2 * K2.T / sp.sqrt(2)) * V2
L = e.line("Z_1 = \\text{Attention}(Q_1, K_1, V_1)")
e.claim(L, "Z_1 = softmax(Q_1 K_1^T / sqrt 2) V_1", ["1.5", "1.5", "1.8", "1.8", "1.6", "1.6"], flat(Z1))
L = e.line("Z_2 = \\text{Attention}(Q_2, K_2, V_2)")
e.claim(L, "Z_2 = softmax(Q_2 K_2^T / sqrt 2) V_2", ["1.0", "1.0", "1.2", "1.2", "2.4", "2.4"], flat(Z2))

Zc = Z1.row_join(Z2)
L0 = e.line("Z_{ring} = \\begin{bmatrix}")
e.rows([L0 + 1, L0 + 2, L0 + 3], "concat(Z_1, Z_2)",
       [["1.5", "1.5", "1.0", "1.0"], ["1.8", "1.8", "1.2", "1.2"], ["1.6", "1.6", "2.4", "2.4"]], Zc,
       cause="carried")
L = e.line("The shape is $3 \\times 4$ again.")
e.claim(L, "shape of the concatenation", ["3", "4"], [3, 4])
e.done()
