# Expected verdicts for zh-rope-dong-blog-rotation.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article's own convention (non-standard, but stated): theta_i = 1 / 10000^(2i/d) for every dimension index
# i = 0..3 with d = 4, and the pair (q[i], q[i+1]) for i = 0, 2 is rotated by m·theta_i with m = 2.  So the second
# pair turns by 2·theta_2 = 0.0002 (standard RoPE would use theta_1).  theta_3 = 10000^(-3/2) = 1e-6, printed 0.00001.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["rope"])
d, m = 4, 2
q = [1, 2, 3, 4]
theta = [1 / sp.Integer(10000) ** R(2 * i, d) for i in range(4)]


def rot(i):
    a = m * theta[i]
    return (q[i] * sp.cos(a) - q[i + 1] * sp.sin(a), q[i] * sp.sin(a) + q[i + 1] * sp.cos(a))


x0, x1 = rot(0)
x2, x3 = rot(2)

e.given(e.line("- 维度 $d=4$"), "d")
e.given(e.line("- 位置 $m=2$"), "m")
e.given(e.line("- 查询向量 $q_m=[1,2,3,4]$"), "q")
L = e.line("\\theta_0 = \\frac{1}{10000^{0/2}} = 1")
e.claim(L, "theta_0, theta_1, theta_2", ["0.01", "0.0001"], theta[1:3])
e.claim(L, "theta_3 = 10000^(-3/2)", ["0.00001"], [theta[3]])
e.claim(e.line("m\\theta_0 &= 2 \\times 1 = 2"), "m theta_0", ["2"], [m * theta[0]])
e.claim(e.line("m\\theta_1 &= 2 \\times 0.01 = 0.02"), "theta_1, m theta_1", ["0.01", "0.02"], [theta[1], m * theta[1]])
e.claim(e.line("m\\theta_2 &= 2 \\times 0.0001 = 0.0002"), "theta_2, m theta_2", ["0.0001", "0.0002"],
        [theta[2], m * theta[2]])
e.claim(e.line("m\\theta_3 &= 2 \\times 0.00001 = 0.00002"), "theta_3 restated, m theta_3", ["0.00001", "0.00002"],
        [theta[3], m * theta[3]], cause="carried")
e.claim(e.line("R(0) = \\begin{bmatrix} \\cos(2)"), "R(0) entries", ["-0.4161", "-0.9093", "0.9093", "-0.4161"],
        [sp.cos(2), -sp.sin(2), sp.sin(2), sp.cos(2)])
e.claim(e.line("q'_m[0] &= 1 \\cdot (-0.4161)"), "q'[0]", ["-2.2347"], [x0])
# 0.9093 - 2·0.4161 = 0.0771 from the rounded cos/sin; sin 2 + 2 cos 2 = 0.07700 end to end
e.claim(e.line("q'_m[1] &= 1 \\cdot 0.9093"), "q'[1]", ["0.0771"], [x1], cause="drift")
e.claim(e.line("R(2) = \\begin{bmatrix} \\cos(0.0002)"), "R(2) entries", ["0.99999998", "-0.0002", "0.0002", "0.99999998"],
        [sp.cos(R(2, 10000)), -sp.sin(R(2, 10000)), sp.sin(R(2, 10000)), sp.cos(R(2, 10000))])
# 3·0.99999998 - 4·0.0002 = 2.99919994 and 3·0.0002 + 4·0.99999998 = 4.00059992: both printed results are slips
e.claim(e.line("q'_m[2] &= 3 \\cdot 0.99999998"), "q'[2]", ["2.99999194"], [x2])
e.claim(e.line("q'_m[3] &= 3 \\cdot 0.0002"), "q'[3]", ["4.00000594"], [x3])
L = e.line("q'_m = [-2.2347")
e.claim(L, "result entry 1", ["-2.2347"], [x0])
e.claim(L, "result entry 2", ["0.0771"], [x1], cause="drift")
e.claim(L, "result entries 3-4", ["2.99999194", "4.00000594"], [x2, x3], cause="carried")
e.done()
