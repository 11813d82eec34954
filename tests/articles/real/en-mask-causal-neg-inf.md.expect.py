# Expected verdicts for en-mask-causal-neg-inf.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Causal mask = tril(ones); masked scores keep S[i, j] for j <= i; softmax over the kept entries (masked -> 0).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["mask"])
S = M([["10.0", "2.0", "1", "4"], ["5.0", "11.0", "7", "3"], ["3", "9", "7", "5"], ["8", "9", "4", "8"]])
n = 4
mask = sp.Matrix(n, n, lambda i, j: 1 if j <= i else 0)
P = sp.zeros(n, n)
for i in range(n):
    den = sum(sp.exp(S[i, k]) for k in range(i + 1))
    for j in range(i + 1):
        P[i, j] = sp.exp(S[i, j]) / den

L = e.line("scores = torch.tensor([[10.0")
for k in range(4):
    e.given(L + k, f"scores row {k + 1}")
L = e.line("# tensor([[1., 0., 0., 0.],")
# printed as "1." / "0." (torch float formatting); compared as the integers 1 and 0
rows = [["1", "0", "0", "0"], ["1", "1", "0", "0"], ["1", "1", "1", "0"], ["1", "1", "1", "1"]]
e.rows([L, L + 1, L + 2, L + 3], "tril mask", rows, mask)
L = e.line("# tensor([[10., -inf")
kept = [["10"], ["5", "11"], ["3", "9", "7"], ["8", "9", "4", "8"]]
for i in range(4):
    e.claim(L + i, f"masked scores row {i + 1} (kept entries)", kept[i], [S[i, j] for j in range(i + 1)])
L = e.line("# tensor([[1.0000, 0.0000")
e.claim(L, "probs row 1", ["1.0000", "0.0000", "0.0000", "0.0000"], P.row(0))
e.claim(L + 1, "probs row 2", ["0.0025", "0.9975", "0.0000", "0.0000"], P.row(1))
e.done()
