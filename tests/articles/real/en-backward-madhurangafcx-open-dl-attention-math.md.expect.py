# Expected verdicts for en-backward-madhurangafcx-open-dl-attention-math.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Course notes ("Step 1 — Mathematics", 12-attention of the open-dl repository): why attention, Q/K/V, permutation
# equivariance and sinusoidal positions, then one causal single-head attention worked in full with 6-decimal numbers —
# projections, scores, 1/sqrt(2) scaling, causal mask, softmax row by row, output, a squared-error loss, the complete
# backward pass (dO, dV, dA, dS through the softmax Jacobian, dS_raw, dQ, dK, dW_Q/dW_K/dW_V, dX), one gradient-descent
# step (eta = 0.1) and the loss after it; Xavier formulas; test assertions.
# Inputs: X = [[1,0],[0,1],[1,1]], W_Q = [[1,0],[0,1]], W_K = [[1,0],[1,1]], W_V = [[1,1],[0,1]], d_k = 2, causal mask,
#   Y = [[1.0,0.5],[0.5,1.0],[0.8,1.2]], L = 1/2 sum (O - Y)^2, eta = 0.1.
# Exact values (all recomputed below): A rows [1,0,0], [0.33023845, 0.66976155, 0], [0.14002925, 0.28399541, 0.57597535];
#   O = [[1,1],[0.33023845,1],[0.71600459,1.5759753]]; L = 0.21361584; row 2 of the softmax-Jacobian step: dot products
#   0.040885734 + 0.10677527 + 0.38472577 = 0.53238678, differences -0.24040684, -0.15641143, +0.13556850;
#   after the step L = 0.14616888 (change -0.067446952, 31.57 %), errors o - y: [0.011620289, 0.42307999],
#   [-0.15198356, -0.047123983], [-0.061109461, 0.29008967].
# Wrong lines:
#   - after-step table: "Example 1 Error ... [-0.151745, -0.008985]" for [-0.151984, -0.047124] and
#     "Example 2 Error ... [-0.065431, 0.284210]" for [-0.061109, 0.290090] -> slip (the loss 0.146169, the change
#     -0.067447, 31.6 % and the example-0 error on the same table are right; the printed errors give a loss of 0.1436).
# Not wrong: several 6-digit prints are right only from rounded operands (0.424024 for A[2,0] + A[2,1] = 0.42402466,
#   0.384725 for 0.38472577, 0.532386 for 0.53238678, -0.240406 for -0.24040684); with 6 significant digits they
#   agree under the machine-float rule (relative 1e-5), so they are recorded as ok (their claims carry a drift/carried
#   cause only for the record). The initial loss 0.213616 is right although the printed terms add up to 0.213615.
# Ambiguous: "Validated against finite differences with numerical relative error < 10^{-9}" (a floating-point
#   measurement the article's formulas do not determine).
# Given: inputs, expansions that restate inputs, formulas, sizes, labels, headings, code thresholds.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="en", topics=["backward", "mask", "softmax", "basic"])
L = e.line
NUM = re.compile(r"(?<![A-Za-z_\d.^])[-+]?\d+(?:\.\d+)?")

def nums(ln):
    return NUM.findall(e.lines[ln - 1])

def nxt(after, test):
    for i, text in enumerate(e.lines[after:], start=after + 1):
        if test(text):
            return i
    raise SystemExit(f"nothing after line {after}")

def eqrows(after, k=1, tok="="):
    ln = after
    for _ in range(k):
        ln = nxt(ln, lambda t: t.strip() == tok)
    return ln + 2

def rows(first, M, what, cause="slip", causes=None):
    for i in range(M.rows):
        ln = first + i
        pr = nums(ln)
        e.claim(ln, f"{what} row {i}", pr, list(M.row(i)), cause=(causes or {}).get(i, cause))

def given_rows(first, n, what):
    for i in range(n):
        e.given(first + i, what)

X = sp.Matrix([[1, 0], [0, 1], [1, 1]]); WQ = sp.Matrix([[1, 0], [0, 1]]); WK = sp.Matrix([[1, 0], [1, 1]])
WV = sp.Matrix([[1, 1], [0, 1]]); Y = sp.Matrix([[1, R(1, 2)], [R(1, 2), 1], [R(4, 5), R(6, 5)]])
r2 = sp.sqrt(2)

