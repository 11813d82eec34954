# Expected verdicts for en-basic-chezyio-the-brown-fox-math-blocks.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The notes work scaled dot-product attention for "the brown fox": X (3x4) and W_Q, W_K, W_V (4x2) are printed, d_k = 2.
# Q = XW_Q, K = XW_K, V = XW_V, QK^T and QK^T/sqrt(2) (0.707 = 1/sqrt 2) are all right.
# The softmax rows are not: softmax([0, 1/sqrt 2, 0]) = [0.248255, 0.503490, 0.248255] (e^0.707 = 2.0281, sum 4.0281),
# but the notes print [0.244, 0.512, 0.244] (and [0.512, 0.244, 0.244] for row 2) -> slips (the printed numbers are what
# e^0.707 ~ 2.1 would give; no reading of the inputs yields them).  Row 3 (uniform, 0.333) is right.
# Everything that reuses those weights is carried: the restated weight matrix, the output A V = [[0.2483, 0.5035],
# [0.5035, 0.2483], [1/3, 1/3]], the "Token 1/2" read-outs, and the whole two-head part (head_1 = the single head;
# head_2 = A V^2 = [[0.5035, 0.2483], [0.2483, 0.5035], [1/3, 1/3]]; the concatenation and the identity projection).
# Head 2's Q^2, K^2, V^2 and scores are right; the shapes/dimensions (64*8 = 512, 4/2 = 2, 3x4) are right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "mha", "bmatrix", "latex", "math-fence"])


def flat(m):
    return [m[i, j] for i in range(m.rows) for j in range(m.cols)]


def s(m):
    """the printed strings of a matrix row by row (for building claims)"""
    return [str(v) for v in m]


X = M([[1, 0, 0, 1], [0, 1, 0, 0], [0, 0, 1, 0]])
WQ = M([[1, 0], [0, 1], [0, 0], [0, 0]])
WK = M([[0, 1], [1, 0], [0, 0], [0, 0]])
WV = M([[1, 0], [0, 1], [0, 0], [0, 0]])
DK = 2
Q, K, V = X * WQ, X * WK, X * WV
S = Q * K.T
St = S / sp.sqrt(DK)
A = softmax_rows(St)
O = A * V
WQ2 = M([[0, 1], [1, 0], [0, 0], [0, 0]])
WK2 = M([[1, 0], [0, 1], [0, 0], [0, 0]])
WV2 = M([[0, 1], [1, 0], [0, 0], [0, 0]])
Q2, K2, V2 = X * WQ2, X * WK2, X * WV2
S2 = Q2 * K2.T
St2 = S2 / sp.sqrt(DK)
A2 = softmax_rows(St2)
H2 = A2 * V2
CAT = O.row_join(H2)
OUT = CAT * sp.eye(4)

W_STR = ["0.244", "0.512", "0.244", "0.512", "0.244", "0.244", "0.333", "0.333", "0.333"]
O_STR = ["0.244", "0.512", "0.512", "0.244", "0.333", "0.333"]
H2_STR = ["0.512", "0.244", "0.244", "0.512", "0.333", "0.333"]
ST_STR = ["0", "0.707", "0", "0.707", "0", "0", "0", "0", "0"]

L = e.line("(e.g., 64 for 8 heads would give $d_{model}=512$)")
e.given(L, "example head size 64 and 8 heads")
e.claim(L, "d_model = 64 * 8", ["512"], [64 * 8])

e.given(e.line("X = \\begin{bmatrix} 1 & 0 & 0 & 1"), "input X (3 tokens x 4 dims)")
e.claim(e.line("Sequence length: $n = 3$"), "n = rows of X", ["3"], [X.rows])
e.claim(e.line("Embedding dimension: $d_{\\text{model}} = 4$"), "d_model = columns of X", ["4"], [X.cols])
e.given(e.line("Dimension for $Q$, $K$, $V$: $d_k = d_v = 2$"), "d_k = d_v = 2")
e.given(e.line("W_Q = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1"), "W_Q, W_K, W_V")

L = e.line("Q = X W_Q = \\begin{bmatrix}")
e.claim(L, "Q = X W_Q", s(flat(Q)), flat(Q))
e.claim(L, "K = X W_K", s(flat(K)), flat(K))
e.claim(L, "V = X W_V", s(flat(V)), flat(V))

L = e.line("Q K^T = \\begin{bmatrix} 1 & 0")
e.claim(L, "Q restated", s(flat(Q)), flat(Q))
e.claim(L, "K^T", s(flat(K.T)), flat(K.T))
e.claim(L, "Q K^T", s(flat(S)), flat(S))

e.claim(e.line("Scale by $\\sqrt{d_k} = \\sqrt{2} \\approx 1.414$:"), "sqrt(2)", ["1.414"], [sp.sqrt(2)])
e.claim(e.line("\\frac{Q K^T}{\\sqrt{d_k}} = \\begin{bmatrix}"), "Q K^T / sqrt(2)", ST_STR, flat(St))

L = e.line("-   Row 1: $\\text{softmax}([0, 0.707, 0])")
e.claim(L, "scaled row 1 restated", ["0", "0.707", "0"], flat(St.row(0)))
e.claim(L, "softmax of row 1", ["0.244", "0.512", "0.244"], flat(A.row(0)), cause="slip")
L = e.line("-   Row 2: $\\text{softmax}([0.707, 0, 0])")
e.claim(L, "scaled row 2 restated", ["0.707", "0", "0"], flat(St.row(1)))
e.claim(L, "softmax of row 2", ["0.512", "0.244", "0.244"], flat(A.row(1)), cause="slip")
L = e.line("-   Row 3: $\\text{softmax}([0, 0, 0])")
e.claim(L, "scaled row 3 restated", ["0", "0", "0"], flat(St.row(2)))
e.claim(L, "softmax of row 3", ["0.333", "0.333", "0.333"], flat(A.row(2)))

