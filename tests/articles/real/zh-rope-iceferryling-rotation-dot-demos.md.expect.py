# Expected verdicts for zh-rope-iceferryling-rotation-dot-demos.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: 1.3 v = (3, 1) rotated by 60° (R = [[1/2, -√3/2], [√3/2, 1/2]]): v_rot = (3/2 - √3/2, 3√3/2 + 1/2) =
#   (0.633975, 3.098076), v·v_rot = 5, |v| = |v_rot| = √10 = 3.162278, cos = 1/2, angle 60°. The printed R^T R has
#   off-diagonal -1.48741681e-17 (float64 residue; exact 0): those two output lines are marked ambiguous.
# 1.4: a = (1,0) rotated 30°, b = (0,1) rotated 60°: dot = -cos30·sin60 + sin30·cos60 = -1/2; theory cos(120°) = -1/2.
# 2.1: θ = 90° rotation in the xy plane maps (1,0,0,0) to (0,1,0,0).
# Demo 1 (head_dim = 2, θ_0 = 1): dot of (1,0) rotated by m and by n = cos(n - m): cos 1 = 0.540302, cos 2 = -0.416147,
#   cos 10 = -0.839072, cos 100 = 0.862319, cos 1000 = 0.562379 (all right).
# Demo 2 (head_dim = 4, θ_0 = 1, θ_1 = 10000^(-1/2) = 0.01): columns cos(Δ) and cos(Δ/100) for Δ = 1,2,5,10,20,50,100
#   (all right at 6 places).
# The printed outputs differ from the code in two non-numeric ways (the label "旋转矩阵R.T @ R：" vs the code's
#   "旋转矩阵正交性：R.T @ R=", and demo 1's header printed once although the print is inside the loop); kept as printed.
# No wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["rope", "rotation", "dot-product", "code-output", "bmatrix", "tab-table"])

c60, s60 = sp.cos(sp.pi / 3), sp.sin(sp.pi / 3)
Rm = sp.Matrix([[c60, -s60], [s60, c60]])
v = sp.Matrix([3, 1])
vr = Rm * v
dotp = (v.T * vr)[0]
nv = sp.sqrt(10)

e.claim(e.line("旋转矩阵R的行列式：1.0"), "det R", ["1.0"], [Rm.det()])
e.ambiguous(e.line("旋转矩阵R.T @ R：[[ 1.00000000e+00 -1.48741681e-17]"),
            "R^T R = I exactly; the off-diagonal -1.48741681e-17 is float64 rounding residue of cos/sin(60°)")
e.ambiguous(e.line(" [-1.48741681e-17  1.00000000e+00]]"),
            "R^T R = I exactly; the off-diagonal -1.48741681e-17 is float64 rounding residue of cos/sin(60°)")
e.given(e.line("原始向量v= [3. 1.]"), "v")
e.claim(e.line("[[ 0.5       -0.8660254]"), "R row 1", ["0.5", "-0.8660254"], list(Rm.row(0)))
e.claim(e.line(" [ 0.8660254  0.5      ]]"), "R row 2", ["0.8660254", "0.5"], list(Rm.row(1)))
e.claim(e.line("旋转后向量v_rot=[0.6339746  3.09807621]"), "v_rot", ["0.6339746", "3.09807621"], list(vr))
e.claim(e.line("v · v_rot=5.0000"), "v·v_rot", ["5.0000"], [dotp])
e.claim(e.line("|v|=3.1623, |v_rot|=3.1623"), "norms", ["3.1623", "3.1623"], [nv, sp.sqrt((vr.T * vr)[0])])
e.claim(e.line("几何公式计算的点积=|v||v_rot|cosθ=5.0000"), "|v||v_rot|cos60", ["5.0000"], [10 * c60])
e.claim(e.line("实际夹角余弦=0.5000"), "cos of angle", ["0.5000"], [dotp / 10])
e.claim(e.line("cos(60°)=0.5000"), "cos 60°", ["0.5000"], [c60])
e.claim(e.line("夹角=60.00°"), "angle in degrees", ["60.00"], [sp.acos(dotp / 10) * 180 / sp.pi])

# 1.4
a_rot = sp.Matrix([[sp.cos(sp.pi / 6), -sp.sin(sp.pi / 6)], [sp.sin(sp.pi / 6), sp.cos(sp.pi / 6)]]) * sp.Matrix([1, 0])
b_rot = Rm * sp.Matrix([0, 1])
e.claim(e.line("实际点积: -0.500000"), "rotated dot", ["-0.500000"], [(a_rot.T * b_rot)[0]])
e.claim(e.line("理论点积: -0.500000"), "cos(90°+60°-30°)", ["-0.500000"], [sp.cos(sp.pi / 2 + sp.pi / 3 - sp.pi / 6)])

# 2.1 four-dimensional example
L = e.line(r"则 $\cos\theta = 0,\ \sin\theta = 1$")
e.claim(L, "cos/sin 90°", ["0", "1"], [sp.cos(sp.pi / 2), sp.sin(sp.pi / 2)])
R4 = sp.Matrix([[0, -1, 0, 0], [1, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
res = R4 * sp.Matrix([1, 0, 0, 0])
e.claim(e.line(r"\end{bmatrix}=\begin{bmatrix}0 \\ 1 \\ 0 \\ 0\end{bmatrix}"), "R·v", ["0", "1", "0", "0"], list(res))
e.claim(e.line(r"也就是 $(1,0,0,0) \to (0,1,0,0)$"), "R·v restated", ["0", "1", "0", "0"], list(res))

# Demo 1
L = e.line("相对距离Δ\t旋转后点积")
for k, d in enumerate([1, 2, 10, 100, 1000]):
    ln = L + 1 + k
    printed = e.lines[ln - 1].split("\t")[-1]
    e.claim(ln, f"cos({d})", [printed], [sp.cos(d)])

# Demo 2
L = e.line("相对距离Δ\ti=0(theta_base=1.0)点积")
assert e.lines[L - 2] == "head_dim=4"
e.given(L - 1, "head_dim (printed)")
e.claim(L, "theta_base for i=0 and i=1", ["1.0", "0.01"], [R(10000) ** 0, sp.Pow(10000, R(-1, 2))])
for k, d in enumerate([1, 2, 5, 10, 20, 50, 100]):
    ln = L + 1 + k
    cols = [c for c in e.lines[ln - 1].split("\t") if c]
    e.claim(ln, f"cos({d}), cos({d}/100)", cols[1:], [sp.cos(d), sp.cos(R(d, 100))])
e.done()
