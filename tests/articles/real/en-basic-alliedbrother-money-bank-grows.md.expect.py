# Expected verdicts for en-basic-alliedbrother-money-bank-grows.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An interview-prep course module (alliedbrother/ml-interview-notes, 03 self-attention from scratch): the parameter-free
# self-attention Y = softmax(E E^T / sqrt(4)) E worked by hand for three 4-d embeddings money [1,0,1,0], bank [1,1,0,0],
# grows [0,1,1,1]; then cosines before/after, two softmax demos, the d_k divisor for d_model 512 / 8 heads, and the size
# of one float32 100,000 x 100,000 score matrix.
# Inputs: the three embeddings; the illustrative mixing weights 0.2/0.7/0.1; a = [4,2], b = [6,1], c = [1,5].
# Exact: S = [[2,1,1],[1,2,1],[1,1,3]]; S/2; W rows softmax([1,1/2,1/2]) = [0.4519, 0.2741, 0.2741],
#   softmax([1/2,1/2,3/2]) = [0.2119, 0.2119, 0.5761]; Y = W E; cos(e_bank, e_money) = 1/2, cos(y_bank, y_money) = 0.97794.
#   softmax([1, 1.2, 0.9]) = [0.3199, 0.3907, 0.2894]; softmax([10, 12, 9]) = [0.1142, 0.8438, 0.0420];
#   sqrt(512) = 22.627; 100000^2 * 4 B = 4e10 B = 40 GB (decimal; 37.25 GiB).
# Wrong lines: none. Ambiguous: the variance table (values from a random simulation of 50,000 pairs, not determined
# by the article).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, M, softmax_rows, number_claim

e = Expect(__file__, language="en", topics=["basic", "softmax", "scaling", "code-block", "table"])

e.given(e.line("sentence 1:   bank  =  0.2 * money"), "illustrative mixing weights")
e.given(e.line("sentence 2:   bank  =  0.2 * river"), "illustrative mixing weights")
a, b, c = M([[4, 2]]), M([[6, 1]]), M([[1, 5]])
e.given(e.line("A quick check with `a = [4, 2]`"), "a, b, c")
e.claim(e.line("a · b = 4*6 + 2*1 = 26"), "a . b", ["26"], [(a * b.T)[0]])
e.claim(e.line("a · c = 4*1 + 2*5 = 14"), "a . c", ["14"], [(a * c.T)[0]])

E = M([[1, 0, 1, 0], [1, 1, 0, 0], [0, 1, 1, 1]])
e.given(e.line("Three tokens with `d = 4`"), "d = 4")
e.given(e.line("e_money = [1, 0, 1, 0]"), "e_money")
e.given(e.line("e_bank  = [1, 1, 0, 0]"), "e_bank")
e.given(e.line("e_grows = [0, 1, 1, 1]"), "e_grows")
S = E * E.T
e.claim(e.line("s(money,money) = 1*1"), "money . money", ["2"], [S[0, 0]])
e.claim(e.line("s(money,bank)  = 1*1"), "money . bank", ["1"], [S[0, 1]])
e.claim(e.line("s(money,grows) = 1*0"), "money . grows", ["1"], [S[0, 2]])
g = e.line("money  [   2     1      1  ]")
e.rows([g, g + 1, g + 2], "S = E E^T", [["2", "1", "1"], ["1", "2", "1"], ["1", "1", "3"]], S)

e.claim(e.line("divide by `sqrt(d_k) = sqrt(4) = 2`"), "sqrt(4)", ["2"], [sp.sqrt(4)])
Ss = S / 2
g = e.line("money  [  1.0   0.5   0.5  ]")
e.rows([g, g + 1, g + 2], "S / 2", [["1.0", "0.5", "0.5"], ["0.5", "1.0", "0.5"], ["0.5", "0.5", "1.5"]], Ss)
e.claim(e.line("For the `bank` row `[0.5, 1.0, 0.5]`"), "bank row of S/2", ["0.5", "1.0", "0.5"], Ss.row(1))
ex = [sp.exp(Ss[1, j]) for j in range(3)]
e.claim(e.line("exp:  [1.6487, 2.7183, 1.6487]"), "exp of the bank row and its sum",
        ["1.6487", "2.7183", "1.6487", "6.0157"], ex + [sum(ex)])
W = softmax_rows(Ss)
e.claim(e.line("w:    [0.2741, 0.4519, 0.2741]"), "bank weights and their sum",
        ["0.2741", "0.4519", "0.2741", "1.0"], list(W.row(1)) + [sum(W.row(1))])
g = e.line("money  [ 0.4519  0.2741  0.2741 ]")
e.rows([g, g + 1, g + 2], "W = softmax(S/2)",
       [["0.4519", "0.2741", "0.2741"], ["0.2741", "0.4519", "0.2741"], ["0.2119", "0.2119", "0.5761"]], W)

