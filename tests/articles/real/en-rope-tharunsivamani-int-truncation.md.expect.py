# Expected verdicts for en-rope-tharunsivamani-int-truncation.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A toy RoPE helper: x = [1, 2, 4, 1] as pairs (1, 2), (4, 1), theta = 0.1 * position, each pair rotated by theta,
# results stored into an integer buffer (np.zeros_like of an int list), i.e. truncated toward zero -- the README says so
# explicitly, so the truncated integers are judged as truncations (exact integer claims), not as rounding slips.
# Exact: cos 0.1 = 0.995004, sin 0.1 = 0.0998334, cos 0.2 = 0.980067, sin 0.2 = 0.198669;
# position 1: pair 1 -> (0.795338, 2.089842), pair 2 -> (3.880184, 1.394338) -> ints [0, 2, 3, 1];
# position 2: (0.582728, 2.158802), (3.721597, 1.774744) -> ints [0, 2, 3, 1].
# The hand lines "1*0.995 - 2*0.0998 = 0.795" etc. use rounded cos/sin, but each result is also right end to end at its
# printed places, so every line is ok. No wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["rope", "rotation", "truncation", "code-comments"])


def rot(x, y, t):
    return x * sp.cos(t) - y * sp.sin(t), x * sp.sin(t) + y * sp.cos(t)


def trunc(v):
    return sp.Integer(int(sp.floor(v))) if v >= 0 else -sp.Integer(int(sp.floor(-v)))


e.given(e.line("x = [1, 2, 4, 1]"), "input vector")
e.given(e.line("position = 0, 1, or 2"), "positions")
e.given(e.line("- Pair 1: `(1, 2)`"), "pair 1")
e.given(e.line("- Pair 2: `(4, 1)`"), "pair 2")
e.given(e.line("theta = 0.1 * position"), "angle rule")
for lab, nth in (("Pair 1: (1, 2)", 1), ("Pair 2: (4, 1)", 1), ("Pair 1: (1, 2), in floating point", 1),
                 ("Pair 2: (4, 1), in floating point", 1)):
    e.given(e.line(lab, nth=nth), "pair restated")
for pos, txt in ((0, "0.0"), (1, "0.1"), (2, "0.2")):
    L = e.line(f"| {pos}        | {txt}")
    e.claim(L, f"theta at position {pos}", [txt], [R(pos, 10)])
e.claim(e.line("- `i = 0` → coordinates `(0, 1)`"), "first pair indices", ["0", "1"], [0, 1])
e.claim(e.line("- `i = 2` → coordinates `(2, 3)`"), "second pair indices", ["2", "3"], [2, 3])

# position 0
e.claim(e.line("## 7. Position 0 (θ = 0)"), "theta at position 0", ["0"], [0])
e.claim(e.line("- cos(0) = 1"), "cos 0", ["1"], [1])
e.claim(e.line("- sin(0) = 0"), "sin 0", ["0"], [0])
p1, p2 = rot(1, 2, 0), rot(4, 1, 0)
e.claim(e.line("x' = 1*1 - 2*0 = 1"), "pair 1 x'", ["1"], [p1[0]])
e.claim(e.line("y' = 1*0 + 2*1 = 2"), "pair 1 y'", ["2"], [p1[1]])
e.claim(e.line("x' = 4*1 - 1*0 = 4"), "pair 2 x'", ["4"], [p2[0]])
e.claim(e.line("y' = 4*0 + 1*1 = 1"), "pair 2 y'", ["1"], [p2[1]])
e.claim(e.line("[1, 2, 4, 1]", nth=2), "result at position 0", ["1", "2", "4", "1"], [*p1, *p2])

# position 1
t = R(1, 10)
e.claim(e.line("## 8. Position 1 (θ = 0.1)"), "theta at position 1", ["0.1"], [t])
e.claim(e.line("- cos(0.1) ≈ 0.995"), "cos 0.1", ["0.995"], [sp.cos(t)])
e.claim(e.line("- sin(0.1) ≈ 0.0998"), "sin 0.1", ["0.0998"], [sp.sin(t)])
p1, p2 = rot(1, 2, t), rot(4, 1, t)
L = e.line("x' ≈ 1*0.995 - 2*0.0998 = 0.795")
e.claim(L, "rounded cos, sin restated", ["0.995", "0.0998"], [sp.cos(t), sp.sin(t)])
e.claim(L, "pair 1 x' (float)", ["0.795"], [p1[0]])
L = e.line("y' ≈ 1*0.0998 + 2*0.995 = 2.0898")
e.claim(L, "pair 1 y' (float)", ["2.0898"], [p1[1]])
e.claim(e.line("x' → 0"), "pair 1 x' stored as int (truncated)", ["0"], [trunc(p1[0])])
e.claim(e.line("y' → 2"), "pair 1 y' stored as int (truncated)", ["2"], [trunc(p1[1])])
L = e.line("x' ≈ 4*0.995 - 1*0.0998 = 3.88")
e.claim(L, "pair 2 x' (float)", ["3.88"], [p2[0]])
L = e.line("y' ≈ 4*0.0998 + 1*0.995 = 1.39")
e.claim(L, "pair 2 y' (float)", ["1.39"], [p2[1]])
e.claim(e.line("x' → 3"), "pair 2 x' stored as int (truncated)", ["3"], [trunc(p2[0])])
e.claim(e.line("y' → 1"), "pair 2 y' stored as int (truncated)", ["1"], [trunc(p2[1])])
e.claim(e.line("[0, 2, 3, 1]", nth=1), "result at position 1", ["0", "2", "3", "1"],
        [trunc(p1[0]), trunc(p1[1]), trunc(p2[0]), trunc(p2[1])])

# position 2
t = R(2, 10)
e.claim(e.line("## 9. Position 2 (θ = 0.2)"), "theta at position 2", ["0.2"], [t])
e.claim(e.line("- cos(0.2) ≈ 0.980"), "cos 0.2", ["0.980"], [sp.cos(t)])
e.claim(e.line("- sin(0.2) ≈ 0.199"), "sin 0.2", ["0.199"], [sp.sin(t)])
p1, p2 = rot(1, 2, t), rot(4, 1, t)
e.claim(e.line("[0, 2, 3, 1]", nth=2), "result at position 2", ["0", "2", "3", "1"],
        [trunc(p1[0]), trunc(p1[1]), trunc(p2[0]), trunc(p2[1])])
e.done()
