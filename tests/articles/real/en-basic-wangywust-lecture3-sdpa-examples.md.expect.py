# Expected verdicts for en-basic-wangywust-lecture3-sdpa-examples.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Three scaled dot-product examples from a course lecture, all in bmatrix.
# Example 1: Q = [[1,0],[0,1],[1,1]], K = [[1,1],[0,1],[1,0]], V = [[0,2],[1,1],[2,0]], d_k = 2.  QK^T = [[1,0,1],[1,1,0],
# [2,1,1]] and the 2-place scaled scores are right.  The lecture then exponentiates the ROUNDED scores (e^0.71 = 2.034,
# e^1.41 = 4.096; end to end e^(1/sqrt2) = 2.028115, e^sqrt2 = 4.113250) and sums them (5.068, 8.164; end to end 5.056230,
# 8.169470): explicit arithmetic on rounded operands -> ambiguous.  The exact weights are [0.401112, 0.197776, 0.401112]
# (row 1, row 2 permuted) and [0.503490, 0.248255, 0.248255] (row 3).  1/5.068 = 0.197 and 2.034/8.164 = 0.249 are right as
# written but not end to end (0.198, 0.248): ambiguous where written as a division, and the stated row results
# [0.401, 0.197, 0.401], [0.401, 0.401, 0.197], [0.501, 0.249, 0.249] are judged end to end: 0.197 and 0.249 are wrong
# (drift).  4.096/8.164 = 0.501715 is printed 0.501 (a truncation; end to end 0.503490 -> 0.503): slip, and its restatement in
# row 3's result is carried.  The 2-place matrix alpha is right (0.40, 0.20, 0.50, 0.25 all agree).
# The output: rows 1 and 2 agree end to end ([1, 1] exactly since 2a + b = 1; [0.796664, 1.203336] -> [0.80, 1.20]).  Row 3 is
# summed from the rounded weights 0.50/0.25/0.25 ([0, 1.0] + [0.25, 0.25] + [0.50, 0] agree term by term at their places),
# but the exact row is [3(0.248255), 2(0.503490) + 0.248255] = [0.744765, 1.255235] -> [0.74, 1.26]; the printed
# [0.75, 1.25] is wrong end to end (drift), and the Final Output matrix repeats it (carried).
# Examples 2 and 3 are exact and right: [1,1]/sqrt2 = [0.71, 0.71], weights [0.5, 0.5], output [3, 2]; [1,1,1,1]/2 =
# [0.5]*4, weights [0.25]*4, output 0.5 + 1 + 1.5 + 2 = 5.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "scaling", "softmax", "output", "latex", "bmatrix"])


def row_claim(ln, what, printed, exact, cause="slip"):
    e.claim(ln, what, printed, exact, cause)


# ---------------- Example 1
Q = M([[1, 0], [0, 1], [1, 1]])
K = M([[1, 1], [0, 1], [1, 0]])
V = M([[0, 2], [1, 1], [2, 0]])
S = Q * K.T
Ss = S / sp.sqrt(2)
A = softmax_rows(Ss)
O = A * V
EX = Ss.applyfunc(sp.exp)

L0 = e.line("#### Example 1: Detailed Numerical Computation")
LQ = e.line("Q = \\begin{bmatrix}", after=L0)
for i in range(3):
    e.given(LQ + 1 + i, f"Q row {i + 1}")
LK = e.line("K = \\begin{bmatrix}", after=L0)
for i in range(3):
    e.given(LK + 1 + i, f"K row {i + 1}")
LV = e.line("V = \\begin{bmatrix}", after=L0)
for i in range(3):
    e.given(LV + 1 + i, f"V row {i + 1}")

LS = e.line("QK^T = \\begin{bmatrix}", after=L0)
e.rows([LS + 1, LS + 2, LS + 3], "QK^T", [[str(v) for v in S.row(i)] for i in range(3)], S)

L = e.line("The key width is $d_k = 2$")
e.given(L, "d_k = 2")
e.claim(L, "sqrt(2)", ["1.41"], [sp.sqrt(2)])
LS2 = e.line("\\frac{QK^T}{\\sqrt{2}} \\approx")
e.rows([LS2 + 2, LS2 + 3, LS2 + 4], "scaled scores QK^T / sqrt(2)",
       [["0.71", "0", "0.71"], ["0.71", "0.71", "0"], ["1.41", "0.71", "0.71"]], Ss)

# row by row softmax
blocks = [("- Row 1: $[0.71, 0, 0.71]$", ["0.71", "0", "0.71"]),
          ("- Row 2: $[0.71, 0.71, 0]$", ["0.71", "0.71", "0"]),
          ("- Row 3: $[1.41, 0.71, 0.71]$", ["1.41", "0.71", "0.71"])]
