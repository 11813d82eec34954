# Expected verdicts for zh-kv-happydog-decode-step-check.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: one head, d_head = 2, W_q = W_k = W_v = I, so Q = K = V = x with x0 = [1,2], x1 = [3,1], x2 = [2,3], x3 = [4,1];
# scores = Q K^T / sqrt(2), causal mask, row softmax, output = weights V.  The KV-cache path recomputes the last row.
# Scores (integers / sqrt 2) all agree: 5/sqrt2 = 3.536, 10/sqrt2 = 7.071, 8/sqrt2 = 5.657, ... 17/sqrt2 = 12.021.
# The softmax weights do not:
#   row 2: softmax([5, 10]/sqrt2) = [0.028, 0.972], printed [0.030, 0.970] (slip); output [2.943, 1.028] -- the printed
#          [2.940, 1.030] is right from the printed weights (carried).
#   row 3: softmax([8, 9, 13]/sqrt2) = [0.027, 0.054, 0.919], printed [0.007, 0.028, 0.965] (slip); output exact
#          [2.028, 2.865]; printed [2.014, 2.930] follows neither from the exact nor from the printed weights
#          (0.007 + 0.084 + 1.930 = 2.021) -> slip.
#   row 4: softmax([6, 13, 11, 17]/sqrt2) = [0.000, 0.055, 0.013, 0.931], printed [0.000, 0.007, 0.001, 0.991] (slip);
#          output exact [3.917, 1.027], printed [3.980, 1.010] (slip, not from the printed weights either: 3.987, 1.001).
# Every later restatement (the weights matrices of the next steps, the KV-cache rows, the "取最后一行" lines and the summary
# table) repeats those values -> carried.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="zh", topics=["kv-cache", "causal-mask", "decode", "softmax"])
L = e.line

X = M([[1, 2], [3, 1], [2, 3], [4, 1]])
s2 = sp.sqrt(2)
S = X * X.T / s2
W = sp.zeros(4, 4)
for i in range(4):
    den = sum(sp.exp(S[i, k]) for k in range(i + 1))
    for j in range(i + 1):
        W[i, j] = sp.exp(S[i, j]) / den
O = W * X


def srow(i, n=None):
    n = i + 1 if n is None else n
    return [S[i, j] for j in range(n)]


def wrow(i, n):
    return [W[i, j] for j in range(n)]


def orow(i):
    return [O[i, 0], O[i, 1]]


e.claim(L("缩放时除以"), "sqrt(2)", ["2", "1.414"], [2, s2])
e.given(L("x_0=[1,2],\\quad x_1=[3,1]"), "tokens x0..x3")

# step 0
e.given(L("Q = K = V = \\begin{bmatrix}1&2\\end{bmatrix}"), "Q = K = V = x0")
e.claim(L("= \\frac{[5]}{\\sqrt{2}} = [3.536]"), "x0.x0 and score", ["5", "3.536"], [5, S[0, 0]])
e.claim(L("\\text{softmax}([3.536]) = [1.000]"), "single weight", ["3.536", "1.000"], [S[0, 0], 1])
e.claim(L("\\text{output}_0 = 1.000 \\times [1,2]"), "output 0", ["1.000", "1.000", "2.000"], [1, O[0, 0], O[0, 1]])

# step 1 (naive)
e.given(L("Q = K = V = \\begin{bmatrix}1&2\\\\3&1\\end{bmatrix}"), "Q = K = V (2 tokens)")
e.claim(L("= \\frac{1}{\\sqrt{2}}\\begin{bmatrix}5&5\\\\5&10\\end{bmatrix}"), "X X^T", ["5", "5", "5", "10"],
        [X[0, :] * X[0, :].T, X[0, :] * X[1, :].T, X[1, :] * X[0, :].T, X[1, :] * X[1, :].T])
e.claim(L("= \\begin{bmatrix}3.536&3.536\\\\3.536&7.071\\end{bmatrix}"), "scores 2x2",
        ["3.536", "3.536", "3.536", "7.071"], [S[0, 0], S[0, 1], S[1, 0], S[1, 1]])
e.claim(L("\\text{scores\\_masked} = \\begin{bmatrix}3.536 & -\\infty"), "masked scores 2x2",
        ["3.536", "3.536", "7.071"], [S[0, 0], S[1, 0], S[1, 1]])
ln = L("= \\begin{bmatrix}1.000 & 0 \\\\ 0.030 & 0.970\\end{bmatrix}", 1)
e.claim(ln, "weights row 1", ["1.000", "0"], [1, 0])
e.claim(ln, "weights row 2 = softmax([5, 10]/sqrt2)", ["0.030", "0.970"], wrow(1, 2))
ln = L("= \\begin{bmatrix}1.000 & 0 \\\\ 0.030 & 0.970\\end{bmatrix}\\begin{bmatrix}1&2\\\\3&1\\end{bmatrix}")
e.claim(ln, "weights restated", ["0.030", "0.970"], wrow(1, 2), cause="carried")
ln = L("= \\begin{bmatrix}1.000 & 2.000 \\\\ 2.940 & 1.030\\end{bmatrix}")
e.claim(ln, "output row 1", ["1.000", "2.000"], orow(0))
e.claim(ln, "output row 2 (0.03 x [1,2] + 0.97 x [3,1])", ["2.940", "1.030"], orow(1), cause="carried")
e.claim(L("\\text{output}_1 = \\boxed{[2.940,\\ 1.030]}"), "last row", ["2.940", "1.030"], orow(1), cause="carried")

