# Expected verdicts for en-basic-tharunchaitanya-pt-en-transformer-readme.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# A project README (Portuguese -> English Transformer in TensorFlow) that works two small examples by hand.
# Inputs: sinusoidal PE at pos = 2, d_model = 4 (angle rate 1 / 10000^(2*(i//2)/4)); attention with q = [1, 0],
#   K = ([1, 0], [0, 1]), V = ([2, 1], [0, 3]), d_k = 2 (scaled by 1/sqrt2); heads: d_model = 128, 8 heads.
# Exact values: PE(2) = [sin 2, cos 2, sin 0.02, cos 0.02] = [0.9092974268, -0.4161468365, 0.0199986667,
#   0.9998000067]; scores [1, 0]; sqrt2 = 1.4142135624; scaled [0.70710678, 0]; e^(1/sqrt2) = 2.0281149816,
#   sum 3.0281149816; softmax [0.669762, 0.330238]; weighted V1 = [1.339523, 0.669762], weighted V2 =
#   [0, 0.990715]; output [1.339523, 1.660477]; depth 128 / 8 = 16.
# Wrong lines:
#   - "0.669430, 0.330570" (slip): 2.0281149816 / 3.0281149816 = 0.669762 and 1 / 3.0281149816 = 0.330238.
#   - carried from those weights: "output = 0.669430 * V1 + 0.330570 * V2", "0.669430 * V1 =", "1.33886, 0.66943"
#     (right 1.339523, 0.669762), "0.330570 * V2 =", "0.0, 0.99171" (right 0.990715), "1.33886 + 0.0, 0.66943 +
#     0.99171", "1.33886, 1.66114" and the closing "[1.33886, 1.66114]" (right [1.339523, 1.660477]).
# Everything on the positional-encoding side and the head split is right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "pe", "mha", "plain-text-bullets"])
L = e.line

