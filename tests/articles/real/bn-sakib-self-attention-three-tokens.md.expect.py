# Expected verdicts for bn-sakib-self-attention-three-tokens.md, computed with plain SymPy (see oracle.py); not symattn's code.
# X = [[1,0],[0,1],[1,1]], W_Q = W_K = W_V = I, d_k = 2.  Exact weights: rows [0.40111, 0.19778, 0.40111],
# [0.19778, 0.40111, 0.40111], [0.24826, 0.24826, 0.50349]; outputs z1 = [0.80222, 0.59889], z2 = [0.59889, 0.80222],
# z3 = [0.75174, 0.75174].  Every intermediate agrees at 3 places (e^{1.414} ~ 4.113 is e^{sqrt2} = 4.11325, right from
# the exact input, although e^{1.414} itself is 4.11245).  z3 = 0.248 + 0.503 = 0.751 is right as written from the rounded
# weights but the exact value is 0.75174 -> 0.752: the two explicit sums are ambiguous (arithmetic on rounded operands),
# the final z3 is wrong (drift).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="bn", topics=["basic", "softmax", "scaling", "output"])
X = M([[1, 0], [0, 1], [1, 1]])
S = X * X.T
Ss = S / sp.sqrt(2)
A = softmax_rows(Ss)
Z = A * X
a, b = sp.exp(1 / sp.sqrt(2)), sp.exp(sp.sqrt(2))


def exact_line(text, nth=1):
    """The nth line that is exactly ``text`` (display-math headers such as "S =")."""
    hits = [i + 1 for i, t in enumerate(e.lines) if t.strip() == text]
    return hits[nth - 1]


for k, lab in enumerate(("- $x_1 = [1,\\;0]$", "- $x_2 = [0,\\;1]$", "- $x_3 = [1,\\;1]$")):
    e.given(e.line(lab), f"x_{k + 1}")
L = exact_line("X =")
for k in range(3):
    e.given(L + 2 + k, f"X row {k + 1}")
e.given(e.line("W_Q = W_K = W_V = I \\Rightarrow"), "W = I")
L = e.line("এখানে $d_k = 2$")
e.given(L, "d_k = 2")
e.claim(L, "sqrt(2)", "1.414", sp.sqrt(2))
L = exact_line("Q = K = V =")
for k in range(3):
    e.claim(L + 2 + k, f"Q = K = V = X row {k + 1}", [c.strip() for c in e.lines[L + 1 + k].replace("\\\\", "").split("&")], list(X.row(k)))
for i in range(3):
    L = e.line(f"- $x_{i + 1}\\cdot x_1")
    e.claim(L, f"x_{i + 1} . x_j", [f"= {S[i, j]}" .split()[1] for j in range(3)], list(S.row(i)))
L = exact_line("S =")
for k in range(3):
    e.claim(L + 2 + k, f"S row {k + 1}", [c.strip() for c in e.lines[L + 1 + k].replace("\\\\", "").split("&")], list(S.row(k)))
L = e.line("\\frac{1}{1.414} = 0.707")
e.claim(L, "1/sqrt2 and 2/sqrt2", ["0.707", "1.414"], [1 / sp.sqrt(2), 2 / sp.sqrt(2)])
L = exact_line("S' =")
for k in range(3):
    e.claim(L + 2 + k, f"S' row {k + 1}", [c.strip() for c in e.lines[L + 1 + k].replace("\\\\", "").split("&")], list(Ss.row(k)))

# row 1
e.claim(e.line("### Row 1:"), "S' row 1 restated", ["0.707", "0", "0.707"], list(Ss.row(0)))
e.claim(e.line("- $e^{0.707}\\approx 2.028$"), "e^{1/sqrt2}", "2.028", a)
e.given(e.line("- $e^{0}=1$"), "e^0 = 1")
e.claim(e.line("Sum $=2.028+1+2.028=5.056$"), "row 1 denominator", "5.056", 2 * a + 1)
L = e.line("- $2.028/5.056=0.401$")
e.claim(L, "w11", "0.401", A[0, 0])
e.claim(L + 1, "w12", "0.198", A[0, 1])
e.claim(L + 2, "w13", "0.401", A[0, 2])
e.claim(e.line("✅ Row1 ="), "A row 1", ["0.401", "0.198", "0.401"], list(A.row(0)))
e.claim(e.line("### Row 2:"), "S' row 2 restated", ["0", "0.707", "0.707"], list(Ss.row(1)))
e.claim(e.line("✅ Row2 ="), "A row 2", ["0.198", "0.401", "0.401"], list(A.row(1)))
# row 3
e.claim(e.line("### Row 3:"), "S' row 3 restated", ["0.707", "0.707", "1.414"], list(Ss.row(2)))
e.claim(e.line("- $e^{0.707}\\approx 2.028$", 2), "e^{1/sqrt2}", "2.028", a)
e.claim(e.line("- $e^{1.414}\\approx 4.113$"), "e^{sqrt2}", "4.113", b)
e.claim(e.line("Sum $=2.028+2.028+4.113=8.169$"), "row 3 denominator", "8.169", 2 * a + b)
L = e.line("- $2.028/8.169=0.248$")
e.claim(L, "w31", "0.248", A[2, 0])
e.claim(L + 1, "w32", "0.248", A[2, 1])
e.claim(L + 2, "w33", "0.503", A[2, 2])
e.claim(e.line("✅ Row3 ="), "A row 3", ["0.248", "0.248", "0.503"], list(A.row(2)))
L = exact_line("A =")
for k in range(3):
    e.claim(L + 2 + k, f"A row {k + 1}", [c.strip() for c in e.lines[L + 1 + k].replace("\\\\", "").split("&")], list(A.row(k)))
L = exact_line("V =")
for k in range(3):
    e.claim(L + 2 + k, f"V = X row {k + 1}", [c.strip() for c in e.lines[L + 1 + k].replace("\\\\", "").split("&")], list(X.row(k)))

# outputs
e.claim(e.line("### Token 1:"), "weights of z1", ["0.401", "0.198", "0.401"], list(A.row(0)))
e.claim(e.line("প্রথম dimension: $0.401"), "z1[0]", "0.802", Z[0, 0])
e.claim(e.line("দ্বিতীয় dimension: $0.401"), "z1[1]", "0.599", Z[0, 1])
e.claim(e.line("✅ $z_1 \\approx"), "z1", ["0.802", "0.599"], list(Z.row(0)))
e.claim(e.line("### Token 2:"), "weights of z2", ["0.198", "0.401", "0.401"], list(A.row(1)))
e.claim(e.line("✅ $z_2 \\approx"), "z2", ["0.599", "0.802"], list(Z.row(1)))
e.claim(e.line("### Token 3:"), "weights of z3", ["0.248", "0.248", "0.503"], list(A.row(2)))
for lab in ("প্রথম dimension: $0.248 + 0 + 0.503 = 0.751$", "দ্বিতীয় dimension: $0 + 0.248 + 0.503 = 0.751$"):
    e.ambiguous(e.line(lab), "0.248 + 0.503 = 0.751 is right as written from the rounded weights; "
                             f"the exact sum is {sp.N(Z[2, 0], 6)} (0.752 at 3 places)")
e.claim(e.line("✅ $z_3 \\approx"), "z3 (from the rounded weights 0.248 + 0.503)", ["0.751", "0.751"], list(Z.row(2)),
        cause="drift")
e.done()
