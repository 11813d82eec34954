# Expected verdicts for ja-rope-edom18-sinusoidal-rotation.md, computed with plain SymPy (see oracle.py); not
# symattn's code.
# - Sinusoidal, d_model = 8: dims 0/1 use pos itself: sin/cos of 0, 1, 2 = 0.00/1.00, 0.84/0.54, 0.91/−0.42: ok.
#   Dims 2/3 divide by 10000^(2/8) = 10, printed 5.62 (that is 10000^(3/16)) -> wrong (slip); the position-1 line then
#   uses 1/5.62 = 0.18: sin(0.18) = 0.18 and cos(0.18) = 0.98 follow the wrong divisor, exactly sin(0.1) = 0.10 and
#   cos(0.1) = 1.00 -> wrong (carried).  Dims 6/7 divide by 10000^(6/8) = 1000, printed 316 (10000^(5/8)) -> wrong.
# - RoPE, m = 2, d = 4: angles 2 and 2 / 100 = 0.02; q = [1, 0, 1, 0] rotates to [cos 2, sin 2, cos 0.02, sin 0.02] =
#   [−0.41615, 0.90930, 0.99980, 0.019999] -> [−0.416, 0.909, 0.9998, 0.0200]: ok.
# - Exercise 1 (d_model = 4): 10000^(2/4) = 100; PE(0) = [0, 1, 0, 1]; PE(1) = [sin 1, cos 1, sin 0.01, cos 0.01] =
#   [0.841, 0.540, 0.010, 1.000]: ok.  Exercise 2: cos = sin = √2/2 ≈ 0.707, rotated [1, 0] = [0.707, 0.707]: ok.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="ja", topics=["rope", "pe", "sinusoidal"])
L = e.line
sin, cos = sp.sin, sp.cos

e.given(L("PE(pos, 2i)   = sin(pos / 10000^(2i/d_model))"), "formula")
e.given(L("PE(pos, 2i+1) = cos(pos / 10000^(2i/d_model))"), "formula")
e.given(L("  pos: 位置（0, 1, 2, ...）"), "index range")
e.given(L("  i: 次元のインデックス（0, 1, 2, ..., d_model/2 - 1）"), "index range")
e.given(L("d_model = 8, 位置0〜5の場合:"), "d_model 8, positions 0-5")
e.given(L("次元0,1 (低周波): sin/cos(pos / 10000^0) = sin/cos(pos)"), "divisor 10000^0 = 1")
e.claim(L("位置0: sin(0)=0.00,   cos(0)=1.00", 1), "pos 0, dims 0/1", ["0.00", "1.00"], [0, 1])
e.claim(L("位置1: sin(1)=0.84,   cos(1)=0.54"), "pos 1, dims 0/1", ["0.84", "0.54"], [sin(1), cos(1)])
e.claim(L("位置2: sin(2)=0.91,   cos(2)=-0.42"), "pos 2, dims 0/1", ["0.91", "-0.42"], [sin(2), cos(2)])
e.claim(L("次元2,3 (中周波): sin/cos(pos / 10000^(2/8)) = sin/cos(pos / 5.62)"), "divisor 10000^(2/8)", "5.62",
        R(10000) ** R(2, 8))
e.claim(L("位置0: sin(0)=0.00,   cos(0)=1.00", 2), "pos 0, dims 2/3", ["0.00", "1.00"], [0, 1])
x = 1 / R(10000) ** R(2, 8)
e.claim(L("位置1: sin(0.18)=0.18, cos(0.18)=0.98"), "pos 1, dims 2/3: argument, sin, cos",
        ["0.18", "0.18", "0.98"], [x, sin(x), cos(x)], cause="carried")
e.claim(L("次元6,7 (高周波): sin/cos(pos / 10000^(6/8)) = sin/cos(pos / 316)"), "divisor 10000^(6/8)", "316",
        R(10000) ** R(6, 8))
e.given(L("位置0〜5: ほぼ変化なし（周期が長い）"), "qualitative remark")
e.given(L("θ_i = m / (10000^(2i / d))"), "RoPE angle formula")
e.given(L("  m: 位置インデックス"), "definition")
e.given(L("  i: 次元ペアのインデックス (i = 0, 1, ..., d/2 - 1)"), "index range")
e.given(L("位置 m=2, ヘッド次元 d=4 の場合:"), "m = 2, d = 4")
e.claim(L("次元ペア0 (i=0): θ_0 = 2 / 10000^0 = 2.0"), "angle of pair 0", "2.0", R(2) / R(10000) ** 0)
e.claim(L("次元ペア1 (i=1): θ_1 = 2 / 10000^(2/4) = 2 / 100 = 0.02"), "angle of pair 1", ["100", "0.02"],
        [R(10000) ** R(2, 4), R(2) / R(10000) ** R(2, 4)])
