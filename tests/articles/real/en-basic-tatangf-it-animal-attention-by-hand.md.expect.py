# Expected verdicts for en-basic-tatangf-it-animal-attention-by-hand.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Example 01: seven tokens with hand-made 3-feature vectors; W_q maps the pronoun feature to [3, 3, 0], W_k = W_v = I,
# d_k = 3.  The query of "it" is [3, 3, 0]; its scores against the keys are [0, 6, 0, 0, 3, 0, 0] / sqrt(3), and the
# row softmax gives 2.3474% for each zero-score token, 74.9947% for "animal" and 13.2682% for "street": the printed
# 2.3% / 75.0% / 13.3% (format 5.1%) are all right.  (The '#' bars are int(40 w) = 29 and 5, not printed numbers.)
# Example 03: score-matrix memory N*N*4 bytes / 2**20 (so "MB" means MiB, as the code prints it): 0.0625 -> "0.1",
# 0.25 -> "0.2" (an exact tie: both neighbours agree), 1, 4, 16, 64; each ratio to the previous row is exactly 4.
# The prose "4 times bigger" and "10x the length costs 100x" are right (N^2 scaling).  Nothing in the article is wrong.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "complexity", "code-output", "percent"])

feats = {"the": [0, 0, 0], "animal": [1, 1, 0], "crossed": [0, 0, 0], "street": [1, 0, 0],
         "because": [0, 0, 0], "it": [0, 0, 1]}
tokens = ["the", "animal", "crossed", "the", "street", "because", "it"]
X = sp.Matrix([feats[t] for t in tokens])
WQ = M([[0, 0, 0], [0, 0, 0], [3, 3, 0]])
WK = sp.eye(3)
WV = sp.eye(3)
Q, K, V = X * WQ, X * WK, X * WV
S = Q * K.T / sp.sqrt(3)
A = softmax_rows(S)
w = [A[6, j] for j in range(7)]

start = e.line('tokens = ["the", "animal"')
e.given(start, "tokens")
for t in ["the", "animal", "crossed", "street", "because", "it"]:
    e.given(e.line(f'    "{t}":', 1, start), f"feature vector of {t}")
e.given(e.line("W_q = torch.tensor([[0.0, 0.0, 0.0],"), "W_q row 1")
e.given(e.line("                    [0.0, 0.0, 0.0],"), "W_q row 2")
e.given(e.line("                    [3.0, 3.0, 0.0]])"), "W_q row 3")

out = e.line("Step 3 - attention weights of 'it' (softmax, sums to 1):", 2)
for j, t in enumerate(tokens):
    ln = out + 1 + j
    assert e.lines[ln - 1].split()[0] == t, (ln, t)
    pct = e.lines[ln - 1].split()[1]
    e.claim(ln, f"weight of 'it' on {t} (percent)", [pct], [w[j]])

# Example 03: memory of the float32 N x N score matrix in MiB, and the ratio to the previous row
hdr = e.line("     N |  score matrix | x vs prev")
prev = None
for i, n in enumerate([128, 256, 512, 1024, 2048, 4096]):
    ln = hdr + 1 + i
    cells = [c.strip() for c in e.lines[ln - 1].split("|")]
    assert cells[0] == str(n), (ln, cells)
    mem = R(n * n * 4, 2**20)
    e.claim(ln, f"score matrix size for N = {n} (MiB)", [cells[1].split()[0]], [mem])
    if prev is not None:
        e.claim(ln, "ratio to previous N", [cells[2].rstrip("x")], [mem / prev])
    prev = mem

L = e.line("doubling N makes the N × N score matrix 4 times bigger")
e.claim(L, "growth per doubling", ["4"], [R(2) ** 2])
e.claim(L, "cost of 10x the length", ["100"], [R(10) ** 2])
e.given(e.line("(head dimension 64)"), "head dimension 64")
e.given(e.line("N · N · 4 bytes in float32"), "4 bytes per float32 score")
e.done()
