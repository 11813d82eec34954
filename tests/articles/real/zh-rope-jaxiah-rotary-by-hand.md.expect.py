# Expected verdicts for zh-rope-jaxiah-rotary-by-hand.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese long-form note (jaxiah, llm-operator-math, operator 06) on rotary position embedding: a complex-number
# rotation of 3 + 4i by pi/6, the RoPE frequencies for Qwen2-VL (d = 128, base 1,000,000), a full hand computation of
# RoPE for head_dim 8, base 10000, position 3 on x = [1..8], a norm check, and the 2D / M-RoPE dimension splits.
# Inputs: z = 3 + 4i, theta = pi/6; d = 128, base 10^6; d = 8, base 10^4, p = 3, x = [1,...,8], rotate_half pairing
#   (i, i + d/2); q, k positions (5, 8), (20, 23); vision 1280 / 16 heads; grid 24 x 24; mrope_section [16, 24, 24].
# Exact values: cos(pi/6) = 0.866025, rotated z' = (3 sqrt3/2 - 2) + (3/2 + 2 sqrt3) i = 0.598076 + 4.964102 i,
#   |z'|^2 parts 0.357695 + 24.642305 = 25.
#   theta_1 = 10^(-6/64) = 0.805842 (printed 0.7943: wrong, slip); theta_63 = 10^(-6*126/128) = 1.240938e-6
#   (printed 1.22 x 10^-6: wrong, slip). 2 pi = 6.283185. The "lowest wavelength ~ 2 pi base^1" is the author's rough
#   approximation (the real lowest frequency for d = 128 is base^(-126/128): 5.44e4 and 5.07e6): ambiguous.
#   d = 8: theta = 1, 0.1, 0.01, 0.001; angles 3, 0.3, 0.03, 0.003; cos = -0.989992, 0.955336, 0.999550, 0.999996;
#   sin = 0.141120, 0.295520, 0.029996, 0.003000 (all printed right).
#   y = x cos + rotate_half(x) sin = [-1.695593, 0.137552, 2.788682, 3.975982, -4.808842, 6.323059, 7.086837,
#   8.011964]: printed y0 -1.6955, y2 2.7888, y4 -4.8089, y5 6.3228, y6 7.0872 are wrong (drift: sums of products of
#   the 4-place cos / sin, e.g. 5 x 0.1411 = 0.7055 for 5 sin 3 = 0.70560); y1, y3, y7 right.
#   |x| = sqrt 204 = 14.282857; |y| = |x| exactly, so y_k^2 = 2.875034, 0.018920, 7.776745, 15.808433, 23.124966,
#   39.981080, 50.223255, 64.191567 and the sum is 204: the printed squares of the drifted y (2.8747, 7.7774, 15.8086,
#   23.1255, 39.9778, 50.2284), 204.0034 and 14.2830 are wrong (carried); 0.0189 is right and 64.1921 (for 64.19157)
#   passes the oracle's 6-significant-digit relative tolerance.
#   2D RoPE: 1280 / 16 = 80, 80 / 2 = 40, 40 / 2 = 20, 24 x 24 = 576, flattened positions 23 and 24, distance 24;
#   M-RoPE: 128 / 2 = 64 = 16 + 24 + 24, 2 x 16 = 32, 2 x 24 = 48, 32 + 48 + 48 = 128.
import sys
import re
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, grouped_int_claim

e = Expect(__file__, language="zh", topics=["rope", "latex-aligned-steps"])
L = e.line
G = "{,}"


def amb(line, reason):
    e.ambiguous(line, reason)
    if e._entry(line)["verdict"] != "wrong":
        e._entry(line)["verdict"] = "ambiguous"


