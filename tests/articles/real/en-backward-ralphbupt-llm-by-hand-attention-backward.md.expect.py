# Expected verdicts for en-backward-ralphbupt-llm-by-hand-attention-backward.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: z = [ln 2, 0, 0] and dp = [1, 1, 0] (softmax backward); the two-token head Q (2x4), K (2x4), V (2x2), d_k = 4,
# dO = [[1, 0], [0, 2]]; the Adam byte table (2, 2, 4, 4, 4); B = 4, L = 1000, d_model = 1000 at 2 bytes; one forward = 1 unit,
# one backward = 2 units.
#  - Softmax: e^z = [2, 1, 1], sum 4, p = [0.5, 0.25, 0.25]; column 0 of J = diag(p) - p^T p is [0.25, -0.125, -0.125];
#    dz_0 = 0.125 both ways (dp.p = 0.75) -> ok. z = [10, 0, 0] gives p = [0.99991, 4.5e-5, 4.5e-5] ~ [1, 0, 0] -> ok.
#  - Head: Q K^T = 0, so A = 0.5 everywhere; O = A V = [[1.5, 0.5], [1.5, 0.5]]; dA = dO V^T = [[2, 1], [0, 2]];
#    dS = A * (dA - rowsum(dA * A)) = [[0.25, -0.25], [-0.5, 0.5]] -> ok.
#  - Memory: 2 + 2 + 4 + 4 + 4 = 16 bytes; (4, 1000, 1000) x 2 B = 8,000,000 B = 8 MB (decimal) -> ok; "64 MB for A alone"
#    needs B x h x L x L x 2 B with h = 8, and the article never prints h -> ambiguous; 3 -> 4 units is 33% more -> ok.
#  - Closing aside: dO.O = 1.5 and dA.A = 1.5 for row 0 -> ok.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, number_claim, softmax_rows

e = Expect(__file__, language="en", topics=["backward", "softmax-jacobian", "memory"])
L = e.line

# 1. softmax backward
z = sp.Matrix([[sp.log(2), 0, 0]])
ez = z.applyfunc(sp.exp)
p = softmax_rows(z)
ln = L("Let $z = [\\ln 2, 0, 0]$")
e.given(ln, "z = [ln 2, 0, 0]")
e.claim(ln, "e^z", ["2", "1", "1"], [ez[0], ez[1], ez[2]])
e.claim(ln, "sum of e^z", ["4"], [sum(ez)])
e.claim(ln, "p = softmax(z)", ["0.5", "0.25", "0.25"], [p[0], p[1], p[2]])
J = sp.diag(*p) - p.T * p
dp = sp.Matrix([[1, 1, 0]])
e.given(L("using $p = [0.5, 0.25, 0.25]$ and $dp = [1, 1, 0]$"), "p and dp")
dz = dp * J
ln = L("- the long way: column 0 of $J$")
e.claim(ln, "column 0 of J", ["0.25", "-0.125", "-0.125"], [J[0, 0], J[1, 0], J[2, 0]])
e.claim(ln, "dz_0 = sum_i dp_i J_i0", ["0.125"], [dz[0]])
ln = L("- the short way: $dp \\cdot p")
dpp = (dp * p.T)[0]
e.claim(ln, "dp . p terms and sum", ["0.5", "0.25", "0.75"], [dp[0] * p[0], dp[1] * p[1], dpp])
e.claim(ln, "dp_0 - dp.p", ["0.25"], [dp[0] - dpp])
e.claim(ln, "dz_0 = p_0 (dp_0 - dp.p)", ["0.125"], [p[0] * (dp[0] - dpp)])
p10 = softmax_rows(sp.Matrix([[10, 0, 0]]))
ln = L("Set $z = [10, 0, 0]$ in the lab")
e.given(ln, "z = [10, 0, 0]")
e.claim(ln, "softmax([10, 0, 0]) ~ [1, 0, 0] (0 places)", ["1", "0", "0"], [p10[0], p10[1], p10[2]], rounded_int=True)

