# Expected verdicts for en-basic-xuyuji9000-she-likes-coffee-notebook.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the three embeddings ('she', 'likes', 'coffee') and the hand-written W_q = W_k, W_v of the code cells.
# Recomputed: X (stacked), X[0]·W_q[:,0], Q = X W_q, K = X W_k, V = X W_v, S = Q K^T, S / sqrt(4), exp(S/2) and
# its row sums, the row softmax and A V; shapes. numpy prints are compared under the corpus rule (rounded to the
# printed places; 6+ significant digits within 1e-5 relative). Cross-checked with numpy: no wrong line.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "numpy-print", "scaling"])
NUM = re.compile(r"\d+\.\d+|\d+")


def nums(ln):
    text = e.lines[ln - 1]
    return NUM.findall(text)


def floats(ln):
    return [t for t in nums(ln) if "." in t]


emb = {"she": ["0.2", "0.9", "0.1", "0.5"], "likes": ["0.8", "0.3", "0.7", "0.2"],
       "coffee": ["0.4", "0.6", "0.3", "0.9"]}
for w in emb:
    e.given(e.line(f"'{w}'") if w != "she" else e.line("'she'   :"), f"embedding of {w}")
X = M([emb["she"], emb["likes"], emb["coffee"]])
Wq = M([["0.9", "0.1", "0.1", "0.1"], ["0.1", "0.9", "0.1", "0.1"], ["0.1", "0.1", "0.9", "0.1"],
        ["0.1", "0.1", "0.1", "0.9"]])
Wk = Wq
Wv = M([["0.8", "0.2", "0.1", "0.1"], ["0.2", "0.8", "0.2", "0.1"], ["0.1", "0.2", "0.8", "0.1"],
        ["0.1", "0.1", "0.1", "0.9"]])
for name in ("W_q = np.array", "W_k = np.array", "W_v = np.array"):
    L = e.line(name)
    for i in range(4):
        e.given(L + i, f"{name.split()[0]} row {i + 1}")

Q, K, V = X * Wq, X * Wk, X * Wv
S = Q * K.T
scaled = S / sp.sqrt(4)
E = scaled.applyfunc(sp.exp)
sums = [sum(E.row(i)) for i in range(3)]
A = softmax_rows(scaled)
out = A * V

# X echoed by the vstack cell, with its shape
L = e.line("((3, 4),")
e.claim(L, "X.shape", ["3", "4"], [3, 4])
for i in range(3):
    e.claim(L + 1 + i, f"X row {i + 1}", floats(L + 1 + i), list(X.row(i)))

x0 = sum(X[0, k] * Wq[k, 0] for k in range(4))
e.claim(e.line("np.float64(0.33000000000000007)"), "W_q[:,0] @ X[0,:]", ["0.33000000000000007"], [x0])
e.claim(e.line("np.float64(0.33000000000000007)", nth=2), "X[0,:] @ W_q[:,0]", ["0.33000000000000007"], [x0])
e.claim(e.line("((3, 4), (3, 4), (3, 4))"), "Q, K, V shapes", ["3", "4", "3", "4", "3", "4"], [3, 4, 3, 4, 3, 4])
e.claim(e.line("((3, 4), (4, 3))"), "Q and K^T shapes", ["3", "4", "4", "3"], [3, 4, 4, 3])

L = e.line("array([[1.2884")
e.rows([L, L + 1, L + 2], "scores = Q K^T", [floats(L + i) for i in range(3)], S)

L = e.line("((3, 3),")
e.claim(L, "scaled_scores.shape", ["3", "3"], [3, 3])
e.rows([L + 1, L + 2, L + 3], "scores / sqrt(d_k)", [floats(L + 1 + i) for i in range(3)], scaled)

L = e.line("(array([[1.90446285")
e.rows([L, L + 1, L + 2], "exp(scaled)", [floats(L + i) for i in range(3)], E)
for i in range(3):
    e.claim(L + 3 + i, f"row sum {i + 1} of exp(scaled)", floats(L + 3 + i), [sums[i]])

L = e.line("((3, 3),", nth=2)
e.claim(L, "attention_weights.shape", ["3", "3"], [3, 3])
e.rows([L + 1, L + 2, L + 3], "attention weights", [floats(L + 1 + i) for i in range(3)], A)

L = e.line("((3, 4),", nth=4)
e.claim(L, "output.shape", ["3", "4"], [3, 4])
e.rows([L + 1, L + 2, L + 3], "output = A V", [floats(L + 1 + i) for i in range(3)], out)
e.done()