# --- 1. complex rotation ---------------------------------------------------------------------------
th = sp.pi / 6
c, s = sp.cos(th), sp.sin(th)
ln = L("下面把 $z = 3 + 4i$ 转过")
e.given(ln, "z = 3 + 4i, theta = pi/6")
e.claim(ln, "pi/6 in degrees", ["30"], [th * 180 / sp.pi])
ln = L("需要的三角函数值")
e.claim(ln, "cos(pi/6), sin(pi/6)", ["0.8660", "0.5"], [c, s])
e.given(ln, "sqrt3 / 2 and 1/2 written symbolically")
e.given(L("z' = (3 + 4i)(0.8660 + 0.5i)"), "z and the rotation factor restated")
e.given(L("= (3 \\times 0.8660 - 4 \\times 0.5)"), "products written out (operands only)")
ln = L("= (2.5981 - 2.0) + (1.5 + 3.4641)i")
e.claim(ln, "3 cos, 4 sin, 3 sin, 4 cos", ["2.5981", "2.0", "1.5", "3.4641"], [3 * c, 4 * s, 3 * s, 4 * c])
re_, im_ = 3 * c - 4 * s, 3 * s + 4 * c
e.claim(L("= 0.5981 + 4.9641i"), "rotated z'", ["0.5981", "4.9641"], [re_, im_])
ln = L("检查模是否保持")
e.claim(ln, "|z|: 3^2, 4^2, modulus", ["9", "16", "5"], [9, 16, 5])
e.claim(ln, "|z'|: parts restated, their squares, sum and modulus", ["0.5981", "4.9641", "0.3577", "24.6423", "25"],
        [re_, im_, re_**2, im_**2, re_**2 + im_**2])

# --- 2. frequencies --------------------------------------------------------------------------------------
e.given(L("\\theta_i = \\text{base}^{-2i/d}, \\quad i = 0, 1"), "frequency formula and index range")
e.given(L("代入 Qwen2-VL 文本模型的 $d = 128$"), "d = 128, base 1,000,000")
e.claim(L("- $\\theta_0 = 1{,}000{,}000^{0} = 1.0$"), "theta_0", ["1.0"], [1])
ln = L("- $\\theta_1 = 1{,}000{,}000^{-2/128}")
e.claim(ln, "exponent 2/128", ["1/64"], [R(2, 128)])
e.claim(ln, "theta_1 = 10^(-6/64)", ["0.7943"], [sp.Integer(10) ** R(-6, 64)])
ln = L("- $\\theta_{63} = 1{,}000{,}000^{-126/128}")
e.claim(ln, "exponent numerator 2 x 63", ["126"], [2 * 63])
e.claim(ln, "theta_63 / 10^-6", ["1.22"], [sp.Integer(10) ** (R(-6 * 126, 128) + 6)])
e.given(L("每个频率对应的波长 (角度转满 $2\\pi$"), "2 pi (one turn)")
e.given(L("\\lambda_i = \\frac{2\\pi}{\\theta_i}"), "wavelength formula")
e.claim(L("- 频率接近 1 时: $\\lambda_i \\approx 2\\pi \\approx 6.28$"), "2 pi", ["6.28"], [2 * sp.pi])
e.given(L("- 频率接近 0 时"), "frequency near 0 (qualitative)")
ln = L("把 base 从原始论文的 10,000 提高到 1,000,000")
e.given(ln, "bases 10,000 and 1,000,000")
e.claim(ln, "2 pi x 10^4 and 2 pi x 10^6 as written (mantissas)", ["6.28", "6.28"], [2 * sp.pi, 2 * sp.pi])
amb(ln, "the lowest-frequency wavelength is approximated by 2 pi base^1; for d = 128 the lowest frequency is "
        "base^(-126/128), wavelengths 5.44e4 and 5.07e6: a stated rough approximation ('大约')")

# --- 3. d = 8 worked example --------------------------------------------------------------------------------
e.given(L("## 3. 完整手算: head_dim = 8"), "heading: head_dim 8, base 10000, p = 3")
e.claim(L("$d = 8$, 一共 $d/2 = 4$ 个频率"), "d / 2", ["4"], [4])
thetas = [sp.Integer(10000) ** R(-2 * i, 8) for i in range(4)]
e.claim(L("\\theta_0 = 10000^{-0/8}"), "theta_0", ["1.0"], [thetas[0]])
e.claim(L("\\theta_1 = 10000^{-2/8}"), "exponent, 10000^0.25, theta_1", ["-0.25", "10", "0.1"],
        [R(-2, 8), sp.Integer(10000) ** R(1, 4), thetas[1]])
