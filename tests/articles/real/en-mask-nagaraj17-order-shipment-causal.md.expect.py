# Expected verdicts for en-mask-nagaraj17-order-shipment-causal.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A learner's week-3 study notes: one causally masked attention head worked by hand on three tokens
# ("Order", "Shipment", "Receive").
# Inputs: X = [[1,0],[0,2],[1,1]], W_Q = I, W_K = [[1,1],[0,1]], W_V = [[2,0],[0,1]], d_k = 2, causal mask.
# Exact values:
#   Q = X; K = [[1,1],[0,2],[1,2]]; V = [[2,0],[0,2],[2,1]]; S = Q K^T = [[1,0,1],[2,4,4],[2,2,3]];
#   S / sqrt2 = [[0.70711, 0, 0.70711], [1.41421, 2.82843, 2.82843], [1.41421, 1.41421, 2.12132]];
#   masked softmax rows: [1, 0, 0]; [0.19557, 0.80443, 0]; [0.24826, 0.24826, 0.50349];
#   e^sqrt2 = 4.11325, e^(2 sqrt2) = 16.91883, e^(3/sqrt2) = 8.34207; sums 21.03208 and 16.56857;
#   H = A V = [[2, 0], [0.39115, 1.60885], [1.50349, 1]].
# Wrong lines:
#   - row-2 weights "[0.248, 0.248, 0.504]": the third weight is 0.50349 -> 0.503 (also 8.339/16.563 = 0.50347
#     from the author's own rounded operands), so 0.504 is a slip (it matches 1 - 2 x 0.248).
#   - the matrix A and the product line of step 9 restate 0.504 -> carried.
#   - row-2 output "[1.504, 1.000]": 1.504 comes from the wrong 0.504 (exact 1.50349 -> 1.503) -> carried; 1.000 is right.
#   - the final H matrix: "0.392 & 1.608" is right from the rounded weights 0.196/0.804 but the exact row is
#     [0.39115, 1.60885] -> [0.391, 1.609] (drift); "1.504" is carried.
# Ambiguous (verdict policy item 5, arithmetic on the author's rounded operands, right as written, wrong end to end):
#   e^1.414 = 4.112 (exact e^sqrt2 = 4.113), e^2.828 = 16.911 (16.919), sum 21.023 (21.032); e^2.121 = 8.339 (8.342),
#   sum 16.563 (16.569); the row-1 output line 0.196 x 2 = 0.392, 0.804 x 2 = 1.608 (exact 0.391, 1.609).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["mask", "basic", "latex-bmatrix"])
L = e.line

X = M([["1", "0"], ["0", "2"], ["1", "1"]])
WQ = sp.eye(2)
WK = M([["1", "1"], ["0", "1"]])
WV = M([["2", "0"], ["0", "1"]])
Q, K, V = X * WQ, X * WK, X * WV
S = Q * K.T
Ssc = S / sp.sqrt(2)
A = sp.Matrix.vstack(sp.Matrix([[1, 0, 0]]),
                     softmax_rows(Ssc[1, 0:2]).row_join(sp.Matrix([[0]])),
                     softmax_rows(Ssc.row(2)))
H = A * V

e.given(L('in *"river bank"* $\\to [0.45, -0.12]$'), "static embedding of 'bank'")
e.given(L('in *"money bank"* $\\to [0.45, -0.12]$'), "static embedding of 'bank'")
e.given(L("($\\text{Var} = d_k$)"), "variance d_k, softmax' -> 0, back to 1.0")
e.given(L("whose rows add up to $1.0$"), "rows sum to 1.0")
e.given(L("$$M_{i, j} = \\begin{cases} 0"), "mask entries 0 / -inf")
e.claim(L("Since $e^{-\\infty} = 0.0$"), "exp(-inf) and the masked share", ["0.0", "0%"], [0, 0])

e.given(L("so $T = 3$, with $d_{model} = 2$"), "T = 3, d_model = d_k = d_v = 2")
e.claim(L("$$\\text{Scaling factor } \\sqrt{d_k} = \\sqrt{2} \\approx 1.414$$"), "sqrt 2", ["1.414"], [sp.sqrt(2)])
e.given(L("### Step 1: the input matrix"), "shape 3 x 2")
e.given(L("$$\\mathbf{X} = \\begin{bmatrix} 1.0 & 0.0"), "input matrix X")
e.given(L("$$\\mathbf{W}_Q = \\begin{bmatrix} 1 & 0"), "W_Q, W_K, W_V")