# step 1 (cache)
e.given(L("Q_1=[3,1],\\quad K_1=[3,1]"), "new token")
e.given(L("K_{full}=\\begin{bmatrix}1&2\\\\3&1\\end{bmatrix},"), "cached K, V")
e.claim(L("= \\frac{[5,\\ 10]}{\\sqrt{2}} = [3.536,\\ 7.071]"), "cache scores", ["5", "10", "3.536", "7.071"],
        [5, 10, S[1, 0], S[1, 1]])
e.claim(L("\\xrightarrow{\\text{softmax}} [0.030,\\ 0.970]"), "cache weights", ["0.030", "0.970"], wrow(1, 2),
        cause="carried")
ln = L("\\text{output}_1 = 0.030\\times[1,2] + 0.970\\times[3,1]")
e.claim(ln, "weights restated", ["0.030", "0.970"], wrow(1, 2), cause="carried")
e.claim(ln, "cache output 1", ["2.940", "1.030"], orow(1), cause="carried")

# step 2 (naive)
e.given(L("Q = K = V = \\begin{bmatrix}1&2\\\\3&1\\\\2&3\\end{bmatrix}"), "Q = K = V (3 tokens)")
G = X * X.T
e.claim(L("= \\frac{1}{\\sqrt{2}}\\begin{bmatrix}5&5&8\\\\5&10&9\\\\8&9&13\\end{bmatrix}"), "X X^T 3x3",
        ["5", "5", "8", "5", "10", "9", "8", "9", "13"], [G[i, j] for i in range(3) for j in range(3)])
e.claim(L("= \\begin{bmatrix}3.536&3.536&5.657\\\\3.536&7.071&6.364\\\\5.657&6.364&9.192\\end{bmatrix}"), "scores 3x3",
        ["3.536", "3.536", "5.657", "3.536", "7.071", "6.364", "5.657", "6.364", "9.192"],
        [S[i, j] for i in range(3) for j in range(3)])
e.claim(L("\\text{scores\\_masked} = \\begin{bmatrix}3.536&-\\infty&-\\infty"), "masked scores 3x3",
        ["3.536", "3.536", "7.071", "5.657", "6.364", "9.192"], srow(0) + srow(1) + srow(2))
ln = L("\\text{weights} = \\begin{bmatrix}1.000&0&0\\\\0.030&0.970&0")
e.claim(ln, "weights row 1", ["1.000", "0"], [1, 0])
e.claim(ln, "weights row 2 restated", ["0.030", "0.970"], wrow(1, 2), cause="carried")
e.claim(ln, "weights row 3 = softmax([8, 9, 13]/sqrt2)", ["0.007", "0.028", "0.965"], wrow(2, 3))
ln = L("= \\begin{bmatrix}1.000&0&0\\\\0.030&0.970&0\\\\0.007&0.028&0.965\\end{bmatrix}", 2)
e.claim(ln, "weights restated", ["0.030", "0.970", "0.007", "0.028", "0.965"], wrow(1, 2) + wrow(2, 3),
        cause="carried")
ln = L("= \\begin{bmatrix}1.000&2.000\\\\2.940&1.030\\\\2.014&2.930\\end{bmatrix}")
e.claim(ln, "output row 1", ["1.000", "2.000"], orow(0))
e.claim(ln, "output row 2 restated", ["2.940", "1.030"], orow(1), cause="carried")
e.claim(ln, "output row 3 (not even 0.007 + 0.084 + 1.930 = 2.021)", ["2.014", "2.930"], orow(2))
e.claim(L("\\text{output}_2 = \\boxed{[2.014,\\ 2.930]}"), "last row", ["2.014", "2.930"], orow(2), cause="carried")

# step 2 (cache)
e.given(L("Q_2=[2,3],\\quad K_2=[2,3]"), "new token")
e.given(L("K_{full}=\\begin{bmatrix}1&2\\\\3&1\\\\2&3\\end{bmatrix},"), "cached K, V")
e.claim(L("= \\frac{[8,\\ 9,\\ 13]}{\\sqrt{2}} = [5.657,\\ 6.364,\\ 9.192]"), "cache scores",
        ["8", "9", "13", "5.657", "6.364", "9.192"], [8, 9, 13] + srow(2))
