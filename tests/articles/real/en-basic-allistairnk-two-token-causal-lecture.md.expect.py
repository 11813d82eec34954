# Expected verdicts for en-basic-allistairnk-two-token-causal-lecture.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article: the worked example of a course's attention lecture (two tokens, d_k = 2, a step table with pmatrix
#   results, the causal-mask variant) and two tutorial answers (a changed query; the shapes after a head split).
# Inputs: Q = I, K = [[1,0],[1,1]], V = [[10,0],[0,10]], d_k = 2; tutorial: query (0, 10); B=2, T=5, d_model=16, h=4.
# Exact values: QK^T = [[1,1],[0,1]]; /sqrt2 = [[0.707107, 0.707107],[0, 0.707107]];
#   A = [[1/2, 1/2],[1/(1+e^(1/sqrt2)), e^(1/sqrt2)/(1+e^(1/sqrt2))]] = [[0.5,0.5],[0.330233,0.669767]];
#   AV = [[5,5],[3.302330, 6.697670]]; causal row 1: scores (0.707107, -inf), weights (1, 0), output (10, 0).
#   Tutorial: scores (0, 10/sqrt2) = (0, 7.071068); weights (1/(1+e^7.0711), ...) = (0.000848, 0.999152);
#   output (10 w1, 10 w2) = (0.00848, 9.99152), about (0, 10); shapes (2,4,5,4), (2,4,5,5), (2,5,16).
# Wrong lines: none. Ambiguous lines: none. The "about (0, 10)" output is read as rounded to integers.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "mask", "causal", "latex-pmatrix", "table", "shapes"])

Q = sp.eye(2)
K = M([["1", "0"], ["1", "1"]])
V = M([["10", "0"], ["0", "10"]])
S = Q * K.T
Ss = S / sp.sqrt(2)
A = softmax_rows(Ss)
O = A * V

e.given(e.line("The example has two tokens and keys of width $d_k = 2$."), "d_k = 2")
e.given(e.line("$$Q = \\begin{pmatrix}1&0\\\\0&1\\end{pmatrix}"), "Q, K, V")
L = e.line("| $QK^\\top$ | row 1:")
e.claim(L, "QK^T rows and matrix", ["1", "1", "0", "1", "1", "1", "0", "1"],
        [S[0, 0], S[0, 1], S[1, 0], S[1, 1], S[0, 0], S[0, 1], S[1, 0], S[1, 1]])
L = e.line("| $\\div\\sqrt2$ |")
e.claim(L, "scaled scores", ["0.707", "0.707", "0", "0.707"], [Ss[0, 0], Ss[0, 1], Ss[1, 0], Ss[1, 1]])
L = e.line("| softmax per row |")
e.claim(L, "row 1 weights and row 2 exponents", ["0.5", "0.5", "0", "0.707"], [A[0, 0], A[0, 1], Ss[1, 0], Ss[1, 1]])
e.claim(L, "weights matrix", ["0.5", "0.5", "0.330", "0.670"], [A[0, 0], A[0, 1], A[1, 0], A[1, 1]])
L = e.line("| $\\times V$ |")
e.claim(L, "row 1 product operands", ["0.5", "10", "0", "0.5", "0", "10"], [A[0, 0], V[0, 0], V[0, 1], A[0, 1], V[1, 0], V[1, 1]])
e.claim(L, "output matrix", ["5", "5", "3.30", "6.70"], [O[0, 0], O[0, 1], O[1, 0], O[1, 1]])
# causal mask: token 1 sees only key 1
L = e.line("Under a causal mask the first token")
w_c = [1, 0]
out_c = [V[0, 0], V[0, 1]]
e.claim(L, "masked scores, weights and output of token 1", ["0.707", "1", "0", "10", "0"],
        [Ss[0, 0], w_c[0], w_c[1], out_c[0], out_c[1]])
# tutorial question 1
e.given(e.line("if its query were $(0, 10)$"), "query (0, 10)")
q = sp.Matrix([[0, 10]])
s = (q * K.T) / sp.sqrt(2)
den = sp.exp(s[0]) + sp.exp(s[1])
w = [sp.exp(s[0]) / den, sp.exp(s[1]) / den]
out = [w[0] * V[0, 0] + w[1] * V[1, 0], w[0] * V[0, 1] + w[1] * V[1, 1]]
L = e.line("- Scores: $(0, 10)/\\sqrt2 = (0, 7.07)$")
e.claim(L, "query restated and scores", ["0", "10", "0", "7.07"], [q[0], q[1], s[0], s[1]])
e.claim(L, "weights", ["0.001", "0.999"], w)
e.claim(L, "output, about", ["0", "10"], out, rounded_int=True)
# tutorial question 3
e.given(e.line("for B=2, T=5, d_model=16, h=4"), "B, T, d_model, h")
B, T, dm, h = 2, 5, 16, 4
L = e.line("- Q `(2, 4, 5, 4)`")
e.claim(L, "shapes: Q split, scores, output", ["2", "4", "5", "4", "2", "4", "5", "5", "2", "5", "16"],
        [B, h, T, dm // h, B, h, T, T, B, T, dm])
e.done()