e.given(L("元のQuery: q = [1.0, 0.0, 1.0, 0.0]"), "query")
a0, a1 = 2, R(2, 100)
e.claim(L("[q_0']   [cos(2.0)  -sin(2.0)] [1.0]   [-0.416]"), "q0' = cos 2", ["2.0", "2.0", "1.0", "-0.416"],
        [2, 2, 1, cos(a0)])
e.claim(L("[q_1'] = [sin(2.0)   cos(2.0)] [0.0] = [ 0.909]"), "q1' = sin 2", ["2.0", "2.0", "0.0", "0.909"],
        [2, 2, 0, sin(a0)])
e.claim(L("[q_2']   [cos(0.02)  -sin(0.02)] [1.0]   [ 0.9998]"), "q2' = cos 0.02", ["0.02", "0.02", "1.0", "0.9998"],
        [a1, a1, 1, cos(a1)])
e.claim(L("[q_3'] = [sin(0.02)   cos(0.02)] [0.0] = [ 0.0200]"), "q3' = sin 0.02", ["0.02", "0.02", "0.0", "0.0200"],
        [a1, a1, 0, sin(a1)])
e.claim(L("回転後: q' = [-0.416, 0.909, 0.9998, 0.0200]"), "rotated query", ["-0.416", "0.909", "0.9998", "0.0200"],
        [cos(a0), sin(a0), cos(a1), sin(a1)])

e.given(L("次元0,1: sin/cos(pos / 10000^(0/4)) = sin/cos(pos)"), "divisor 10000^0 = 1")
e.claim(L("次元2,3: sin/cos(pos / 10000^(2/4)) = sin/cos(pos / 100)"), "divisor 10000^(2/4)", "100",
        R(10000) ** R(2, 4))
p0 = L("位置0:")
for k, (lab, val) in enumerate((("次元0: sin(0) = 0.0", 0), ("次元1: cos(0) = 1.0", 1), ("次元2: sin(0) = 0.0", 0),
                                ("次元3: cos(0) = 1.0", 1))):
    e.claim(L(lab, 1, p0), f"PE(0) dim {k}", lab.split("= ")[1], val)
e.claim(L("PE(0) = [0.0, 1.0, 0.0, 1.0]"), "PE(0)", ["0.0", "1.0", "0.0", "1.0"], [0, 1, 0, 1])
e.claim(L("次元0: sin(1) ≈ 0.841"), "PE(1) dim 0", "0.841", sin(1))
e.claim(L("次元1: cos(1) ≈ 0.540"), "PE(1) dim 1", "0.540", cos(1))
e.claim(L("次元2: sin(1/100) = sin(0.01) ≈ 0.010"), "PE(1) dim 2", ["0.01", "0.010"], [R(1, 100), sin(R(1, 100))])
e.claim(L("次元3: cos(1/100) = cos(0.01) ≈ 1.000"), "PE(1) dim 3", ["0.01", "1.000"], [R(1, 100), cos(R(1, 100))])
e.claim(L("PE(1) = [0.841, 0.540, 0.010, 1.000]"), "PE(1)", ["0.841", "0.540", "0.010", "1.000"],
        [sin(1), cos(1), sin(R(1, 100)), cos(R(1, 100))])

q4 = sp.pi / 4
e.claim(L("cos(π/4) = √2/2 ≈ 0.707"), "cos π/4", "0.707", cos(q4))
e.claim(L("sin(π/4) = √2/2 ≈ 0.707"), "sin π/4", "0.707", sin(q4))
e.claim(L("[x']   [0.707  -0.707] [1]   [0.707]"), "first row and x'", ["0.707", "-0.707", "1", "0.707"],
        [cos(q4), -sin(q4), 1, cos(q4)])
e.claim(L("[y'] = [0.707   0.707] [0] = [0.707]"), "second row and y'", ["0.707", "0.707", "0", "0.707"],
        [sin(q4), cos(q4), 0, sin(q4)])
e.claim(L("回転後: [0.707, 0.707]"), "rotated vector", ["0.707", "0.707"], [cos(q4), sin(q4)])
e.given(L("元: (1, 0) → x軸方向"), "original vector")
ln = L("回転後: (0.707, 0.707) → 対角線方向（45度）")
e.claim(ln, "rotated vector (restated)", ["0.707", "0.707"], [cos(q4), sin(q4)])
e.given(ln, "45 degrees")
e.done()
