# Expected verdicts for en-basic-rajatdandekar-i-love-math-first-principles.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A one-token projection x_mat . W^Q = [0.21, 0.04] (exact), then the full "I love math" example: Q = [[1,0],[0,1],[1,1]],
# K = [[0,1],[1,0],[1,1]], V = [[1,2],[3,4],[5,6]], d_k = 2.  QK^T = [[0,1,1],[1,0,1],[1,1,2]], scaled by sqrt(2); the softmax
# rows are [0.197776, 0.401112, 0.401112], [0.401112, 0.197776, 0.401112], [0.248255, 0.248255, 0.503490]: every printed
# exponential, sum and weight agrees at 3 places.  The output is worked from the 3-place weights: row 1 is exactly
# 0.197776 + 8(0.401112) = 3.406673 and 2(0.197776) + 10(0.401112) = 4.406673 (3.407, 4.407), row 3 is 3.510470 and 4.510470
# (3.510, 4.510); the article's products 0.401(5) = 2.005, 0.401(6) = 2.406, 0.198(3) = 0.594, ... are right from the rounded
# weights (ambiguous, arithmetic on rounded operands), and the results [3.406, 4.406] and [3.507, 4.506] are wrong end to end
# (drift), in the Final output matrix and in the prose that restates row 3.  Row 2 is exactly [3, 4] (the weights cancel).
# The d_k = 64 aside (sqrt 64 = 8, e^16 ~ 8.9e6, 16/8 = 2), the multi-head sizes (512/8 = 64) and the positional encodings
# at positions 3, 0, 1 (sin 3 = 0.141, cos 3 = -0.990, ...) are all right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, agrees, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "projection", "scaling", "softmax", "output", "mha", "pe"])

# --- the one-token projection
x = M([["1.0", "0.5", "-0.3", "0.8"]])
WQ = M([["0.2", "0.1"], ["0.4", "-0.3"], ["0.1", "0.5"], ["-0.2", "0.3"]])
q = x * WQ
e.given(e.line("$$x_{\\text{mat}} = [1.0"), "x_mat")
e.given(e.line("$$W^Q = \\begin{bmatrix}"), "W^Q")
e.given(e.line("$$q_{\\text{mat}} = x_{\\text{mat}} \\cdot W^Q"), "x_mat and W^Q restated")
L = e.line("$$q_{\\text{mat}} = [(1.0)(0.2)")
e.claim(L, "operands x_i and W^Q[i, j] restated",
        ["1.0", "0.2", "0.5", "0.4", "-0.3", "0.1", "0.8", "-0.2", "-0.3", "0.5", "0.3"],
        [x[0], WQ[0, 0], x[1], WQ[1, 0], x[2], WQ[2, 0], x[3], WQ[3, 0], WQ[1, 1], WQ[2, 1], WQ[3, 1]])
prods = [[x[i] * WQ[i, j] for i in range(4)] for j in range(2)]
L = e.line("$$q_{\\text{mat}} = [0.2 + 0.2 - 0.03 - 0.16")
e.claim(L, "products of column 1 (signs printed as operators)", ["0.2", "0.2", "0.03", "0.16"], [abs(p) for p in prods[0]])
e.claim(L, "products of column 2 (signs printed as operators)", ["0.1", "0.15", "0.15", "0.24"], [abs(p) for p in prods[1]])
e.claim(e.line("$$q_{\\text{mat}} = [0.21"), "q_mat", ["0.21", "0.04"], list(q))
e.given(e.line("$k_{\\text{cat}} = [0.18"), "illustrative keys k_cat, k_mat (assumed, not computed)")

# --- the d_k = 64 aside
L = e.line("Take $d_k = 64$")
e.given(L, "d_k = 64")
L = e.line("variance 64 and a spread of")
e.claim(L, "variance of a 64-term dot product", "64", 64)
e.claim(L, "sqrt(64)", "8", sp.sqrt(64))
e.claim(e.line("$e^{16} \\approx 8.9"), "e^16 / 10^6", "8.9", sp.exp(16) / 10**6)
L = e.line("Dividing by $\\sqrt{64} = 8$")
e.claim(L, "sqrt(64) and 16/8", ["8", "2"], [sp.sqrt(64), R(16, 8)])

# --- the worked example
Q = M([[1, 0], [0, 1], [1, 1]])
K = M([[0, 1], [1, 0], [1, 1]])
V = M([[1, 2], [3, 4], [5, 6]])
S = Q * K.T
Ss = S / sp.sqrt(2)
A = softmax_rows(Ss)
O = A * V
a, b = sp.exp(1 / sp.sqrt(2)), sp.exp(sp.sqrt(2))
e.given(e.line("and $d_k = 2$; after the projections"), "d_k = 2")
e.given(e.line("$$Q = \\begin{bmatrix} 1 & 0"), "Q")
e.given(e.line("$$K = \\begin{bmatrix} 0 & 1"), "K")
e.given(e.line("$$V = \\begin{bmatrix} 1 & 2"), "V")
e.claim(e.line("$$QK^T = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1"), "Q and K^T restated",
        ["1", "0", "0", "1", "1", "1", "0", "1", "1", "1", "0", "1"], list(Q) + list(K.T))