e.claim(L("\\theta_2 = 10000^{-4/8}"), "exponent, theta_2", ["-0.5", "100", "0.01"], [R(-4, 8), 100, thetas[2]])
e.claim(L("\\theta_3 = 10000^{-6/8}"), "exponent, theta_3", ["-0.75", "1000", "0.001"], [R(-6, 8), 1000, thetas[3]])
e.given(L("位置 $p = 3$:"), "p = 3")
ang = [3 * t for t in thetas]
for i, (tp, ap) in enumerate((("1.0", "3.0"), ("0.1", "0.3"), ("0.01", "0.03"), ("0.001", "0.003"))):
    e.claim(L(f"\\alpha_{i} = 3 \\times {tp} = {ap}"), f"alpha_{i}", [tp, ap], [thetas[i], ang[i]])
e.given(L("缓存里把四个角度重复一次"), "angle indices")
a8 = ang * 2
cos8 = [sp.cos(a) for a in a8]
sin8 = [sp.sin(a) for a in a8]
e.claim(L("\\cos = [\\cos(3.0)"), "angles restated", ["3.0", "0.3", "0.03", "0.003"], ang)
e.claim(L("\\approx [-0.9900,\\; 0.9553"), "cos of the angles",
        ["-0.9900", "0.9553", "0.9996", "1.0000", "-0.9900", "0.9553", "0.9996", "1.0000"], cos8)
e.claim(L("\\sin = [\\sin(3.0)"), "angles restated", ["3.0", "0.3", "0.03", "0.003"], ang)
e.claim(L("\\approx [0.1411,\\; 0.2955"), "sin of the angles",
        ["0.1411", "0.2955", "0.0300", "0.0030", "0.1411", "0.2955", "0.0300", "0.0030"], sin8)
x = list(range(1, 9))
rh = [-5, -6, -7, -8, 1, 2, 3, 4]
e.given(L("取 $x = [1, 2, 3, 4, 5, 6, 7, 8]$"), "x")
e.given(L("**rotate_half(x)**: 前一半是"), "halves of x restated")
e.claim(L("\\text{rotate\\_half}(x) = [-5, -6, -7, -8, 1, 2, 3, 4]"), "rotate_half(x)",
        ["-5", "-6", "-7", "-8", "1", "2", "3", "4"], rh)
y = [x[k] * cos8[k] + rh[k] * sin8[k] for k in range(8)]
# (operands restated, right end-to-end products, final value)
rows = {
    0: (["-0.9900", "0.1411"], [cos8[0], sin8[0]], ["-1.6955"], "0.7055 = 5 x 0.1411 (exact 5 sin 3 = 0.70560)"),
    1: (["0.9553", "0.2955"], [cos8[1], sin8[1]], ["0.1376"], "1.9106 = 2 x 0.9553 and 1.7730 = 6 x 0.2955 (exact 1.91067, 1.77312)"),
    2: (["0.9996", "0.0300", "0.2100"], [cos8[2], sin8[2], 7 * sin8[2]], ["2.7888"], "2.9988 = 3 x 0.9996 (exact 3 cos 0.03 = 2.99865)"),
    3: (["1.0000", "0.0030", "4.0000", "0.0240"], [cos8[3], sin8[3], 4 * cos8[3], 8 * sin8[3]], ["3.9760"], None),
    4: (["-0.9900", "0.1411", "4.9500"], [cos8[4], sin8[4], -5 * cos8[4]], ["-4.8089"], None),
    5: (["0.9553", "0.2955", "0.5910"], [cos8[5], sin8[5], 2 * sin8[5]], ["6.3228"], "5.7318 = 6 x 0.9553 (exact 6 cos 0.3 = 5.73202)"),
    6: (["0.9996", "0.0300", "0.0900"], [cos8[6], sin8[6], 3 * sin8[6]], ["7.0872"], "6.9972 = 7 x 0.9996 (exact 7 cos 0.03 = 6.99685)"),
    7: (["1.0000", "0.0030", "8.0000", "0.0120"], [cos8[7], sin8[7], 8 * cos8[7], 4 * sin8[7]], ["8.0120"], None),
}
for k, (ops, vals, fin, note) in rows.items():
    ln = L(f"y_{k} = {x[k]} \\times")
    e.claim(ln, f"y_{k}: cos / sin restated and right products", ops, vals)
    e.claim(ln, f"y_{k} (end to end)", fin, [y[k]], cause="drift")
    if note:
        e.ambiguous(ln, f"{note}: arithmetic on the rounded 4-place cos / sin, right as written")
