# Expected verdicts for en-basic-muhammadtausif-the-cat-sat-seeded-weights.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: X of the first cell and the printed W_q, W_k, W_v (seed-0 draws, printed by numpy to 8 decimals; those
# prints are taken as the exact inputs). Recomputed: Q = X W_q, K = X W_k, V = X W_v, scores = Q K^T / sqrt(4),
# row softmax, output = A V. Differences from the prints are float noise far inside the corpus's 1e-5 relative
# allowance for machine prints. Cross-checked with numpy (seed 0): no wrong line.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "numpy-print", "scaling"])
NUM = re.compile(r"\d+\.\d*")


def floats(ln):
    return [t[:-1] if t.endswith(".") else t for t in NUM.findall(e.lines[ln - 1])]


def block(first, n):
    return [first + i for i in range(n)], [floats(first + i) for i in range(n)]


for w in ('# "The"', '# "cat"', '# "sat"'):
    e.given(e.line(w), f"embedding {w[2:]}")
X = M([["1.0", "0.0", "1.0", "0.0"], ["0.0", "2.0", "0.0", "2.0"], ["1.0", "1.0", "1.0", "1.0"]])

L = e.line("Input X (word embeddings):", nth=2)
lines, rows = block(L + 1, 3)
e.rows(lines, "X echoed", rows, X)

W = {}
for name in ("W_q", "W_k", "W_v"):
    L = e.line(f"Weight matrix {name}:", nth=1, after=e.line("Before Linear Transformation:", nth=2))
    lines, rows = block(L + 1, 4)
    for ln in lines:
        e.given(ln, f"{name} row (printed seed-0 draw)")
    W[name] = M(rows)

Q, K, V = X * W["W_q"], X * W["W_k"], X * W["W_v"]
scores = Q * K.T / sp.sqrt(4)
A = softmax_rows(scores)
out = A * V

after = e.line("After Linear Transformation:", nth=2)
for label, mat, what in (("Query Q:", Q, "Q = X W_q"), ("Key K:", K, "K = X W_k"), ("Value V:", V, "V = X W_v")):
    L = e.line(label, after=after)
    lines, rows = block(L + 1, 3)
    e.rows(lines, what, rows, mat)

L = e.line("Raw attention scores (Q·Kᵀ / sqrt(dk)):", nth=2)
lines, rows = block(L + 1, 3)
e.rows(lines, "scores = Q K^T / sqrt(4)", rows, scores)

L = e.line("Attention Weights (after softmax):", nth=2)
lines, rows = block(L + 1, 3)
e.rows(lines, "softmax(scores)", rows, A)

L = e.line("Final Output (weighted sum of V):", nth=2)
lines, rows = block(L + 1, 3)
e.rows(lines, "output = A V", rows, out)
e.done()