L0 = e.line("- Row 1 of Q $\\cdot$ Col 1 of $K^T$")
for i in range(3):
    for j in range(3):
        L = L0 + 3 * i + j
        text = e.lines[L - 1]
        e.claim(L, f"S[{i + 1},{j + 1}]", text.rsplit("= ", 1)[1].rstrip("$").strip(), S[i, j])
e.claim(e.line("$$QK^T = \\begin{bmatrix} 0 & 1 & 1"), "QK^T", [str(v) for v in S], list(S))
e.claim(e.line("$\\sqrt{d_k} = \\sqrt{2} \\approx 1.414$"), "sqrt(2)", "1.414", sp.sqrt(2))
pr = lambda v: "0" if v == 0 else ("0.707" if v == 1 else "1.414")
e.claim(e.line("$$\\frac{QK^T}{\\sqrt{d_k}} = \\begin{bmatrix}"), "QK^T / sqrt(2)", [pr(v) for v in S], list(Ss))

L = e.line("For Row 1: $e^0 = 1.0$")
e.claim(L, "exponentials of row 1 and their sum", ["1.0", "2.028", "2.028", "5.056"], [1, a, a, 1 + 2 * a])
L = e.line("$$\\text{softmax}(\\text{Row 1})")
e.claim(L, "exponentials and sum restated", ["1.0", "2.028", "5.056"], [1, a, 1 + 2 * a])
e.claim(L, "softmax row 1", ["0.198", "0.401", "0.401"], list(A.row(0)))
L = e.line("For Row 2: $e^{0.707} = 2.028$")
e.claim(L, "exponentials of row 2 and their sum", ["2.028", "1.0", "2.028", "5.056"], [a, 1, a, 1 + 2 * a])
e.claim(e.line("$$\\text{softmax}(\\text{Row 2})"), "softmax row 2", ["0.401", "0.198", "0.401"], list(A.row(1)))
L = e.line("For Row 3: $e^{0.707} = 2.028$")
e.claim(L, "exponentials of row 3 and their sum", ["2.028", "2.028", "4.113", "8.169"], [a, a, b, 2 * a + b])
L = e.line("$$\\text{softmax}(\\text{Row 3})")
e.claim(L, "exponentials and sum restated", ["2.028", "4.113", "8.169"], [a, b, 2 * a + b])
e.claim(L, "softmax row 3", ["0.248", "0.248", "0.503"], list(A.row(2)))
e.claim(e.line("$$A = \\begin{bmatrix}"), "A", ["0.198", "0.401", "0.401", "0.401", "0.198", "0.401", "0.248", "0.248", "0.503"],
        list(A))
L = e.line("\"math\" (row 3) weights itself most (0.503)")
e.claim(L, "A[3,3], A[3,1]", ["0.503", "0.248"], [A[2, 2], A[2, 0]])
e.given(L + 1, "q_math and k_math restated")
e.claim(L + 2, "A[1,1], A[1,2]", ["0.198", "0.401"], [A[0, 0], A[0, 1]])
e.given(L + 3, "q_I and k_I restated")
e.claim(e.line("$$\\text{Output} = A \\cdot V"), "A and V restated",
        ["0.198", "0.401", "0.248", "0.503", "1", "2", "3", "4", "5", "6"],
        [A[0, 0], A[0, 1], A[2, 0], A[2, 2], 1, 2, 3, 4, 5, 6])

# output rows: operand line, product line (rounded-operand arithmetic), result line
rows = [("$$[0.198(1) + 0.401(3)", [(0, 0), (0, 1), (0, 2)]),
        ("$$[0.401(1) + 0.198(3)", [(1, 0), (1, 1), (1, 2)]),
        ("$$[0.248(1) + 0.248(3)", [(2, 0), (2, 1), (2, 2)])]
