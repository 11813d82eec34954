# Expected verdicts for en-basic-rajeshpillai-maths-for-cs-pen-paper.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: Q = [[1,0],[0,1],[1,1]], K = [[1,0],[0,1],[0.5,0.5]], V = [10,20,30] (one column), d_k = 2, scaled by
#   1/sqrt(2), row softmax, output = A V.
# Exact: QK^T = [[1,0,0.5],[0,1,0.5],[1,1,1]]; scaled [[0.707107,0,0.353553],[0,0.707107,0.353553],[0.707107 x3]];
#   row 0: e^(1/√2) = 2.028115, e^0 = 1, e^(0.5/√2) = 1.424119, sum Z = 4.452234;
#   weights [0.455527, 0.224606, 0.319866]; output of token 0 = 18.643387 (terms 4.555, 4.492, 9.596).
# Wrong lines (all drift: right from the author's rounded 3-place values, wrong end to end):
# - "Sum = 4.453": exact 4.452234 (4.452) — the sum of the rounded exponentials 2.028 + 1 + 1.425.
# - Weights line: the divisor 4.453 (three times) and the first weight 0.455 (exact 0.455527 -> 0.456; 2.028/4.453 =
#   0.45542); 0.225 and 0.320 agree.
# - Output line: the restated weight 0.455 and the result 18.65 (exact 18.643387 -> 18.64; the sum of the rounded
#   terms 4.55 + 4.50 + 9.60).
# Ambiguous (explicit arithmetic on a rounded operand, right as written): e^{0.354} = 1.425 (e^0.354 = 1.424755; end to
#   end e^(0.5/√2) = 1.424119 -> 1.424), its restatement in the weights line, and the terms 4.55 + 4.50 + 9.60 (products
#   of the rounded weights; exact 4.555, 4.492, 9.596).
# Right: QK^T, 1/√2 ≈ 0.707, the scaled matrix, e^{0.707} = 2.028, e^0 = 1, 0.225, 0.320, "Sum = 1", 512 // 8 = 64.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "pmatrix", "inline-latex", "scaling", "prose-arithmetic",
                                             "drift", "code-block"])
Q = M([[1, 0], [0, 1], [1, 1]])
K = M([[1, 0], [0, 1], ["0.5", "0.5"]])
V = M([[10], [20], [30]])
S = Q * K.T
Ss = S / sp.sqrt(2)
A = softmax_rows(Ss)
O = A * V
ex = [sp.exp(Ss[0, j]) for j in range(3)]
Z = sum(ex)

e.given(e.line("### Pen & paper: 3 tokens, $d_k = 2$"), "d_k = 2")
e.given(e.line("$$\\mathbf{Q} = \\begin{pmatrix} 1 & 0"), "Q, K, V")
e.claim(e.line("$\\mathbf{QK}^T = \\begin{pmatrix}"), "QK^T",
        [["1", "0", "0.5"], ["0", "1", "0.5"], ["1", "1", "1"]], S)
e.claim(e.line("Scale by $1/\\sqrt{2} \\approx 0.707$:"), "1/sqrt(2)", ["0.707"], [1 / sp.sqrt(2)])
e.claim(e.line("$\\begin{pmatrix} 0.707 & 0 & 0.354"), "scaled scores",
        [["0.707", "0", "0.354"], ["0", "0.707", "0.354"], ["0.707", "0.707", "0.707"]], Ss)

L = e.line("**Softmax row 0:**")
e.claim(L, "scaled row 0 restated (0.707, 0)", ["0.707", "0"], [Ss[0, 0], Ss[0, 1]])
e.claim(L, "e^(1/sqrt 2)", ["2.028"], [ex[0]])
e.claim(L, "e^0", ["1"], [ex[1]])
e.claim(L, "sum of exponentials", ["4.453"], [Z], cause="drift")
e.ambiguous(L, "e^{0.354} = 1.425 is right for the rounded score 0.354 (e^0.354 = 1.424755); end to end the "
               "exponential is e^(0.5/sqrt 2) = 1.424119 (1.424): explicit arithmetic on a rounded operand")

L = e.line("Weights: $(2.028/4.453")
e.claim(L, "numerators", ["2.028", "1"], [ex[0], ex[1]])
e.claim(L, "divisor (three times)", ["4.453", "4.453", "4.453"], [Z, Z, Z], cause="drift")
e.claim(L, "weights row 0", ["0.455", "0.225", "0.320"], A.row(0), cause="drift")
e.claim(L, "weights sum", ["1"], [sum(A.row(0))])
e.ambiguous(L, "numerator 1.425 restates e^{0.354} (end to end 1.424119): arithmetic on a rounded operand")

L = e.line("**Output for token 0:**")
e.claim(L, "weights restated", ["0.455", "0.225", "0.320"], A.row(0), cause="drift")
e.claim(L, "values restated", ["10", "20", "30"], list(V))
e.claim(L, "output of token 0", ["18.65"], [O[0, 0]], cause="drift")
e.ambiguous(L, "terms 4.55 + 4.50 + 9.60 are the products of the rounded weights (exact terms 4.555275, 4.492127, "
               "9.595985): arithmetic on rounded operands; the chain's result is judged end to end")

e.claim(e.line("d_k = d_model // n_heads  # 64"), "512 // 8 in the code comment", ["64"], [R(512, 8)])
e.given(e.line("For Q=[[1,0]], K=[[1,0],[0,1]], V=[[5],[10]]"), "exercise inputs (no answer printed)")
e.done()
