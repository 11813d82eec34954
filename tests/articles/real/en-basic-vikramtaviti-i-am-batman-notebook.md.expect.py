# Expected verdicts for en-basic-vikramtaviti-i-am-batman-notebook.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: X = [[1, 0], [0, 0], [0, 1]] (tokens I, am, Batman), W_q = [[1, 2], [3, 4]], W_k = [[0.5, 1], [1.5, 1]],
# W_v = [[1, 0.5], [0.5, 1]]. The notebook's convention multiplies by the transposes: Q = X W_q^T, K = X W_k^T,
# V = X W_v^T (so Q = [[1, 3], [0, 0], [2, 4]], not X W_q = [[1, 2], [0, 0], [3, 4]]). d_k = Q.shape[1] = 2;
# scores = Q K^T = [[5, 0, 4], [0, 0, 0], [7, 0, 6]], scaled by sqrt 2; row softmax (the max subtracted is the row's own,
# apply_along_axis); output = A V.
# A = [[0.656939, 0.019145, 0.323916], [1/3, 1/3, 1/3], [0.666598, 0.004723, 0.328679]];
# output = [[0.818897, 0.652385], [0.5, 0.5], [0.830938, 0.661978]]. Every 8-decimal print agrees (machine floats);
# the same arrays appear twice, as execute_result reprs and in the summary print. No wrong line.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "notebook", "numpy-print", "scaling", "transposed-weights"])
X = M([["1.0", "0.0"], ["0.0", "0.0"], ["0.0", "1.0"]])
Wq = M([["1.0", "2.0"], ["3.0", "4.0"]])
Wk = M([["0.5", "1.0"], ["1.5", "1.0"]])
Wv = M([["1.0", "0.5"], ["0.5", "1.0"]])
Q, K, V = X * Wq.T, X * Wk.T, X * Wv.T
S = Q * K.T
Ss = S / sp.sqrt(Q.cols)
A = softmax_rows(Ss)
O = A * V

NUM = re.compile(r"\d+\.\d*|\d+")


def nums(ln):
    return [t[:-1] if t.endswith(".") else t for t in NUM.findall(e.lines[ln - 1])]


def block(first, what, exact):
    e.rows([first + i for i in range(exact.rows)], what, [nums(first + i) for i in range(exact.rows)], exact)


L = e.line("# Step 1: Define input embeddings (3 tokens, 2d)")
e.claim(L, "shape of X (tokens, features)", ["3", "2"], [X.rows, X.cols])
for needle in ("    [1.0, 0.0],", "    [0.0, 0.0],", "    [0.0, 1.0]"):
    e.given(e.line(needle), "X row")
for needle in ("W_q = np.array([[1.0, 2.0],", "                [3.0, 4.0]])", "W_k = np.array([[0.5, 1.0],",
               "                [1.5, 1.0]])", "W_v = np.array([[1.0, 0.5],", "                [0.5, 1.0]])"):
    e.given(e.line(needle), "weight row")

# execute_result reprs
block(e.line("array([[1., 3.],"), "Q = X W_q^T", Q)
block(e.line("array([[0.5, 1.5],"), "K = X W_k^T", K)
block(e.line("array([[5., 0., 4.],"), "scores Q K^T", S)
block(e.line("array([[3.53553391, 0.        , 2.82842712],"), "scores / sqrt(d_k)", Ss)
block(e.line("array([[0.65693877, 0.01914529, 0.32391594],"), "attention weights", A)
block(e.line("array([[1. , 0.5],"), "V = X W_v^T", V)
block(e.line("array([[0.81889674, 0.65238532],"), "output A V", O)

# the summary print
P = e.line("Input tokens:       ['I', 'am', 'Batman']")
block(e.line("Q:", after=P) + 1, "Q (print)", Q)
block(e.line("K:", after=P) + 1, "K (print)", K)
block(e.line("V:", after=P) + 1, "V (print)", V)
block(e.line("Attention scores:", after=P) + 1, "scaled scores (print)", Ss)
block(e.line("Attention weights:", after=P) + 1, "attention weights (print)", A)
block(e.line("Self-attention output:", after=P) + 1, "output (print)", O)
e.done()