# 2. one head
Q = M([[1, 1, 0, 0], [0, 0, 1, 1]])
K = M([[1, -1, 0, 0], [0, 0, 1, -1]])
V = M([[2, 0], [1, 1]])
dk = 4
ln = L("Two tokens, $d_k = 4$")
e.given(ln, "d_k = 4, d_v = 2")
e.claim(ln, "sqrt(d_k)", ["2"], [sp.sqrt(dk)])
e.given(L("Q = \\begin{bmatrix} 1 & 1 & 0 & 0"), "Q, K, V")
S = Q * K.T / sp.sqrt(dk)
A = softmax_rows(S)
e.claim(L("Each query row is orthogonal to each key row"), "every weight of A", ["0.5"], [A[0, 0]])
assert all(x == 0 for x in S) and all(x == R(1, 2) for x in A)
O = A * V
ln = L("Every output row is then the mean of the rows of $V$")
e.claim(ln, "O = A V", ["1.5", "0.5", "1.5", "0.5"], [O[0, 0], O[0, 1], O[1, 0], O[1, 1]])
dO = M([[1, 0], [0, 2]])
e.given(L("The gradient coming down from above is $dO"), "dO")
dA = dO * V.T
ln = L("we also get $dA$: $dA = dO \\; V^\\top")
e.claim(ln, "dA = dO V^T", ["2", "1", "0", "2"], [dA[0, 0], dA[0, 1], dA[1, 0], dA[1, 1]])
rows = [sum(dA[i, j] * A[i, j] for j in range(2)) for i in range(2)]
dS = sp.Matrix(2, 2, lambda i, j: A[i, j] * (dA[i, j] - rows[i]))
ln = L("The whole score gradient is $dS")
e.claim(ln, "dS = A * (dA - rowsum(dA A))", ["0.25", "-0.25", "-0.5", "0.5"], [dS[0, 0], dS[0, 1], dS[1, 0], dS[1, 1]])
e.claim(ln, "row sums of dS", ["0"], [dS[0, 0] + dS[0, 1]])
e.given(L("with 3 tokens, $d_k = 2$ and $d_v = 4$"), "random check sizes")

# 3. memory
for row in ("| the weight used in forward and backward | bf16 | 2 |", "| its gradient | bf16 | 2 |",
            "| the master copy of the weight | fp32 | 4 |", "| Adam’s m | fp32 | 4 |", "| Adam’s v | fp32 | 4 |"):
    e.given(L(row), "bytes per parameter item")
e.claim(L("That makes 16 bytes per parameter"), "2 + 2 + 4 + 4 + 4", ["16"], [2 + 2 + 4 + 4 + 4])
ln = L("with $B = 4$, $L = 1000$")
e.given(ln, "B = 4, L = 1000")
e.given(L("`d_model` = 1000 and 2 bytes per number"), "d_model = 1000, 2 bytes")
tensor = 4 * 1000 * 1000 * 2
number_claim(e, L("`d_model` = 1000 and 2 bytes per number"), "(4, 1000, 1000) x 2 B in MB", "8",
             [("decimal MB", R(tensor, 10**6)), ("binary MiB", R(tensor, 2**20))])
e.given(L("Take one pre-norm block (level 16) with an FFN of width 4"), "FFN width 4 x d_model")
ln = L("In the example above a layer then keeps one `(4, 1000, 1000)` input")
number_claim(e, ln, "kept layer input (4, 1000, 1000) x 2 B in MB", "8",
             [("decimal MB", R(tensor, 10**6)), ("binary MiB", R(tensor, 2**20))])
e.ambiguous(ln, "'64 MB for A alone' is B x h x L x L x 2 B = 8h MB; the head count h is never printed (64 MB means h = 8)")
ln = L("of work to 3 + 1 = 4")
e.claim(ln, "1 + 2 (forward + backward) -> 3 + 1", ["4"], [3 + 1])
e.claim(ln, "extra arithmetic 1/3", ["33%"], [R(1, 3)])
e.claim(L("so a training step goes from 1 + 2 = 3 units"), "1 + 2", ["3"], [1 + 2])
ln = L("In section 2’s example, row 0 gives $dO \\cdot O")
e.claim(ln, "dO . O for row 0", ["1.5"], [dO[0, 0] * O[0, 0] + dO[0, 1] * O[0, 1]])
e.claim(ln, "dA . A for row 0", ["1.5"], [rows[0]])
e.done()
