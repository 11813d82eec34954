# Expected verdicts for en-basic-lubinsky-two-token-by-hand.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Part 1 (MathML-rendered projection example): x1 = [0.1, 0.2, 0.3, 0.4], W^Q = [[0.1,0.2],[0.3,0.4],[0.5,0.6],[0.7,0.8]];
#   exact q1 = x1 W^Q = [0.5, 0.6] (0.01+0.06+0.15+0.28, 0.02+0.08+0.18+0.32); printed [0.34, 0.46] -> slip.
# Part 2 (two tokens): X = I, W_Q = I, W_K = [[1,1],[0,1]], W_V = [[1,2],[3,4]]; Q = I, K = W_K, V = W_V;
#   S = Q K^T = [[1,0],[1,1]]; d_k = 2, S / sqrt(2) = [[0.707107, 0],[0.707107, 0.707107]];
#   e^(1/sqrt 2) = 2.028115; A = [[0.669767, 0.330233],[1/2, 1/2]]; O = A V = [[1.660466, 2.660466],[2, 3]].
# Wrong lines (end to end from the inputs):
#   - q1 = [0.34, 0.46]: slip (exact 0.50, 0.60).
#   - "= 0.670 + 0.990": the term 0.330 * 3 is 0.990699 end to end -> 0.991 at 3 places: drift (3 x the rounded 0.330).
#   - "= 1.340 + 1.320": the term 0.330 * 4 is 1.320931 -> 1.321: drift (4 x the rounded 0.330).
#   All sums (1.660, 2.660), the weights, the scaled scores and the exponentials agree when rounded to their places.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "scaling", "latex-bmatrix", "mathml", "projection"])

# ---- part 1
x1 = M([["0.1", "0.2", "0.3", "0.4"]])
WQ1 = M([["0.1", "0.2"], ["0.3", "0.4"], ["0.5", "0.6"], ["0.7", "0.8"]])
q1 = x1 * WQ1
L = e.line('let the embedding of "The" be')
e.given(L, "d_model = 4 and x1")
e.given(e.line("W^Q = \\begin{bmatrix} 0.1 &#x26; 0.2"), "W^Q (and W^K = W^V = W^Q, d_k = d_v = 2)")
e.claim(e.line("[0.34, 0.46]"), "q1 = x1 W^Q (x1 restated)", ["0.34", "0.46"], q1, cause="slip")

# ---- part 2
X = sp.eye(2)
WQ = sp.eye(2)
WK = M([["1", "1"], ["0", "1"]])
WV = M([["1", "2"], ["3", "4"]])
Q, K, V = X * WQ, X * WK, X * WV
S = Q * K.T
Ss = S / sp.sqrt(2)
A = softmax_rows(Ss)
O = A * V
ex = sp.exp(1 / sp.sqrt(2))

start = e.line("## A two-token self-attention example by hand")
def ln(needle, nth=1, after=None):
    return e.line(needle, nth, start if after is None else after)

e.given(ln("* sequence length = 2 tokens"), "n = 2")
e.given(ln("* embedding size = 2"), "d = 2")
L = ln("X =")
e.given(L + 2, "X row 1"); e.given(L + 3, "X row 2")
e.given(ln("* token 1 vector = ([1,0])"), "x1"); e.given(ln("* token 2 vector = ([0,1])"), "x2")
e.given(ln("* number of tokens (n=2)"), "n"); e.given(ln("* model dimension (d=2)"), "d")
for nm in ("W_Q =", "W_K =", "W_V ="):
    L = ln(nm)
    e.given(L + 2, nm + " row 1"); e.given(L + 3, nm + " row 2")
e.given(ln("Each of them is (2 x 2)."), "shapes")

def product_block(name, W, P):
    L = ln(name + "=")
    e.given(L + 2, "X row 1"); e.given(L + 3, "X row 2")
    e.given(L + 6, "weight row 1"); e.given(L + 7, "weight row 2")
    e.rows([L + 12, L + 13], name + " = X W", [[str(v) for v in P.row(0)], [str(v) for v in P.row(1)]], P)
product_block("Q", WQ, Q)
product_block("K", WK, K)
e.claim(ln("* query for token 1 = ([1,0])"), "q1", ["1", "0"], Q.row(0))
e.claim(ln("* query for token 2 = ([0,1])"), "q2", ["0", "1"], Q.row(1))
e.claim(ln("* key for token 1 = ([1,1])"), "k1", ["1", "1"], K.row(0))
e.claim(ln("* key for token 2 = ([0,1])"), "k2", ["0", "1"], K.row(1))
L = ln("V=")
e.given(L + 2, "X row 1"); e.given(L + 3, "X row 2")
e.given(L + 6, "W_V row 1"); e.given(L + 7, "W_V row 2")
e.rows([L + 12, L + 13], "V = X W_V", [["1", "2"], ["3", "4"]], V)
e.claim(ln("* value for token 1 = ([1,2])"), "v1", ["1", "2"], V.row(0))
e.claim(ln("* value for token 2 = ([3,4])"), "v2", ["3", "4"], V.row(1))

