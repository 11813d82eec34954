# Expected verdicts for de-basic-superheld-glossar-self-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the 2-token example embeddings [[0.5, 0.8], [0.2, 0.4]] with Q = K = V (the example applies Softmax to S
# unscaled, as printed); the code example X = [[0.5, 0.8], [0.2, 0.4], [0.9, 0.1]] with Q = K = V = X, d_k = 2 and
# scores / sqrt(d_k) as the printed code does.
# Exact (code): S = [[0.89, 0.42, 0.53], [0.42, 0.20, 0.22], [0.53, 0.22, 0.82]]; A = softmax(S / sqrt 2) =
#   [[0.4012, 0.2878, 0.3110], [0.3671, 0.3142, 0.3187], [0.3300, 0.2650, 0.4050]];
#   A X = [[0.5381, 0.4672], [0.5332, 0.4512], [0.5825, 0.4105]].
# Wrong lines:
# - the code comment "# [0.28, 0.27, 0.45]" (slip): weights of "defekt" are [0.33, 0.27, 0.41] (0.2650 rounds to 0.27).
# - printed weight rows 1 and 2 (slip): [0.38 0.28 0.34] vs [0.40, 0.29, 0.31]; [0.34 0.33 0.33] vs [0.37, 0.31, 0.32].
# - printed weight row 3 and "Token 'defekt' Attention: [0.28 0.27 0.45]" (carried: restate the comment's wrong row).
# - printed output row 2 [0.52 0.46] (slip): A X row 2 = [0.5332, 0.4512] -> [0.53, 0.45]; rows 1 and 3 are right.
# Ambiguous: "15 Tokens entfernt" (depends on a tokenizer) and "128k² = 16B" (abbreviated; 128k read as 128,000 or 131,072).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="de", topics=["basic", "softmax", "scaling", "mask", "code-output", "complexity"])

E2 = M([["0.5", "0.8"], ["0.2", "0.4"]])
S2 = E2 * E2.T
A2 = softmax_rows(S2)  # the example applies Softmax(S) as printed

X = M([["0.5", "0.8"], ["0.2", "0.4"], ["0.9", "0.1"]])
S = X * X.T
A = softmax_rows(S / sp.sqrt(2))
O = A * X

# ---- 2-token example
e.given(e.line("Embeddings: [[0.5, 0.8], [0.2, 0.4]]"), "embeddings")
L = e.line("S = Q·K^T = [[0.5×0.5 + 0.8×0.8")
e.given(L, "S row 1 as sums of input products")
e.given(L + 1, "S row 2 as sums of input products")
e.claim(L + 2, "S row 1", ["0.89", "0.42"], S2.row(0))
e.claim(L + 3, "S row 2", ["0.42", "0.20"], S2.row(1))
e.claim(e.line("Softmax(S[0]) = [0.62, 0.38]"), "softmax of S row 1", ["0.62", "0.38"], A2.row(0))
e.claim(e.line("Softmax(S[1]) = [0.55, 0.45]"), "softmax of S row 2", ["0.55", "0.45"], A2.row(1))
e.claim(e.line("Output[0] = 0.62×V[0] + 0.38×V[1]"), "weights of Output[0]", ["0.62", "0.38"], A2.row(0))
e.ambiguous(e.line("(15 Tokens entfernt)"), "a token distance that depends on the tokenizer (none given)")

# ---- code example
L = e.line('    [0.5, 0.8],  # "Kühlschrank"')
e.given(L, "X row 1")
e.given(L + 1, "X row 2")
e.given(L + 2, "X row 3")
e.claim(e.line("# [0.28, 0.27, 0.45]"), "weights of 'defekt' (comment)", ["0.28", "0.27", "0.45"], A.row(2))

L = e.line(" [[0.5 0.8]")
e.given(L, "printed X row 1")
e.given(L + 1, "printed X row 2")
e.given(L + 2, "printed X row 3")
L = e.line("Attention Weights:", after=e.line("**Output:**"))
e.claim(L + 1, "weights row 1", ["0.38", "0.28", "0.34"], A.row(0))
e.claim(L + 2, "weights row 2", ["0.34", "0.33", "0.33"], A.row(1))
e.claim(L + 3, "weights row 3", ["0.28", "0.27", "0.45"], A.row(2), cause="carried")
L = e.line("Output:", after=L)
e.claim(L + 1, "output row 1", ["0.54", "0.47"], O.row(0))
e.claim(L + 2, "output row 2", ["0.52", "0.46"], O.row(1))
e.claim(L + 3, "output row 3", ["0.58", "0.41"], O.row(2))
e.claim(e.line("Token 'defekt' Attention: [0.28 0.27 0.45]"), "weights of 'defekt' restated",
        ["0.28", "0.27", "0.45"], A.row(2), cause="carried")

# ---- complexity
e.ambiguous(e.line("128k² = 16B"), "abbreviated count: 128k^2 is 1.6384e10 (k = 1000) or 1.718e10 (k = 1024), printed as 16B")
e.done()
