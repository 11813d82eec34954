# Expected verdicts for en-rope-n0man-adjacent-pairs-rm.md, computed with plain SymPy (see oracle.py); not symattn's
# code.
# A personal-site notebook (N0-man / n03an.me) that builds the RoPE rotation R(m) with adjacent pairs for d = 8,
# base 10000, positions m = 0..5, and prints every intermediate tensor.
# Inputs: d = 8, theta = 10000, m = 0..5, q = [1..8] rotated at m = 5; torch.manual_seed(0) x[0,0,0] printed
#   [-1.1258, -1.1524, -0.2506, -0.4339, 0.8487, 0.6920, -0.3160, -2.1152] (taken as printed), offset 5.
# Exact values: d/2 = 4; -2i/8 = -i/4; omega_i = 10000^(-i/4) = 10^(-i) = 1, 0.1, 0.01, 0.001 (printed at 2 decimals
#   1.00, 0.10, 0.01, 0.00: right).  phi_{m,i} = m 10^(-i); the f"{x:.2f}" list prints (0.0 for 0.004, 0.01 for the
#   tie 0.005) all agree.  q_tilde at m = 5: [2.20151, -0.39160, 0.71505, 4.94861, 4.69388, 6.24240, 6.95991,
#   8.03490] -> printed [2.20, -0.39, 0.72, 4.95, 4.69, 6.24, 6.96, 8.03], right.  R(5) at 2 decimals:
#   cos 5 = 0.28366, -sin 5 = 0.95892, cos 0.5 = 0.87758, sin 0.5 = 0.47943, cos 0.05 = 0.99875, sin 0.05 = 0.04998,
#   cos 0.005 = 0.99999, -sin 0.005 = -0.0049999792 (printed -0.00): right.  Difference 0.0 (exact 0).
# cos/sin tables (6 x 4, 4 decimals) and the angles table (e-notation) agree, except cos(0.01) = 0.99995000004
#   printed 0.9999: a float32 print at a rounding tie (float32 cos(0.0099999998) = 0.99994999), so that line is
#   ambiguous.
# After RoPE (every token of the chunk takes position offset 5): from the printed x, exact [-1.42441, 0.75266,
#   -0.011899, -0.50093, 0.81305, 0.73355, -0.30542, -2.11675] -> printed [-1.4244, 0.7527, -0.0119, -0.5009, 0.8131,
#   0.7336, -0.3054, -2.1168]: right.
# Wrong lines: none.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["rope", "notebook", "torch-print", "latex-bmatrix", "e-notation"])
L = e.line
TEN = sp.Integer(10)


def omega(i):
    return sp.Integer(10000) ** R(-2 * i, 8)


def phi(m, i):
    return m * omega(i)


NUM = re.compile(r"-?\d+\.\d+(?:e[+-]\d+)?")

# --- setup and frequencies --------------------------------------------------------------------------------------
e.given(L("* head dim (d = 8) (even)"), "d = 8")
e.claim(L("number of RoPE pairs $(= d/2 = 4)$"), "d/2", ["4"], [R(8, 2)])
e.given(L("* 6 input tokens, so positions"), "6 tokens at positions 0..5")
e.given(L("* base $(\\theta = 10000)$"), "theta = 10000")
e.claim(L("-2i/d = -i/4 \\newline"), "-2i/d with d = 8 is -i/4", ["4"], [R(8, 2)])
e.claim(L("\\theta = 10000 = 10^4 \\newline"), "10000 = 10^4", ["4"], [sp.log(10000, 10)])
e.given(L("\\omega_i = (10^4)^{-i/4} = 10^{-i}"), "omega_i = 10^(-i) (identity from the previous lines)")
e.claim(L("* $(\\omega_0 = 1)$"), "omega_0", ["1"], [omega(0)])
e.claim(L("* $(\\omega_1 = 0.1)$"), "omega_1", ["0.1"], [omega(1)])
e.claim(L("* $(\\omega_2 = 0.01)$"), "omega_2", ["0.01"], [omega(2)])
e.claim(L("* $(\\omega_3 = 0.001)$"), "omega_3", ["0.001"], [omega(3)])
e.given(L("theta = 10000.0"), "theta in code")
e.given(L("d = 8", after=L("theta = 10000.0")), "d in code")
e.claim(L('print("omega:", omega)  # [1.0, 0.1, 0.01, 0.001]'), "omega in the code comment",
        ["1.0", "0.1", "0.01", "0.001"], [omega(i) for i in range(4)])
e.claim(L("omega: tensor([1.00, 0.10, 0.01, 0.00])"), "omega printed at 2 decimals",
        ["1.00", "0.10", "0.01", "0.00"], [omega(i) for i in range(4)])

# --- angles per position -----------------------------------------------------------------------------------------
e.given(L("omega = torch.tensor([1.0, 0.1, 0.01, 0.001])"), "omega restated as a tensor")
e.given(L("6 tokens at positions"), "6 positions, 4 pairs")
for m in range(6):
    ln = L(f"m={m} --> ϕm=[")
    vals = re.findall(r"-?\d+\.\d+", e.lines[ln - 1].split("ϕm=")[1])
    e.claim(ln, f"phi for m = {m}", vals, [phi(m, i) for i in range(4)])

