# Expected verdicts for en-basic-opendeepml-problem53-self-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Deep-ML problem 53: self-attention with Q = X W_q, K = X W_k, V = X W_v, scores QK^T / sqrt(d_k) (d_k = number of
# columns of Q), row softmax, weights times V.  Every printed result is a machine print of that pipeline:
#   example / test 1: X = I, W_q = W_k = I, W_v = [[1,2],[3,4]]: weights [[e^{s}, 1], [1, e^{s}]]/(1 + e^{s}),
#     s = 1/sqrt(2), output [[1.6604769, 2.6604769], [2.3395231, 3.3395231]]  (printed 1.660477 ... right);
#   test 2: X = [[1,1],[1,0]]: output [[3.00928465, 4.67904620], [2.5, 4.0]]  (right);
#   test 3: 3x3, d_k = 3: output rows [8, 10, 12], [8.61987385, ...], [7.38012615, ...]  (right; row 1 is exactly
#     the plain mean of V's rows because its three scores are equal).
# Nothing in the article is wrong.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "code", "numpy"])


def flat(m):
    return [m[i, j] for i in range(m.rows) for j in range(m.cols)]


def attn(X, Wq, Wk, Wv):
    Q, K, V = X * Wq, X * Wk, X * Wv
    A = softmax_rows(Q * K.T / sp.sqrt(Q.cols))
    return A * V


I2 = M([[1, 0], [0, 1]])
WV2 = M([[1, 2], [3, 4]])
X1 = I2
X2 = M([[1, 1], [1, 0]])
X3 = M([[1, 0, 1], [0, 1, 1], [1, 1, 0]])
W3 = M([[1, 1, 0], [0, 1, 1], [1, 0, 1]])
WV3 = M([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
O1, O2, O3 = attn(X1, I2, I2, WV2), attn(X2, I2, I2, WV2), attn(X3, W3, W3, WV3)

# ---- example ----------------------------------------------------------------------------------------
e.given(e.line("X = np.array([[1, 0], [0, 1]])"), "example X")
e.given(e.line("W_q = np.array([[1, 0], [0, 1]])"), "example W_q")
e.given(e.line("W_k = np.array([[1, 0], [0, 1]])"), "example W_k")
e.given(e.line("W_v = np.array([[1, 2], [3, 4]])"), "example W_v")
L = e.line("# [[1.660477 2.660477]")
e.claim(L, "example output row 1", ["1.660477", "2.660477"], flat(O1.row(0)))
L = e.line("#  [2.339523 3.339523]]")
e.claim(L, "example output row 2", ["2.339523", "3.339523"], flat(O1.row(1)))

# ---- test 1 -------------------------------------------------------------------------------------------
T1 = e.line("**Test 1**")
e.given(e.line("X = np.array([[1, 0], [0, 1]])", after=T1), "test 1 X")
e.given(e.line("W_v = np.array([[1, 2], [3, 4]])", after=T1), "test 1 W_v")
L = e.line("[[1.660477, 2.660477], [2.339523, 3.339523]]")
e.claim(L, "test 1 expected output", ["1.660477", "2.660477", "2.339523", "3.339523"], flat(O1))

# ---- test 2 -------------------------------------------------------------------------------------------
T2 = e.line("**Test 2**")
e.given(e.line("X = np.array([[1, 1], [1, 0]])", after=T2), "test 2 X")
e.given(e.line("W_v = np.array([[1, 2], [3, 4]])", after=T2), "test 2 W_v")
L = e.line("[[3.00928465, 4.6790462], [2.5, 4.0]]")
e.claim(L, "test 2 expected output", ["3.00928465", "4.6790462", "2.5", "4.0"], flat(O2))

# ---- test 3 -------------------------------------------------------------------------------------------
T3 = e.line("**Test 3**")
e.given(e.line("X = np.array([[1, 0, 1], [0, 1, 1], [1, 1, 0]])", after=T3), "test 3 X")
e.given(e.line("W_q = np.array([[1, 1, 0], [0, 1, 1], [1, 0, 1]])", after=T3), "test 3 W_q")
e.given(e.line("W_k = np.array([[1, 1, 0], [0, 1, 1], [1, 0, 1]])", after=T3), "test 3 W_k")
e.given(e.line("W_v = np.array([[1, 2, 3], [4, 5, 6], [7, 8, 9]])", after=T3), "test 3 W_v")
L = e.line("[[8.0, 10.0, 12.0], [8.61987385")
e.claim(L, "test 3 expected output",
        ["8.0", "10.0", "12.0", "8.61987385", "10.61987385", "12.61987385",
         "7.38012615", "9.38012615", "11.38012615"], flat(O3))

e.done()
