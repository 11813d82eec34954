# Expected verdicts for zh-rope-yiming-l21-rope-illustrated-notebook.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese Jupyter notebook (printed outputs) that illustrates RoPE with numpy experiments.
# Inputs and exact values:
#   - RoPE(x = [1, 2, 3, 4], pos = 1, base = 10000): omegas = 10000^(-2i/4) = [1, 0.01]; pair (1, 2) turned by 1 rad,
#     pair (3, 4) by 0.01 rad -> [cos1 - 2 sin1, sin1 + 2 cos1, 3 cos.01 - 4 sin.01, 3 sin.01 + 4 cos.01]
#     = [-1.142639, 1.922076, 2.959851, 4.029799] -> printed [-1.1426, 1.9221, 2.9599, 4.0298] (right).
#   - 2D rotation of x = [1.0, 0.2] by p * 0.33 for p = 0..19 (R(a) = [[cos, -sin], [sin, cos]]): e.g. p = 1 ->
#     [0.881231, 0.513257]; p = 9 -> [-1.019497, -0.026335]; every printed row (numpy, precision 4, trailing zeros
#     dropped: "0.981" is 0.9810) agrees.
#   - num valid pairs on an 8x8 grid with offset (2, -3): r1 in 0..5 (6 rows) x c1 in 3..7 (5 columns) = 30 (right);
#     the first five pairs ((0,3),(2,0)) ... ((0,7),(2,4)) follow from the loop order (right).
# Ambiguous: every score printed from rng.normal vectors (default_rng(0/1/2), never printed): -1.467987, -5.6763,
#   -7.2186 and the round-off sizes 6.356e-15, 1.0125e-13, 3.5527e-15.
# Wrong lines: none.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="zh", topics=["rope"])
NUM = re.compile(r"-?\d+(?:\.\d+)?(?:e[+-]?\d+)?")
RAND = "computed from random vectors drawn with numpy default_rng; the vectors are never printed"

for ln in range(e.line("pos i=  0, j=  1"), e.line("pos i=100, j=  3") + 1):
    e.ambiguous(ln, RAND)
e.given(e.line("theta = 0.7"), "rotation step for the identity check")
e.ambiguous(e.line("max absolute error = 6.356e-15"), RAND + " (a float64 round-off size)")

# RoPE of [1,2,3,4] at pos 1
e.given(e.line("x = np.array([1,2,3,4], dtype=np.float64)"), "x")
e.given(e.line("x: [1. 2. 3. 4.]"), "x restated")
one, c = sp.Integer(1), R(1, 100)
rope = [sp.cos(one) - 2 * sp.sin(one), sp.sin(one) + 2 * sp.cos(one),
        3 * sp.cos(c) - 4 * sp.sin(c), 3 * sp.sin(c) + 4 * sp.cos(c)]
e.claim(e.line("RoPE(x,pos=1): [-1.1426"), "RoPE(x, pos=1)", ["-1.1426", "1.9221", "2.9599", "4.0298"], rope)

# rotated points
e.given(e.line("x = np.array([1.0, 0.2])"), "2D vector")
e.given(e.line("omega = 0.33"), "omega")
e.given(e.line("positions = np.arange(0, 20)"), "positions 0..19")
L0 = e.line(" [[ 1.      0.2   ]")
x0, x1, om = sp.Integer(1), R(1, 5), R(33, 100)
for p in range(20):
    a = p * om
    ex = [sp.cos(a) * x0 - sp.sin(a) * x1, sp.sin(a) * x0 + sp.cos(a) * x1]
    toks = NUM.findall(e.lines[L0 + p - 1])
    if p == 0:
        e.claim(L0, "rotated point p=0 (unrotated)", ["1", "0.2"], ex)
        continue
    e.claim(L0 + p, f"rotated point p={p}", toks, ex)

# multi-dimensional relative check (random)
for needle in ["d = 64", "delta = 37"]:
    e.given(e.line(needle), "experiment setting")
e.ambiguous(e.line("scores with same (n-m)=delta:"), RAND)
e.ambiguous(e.line("max-min: 1.0125233984581428e-13"), RAND + " (a float64 round-off size)")

# 2D RoPE
e.given(e.line("下面固定位移 $(dr, dc) = (2, -3)$"), "offset and grid restated in prose")
e.given(e.line("H, W = 8, 8"), "grid")
e.given(e.line("dr, dc = 2, -3"), "fixed offset")
e.claim(e.line("num valid pairs: 30"), "pairs with r2 = r1+2, c2 = c1-3 inside 8x8", ["30"], [6 * 5])
e.ambiguous(e.line("scores (first 8): [-7.2186"), RAND)
e.ambiguous(e.line("max-min: 3.552713678800501e-15"), RAND + " (a float64 round-off size)")
pairs = [((r1, c1), (r1 + 2, c1 - 3)) for r1 in range(8) for c1 in range(8) if 0 <= r1 + 2 < 8 and 0 <= c1 - 3 < 8][:5]
flat = [v for pr in pairs for pt in pr for v in pt]
e.claim(e.line("example pairs: [((0, 3), (2, 0))"), "first five position pairs",
        [str(v) for v in flat], flat)
e.done()
