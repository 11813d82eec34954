# Expected verdicts for pt-rope-diegomrodrigues-exemplo-numerico.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: d = 4, positions m = 2, n = 3, x_2 = [1, 2, 3, 4], x_3 = [1.5, 2.5, 3.5, 4.5], W_q = W_k = identity,
# θ_i = 10000^{-2(i-1)/4}: θ_1 = 1, θ_2 = 0.01; pair (x_0, x_1) turns by m·θ_1, pair (x_2, x_3) by m·θ_2,
# R(θ) = [[cos, -sin], [sin, cos]].
# - θ_1 = 1, θ_2 = 0.01, the angles 2, 3, 0.03, 4, 0.04 and every printed 4-place entry of R(2), R(0.02), R(3), R(0.03)
#   agree (cos 0.03 = 0.999550003 rounds to 0.9996).
# - Rotated vectors: x_2' = [-2.23474, 0.07700, 2.91941, 4.05920], x_3' = [-1.83779, -2.26330, 3.36345, 4.60296]: every
#   printed entry agrees.
# - Component products (exact from the inputs): 4.10698, -0.174283, 9.81926, 18.6843.
#   "4.1069": 4.10698 rounds to 4.1070; the author's rounded operands give 2.2347 · 1.8378 = 4.10693 -> wrong (drift).
#   "-0.1742": -0.174283 is -0.1743 (and -0.174274 from the printed operands) -> wrong (slip, cut).
#   "9.8252": 2.9194 · 3.3634 = 9.8191 (exact 9.81926) -> wrong (slip).
#   "18.7025": 4.0592 · 4.6030 = 18.6845 (exact 18.6843) -> wrong (slip).
#   score = 32.436275 exactly; printed 32.4604 = the sum of the four printed products -> wrong (carried).
# - Score without rotation: 1.5, 5.0, 10.5, 18.0, 35.0 -> ok.
# - The m = 2, n = 4 case gives no vector for position 4: "the score falls further" cannot be decided -> ambiguous.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="pt", topics=["rope", "dot-product", "latex-pmatrix"])
c, s = sp.cos, sp.sin
x2 = [R(1), R(2), R(3), R(4)]
x3 = [R(3, 2), R(5, 2), R(7, 2), R(9, 2)]
th1, th2 = sp.Integer(10000) ** 0, sp.Integer(10000) ** R(-1, 2)


def rot(v, a, b):
    return [v[0] * c(a) - v[1] * s(a), v[0] * s(a) + v[1] * c(a),
            v[2] * c(b) - v[3] * s(b), v[2] * s(b) + v[3] * c(b)]


a = rot(x2, 2 * th1, 2 * th2)
b = rot(x3, 3 * th1, 3 * th2)

e.given(e.line("- **Dimensão ($d$)**: 4"), "d = 4")
e.given(e.line("- **Posições**: $m = 2$, $n = 3$"), "positions")
e.given(e.line("  - $x_2 = [1.0, 2.0, 3.0, 4.0]^T$"), "x_2")
e.given(e.line("  - $x_3 = [1.5, 2.5, 3.5, 4.5]^T$"), "x_3")
e.given(e.line("- **$W_q$ e $W_k$**"), "identity projections")
e.given(e.line("temos $i = 1, 2$"), "pair indices")
e.claim(e.line("  - $\\theta_1 = 1$"), "θ_1", "1", th1)
e.claim(e.line("  - $\\theta_2 = 0.01$"), "θ_2", "0.01", th2)
e.given(e.line("\\theta_i = 10000^{-2(i-1)/d}"), "frequency formula")
e.claim(e.line("\\theta_1 = 10000^{-2(1-1)/4}"), "θ_1 = 10000^0", ["0", "1"], [0, th1])
e.claim(e.line("\\theta_2 = 10000^{-2(2-1)/4}"), "θ_2 = 10000^{-0.5}", ["-0.5", "0.01"], [R(-1, 2), th2])
e.given(e.line("\\theta_{i,m} = m \\times \\theta_i"), "angle formula")
e.claim(e.line("$\\theta_{1,2} = 2 \\times 1 = 2$"), "angle pair 1, m = 2", "2", 2 * th1)
e.claim(e.line("$\\theta_{1,3} = 3 \\times 1 = 3$"), "angle pair 1, n = 3", "3", 3 * th1)
e.claim(e.line("$\\theta_{2,3} = 3 \\times 0.01 = 0.03$"), "angle pair 2, n = 3", "0.03", 3 * th2)

