# Expected verdicts for en-flash-ourarash-flashattention-tiling-math.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article is an interactive page that follows one query row through a two-block FlashAttention-style accumulation
# (no running max: A = exp(S), l = row sum, O rescaled by l_old / l_new). Its numbers appear twice: in the page's
# data object (drawn into the canvas blocks) and in six "Numerical" step panels (monospace boxes).
# Inputs: Q row [1.0, 0.5]; K1 = [[1.0, 2.0], [0.0, 1.0]], K2 = [[1.0, 1.0], [0.0, 0.0]], each row a key (the data
# object calls the first one K1; the box labels it K1_T, but its own expansion 1*1 + 0.5*2, 1*0 + 0.5*1 takes rows as
# keys, matching S = Q K^T); value column 1: V1 = [10, 20], V2 = [30, 40] (the second value column is never given).
# Exact values: S1 = [2, 1/2]; A1 = [e^2, e^(1/2)] = [7.389, 1.6487]; l1 = 9.0377; weights [0.8176, 0.1824];
#   O1 col 1 = (10 e^2 + 20 e^(1/2)) / l1 = 11.824; S2 = [3/2, 0]; A2 = [e^(3/2), 1] = [4.4817, 1]; sum 5.4817;
#   l2 = 14.519; rescaled old part l1/l2 * O1 = 7.360; new part (30 e^(3/2) + 40) / l2 = 12.015; O final col 1 = 19.375.
# Wrong lines:
# - A1 "[7.4, 1.7]" (data object and step 2A): e^0.5 = 1.6487 rounds to 1.6, slip; restated in step 2B, carried;
# - l1 = 9.1 (exact 9.0377 -> 9.0), everywhere it appears, carried; the weights [0.81, 0.19] (exact 0.82, 0.18), carried;
# - O1 col 1 = 11.9 (exact 11.824 -> 11.8; the page itself later uses 11.8), carried (data object and step 2C);
# - S2 "[1.0, 0.0]" for K2 rows [1, 1] and [0, 0] (exact [1.5, 0.0]; with columns as keys it would be [1.0, 1.0]), slip;
#   A2 [2.7, 1.0], the block sum 3.7, l2 = 12.8 and their restatements, carried;
# - "Rescale old: (9.1/12.8) * 11.8 ≈ 8.4" (exact 7.36), carried;
# - "New part: (3.7/12.8) * V2 ≈ 9.8": not even the author's numbers give 9.8 ((2.7*30 + 1.0*40)/12.8 = 9.45); exact 12.0, slip;
# - O final 18.2 (data object and step 3B; exact 19.375 -> 19.4), carried.
# The second entries of O1 and O2 (15.4, 22.1) need a second value column the page never gives: not claimed (those
# lines are wrong through their first entries anyway).
# Ambiguous: none.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["flash", "online-softmax", "js-data", "monospace-trace"])
L = e.line
E = sp.exp

q = [1, R(1, 2)]
K1 = [[1, 2], [0, 1]]
K2 = [[1, 1], [0, 0]]
S1 = [q[0] * k[0] + q[1] * k[1] for k in K1]
S2 = [q[0] * k[0] + q[1] * k[1] for k in K2]
A1 = [E(s) for s in S1]
A2 = [E(s) for s in S2]
l1 = sum(A1)
l2 = l1 + sum(A2)
V1, V2 = [10, 20], [30, 40]
O1 = (A1[0] * V1[0] + A1[1] * V1[1]) / l1
old = l1 / l2 * O1
new = (A2[0] * V2[0] + A2[1] * V2[1]) / l2
O = old + new

# labels and prose lines that carry step / block indices only
e.given(L('the counter reads "Step 1 of 6"'), "step counter label")
e.given(L("The canvas draws every block (Q, K(1)ᵀ"), "block indices")
e.given(L("in Step 2C the matrix"), "step label")
e.given(L("<span class=\"math\">A(1)</span> is normalised"), "block indices")
for needle in ["## Step 1: Compute Scores", "Block one's scores come from", "S<sup>(1)</sup> = Q(K<sup>(1)</sup>)",
               "## Step 2A", "A<sup>(1)</sup> = exp(S<sup>(1)</sup>)", "## Step 2B",
               "l<sup>(1)</sup> = &Sigma; A<sup>(1)</sup>", "## Step 2C", "The normalised weights multiply",
               "O<sup>(1)</sup> = [ A<sup>(1)</sup> / l<sup>(1)</sup> ]", "## Step 3A",
               "l<sup>(2)</sup> = l<sup>(1)</sup> + &Sigma;", "## Step 3B", "The old <span class=\"math\">O<sup>(1)",
               "O = [ l<sup>(1)</sup> / l<sup>(2)</sup> ]"]:
    e.given(L(needle), "step label / block index in a formula")

