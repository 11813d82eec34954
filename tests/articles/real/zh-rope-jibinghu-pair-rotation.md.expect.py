# Expected verdicts for zh-rope-jibinghu-pair-rotation.md, computed with plain SymPy (see oracle.py); not symattn's code.
# d = 4, base 10000, position t = 3, x = [1, 2, 3, 4], adjacent pairs.  omega_0 = 1, omega_1 = 10000^(-1/2) = 0.01;
# angles 3 and 0.03.  cos 3 = -0.98999 (-0.9900), sin 3 = 0.14112 (0.1411), cos 0.03 = 0.999550 (0.9996),
# sin 0.03 = 0.029996 (0.0300).  Rotated pair 0: cos3 - 2 sin3 = -1.272232 (-1.2722), sin3 + 2 cos3 = -1.838865
# (-1.8389); pair 1: 3 cos0.03 - 4 sin0.03 = 2.878668 (2.8787), 3 sin0.03 + 4 cos0.03 = 4.088187 (4.0882).
# (From the rounded trig values the pair-1 sums would be 2.8788 and 4.0884; the note prints the exact-input values.)
# Every printed number is right: no wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["rope", "pe"])
c3, s3 = sp.cos(3), sp.sin(3)
c, s = sp.cos(R(3, 100)), sp.sin(R(3, 100))
e.given(e.line("Head 维度： $d = 4$"), "d = 4")
e.given(e.line("RoPE 基数： $\\theta = 10000$"), "base 10000")
e.given(e.line("当前位置： $t = 3$"), "position 3")
e.given(e.line("[1.0,\\ 2.0,\\ 3.0,\\ 4.0]"), "x")
e.given(e.line("- Pair 0: $(x_0, x_1) = (1.0, 2.0)$"), "pair 0")
e.given(e.line("- Pair 1: $(x_2, x_3) = (3.0, 4.0)$"), "pair 1")
e.claim(e.line("\\omega_0 = 10000^{-0} = 1"), "omega_0", "1", 1)
L = e.line("\\omega_1 = 10000^{-2/4}")
e.claim(L, "omega_1 = 10000^(-1/2)", ["0.5", "0.01"], [R(1, 2), sp.Integer(10000) ** R(-1, 2)])
e.claim(e.line("\\phi_{3,0} = 3 \\times 1 = 3"), "angle of pair 0", "3", 3)
e.claim(e.line("\\phi_{3,1} = 3 \\times 0.01 = 0.03"), "angle of pair 1", "0.03", 3 * R(1, 100))
e.claim(e.line("$\\cos(3) \\approx -0.9900$"), "cos 3", "-0.9900", c3)
L = e.line("$\\sin(3) \\approx 0.1411$")
e.claim(L, "sin 3", "0.1411", s3)
e.claim(e.line("$\\cos(0.03) \\approx 0.9996$"), "cos 0.03", "0.9996", c)
e.claim(e.line("$\\sin(0.03) \\approx 0.0300$"), "sin 0.03", "0.0300", s)
x0 = c3 - 2 * s3
x1 = s3 + 2 * c3
x2 = 3 * c - 4 * s
x3 = 3 * s + 4 * c
L = e.line("x'_0 &= 1 \\cdot (-0.9900)")
e.claim(L, "cos 3, sin 3 restated", ["-0.9900", "0.1411"], [c3, s3])
e.claim(L, "x'_0", "-1.2722", x0)
L = e.line("x'_1 &= 1 \\cdot (0.1411)")
e.claim(L, "sin 3, cos 3 restated", ["0.1411", "-0.9900"], [s3, c3])
e.claim(L, "x'_1", "-1.8389", x1)
L = e.line("x'_2 &= 3 \\cdot (0.9996)")
e.claim(L, "cos, sin 0.03 restated", ["0.9996", "0.0300"], [c, s])
e.claim(L, "x'_2", "2.8787", x2)
L = e.line("x'_3 &= 3 \\cdot (0.0300)")
e.claim(L, "sin, cos 0.03 restated", ["0.0300", "0.9996"], [s, c])
e.claim(L, "x'_3", "4.0882", x3)
e.claim(e.line("\\mathbf{x}' \\approx"), "rotated x", ["-1.2722", "-1.8389", "2.8787", "4.0882"], [x0, x1, x2, x3])
e.done()
