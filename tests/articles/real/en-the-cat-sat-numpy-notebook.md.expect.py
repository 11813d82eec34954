# Expected verdicts for en-the-cat-sat-numpy-notebook.md, computed with plain SymPy (see oracle.py); not symattn's code.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "causal-mask"])


def nums(line):
    """Finite numbers printed on a numpy output line ('1.' is read as 1; -inf is skipped)."""
    text = e.lines[line - 1].replace("-inf", " ")
    return [t.rstrip(".") for t in re.findall(r"-?\d+\.?\d*", text)]


X = M([["1.0", "0.0", "0.5"], ["0.0", "1.0", "0.3"], ["1.0", "1.0", "0.2"]])
WQ = M([["1.0", "0.0", "0.5"], ["0.0", "1.0", "0.5"], ["0.0", "1.0", "0.5"]])
WK = WQ
WV = M([["0.5", "1.0", "0.2"], ["1.0", "0.5", "0.3"], ["1.0", "0.5", "0.1"]])
Q, K, V = X * WQ, X * WK, X * WV
S = Q * K.T
dk = 3
Ssc = S / sp.sqrt(dk)
A = softmax_rows(Ssc)
O = A * V

for tok in ("The", "cat", "sat"):
    e.given(e.line(f'"{tok}": np.array('), f"embedding {tok}")
e.claim(e.line("(shape: 3 x 2)"), "shape of X", ["3", "2"], [X.rows, X.cols])
L = e.line("array([[1. , 0. , 0.5]")
for i in range(3):
    e.given(L + i, f"X printed row {i+1}")
e.given(e.line("W_Q = np.array("), "W_Q")
e.given(e.line("W_K = np.array("), "W_K")
e.given(e.line("W_V = np.array("), "W_V")
e.claim(e.line("Q = X @ W_Q  # (3 x 3)"), "shape of Q", ["3", "3"], [Q.rows, Q.cols])
e.claim(e.line("K = X @ W_K  # (3 x 3)"), "shape of K", ["3", "3"], [K.rows, K.cols])
e.claim(e.line("V = X @ W_V  # (3 x 3)"), "shape of V", ["3", "3"], [V.rows, V.cols])
L = e.line("array([[1.  , 1.25, 0.25]")
e.rows([L, L + 1, L + 2], "V", [nums(L + i) for i in range(3)], V)
L = e.line("array([[1.  , 0.5 , 0.75]")
e.rows([L, L + 1, L + 2], "Q", [nums(L + i) for i in range(3)], Q)
e.claim(e.line("scores = Q @ K.T  # (3 x 3)"), "shape of scores", ["3", "3"], [3, 3])
L = e.line("Dot product scores:", nth=2) + 1
e.rows([L, L + 1, L + 2], "scores", [nums(L + i) for i in range(3)], S)
L = e.line("array([[1.04644736")
e.rows([L, L + 1, L + 2], "scaled scores", [nums(L + i) for i in range(3)], Ssc)
L = e.line("Attention Weights:", nth=2) + 1
e.rows([L, L + 1, L + 2], "attention weights", [nums(L + i) for i in range(3)], A)
L = e.line("Final Output:", nth=2) + 1
e.rows([L, L + 1, L + 2], "output", [nums(L + i) for i in range(3)], O)

# masked variant: new X, identity projections, causal mask, scale by sqrt(3)
X2 = M([[1, 0, 1], [0, 1, 1], [1, 1, 0]])
L = e.line("X = np.array([", nth=1)
for i in range(3):
    e.given(L + 1 + i, f"masked X row {i+1}")
e.claim(e.line("# Shape: (3 tokens x 3 dim)"), "shape of X", ["3", "3"], [3, 3])
e.given(e.line("Wq = np.eye(3)"), "identity")
e.given(e.line("Wk = np.eye(3)"), "identity")
e.given(e.line("Wv = np.eye(3)"), "identity")
for name in ("Q = X @ Wq  # (3 x 3)", "K = X @ Wk  # (3 x 3)", "V = X @ Wv  # (3 x 3)"):
    e.claim(e.line(name), "shape " + name[0], ["3", "3"], [3, 3])
e.claim(e.line("scores = Q @ K.T  # (3 x 3)", nth=2), "shape of scores", ["3", "3"], [3, 3])
e.claim(e.line("d_k = 3"), "d_k", ["3"], [X2.cols])
S2 = X2 * X2.T / sp.sqrt(3)
A2 = sp.zeros(3, 3)
for i in range(3):
    den = sum(sp.exp(S2[i, k]) for k in range(i + 1))
    for j in range(i + 1):
        A2[i, j] = sp.exp(S2[i, j]) / den
O2 = A2 * X2
L = e.line("array([[1.15470054")
for i in range(3):
    e.claim(L + i, f"masked scores row {i+1} (visible part)", nums(L + i), S2.row(i)[: i + 1])
L = e.line("array([[1.        , 0.        , 0.        ]")
e.rows([L, L + 1, L + 2], "masked weights", [nums(L + i) for i in range(3)], A2)
L = e.line("Masked Attention Weights:", nth=2) + 1
e.rows([L, L + 1, L + 2], "masked weights printed", [nums(L + i) for i in range(3)], A2)
L = e.line("Masked Self-Attention Output:", nth=2) + 1
e.rows([L, L + 1, L + 2], "masked output", [nums(L + i) for i in range(3)], O2)
e.done()