# data object
e.given(L("// Numerical Data (Consistent 2-column data"), "comment: 2-column blocks")
e.given(L("        Q: [1.0, 0.5],"), "Q row")
e.given(L("        K1: [[1.0, 2.0], [0.0, 1.0]],"), "block-1 keys")
e.claim(L("        S1: [2.0, 0.5],"), "S1 = Q K1^T", ["2.0", "0.5"], S1)
e.claim(L("        A1: [7.4, 1.7],"), "A1 = exp(S1)", ["7.4", "1.7"], A1)
e.claim(L("        L1: [9.1],"), "l1 = sum A1", ["9.1"], [l1], cause="carried")
e.given(L("        V1: [10.0, 20.0],"), "block-1 values (column 1)")
e.claim(L("        O1: [11.9, 15.4],"), "O1 column 1", ["11.9"], [O1], cause="carried")
e.given(L("        K2: [[1.0, 1.0], [0.0, 0.0]],"), "block-2 keys")
e.claim(L("        S2: [1.0, 0.0],"), "S2 = Q K2^T", ["1.0", "0.0"], S2)
e.claim(L("        A2: [2.7, 1.0],"), "A2 = exp(S2)", ["2.7", "1.0"], A2, cause="carried")
e.claim(L("        L2: [12.8],"), "l2 = l1 + sum A2", ["12.8"], [l2], cause="carried")
e.given(L("        V2: [30.0, 40.0],"), "block-2 values (column 1)")
e.claim(L("        O2: [18.2, 22.1]"), "final O column 1", ["18.2"], [O], cause="carried")

# step panels
e.given(L("Q_row: [1.0, 0.5]"), "Q row")
e.given(L("K1_T:  [[1.0, 2.0], [0.0, 1.0]]"), "block-1 keys")
e.given(L("S1 = [1*1 + 0.5*2, 1*0 + 0.5*1]"), "expansion of the two dot products (inputs restated)")
e.claim(L("S1 = [2.0, 0.5]"), "S1", ["2.0", "0.5"], S1)
e.claim(L("S1_row: [2.0, 0.5]"), "S1 restated", ["2.0", "0.5"], S1)
e.given(L("A1 = [e^2.0, e^0.5]"), "exponents restate S1")
e.claim(L("A1 ≈ [7.4, 1.7]"), "A1 = exp(S1)", ["7.4", "1.7"], A1)
e.claim(L("A1_row: [7.4, 1.7]"), "A1 restated", ["7.4", "1.7"], A1, cause="carried")
e.claim(L("l1 = 7.4 + 1.7 = 9.1"), "l1 = sum A1", ["7.4", "1.7", "9.1"], A1 + [l1], cause="carried")
e.claim(L("Weights: [7.4/9.1, 1.7/9.1] ≈ [0.81, 0.19]"), "block-1 weights A1/l1",
        ["7.4", "9.1", "1.7", "9.1", "0.81", "0.19"], [A1[0], l1, A1[1], l1, A1[0] / l1, A1[1] / l1], cause="carried")
e.given(L("V1: [10.0, 20.0]", after=L("Weights: [7.4/9.1")), "block-1 values (column 1)")
e.claim(L("O1_col1 = (0.81*10) + (0.19*20) = 11.9"), "O1 column 1", ["0.81", "0.19", "11.9"],
        [A1[0] / l1, A1[1] / l1, O1], cause="carried")
e.claim(L("A2 sum: 2.7 + 1.0 = 3.7"), "block-2 numerators and their sum", ["2.7", "1.0", "3.7"],
        A2 + [sum(A2)], cause="carried")
e.claim(L("l1 (old): 9.1"), "l1 restated", ["9.1"], [l1], cause="carried")
e.claim(L("New: 3.7"), "block-2 sum restated", ["3.7"], [sum(A2)], cause="carried")
e.claim(L("l2 = 9.1 + 3.7 = 12.8"), "l2 = l1 + sum A2", ["9.1", "3.7", "12.8"], [l1, sum(A2), l2], cause="carried")
e.claim(L("Rescale old: (9.1/12.8) * 11.8 ≈ 8.4"), "rescaled old output l1/l2 * O1",
        ["9.1", "12.8", "11.8", "8.4"], [l1, l2, O1, old], cause="carried")
rn = L("New part: (3.7/12.8) * V2 ≈ 9.8")
e.claim(rn, "block-2 sum and l2 restated", ["3.7", "12.8"], [sum(A2), l2], cause="carried")
e.claim(rn, "new part A2 V2 / l2", ["9.8"], [new])
e.claim(L("O Final = 8.4 + 9.8 = 18.2"), "final output column 1", ["8.4", "9.8", "18.2"], [old, new, O],
        cause="carried")
e.done()