def fwd(WQ, WK, WV, num=False):
    Q = X * WQ; K = X * WK; V = X * WV; Sr = Q * K.T; S = Sr / r2
    if num:
        S = S.evalf(50)
    A = sp.zeros(3, 3)
    for i in range(3):
        den = sum(sp.exp(S[i, k]) for k in range(i + 1))
        for j in range(i + 1):
            A[i, j] = sp.exp(S[i, j]) / den
    if num:
        A = A.evalf(50)
    O = A * V
    Lo = sum(((O - Y)[i, j]) ** 2 for i in range(3) for j in range(2)) / 2
    return dict(Q=Q, K=K, V=V, Sr=Sr, S=S, A=A, O=O, L=Lo)

f = fwd(WQ, WK, WV)
Q, K, V, Sr, S, A, O = (f[k] for k in ("Q", "K", "V", "Sr", "S", "A", "O"))
dO = O - Y; dV = A.T * dO; dA = dO * V.T
dS = sp.zeros(3, 3); dots = []
for i in range(3):
    dot = sum(dA[i, j] * A[i, j] for j in range(3)); dots.append(dot)
    for k in range(3):
        dS[i, k] = A[i, k] * (dA[i, k] - dot)
dSr = dS / r2; dQ = dSr * K; dK = dSr.T * Q
dWQ = X.T * dQ; dWK = X.T * dK; dWV = X.T * dV; dX = dQ * WQ.T + dK * WK.T + dV * WV.T
eta = R(1, 10); WQn = WQ - eta * dWQ; WKn = WK - eta * dWK; WVn = WV - eta * dWV
f2 = fwd(WQn.evalf(50), WKn.evalf(50), WVn.evalf(50), num=True)

# --- Q1-Q3: narrative numbers ----------------------------------------------------------------------------------
e.claim(L("- $i \\in \\{0, 1, \\dots, d_{\\mathrm{model}}/2 - 1\\}$"), "channel-pair range", ["0", "1", "2", "1"], [0, 1, 2, 1])

# --- Q5 forward ------------------------------------------------------------------------------------------------------
e.given(L("- Batch size $B = 1$"), "B"); e.given(L("- Sequence length $T = 3$"), "T")
e.given(L("- Feature dimension $d_{\\mathrm{model}} = 2$"), "d_model"); e.given(L("- Key/Value dimension $d_k = d_v = 2$"), "d_k")
e.claim(L("- Scaling factor: $\\sqrt{d_k} = \\sqrt{2} \\approx 1.41421356$"), "sqrt(2)", ["2", "1.41421356"], [2, r2])
h = L("#### A. Query Matrix Projection")
given_rows(eqrows(h, 1), 3, "products of inputs")
rows(eqrows(h, 2), Q, "Q")
h = L("#### B. Key Matrix Projection")
given_rows(eqrows(h, 1), 3, "products of inputs")
rows(eqrows(h, 2), K, "K")
h = L("#### C. Value Matrix Projection")
given_rows(eqrows(h, 1), 3, "products of inputs")
rows(eqrows(h, 2), V, "V")
rows(L("K^T = \\begin{bmatrix}") + 1, K.T, "K^T")
for i in range(3):
    ln = L(f"- **Row {i} ($q_{i} = [")
    e.claim(ln, f"q_{i} restated", nums(ln)[-2:], list(Q.row(i)))
    for j in range(3):
        ln = L(f"  - $q_{i} \\cdot k_{j} = ")
        e.claim(ln, f"score ({i},{j})", nums(ln)[-1:], [Sr[i, j]])
rows(L("S_{\\mathrm{raw}} = \\begin{bmatrix}") + 1, Sr, "S_raw")
e.claim(L("Each entry is divided by $\\sqrt{2} \\approx 1.41421356$"), "sqrt(2)", ["2", "1.41421356"], [2, r2])
h = L("S = \\frac{S_{\\mathrm{raw}}}{\\sqrt{2}} = \\begin{bmatrix}")
given_rows(h + 1, 3, "entries written as fractions of S_raw")
rows(eqrows(h, 1, "\\approx"), S, "S")
# proof of the scaling
e.claim(L("the standard deviation is $8.0$ or $11.3$"), "sqrt(64), sqrt(128)", ["64", "128", "8.0", "11.3"],
        [64, 128, sp.sqrt(64), sp.sqrt(128)])
