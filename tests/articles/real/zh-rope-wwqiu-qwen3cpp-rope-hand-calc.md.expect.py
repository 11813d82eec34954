# Expected verdicts for zh-rope-wwqiu-qwen3cpp-rope-hand-calc.md, computed with plain SymPy (see oracle.py); not symattn's code.
# RoPE in the "half split" layout (pair d = (x[d], x[d + head_dim/2])), angle = pos / theta^(2d/head_dim).
# Frequency table: head_dim 128, theta 10^6: d = 63 gives theta^(126/128) = 10^(6*63/64) = 805842.19, not the printed
# 819292 (slip; 1/805842 = 1.24e-6 still prints as 0.0000012, the restated 819292 on that line is carried).
# Hand example: head_dim 4, theta 10000, pos 1, Q = [0.5, 0.8, 1.2, 0.3], K = [0.1, 0.9, 0.6, 0.4]; angles 1 and 0.01.
# Exact Q' = [-0.739614, 0.796960, 1.069098, 0.307985] -> [-0.7396, 0.7970, 1.0691, 0.3080];
# exact K' = [-0.450852, 0.895955, 0.408328, 0.408980] -> [-0.4509, 0.8960, 0.4083, 0.4090].
# The author multiplies with the rounded sin 1 = 0.8415: 0.5 x 0.8415 = 0.42075 -> "0.4208" (exact 0.5 sin 1 = 0.420735,
# 0.4207) and 0.1 x 0.8415 = 0.08415 -> "0.0842" (exact 0.084147, 0.0841), so y'_0 of Q is printed 1.0692 (exact 1.0691)
# and y'_0 of K 0.4084 (exact 0.4083): drift on the two y' lines and on Q' / K'.  The test's "预期输出" and the code's
# "(6.3 节手算: ...)" strings repeat 1.0692 / 0.4084 (carried).  Q(pos=5) for [1, 2, 3, 4] is printed
# [-0.9656, 1.9919, 3.5430, 3.4684]; exact [cos5 - 3 sin5, 2 cos0.05 - 4 sin0.05, sin5 + 3 cos5, 2 sin0.05 + 4 cos0.05]
# = [3.160435, 1.797584, -0.107938, 4.094959] (slip).
# Wrong lines: d=63 line (819292), its freq line (carried), Q y'_0 line, Q', K y'_0 line, K', two code strings,
# two output "Q 输出"/"K 输出" lines, two output "(6.3 节手算" lines, Q(pos=5).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["rope"])
c1, s1 = sp.cos(1), sp.sin(1)
c2, s2 = sp.cos(R(1, 100)), sp.sin(R(1, 100))
q = [R(1, 2), R(4, 5), R(6, 5), R(3, 10)]
k = [R(1, 10), R(9, 10), R(3, 5), R(2, 5)]


def rope(v, a0, a1):
    ca, sa, cb, sb = sp.cos(a0), sp.sin(a0), sp.cos(a1), sp.sin(a1)
    return [v[0] * ca - v[2] * sa, v[1] * cb - v[3] * sb, v[0] * sa + v[2] * ca, v[1] * sb + v[3] * cb]


Q1, K1 = rope(q, 1, R(1, 100)), rope(k, 1, R(1, 100))
Q5 = rope([1, 2, 3, 4], 5, R(5, 100))

# 6.2: rotation of (1, 0) by 90 degrees, pairing, frequency table
e.claim(e.line("cos(90°) ≈ 0,   sin(90°) ≈ 1"), "cos/sin 90°", ["0", "1"], [0, 1])
e.claim(e.line("x' = 1·0 - 0·1 = 0"), "x'", "0", 0)
e.claim(e.line("y' = 1·1 + 0·0 = 1"), "y'", "1", 1)
e.claim(e.line("结果: (0, 1)"), "rotated point", ["0", "1"], [0, 1])
e.given(e.line("Qwen3-0.6B 的 head 向量有 128 维"), "head_dim 128")
e.claim(e.line("y = head[d + 64]"), "head_dim/2", "64", 64)
e.given(e.line("Qwen3 取 **1000000**"), "rope_theta 1e6")
e.given(e.line("Qwen3-0.6B 为 **128**"), "head_dim 128")
theta = sp.Integer(10) ** 6
e.claim(e.line("d=0:   rope_theta^(2×0/128)"), "theta^0", "1", 1)
e.claim(e.line("freq = 1/1 = 1.0"), "freq d=0", "1.0", 1)
e.claim(e.line("d=32:  rope_theta^(2×32/128)"), "theta^(64/128)", ["0.5", "1000"], [R(1, 2), theta ** R(1, 2)])
e.claim(e.line("freq = 1/1000 = 0.001"), "freq d=32", "0.001", R(1, 1000))
L = e.line("d=63:  rope_theta^(2×63/128)")
e.claim(L, "exponent 126/128", "0.984", R(63, 64))
e.claim(L, "theta^(63/64)", "819292", theta ** R(63, 64), rounded_int=True)
L = e.line("freq = 1/819292 ≈ 0.0000012")
e.claim(L, "theta^(63/64) restated", "819292", theta ** R(63, 64), cause="carried", rounded_int=True)
e.claim(L, "freq d=63", "0.0000012", theta ** R(-63, 64))

