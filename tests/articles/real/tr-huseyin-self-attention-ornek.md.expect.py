# Expected verdicts for tr-huseyin-self-attention-ornek.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article gives an example score matrix QK^T = [[4,2,1],[2,3,0],[1,0,2]], scales by sqrt(d_k) with d_k = 64
# (sqrt 64 = 8, right), and then prints softmax(QK^T / sqrt(d_k)) as [[0.7,0.2,0.1],[0.4,0.5,0.1],[0.2,0.1,0.7]].
# From its own scores and d_k = 64 the rows are [0.41,0.32,0.28], [0.34,0.39,0.27], [0.33,0.29,0.38] (at 1 place:
# [0.4,0.3,0.3], [0.3,0.4,0.3], [0.3,0.3,0.4]); all three printed rows are wrong.  (Unscaled they would be
# [0.84,0.11,0.04], ...; only row 1 would fit an unstated d_k = 3.)  X and the token table are inputs never used later.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="tr", topics=["basic", "softmax", "scaling"])
for lab in ("| Ben | [0.2, 0.7, 0.1] |", "| Okula | [0.9, 0.1, 0.3] |", "| Gidiyorum | [0.4, 0.5, 0.8] |"):
    e.given(e.line(lab), "embedding " + lab.split("|")[1].strip())
L = e.line("X = ")
for k in range(3):
    e.given(L + 2 + k, f"X row {k + 1}")

S = M([[4, 2, 1], [2, 3, 0], [1, 0, 2]])
L = e.line("QK^T =")
for k in range(3):
    e.given(L + 2 + k, f"example scores row {k + 1}")
L = e.line("\\( d_k = 64 \\)")
e.given(L, "d_k = 64")
e.claim(L, "sqrt(64)", "8", sp.sqrt(64))
A = softmax_rows(S / sp.sqrt(64))
L = e.line("\\text{Attention Weights} =", 2)
e.claim(L + 2, "softmax(QK^T / 8) row 1", ["0.7", "0.2", "0.1"], list(A.row(0)))
e.claim(L + 3, "softmax(QK^T / 8) row 2", ["0.4", "0.5", "0.1"], list(A.row(1)))
e.claim(L + 4, "softmax(QK^T / 8) row 3", ["0.2", "0.1", "0.7"], list(A.row(2)))
e.done()