for r, (needle, _) in enumerate(rows):
    L = e.line(needle)
    w = [A[r, k] for k in range(3)]
    txt = e.lines[L - 1]
    printed_w = [txt.split("$$[")[1].split("(1)")[0].strip(),
                 txt.split("+ ")[1].split("(3)")[0].strip(),
                 txt.split("+ ")[2].split("(5)")[0].strip()]
    e.claim(L, f"weights of output row {r + 1} restated", printed_w, w)
    prod_line = L + 1
    ptxt = e.lines[prod_line - 1]
    left, right = ptxt.split("[")[1].split("]")[0].split(", \\;\\;")
    printed = [t.strip() for t in left.split("+")] + [t.strip() for t in right.split("+")]
    exact = [w[k] * V[k, 0] for k in range(3)] + [w[k] * V[k, 1] for k in range(3)]
    bad = [(p, x) for p, x in zip(printed, exact) if not agrees(p, x)]
    if bad:
        e.ambiguous(prod_line, "products of the 3-place weights with V are right as written (e.g. "
                    + ", ".join(f"{p}" for p, _ in bad) + ") but not end to end ("
                    + ", ".join(f"{sp.N(x, 6)}" for _, x in bad) + ")")
    else:
        e.claim(prod_line, f"products of output row {r + 1}", printed, exact)
    res_line = L + 2
    rtxt = e.lines[res_line - 1]
    res = [t.strip() for t in rtxt.split("[")[1].split("]")[0].split(", \\;\\;")]
    if r == 1:
        e.claim(res_line, "output row 2 (exactly [3, 4])", res, list(O.row(1)))
    else:
        e.ambiguous(res_line, f"the sum of the printed products is right as written; end to end the row is "
                    f"[{sp.N(O[r, 0], 7)}, {sp.N(O[r, 1], 7)}] (judged on the Final output matrix)")

L = e.line("$$\\text{Output} = \\begin{bmatrix} 3.406")
e.claim(L, "final output row 1 (from the rounded weights)", ["3.406", "4.406"], list(O.row(0)), cause="drift")
e.claim(L, "final output row 2", ["3.000", "4.000"], list(O.row(1)))
e.claim(L, "final output row 3 (from the rounded weights)", ["3.507", "4.506"], list(O.row(2)), cause="drift")
L = e.line("The output of \"math\" (Row 3: $[3.507, 4.506]$)")
e.claim(L, "output row 3 restated", ["3.507", "4.506"], list(O.row(2)), cause="drift")
e.claim(L, "value of math restated", ["5", "6"], list(V.row(2)))
e.claim(e.line("\"love\" (Row 2: $[3.000, 4.000]$)"), "output row 2 restated", ["3.000", "4.000"], list(O.row(1)))

# --- multi-head sizes
e.given(e.line("With $h = 2$ heads giving"), "two illustrative head outputs")
e.claim(e.line("$$\\text{Concat} = [0.5"), "concatenation", ["0.5", "-0.3", "0.8", "0.1"],
        [R(1, 2), R(-3, 10), R(4, 5), R(1, 10)])
e.given(e.line("$d_{\\text{model}} = 512$."), "d_model = 512")
e.given(e.line("The number of heads is $h = 8$."), "h = 8")
L = e.line("d_k = d_{\\text{model}} / h = 512 / 8 = 64")
e.claim(L, "d_model / h", ["512", "8", "64"], [512, 8, R(512, 8)])
e.claim(e.line("$8 \\times 64 = 512$"), "8 x 64", ["8", "64", "512"], [8, 64, 8 * 64])

# --- positional encodings
e.given(e.line("Position $pos = 3$ with $d_{\\text{model}} = 4$"), "pos = 3, d_model = 4")
L = e.line("$$PE_{(3, 0)} =")
e.claim(L, "10000^0 = 1, sin(3)", ["1", "0.141"], [R(10000) ** 0, sp.sin(3)])
e.claim(e.line("$$PE_{(3, 1)} ="), "cos(3)", "-0.990", sp.cos(3))
L = e.line("$$PE_{(3, 2)} =")
e.claim(L, "2/4, 10000^0.5, 3/100, sin(0.03)", ["0.5", "100", "0.03", "0.030"],
        [R(2, 4), sp.sqrt(10000), R(3, 100), sp.sin(R(3, 100))])
e.claim(e.line("$$PE_{(3, 3)} ="), "cos(0.03)", "1.000", sp.cos(R(3, 100)))
pe3 = [sp.sin(3), sp.cos(3), sp.sin(R(3, 100)), sp.cos(R(3, 100))]
e.claim(e.line("$$PE_3 = [0.141"), "PE_3", ["0.141", "-0.990", "0.030", "1.000"], pe3)
e.given(e.line("Added to an embedding $[0.5, 0.3, -0.1, 0.8]$"), "embedding at position 3")
emb = [R(1, 2), R(3, 10), R(-1, 10), R(4, 5)]
e.claim(e.line("$$[0.5 + 0.141"), "embedding + PE_3", ["0.641", "-0.690", "-0.070", "1.800"],
        [u + v for u, v in zip(emb, pe3)])
e.claim(e.line("$$PE_0 = [\\sin(0)"), "PE_0", ["0", "1", "0", "1"], [0, 1, 0, 1])
e.claim(e.line("$$PE_1 = [\\sin(1)"), "PE_1", ["0.841", "0.540", "0.010", "1.000"],
        [sp.sin(1), sp.cos(1), sp.sin(R(1, 100)), sp.cos(R(1, 100))])
e.done()