for r, (head, pr) in enumerate(blocks):
    L = e.line(head)
    e.claim(L, f"row {r + 1} of the scaled scores restated", pr, list(Ss.row(r)))
den = [sum(EX.row(r)) for r in range(3)]

# Row 1
L = e.line("- Row 1: $[0.71, 0, 0.71]$")
e.ambiguous(e.line("$e^{0.71} \\approx 2.034$ (entries 1 and 3)", after=L),
            "e^0.71 = 2.033991 -> 2.034 is right for the rounded score 0.71; end to end e^(1/sqrt 2) = 2.028115 (2.028): "
            "explicit arithmetic on a rounded operand")
e.claim(e.line("$e^{0} = 1$ (entry 2)", after=L), "e^0", ["1"], [EX[0, 1]])
e.ambiguous(e.line("Their sum: $2.034 + 1 + 2.034 \\approx 5.068$", after=L),
            "2.034 + 1 + 2.034 = 5.068 from the rounded exponentials; end to end 5.056230 (5.056): arithmetic on rounded "
            "operands")
L1 = e.line("$\\frac{2.034}{5.068} \\approx 0.401$", after=L)
e.claim(L1, "row 1 weight 1", ["0.401"], [A[0, 0]])
L2 = e.line("$\\frac{1}{5.068} \\approx 0.197$", after=L)
e.ambiguous(L2, "1/5.068 = 0.197316 -> 0.197 is right as written from the rounded sum; end to end the weight is "
                "0.197776 (0.198): explicit arithmetic on rounded operands, the row result is judged end to end")
e.claim(e.line("$\\frac{2.034}{5.068} \\approx 0.401$", after=L2), "row 1 weight 3", ["0.401"], [A[0, 2]])
LR = e.line("Row result: $[0.401, 0.197, 0.401]$", after=L)
e.claim(LR, "row 1 weights at 3 places (from the rounded exponentials)", ["0.401", "0.197", "0.401"], list(A.row(0)),
        cause="drift")
e.claim(LR, "row 1 weights at 2 places", ["0.40", "0.20", "0.40"], list(A.row(0)))

# Row 2
L = e.line("- Row 2: $[0.71, 0.71, 0]$")
e.ambiguous(e.line("$e^{0.71} \\approx 2.034$ (entries 1 and 2)", after=L),
            "e^0.71 = 2.034 for the rounded score; end to end e^(1/sqrt 2) = 2.028115: arithmetic on a rounded operand")
e.claim(e.line("$e^{0} = 1$ (entry 3)", after=L), "e^0", ["1"], [EX[1, 2]])
e.ambiguous(e.line("Their sum: $2.034 + 2.034 + 1 \\approx 5.068$", after=L),
            "5.068 from the rounded exponentials; end to end 5.056230: arithmetic on rounded operands")
L1 = e.line("$\\frac{2.034}{5.068} \\approx 0.401$", after=L)
e.claim(L1, "row 2 weight 1", ["0.401"], [A[1, 0]])
e.claim(L1 + 1, "row 2 weight 2", ["0.401"], [A[1, 1]])
e.ambiguous(e.line("$\\frac{1}{5.068} \\approx 0.197$", after=L),
            "1/5.068 = 0.197 as written; end to end 0.197776 (0.198): arithmetic on rounded operands")
LR = e.line("Row result: $[0.401, 0.401, 0.197]$", after=L)
e.claim(LR, "row 2 weights at 3 places (from the rounded exponentials)", ["0.401", "0.401", "0.197"], list(A.row(1)),
        cause="drift")
e.claim(LR, "row 2 weights at 2 places", ["0.40", "0.40", "0.20"], list(A.row(1)))

# Row 3
L = e.line("- Row 3: $[1.41, 0.71, 0.71]$")
e.ambiguous(e.line("$e^{1.41} \\approx 4.096$", after=L),
            "e^1.41 = 4.095955 -> 4.096 is right for the rounded score 1.41; end to end e^sqrt2 = 4.113250 (4.113): "
            "explicit arithmetic on a rounded operand")
e.ambiguous(e.line("$e^{0.71} \\approx 2.034$ (entries 2 and 3)", after=L),
            "e^0.71 = 2.034 for the rounded score; end to end 2.028115: arithmetic on a rounded operand")
e.ambiguous(e.line("Their sum: $4.096 + 2.034 + 2.034 \\approx 8.164$", after=L),
            "4.096 + 2.034 + 2.034 = 8.164 from the rounded exponentials; end to end 8.169470 (8.169): arithmetic on "
            "rounded operands")
e.claim(e.line("$\\frac{4.096}{8.164} \\approx 0.501$", after=L), "row 3 weight 1 (4.096/8.164 = 0.501715 as written)",
        ["0.501"], [A[2, 0]])