# 6.3 setting
e.given(e.line("- head_dim = 4（只有 4 维"), "head_dim 4")
e.given(e.line("- rope_theta = 10000（简化计算）"), "theta 10000")
e.given(e.line("- pos = 0（当前第一个 token 的位置）"), "pos 0")
e.given(e.line("Q = [0.5, 0.8, 1.2, 0.3]"), "Q")
e.given(e.line("K = [0.1, 0.9, 0.6, 0.4]"), "K")
e.claim(e.line("d=0:  freq = 1 / 10000^(2×0/4)"), "freq d=0", "1.0", 1)
e.claim(e.line("angle = pos × freq = 0 × 1.0 = 0.0"), "angle d=0, pos 0", "0.0", 0)
e.claim(e.line("cos = cos(0.0) = 1.0", 1), "cos 0", "1.0", 1)
e.claim(e.line("sin = sin(0.0) = 0.0", 1), "sin 0", "0.0", 0)
e.claim(e.line("d=1:  freq = 1 / 10000^(2×1/4)"), "freq d=1", ["0.5", "100", "0.01"],
        [R(1, 2), 100, R(1, 100)])
e.claim(e.line("angle = pos × freq = 0 × 0.01 = 0.0"), "angle d=1, pos 0", "0.0", 0)
e.claim(e.line("cos = cos(0.0) = 1.0", 2), "cos 0", "1.0", 1)
e.claim(e.line("sin = sin(0.0) = 0.0", 2), "sin 0", "0.0", 0)
e.claim(e.line("d=0:  angle = 1 × 1.0 = 1.0 弧度"), "angle d=0, pos 1", "1.0", 1)
e.claim(e.line("cos(1.0) ≈ 0.5403"), "cos 1", "0.5403", c1)
e.claim(e.line("sin(1.0) ≈ 0.8415"), "sin 1", "0.8415", s1)
e.claim(e.line("d=1:  angle = 1 × 0.01 = 0.01 弧度"), "angle d=1, pos 1", "0.01", R(1, 100))
e.claim(e.line("cos(0.01) ≈ 0.99995"), "cos 0.01", "0.99995", c2)
e.claim(e.line("sin(0.01) ≈ 0.0099998"), "sin 0.01", "0.0099998", s2)

# rotation of Q
e.given(e.line("- d=0: x=Q[0]=0.5"), "pair 0 of Q")
e.given(e.line("- d=1: x=Q[1]=0.8"), "pair 1 of Q")
L = e.line("x' = 0.5 × 0.5403 - 1.2 × 0.8415")
e.claim(L, "cos 1, sin 1 restated", ["0.5403", "0.8415"], [c1, s1])
e.claim(L, "0.5 cos1, 1.2 sin1, x'_0", ["0.2702", "1.0098", "-0.7396"], [q[0] * c1, q[2] * s1, Q1[0]])
L = e.line("y' = 0.5 × 0.8415 + 1.2 × 0.5403")
e.claim(L, "cos 1, sin 1 restated", ["0.8415", "0.5403"], [s1, c1])
e.claim(L, "1.2 cos1", "0.6484", q[2] * c1)
e.claim(L, "0.5 sin1 (0.5 x 0.8415 = 0.42075) and y'_0 = 0.4208 + 0.6484", ["0.4208", "1.0692"],
        [q[0] * s1, Q1[2]], cause="drift")
L = e.line("x' = 0.8 × 0.99995 - 0.3 × 0.0099998")
e.claim(L, "cos/sin 0.01 restated", ["0.99995", "0.0099998"], [c2, s2])
e.claim(L, "0.8 cos, 0.3 sin, x'_1", ["0.79996", "0.0030", "0.7970"], [q[1] * c2, q[3] * s2, Q1[1]])
L = e.line("y' = 0.8 × 0.0099998 + 0.3 × 0.99995")
e.claim(L, "sin/cos 0.01 restated", ["0.0099998", "0.99995"], [s2, c2])
e.claim(L, "0.8 sin, 0.3 cos, y'_1", ["0.00800", "0.29999", "0.3080"], [q[1] * s2, q[3] * c2, Q1[3]])
e.claim(e.line("Q' = [-0.7396, 0.7970, 1.0692, 0.3080]"), "Q'", ["-0.7396", "0.7970", "1.0692", "0.3080"], Q1,
        cause="drift")