flat = lambda m: [m[i, j] for i in range(m.rows) for j in range(m.cols)]
ln = L("$$\\mathbf{Q} = \\mathbf{X} \\mathbf{W}_Q =")
e.given(ln, "X and W_Q restated")
e.claim(ln, "Q = X W_Q", ["1.0", "0.0", "0.0", "2.0", "1.0", "1.0"], flat(Q))
ln = L("$$\\mathbf{K} = \\mathbf{X} \\mathbf{W}_K =")
e.given(ln, "X and W_K restated")
e.claim(ln, "K = X W_K", ["1.0", "1.0", "0.0", "2.0", "1.0", "2.0"], flat(K))
ln = L("$$\\mathbf{V} = \\mathbf{X} \\mathbf{W}_V =")
e.given(ln, "X and W_V restated")
e.claim(ln, "V = X W_V", ["2.0", "0.0", "0.0", "2.0", "2.0", "1.0"], flat(V))
e.given(L("### Step 4: the transposed keys"), "shape 2 x 3")
e.claim(L("$$\\mathbf{K}^\\top = \\begin{bmatrix}"), "K transposed", ["1.0", "0.0", "1.0", "1.0", "2.0", "2.0"], flat(K.T))
e.given(L("### Step 5: raw scores"), "shape 3 x 3")
ln = L("$$\\mathbf{S} = \\begin{bmatrix} 1.0 & 0.0")
e.given(ln, "Q and K^T restated")
e.claim(ln, "S = Q K^T", ["1.0", "0.0", "1.0", "2.0", "4.0", "4.0", "2.0", "2.0", "3.0"], flat(S))
e.claim(L("### Step 6: scaling by $\\sqrt{2} \\approx 1.414$"), "sqrt 2", ["1.414"], [sp.sqrt(2)])
e.claim(L("$$\\mathbf{S}_{\\text{scaled}} = \\frac{\\mathbf{S}}{1.414}"), "S / sqrt 2",
        ["0.707", "0.000", "0.707", "1.414", "2.828", "2.828", "1.414", "1.414", "2.121"], flat(Ssc))
e.claim(L("$$\\mathbf{S}_{\\text{masked}} ="), "masked scores (finite entries)",
        ["0.707", "1.414", "2.828", "1.414", "1.414", "2.121"],
        [Ssc[0, 0], Ssc[1, 0], Ssc[1, 1], Ssc[2, 0], Ssc[2, 1], Ssc[2, 2]])

ln = L('- **Row 0 (`"Order"`):**')
e.claim(ln, "row-0 score restated", ["0.707"], [Ssc[0, 0]])
e.claim(ln, "row-0 weights", ["1.000", "0.000", "0.000"], A.row(0))
e.claim(L('- **Row 1 (`"Shipment"`):**'), "row-1 scores restated", ["1.414", "2.828"], [Ssc[1, 0], Ssc[1, 1]])
e.ambiguous(L("$e^{1.414} \\approx 4.112$, $e^{2.828} \\approx 16.911$"),
            "exponentials of the rounded scores 1.414 / 2.828 (4.112, 16.911, sum 21.023) are right as written; "
            "from the exact scores e^sqrt2 = 4.113, e^(2 sqrt2) = 16.919, sum 21.032")
e.claim(L("\\mathbf{A}_{\\text{row 1}} = [4.112 / 21.023"), "row-1 weights (end to end)",
        ["0.196", "0.804", "0.000"], A.row(1))
e.claim(L('- **Row 2 (`"Receive"`):**'), "row-2 scores restated", ["1.414", "1.414", "2.121"], Ssc.row(2))
e.ambiguous(L("$e^{2.121} \\approx 8.339$, Sum $\\approx 16.563$"),
            "exponentials of the rounded scores (4.112, 8.339, sum 16.563) are right as written; exact e^(3/sqrt2) = "
            "8.342 and sum 16.569")
e.claim(L("\\mathbf{A}_{\\text{row 2}} = [4.112 / 16.563"), "row-2 weights (end to end)",
        ["0.248", "0.248", "0.504"], A.row(2), cause="slip")

ln = L("$$\\mathbf{A} = \\begin{bmatrix} 1.000 & 0.000 & 0.000")
e.given(ln, "shape 3 x 3")
e.claim(ln, "A restated", ["1.000", "0.000", "0.000", "0.196", "0.804", "0.000", "0.248", "0.248", "0.504"],
        flat(A), cause="carried")
e.given(L("### Step 9: the contextual output"), "shape 3 x 2")
ln = L("$$\\mathbf{H} = \\begin{bmatrix} 1.000 & 0.000 & 0.000")
e.claim(ln, "A restated in the product", ["1.000", "0.000", "0.000", "0.196", "0.804", "0.000", "0.248", "0.248",
                                          "0.504"], flat(A), cause="carried")
e.claim(ln, "V restated in the product", ["2.0", "0.0", "0.0", "2.0", "2.0", "1.0"], flat(V))

e.claim(L("$$1.000 \\times [2.0, 0.0] + 0 = [2.000, 0.000]$$"), "row-0 output", ["2.000", "0.000"], H.row(0))
e.ambiguous(L("$$0.196 \\times [2.0, 0.0] + 0.804 \\times [0.0, 2.0] = [0.392, 1.608]$$"),
            "products of the rounded weights 0.196 / 0.804 are right as written; the exact row-1 output is "
            "[0.39115, 1.60885] (judged end to end on the final H matrix)")
e.claim(L("= [0.496 + 1.008, 0.496 + 0.504] = [1.504, 1.000]$$"), "row-2 output from the weights [0.248, 0.248, 0.504]",
        ["1.504", "1.000"], H.row(2), cause="carried")

ln = L("$$\\mathbf{H} = \\begin{bmatrix} 2.000 & 0.000 \\\\ 0.392")
e.given(ln, "shape 3 x 2")
e.claim(ln, "H row 1", ["2.000", "0.000"], H.row(0))
e.claim(ln, "H row 2 (from the rounded weights)", ["0.392", "1.608"], H.row(1), cause="drift")
e.claim(ln, "H row 3", ["1.504", "1.000"], H.row(2), cause="carried")
e.done()