L = ln("K^T=")
e.rows([L + 2, L + 3], "K^T", [["1", "0"], ["1", "1"]], K.T)
L = ln("S=")
e.claim(L + 2, "Q row 1 restated", ["1", "0"], Q.row(0)); e.claim(L + 3, "Q row 2 restated", ["0", "1"], Q.row(1))
e.rows([L + 6, L + 7], "K^T restated", [["1", "0"], ["1", "1"]], K.T)
e.rows([L + 11, L + 12], "S = Q K^T", [["1", "0"], ["1", "1"]], S)
L = ln("S=", 2)
e.rows([L + 2, L + 3], "S", [["1", "0"], ["1", "1"]], S)
e.claim(ln("* token 1 scores: ([1, 0])"), "scores of token 1", ["1", "0"], S.row(0))
e.claim(ln("* token 2 scores: ([1, 1])"), "scores of token 2", ["1", "1"], S.row(1))

e.claim(ln("\\sqrt{d_k}=\\sqrt{2}\\approx 1.414]"), "sqrt(2)", ["2", "1.414"], [2, sp.sqrt(2)])
L = ln("\\hat S = \\frac{S}{\\sqrt{2}}")
e.claim(L + 3, "row 1 of S over 1.414", ["1", "1.414", "0", "1.414"], [S[0, 0], sp.sqrt(2), S[0, 1], sp.sqrt(2)])
e.claim(L + 4, "row 2 of S over 1.414", ["1", "1.414", "1", "1.414"], [S[1, 0], sp.sqrt(2), S[1, 1], sp.sqrt(2)])
e.rows([L + 8, L + 9], "scaled scores", [["0.707", "0"], ["0.707", "0.707"]], Ss)

H = ln("## Row 1 softmax")
e.claim(ln("[0.707,\\ 0]", 1, H), "scaled row 1 restated", ["0.707", "0"], Ss.row(0))
e.claim(ln("e^{0.707}\\approx 2.028,\\qquad e^0=1", 1, H), "exponentials of row 1", ["0.707", "2.028", "0", "1"],
        [Ss[0, 0], ex, 0, 1])
e.claim(ln("2.028+1=3.028", 1, H), "sum of row 1", ["2.028", "1", "3.028"], [ex, 1, ex + 1])
e.claim(ln("\\frac{2.028}{3.028},\\ \\frac{1}{3.028}", 1, H), "fractions of row 1", ["2.028", "3.028", "1", "3.028"],
        [ex, ex + 1, 1, ex + 1])
e.claim(ln("[0.670,\\ 0.330]", 1, H), "weights of row 1", ["0.670", "0.330"], A.row(0))
e.claim(ln("* 67.0% to token 1", 1, H), "weight (1,1) in percent", ["67.0%"], [A[0, 0]])
e.claim(ln("* 33.0% to token 2", 1, H), "weight (1,2) in percent", ["33.0%"], [A[0, 1]])
H = ln("## Row 2 softmax")
e.claim(ln("[0.707,\\ 0.707]", 1, H), "scaled row 2 restated", ["0.707", "0.707"], Ss.row(1))
e.claim(ln("e^{0.707}=2.028,\\qquad e^{0.707}=2.028", 1, H), "exponentials of row 2",
        ["0.707", "2.028", "0.707", "2.028"], [Ss[1, 0], ex, Ss[1, 1], ex])
e.claim(ln("2.028+2.028=4.056", 1, H), "sum of row 2", ["2.028", "2.028", "4.056"], [ex, ex, 2 * ex])
e.claim(ln("[0.5,\\ 0.5]", 1, H), "weights of row 2", ["0.5", "0.5"], A.row(1))
Wp = [["0.670", "0.330"], ["0.500", "0.500"]]
L = ln("A=\\text{softmax}(\\hat S)")
e.rows([L + 3, L + 4], "attention weights", Wp, A)
L = ln("O=", 1, ln("# Step 7."))
e.rows([L + 2, L + 3], "A restated", Wp, A)
e.given(L + 6, "V row 1 restated"); e.given(L + 7, "V row 2 restated")

