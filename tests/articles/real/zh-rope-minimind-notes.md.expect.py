# Expected verdicts for zh-rope-minimind-notes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Convention stated by the article: theta_i = 1 / base^(2i/d), base = 1000000, d = head_dim = 64.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["rope"])
base, d = sp.Integer(1000000), 64


def theta(i):
    return 1 / base ** R(2 * i, d)


e.given(e.line("位置 0 → 旋转 0°"), "position 0 is not rotated (0·θ)")
for m in (1, 2, 3):
    e.given(e.line(f"位置 {m} → 旋转"), "symbolic angle mθ")
e.claim(e.line("生成 32 个不同频率"), "d/2 frequencies", "32", sp.Integer(d) / 2)
L = e.line("**高频**（i=0）")
e.claim(L, "theta_0", "1.0", theta(0))
e.claim(L, "2π tokens per turn, 'about 6'", "6", 2 * sp.pi / theta(0), rounded_int=True)
L = e.line("**中频**（i=15）")
e.claim(L, "theta_15 = 10^(-45/16) ≈ 0.00154 (0.001 is its truncation)", "0.001", theta(15))
e.claim(L, "tokens per turn 2π/theta_15 (from the truncated 0.001)", "6283", 2 * sp.pi / theta(15), cause="drift",
        rounded_int=True)
L = e.line("**低频**（i=31）")
e.claim(L, "theta_31 = 10^(-93/16) ≈ 1.54e-6 (0.000001 is its truncation)", "0.000001", theta(31))
# "628万" = 628 × 10^4 tokens; the exact 2π/theta_31 is about 408万
e.claim(L, "tokens per turn 2π/theta_31 in units of 10^4 (万)", "628", 2 * sp.pi / theta(31) / 10**4, cause="drift",
        rounded_int=True)
L = e.line("例如位置 5 与位置 8")
e.claim(L, "distance 8 - 5", "3", sp.Integer(8 - 5))
e.done()
