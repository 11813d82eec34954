# Expected verdicts for vi-pe-ttins1702-mini-transformer-pe.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# Inputs (as printed): sinusoidal PE with base 10000, d_model = 256, PE(pos, 2i) = sin(pos / 10000^(2i/256)),
# PE(pos, 2i+1) = cos(...); the word "yeu" at pos = 1, pairs i = 0, 1 and 127. Then a toy self-attention with the
# printed 3x4 Q and K (d_k = 4), V left symbolic.
# Wrong lines: 7 --
#   * PE(1,2) = sin(1/1.0746) printed 0.8018: exactly sin(10000^(-1/128)) = 0.80196 (0.8020; also 0.8020 from the
#     author's rounded angle 0.9306) -- slip;
#   * PE(1,3) = cos(...) printed 0.5976: exactly 0.59738 (0.5974) -- slip;
#   * 10000^(254/256) printed 9194.79: exactly 10^3.96875 = 9305.72 -- slip (10000^0.9922 would be 9306.79 too);
#   * the two lines for PE(1,254) and PE(1,255) reuse 9194.79 and the angle 1/9194.79 = 0.0001087 (exactly
#     1/9305.72 = 0.00010746, 0.0001075; even 1/9194.79 = 0.00010876 rounds to 0.0001088) -- carried; sin of it and
#     cos = 1.0000 are otherwise right (0.0001087 for the sine carries the same wrong angle);
#   * the assembled vector PE(pos=1) = [0.8415, 0.5403, 0.8018, 0.5976, ..., 0.0001, 1.0000] carries 0.8018/0.5976;
#   * lambda_max = 2*pi*10000 printed ~ 62,831: exactly 62831.85, which rounds to 62,832 (truncated) -- slip.
# Ambiguous: "chu ky dai hon 62,800 tu" (a lower bound, for omega_max ~ 1/10000, not an equality; for d_model = 256 the
# last pair's period is only 2*pi*9305.7 = 58,470); the 3x3 attention weights are explicitly "assumed" ("gia su") and
# are not the softmax of the printed scaled scores (that would be rows 1/3,1/3,1/3 twice and 0.5065, 0.1863, 0.3072),
# so the weights line, the context line built from them and the "42%" line are ambiguous.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, number_claim

e = Expect(__file__, language="vi", topics=["pe", "basic", "latex-display", "prose"])
d = 256
base = sp.Integer(10000)


def rate(i):
    return base ** R(2 * i, d)


r1 = rate(1)            # 10000^(2/256)
r127 = rate(127)        # 10000^(254/256)

L = e.line("Câu ví dụ: **\"chúng ta yêu học máy\"**")
e.given(L, "example sentence")
for k in range(4):
    e.given(e.line(f"Vị trí {k} ($pos = {k}$)"), f"position {k}")
e.given(e.line("Kích thước mô hình: $d_{model} = 256$"), "d_model = 256, j = 0..255")
e.given(e.line("Chỉ số cặp chiều: $i$ đi từ"), "i = 0..127")

e.claim(e.line("PE_{(0, 2i)} = \\sin"), "PE(0, 2i) = sin 0", ["0"], [0])
e.claim(e.line("PE_{(0, 2i+1)} = \\cos"), "PE(0, 2i+1) = cos 0", ["1"], [1])
e.claim(e.line("PE_{(pos=0)} = [0, 1"), "PE(pos=0) pattern", ["0", "1"], [0, 1])

e.claim(e.line("10000^{\\frac{2 \\times 0}{256}} = 10000^0 = 1"), "rate for i = 0", ["1"], [rate(0)])
e.claim(e.line("PE_{(1, 0)} ="), "PE(1,0) = sin 1", ["0.8415"], [sp.sin(1)])
e.claim(e.line("PE_{(1, 1)} ="), "PE(1,1) = cos 1", ["0.5403"], [sp.cos(1)])
e.claim(e.line("10000^{\\frac{2}{256}} \\approx"), "exponent 2/256 and rate 10000^(2/256)",
        ["0.00781", "1.0746"], [R(2, 256), r1])
