# Expected verdicts for en-mha-two-heads-combined-wo.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Convention of the article: plain dot-product scores (no 1/sqrt(d_k) scaling is applied anywhere), softmax per row.
# The final step writes Combined @ W^O with W^O printed as 1/2 * [[1,0,1,0],[0,1,0,1]] (2x4) while Combined is
# 2x4: that product does not exist.  The printed 0.50 entries are those of Combined @ (W^O)^T.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["mha"])
X = M([["1.0", "0.0"], ["0.0", "1.0"]])
W1 = sp.eye(2)
W2 = M([["0", "1"], ["1", "0"]])
Q1 = K1 = V1 = X * W1
Q2 = K2 = V2 = X * W2
A1 = softmax_rows(Q1 * K1.T)
A2 = softmax_rows(Q2 * K2.T)
H1 = A1 * V1
H2 = A2 * V2
C = H1.row_join(H2)
WO = R(1, 2) * M([["1", "0", "1", "0"], ["0", "1", "0", "1"]])

e.given(e.line("Token 1: “I”"), "x_I")
e.given(e.line("Token 2: “love”"), "x_love")
L = e.line("X = \\begin{bmatrix}")
e.given(L, "X row 1")
e.given(L + 1, "X row 2")
L = e.line("W_Q1 = W_K1 = W_V1 = Identity matrix")
e.given(L + 1, "identity row 1")
e.given(L + 2, "identity row 2")

e.claim(e.line("\\[1, 0] · \\[1, 0] = 1"), "q_I·k_I (head 1)", "1", (Q1 * K1.T)[0, 0])
e.claim(e.line("\\[1, 0] · \\[0, 1] = 0"), "q_I·k_love (head 1)", "0", (Q1 * K1.T)[0, 1])
e.claim(e.line("\\text{softmax}( [1, 0] ) ≈ [0.73, 0.27]"), "head-1 weights of I", ["0.73", "0.27"], A1.row(0))
e.claim(e.line("\\text{Attention output}_\\text{head1}"), "head-1 output of I", ["0.73", "0.27"], H1.row(0))
e.claim(e.line("* Dot products: \\[0, 1] · \\[1, 0] = 0"), "q_love·k (head 1)", ["0", "1"], (Q1 * K1.T).row(1))
e.claim(e.line("* softmax(\\[0, 1]) → \\[0.27, 0.73]"), "head-1 weights of love", ["0.27", "0.73"], A1.row(1))
e.claim(e.line("* Output: \\[0.27, 0.73]"), "head-1 output of love", ["0.27", "0.73"], H1.row(1))
L = e.line("\\text{Head1 Output} = \\begin{bmatrix}")
e.rows([L, L + 1], "head 1 output", [["0.73", "0.27"], ["0.27", "0.73"]], H1)

e.claim(e.line('"I" → \\[1, 0] @'), "Q2 row I", ["0", "1"], Q2.row(0))
e.claim(e.line('"love" → \\[0, 1] @'), "Q2 row love", ["1", "0"], Q2.row(1))
h2 = e.line("### ✅ **Head 2")
e.claim(e.line("\\[0, 1] · \\[0, 1] = 1", after=h2), "q2_I·k2_I", "1", (Q2 * K2.T)[0, 0])
e.claim(e.line("\\[0, 1] · \\[1, 0] = 0", after=h2), "q2_I·k2_love", "0", (Q2 * K2.T)[0, 1])
e.claim(e.line("* softmax(\\[1, 0]) = \\[0.73, 0.27]"), "head-2 weights of I", ["0.73", "0.27"], A2.row(0))
e.claim(e.line("0.73 \\* \\[0, 1] + 0.27 \\* \\[1, 0] = \\[0.27, 0.73]"), "head-2 output of I", ["0.27", "0.73"], H2.row(0))
L = e.line("\\text{Head2 Output} = \\begin{bmatrix}")
e.rows([L, L + 1], "head 2 output", [["0.27", "0.73"], ["0.73", "0.27"]], H2)

L = e.line("0.73 & 0.27 & 0.27 & 0.73")
e.rows([L, L + 1], "Combined = [head1 | head2]", [["0.73", "0.27", "0.27", "0.73"], ["0.27", "0.73", "0.73", "0.27"]], C)
e.given(e.line("W^O = \\frac{1}{2}"), "W^O as printed (2x4)")

L = e.line("(0.73+0.27)/2 & (0.27+0.73)/2")
for k in (0, 1):
    e.ambiguous(L + k, "expansion of Combined @ W^O, a product that does not exist with W^O printed 2x4; "
                       "its terms are those of Combined @ (W^O)^T")
L = e.line("0.50 & 0.50 \\\\")
for k in (0, 1):
    ent = e._entry(L + k)
    ent["claims"].append({"what": f"Final Output row {k + 1} = Combined (2x4) @ W^O (2x4): undefined product "
                                  f"(the printed values are Combined @ (W^O)^T = {list((C * WO.T).row(k))})",
                          "printed": ["0.50", "0.50"],
                          "wrong": [{"printed": "0.50", "exact": "undefined (2x4 @ 2x4)"},
                                    {"printed": "0.50", "exact": "undefined (2x4 @ 2x4)"}],
                          "cause": "slip"})
    ent["verdict"] = "wrong"
e.done()