e.given(L("Scores like $+12$ and $-10$ then appear"), "illustrative scores")
sm = [sp.exp(12), sp.exp(2), sp.exp(-5)]
e.claim(L("\\operatorname{softmax}([+12, +2, -5])"), "softmax([12, 2, -5])", ["0.99995", "0.00005", "0.00000"],
        [x / sum(sm) for x in sm])
# masked scores and softmax rows
h = L("S_{\\mathrm{masked}} = S + M = \\begin{bmatrix}")
for i in range(3):
    e.claim(h + 1 + i, f"masked row {i}", nums(h + 1 + i), list(S.row(i))[: i + 1])
e0 = sp.exp(-1 / r2); e1 = sp.exp(-r2)
e.claim(L("- **Row 0 ($i = 0$)**: Logits $[0.707107"), "row 0 logit", ["0.707107"], [S[0, 0]])
e.claim(L("  - Exponentiating: $\\exp(0.707107 - 0.707107)"), "row 0 exponentials",
        ["0.707107", "0.707107", "0", "1.0", "0.0", "0.0"], [S[0, 0], S[0, 0], 0, 1, 0, 0])
e.claim(L("  - Sum: $1.0 + 0.0 + 0.0 = 1.0$"), "row 0 sum", ["1.0", "0.0", "0.0", "1.0"], [1, 0, 0, 1])
ln = L("    A_{0, :} = [1.000000, 0.000000, 0.000000]")
e.claim(ln, "A row 0", nums(ln)[-3:], list(A.row(0)))
e.claim(L("- **Row 1 ($i = 1$)**: Logits $[0.000000, 0.707107"), "row 1 logits", ["0.000000", "0.707107"], [S[1, 0], S[1, 1]])
e.claim(L("  - Row max: $0.707107$"), "row 1 max", ["0.707107"], [S[1, 1]])
e.claim(L("  - Shifted logits: $[0.0 - 0.707107, 0.707107 - 0.707107"), "row 1 shifted",
        ["0.0", "0.707107", "0.707107", "0.707107", "-0.707107", "0.0"], [0, S[1, 1], S[1, 1], S[1, 1], -S[1, 1], 0])
e.claim(L("    - $\\exp(-0.707107) \\approx 0.4930687$"), "exp(-1/sqrt2)", ["-0.707107", "0.4930687"], [-1 / r2, e0])
e.claim(L("    - $\\exp(0.0) = 1.0000000$"), "exp(0)", ["0.0", "1.0000000"], [0, 1])
e.claim(L("    - $\\exp(-\\infty) = 0.0$"), "exp(-inf)", ["0.0"], [0])
e.claim(L("  - Sum: $0.4930687 + 1.0000000 = 1.4930687$"), "row 1 sum", ["0.4930687", "1.0000000", "1.4930687"], [e0, 1, e0 + 1])
e.claim(L("    - $A_{1, 0} = 0.4930687 / 1.4930687"), "A[1,0]", ["0.4930687", "1.4930687", "0.33023845"], [e0, e0 + 1, A[1, 0]])
e.claim(L("    - $A_{1, 1} = 1.0000000 / 1.4930687"), "A[1,1]", ["1.0000000", "1.4930687", "0.66976155"], [1, e0 + 1, A[1, 1]])
e.claim(L("    - $A_{1, 2} = 0.0000000$"), "A[1,2]", ["0.0000000"], [0])
ln = L("    A_{1, :} = [0.330238, 0.669762, 0.000000]")
e.claim(ln, "A row 1", nums(ln)[-3:], list(A.row(1)))
e.claim(L("- **Row 2 ($i = 2$)**: Logits $[0.707107, 1.414214, 2.121320]$"), "row 2 logits",
        ["0.707107", "1.414214", "2.121320"], list(S.row(2)))
e.claim(L("  - Row max: $2.121320$"), "row 2 max", ["2.121320"], [S[2, 2]])
e.claim(L("  - Shifted logits: $[0.707107 - 2.121320"), "row 2 shifted",
        ["0.707107", "2.121320", "1.414214", "2.121320", "0.0", "-1.414214", "-0.707107", "0.0"],
        [S[2, 0], S[2, 2], S[2, 1], S[2, 2], 0, S[2, 0] - S[2, 2], S[2, 1] - S[2, 2], 0])