H = ln("## Output for token 1")
e.claim(ln("[0.670,\\ 0.330]", 1, H), "weights of token 1 restated", ["0.670", "0.330"], A.row(0))
L = ln("0.670\\cdot 1 + 0.330\\cdot 3", 1, H)
e.claim(L, "operands of O[1,1]", ["0.670", "1", "0.330", "3"], [A[0, 0], V[0, 0], A[0, 1], V[1, 0]])
e.claim(L + 1, "terms of O[1,1]", ["0.670", "0.990"], [A[0, 0] * V[0, 0], A[0, 1] * V[1, 0]], cause="drift")
e.claim(L + 2, "O[1,1]", ["1.660"], [O[0, 0]])
L = ln("0.670\\cdot 2 + 0.330\\cdot 4", 1, H)
e.claim(L, "operands of O[1,2]", ["0.670", "2", "0.330", "4"], [A[0, 0], V[0, 1], A[0, 1], V[1, 1]])
e.claim(L + 1, "terms of O[1,2]", ["1.340", "1.320"], [A[0, 0] * V[0, 1], A[0, 1] * V[1, 1]], cause="drift")
e.claim(L + 2, "O[1,2]", ["2.660"], [O[0, 1]])
e.claim(ln("[1.660,\\ 2.660]", 1, H), "output of token 1", ["1.660", "2.660"], O.row(0))
H = ln("## Output for token 2")
e.claim(ln("[0.500,\\ 0.500]", 1, H), "weights of token 2 restated", ["0.500", "0.500"], A.row(1))
e.claim(ln("0.5\\cdot 1 + 0.5\\cdot 3 = 2", 1, H), "O[2,1]", ["0.5", "1", "0.5", "3", "2"],
        [A[1, 0], V[0, 0], A[1, 1], V[1, 0], O[1, 0]])
e.claim(ln("0.5\\cdot 2 + 0.5\\cdot 4 = 3", 1, H), "O[2,2]", ["0.5", "2", "0.5", "4", "3"],
        [A[1, 0], V[0, 1], A[1, 1], V[1, 1], O[1, 1]])
e.claim(ln("[2,\\ 3]", 1, H), "output of token 2", ["2", "3"], O.row(1))
Op = [["1.660", "2.660"], ["2.000", "3.000"]]
L = ln("O=", 1, ln("## Final output matrix"))
e.rows([L + 2, L + 3], "output matrix", Op, O)

H = ln("# Reading the result")
e.given(ln("* token 1 original representation: ([1,0])", 1, H), "x1 restated")
e.given(ln("* token 2 original representation: ([0,1])", 1, H), "x2 restated")
e.claim(ln("* token 1 new representation: ([1.660, 2.660])", 1, H), "output 1 restated", Op[0], O.row(0))
e.claim(ln("* token 2 new representation: ([2.000, 3.000])", 1, H), "output 2 restated", Op[1], O.row(1))
H = ln("# What happened, conceptually")
e.claim(ln("[0.670,\\ 0.330]", 1, H), "weights of token 1 restated", ["0.670", "0.330"], A.row(0))
e.claim(ln("0.670\\cdot [1,2] + 0.330\\cdot [3,4]", 1, H), "blend of token 1",
        ["0.670", "1", "2", "0.330", "3", "4"], [A[0, 0], V[0, 0], V[0, 1], A[0, 1], V[1, 0], V[1, 1]])
e.claim(ln("[0.5,\\ 0.5]", 1, H), "weights of token 2 restated", ["0.5", "0.5"], A.row(1))
e.claim(ln("0.5\\cdot [1,2] + 0.5\\cdot [3,4]", 1, H), "blend of token 2",
        ["0.5", "1", "2", "0.5", "3", "4"], [A[1, 0], V[0, 0], V[0, 1], A[1, 1], V[1, 0], V[1, 1]])

H = ln("# All matrices at a glance")
L = ln("X=", 1, H)
e.given(L + 2, "X row 1"); e.given(L + 3, "X row 2")
for nm in ("W_Q=", "W_K=", "W_V="):
    L = ln(nm, 1, H)
    e.given(L + 2, nm + " row 1"); e.given(L + 3, nm + " row 2")
for nm, P in (("Q=", Q), ("K=", K), ("V=", V)):
    L = ln(nm, 1, ln("## Derived matrices"))
    e.rows([L + 2, L + 3], nm[0] + " summary", [[str(v) for v in P.row(0)], [str(v) for v in P.row(1)]], P)
L = ln("QK^T=", 1, H)
e.rows([L + 2, L + 3], "scores summary", [["1", "0"], ["1", "1"]], S)
L = ln("\\frac{QK^T}{\\sqrt{2}}", 1, H)
e.rows([L + 3, L + 4], "scaled scores summary", [["0.707", "0"], ["0.707", "0.707"]], Ss)
L = ln("A=", 1, ln("## Attention weights", 1, H))
e.rows([L + 2, L + 3], "weights summary", Wp, A)
L = ln("O=AV=", 1, H)
e.rows([L + 2, L + 3], "output summary", Op, O)
e.done()
