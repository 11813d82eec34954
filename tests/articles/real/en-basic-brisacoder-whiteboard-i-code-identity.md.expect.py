# Expected verdicts for en-basic-brisacoder-whiteboard-i-code-identity.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: L = 2, D = 2, X = I₂ (rows [1,0] "I" and [0,1] "code"), W_Q = W_K = W_V = I₂, so Q = K = V = X; the handout
#   scales by √D (D = 2); row softmax; Y = A V.
# Exact: Kᵀ = I₂; S = I₂ (entries 1·1 + 0·0 = 1, 1·0 + 0·1 = 0, ...); √2 = 1.414214 -> 1.414; 1/√2 = 0.707107 -> 0.707;
#   A = [[0.669761, 0.330239], [0.330239, 0.669761]] -> 0.67 / 0.33; Y = A (V = I₂) -> same values.
# No wrong lines: every printed number agrees (the page is a correct reference solution).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "scaling", "qkv-identity", "plain-text", "interview",
                                             "unicode-math"])
X = sp.eye(2)
Q = K = V = X
S = Q * K.T
Ss = S / sp.sqrt(2)
A = softmax_rows(Ss)
Y = A * V

e.given(e.line("> Sentence length **L = 2**"), "L = 2")
e.given(e.line("> Embedding dimension **D = 2**"), "D = 2")
L = e.line("[ 1  0 ]   ← token 1 (\"I\")")
e.given(L, "X row 1")
e.given(L + 1, "X row 2")
e.given(e.line("X ∈ ℝ^{2 × 2}"), "shape of X")
e.given(e.line("W_Q = W_K = W_V = I₂"), "identity projections")
e.given(e.line("Q, K, V ∈ ℝ^{2 × 2}"), "shapes of Q, K, V")
L = e.lines.index("Kᵀ =") + 1
e.claim(L + 1, "K^T row 1", ["1", "0"], K.T.row(0))
e.claim(L + 2, "K^T row 2", ["0", "1"], K.T.row(1))
L = e.line("[ 1·1 + 0·0   1·0 + 0·1 ] = [ 1  0 ]")
e.claim(L, "S row 1 (entries 1·1 + 0·0, 1·0 + 0·1)", ["1", "0"], S.row(0))
e.claim(L + 1, "S row 2 (entries 0·1 + 1·0, 0·0 + 1·1)", ["0", "1"], S.row(1))
L = e.lines.index("S =") + 1
e.claim(L + 1, "S row 1", ["1", "0"], S.row(0))
e.claim(L + 2, "S row 2", ["0", "1"], S.row(1))
e.given(e.line("S ∈ ℝ^{2 × 2}"), "shape of S")
e.claim(e.line("√D = √2 ≈ 1.414"), "sqrt(D)", ["2", "1.414"], [2, sp.sqrt(2)])
L = e.lines.index("S_scaled =") + 1
e.claim(L + 1, "scaled row 1 off-diagonal (the diagonal is written exactly as 1/√2)", ["0"], [Ss[0, 1]])
e.claim(L + 2, "scaled row 2 off-diagonal (the diagonal is written exactly as 1/√2)", ["0"], [Ss[1, 0]])
e.claim(L + 4, "scaled row 1", ["0.707", "0"], Ss.row(0))
e.claim(L + 5, "scaled row 2", ["0", "0.707"], Ss.row(1))
L = e.line("softmax([0.707, 0]) =")
e.claim(L, "scaled row 1 restated", ["0.707", "0"], Ss.row(0))
e.claim(L + 1, "exponent restated", ["0.707"], [Ss[0, 0]])
e.claim(L + 2, "exponent restated", ["0.707"], [Ss[0, 0]])
e.claim(L + 3, "softmax row 1", ["0.67", "0.33"], A.row(0))
L = e.line("softmax([0, 0.707]) ≈ [0.33, 0.67]")
e.claim(L, "scaled row 2 restated", ["0", "0.707"], Ss.row(1))
e.claim(L, "softmax row 2", ["0.33", "0.67"], A.row(1))
L = e.lines.index("A =") + 1
e.rows([L + 1, L + 2], "attention matrix", [["0.67", "0.33"], ["0.33", "0.67"]], A)
L = e.line("V =", 1, e.line("## Step 6"))
e.claim(L + 1, "V row 1 (= X)", ["1", "0"], V.row(0))
e.claim(L + 2, "V row 2 (= X)", ["0", "1"], V.row(1))
L = e.line("y₁ = 0.67·[1,0] + 0.33·[0,1]")
e.claim(L, "weights of token 1 restated", ["0.67", "0.33"], A.row(0))
e.claim(L + 1, "y1", ["0.67", "0.33"], Y.row(0))
L = e.line("y₂ = 0.33·[1,0] + 0.67·[0,1]")
e.claim(L, "weights of token 2 restated", ["0.33", "0.67"], A.row(1))
e.claim(L + 1, "y2", ["0.33", "0.67"], Y.row(1))
L = e.lines.index("Y =") + 1
e.rows([L + 1, L + 2], "output Y", [["0.67", "0.33"], ["0.33", "0.67"]], Y)
e.given(e.line("Y ∈ ℝ^{2 × 2}"), "shape of Y")
e.done()
