# Expected verdicts for zh-rope-dage1210-weizhi-bianma-512-128.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An interview note on RoPE with several hand-computed examples.
# (8) K_1 = [0.8, 0.6] has direction atan(0.6/0.8) = 36.8699 deg, so "36.8" is a truncation of 36.9 (slip); rotating by
#     30 deg gives 66.8699 -> 66.9, and "66.8" is carried from the truncated angle (the 36.8 restated there is carried too).
# (10) x = [1, 0], theta = 30 deg: cos/sin of 30, 60, 90, 120 deg -> 0.866/0.500 etc. all right; the score of tokens 4
#     and 1 is -0.433 + 0.433 = 0 = cos(90 deg).
# (13) q = [2, 1], k = [1, 3]: q.k = 5; the expansion coefficients 2, 6, 3 and (2+3) = (-1+6) = 5 are right and the
#     result 5 cos + 5 sin is right, but the closing remark "q_2 k_1 - q_1 k_2 = 5" is wrong: 1*1 - 2*3 = -5 (slip; the sin
#     coefficient of the expansion is q_1 k_2 - q_2 k_1, so the general formula of section 12 has the sign reversed).
# (512 dims, length 128) theta_256 = 10000^(-510/512) = 10^(-3.984375) = 0.000103663, not 0.000109 (slip); everything
#     built on it is carried: 128 x theta = 0.013269 rad (not 0.014), 0.005939 deg/token (not 0.0062); 0.760 deg rounds to
#     the printed 0.8.  Channel 1: 128 rad = 7333.8598 deg, printed 7333.8 (truncation, slip).  The per-channel degree
#     figures were converted from the rounded radians, so they drift: 64.6 rad -> 3701.3 (exact 3702.18 deg),
#     0.0143 -> 0.819 (exact 0.8211), 1.83 -> 104.8 (exact 105.10), 0.0072 -> 0.413 (exact 0.4145), 0.9216 -> 52.8
#     (exact 53.05), 0.02688 -> 1.54 (exact 1.506).  "128 x 0.0072 = 0.92" and "128 x 0.00021 = 0.027" are right as
#     written but not end to end (0.926, 0.0263): ambiguous by the policy; the chain's degree results are judged.
#     "0.006.2" is not a number (a garbled 0.0062): ambiguous.  4096/32 = 128 and 128/2 = 64.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["rope", "rotation", "degrees-radians", "frequencies"])
L = e.line
deg = 180 / sp.pi

# --- section 8 -------------------------------------------------------------------------------------------------
ln = L("$Q_0 = [1, 0]$")
e.given(ln, "Q_0 = [1, 0] at angle 0")
ln = L("$K_1 = [0.8, 0.6]$")
e.given(ln, "K_1 = [0.8, 0.6]")
ang_k = sp.atan(R(6, 8)) * deg
e.claim(ln, "direction of K_1 in degrees (atan 0.6/0.8; 36.87 truncated)", ["36.8"], [ang_k])
e.given(L("取每步旋转角 $\\theta = 30^\\circ$"), "theta = 30 degrees")
e.claim(L("旋转角度 = $0 \\times 30^\\circ = 0^\\circ$"), "0 x 30", ["0"], [0])
e.claim(L("旋转后的 $\\tilde{Q}_0$ 不变"), "angle of rotated Q_0", ["0"], [0])
e.claim(L("旋转角度 = $1 \\times 30^\\circ = 30^\\circ$"), "1 x 30", ["30"], [30])
ln = L("旋转后的 $\\tilde{K}_1$")
e.claim(ln, "K_1 angle restated", ["36.8"], [ang_k], cause="carried")
e.claim(ln, "K_1 angle after a 30 degree turn", ["66.8"], [ang_k + 30], cause="carried")

# --- section 10 ------------------------------------------------------------------------------------------------
for needle in ["**维度（$d$）**", "**旋转角（$\\theta$）**", "**序列**：$5$ 个 token", "**语义向量**"]:
    e.given(L(needle), "parameters d=2, theta=pi/6, 5 tokens, x=[1,0]")