e.claim(e.line("\\text{Attention Weights} = \\begin{bmatrix} 0.244"), "weight matrix restated", W_STR, flat(A),
        cause="carried")

L = e.line("\\text{Attention}(Q, K, V) = \\text{Attention Weights} \\cdot V")
e.claim(L, "weights restated", W_STR, flat(A), cause="carried")
e.claim(L, "V restated", ["1", "0", "0", "1", "0", "0"], flat(V))
e.claim(L, "output A V", O_STR, flat(O), cause="carried")

L = e.line("Token 1: $[0.244, 0.512]$")
e.claim(L, "output row 1", ["0.244", "0.512"], flat(O.row(0)), cause="carried")
e.claim(L, "value of token 2", ["0", "1"], flat(V.row(1)))
e.claim(L, "weight of token 1 on token 2", ["0.512"], [A[0, 1]], cause="carried")
L = e.line("Token 2: $[0.512, 0.244]$")
e.claim(L, "output row 2", ["0.512", "0.244"], flat(O.row(1)), cause="carried")
e.claim(L, "value of token 1", ["1", "0"], flat(V.row(0)))
e.claim(L, "weight of token 2 on token 1", ["0.512"], [A[1, 0]], cause="carried")
e.claim(e.line("Token 3: $[0.333, 0.333]$"), "output row 3", ["0.333", "0.333"], flat(O.row(2)))

e.given(e.line("Number of heads: $h = 2$"), "h = 2")
e.claim(e.line("Per head: $d_k = d_v = d_{\\text{model}} / h = 4 / 2 = 2$"), "d_model / h", ["4", "2", "2"],
        [X.cols, 2, R(X.cols, 2)])
e.claim(e.line("Output projection: $W_O \\in \\mathbb{R}^{4 \\times 4}$"), "W_O size = h d_v", ["4", "4"], [2 * 2, X.cols])
e.claim(e.line("\\text{head}_1 = \\begin{bmatrix}"), "head 1 output (= single head)", O_STR, flat(O), cause="carried")
e.given(e.line("W_Q^2 = \\begin{bmatrix} 0 & 1"), "head-2 weights")

L = e.line("Q^2 = X W_Q^2 = \\begin{bmatrix}")
e.claim(L, "Q^2 = X W_Q^2", s(flat(Q2)), flat(Q2))
e.claim(L, "K^2 = X W_K^2", s(flat(K2)), flat(K2))
e.claim(L, "V^2 = X W_V^2", s(flat(V2)), flat(V2))

L = e.line("Q^2 K^{2T} = \\begin{bmatrix}")
e.claim(L, "Q^2 K^2T", s(flat(S2)), flat(S2))
e.claim(L, "Q^2 K^2T / sqrt(2)", ST_STR, flat(St2))

e.claim(e.line("\\text{Attention Weights}^2 = \\begin{bmatrix}"), "head-2 weights (same wrong rows)", W_STR,
        flat(A2), cause="carried")

L = e.line("\\text{head}_2 = \\text{Attention Weights}^2 \\cdot V^2")
e.claim(L, "head-2 weights restated", W_STR, flat(A2), cause="carried")
e.claim(L, "V^2 restated", ["0", "1", "1", "0", "0", "0"], flat(V2))
e.claim(L, "head 2 output", H2_STR, flat(H2), cause="carried")

L = e.line("\\text{Concat}(\\text{head}_1, \\text{head}_2) = \\begin{bmatrix}")
e.claim(L, "concatenated heads",
        ["0.244", "0.512", "0.512", "0.244", "0.512", "0.244", "0.244", "0.512", "0.333", "0.333", "0.333", "0.333"],
        flat(CAT), cause="carried")
e.claim(L, "concat shape", ["3", "4"], [CAT.rows, CAT.cols])
e.given(e.line("W_O = \\begin{bmatrix} 1 & 0 & 0 & 0"), "W_O = identity")
e.claim(e.line("\\text{MultiHead Output} = \\text{Concat}"), "multi-head output",
        ["0.244", "0.512", "0.512", "0.244", "0.512", "0.244", "0.244", "0.512", "0.333", "0.333", "0.333", "0.333"],
        flat(OUT), cause="carried")

L = e.line("Token 1: $[0.244, 0.512, 0.512, 0.244]$")
e.claim(L, "multi-head row 1", ["0.244", "0.512", "0.512", "0.244"], flat(OUT.row(0)), cause="carried")
e.claim(L, "token 2's values in head 1 and head 2", ["0", "1", "1", "0"], flat(V.row(1)) + flat(V2.row(1)))
L = e.line("Token 2: $[0.512, 0.244, 0.244, 0.512]$")
e.claim(L, "multi-head row 2", ["0.512", "0.244", "0.244", "0.512"], flat(OUT.row(1)), cause="carried")
e.claim(L, "token 1's values in head 1 and head 2", ["1", "0", "0", "1"], flat(V.row(0)) + flat(V2.row(0)))
e.claim(e.line("Token 3: $[0.333, 0.333, 0.333, 0.333]$"), "multi-head row 3", ["0.333"] * 4, flat(OUT.row(2)))
e.done()