Y = W * E
L = e.line("y_bank = 0.2741 * [1,0,1,0]")
e.claim(L, "w(bank, money)", ["0.2741"], [W[1, 0]])
e.claim(L + 1, "w(bank, bank)", ["0.4519"], [W[1, 1]])
e.claim(L + 2, "w(bank, grows)", ["0.2741"], [W[1, 2]])
e.claim(L + 3, "y_bank", ["0.7259", "0.7259", "0.5481", "0.2741"], Y.row(1))
g = e.line("y_money = [0.7259, 0.5481, 0.7259, 0.2741]")
e.rows([g, g + 1, g + 2], "Y = W E",
       [["0.7259", "0.5481", "0.7259", "0.2741"], ["0.7259", "0.7259", "0.5481", "0.2741"],
        ["0.4239", "0.7881", "0.7881", "0.5761"]], Y)


def cos(u, v):
    return (u * v.T)[0] / sp.sqrt((u * u.T)[0] * (v * v.T)[0])


c0 = cos(E.row(1), E.row(0))
c1 = cos(Y.row(1), Y.row(0))
e.claim(e.line("| `e_bank` vs `e_money` (before) | **0.500** |"), "cos(e_bank, e_money)", ["0.500"], [c0])
e.claim(e.line("| `y_bank` vs `y_money` (after) | **0.978** |"), "cos(y_bank, y_money)", ["0.978"], [c1])
L = e.line('print(cos(E[1],E[0]), "->", cos(Y[1],Y[0]))')
e.claim(L, "printed cosines in the code comment", ["0.5", "0.9779"], [c0, c1])

for needle in ["| 3 | 3.04 | 1.01 |", "| 100 | 99.92 | 1.00 |", "| 1000 | 998.90 | 1.00 |"]:
    e.ambiguous(e.line(needle), "sampled variances from an unprinted random simulation (50,000 pairs); only the trend "
                "Var = d is determined")
e.given(e.line("*(50,000 sampled pairs per row.)*"), "simulation size")

s1 = softmax_rows(M([["1.0", "1.2", "0.9"]]))
e.claim(e.line("softmax([1.0, 1.2, 0.9])  = [0.320, 0.391, 0.289]"), "softmax([1, 1.2, 0.9])",
        ["0.320", "0.391", "0.289"], s1.row(0))
s2 = softmax_rows(M([[10, 12, 9]]))
e.claim(e.line("softmax([10.0, 12.0, 9.0]) = [0.114, 0.844, 0.042]"), "softmax([10, 12, 9])",
        ["0.114", "0.844", "0.042"], s2.row(0))

for needle in ["| 1 | `σ⁴` | `σ⁴` |", "| 2 | `2σ⁴` | `σ⁴` |", "| 64 | `64σ⁴` | `σ⁴` |", "| 512 | `512σ⁴` | `σ⁴` |"]:
    e.given(e.line(needle), "d_k and the symbolic variance d_k sigma^4 before and after scaling")

L = e.line("With `d_model = 512` and 8 heads, `d_k = 64`")
e.claim(L, "512 / 8, sqrt(64), sqrt(512)", ["64", "8", "22.6"], [R(512, 8), sp.sqrt(64), sp.sqrt(512)])
e.given(e.line("| Parameters | `3 · d_model · d_k`"), "parameter formula (W_q, W_k, W_v)")
L = e.line("At `T = 100,000`, one `(T, T)` float32 score matrix is 40 GB")
nbytes = 100000 ** 2 * 4
number_claim(e, L, "100,000^2 float32 entries", "40", [("decimal GB", R(nbytes, 10**9)), ("binary GiB", R(nbytes, 2**30))])
e.claim(e.line("`cos(bank, money)` rose from 0.500 to 0.978"), "cosines before and after", ["0.500", "0.978"], [c0, c1])

e.claim(e.line("Every row adds up to 1, and every token gives itself"), "row sums of W", ["1"], [sp.simplify(sum(W.row(0)))])
for needle in ["# 03 — Self-Attention from Scratch", "## 3.2 First attempt", "1. score  s_ij = e_i · e_j",
               "2. weight w_ij = softmax_j(s_ij)", "3. output y_i  = sum_j w_ij * e_j", "## 3.3 A worked example",
               "**Step 1 — the scores `S = E Eᵀ`.**", "**Step 4 — the weighted sum `Y = W E`.**",
               "E = np.array([[1.,0,1,0],[1.,1,0,0],[0.,1,1,1]])", "S = E @ E.T / np.sqrt(4)",
               "W = np.exp(S) / np.exp(S).sum(axis=-1, keepdims=True)", "## 3.6 Why the division",
               "### Step 1 — dot products", "### Step 2 — a wide spread", "### Step 4 — the remedy",
               "$$\\mathrm{Var}(Y) = \\frac{1}{c^2}", "To bring `d_k · σ⁴` back to `σ⁴`", "## 3.8 Cost"]:
    e.given(e.line(needle), "section label, recipe step, code input or symbolic formula")

e.done()