L = e.line("R(2) = \\begin{pmatrix}")
e.claim(L + 4, "R(2) row 1", ["-0.4161", "-0.9093"], [c(2), -s(2)])
e.claim(L + 5, "R(2) row 2", ["0.9093", "-0.4161"], [s(2), c(2)])
for ang, label in ((R(2, 100), "R(0.02) = \\begin{pmatrix}"), (3, "R(3) = \\begin{pmatrix}"),
                   (R(3, 100), "R(0.03) = \\begin{pmatrix}")):
    L = e.line(label)
    r1 = e.lines[L].strip().rstrip("\\").replace("&", " ").split()
    r2 = e.lines[L + 1].strip().rstrip("\\").replace("&", " ").split()
    e.claim(L + 1, f"{label[:7]} row 1", r1, [c(ang), -s(ang)])
    e.claim(L + 2, f"{label[:7]} row 2", r2, [s(ang), c(ang)])

e.given(e.line("- **Embedding Original**: $x_2"), "x_2 restated")
L = e.line("  -0.4161 \\times 1.0 + (-0.9093) \\times 2.0 \\\\")
e.given(L, "expansion of R(2) · [1, 2], row 1")
e.given(L + 1, "expansion of R(2) · [1, 2], row 2")
L = e.line("  -2.2347 \\\\")
e.claim(L, "x_0' at m = 2", "-2.2347", a[0])
e.claim(L + 1, "x_1' at m = 2", "0.0770", a[1])
L = e.line("  2.9194 \\\\")
e.claim(L, "x_2' at m = 2", "2.9194", a[2])
e.claim(L + 1, "x_3' at m = 2", "4.0592", a[3])
e.claim(e.line("x_2' = [-2.2347, 0.0770, 2.9194, 4.0592]^T"), "rotated x_2",
        ["-2.2347", "0.0770", "2.9194", "4.0592"], a)
e.given(e.line("- **Embedding Original**: $x_3"), "x_3 restated")
L = e.line("  -1.8378 \\\\")
e.claim(L, "x_0' at n = 3", "-1.8378", b[0])
e.claim(L + 1, "x_1' at n = 3", "-2.2633", b[1])
L = e.line("  3.3634 \\\\")
e.claim(L, "x_2' at n = 3", "3.3634", b[2])
e.claim(L + 1, "x_3' at n = 3", "4.6030", b[3])
e.claim(e.line("x_3' = [-1.8378, -2.2633, 3.3634, 4.6030]^T"), "rotated x_3",
        ["-1.8378", "-2.2633", "3.3634", "4.6030"], b)

e.given(e.line("\\text{score}_{mn} = (x_m')^T x_n'"), "score definition")
prods = [a[i] * b[i] for i in range(4)]
e.claim(e.line("\\(-2.2347 \\times -1.8378 = 4.1069\\)"), "product 1 (4.10698; 4.10693 from the prints)",
        ["4.1069"], [prods[0]], cause="drift")
e.claim(e.line("\\(0.0770 \\times -2.2633 = -0.1742\\)"), "product 2", ["-0.1742"], [prods[1]])
e.claim(e.line("\\(2.9194 \\times 3.3634 = 9.8252\\)"), "product 3", ["9.8252"], [prods[2]])
e.claim(e.line("\\(4.0592 \\times 4.6030 = 18.7025\\)"), "product 4", ["18.7025"], [prods[3]])
L = e.line("\\text{score}_{mn} = 4.1069 - 0.1742")
e.claim(L, "score with RoPE (the sum of the printed products)", ["32.4604"], [sum(prods)], cause="carried")

e.given(e.line("\\text{score}_{mn}^{\\text{orig}} = x_m^T x_n"), "plain score definition")
for k, (p, v) in enumerate((("1.5", x2[0] * x3[0]), ("5.0", x2[1] * x3[1]), ("10.5", x2[2] * x3[2]),
                             ("18.0", x2[3] * x3[3]))):
    e.claim(e.line(f"\\times {['1.5', '2.5', '3.5', '4.5'][k]} = {p}\\)"), f"plain product {k + 1}", p, v)
e.claim(e.line("= 1.5 + 5.0 + 10.5 + 18.0 = 35.0"), "plain score", ["35.0"], [sum(x2[i] * x3[i] for i in range(4))])

e.ambiguous(e.line("O autor esboça ainda o caso $m = 2$, $n = 4$"), "no input vector is given for position 4")
e.claim(e.line("$\\theta_{1,4} = 4 \\times 1 = 4$"), "angle pair 1, n = 4", "4", 4 * th1)
e.claim(e.line("$\\theta_{2,4} = 4 \\times 0.01 = 0.04$"), "angle pair 2, n = 4", "0.04", 4 * th2)
e.ambiguous(e.line("- O score cairia ainda mais"), "score(2, 4) needs x_4, which the article does not give")
e.done()