c = lambda a: sp.cos(sp.rad(a))
s = lambda a: sp.sin(sp.rad(a))
e.claim(L("\\tilde{\\boldsymbol{x}}_0 = \\begin{pmatrix} \\cos(0^\\circ)"), "rotated x at m=0", ["1", "0"], [c(0), s(0)])
e.claim(L("\\tilde{\\boldsymbol{x}}_1 = \\begin{pmatrix} \\cos(30^\\circ)"), "rotated x at m=1", ["0.866", "0.500"], [c(30), s(30)])
e.claim(L("\\tilde{\\boldsymbol{x}}_2 = \\begin{pmatrix} \\cos(60^\\circ)"), "rotated x at m=2", ["0.500", "0.866"], [c(60), s(60)])
e.claim(L("\\tilde{\\boldsymbol{x}}_3 = \\begin{pmatrix} \\cos(90^\\circ)"), "rotated x at m=3", ["0", "1"], [c(90), s(90)])
e.claim(L("\\tilde{\\boldsymbol{x}}_4 = \\begin{pmatrix} \\cos(120^\\circ)"), "rotated x at m=4", ["-0.500", "0.866"], [c(120), s(120)])
ln = L("\\text{Score}_{4, 1} = \\tilde{\\boldsymbol{x}}_4 \\cdot")
e.claim(ln, "products -0.5*0.866 and 0.866*0.5 and their sum", ["-0.433", "0.433", "0"],
        [c(120) * c(30), s(120) * s(30), c(120) * c(30) + s(120) * s(30)])
e.claim(L("只看相对距离 $m - n = 4 - 1 = 3$"), "m - n", ["3"], [3])
e.claim(L("\\text{Score}_{4, 1} = \\cos(3 \\times 30^\\circ)"), "3 x 30 and cos 90", ["90", "0"], [90, c(90)])

# --- section 13 ------------------------------------------------------------------------------------------------
q1, q2, k1, k2 = 2, 1, 1, 3
e.given(L("**Query**：$q = [2, 1]^\\top$"), "q = [2, 1]")
e.given(L("**Key**：$k = [1, 3]^\\top$"), "k = [1, 3]")
e.given(L("**旋转角**：$\\theta = 30^\\circ"), "theta = 30 degrees")
e.claim(L("q \\cdot k^\\top = (2 \\times 1) + (1 \\times 3) = 5"), "q . k", ["5"], [q1 * k1 + q2 * k2])
e.claim(L("$$2\\cos(m\\theta)\\cos(n\\theta) - 6\\cos"), "x-product coefficients q1k1, q1k2, q2k2",
        ["2", "6", "3"], [q1 * k1, q1 * k2, q2 * k2])
e.claim(L("$$2\\sin(m\\theta)\\sin(n\\theta) + 6\\sin"), "y-product coefficients q1k1, q1k2, q2k2",
        ["2", "6", "3"], [q1 * k1, q1 * k2, q2 * k2])
e.claim(L("$$(2 + 3) \\cdot"), "cos coefficient", ["5"], [q1 * k1 + q2 * k2])
e.claim(L("$$(-1 + 6) \\cdot"), "sin coefficient q1k2 - q2k1", ["5"], [q1 * k2 - q2 * k1])
e.claim(L("= 5 \\cos((m - n)\\theta) + 5 \\sin"), "final coefficients", ["5", "5"], [q1 * k1 + q2 * k2, q1 * k2 - q2 * k1])
ln = L("（$q_1 k_1 + q_2 k_2 = 5$ 以及")
e.claim(ln, "q1k1 + q2k2", ["5"], [q1 * k1 + q2 * k2])
e.claim(ln, "q2k1 - q1k2 (1*1 - 2*3)", ["5"], [q2 * k1 - q1 * k2])

# --- 512 dims, length 128 --------------------------------------------------------------------------------------
theta = lambda i: sp.Integer(10000) ** (-R(2 * (i - 1), 512))
e.claim(L("512 维被分成 **$256$"), "number of 2-D planes 512/2", ["256"], [256])
e.given(L("\\theta_i = \\text{Base}^{-\\frac{2(i-1)}{d}} = 10000"), "theta_i = 10000^(-2(i-1)/512)")
e.claim(L("$$\\theta_1 = 10000^0 = 1 \\text{ rad/token}$$"), "theta_1", ["1"], [theta(1)])
ln = L("转满一周（$2\\pi \\approx 6.28$ rad）")
e.claim(ln, "2 pi", ["6.28"], [2 * sp.pi])
e.claim(ln, "tokens per turn at theta_1 = 1", ["6"], [2 * sp.pi / theta(1)], rounded_int=True)
ln = L("$$\\theta_{256} = 10000^{-\\frac{510}{512}} \\approx 10000^{-0.996}")
e.claim(ln, "exponent 510/512", ["0.996"], [R(510, 512)])
e.claim(ln, "theta_256 = 10^(-3.984375)", ["0.000109"], [theta(256)])
ln = L("\\text{Total Angle} = 128 \\times 0.000109")
e.claim(ln, "128 x theta_256 in rad (from the wrong 0.000109)", ["0.014"], [128 * theta(256)], cause="carried")
e.claim(ln, "128 x theta_256 in degrees", ["0.8"], [128 * theta(256) * deg])
e.claim(L("比如 $57.3^\\circ$"), "1 rad in degrees", ["57.3"], [deg])
e.claim(L("在 512 维时大约为 $0.0001$"), "theta_256", ["0.0001"], [theta(256)])
e.claim(L("旋转 $1 \\times 120^\\circ = 120^\\circ$"), "1 x 120", ["120"], [120])
e.claim(L("旋转 $4 \\times 120^\\circ = 480^\\circ"), "4 x 120 and 480 - 360", ["480", "120"], [480, 120])
ln = L("只转 $0.000109$ 弧度")
e.claim(ln, "theta_256 restated", ["0.000109"], [theta(256)], cause="carried")
e.ambiguous(ln, "'0.006.2' is not a number (a garbled 0.0062 deg, itself carried from 0.000109)")
ln = L("$128 \\times 0.006.2^\\circ \\approx 0.8^\\circ$")
e.claim(ln, "128 x theta_256 in degrees (end to end)", ["0.8"], [128 * theta(256) * deg])
e.ambiguous(ln, "the operand '0.006.2' is garbled; only the final 0.8 is judged")

