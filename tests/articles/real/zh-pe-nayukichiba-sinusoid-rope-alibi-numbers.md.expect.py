# Expected verdicts for zh-pe-nayukichiba-sinusoid-rope-alibi-numbers.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese blog post (NayukiChiba/NayukiBlog, Transformer 位置编码) with hand-worked numbers for sinusoidal PE,
# RoPE and ALiBi.
# Inputs: sinusoidal d = 8 (denominators 10000^(2i/8) = 1, 10, 100, 1000; the post calls them "频率"), positions
#   0, 1, 2; wavelength range for d = 512; RoPE d = 4, theta = (1, 0.01), q = k = [1, 0, 1, 0], m = 1, n = 2;
#   ALiBi H = 8, slopes 2^(-8h/H), 5 tokens for head 1.
# Exact values: sin 1 = 0.841471, cos 1 = 0.540302, sin 0.1 = 0.099833, cos 0.1 = 0.995004, sin 0.01 = 0.0099998,
#   cos 0.01 = 0.9999500004 (4 places -> 1.0000, 5 places -> 0.99995), sin 0.001 = 0.0010000, sin 2 = 0.909297,
#   cos 2 = -0.416147, sin 0.2 = 0.198669, cos 0.2 = 0.980067, sin 0.02 = 0.0199987, cos 0.02 = 0.9998000,
#   sin 0.002 = 0.0020000, cos 0.002 = 0.999998; 2 pi = 6.283, 2 pi 10^4 = 62831.85 (printed 62832).
#   RoPE: q1 . k2 = cos 1 + cos 0.01 = 1.540252; offset 2: cos 2 + cos 0.02 = 0.583653; offset 0: 2.
#   ALiBi slopes 1/2 ... 1/256 exactly; head-1 bias m (j - i); e^-1 = 0.367879 (37 %), e^-0.5 = 0.606531,
#   1/256 = 0.00390625, e^(-1/256) = 0.996101.
# Every printed number agrees: no wrong line, no ambiguous line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="zh", topics=["pe", "rope", "alibi"])
sin, cos, exp = sp.sin, sp.cos, sp.exp

# --- formulas (given) ---------------------------------------------------------------------
for needle in ["h_i^{(0)} = E(x_i) + P_i", "PE_{pos,2i} = \\sin\\left(\\frac{pos}{10000^{2i/d}}\\right), \\qquad",
               "PE_{pos,2i+1} = \\cos\\left(\\frac{pos}{10000^{2i/d}}\\right)", "\\omega_i = \\frac{1}{10000^{2i/d}}",
               "\\lambda_i = 2\\pi \\cdot 10000^{2i/d}", "$pos$ 是位置，$i = 0, 1, \\dots",
               "PE_{pos+k,2i} = \\sin\\big(", "PE_{pos+k,2i+1} = \\cos\\big(", "\\theta_i = 10000^{-2i/d}",
               "q_m^\\top k_n = \\sum_{i=0}^{d/2-1}", "这里 $q_{2i+1} = k_{2i+1} = 0$", "m_h = 2^{-8h/H}",
               "共用同一张频率表"]:
    e.given(e.line(needle), "formula or definition")
e.given(e.line("PE_{pos+k,2i} \\\\"), "matrix form of the shift")
e.given(e.line("PE_{pos+k,2i+1}", nth=2), "matrix form of the shift")
e.given(e.line("PE_{pos,2i} \\\\"), "matrix form of the shift")
e.given(e.line("PE_{pos,2i+1}", nth=2), "matrix form of the shift")

# --- wavelengths ---------------------------------------------------------------------------------
L = e.line("拿 $d = 512$ 来说")
e.claim(L, "lambda_0 = 2 pi", ["6.3"], [2 * sp.pi])
e.claim(L, "2 pi * 10000", ["62832"], [2 * sp.pi * 10000], rounded_int=True)

# --- sinusoidal numbers, d = 8 ------------------------------------------------------------------
L = e.line("设 $d = 8$")
e.claim(L, "10000^(2i/8) for i = 0..3", ["10", "100", "1000"], [R(10000) ** R(2 * i, 8) for i in (1, 2, 3)])
e.claim(e.line("PE_{1,0} = \\sin\\left(\\frac{1}{1}\\right)"), "PE(1,0)", ["0.8415"], [sin(1)])
e.claim(e.line("PE_{1,1} = \\cos 1 = 0.5403"), "PE(1,1)", ["0.5403"], [cos(1)])
e.claim(e.line("PE_{1,2} = \\sin\\left(\\frac{1}{10}\\right)"), "PE(1,2)", ["0.0998"], [sin(R(1, 10))])
e.claim(e.line("PE_{1,3} = \\cos 0.1 = 0.9950"), "PE(1,3)", ["0.9950"], [cos(R(1, 10))])
e.claim(e.line("PE_{1,4} = \\sin 0.01 = 0.0100"), "PE(1,4)", ["0.0100"], [sin(R(1, 100))])
e.claim(e.line("PE_{1,6} = \\sin 0.001 = 0.0010"), "PE(1,6)", ["0.0010"], [sin(R(1, 1000))])
e.given(e.line("位置 0、1、2 的全部分量"), "positions")
e.given(e.line("| $pos$ | 维度 0"), "table header")


def pe_row(p):
    out = []
    for den in (1, 10, 100, 1000):
        out += [sin(R(p, den)), cos(R(p, den))]
    return out


rows = {0: ["0.0000", "1.0000", "0.0000", "1.0000", "0.0000", "1.0000", "0.0000", "1.0000"],
        1: ["0.8415", "0.5403", "0.0998", "0.9950", "0.0100", "1.0000", "0.0010", "1.0000"],
        2: ["0.9093", "−0.4161", "0.1987", "0.9801", "0.0200", "0.9998", "0.0020", "1.0000"]}