L1 = e.line("$\\frac{2.034}{8.164} \\approx 0.249$", after=L)
for ln in (L1, L1 + 1):
    e.ambiguous(ln, "2.034/8.164 = 0.249143 -> 0.249 is right as written from the rounded operands; end to end the weight "
                    "is 0.248255 (0.248): arithmetic on rounded operands, the row result is judged end to end")
LR = e.line("Row result: $[0.501, 0.249, 0.249]$", after=L)
e.claim(LR, "row 3 weight 1 restated", ["0.501"], [A[2, 0]], cause="carried")
e.claim(LR, "row 3 weights 2, 3 at 3 places (from the rounded exponentials)", ["0.249", "0.249"], [A[2, 1], A[2, 2]],
        cause="drift")
e.claim(LR, "row 3 weights at 2 places", ["0.50", "0.25", "0.25"], list(A.row(2)))

LA = e.line("\\alpha = \\begin{bmatrix}")
e.rows([LA + 1, LA + 2, LA + 3], "attention weights alpha (2 places)",
       [["0.40", "0.20", "0.40"], ["0.40", "0.40", "0.20"], ["0.50", "0.25", "0.25"]], A)
e.claim(e.line("2. each row adds up to 1"), "row sums of a softmax", ["1"], [sp.simplify(sum(A.row(0)))])

# output
W2 = [["0.40", "0.20", "0.40"], ["0.40", "0.40", "0.20"], ["0.50", "0.25", "0.25"]]
heads = ["- Row 1, weights \\([0.40, 0.20, 0.40]\\)", "- Row 2, weights \\([0.40, 0.40, 0.20]\\):",
         "- Row 3, weights \\([0.50, 0.25, 0.25]\\):"]
for r in range(3):
    L = e.line(heads[r])
    e.claim(L, f"row {r + 1} weights restated", W2[r], list(A.row(r)))
    Lx = e.line("\\times [0,2] +", after=L)
    e.claim(Lx, f"row {r + 1} weights restated in the products", W2[r], list(A.row(r)))
    e.claim(Lx, "value rows restated", ["0", "2", "1", "1", "2", "0"], list(V))

L = e.line("= [0 + 0.20 + 0.80,\\; 0.80 + 0.20 + 0]")
e.claim(L, "row 1 products, first column", ["0", "0.20", "0.80"], [A[0, k] * V[k, 0] for k in range(3)])
e.claim(L, "row 1 products, second column", ["0.80", "0.20", "0"], [A[0, k] * V[k, 1] for k in range(3)])
e.claim(e.line("= [1.00,\\; 1.00]."), "output row 1", ["1.00", "1.00"], list(O.row(0)))
L = e.line("= [0,\\;0.80] + [0.40,\\;0.40] + [0.40,\\;0]")
e.claim(L, "row 2 weighted value rows", ["0", "0.80", "0.40", "0.40", "0.40", "0"],
        [A[1, k] * V[k, j] for k in range(3) for j in range(2)])
e.claim(e.line("= [0.80,\\;1.20]."), "output row 2", ["0.80", "1.20"], list(O.row(1)))
L = e.line("= [0,\\;1.0] + [0.25,\\;0.25] + [0.50,\\;0]")
e.claim(L, "row 3 weighted value rows", ["0", "1.0", "0.25", "0.25", "0.50", "0"],
        [A[2, k] * V[k, j] for k in range(3) for j in range(2)])
e.claim(e.line("= [0.75,\\;1.25]."), "output row 3 (summed from the rounded weights)", ["0.75", "1.25"], list(O.row(2)),
        cause="drift")
LF = e.line("**Final Output**:")
e.rows([LF + 4, LF + 5, LF + 6], "final output alpha V", [["1.00", "1.00"], ["0.80", "1.20"], ["0.75", "1.25"]], O,
       causes={2: "carried"})

# ---------------- Example 2
Q2 = M([[1, 1]])
K2 = M([[1, 0], [0, 1]])
V2 = M([[2, 3], [4, 1]])
S2 = Q2 * K2.T
Ss2 = S2 / sp.sqrt(2)
A2 = softmax_rows(Ss2)
O2 = A2 * V2
L0 = e.line("#### Example 2: Another Small-Dimension Example")
e.given(e.line("Q = \\begin{bmatrix}", after=L0) + 1, "Q")
LK = e.line("K = \\begin{bmatrix}", after=L0)
e.given(LK + 1, "K row 1")
e.given(LK + 2, "K row 2")
LV = e.line("V = \\begin{bmatrix}", after=L0)
e.given(LV + 1, "V row 1")
e.given(LV + 2, "V row 2")
e.claim(e.line("So $Q$ has shape $1 \\times 2$"), "shapes of Q, K, V", ["1", "2", "2", "2"], [1, 2, 2, 2])
L = e.line("QK^T = QK =", after=L0)
e.claim(L + 2, "Q restated", ["1", "1"], list(Q2))
e.claim(L + 5, "K row 1 restated", ["1", "0"], list(K2.row(0)))
e.claim(L + 6, "K row 2 restated", ["0", "1"], list(K2.row(1)))
e.claim(L + 10, "QK^T", ["1", "1"], list(S2))
L = e.line("With $d_k = 2$, $\\frac{1}{\\sqrt{2}}")
e.given(L, "d_k = 2")
e.claim(L, "sqrt(2) and 1/sqrt(2)", ["1.41", "0.71"], [sp.sqrt(2), 1 / sp.sqrt(2)])
e.claim(e.line("\\frac{[1,\\;1]}{1.41} \\approx [0.71,\\;0.71]."), "scaled scores", ["1", "1", "1.41", "0.71", "0.71"],
        list(S2) + [sp.sqrt(2)] + list(Ss2))