yp = ["-1.6955", "0.1376", "2.7888", "3.9760", "-4.8089", "6.3228", "7.0872", "8.0120"]
e.claim(L("y \\approx [-1.6955,"), "y (end to end)", yp, y, cause="drift")
e.given(L("高频的 $y_0, y_4$ 变化最大"), "component indices")

# --- 4. relative position ------------------------------------------------------------------------------------
e.given(L("令 $q = [1,0,1,0,1,0,1,0]$"), "q, k, head_dim 8, base 10000")
ln = L("- **情形 A**: $q$ 在位置 5")
e.given(ln, "positions 5 and 8")
e.claim(ln, "distance 8 - 5", ["3"], [8 - 5])
ln = L("- **情形 B**: $q$ 在位置 20")
e.given(ln, "positions 20 and 23")
e.claim(ln, "distance 23 - 20", ["3"], [23 - 20])
ln = L("两种情形的距离都是 $n - m = 3$")
e.claim(ln, "n - m", ["3"], [3])
e.given(ln, "test positions (5,8), (20,23), (50,53)")
e.ambiguous(ln, "the 10^-3 spread of the three scores is a float result of the unprinted test run")

# --- 5. norm ---------------------------------------------------------------------------------------------------
e.given(L("用第 3 节的数字核对一下"), "section number")
ln = L("\\|x\\| = \\sqrt{1^2 + 2^2")
e.given(ln, "components of x squared (written out)")
e.claim(ln, "|x|^2 and |x|", ["204", "14.2829"], [204, sp.sqrt(204)])
e.claim(L("\\|y\\| = \\sqrt{(-1.6955)^2"), "y restated (the drifted values)", yp, y, cause="carried")
e.claim(L("= \\sqrt{2.8747 + 0.0189"), "squares of y (end to end; |y| = |x|)",
        ["2.8747", "0.0189", "7.7774", "15.8086", "23.1255", "39.9778", "50.2284", "64.1921"], [v**2 for v in y],
        cause="carried")
e.claim(L("= \\sqrt{204.0034} \\approx 14.2830"), "|y|^2 and |y| (exactly |x|)", ["204.0034", "14.2830"],
        [sp.Integer(204), sp.sqrt(204)], cause="carried")
amb(L("两者相差不到 $10^{-3}$"), "a bound on the printed 14.2830 - 14.2829 (the exact norms are equal; the gap is "
      "rounding drift, not float precision) and the 10^-4 error of an unprinted random test (head_dim 128, seq_len 32)")

# --- 6. 2D RoPE ------------------------------------------------------------------------------------------------
ln = L("把 $24 \\times 24$ 的 patch 网格直接展平")
e.claim(ln, "24 x 24, flattened positions of (0,23) and (1,0), distance of (0,0) and (1,0)",
        ["576", "23", "24", "24"], [24 * 24, 0 * 24 + 23, 1 * 24 + 0, 24])