# --- rotation of q at m = 5 --------------------------------------------------------------------------------------
e.given(L("For instance, rotating $q$ of one token sitting at position m=5"), "m = 5")
e.given(L("q = torch.tensor([1.,2.,3.,4.,5.,6.,7.,8.])"), "q = [1..8]")
q = [1, 2, 3, 4, 5, 6, 7, 8]
qt = []
for i in range(4):
    c, s = sp.cos(phi(5, i)), sp.sin(phi(5, i))
    qt += [q[2 * i] * c - q[2 * i + 1] * s, q[2 * i] * s + q[2 * i + 1] * c]
PHI5 = ["5.00", "0.50", "0.05", "0.01"]
QT = ["2.20", "-0.39", "0.72", "4.95", "4.69", "6.24", "6.96", "8.03"]
for k in (1, 2):
    e.claim(L("phi: tensor([5.00, 0.50, 0.05, 0.01])", nth=k), "phi at m = 5", PHI5, [phi(5, i) for i in range(4)])
    e.given(L("q: tensor([1., 2., 3., 4., 5., 6., 7., 8.])", nth=k), "q restated")
e.claim(L("q_tilde: tensor(["), "q_tilde (pairwise) at m = 5", QT, qt)
e.given(L("R(m)\\in\\mathbb{R}^{8\\times 8}"), "R(m) is 8 x 8")
e.given(L("# For a single token at position m=5"), "m = 5 in code")

Rm = sp.zeros(8, 8)
for i in range(4):
    c, s = sp.cos(phi(5, i)), sp.sin(phi(5, i))
    Rm[2 * i, 2 * i], Rm[2 * i, 2 * i + 1] = c, -s
    Rm[2 * i + 1, 2 * i], Rm[2 * i + 1, 2 * i + 1] = s, c
r0 = L("R(m): tensor([[")
for r in range(8):
    vals = NUM.findall(e.lines[r0 + r - 1].replace("R(m): ", ""))
    e.claim(r0 + r, f"R(5) row {r}", vals, list(Rm.row(r)))
e.claim(L("q_tilde (matrix form): tensor(["), "R(5) q", QT, list(Rm * sp.Matrix(q)))
e.claim(L("q_tilde (pairwise form): tensor(["), "pairwise q_tilde", QT, qt)
e.claim(L("Difference: 0.0"), "max |matrix - pairwise|", ["0.0"], [0])

# --- cos / sin / angles tables (context_length 6, head_dim 8) ------------------------------------------------------
e.given(L("head_dim=8,", after=L("cos, sin, angles = compute_rope_params_adjacent(")), "head_dim = 8")
e.given(L("context_length=6,"), "context_length = 6")
TIE = ("float32 machine print at a rounding tie: cos(0.01) = 0.99995000004 rounds to 1.0000, float32 "
       "cos(0.0099999998) = 0.99994999 prints 0.9999; the last digit is float32 rounding")
c0 = L("cos: tensor([[")
for m in range(6):
    ln = c0 + m
    vals = NUM.findall(e.lines[ln - 1])
    if m == 1:
        e.ambiguous(ln, TIE)
        continue
    e.claim(ln, f"cos row m = {m}", vals, [sp.cos(phi(m, i)) for i in range(4)])
s0 = L("sin: tensor([[")
for m in range(6):
    vals = NUM.findall(e.lines[s0 + m - 1])
    e.claim(s0 + m, f"sin row m = {m}", vals, [sp.sin(phi(m, i)) for i in range(4)])
a0 = L("angles: tensor([[")
for m in range(6):
    vals = NUM.findall(e.lines[a0 + m - 1])
    e.claim(a0 + m, f"angles row m = {m}", vals, [phi(m, i) for i in range(4)])

# --- apply_rope_adjacent on seeded random x ------------------------------------------------------------------------
e.given(L("BATCH, NUM_HEADS, NUM_TOKENS, D = 2, 3, 6, 8"), "shape constants")
e.given(L("y = apply_rope_adjacent(x, cos, sin, offset=5)"), "offset 5")
e.claim(L("Original Tensor (x) shape: torch.Size([2, 3, 6, 8])"), "x shape", ["2", "3", "6", "8"], [2, 3, 6, 8])
e.claim(L("Rotated Tensor (y) shape: torch.Size([2, 3, 6, 8])"), "y shape", ["2", "3", "6", "8"], [2, 3, 6, 8])
xb = L("Tensor [0, 0, 0] before RoPE: tensor(")
e.given(xb, "x[0,0,0] drawn by torch.randn with seed 0 (taken as printed)")
x = [sp.Rational(v) for v in NUM.findall(e.lines[xb - 1].split("RoPE:")[1])]
y = []
for i in range(4):
    c, s = sp.cos(phi(5, i)), sp.sin(phi(5, i))
    y += [x[2 * i] * c - x[2 * i + 1] * s, x[2 * i] * s + x[2 * i + 1] * c]
ya = L("Tensor [0, 0, 0] after RoPE: tensor(")
e.claim(ya, "y[0,0,0] = x[0,0,0] rotated at position 5", NUM.findall(e.lines[ya - 1].split("RoPE:")[1]), y)
e.done()
