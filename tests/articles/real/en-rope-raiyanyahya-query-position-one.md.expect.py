# Expected verdicts for en-rope-raiyanyahya-query-position-one.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: d_model = 4, base 10000, freq_i = 1/10000^(2i/4) -> 1 and 1/100; position p = 1; q_1 = [0.8, 0.3, -0.5, 0.2];
# rotation of each pair (x, y) -> (x cos - y sin, x sin + y cos).
# Exact: cos 1 = 0.540302, sin 1 = 0.841471, cos 0.01 = 0.999950, sin 0.01 = 0.0099998;
# q_1' = [0.8 cos1 - 0.3 sin1, 0.8 sin1 + 0.3 cos1, -0.5 cos.01 - 0.2 sin.01, -0.5 sin.01 + 0.2 cos.01]
#      = [0.179800, 0.835268, -0.501975, 0.194990] -> [0.180, 0.835, -0.502, 0.195].
# Wrong lines:
# - dim0': sin(1.0) printed 0.842 (exact 0.841471 -> 0.841), slip; 0.3*0.842 = 0.253 (exact 0.252441 -> 0.252) and
#   0.432 - 0.253 = 0.179 (exact 0.179800 -> 0.180) follow from it (carried).  Recorded as one wrong line.
# - dim1': 0.8*0.842 = 0.674 (exact 0.673177 -> 0.673) and 0.674 + 0.162 = 0.836 (exact 0.835268 -> 0.835), carried.
# - "After RoPE: q₁' = [0.179, 0.836, ...]": first two entries carried.
# - Code comment "i=30: 1 / 10000^(60/64) ≈ 0.0001": 10000^(-60/64) = 10^(-3.75) = 0.000178 -> 0.0002 at the printed
#   four places, slip.
# Everything else (frequencies, 57.3°, 0.57°, pair-1 rotation, position-3 angles and differences) agrees.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["rope", "code-block", "degrees"])
f0, f1 = sp.Integer(1), R(1, 100)
q = M([["0.8", "0.3", "-0.5", "0.2"]])
c1, s1 = sp.cos(1), sp.sin(1)
c2, s2 = sp.cos(f1), sp.sin(f1)
out = [q[0] * c1 - q[1] * s1, q[0] * s1 + q[1] * c1, q[2] * c2 - q[3] * s2, q[2] * s2 + q[3] * c2]
deg = lambda r: 180 * r / sp.pi

e.given(e.line("θ(p, i) = p / (10000^(2i/d_model))"), "RoPE angle formula")
e.claim(e.line("Pair 0 (dims 0,1): freq = 1 / 10000^(0/4)"), "pair-0 frequency", ["1", "1.000"], [1, f0])
e.claim(e.line("Pair 1 (dims 2,3): freq = 1 / 10000^(2/4)"), "pair-1 frequency", ["0.5", "100", "0.010"],
        [R(2, 4), sp.sqrt(10000), f1])
e.claim(e.line("Pair 0 angle: θ₀ = p * freq₀"), "pair-0 angle", ["1.000", "1.000", "57.3"], [f0, f0, deg(f0)])
e.claim(e.line("Pair 1 angle: θ₁ = p * freq₁"), "pair-1 angle", ["0.010", "0.010", "0.57"], [f1, f1, deg(f1)])
e.given(e.line("Before RoPE: q₁ = [0.8, 0.3, -0.5, 0.2]"), "q_1")
e.claim(e.line("Rotate pair 0 (dims 0,1) by 57.3°:"), "pair-0 angle in degrees", ["57.3"], [deg(f0)])
ln = e.line("  dim0' = 0.8*cos(1.0)")
e.claim(ln, "cos 1 and 0.8 cos 1", ["0.540", "0.432"], [c1, q[0] * c1])
e.claim(ln, "sin 1", ["0.842"], [s1])
e.claim(ln, "0.3 sin 1 and dim0'", ["0.253", "0.179"], [q[1] * s1, out[0]], cause="carried")
ln = e.line("  dim1' = 0.8*sin(1.0)")
e.claim(ln, "cos 1 and 0.3 cos 1", ["0.540", "0.162"], [c1, q[1] * c1])
e.claim(ln, "sin 1 restated, 0.8 sin 1 and dim1'", ["0.842", "0.674", "0.836"], [s1, q[0] * s1, out[1]], cause="carried")
e.claim(e.line("Rotate pair 1 (dims 2,3) by 0.57°:"), "pair-1 angle in degrees", ["0.57"], [deg(f1)])
e.claim(e.line("  dim2' = -0.5*cos(0.01)"), "dim2' and its terms", ["1.000", "0.010", "-0.500", "0.002", "-0.502"],
        [c2, s2, q[2] * c2, q[3] * s2, out[2]])
e.claim(e.line("  dim3' = -0.5*sin(0.01)"), "dim3' and its terms", ["0.010", "1.000", "-0.005", "0.200", "0.195"],
        [s2, c2, q[2] * s2, q[3] * c2, out[3]])
ln = e.line("After RoPE: q₁' = [")
e.claim(ln, "q_1' first two (from sin 1 = 0.842)", ["0.179", "0.836"], out[:2], cause="carried")
e.claim(ln, "q_1' last two", ["-0.502", "0.195"], out[2:])
e.claim(e.line("Position 1: θ₀ = 1.0 rad,  θ₁ = 0.01 rad"), "position-1 angles", ["1.0", "0.01"], [f0, f1])
e.claim(e.line("Position 3: θ₀ = 3.0 rad,  θ₁ = 0.03 rad"), "position-3 angles", ["3.0", "0.03"], [3 * f0, 3 * f1])
e.claim(e.line("  Δθ₀ = 3.0 - 1.0 = 2.0 rad"), "angle difference pair 0", ["2.0"], [2 * f0])
e.claim(e.line("  Δθ₁ = 0.03 - 0.01 = 0.02 rad"), "angle difference pair 1", ["0.02"], [2 * f1])
e.claim(e.line("This difference depends ONLY on (3-1)=2"), "3 - 1", ["2"], [2])
e.claim(e.line("#      i=0:  1 / 10000^(0/64)"), "first inverse frequency", ["1.0"], [1])
e.claim(e.line("#      i=30: 1 / 10000^(60/64)"), "inverse frequency for dims 60/61 of 64", ["0.0001"],
        [sp.Integer(10000) ** R(-60, 64)])
e.done()