L = e.line("PE_{(1, 2)} =")
e.claim(L, "angle 1/10000^(2/256)", ["0.9306"], [1 / r1])
e.claim(L, "PE(1,2) = sin(angle)", ["0.8018"], [sp.sin(1 / r1)], cause="slip")
L = e.line("PE_{(1, 3)} =")
e.claim(L, "angle 1/10000^(2/256)", ["0.9306"], [1 / r1])
e.claim(L, "PE(1,3) = cos(angle)", ["0.5976"], [sp.cos(1 / r1)], cause="slip")
L = e.line("10000^{\\frac{254}{256}} \\approx")
e.claim(L, "exponent 254/256", ["0.9922"], [R(254, 256)])
e.claim(L, "rate 10000^(254/256)", ["9194.79"], [r127], cause="slip")
L = e.line("PE_{(1, 254)} =")
e.claim(L, "rate restated", ["9194.79"], [r127], cause="carried")
e.claim(L, "angle 1/rate and PE(1,254) = sin(angle)", ["0.0001087", "0.0001087"], [1 / r127, sp.sin(1 / r127)],
        cause="carried")
L = e.line("PE_{(1, 255)} =")
e.claim(L, "rate restated and angle", ["9194.79", "0.0001087"], [r127, 1 / r127], cause="carried")
e.claim(L, "PE(1,255) = cos(angle)", ["1.0000"], [sp.cos(1 / r127)])
L = e.line("PE_{(pos=1)} = [0.8415")
e.claim(L, "PE(pos=1) entries 0, 1", ["0.8415", "0.5403"], [sp.sin(1), sp.cos(1)])
e.claim(L, "PE(pos=1) entries 2, 3", ["0.8018", "0.5976"], [sp.sin(1 / r1), sp.cos(1 / r1)], cause="carried")
e.claim(L, "PE(pos=1) entries 254, 255", ["0.0001", "1.0000"], [sp.sin(1 / r127), sp.cos(1 / r127)])

L = e.line("**Các chiều đầu ($i = 0$):**")
e.claim(L, "omega_0 and its period 2*pi", ["1", "6.28"], [rate(0), 2 * sp.pi])
L = e.line("**Các chiều cuối")
e.ambiguous(L, "'longer than 62,800' is a lower bound for omega_max ~ 1/10000 (period 2*pi*10000 = 62,832); the "
               "actual last pair of d_model = 256 has period 2*pi*10000^(254/256) = 58,470, so the intent "
               "(the i -> d/2 limit or the real last pair) cannot be settled")
L = e.line("\\lambda_{max} = 2\\pi \\times 10000 \\approx")
number_claim(e, L, "longest wavelength 2*pi*10000 (truncated)", "62,831", 2 * sp.pi * 10000)

# 4.6 / 4.7: toy attention
Q = M([[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0]])
K = M([[1, 1, 0, 0], [0, 0, 1, 1], [1, 0, 0, 1]])
S = Q * K.T
L = e.line("$$Q = \\begin{bmatrix} q_1")
e.given(L, "Q (section 4.6)")
e.given(e.line("$$K = \\begin{bmatrix} k_1"), "K (section 4.6)")
L = e.line("$$K^T = \\begin{bmatrix}")
e.claim(L, "K^T (section 4.6)", [str(x) for x in K.T], list(K.T))
e.claim(e.line("(3 \\times 4) \\times (4 \\times 3) = 3 \\times 3"), "shape of Q K^T", ["3", "3"], [S.rows, S.cols])
S47 = e.line("#### 4.7.")
e.given(e.line("$$Q = \\begin{bmatrix} 1 & 0", after=S47), "Q (section 4.7)")
e.given(e.line("$$K = \\begin{bmatrix} 1 & 1", after=S47), "K (section 4.7)")
L = e.line("$$K^T = \\begin{bmatrix}", after=S47)
e.claim(L, "K^T (section 4.7)", [str(x) for x in K.T], list(K.T))
L = e.line("$$\\text{Scores} = Q \\times K^T")
e.claim(L, "Scores = Q K^T", [str(x) for x in S], list(S))
e.claim(e.line("Chia cho $\\sqrt{d_k}$"), "sqrt(d_k) for d_k = 4", ["2"], [sp.sqrt(4)])
L = e.line("$$\\frac{\\text{Scores}}{2}")
e.claim(L, "Scores / 2", ["0.5", "0.5", "0.5", "0.5", "0.5", "0.5", "1.0", "0.0", "0.5"], list(S / 2))
REASON = ("the weights are introduced as assumed ('gia su') and are not the softmax of the printed scaled scores "
          "(rows 1/3,1/3,1/3 twice and 0.5065, 0.1863, 0.3072); whether they are meant as the result cannot be "
          "decided")
e.ambiguous(e.line("$$\\text{Attention Weights} = \\begin{bmatrix}"), REASON)
e.ambiguous(e.line("$$\\text{Context} = \\text{Attention Weights}"), REASON)
e.ambiguous(e.line("chiếm 42%"), REASON)
e.done()