for p, printed in rows.items():
    e.claim(e.line(f"| {p} | {printed[0]} |"), f"PE row pos {p}", printed, pe_row(p))
L = e.line("从位置 0 走到 2")
e.claim(L, "rounded values quoted from positions 1 and 2", ["0.84", "0.91", "0.54", "−0.42", "0.0010", "0.0020"],
        [sin(1), sin(2), cos(1), cos(2), sin(R(1, 1000)), sin(R(2, 1000))])

# --- RoPE ---------------------------------------------------------------------------------------
th = [1, R(1, 100)]
L = e.line("取 $d = 4$（两对维度）")
e.claim(L, "theta_1 = 10000^(-2/4)", ["0.01"], [R(10000) ** R(-2, 4)])
L = e.line("两对维度分别转")
e.claim(L, "rotation angles at m = 1", ["0.01"], [1 * th[1]])
L = e.line("$k$ 在位置 2，转角是")
e.claim(L, "rotation angles at n = 2", ["0.02"], [2 * th[1]])
e.claim(e.line("q_1 = [\\cos 1,"), "rotated q at m = 1", ["0.5403", "0.8415", "0.99995", "0.01000"],
        [cos(1), sin(1), cos(R(1, 100)), sin(R(1, 100))])
e.claim(e.line("k_2 = [\\cos 2,"), "rotated k at n = 2", ["-0.4161", "0.9093", "0.99980", "0.02000"],
        [cos(2), sin(2), cos(R(2, 100)), sin(R(2, 100))])
e.claim(e.line("q_1^\\top k_2 = \\cos(1 - 2)"), "q1 . k2", ["0.5403", "0.99995", "1.5403"],
        [cos(1), cos(R(1, 100)), cos(1) + cos(R(1, 100))])


def score(delta):
    return cos(delta * th[0]) + cos(delta * th[1])


for m, n, printed in [(1, 1, "2.0000"), (1, 2, "1.5403"), (1, 3, "0.5837"), (5, 6, "1.5403"), (100, 101, "1.5403")]:
    L = e.line(f"| {m} | {n} | {n - m} | {printed} |")
    e.claim(L, f"offset and score for (m, n) = ({m}, {n})", [str(n - m), printed], [n - m, score(n - m)])
for needle in ["    dim = 4", "cos, sin = precompute_rope_freqs(dim, seq_len=1024)",
               "q = torch.tensor([[[[1.0, 0.0, 1.0, 0.0]]]])", "k = torch.tensor([[[[1.0, 0.0, 1.0, 0.0]]]])",
               "for m, n in [(1, 2), (5, 6), (100, 101)]:"]:
    e.given(e.line(needle), "code input")
e.claim(e.line("三组 $(m, n)$ 打印出来都是 `1.5403`"), "printed score of the verification run", ["1.5403"], [score(1)])

# --- ALiBi --------------------------------------------------------------------------------------
H = 8
slopes = [R(2) ** R(-8 * h, H) for h in range(1, H + 1)]
e.given(e.line("$H = 8$ 时各头斜率"), "H = 8")
e.given(e.line("| 头 $h$ | 1 | 2 |"), "head indices")
e.claim(e.line("| $m_h$ | 0.5 |"), "slopes 2^(-8h/8)",
        ["0.5", "0.25", "0.125", "0.0625", "0.03125", "0.015625", "0.0078125", "0.00390625"], slopes)
L = e.line("头 1（$m_1 = 0.5$）对 5 个 token")
e.claim(L, "slope of head 1 restated", ["0.5"], [slopes[0]])
Lb = e.line("B_1 =")
B = sp.Matrix(5, 5, lambda i, j: slopes[0] * (j - i) if j <= i else 0)
printed_rows = [["0", "0", "0", "0", "0"], ["-0.5", "0", "0", "0", "0"], ["-1.0", "-0.5", "0", "0", "0"],
                ["-1.5", "-1.0", "-0.5", "0", "0"], ["-2.0", "-1.5", "-1.0", "-0.5", "0"]]
e.rows([Lb + 2 + i for i in range(5)], "head-1 bias matrix (upper triangle shown as 0)", printed_rows, B)
L = e.line("读法：位置 4 的 Query 看位置 2 的 Key")
e.claim(L, "bias at distance 2", ["-1.0"], [-slopes[0] * 2])
e.claim(L, "e^-1", ["0.368"], [exp(-1)])
e.claim(L, "e^-1 as a percentage ('打 37 折')", ["37"], [100 * exp(-1)], rounded_int=True)
e.claim(L, "e^-0.5", ["0.607"], [exp(R(-1, 2))])
L = e.line("头 8 的斜率只有 $1/256 \\approx 0.0039$")
e.claim(L, "slope of head 8", ["0.0039"], [slopes[7]])
e.claim(L, "penalty factor at distance 1", ["0.996"], [exp(-slopes[7])])
e.given(e.line("$m_h > 0$ 是第 $h$ 个头的斜率"), "sign conditions")
e.given(e.line("B_1 ="), "matrix name")

# --- remaining code lines that show numbers: inputs of the snippets, not results -----------------
import re as _re
_in_code = False
for _i, _t in enumerate(e.lines, start=1):
    if _t.lstrip().startswith("```"):
        _in_code = not _in_code
        continue
    if _in_code and _re.search(r"\d", _t) and _i not in e.verdicts and _t.strip() and not _t.lstrip().startswith(("(", "[")) \
            and any(k in _t for k in ("=", "(", "print", "for ", "return")):
        e.given(_i, "code of the snippet (constants and indices)")
e.done()
