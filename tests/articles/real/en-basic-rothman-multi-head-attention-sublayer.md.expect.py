# Expected verdicts for en-basic-rothman-multi-head-attention-sublayer.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Rothman's notebook runs one attention head in NumPy on hand-written inputs: x (3x4), w_query, w_key, w_value (4x3).
# Q = x w_query = [[1,0,2],[2,2,2],[2,1,3]], K = [[0,1,1],[4,4,0],[2,3,1]], V = [[1,2,3],[2,8,0],[2,6,3]].
# Step 4 divides Q K^T by k_d = 1 and says so ("square root of k_d simplified to 1"), so the unscaled scores
# [[2,4,4],[4,16,12],[4,12,10]] are what the notebook plainly computes (rule 6) and are right.
# Step 5: row softmax, e.g. row 1 = [1, e^2, e^2]/(1 + 2e^2) = [0.0633789, 0.468311, 0.468311]; rows 2 and 3 likewise
# (float64 prints, agree to every printed digit).  Step 6 multiplies V rows by the row-1 weights, Step 7 sums them:
# [1.93662, 6.68311, 1.59507].  No printed number is wrong; the notebook is a clean control case.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "unscaled", "notebook", "code-output", "numpy-print"])

x = M([[1, 0, 1, 0], [0, 2, 0, 2], [1, 1, 1, 1]])
wq = M([[1, 0, 1], [1, 0, 0], [0, 0, 1], [0, 1, 1]])
wk = M([[0, 0, 1], [1, 1, 0], [0, 1, 0], [1, 1, 0]])
wv = M([[0, 2, 0], [0, 3, 0], [1, 0, 3], [1, 1, 0]])
Q, K, V = x * wq, x * wk, x * wv
k_d = 1
S = Q * K.T / k_d
A = softmax_rows(S)
parts = [A[0, j] * V.row(j) for j in range(3)]
z1 = parts[0] + parts[1] + parts[2]


def row(m, i):
    return [m[i, j] for j in range(m.cols)]


def ints(vals):
    return [str(v) for v in vals]


def block(marker, mat, what, after=0):
    """claim a printed NumPy matrix whose first row line contains `marker`"""
    L = e.line(marker, after=after)
    for i in range(mat.rows):
        e.claim(L + i, f"{what} row {i + 1}", ints(row(mat, i)), row(mat, i))
    return L


# inputs (code) and their echoes
e.given(e.line('print("Step 1: Input : 3 inputs, d_model=4")'), "3 inputs, d_model = 4")
e.given(e.line("x =np.array([[1.0, 0.0, 1.0, 0.0],"), "input x row 1")
e.given(e.line("[0.0, 2.0, 0.0, 2.0],   # Input 2"), "input x row 2")
e.given(e.line("[1.0, 1.0, 1.0, 1.0]])  # Input 3"), "input x row 3")
L0 = e.line("Step 1: Input : 3 inputs, d_model=4", nth=2)
e.given(L0, "3 inputs, d_model = 4 (printed)")
block("[[1. 0. 1. 0.]", x, "x echoed")
e.given(e.line('print("Step 2: weights 3 dimensions x d_model=4")'), "weights 4 x 3")
e.given(e.line("Step 2: weights 3 dimensions x d_model=4", nth=2), "weights 4 x 3 (printed)")
for name, mat in (("w_query =np.array", wq), ("w_key =np.array", wk), ("w_value = np.array", wv)):
    L = e.line(name)
    for i in range(4):
        e.given(L + i, f"{name.split()[0]} row {i + 1}")
Lq = e.line("print(w_query)")
block("[[1 0 1]", wq, "w_query echoed", after=Lq)
Lk = e.line("print(w_key)")
block("[[0 0 1]", wk, "w_key echoed", after=Lk)
Lv = e.line("print(w_value)")
block("[[0 2 0]", wv, "w_value echoed", after=Lv)

# Step 3
block("[[1. 0. 2.]", Q, "Q = x w_query")
block("[[0. 1. 1.]", K, "K = x w_key")
block("[[1. 2. 3.]", V, "V = x w_value")

# Step 4 (divisor k_d = 1, stated)
e.given(e.line("k_d=1   #square root of k_d simplified to 1"), "k_d = 1 (scaling simplified away)")
block("[[ 2.  4.  4.]", S, "Q K^T / 1")

# Step 5
e.claim(e.line("[0.06337894 0.46831053 0.46831053]"), "softmax row 1",
        ["0.06337894", "0.46831053", "0.46831053"], row(A, 0))
e.claim(e.line("[6.03366485e-06 9.82007865e-01 1.79861014e-02]"), "softmax row 2",
        ["6.03366485e-06", "9.82007865e-01", "1.79861014e-02"], row(A, 1))
e.claim(e.line("[2.95387223e-04 8.80536902e-01 1.19167711e-01]"), "softmax row 3",
        ["2.95387223e-04", "8.80536902e-01", "1.19167711e-01"], row(A, 2))

# Step 6
L6 = e.line("Step 6: attention value obtained by score1/k_d * V", nth=2)
for i in range(3):
    e.claim(L6 + 1 + i, f"V[{i}] echoed", ints(row(V, i)), row(V, i))
e.claim(e.line("[0.06337894 0.12675788 0.19013681]"), "attention1 = w11 V[0]",
        ["0.06337894", "0.12675788", "0.19013681"], list(parts[0]))
e.claim(e.line("[0.93662106 3.74648425 0.        ]"), "attention2 = w12 V[1]",
        ["0.93662106", "3.74648425", "0"], list(parts[1]))
e.claim(e.line("[0.93662106 2.80986319 1.40493159]"), "attention3 = w13 V[2]",
        ["0.93662106", "2.80986319", "1.40493159"], list(parts[2]))

# Step 7
e.claim(e.line("[1.93662106 6.68310531 1.59506841]"), "first output row",
        ["1.93662106", "6.68310531", "1.59506841"], list(z1))
e.done()
