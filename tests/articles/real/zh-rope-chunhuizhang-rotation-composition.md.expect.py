# Expected verdicts for zh-rope-chunhuizhang-rotation-composition.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: R(θ) = [[cos, -sin], [sin, cos]] with θ in degrees; R1 = R(30°), R2 = R(60°).
# - R1·R2 = R(90°) = [[0, -1], [1, 0]]; the printed 2.62681588e-16 / 6.123234e-17 entries are float64 rounding noise
#   for 0 (policy: machine noise is right), so only the ±1 entries are claimed on those lines.
# - R1ᵀ·R2 = R(30°) = [[0.8660254, -0.5], [0.5, 0.8660254]]: agree (cos 30° = 0.86602540).
# - Head dims 4096/32, 5120/40, 8192/64 are written as fractions (given); 2^12/2^5 = 2^7 = 128 ok; shapes
#   [1, 8, 32, 128] -> [1, 8, 32, 64] (128/2) and [8, 64] ok.  No wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["rope", "rotation", "numpy-print", "notebook"])
c30, s30 = sp.cos(sp.pi / 6), sp.sin(sp.pi / 6)

e.claim(e.line("R1 = R(30)"), "angle", ["30"], [30])
e.claim(e.line("R2 = R(60)"), "angle", ["60"], [60])
L = e.line("array([[ 2.62681588e-16, -1.00000000e+00],")
e.claim(L, "R1·R2 = R(90°) row 1 (the e-16 entry is float noise for 0)", ["-1.00000000e+00"], [-1])
e.claim(L + 1, "R1·R2 row 2", ["1.00000000e+00"], [1])
L = e.line("array([[ 0.8660254, -0.5      ],")
e.claim(L, "R1ᵀ·R2 = R(30°) row 1", ["0.8660254", "-0.5"], [c30, -s30])
e.claim(L + 1, "R1ᵀ·R2 row 2", ["0.5", "0.8660254"], [s30, c30])
e.claim(e.line("R(30+60)"), "30 + 60", ["30", "60"], [30, 60])
L = e.line("array([[ 6.123234e-17, -1.000000e+00],")
e.claim(L, "R(90°) row 1 (the e-17 entry is float noise for 0)", ["-1.000000e+00"], [-1])
e.claim(L + 1, "R(90°) row 2", ["1.000000e+00"], [1])
e.claim(e.line("R(60-30)"), "60 - 30", ["60", "30"], [60, 30])
L = e.line("array([[ 0.8660254, -0.5      ],", 2)
e.claim(L, "R(30°) row 1", ["0.8660254", "-0.5"], [c30, -s30])
e.claim(L + 1, "R(30°) row 2", ["0.5", "0.8660254"], [s30, c30])
for row in ("| 7b ", "| 13b ", "| 70b "):
    e.given(e.line(row), "LLaMA 2 sizes")
e.claim(e.line("xq 和 xk 都是 [1, 8, 32, 128]"), "freqs_cis width = 128/2", ["64"], [R(128, 2)])
e.claim(e.line("# [1, 8, 32, 128] => [1, 8, 32, 64] (*2)"), "complex pairs", ["64", "2"], [R(128, 2), 2])
e.given(e.line("# [8, 64] => [1, 8, 1, 64]"), "broadcast shape")
e.claim(e.line("# torch.view_as_real(xq_ * freqs_cis).shape == [1, 8, 32, 64, 2]"), "real view", ["64", "2"], [64, 2])
e.claim(e.line("# flatten(3) == [1, 8, 32, 128]"), "flattened", ["128"], [64 * 2])
e.claim(e.line("# params.dim == 4096, n_heads == 32, 2^12/2^5 == 2^7 == 128"), "head_dim",
        ["4096", "32", "128"], [2**12, 2**5, R(4096, 32)])
e.done()
