# Expected verdicts for en-alibi-alphagpu-leetgpu-alibi-challenge.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article is a LeetGPU challenge statement (ALiBi attention): softmax(Q K^T / sqrt(d) + alpha * Delta) V with
# Delta = i - j (query row i, key column j, both 0-based), and two small examples with printed outputs (LaTeX bmatrix).
# Inputs, example 1: Q = [e1; e2] (2x4), K = [e1; e2; e3] (3x4), V rows [1,2,3,4], [5,6,7,8], [9,10,11,12], alpha = 1/2, d = 4.
#   Scores Q K^T / 2 = [[1/2, 0, 0], [0, 1/2, 0]]; bias alpha*(i - j) = [[0, -1/2, -1], [1/2, 0, -1/2]].
#   Row 0 logits [1/2, -1/2, -1] -> weights 0.6285, 0.2312, 0.1402 -> output [3.0464, 4.0464, 5.0464, 6.0464];
#   row 1 logits [1/2, 1/2, -1/2] -> weights 0.4223, 0.4223, 0.1554 -> output [3.9330, 4.9330, 5.9330, 6.9330].
#   V's columns differ by +1, so each output row must rise by exactly 1 per column.
# Inputs, example 2: Q = [1, 2], K = I, V = [[3, 4], [5, 6]], alpha = 4/5, d = 2: logits [1/sqrt(2), 2/sqrt(2) - 4/5]
#   -> output [3.9536, 4.9536].
# Wrong line: the first output row of example 1 prints "3.05 & 4.05 & 6.05 & 7.05"; its last two entries should be
#   5.05 and 6.05 (the first two are right; the row skips from 4.05 to 6.05 although V's columns step by 1), slip.
# Ambiguous: none.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["alibi", "latex-bmatrix", "problem-statement"])


def alibi(Q, K, V, alpha):
    d = Q.shape[1]
    S = (Q * K.T) / sp.sqrt(d)
    B = sp.Matrix(Q.shape[0], K.shape[0], lambda i, j: alpha * (i - j))
    return softmax_rows(S + B) * V


L = e.line
e.given(L("[\"Train Short, Test Long: Attention with Linear Biases"), "paper link (arXiv id)")
e.given(L("`Q`, `K`, `V`, `output` and `α` are `float32`"), "data types float32 / int32")

# Example 1
ex1 = L("## Example 1")
e.given(ex1, "example label")
e.given(L("`Q` (2×4):", after=ex1), "Q shape 2x4")
q0 = L("1.0 & 0.0 & 0.0 & 0.0 \\\\", after=ex1)
e.given(q0, "Q row 0")
e.given(q0 + 1, "Q row 1")
k_ = L("`K` (3×4):", after=ex1)
e.given(k_, "K shape 3x4")
for i in range(3):
    e.given(k_ + 3 + i, f"K row {i}")
v_ = L("`V` (3×4):", after=ex1)
e.given(v_, "V shape 3x4")
for i in range(3):
    e.given(v_ + 3 + i, f"V row {i}")
e.given(L("\\(\\alpha = 0.5\\)"), "alpha = 0.5")
o_ = L("`output` (2×4):", after=ex1)
e.given(o_, "output shape 2x4")
Q1 = M([["1.0", "0.0", "0.0", "0.0"], ["0.0", "1.0", "0.0", "0.0"]])
K1 = M([["1.0", "0.0", "0.0", "0.0"], ["0.0", "1.0", "0.0", "0.0"], ["0.0", "0.0", "1.0", "0.0"]])
V1 = M([["1.0", "2.0", "3.0", "4.0"], ["5.0", "6.0", "7.0", "8.0"], ["9.0", "10.0", "11.0", "12.0"]])
O1 = alibi(Q1, K1, V1, R(1, 2))
e.rows([o_ + 3, o_ + 4], "ALiBi output, example 1",
       [["3.05", "4.05", "6.05", "7.05"], ["3.93", "4.93", "5.93", "6.93"]], O1)

# Example 2
ex2 = L("## Example 2")
e.given(ex2, "example label")
qa = L("`Q` (1×2):", after=ex2)
e.given(qa, "Q shape 1x2")
e.given(qa + 3, "Q row")
ka = L("`K` (2×2):", after=ex2)
e.given(ka, "K shape 2x2")
e.given(ka + 3, "K row 0")
e.given(ka + 4, "K row 1")
va = L("`V` (2×2):", after=ex2)
e.given(va, "V shape 2x2")
e.given(va + 3, "V row 0")
e.given(va + 4, "V row 1")
e.given(L("`α` = 0.8"), "alpha = 0.8")
oa = L("`output` (1×2):", after=ex2)
e.given(oa, "output shape 1x2")
O2 = alibi(M([["1.0", "2.0"]]), M([["1.0", "0.0"], ["0.0", "1.0"]]), M([["3.0", "4.0"], ["5.0", "6.0"]]), R(4, 5))
e.rows([oa + 3], "ALiBi output, example 2", [["3.95", "4.95"]], O2)

# Limits
e.given(L("- 1 ≤ `M`, `N` ≤ 2048"), "size bounds")
e.given(L("- 1 ≤ `d` ≤ 1024"), "head-dim bounds")
e.given(L("- -1.0 ≤ `α` ≤ 1.0"), "slope bounds")
e.given(L("- Timing runs use `M` = 2,048, `N` = 2,048"), "benchmark sizes")
e.done()