e.claim(L("    - $\\exp(-1.414214) \\approx 0.2431167$"), "exp(-sqrt2)", ["-1.414214", "0.2431167"], [-r2, e1])
e.claim(L("    - $\\exp(-0.707107) \\approx 0.4930687$", nth=2), "exp(-1/sqrt2)", ["-0.707107", "0.4930687"], [-1 / r2, e0])
e.claim(L("    - $\\exp(0.0) = 1.0000000$", nth=2), "exp(0)", ["0.0", "1.0000000"], [0, 1])
e.claim(L("  - Sum: $0.2431167 + 0.4930687 + 1.0000000 = 1.7361854$"), "row 2 sum",
        ["0.2431167", "0.4930687", "1.0000000", "1.7361854"], [e1, e0, 1, e1 + e0 + 1])
for j, (nm, num) in enumerate([("0.2431167", e1), ("0.4930687", e0), ("1.0000000", 1)]):
    ln = L(f"    - $A_{{2, {j}}} = {nm} / 1.7361854")
    e.claim(ln, f"A[2,{j}]", nums(ln)[-3:], [num, e1 + e0 + 1, A[2, j]])
ln = L("    A_{2, :} = [0.140029, 0.283995, 0.575975]")
e.claim(ln, "A row 2", nums(ln)[-3:], list(A.row(2)))
e.claim(L("#### The Resulting Attention Weight Matrix $A \\in [0, 1]^{3 \\times 3}$:"), "range and shape",
        ["0", "1", "3", "3"], [0, 1, 3, 3])
rows(L("A = \\begin{bmatrix}") + 1, A, "A")
e.claim(L("*Each row adds up to $1.000000$"), "row sums", ["1.000000"], [sum(A.row(0))])
# output
h = L("O = A V = \\begin{bmatrix}")
rows(h + 1, A, "A restated")
given_rows(eqrows(h, 0, "") if False else nxt(h, lambda t: t.strip() == "\\begin{bmatrix}") + 1, 3, "V restated")
ln = L("  o_0 = 1.0 \\times [1.0, 1.0]")
e.claim(ln, "o_0", ["1.000000", "1.000000"], list(O.row(0)))
e.claim(L("  o_1 = 0.330238 \\times [1.0, 1.0]"), "weights restated", ["0.330238", "0.669762"], [A[1, 0], A[1, 1]])
e.claim(L("  - Dimension 0: $0.330238 \\times 1.0 + 0.669762 \\times 0.0 = 0.330238$"), "o_1[0]",
        ["0.330238", "0.669762", "0.330238"], [A[1, 0], A[1, 1], O[1, 0]])
e.claim(L("  - Dimension 1: $0.330238 \\times 1.0 + 0.669762 \\times 1.0 = 1.000000$"), "o_1[1]",
        ["0.330238", "0.669762", "1.000000"], [A[1, 0], A[1, 1], O[1, 1]])
e.claim(L("  - Result: $[0.330238, 1.000000]$"), "o_1", ["0.330238", "1.000000"], list(O.row(1)))
e.claim(L("  o_2 = 0.140029 \\times [1.0, 1.0]"), "weights restated", ["0.140029", "0.283995", "0.575975"], list(A.row(2)))
e.claim(L("  - Dimension 0: $0.140029 \\times 1.0 + 0.283995 \\times 0.0 + 0.575975 \\times 1.0 = 0.716005$"), "o_2[0]",
        ["0.140029", "0.283995", "0.575975", "0.716005"], list(A.row(2)) + [O[2, 0]])
ln = L("  - Dimension 1: $0.140029 \\times 1.0 + 0.283995 \\times 1.0 + 0.575975 \\times 2.0")
e.claim(ln, "o_2[1] and its last term", ["0.140029", "0.283995", "0.575975", "1.151951", "1.575975"],
        list(A.row(2)) + [2 * A[2, 2], O[2, 1]])
e.claim(ln, "A[2,0] + A[2,1] (from rounded terms)", ["0.424024"], [A[2, 0] + A[2, 1]], cause="drift")
e.claim(L("  - Result: $[0.716005, 1.575975]$"), "o_2", ["0.716005", "1.575975"], list(O.row(2)))
rows(L("O = \\begin{bmatrix}") + 1, O, "O")

