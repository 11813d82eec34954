# Expected verdicts for ja-indepa-scaled-dot-product.md, computed with plain SymPy (see oracle.py); not symattn's code.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ja", topics=["basic", "projection"])
NUM = re.compile(r"(?<![\w.])\d+(?:\.\d+)?")


def nums(ln):
    return NUM.findall(e.lines[ln - 1])


# W^Q, W^K, W^V: rows printed one per line (the page shows a single backslash as row separator)
LQ = e.line(r"W^Q = \begin{bmatrix}") + 1
LK = e.line(r"W^K = \begin{bmatrix}") + 1
LV = e.line(r"W^V = \begin{bmatrix}") + 1
WQ = M([nums(LQ + i) for i in range(4)])
WK = M([nums(LK + i) for i in range(4)])
WV = M([nums(LV + i) for i in range(4)])
for L0 in (LQ, LK, LV):
    for i in range(4):
        e.given(L0 + i, "weight row")
toks = ["私 |", "は |", "学校へ |", "行きます |"]
rows = []
for t in toks:
    L = e.line(t)
    rows.append(nums(L))
    e.given(L, f"embedding {t}")
X = M(rows)
Q, K, V = X * WQ, X * WK, X * WV

# the Q/K/V table (second occurrence of each token row)
for i, t in enumerate(toks):
    L = e.line(t, nth=2)
    n = nums(L)
    e.claim(L, f"Q {t}", n[0:2], Q.row(i))
    e.claim(L, f"K {t}", n[2:4], K.row(i))
    e.claim(L, f"V {t}", n[4:6], V.row(i))

# E = Q K^T, rows one per line
S = Q * K.T
LE = e.line(r"E = QK^T = \begin{bmatrix}") + 1
for i in range(4):
    e.claim(LE + i, f"E row {i+1}", nums(LE + i), S.row(i))
e.done()