# channel table
ln = L("* $\\theta_1 = 10000^0 = 1.0 \\text{ rad/token} \\approx 57.3")
e.claim(ln, "theta_1 and its degrees", ["1.0", "57.3"], [theta(1), theta(1) * deg])
ln = L("**最大总旋转角 $\\Phi_1$**")
e.claim(ln, "Phi_1 rad", ["128"], [128 * theta(1)])
e.claim(ln, "Phi_1 in degrees (7333.86 truncated)", ["7333.8"], [128 * theta(1) * deg])
e.claim(ln, "Phi_1 in turns", ["20.37"], [128 * theta(1) / (2 * sp.pi)])


def channel(i, exp_s, th_s, dg_s, dg_cause):
    ln = L(f"* $\\theta_{{{i}}} = 10000^{{-\\frac{{{exp_s}}}{{512}}}}")
    e.claim(ln, f"exponent 2(i-1) for i={i}", [exp_s], [2 * (i - 1)])
    e.claim(ln, f"theta_{i}", [th_s], [theta(i)])
    e.claim(ln, f"theta_{i} in degrees", [dg_s], [theta(i) * deg], cause=dg_cause)


channel(20, "38", "0.505", "28.9", "slip")
ln = L("**最大总旋转角 $\\Phi_{20}$**")
e.claim(ln, "Phi_20 rad, turns", ["64.6", "10.28"], [128 * theta(20), 128 * theta(20) / (2 * sp.pi)])
e.claim(ln, "Phi_20 in degrees (converted from the rounded 64.6)", ["3701.3"], [128 * theta(20) * deg], cause="drift")
channel(119, "236", "0.0143", "0.819", "drift")
ln = L("**最大总旋转角 $\\Phi_{119}$**")
e.claim(ln, "Phi_119 rad, turns", ["1.83", "0.29"], [128 * theta(119), 128 * theta(119) / (2 * sp.pi)])
e.claim(ln, "Phi_119 in degrees (from the rounded 1.83)", ["104.8"], [128 * theta(119) * deg], cause="drift")
channel(138, "274", "0.0072", "0.413", "drift")
ln = L("**最大总旋转角 $\\Phi_{138}$**")
e.claim(ln, "Phi_138 in degrees (from 128 x 0.0072)", ["52.8"], [128 * theta(138) * deg], cause="drift")
e.claim(ln, "Phi_138 turns", ["0.15"], [128 * theta(138) / (2 * sp.pi)])
e.ambiguous(ln, "128 x 0.0072 = 0.9216 ~ 0.92 is right as written on the rounded theta but 0.926 end to end")
channel(237, "472", "0.00021", "0.012", "slip")
ln = L("**最大总旋转角 $\\Phi_{237}$**")
e.claim(ln, "Phi_237 in degrees (from 128 x 0.00021)", ["1.54"], [128 * theta(237) * deg], cause="drift")
e.ambiguous(ln, "128 x 0.00021 = 0.02688 ~ 0.027 is right as written on the rounded theta but 0.0263 end to end")
ln = L("* $\\theta_{256} = 10000^{-\\frac{510}{512}} \\approx 0.000109 \\text{ rad/token}")
e.claim(ln, "exponent 2(i-1) for i=256", ["510"], [510])
e.claim(ln, "theta_256 and its degrees (restated wrong value)", ["0.000109", "0.0062"],
        [theta(256), theta(256) * deg], cause="carried")
ln = L("**最大总旋转角 $\\Phi_{256}$**")
e.claim(ln, "Phi_256 rad (from 0.000109)", ["0.014"], [128 * theta(256)], cause="carried")
e.claim(ln, "Phi_256 degrees", ["0.8"], [128 * theta(256) * deg])

ln = L("每个 Head 的维度是 $4096 / 32 = 128$ 维")
e.claim(ln, "4096/32 and 128/2", ["128", "64"], [R(4096, 32), R(128, 2)])
e.done()