# --- positional encoding -----------------------------------------------------------------------
e.given(L("The angle rate of dimension `i` is one over 10000"), "angle-rate formula restated")
e.given(L("Take `d_model = 4` and `pos = 2`."), "d_model = 4, pos = 2, i = 0..3")
pos, d = 2, 4
rate = [1 / sp.Integer(10000) ** R(2 * (i // 2), d) for i in range(4)]
ex = L("exponent = (2 * 0) / 4 = 0 / 4 = 0.")
e.claim(ex, "exponent for i = 0", ["0"], [R(0, 4)])
e.claim(L("10000^0 = 1."), "10000^0", ["1"], [sp.Integer(10000) ** 0])
e.claim(L("ate = 1 / 1 = 1."), "angle rate i = 0", ["1"], [rate[0]])
e.claim(L("ate = 2 * 1 = 2."), "angle i = 0", ["2"], [pos * rate[0]])
e.claim(L("PE = sin(2) ≈ 0.9092974268."), "PE(2, 0)", ["0.9092974268"], [sp.sin(pos * rate[0])])
e.given(L("same angle", 1) + 1, "same angle rate 1 restated")
e.claim(L("ad = 2 * 1 = 2."), "angle i = 1", ["2"], [pos * rate[1]])
e.claim(L("PE = cos(2) ≈ -0.4161468365."), "PE(2, 1)", ["-0.4161468365"], [sp.cos(pos * rate[1])])
e.claim(L("exponent = (2 * 1) / 4 = 2 / 4 = 0.5."), "exponent for i = 2", ["0.5"], [R(2, 4)])
e.claim(L("10000^0.5 = sqrt(10000) = 100."), "10000^0.5", ["100"], [sp.sqrt(10000)])
e.claim(L("ate = 1 / 100 = 0.01."), "angle rate i = 2", ["0.01"], [rate[2]])
e.claim(L("ate = 2 * 0.01 = 0.02."), "angle i = 2", ["0.02"], [pos * rate[2]])
e.claim(L("PE = sin(0.02) ≈ 0.0199986667."), "PE(2, 2)", ["0.0199986667"], [sp.sin(pos * rate[2])])
e.given(L("ate 0.01."), "same angle rate 0.01 restated")
e.claim(L("ad = 0.02."), "angle i = 3", ["0.02"], [pos * rate[3]])
e.claim(L("PE = cos(0.02) ≈ 0.9998000067."), "PE(2, 3)", ["0.9998000067"], [sp.cos(pos * rate[3])])
pe2 = [sp.sin(pos * rate[0]), sp.cos(pos * rate[1]), sp.sin(pos * rate[2]), sp.cos(pos * rate[3])]
e.claim(L("[0.9093, -0.4161, 0.0200, 0.9998]"), "PE(2) rounded", ["0.9093", "-0.4161", "0.0200", "0.9998"], pe2)

# --- scaled dot-product attention --------------------------------------------------------------
e.given(L("add `-1e9` wherever the mask is 1"), "-1e9 mask constant (prose)")
e.given(L("Let `Q` length 1, `K` length 2, `d_k = 2`."), "shapes and d_k = 2")
e.given(L("* $Q = [1, 0]$ (shape (1,2))"), "q = [1, 0]")
e.given(L("* $K_1 = [1, 0], K_2 = [0, 1]$"), "keys")
e.given(L("* $V_1 = [2, 1], V_2 = [0, 3]$"), "values")
q = M([["1", "0"]])
K = M([["1", "0"], ["0", "1"]])
V = M([["2", "1"], ["0", "3"]])
s = q * K.T
e.claim(L("ext{_}1 = 1*1 + 0*0 = 1"), "score 1", ["1"], [s[0, 0]])
e.claim(L("ext{_}2 = 1*0 + 0*1 = 0"), "score 2", ["0"], [s[0, 1]])
ln = L("  → scores = ") + 1
e.claim(ln, "scores", ["1", "0"], [s[0, 0], s[0, 1]])
e.claim(L("Compute √2 step-by-step"), "sqrt 2", ["1.4142135624"], [sp.sqrt(2)])
e.given(L("* 1 / 1.4142135624, 0 / 1.4142135624"), "division written out")
sc = s / sp.sqrt(2)
e.claim(L("* 0.70710678, 0.0"), "scaled scores", ["0.70710678", "0.0"], [sc[0, 0], sc[0, 1]])
a = sp.exp(sc[0, 0])
e.claim(L("* exp(0.70710678)"), "exp of the scaled score", ["0.70710678", "2.0281149816"], [sc[0, 0], a])
e.claim(L("* exp(0.0) = 1.0"), "exp 0", ["0.0", "1.0"], [0, 1])
e.claim(L("* sum = 2.0281149816 + 1.0 = 3.0281149816"), "sum of exponentials",
        ["2.0281149816", "1.0", "3.0281149816"], [a, 1, a + 1])
e.claim(L("* 2.0281149816 / 3.0281149816, 1.0 / 3.0281149816"), "division written out",
        ["2.0281149816", "3.0281149816"], [a, a + 1])
w = softmax_rows(sc)
e.claim(L("* 0.669430, 0.330570"), "softmax weights", ["0.669430", "0.330570"], [w[0, 0], w[0, 1]], cause="slip")
e.claim(L("* output = 0.669430 * V1 + 0.330570 * V2"), "weights restated", ["0.669430", "0.330570"],
        [w[0, 0], w[0, 1]], cause="carried")
ln = L("* 2, 1, 0.669430 * V1 = ")
e.given(ln, "V1 = [2, 1] restated")
e.claim(ln, "weight 1 restated", ["0.669430"], [w[0, 0]], cause="carried")
e.claim(L("* 1.33886, 0.66943"), "w1 * V1", ["1.33886", "0.66943"], list(w[0, 0] * V.row(0)), cause="carried")
ln = L("* 0, 3, 0.330570 * V2 = ")
e.given(ln, "V2 = [0, 3] restated")
e.claim(ln, "weight 2 restated", ["0.330570"], [w[0, 1]], cause="carried")
e.claim(L("* 0.0, 0.99171"), "w2 * V2", ["0.0", "0.99171"], list(w[0, 1] * V.row(1)), cause="carried")
O = w * V
e.claim(L("* 1.33886 + 0.0, 0.66943 + 0.99171 = "), "sum written out", ["1.33886", "0.0", "0.66943", "0.99171"],
        [w[0, 0] * 2, 0, w[0, 0] * 1, w[0, 1] * 3], cause="carried")
e.claim(L("* 1.33886, 1.66114"), "output", ["1.33886", "1.66114"], [O[0, 0], O[0, 1]], cause="carried")
e.claim(L("So attention output"), "output restated", ["1.33886", "1.66114"], [O[0, 0], O[0, 1]], cause="carried")
e.given(L("A masked position receives `-1e9`"), "-1e9 mask constant (prose)")

# --- head split --------------------------------------------------------------------------------
e.given(L("* `d_model = 128`"), "d_model = 128")
e.given(L("* `num_heads = 8`"), "8 heads")
e.given(L("   * 128 divided by 8:"), "division restated")
e.claim(L("8 × 16 = 128 → `depth = 16`."), "check and depth", ["128", "16"], [8 * 16, R(128, 8)])
e.claim(L("So each head works with `d_k = 16`."), "d_k per head", ["16"], [R(128, 8)])
e.given(L("`split_heads` reshapes"), "shapes restated (8 heads of 16, d_model 128)")
e.done()
