# Expected verdicts for en-basic-p1ckingstars-recitation-pmatrix-walkthrough.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Section 1.1: Q = [[1,0],[0,1],[1,1]], K = V = [[1,0],[0,1],[0.5,0.5]], d_k = 2.
#   S = QK^T = [[1,0,0.5],[0,1,0.5],[1,1,1]]; S/sqrt 2 = [[0.707107,0,0.353553],[0,0.707107,0.353553],[0.707107 x3]];
#   row 1: e^(1/sqrt 2) = 2.028115, e^0 = 1, e^(0.5/sqrt 2) = 1.424119; Z_1 = 4.452234;
#   alpha_1 = (0.455527, 0.224606, 0.319866), alpha_2 = (0.224606, 0.455527, 0.319866), alpha_3 = (1/3, 1/3, 1/3);
#   O = AV = [[0.615460, 0.384540], [0.384540, 0.615460], [0.5, 0.5]].
# Wrong (all drift: right from the recitation's own 3-place roundings, wrong end to end):
#   - the weight 0.455 (2.028/4.453 = 0.45542), exact 0.455527 -> 0.456: in alpha_1, in alpha_2 (by symmetry), in both
#     A matrices and restated in the "Row 1" and "Row 2" output lines.
# Ambiguous (explicit arithmetic on rounded operands, right as written): "e^{0.354} = 1.425" (e^0.354 = 1.424755; the
#   exponential of the exact score 0.5/sqrt 2 is 1.424119 -> 1.424) and "Z_1 = 2.028 + 1 + 1.425 = 4.453" (exact sum
#   4.452234 -> 4.452).
# Right: the score and scaled matrices, 0.707, e^{0.707} = 2.028, 0.225, 0.320, 1/3 = 0.333, and every output value
#   (0.615, 0.385, 0.160, 0.167, 0.500): the drifted 0.455 does not move them at 3 places.
# Exercise 1: Q = [[2,0],[1,1]], K = [[1,1],[0,2]], V = I; QK^T = [[2,0],[2,2]]; scaled [[1.414214,0],[1.414214,1.414214]];
#   e^(sqrt 2) = 4.113250 (4.113, right end to end), sum 5.113250, row 1 (0.804429, 0.195571), row 2 (0.5, 0.5); O = A.
#   All right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "scaling", "latex-pmatrix", "drift", "exercise-solution"])


def s(m):
    return [str(x) for x in m]


Q = M([[1, 0], [0, 1], [1, 1]])
K = M([[1, 0], [0, 1], ["0.5", "0.5"]])
V = K
S = Q * K.T
Ss = S / sp.sqrt(2)
A = softmax_rows(Ss)
O = A * V
ex = [sp.exp(Ss[0, j]) for j in range(3)]
Z = sum(ex)
a = [A[0, j] for j in range(3)]

e.given(e.line("**Setup.** Three tokens"), "T = 3, d_k = 2")
e.given(e.line("$$Q = \\begin{pmatrix} 1 & 0 \\\\ 0 & 1 \\\\ 1 & 1"), "Q, K, V")
L = e.line("$$S = \\begin{pmatrix} 1 & 0 \\\\ 0 & 1 \\\\ 1 & 1")
e.claim(L, "K^T", ["1", "0", "0.5", "0", "1", "0.5"], K.T)
e.claim(L, "S = QK^T", s(["1", "0", "0.5", "0", "1", "0.5", "1", "1", "1"]), S)
L = e.line("by $1/\\sqrt{d_k} = 1/\\sqrt{2} \\approx 0.707$")
e.claim(L, "1/sqrt 2", ["0.707"], [1 / sp.sqrt(2)])
L = e.line("$$\\tilde{S} = \\frac{S}{\\sqrt{2}} =")
e.claim(L, "S / sqrt 2", ["0.707", "0", "0.354", "0", "0.707", "0.354", "0.707", "0.707", "0.707"], Ss)
e.claim(e.line("First row: $\\text{softmax}(0.707, 0, 0.354)$"), "row 1 scaled scores", ["0.707", "0", "0.354"],
        Ss.row(0))
L = e.line("$$e^{0.707} = 2.028, \\quad e^0 = 1, \\quad e^{0.354} = 1.425$$")
e.ambiguous(L, "e^{0.354} = 1.425 is right for the rounded score 0.354 (e^0.354 = 1.424755), but the exponential of "
               "the exact score 0.5/sqrt 2 is 1.424119 (1.424): explicit arithmetic on a rounded operand (the other "
               "two values, e^{0.707} = 2.028 (exact e^(1/sqrt 2) = 2.028115) and e^0 = 1, are right)")
L = e.line("$$Z_1 = 2.028 + 1 + 1.425 = 4.453$$")
e.ambiguous(L, "2.028 + 1 + 1.425 = 4.453 is right as written from the rounded exponentials, but the exact sum is "
               "4.452234 (4.452): explicit arithmetic on rounded operands (the chain's results, the weights, are "
               "judged end to end below)")
e.claim(e.line("$$\\alpha_1 = (0.455, 0.225, 0.320)$$"), "softmax row 1 (0.455 = 2.028/4.453)",
        ["0.455", "0.225", "0.320"], A.row(0), cause="drift")
e.claim(e.line("Second row: $\\text{softmax}(0, 0.707, 0.354)$"), "row 2 scaled scores", ["0", "0.707", "0.354"],
        Ss.row(1))