e.claim(L("\\xrightarrow{\\text{softmax}} [0.007,\\ 0.028,\\ 0.965]"), "cache weights", ["0.007", "0.028", "0.965"],
        wrow(2, 3), cause="carried")
ln = L("\\text{output}_2 = 0.007\\times[1,2]+0.028\\times[3,1]+0.965\\times[2,3]")
e.claim(ln, "weights restated", ["0.007", "0.028", "0.965"], wrow(2, 3), cause="carried")
e.claim(ln, "cache output 2", ["2.014", "2.930"], orow(2), cause="carried")

# step 3 (naive)
e.given(L("Q = K = V = \\begin{bmatrix}1&2\\\\3&1\\\\2&3\\\\4&1\\end{bmatrix}"), "Q = K = V (4 tokens)")
e.given(L("\\begin{bmatrix}1&3&2&4\\\\2&1&3&1\\end{bmatrix}", 1), "X^T")
e.claim(L("= \\frac{1}{\\sqrt{2}}\\begin{bmatrix}5&5&8&6"), "X X^T 4x4",
        ["5", "8", "6", "10", "9", "13", "11", "17"], [G[0, 0], G[0, 2], G[0, 3], G[1, 1], G[1, 2], G[1, 3], G[2, 3],
                                                        G[3, 3]])
e.claim(L("= \\begin{bmatrix}3.536&3.536&5.657&4.243"), "scores 4x4",
        ["3.536", "5.657", "4.243", "7.071", "6.364", "9.192", "7.778", "12.021"],
        [S[0, 0], S[0, 2], S[0, 3], S[1, 1], S[1, 2], S[1, 3], S[2, 3], S[3, 3]])
m = L("3.536 & -\\infty & -\\infty & -\\infty")
e.claim(m, "masked row 1", ["3.536"], srow(0))
e.claim(m + 1, "masked row 2", ["3.536", "7.071"], srow(1))
e.claim(m + 2, "masked row 3", ["5.657", "6.364", "9.192"], srow(2))
e.claim(m + 3, "masked row 4", ["4.243", "9.192", "7.778", "12.021"], srow(3))
for k, cause4 in ((1, "slip"), (2, "carried")):
    w = L("1.000 & 0     & 0     & 0     \\\\", k)
    e.claim(w, "weights row 1", ["1.000", "0"], [1, 0])
    e.claim(w + 1, "weights row 2 restated", ["0.030", "0.970", "0"], wrow(1, 2) + [0], cause="carried")
    e.claim(w + 2, "weights row 3 restated", ["0.007", "0.028", "0.965", "0"], wrow(2, 3) + [0], cause="carried")
    e.claim(w + 3, "weights row 4 = softmax([6, 13, 11, 17]/sqrt2)", ["0.000", "0.007", "0.001", "0.991"], wrow(3, 4),
            cause=cause4)
o = L("1.000 & 2.000 \\\\", after=L("## Decode Step 3"))
e.claim(o, "output row 1", ["1.000", "2.000"], orow(0))
e.claim(o + 1, "output row 2 restated", ["2.940", "1.030"], orow(1), cause="carried")
e.claim(o + 2, "output row 3 restated", ["2.014", "2.930"], orow(2), cause="carried")
e.claim(o + 3, "output row 4 (printed weights would give 3.987, 1.001)", ["3.980", "1.010"], orow(3))
e.claim(L("\\text{output}_3 = \\boxed{[3.980,\\ 1.010]}"), "last row", ["3.980", "1.010"], orow(3), cause="carried")

# step 3 (cache)
e.given(L("Q_3=[4,1],\\quad K_3=[4,1]"), "new token")
e.given(L("K_{full}=\\begin{bmatrix}1&2\\\\3&1\\\\2&3\\\\4&1\\end{bmatrix},"), "cached K, V")
e.claim(L("= \\frac{[6,\\ 13,\\ 11,\\ 17]}{\\sqrt{2}}"), "cache scores",
        ["6", "13", "11", "17", "4.243", "9.192", "7.778", "12.021"], [6, 13, 11, 17] + srow(3))
e.claim(L("\\xrightarrow{\\text{softmax}} [0.000,\\ 0.007,\\ 0.001,\\ 0.991]"), "cache weights",
        ["0.000", "0.007", "0.001", "0.991"], wrow(3, 4), cause="carried")
ln = L("\\text{output}_3 = 0.000\\times[1,2]+0.007\\times[3,1]")
e.claim(ln, "weights restated", ["0.000", "0.007", "0.001", "0.991"], wrow(3, 4), cause="carried")
e.claim(ln, "cache output 3", ["3.980", "1.010"], orow(3), cause="carried")

# summary table
e.claim(L("| step 1 |"), "table step 1 output", ["2.940", "1.030"], orow(1), cause="carried")
e.claim(L("| step 2 |"), "table step 2 output", ["2.014", "2.930"], orow(2), cause="carried")
e.claim(L("| step 3 |"), "table step 3 output", ["3.980", "1.010"], orow(3), cause="carried")
e.done()
