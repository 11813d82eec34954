# Expected verdicts for en-basic-unfolddatascience-the-cat-sat-notebook.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Part 1: X = [[1, 0, 0.5], [0, 1, 0.3], [1, 1, 0.2]] (the three embeddings) and W_Q = W_K, W_V (3x3) as printed;
#   Q = X W_Q, K = X W_K, V = X W_V, scores = Q K^T, d_k = 3, scaled = scores / sqrt 3, weights = row softmax,
#   output = weights V.  Every printed array (V, Q, scores, scaled scores, weights, output) is numpy float64 output and
#   agrees with the exact values.  The "(3 x 3)" shape comments are right.
#   Wrong: the code comment "# Create the input sequence as a matrix (shape: 3 x 2)" - np.stack of three 3-vectors is
#   3 x 3 (the array printed right below has three columns): slip.
# Part 2: X = [[1, 0, 1], [0, 1, 1], [1, 1, 0]], identity projections (Q = K = V = X), d_k = 3, a causal mask
#   (-inf above the diagonal).  Masked scaled scores 1/sqrt3 = 0.57735027, 2/sqrt3 = 1.15470054; weights
#   [1, 0, 0], [0.35954252, 0.64045748, 0], [0.26445846, 0.26445846, 0.47108308]; output rows right.  All ok.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "mask", "notebook-output"])
NUM = re.compile(r"-?\d+\.\d+(?:e[+-]?\d+)?|-?\d+")


def nums(ln):
    text = e.lines[ln - 1].replace("-inf", " ")
    return NUM.findall(text)


def flat(m):
    return [m[i, j] for i in range(m.rows) for j in range(m.cols)]


def array_rows(first, what, mat, cause="slip"):
    for i in range(mat.rows):
        e.claim(first + i, f"{what} row {i + 1}", nums(first + i), flat(mat.row(i)), cause=cause)


# ---- part 1 ----
X = M([["1.0", "0.0", "0.5"], ["0.0", "1.0", "0.3"], ["1.0", "1.0", "0.2"]])
for tok in ('"The": np.array', '"cat": np.array', '"sat": np.array'):
    e.given(e.line(tok), f"embedding {tok.split(':')[0]}")
L = e.line("(shape: 3 x 2)")
e.claim(L, "shape of X = np.stack of three 3-vectors", ["3", "2"], [3, 3])
L = e.line("array([[1. , 0. , 0.5],")
for i in range(3):
    e.given(L + i, f"X printed row {i + 1} (restates the embeddings)")
WQ = M([["1.0", "0.0", "0.5"], ["0.0", "1.0", "0.5"], ["0.0", "1.0", "0.5"]])
WK = WQ
WV = M([["0.5", "1.0", "0.2"], ["1.0", "0.5", "0.3"], ["1.0", "0.5", "0.1"]])
e.given(e.line("W_Q = np.array("), "W_Q")
e.given(e.line("W_K = np.array("), "W_K")
e.given(e.line("W_V = np.array("), "W_V")
Q, K, V = X * WQ, X * WK, X * WV
for name in ("Q = X @ W_Q  # (3 x 3)", "K = X @ W_K  # (3 x 3)", "V = X @ W_V  # (3 x 3)"):
    e.claim(e.line(name), "shape comment", ["3", "3"], [3, 3])
array_rows(e.line("array([[1.  , 1.25, 0.25],"), "V = X W_V", V)
array_rows(e.line("array([[1.  , 0.5 , 0.75],"), "Q = X W_Q", Q)
e.claim(e.line("scores = Q @ K.T  # (3 x 3)"), "shape comment", ["3", "3"], [3, 3])
S = Q * K.T
array_rows(e.line(" [[1.8125 1.1375 2.425 ]"), "scores = Q K^T", S)
Sc = S / sp.sqrt(3)
array_rows(e.line("array([[1.04644736, 0.65673593, 1.4000744 ],"), "scores / sqrt(3)", Sc)
A = softmax_rows(Sc)
array_rows(e.line(" [[0.32242711 0.21836449 0.4592084 ]"), "row softmax", A)
array_rows(e.line(" [[1.38695523 1.27970424 0.39145543]"), "weights V", A * V)

# ---- part 2 ----
X2 = M([[1, 0, 1], [0, 1, 1], [1, 1, 0]])
for k, tok in enumerate(('# "The"', '# "cat"', '# "sat"')):
    e.given(e.line(tok, after=e.line("# Step 1: Word embeddings")), f"second-example embedding {k + 1}")
L = e.line("# Shape: (3 tokens x 3 dim)")
e.claim(L, "shape comment", ["3", "3"], [3, 3])
L = e.line("Wq = np.eye(3)  # (3 x 3)")
e.claim(L, "shape comment", ["3", "3"], [3, 3])
after = e.line("# Step 2: Use identity matrices")
for name in ("Q = X @ Wq  # (3 x 3)", "K = X @ Wk  # (3 x 3)", "V = X @ Wv  # (3 x 3)"):
    e.claim(e.line(name, after=after), "shape comment", ["3", "3"], [3, 3])
e.claim(e.line("scores = Q @ K.T  # (3 x 3)", after=after), "shape comment", ["3", "3"], [3, 3])
e.claim(e.line("# Optional: scale by sqrt(d_k), d_k = 3"), "d_k", ["3"], [3])
e.claim(e.line("output = attn_weights @ V  # (3 x 3)"), "shape comment", ["3", "3"], [3, 3])

S2 = X2 * X2.T / sp.sqrt(3)
L = e.line("array([[1.15470054,       -inf,       -inf],")
masked_vals = [[S2[0, 0]], [S2[1, 0], S2[1, 1]], [S2[2, 0], S2[2, 1], S2[2, 2]]]
for i in range(3):
    e.claim(L + i, f"masked scaled scores row {i + 1} (finite entries)", nums(L + i), masked_vals[i])


def causal_softmax(Sm):
    out = sp.zeros(3, 3)
    for i in range(3):
        den = sum(sp.exp(Sm[i, k]) for k in range(i + 1))
        for j in range(i + 1):
            out[i, j] = sp.exp(Sm[i, j]) / den
    return out


A2 = causal_softmax(S2)
array_rows(e.line("array([[1.        , 0.        , 0.        ],"), "masked softmax", A2)
L = e.line("Q:", after=e.line('print("Masked Self-Attention Output:\\n", output)'))
array_rows(L + 1, "Q = X", X2)
array_rows(L + 5, "K = X", X2)
array_rows(L + 9, "V = X", X2)
array_rows(L + 13, "masked weights (printed again)", A2)
array_rows(L + 17, "masked output = weights V", A2 * X2)
e.done()