e.given(ln, "grid 24 x 24, patch coordinates")
e.given(L("Qwen2-VL 视觉编码器的配置"), "model name")
ln = L("- `embed_dim = 1280`, `num_heads = 16`, `head_dim = 80`")
e.given(ln, "embed_dim 1280, 16 heads")
e.claim(ln, "head_dim = 1280 / 16", ["80"], [R(1280, 16)])
e.given(L("- MLP 中间层 = 5120, 一共 32 个 block"), "vision MLP 5120, 32 blocks")
e.given(L("`head_dim = 80` 时的做法"), "head_dim 80")
e.claim(L("1. 80 维分成两半: 前 40 维 + 后 40 维"), "80 / 2", ["40", "40"], [40, 40])
e.claim(L("2. `rotate_half` 让第 $i$ 维与第 $i + 40$ 维配对"), "pair offset", ["40"], [R(80, 2)])
e.claim(L("3. 每一半里有 20 个频率 ($40 / 2 = 20$)"), "40 / 2", ["20", "20"], [20, 20])
e.claim(L("4. 前 20 个频率用 **height** 坐标"), "frequencies per half", ["20"], [20])
e.claim(L("5. 后 20 个频率用 **width** 坐标"), "frequencies per half", ["20"], [20])
e.claim(L("\\text{angles} = \\underbrace{[h \\cdot \\theta_0"), "last frequency index 20 - 1", ["19"], [19])
e.claim(L("\\underbrace{[w \\cdot \\theta_0"), "last frequency index 20 - 1", ["19"], [19])
e.claim(L("再把它重复一次得到 80 维"), "2 x 40", ["80"], [80])
ln = L("`grid_thw = [[1, 24, 24]]`")
e.given(ln, "grid [1, 24, 24]")
e.claim(ln, "24 x 24", ["576"], [576])
ln = L("位置 $(h, w) = (3, 5)$ 的 patch")
e.given(ln, "patch (3, 5)")
e.claim(ln, "frequency denominator = head_dim / 2", ["40"], [40])
e.claim(L("- 前 20 个频率乘高度 $h = 3$"), "frequencies per half", ["20"], [20])
e.given(L("- 前 20 个频率乘高度 $h = 3$"), "h = 3, indices")
e.claim(L("- 后 20 个频率乘宽度 $w = 5$"), "frequencies per half", ["20"], [20])
e.given(L("- 后 20 个频率乘宽度 $w = 5$"), "w = 5, indices")
e.given(L("同一行的 $(3,5)$ 与 $(3,7)$"), "patch coordinates")

# --- 7. M-RoPE --------------------------------------------------------------------------------------------------
e.given(L("Qwen2-VL-2B-Instruct 文本 decoder"), "model name")
for s_ in ("- `hidden_size = 1536`", "- MLP 中间层 = 8960, 28 层", "- RoPE `base = 1,000,000`"):
    e.given(L(s_), "text decoder config")
ln = L("把 `head_dim / 2 = 64` 个频率分给三个坐标")
e.given(ln, "mrope_section restated")
e.claim(ln, "128 / 2", ["64"], [64])
e.given(L("| 坐标            | 频率个数"), "table header")
ln = L("| temporal (时间) | 16")
e.given(ln, "16 temporal frequencies")
e.claim(ln, "range end and dims 2 x 16", ["16", "32"], [16, 32])
ln = L("| height (高度)   | 24")
e.given(ln, "24 height frequencies")
e.claim(ln, "range 16..40 and dims 2 x 24", ["16", "40", "48"], [16, 16 + 24, 48])
ln = L("| width (宽度)    | 24")
e.given(ln, "24 width frequencies")
e.claim(ln, "range 40..64 and dims 2 x 24", ["40", "64", "48"], [40, 64, 48])
e.claim(L("| **合计**        | **64**"), "16 + 24 + 24 and 32 + 48 + 48", ["64", "128"], [16 + 24 + 24, 32 + 48 + 48])
e.claim(L("时间方向分到的最少"), "24 x 24", ["576"], [576])

for i, text in enumerate(e.lines, start=1):
    if i > 1 and i not in e.verdicts and re.search(r"\d", text):
        if text.startswith("#") or text.startswith("> "):
            e.given(i, "heading / summary line, no computed value")
        else:
            raise SystemExit(f"unmarked line {i}: {text}")
e.done()
