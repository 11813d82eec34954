# Expected verdicts for en-backward-mihirsai-softmax-ce-weight-grad.md, computed with plain SymPy (see oracle.py); not
# symattn's code.
# Inputs: X = [1, 2], W = [[0.2, -0.3, 0.5], [-0.5, 0.7, -0.2]], target [0, 1, 0], learning rate 0.1.
# - Logits X·W = [-0.8, 1.1, 0.1] and the shifted [-1.9, 0, -1.0]: ok.
# - e^-1.9 = 0.149569 -> 0.150; printed 0.149 (truncated) -> wrong (slip); e^-1 = 0.368 ok.  The sum 1.517448 -> 1.517
#   is right, but its line repeats 0.149 (carried).
# - softmax = [0.098566, 0.659002, 0.242435]: the printed 0.098 (0.149/1.517 = 0.0982) should be 0.099 -> wrong wherever
#   it is printed (carried: softmax line, y_pred, grad, W update, table).  0.659 and 0.242 are right.
# - Loss -log(0.659002) = 0.41703 -> 0.417: ok.  grad [0.0986, -0.3410, 0.2424]: -0.341 and 0.242 ok.
# - W update second row 2·grad = [0.197132, -0.681996, 0.484866]: 0.196 is 2 × 0.098 (carried), 0.484 is 2 × 0.242, the
#   doubled rounded value (drift; exactly 0.485); -0.682 ok.
# - ΔW = -0.1 · update: -0.0098566 -> -0.0099 (printed -0.0098, carried), -0.0197132 -> -0.0197 (printed -0.0196,
#   carried), -0.0484866 -> -0.0485 (printed -0.0484, drift); 0.0341, -0.0242, 0.0682 ok.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["backward", "softmax", "cross-entropy", "gradient"])
L = e.line

X = M([["1.0", "2.0"]])
W = M([["0.2", "-0.3", "0.5"], ["-0.5", "0.7", "-0.2"]])
z = X * W
p = softmax_rows(z)
y = M([[0, 1, 0]])
g = p - y
U = X.T * g
dW = -R(1, 10) * U
zs = [z[0, k] - max(z) for k in range(3)]
ex = [sp.exp(v) for v in zs]

e.given(L("`X = [[1.0, 2.0]]`"), "input")
e.given(L("W = \\begin{bmatrix} 0.2 & -0.3 & 0.5"), "weights")
e.given(L("`y_true = [[0, 1, 0]]`"), "target")
e.given(L("\\begin{bmatrix} 1.0 & 2.0 \\end{bmatrix}"), "X")
e.given(L("\\begin{bmatrix} 0.2 & -0.3 & 0.5 \\\\ -0.5 & 0.7 & -0.2 \\end{bmatrix}", 2), "W")
e.given(L("(1*0.2 + 2*(-0.5))"), "products written out")
e.claim(L("= \\begin{bmatrix} 0.2 - 1.0 & -0.3 + 1.4 & 0.5 - 0.4"), "terms and logits",
        ["0.2", "1.0", "0.3", "1.4", "0.5", "0.4", "-0.8", "1.1", "0.1"],
        [W[0, 0], -2 * W[1, 0], -W[0, 1], 2 * W[1, 1], W[0, 2], -2 * W[1, 2], *list(z)])
e.claim(L("The author first shifts the logits `[-0.8, 1.1, 0.1]`"), "logits (restated)", ["-0.8", "1.1", "0.1"], list(z))
e.claim(L("\\text{logits} - \\max = [-0.8, 1.1, 0.1] - 1.1 = [-1.9, 0, -1.0]"), "shifted logits",
        ["1.1", "-1.9", "0", "-1.0"], [max(z), *zs])