# --- Q6 loss ---------------------------------------------------------------------------------------------------------
rows(L("Y = \\begin{bmatrix}") + 1, Y, "Y (given)")
for i in range(3):
    e.verdicts[L("Y = \\begin{bmatrix}") + 1 + i]["verdict"] = "given"
lr = [sum((dO[i, j]) ** 2 for j in range(2)) / 2 for i in range(3)]
ln = L("- Example 0: $\\frac{1}{2} [(1.0 - 1.0)^2")
e.claim(ln, "example 0", ["0.25", "0.125000"], [dO[0, 1] ** 2, lr[0]])
ln = L("- Example 1: $\\frac{1}{2} [(0.330238 - 0.5)^2")
e.claim(ln, "example 1", ["0.330238", "-0.169762", "0.014409"], [O[1, 0], dO[1, 0], lr[1]])
ln = L("- Example 2: $\\frac{1}{2} [(0.716005 - 0.8)^2")
e.claim(ln, "example 2", ["0.716005", "1.575975", "-0.083995", "0.375975", "0.007055", "0.141357", "0.074206"],
        [O[2, 0], O[2, 1], dO[2, 0], dO[2, 1], dO[2, 0] ** 2, dO[2, 1] ** 2, lr[2]])
ln = L("L_{\\mathrm{initial}} = 0.125000 + 0.014409 + 0.074206 = 0.213616")
e.claim(ln, "initial loss", ["0.125000", "0.014409", "0.074206", "0.213616"], lr + [f["L"]])

# --- Q7 backward -------------------------------------------------------------------------------------------------------
for needle, shp in [("               dL/dO : (3, 2)", [3, 2]), (" (3, 2)                              (3, 3)", [3, 2, 3, 3]),
                    ("        │               (3, 2)                  (3, 2)", [3, 2, 3, 2]),
                    (" (2, 2)                   (2, 2)                (2, 2)", [2, 2, 2, 2, 2, 2]),
                    ("                     (3, 2)", [3, 2])]:
    ln = L(needle)
    e.claim(ln, "shape", nums(ln), shp)
h = L("dO = O - Y = \\begin{bmatrix}")
given_rows(h + 1, 3, "O and Y restated")
rows(eqrows(h, 1), dO, "dO")
rows(L("A^T = \\begin{bmatrix}") + 1, A.T, "A^T")
h = L("dV = \\begin{bmatrix}")
given_rows(h + 1, 3, "products of restated values")
rows(L("dV = \\begin{bmatrix}", nth=2) + 1, dV, "dV")
rows(L("V^T = \\begin{bmatrix}") + 1, V.T, "V^T")
h = L("dA = \\begin{bmatrix}")
rows(h + 1, dO, "dO restated")
given_rows(nxt(h + 4, lambda t: t.strip() == "\\begin{bmatrix}") + 1, 2, "V^T restated")
rows(eqrows(h, 1), dA, "dA")
# softmax Jacobian rows
e.claim(L("- **Row 0**: $A_0 = [1.0, 0.0, 0.0]$, $dA_0 = [0.5, 0.5, 1.0]$"), "row 0 restated",
        ["1.0", "0.0", "0.0", "0.5", "0.5", "1.0"], list(A.row(0)) + list(dA.row(0)))
e.claim(L("  - Dot product $\\sum_j dA_{0, j} A_{0, j} = 0.5 \\times 1.0 + 0 + 0 = 0.5$"), "row 0 dot",
        ["0.5", "1.0", "0", "0", "0.5"], [dA[0, 0], A[0, 0], 0, 0, dots[0]])
e.claim(L("  - Difference $dA_0 - 0.5 = [0.0, 0.0, 0.5]$"), "row 0 difference", ["0.5", "0.0", "0.0", "0.5"],
        [dots[0]] + [dA[0, k] - dots[0] for k in range(3)])
e.claim(L("  - Element-wise multiply by $A_0$"), "row 0 products", nums(L("  - Element-wise multiply by $A_0$")),
        [1, 0, 0, 0, 0, R(1, 2), 0, 0, 0])