L = e.line("Both entries of $[0.71, 0.71]$")
e.claim(L, "scaled scores restated", ["0.71", "0.71"], list(Ss2))
e.claim(L, "softmax weights", ["0.5", "0.5"], list(A2))
L = e.line("[0.5,\\;0.5]", after=L)
e.claim(L, "weights restated", ["0.5", "0.5"], list(A2))
e.claim(L + 2, "V row 1 restated", ["2", "3"], list(V2.row(0)))
e.claim(L + 3, "V row 2 restated", ["4", "1"], list(V2.row(1)))
e.claim(e.line("0.5 \\times [2,3] + 0.5 \\times [4,1]"), "weights and values restated", ["0.5", "2", "3", "0.5", "4", "1"],
        [A2[0], V2[0, 0], V2[0, 1], A2[1], V2[1, 0], V2[1, 1]])
e.claim(e.line("[1,1.5] + [2,0.5]"), "weighted value rows", ["1", "1.5", "2", "0.5"],
        [A2[k] * V2[k, j] for k in range(2) for j in range(2)])
e.claim(e.line("[3,2]."), "output", ["3", "2"], list(O2))
e.claim(e.line("**Final Output**: $[3,\\;2]$."), "output restated", ["3", "2"], list(O2))

# ---------------- Example 3
Q3 = M([[1, 1, 1, 1]])
K3 = sp.eye(4)
V3 = M([[2], [4], [6], [8]])
S3 = Q3 * K3.T
Ss3 = S3 / 2
A3 = softmax_rows(Ss3)
O3 = A3 * V3
L0 = e.line("#### Example 3: Larger Q and K with V as a Column Vector")
e.given(e.line("Q = \\begin{bmatrix}", after=L0) + 1, "Q")
LK = e.line("K = \\begin{bmatrix}", after=L0)
for i in range(4):
    e.given(LK + 1 + i, f"K row {i + 1}")
LV = e.line("V = \\begin{bmatrix}", after=L0)
for i in range(4):
    e.given(LV + 1 + i, f"V row {i + 1}")
L = e.line("QK^T = QK =", after=L0)
e.claim(L + 2, "Q restated", ["1", "1", "1", "1"], list(Q3))
for i in range(4):
    e.claim(L + 5 + i, f"K row {i + 1} restated", [str(v) for v in K3.row(i)], list(K3.row(i)))
e.claim(L + 12, "QK^T", ["1", "1", "1", "1"], list(S3))
L = e.line("Now $d_k = 4$, so")
e.given(L, "d_k = 4")
e.claim(L, "1/sqrt(4)", ["1", "4", "1", "2", "0.5"], [1, 4, 1, sp.sqrt(4), 1 / sp.sqrt(4)])
e.claim(e.line("\\frac{[1,\\;1,\\;1,\\;1]}{2} = [0.5"), "scaled scores", ["1", "2", "0.5"], [1, 2, Ss3[0]])
e.claim(e.line("\\text{softmax}([0.5,\\;0.5,\\;0.5,\\;0.5]) = [0.25"), "softmax weights", ["0.5", "0.25"], [Ss3[0], A3[0]])
L = e.line("[0.25,\\;0.25,\\;0.25,\\;0.25]", after=e.line("4. **Multiply by $V$**", after=L0))
e.claim(L, "weights restated", ["0.25"], [A3[0]])
for i in range(4):
    e.claim(L + 2 + i, f"V row {i + 1} restated", [str(V3[i])], [V3[i]])
L = e.line("= 0.25 \\times 2 + 0.25 \\times 4")
e.claim(L, "products", ["0.5", "1", "1.5", "2"], [A3[k] * V3[k] for k in range(4)])
e.claim(L, "output", ["5"], [O3[0]])
e.claim(e.line("**Final Output**: $5$."), "output restated", ["5"], [O3[0]])
e.done()