e.claim(L("\\exp = [e^{-1.9}, e^0, e^{-1.0}] ≈ [0.149, 1.0, 0.368]"), "exponentials", ["0.149", "1.0", "0.368"], ex)
ln = L("\\text{sum} = 0.149 + 1.0 + 0.368 = 1.517")
e.claim(ln, "e^-1.9 (restated)", "0.149", ex[0], cause="carried")
e.claim(ln, "other terms and the sum", ["0.368", "1.517"], [ex[2], sum(ex)])
ln = L("\\text{softmax} = \\left[ \\frac{0.149}{1.517}")
e.claim(ln, "e^-1.9 (restated)", "0.149", ex[0], cause="carried")
e.claim(ln, "sum and e^-1", ["1.517", "0.368"], [sum(ex), ex[2]])
e.claim(ln, "softmax", ["0.098", "0.659", "0.242"], list(p), cause="carried")
e.claim(L("y_{\\text{pred}} = [0.098, 0.659, 0.242]"), "y_pred", ["0.098", "0.659", "0.242"], list(p), cause="carried")
e.claim(L("= -\\log(0.659) ≈ 0.417"), "loss", ["0.659", "0.417"], [p[1], -sp.log(p[1])])
ln = L("\\text{grad} = y_{\\text{pred}} - y_{\\text{true}}")
e.claim(ln, "y_pred and grad", ["0.098", "0.659", "0.242", "-0.341"], [p[0], p[1], p[2], g[1]], cause="carried")
e.claim(L("\\begin{bmatrix} 1.0 \\\\ 2.0 \\end{bmatrix}"), "X^T", ["1.0", "2.0"], list(X))
e.claim(L("\\begin{bmatrix} 0.098 & -0.341 & 0.242 \\end{bmatrix}"), "grad", ["0.098", "-0.341", "0.242"], list(g),
        cause="carried")
e.claim(L("1.0 * 0.098 & 1.0 * -0.341 & 1.0 * 0.242"), "grad in row 1 of the product", ["0.098", "-0.341", "0.242"],
        list(g), cause="carried")
e.claim(L("2.0 * 0.098 & 2.0 * -0.341 & 2.0 * 0.242"), "grad in row 2 of the product", ["0.098", "-0.341", "0.242"],
        list(g), cause="carried")
e.claim(L("0.098 & -0.341 & 0.242 \\\\"), "W update row 1", ["0.098", "-0.341", "0.242"], list(U.row(0)),
        cause="carried")
ln = L("0.196 & -0.682 & 0.484")
e.claim(ln, "W update [2, 1]", "0.196", U[1, 0], cause="carried")
e.claim(ln, "W update [2, 2]", "-0.682", U[1, 1])
e.claim(ln, "W update [2, 3]", "0.484", U[1, 2], cause="drift")
e.given(L("learning rate 0.1"), "learning rate")
e.given(L("\\Delta W = -0.1 \\cdot"), "step -0.1 × update")
ln = L("-0.0098 & 0.0341 & -0.0242")
e.claim(ln, "ΔW [1, 1]", "-0.0098", dW[0, 0], cause="carried")
e.claim(ln, "ΔW [1, 2..3]", ["0.0341", "-0.0242"], [dW[0, 1], dW[0, 2]])
ln = L("-0.0196 & 0.0682 & -0.0484")
e.claim(ln, "ΔW [2, 1]", "-0.0196", dW[1, 0], cause="carried")
e.claim(ln, "ΔW [2, 2]", "0.0682", dW[1, 1])
e.claim(ln, "ΔW [2, 3]", "-0.0484", dW[1, 2], cause="drift")
e.claim(L("`logits = [-0.8, 1.1, 0.1]`"), "table: logits", ["-0.8", "1.1", "0.1"], list(z))
e.claim(L("`y_pred = [0.098, 0.659, 0.242]`"), "table: y_pred", ["0.098", "0.659", "0.242"], list(p), cause="carried")
e.claim(L("`loss ≈ 0.417`"), "table: loss", "0.417", -sp.log(p[1]))
e.claim(L("`[0.098, -0.341, 0.242]`"), "table: grad", ["0.098", "-0.341", "0.242"], list(g), cause="carried")
e.done()