ln = L("  - Row 0 Gradient: $[0.000000, 0.000000, 0.000000]$")
e.claim(ln, "dS row 0", nums(ln)[-3:], list(dS.row(0)))
ln = L("- **Row 1**: $A_1 = [0.330238, 0.669762, 0.0]$")
e.claim(ln, "row 1 restated", nums(ln)[-6:], list(A.row(1)) + list(dA.row(1)))
e.claim(L("  - Dot product: $-0.169762 \\times 0.330238 + 0.0 = -0.056062$"), "row 1 dot",
        ["-0.169762", "0.330238", "0.0", "-0.056062"], [dA[1, 0], A[1, 0], 0, dots[1]])
for k, nm in [(0, "    - $k=0$: $-0.169762 - (-0.056062) = -0.113700$"), (1, "    - $k=1$: $0.0 - (-0.056062) = +0.056062$"),
              (2, "    - $k=2$: $-0.169762 - (-0.056062) = -0.113700$")]:
    ln = L(nm)
    e.claim(ln, f"row 1 difference {k}", [p for p in nums(ln)[1:]], [dA[1, k], dots[1], dA[1, k] - dots[1]])
for k, nm in [(0, "    - $dS_{1, 0} = 0.330238 \\times (-0.113700) = -0.037548$"),
              (1, "    - $dS_{1, 1} = 0.669762 \\times (+0.056062) = +0.037548$"),
              (2, "    - $dS_{1, 2} = 0.0 \\times (-0.113700) = 0.000000$")]:
    ln = L(nm)
    e.claim(ln, f"dS[1,{k}]", nums(ln)[-3:], [A[1, k], dA[1, k] - dots[1], dS[1, k]])
ln = L("  - Row 1 Gradient: $[-0.037548, +0.037548, 0.000000]$")
e.claim(ln, "dS row 1", nums(ln)[-3:], list(dS.row(1)))
ln = L("- **Row 2**: $A_2 = [0.140029, 0.283995, 0.575975]$")
e.claim(ln, "row 2 restated", nums(ln)[-6:], list(A.row(2)) + list(dA.row(2)))
ln = L("  - Dot product: $0.140029(0.291980) + 0.283995(0.375975) + 0.575975(0.667955)")
e.claim(ln, "row 2 factors restated", ["0.140029", "0.291980", "0.283995", "0.375975", "0.575975", "0.667955"],
        [A[2, 0], dA[2, 0], A[2, 1], dA[2, 1], A[2, 2], dA[2, 2]])
e.claim(ln, "row 2 products", ["0.040886", "0.106775"], [A[2, 0] * dA[2, 0], A[2, 1] * dA[2, 1]])
e.claim(ln, "row 2 third product and the dot (from rounded factors)", ["0.384725", "0.532386"],
        [A[2, 2] * dA[2, 2], dots[2]], cause="drift")
for k, nm in [(0, "    - $k=0$: $0.291980 - 0.532386 = -0.240406$"), (1, "    - $k=1$: $0.375975 - 0.532386 = -0.156411$"),
              (2, "    - $k=2$: $0.667955 - 0.532386 = +0.135569$")]:
    ln = L(nm)
    e.claim(ln, f"dA[2,{k}] restated", nums(ln)[1:2], [dA[2, k]])
    e.claim(ln, "the rounded dot product restated", ["0.532386"], [dots[2]], cause="carried")
    e.claim(ln, f"row 2 difference {k}", nums(ln)[-1:], [dA[2, k] - dots[2]], cause="drift")
for k, nm in [(0, "    - $dS_{2, 0} = 0.140029 \\times (-0.240406) = -0.033664$"),
              (1, "    - $dS_{2, 1} = 0.283995 \\times (-0.156411) = -0.044420$"),
              (2, "    - $dS_{2, 2} = 0.575975 \\times (+0.135569) = +0.078084$")]:
    ln = L(nm)
    pr = nums(ln)[-3:]
    e.claim(ln, f"A[2,{k}] and dS[2,{k}]", [pr[0], pr[2]], [A[2, k], dS[2, k]])
    e.claim(ln, f"difference {k} restated", [pr[1]], [dA[2, k] - dots[2]], cause="carried")
