# Expected verdicts for es-basic-jcmellado-sapiens-transformers-repaso.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs as printed: the 2x2 matrix [[1, 2], [4, 9]] (used both for the softmax example and the layer-norm example,
# gamma = 1, beta = 0, epsilon = 0); d = 512 with h = 8 heads; d_ff = 4 d.
# Exact: softmax rows 1/(1+e), e/(1+e) = 0.268941421, 0.731058579 and 1/(1+e^5), e^5/(1+e^5) = 0.006692851, 0.993307149;
# means 3/2 and 13/2, variances 1/4 and 25/4, normalised rows [-1, 1] and [-1, 1]; d/h = 64.
# The feed-forward sentence says the first layer widens 512 "hasta 1048" while quoting d_ff = 4 d: 4 * 512 = 2048 (slip).
# The 6x6 table for "el libro está sobre la mesa" is illustrative (invented weights, every row sums to 1): given.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="es", topics=["softmax", "layernorm", "mha", "sizes", "decimal-comma", "latex", "bmatrix"])

X = M([[1, 2], [4, 9]])
A = softmax_rows(X)

# --- softmax example ---
L = e.line("0,26894142 & 0,73105858")
e.given(e.line("1 & 2", after=L - 10), "input row [1, 2]")
e.given(e.line("\\\\ 4 & 9", after=L - 10), "input row [4, 9]")
e.claim(L, "softmax row 1", ["0,26894142", "0,73105858"], A.row(0))
e.claim(L + 1, "softmax row 2", ["0,00669285", "0,99330715"], A.row(1))
L2 = e.line("0,26894142 + 0,73105858 = 1")
e.claim(L2, "row 1 weights and their sum", ["0,26894142", "0,73105858", "1"], [A[0, 0], A[0, 1], A[0, 0] + A[0, 1]])
e.claim(L2 + 1, "row 2 weights and their sum", ["0,00669285", "0,99330715", "1"], [A[1, 0], A[1, 1], A[1, 0] + A[1, 1]])

# --- illustrative weight table (invented values) ---
H = e.line("\\text{el} & \\text{libro}")
for w in ["el}    &", "libro} &", "está}  &", "sobre} &", "la}    &", "mesa}  &"]:
    e.given(e.line("\\text{" + w, after=H), "illustrative attention row (author's invented weights)")

# --- multi-head dimensions ---
L = e.line("con _embeddings_ de 512 y 8 cabezas")
e.given(L, "d = 512, h = 8 (paper)")
e.claim(L, "d_k = d / h", ["64"], [R(512, 8)])

# --- layer norm example ---
e.given(e.line("\\gamma = 1 $; $ \\beta = 0"), "gamma = 1, beta = 0, epsilon = 0")
mu1, mu2 = R(3, 2), R(13, 2)
var1 = ((1 - mu1) ** 2 + (2 - mu1) ** 2) / 2
var2 = ((4 - mu2) ** 2 + (9 - mu2) ** 2) / 2
e.claim(e.line("\\mu \\left( [1, 2] \\right)"), "mean of [1, 2]", ["1,5"], [mu1])
e.claim(e.line("\\sigma^2 \\left( [1, 2] \\right)"), "mean and variance of [1, 2]", ["1,5", "0,25"], [mu1, var1])
e.claim(e.line("\\mu \\left( [4, 9] \\right)"), "mean of [4, 9]", ["6,5"], [mu2])
e.claim(e.line("\\sigma^2 \\left( [4, 9] \\right)"), "mean and variance of [4, 9]", ["6,5", "6,25"], [mu2, var2])
L = e.line("\\cfrac{1 - 1,5}{\\sqrt{0,25}}")
e.given(L - 3, "input row [1, 2]")
e.given(L - 2, "input row [4, 9]")
e.claim(L, "row 1 mean and variance inside the fractions", ["1,5", "0,25"], [mu1, var1])
e.claim(L + 1, "row 2 mean and variance inside the fractions", ["6,5", "6,25"], [mu2, var2])
norm = M([[(X[i, j] - [mu1, mu2][i]) / sp.sqrt([var1, var2][i]) for j in range(2)] for i in range(2)])
e.claim(L + 3, "normalised row 1", ["-1", "1"], norm.row(0))
e.claim(L + 4, "normalised row 2", ["-1", "1"], norm.row(1))

# --- feed-forward width ---
L = e.line("desde 512 hasta 1048")
e.given(L, "d = 512 and the fourfold widening of the paper")
e.claim(L, "d_ff = 4 d for d = 512", ["1048"], [4 * 512], cause="slip")
e.given(e.line("d_{ff} = 4 d"), "d_ff = 4 d")

# --- stack depth and vocabulary (facts of the paper) ---
e.given(e.line("6 en el _paper_ original"), "N = 6 encoders")
e.given(e.line("superan los 30.000 _tokens_"), "vocabulary above 30,000 tokens, d = 512")
e.done()