# rotation of K
e.given(e.line("- d=0: x=K[0]=0.1"), "pair 0 of K")
e.given(e.line("- d=1: x=K[1]=0.9"), "pair 1 of K")
L = e.line("x' = 0.1 × 0.5403 - 0.6 × 0.8415")
e.claim(L, "cos 1, sin 1 restated", ["0.5403", "0.8415"], [c1, s1])
e.claim(L, "0.1 cos1, 0.6 sin1, x'_0", ["0.0540", "0.5049", "-0.4509"], [k[0] * c1, k[2] * s1, K1[0]])
L = e.line("y' = 0.1 × 0.8415 + 0.6 × 0.5403")
e.claim(L, "cos 1, sin 1 restated", ["0.8415", "0.5403"], [s1, c1])
e.claim(L, "0.6 cos1", "0.3242", k[2] * c1)
e.claim(L, "0.1 sin1 (0.1 x 0.8415 = 0.08415) and y'_0 = 0.0842 + 0.3242", ["0.0842", "0.4084"],
        [k[0] * s1, K1[2]], cause="drift")
L = e.line("x' = 0.9 × 0.99995 - 0.4 × 0.0099998")
e.claim(L, "cos/sin 0.01 restated", ["0.99995", "0.0099998"], [c2, s2])
e.claim(L, "0.9 cos, 0.4 sin, x'_1", ["0.89996", "0.0040", "0.8960"], [k[1] * c2, k[3] * s2, K1[1]])
L = e.line("y' = 0.9 × 0.0099998 + 0.4 × 0.99995")
e.claim(L, "sin/cos 0.01 restated", ["0.0099998", "0.99995"], [s2, c2])
e.claim(L, "0.9 sin, 0.4 cos, y'_1", ["0.00900", "0.39998", "0.4090"], [k[1] * s2, k[3] * c2, K1[3]])
e.claim(e.line("K' = [-0.4509, 0.8960, 0.4084, 0.4090]"), "K'", ["-0.4509", "0.8960", "0.4084", "0.4090"], K1,
        cause="drift")
e.claim(e.line("转了约 57°（1 rad）"), "1 rad and 0.01 rad in degrees", ["57", "0.57"], [180 / sp.pi, R(18, 10) / sp.pi],
        rounded_int=True)

# test program and its "expected output"
e.given(e.line("qd[0] = 0.5f; qd[1] = 0.8f", 1), "Q input")
e.given(e.line("kd[0] = 0.1f; kd[1] = 0.9f", 1), "K input")
e.given(e.line("qd0[0] = 1.0f; qd0[1] = 2.0f"), "Q input of test 3")
e.given(e.line("qd5[0] = 1.0f; qd5[1] = 2.0f"), "Q input of test 3")
e.claim(e.line("(6.3 节手算: [-0.7396", 1), "hand Q' in the code", ["-0.7396", "0.7970", "1.0692", "0.3080"], Q1,
        cause="carried")
e.claim(e.line("(6.3 节手算: [-0.4509", 1), "hand K' in the code", ["-0.4509", "0.8960", "0.4084", "0.4090"], K1,
        cause="carried")
e.given(e.line("Q 输入 = [0.5000, 0.8000, 1.2000, 0.3000]", 1), "Q input printed")
e.given(e.line("K 输入 = [0.1000, 0.9000, 0.6000, 0.4000]", 1), "K input printed")
e.claim(e.line("Q 输出 = [0.5000, 0.8000, 1.2000, 0.3000]"), "Q at pos 0", ["0.5000", "0.8000", "1.2000", "0.3000"],
        [q[0], q[1], q[2], q[3]])
e.claim(e.line("K 输出 = [0.1000, 0.9000, 0.6000, 0.4000]"), "K at pos 0", ["0.1000", "0.9000", "0.6000", "0.4000"],
        [k[0], k[1], k[2], k[3]])
e.given(e.line("Q 输入 = [0.5000, 0.8000, 1.2000, 0.3000]", 2), "Q input printed")
e.given(e.line("K 输入 = [0.1000, 0.9000, 0.6000, 0.4000]", 2), "K input printed")
e.claim(e.line("Q 输出 = [-0.7396, 0.7970, 1.0692, 0.3080]"), "Q at pos 1 (program output)",
        ["-0.7396", "0.7970", "1.0692", "0.3080"], Q1, cause="carried")
e.claim(e.line("(6.3 节手算: [-0.7396", 2), "hand Q' echoed", ["-0.7396", "0.7970", "1.0692", "0.3080"], Q1,
        cause="carried")
e.claim(e.line("K 输出 = [-0.4509, 0.8960, 0.4084, 0.4090]"), "K at pos 1 (program output)",
        ["-0.4509", "0.8960", "0.4084", "0.4090"], K1, cause="carried")
e.claim(e.line("(6.3 节手算: [-0.4509", 2), "hand K' echoed", ["-0.4509", "0.8960", "0.4084", "0.4090"], K1,
        cause="carried")
e.claim(e.line("Q(pos=0) = [1.0000, 2.0000, 3.0000, 4.0000]"), "[1,2,3,4] at pos 0",
        ["1.0000", "2.0000", "3.0000", "4.0000"], [1, 2, 3, 4])
e.claim(e.line("Q(pos=5) = [-0.9656"), "[1,2,3,4] at pos 5", ["-0.9656", "1.9919", "3.5430", "3.4684"], Q5)
e.done()