ln = L("  - Row 2 Gradient: $[-0.033664, -0.044420, +0.078084]$")
e.claim(ln, "dS row 2", nums(ln)[-3:], list(dS.row(2)))
rows(L("dS = \\begin{bmatrix}") + 1, dS, "dS")
rows(L("dS_{\\mathrm{raw}} = \\begin{bmatrix}") + 1, dSr, "dS_raw")
h = L("dQ = \\begin{bmatrix}")
rows(h + 1, dSr, "dS_raw restated")
given_rows(nxt(h + 4, lambda t: t.strip() == "\\begin{bmatrix}") + 1, 3, "K restated")
rows(eqrows(h, 1), dQ, "dQ")
rows(L("dS_{\\mathrm{raw}}^T = \\begin{bmatrix}") + 1, dSr.T, "dS_raw^T")
h = L("dK = \\begin{bmatrix}")
rows(h + 1, dSr.T, "dS_raw^T restated")
given_rows(nxt(h + 4, lambda t: t.strip() == "\\begin{bmatrix}") + 1, 3, "Q restated")
rows(eqrows(h, 1), dK, "dK")
rows(L("X^T = \\begin{bmatrix}") + 1, X.T, "X^T")
for needle, src, res in [("dW_Q = \\begin{bmatrix}", dQ, dWQ), ("dW_K = \\begin{bmatrix}", dK, dWK), ("dW_V = \\begin{bmatrix}", dV, dWV)]:
    h = L(needle)
    rows(h + 1, X.T, "X^T restated")
    rows(nxt(h + 3, lambda t: t.strip() == "\\begin{bmatrix}") + 1, src, "gradient restated")
    rows(eqrows(h, 1), res, needle[:4])
rows(L("dX = \\begin{bmatrix}") + 1, dX, "dX")
e.ambiguous(L("*Validated against finite differences"), "a floating-point measurement the formulas do not determine")

# --- Q8 update ---------------------------------------------------------------------------------------------------------
e.given(L("With learning rate $\\eta = 0.1$:"), "eta")
for needle, W, dW, Wn in [("#### A. Query Weights", WQ, dWQ, WQn), ("#### B. Key Weights", WK, dWK, WKn), ("#### C. Value Weights", WV, dWV, WVn)]:
    h = L(needle)
    e.given(h, "eta restated")
    first = nxt(h, lambda t: "\\begin{bmatrix}" in t) + 1
    given_rows(first, 2, "old weights")
    e.given(L("- 0.1 \\times", after=h), "eta")
    second = nxt(first + 2, lambda t: t.strip() == "\\begin{bmatrix}") + 1
    rows(second, dW, "gradient restated")
    rows(eqrows(second, 1), Wn, "new weights")
e.given(L("### 2. Concrete Impact of 1 Gradient Descent Step on Loss:"), "one step")
e.given(L("| Metric | Before Step (Initial) | After 1 Step ($\\eta = 0.1$) | Absolute Change |"), "eta")
ln = L("| **Total Loss ($L$)** | **0.213616** | **0.146169** |")
e.claim(ln, "losses, change and percent", ["0.213616", "0.146169", "-0.067447", "31.6%"],
        [f["L"], f2["L"], f2["L"] - f["L"], (f["L"] - f2["L"]) / f["L"]])
err = f2["O"] - Y
ln = L("| Example 0 Error ($o_0 - y_0$) |")
e.claim(ln, "example 0 errors before and after", nums(ln)[-4:], list(dO.row(0)) + list(err.row(0)))
for i in (1, 2):
    ln = L(f"| Example {i} Error ($o_{i} - y_{i}$) |")
    pr = nums(ln)[-4:]
    e.claim(ln, f"example {i} error before", pr[:2], list(dO.row(i)))
    e.claim(ln, f"example {i} error after", pr[2:], list(err.row(i)))

# --- Q10 assertions -----------------------------------------------------------------------------------------------------
for i in range(3):
    ln = L(f"   np.testing.assert_allclose(output[0, {i}], [")
    pr = nums(ln)
    e.given(ln, "indices and tolerance")
    e.claim(ln, f"output row {i}", pr[2:4], list(O.row(i)))

# --- everything else with digits ------------------------------------------------------------------------------------------
for i, text in enumerate(e.lines, start=1):
    if i > 1 and i not in e.verdicts and any(ch.isdigit() for ch in text):
        e.given(i, "input, formula, size, label, heading or code")

e.done()
