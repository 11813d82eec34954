# Expected verdicts for en-basic-gaurav14cs17-multimodal-attention-pmatrix.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A pmatrix worked example: Q = [[1,0],[0,1],[1,1]], K = [[1,1],[0,0],[1,0]], V = [2, 0, 1]^T, d_k = 2.
# QK^T = [[1,0,1],[1,0,0],[2,0,1]] and the scaled matrix (0.707, 1.414) are right.  Row 0 of the softmax is
# softmax([1/sqrt2, 0, 1/sqrt2]) = [0.401112, 0.197776, 0.401112]; the printed [0.422, 0.156, 0.422] is wrong (slip).  (It is
# near the UNSCALED softmax([1, 0, 1]) = [0.422319, 0.155362, 0.422319], which the article does not compute - it states the
# scaled scores - and 0.156 is not even that; the printed fractions e^0.707/(2e^0.707), 1/(2e^0.707) also drop the "+1"
# of the denominator, i.e. would give 0.5 and 0.2465.)  The output o_0 = 0.422*2 + 0.156*0 + 0.422*1 = 0.844 + 0.422 = 1.266
# is right from those weights but wrong end to end: 0.802224 + 0.401112 = 1.203336 (carried).
# The sizes are right: 197^2 = 38,809 ~ 39,000; d_k = 128/4 = 32; 2 * 64^2 * 32 * 4 = 1,048,576.
# Cross-attention: Q = I_2, K = [[1,0],[0,1],[1,1]]: QK^T/sqrt2 = [[0.707,0,0.707],[0,0.707,0.707]] is right, but row 0's
# weights are again softmax([0.707, 0, 0.707]) = [0.401112, 0.197776, 0.401112], not [0.333, 0.167, 0.500] (slip; the
# prose's "highest weight on patch 2" is a tie between patches 0 and 2).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, grouped_int_claim

e = Expect(__file__, language="en", topics=["basic", "scaling", "softmax", "output", "complexity", "latex", "pmatrix"])

Q = M([[1, 0], [0, 1], [1, 1]])
K = M([[1, 1], [0, 0], [1, 0]])
V = M([[2], [0], [1]])
S = Q * K.T
Ss = S / sp.sqrt(2)
A = softmax_rows(Ss)
O = A * V

e.given(e.line("## Numerical Worked Example ($n=3$, $d_k=2$)"), "n = 3, d_k = 2")
e.given(e.line("\\mathbf{Q} = \\begin{pmatrix} 1 & 0 \\\\ 0 & 1 \\\\ 1 & 1"), "Q")
e.given(e.line("\\mathbf{K} = \\begin{pmatrix} 1 & 1 \\\\ 0 & 0"), "K")
e.given(e.line("\\mathbf{V} = \\begin{pmatrix} 2 \\\\ 0 \\\\ 1"), "V")
e.claim(e.line("\\mathbf{Q}\\mathbf{K}^\\top = \\begin{pmatrix}"), "QK^T",
        ["1", "0", "1", "1", "0", "0", "2", "0", "1"], list(S))
e.claim(e.line("**Step 2:** Scale by $\\sqrt{d_k} = \\sqrt{2} \\approx 1.414$"), "sqrt(2)", ["1.414"], [sp.sqrt(2)])
e.claim(e.line("\\frac{\\mathbf{Q}\\mathbf{K}^\\top}{\\sqrt{2}} = \\begin{pmatrix}"), "scaled scores",
        ["0.707", "0", "0.707", "0.707", "0", "0", "1.414", "0", "0.707"], list(Ss))
L = e.line("\\alpha_{0,:} = \\text{softmax}([0.707, 0, 0.707])")
e.claim(L, "row 0 scaled scores restated", ["0.707", "0", "0.707"], list(Ss.row(0)))
e.claim(L, "softmax of row 0", ["0.422", "0.156", "0.422"], list(A.row(0)))
L = e.line("o_0 = 0.422 \\times 2")
e.claim(L, "row 0 weights restated", ["0.422", "0.156", "0.422"], list(A.row(0)), cause="carried")
e.claim(L, "products weight x value (0.422 x 2, 0.422 x 1)", ["0.844", "0.422"], [A[0, 0] * V[0], A[0, 2] * V[2]],
        cause="carried")
e.claim(L, "output token 0", ["1.266"], [O[0]], cause="carried")

# sizes
L = e.line("With $n = 197$")
e.given(L, "n = 197, d_model = 768")
e.claim(L, "197^2 in thousands (printed 39{,}000, an approximation)", ["39"], [R(197**2, 1000)], rounded_int=True)
L = e.line("**Numerical example:** $n=64$")
e.given(L, "n = 64, d_model = 128, h = 4")
e.claim(L, "d_k = d_model / h", ["32"], [R(128, 4)])
L = e.line("2 \\times 64^2 \\times 32 \\times 4 =")
e.claim(L, "factors restated", ["64", "32", "4"], [64, 32, 4])
grouped_int_claim(e, L, "2 n^2 d_k h", "1{,}048{,}576", 2 * 64**2 * 32 * 4, sep="{,}")

# cross-attention
Qc = M([[1, 0], [0, 1]])
Kc = M([[1, 0], [0, 1], [1, 1]])
Sc = Qc * Kc.T / sp.sqrt(2)
Ac = softmax_rows(Sc)
e.given(e.line("**Numerical example:** $T=2$, $N=3$, $d_k=2$"), "T = 2, N = 3, d_k = 2")
e.given(e.line("\\mathbf{Q} = \\begin{pmatrix} 1 & 0 \\\\ 0 & 1 \\end{pmatrix}"), "text queries Q")
e.given(e.line("\\mathbf{K} = \\begin{pmatrix} 1 & 0 \\\\ 0 & 1 \\\\ 1 & 1"), "image keys K")
e.claim(e.line("\\mathbf{Q}\\mathbf{K}^\\top / \\sqrt{2} = \\begin{pmatrix}"), "cross scores / sqrt 2",
        ["0.707", "0", "0.707", "0", "0.707", "0.707"], list(Sc))
e.claim(e.line("Row 0 (token \"color\")"), "cross-attention weights row 0", ["0.333", "0.167", "0.500"], list(Ac.row(0)))
e.done()
