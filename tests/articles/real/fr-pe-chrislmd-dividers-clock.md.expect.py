# Expected verdicts for fr-pe-chrislmd-dividers-clock.md, computed with plain SymPy (see oracle.py); not symattn's code.
# d_model = 8: exponent 2i/8 = 0, 0.25, 0.5, 0.75 and divisor 10000^(2i/8) = 1, 10, 100, 1000 exactly.
# Dimension 0 at positions 0..3 is sin(pos) = 0, 0.841, 0.909, 0.141; dimension 6 is sin(pos/1000) = 0, 0.0009999998,
# 0.0019999987, 0.0029999955 (0.001, 0.002, 0.003 at 3 places).  Circle points (sin p, cos p) for p = 0, 1, 2:
# (0, 1), (0.84, 0.54), (0.91, -0.42).  Every printed number is right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="fr", topics=["pe", "sinusoidal"])
e.given(e.line("Dans tout l'exemple, `d_model = 8`."), "d_model")
h = e.line("| Dimension | i | Exposant")
for i in range(4):
    L = h + 2 + i
    cells = [c.strip() for c in e.lines[L - 1].strip("|").split("|")]
    e.claim(L, f"exponent and divisor for i = {i}", [cells[2], cells[3]],
            [R(2 * i, 8), sp.Integer(10000) ** R(2 * i, 8)])
e.claim(e.line("- Dimension 0 : les valeurs"), "sin(pos), pos = 0..3", ["0", "0.84", "0.91", "0.14"],
        [sp.sin(p) for p in range(4)])
e.claim(e.line("- Dimension 6 : les valeurs"), "sin(pos/1000), pos = 0..3", ["0", "0.001", "0.002", "0.003"],
        [sp.sin(R(p, 1000)) for p in range(4)])
e.claim(e.line("Position 0 : (sin(0), cos(0)) = (0, 1)"), "(sin 0, cos 0)", ["0", "1"], [sp.sin(0), sp.cos(0)])
e.claim(e.line("Position 1 : (sin(1), cos(1)) = (0.84, 0.54)"), "(sin 1, cos 1)", ["0.84", "0.54"], [sp.sin(1), sp.cos(1)])
e.claim(e.line("Position 2 : (sin(2), cos(2)) = (0.91, -0.42)"), "(sin 2, cos 2)", ["0.91", "-0.42"], [sp.sin(2), sp.cos(2)])
h = e.line("| Dimensions | Diviseur | Analogie |")
for i in range(4):
    L = h + 2 + i
    cells = [c.strip() for c in e.lines[L - 1].strip("|").split("|")]
    e.claim(L, f"divisor for pair {i}", cells[1], sp.Integer(10000) ** R(2 * i, 8))
e.done()