e.claim(e.line("$$\\alpha_2 = (0.225, 0.455, 0.320)$$"), "softmax row 2 (by symmetry from the rounded row 1)",
        ["0.225", "0.455", "0.320"], A.row(1), cause="drift")
e.claim(e.line("Third row: $\\text{softmax}(0.707, 0.707, 0.707)$"), "row 3 scaled scores",
        ["0.707", "0.707", "0.707"], Ss.row(2))
L = e.line("$$\\alpha_3 = (1/3, 1/3, 1/3) = (0.333, 0.333, 0.333)$$")
e.claim(L, "softmax row 3", ["1/3", "1/3", "1/3", "0.333", "0.333", "0.333"], list(A.row(2)) * 2)
Aprint = [["0.455", "0.225", "0.320"], ["0.225", "0.455", "0.320"], ["0.333", "0.333", "0.333"]]
L = e.line("$$A = \\begin{pmatrix} 0.455 & 0.225 & 0.320")
e.claim(L, "attention matrix A (rows 1-2 from the rounded weights)", Aprint, A, cause="drift")
L = e.line("$$O = \\begin{pmatrix} 0.455 & 0.225 & 0.320")
e.claim(L, "A restated", Aprint, A, cause="drift")
e.claim(L, "V restated", ["1", "0", "0", "1", "0.5", "0.5"], V)
L = e.line("Row 1: $(0.455 \\cdot 1 + 0.225 \\cdot 0 + 0.320 \\cdot 0.5")
e.claim(L, "row-1 weights restated", ["0.455", "0.225", "0.320"], A.row(0), cause="drift")
e.claim(L, "output row 1", ["0.615", "0.385"], O.row(0))
L = e.line("Row 2: $(0.225 + 0 + 0.160, \\quad 0 + 0.455 + 0.160) = (0.385, 0.615)$")
e.claim(L, "terms a21*1, a23*0.5, a22*1, a23*0.5", ["0.225", "0.160", "0.455", "0.160"],
        [A[1, 0], A[1, 2] * R(1, 2), A[1, 1], A[1, 2] * R(1, 2)], cause="drift")
e.claim(L, "output row 2", ["0.385", "0.615"], O.row(1))
L = e.line("Row 3: $(0.333 + 0 + 0.167, \\quad 0 + 0.333 + 0.167) = (0.500, 0.500)$")
e.claim(L, "terms a31*1, a33*0.5", ["0.333", "0.167"], [A[2, 0], A[2, 2] * R(1, 2)])
e.claim(L, "output row 3", ["0.500", "0.500"], O.row(2))
L = e.line("$$O = \\begin{pmatrix} 0.615 & 0.385")
e.claim(L, "O = AV", [["0.615", "0.385"], ["0.385", "0.615"], ["0.500", "0.500"]], O)
e.given(e.line("The first token (query $[1,0]$)"), "query 1 and key 1 restated")
e.given(e.line("The second token (query $[0,1]$)"), "query 2 and key 2 restated")
e.given(e.line("The third token (query $[1,1]$)"), "query 3 restated")

# ---- Exercise 1
Q2 = M([[2, 0], [1, 1]])
K2 = M([[1, 1], [0, 2]])
V2 = sp.eye(2)
S2 = Q2 * K2.T
Ss2 = S2 / sp.sqrt(2)
A2 = softmax_rows(Ss2)
O2 = A2 * V2
e.given(e.line("$$Q = \\begin{pmatrix} 2 & 0 \\\\ 1 & 1"), "Q, K, V of exercise 1")
e.given(e.line("with $d_k = 2$."), "d_k = 2")
L = e.line("$$QK^\\top = \\begin{pmatrix} 2 & 0 \\\\ 1 & 1 \\end{pmatrix}")
e.claim(L, "K^T", ["1", "0", "1", "2"], K2.T)
e.claim(L, "S = QK^T", ["2", "0", "2", "2"], S2)
L = e.line("$$\\tilde{S} = \\begin{pmatrix} 1.414 & 0")
e.claim(L, "S / sqrt 2", ["1.414", "0", "1.414", "1.414"], Ss2)
L = e.line("Row 1: $\\text{softmax}(1.414, 0)")
e.claim(L, "row 1 scaled scores", ["1.414", "0"], Ss2.row(0))
e.claim(L, "e^{sqrt 2}, e^0 and their sum", ["4.113", "1", "5.113"],
        [sp.exp(Ss2[0, 0]), 1, sp.exp(Ss2[0, 0]) + 1])
e.claim(L, "softmax row 1", ["0.804", "0.196"], A2.row(0))
L = e.line("Row 2: $\\text{softmax}(1.414, 1.414) = (0.5, 0.5)$")
e.claim(L, "row 2 scaled scores", ["1.414", "1.414"], Ss2.row(1))
e.claim(L, "softmax row 2", ["0.5", "0.5"], A2.row(1))
L = e.line("$$A = \\begin{pmatrix} 0.804 & 0.196")
e.claim(L, "A", ["0.804", "0.196", "0.5", "0.5"], A2)
L = e.line("$$O = \\begin{pmatrix} 0.804 & 0.196")
e.claim(L, "A restated and O = AV", ["0.804", "0.196", "0.5", "0.5", "1", "0", "0", "1"], list(A2) + list(V2))
e.claim(L, "O = AV", ["0.804", "0.196", "0.5", "0.5"], O2)
e.done()
