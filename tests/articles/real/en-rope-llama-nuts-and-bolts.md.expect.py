# Expected verdicts for en-rope-llama-nuts-and-bolts.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Convention stated by the article: theta = 10000^(-val/dim), dim = 128, val = 0, 2, ..., 126 (radians);
# degrees = radians * 180 / pi.  Angles of the polar table: freqs[t][i] = t * theta_i.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["rope"])


def rad(val):
    return sp.Integer(10000) ** R(-val, 128)


hdr = e.line("| **val** | rad")
for r in range(16):
    L = hdr + 2 + r
    cells = [c.strip() for c in e.lines[L - 1].split("|")]
    nums = [c for c in cells if c and c != ""]
    # groups: **val**, rad, deg
    printed, exact = [], []
    for g in range(4):
        val = 2 * r + 32 * g
        rd, dg = nums[3 * g + 1], nums[3 * g + 2]
        printed += [rd, dg]
        exact += [rad(val), rad(val) * 180 / sp.pi]
    e.claim(L, f"table row {r + 1}: rad and deg for val {2 * r}, {2 * r + 32}, {2 * r + 64}, {2 * r + 96}", printed, exact)

L = e.line("| ```freqs[0][0] = 0```")
e.claim(L, "angle 0·theta_0 and its cos/sin", ["0", "1", "0"], [0, sp.cos(0), sp.sin(0)])
L = e.line("| ```freqs[0][1] = 0```")
e.claim(L, "angle 0·theta_1 and its cos/sin", ["0", "1", "0"], [0, sp.cos(0), sp.sin(0)])
L = e.line("| ```freqs[1][0] = 1```")
e.claim(L, "angle 1·theta_0, cos 1, sin 1 (both columns)", ["1", "0.5403023", "0.84147096", "0.5403023", "0.84147096"],
        [1 * rad(0), sp.cos(1), sp.sin(1), sp.cos(1), sp.sin(1)])
L = e.line("| ```freqs[8191][63] = 0.94140625```")
e.ambiguous(L, "0.94140625 is the bfloat16 result of 8191·theta_63 in the Go port (exactly 0.945876); "
               "the cos/sin are of that bf16 angle, so which value is meant cannot be settled exactly")
e.done()
