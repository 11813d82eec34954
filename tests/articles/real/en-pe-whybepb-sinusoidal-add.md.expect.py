# Expected verdicts for en-pe-whybepb-sinusoidal-add.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: sinusoidal PE with base 10000, positions from 0, d_model = 4 (dims 0/1 use pos, dims 2/3 use pos/100);
# X = [[0.1, -0.2, 0.3, 0.4], [0.0, 0.5, -0.1, 0.2], [0.7, -0.3, 0.2, -0.4]].
# Exact PE values: sin 1..4 = 0.841471, 0.909297, 0.141120, -0.756802; cos 1..4 = 0.540302, -0.416147, -0.989992,
# -0.653644; sin(p/100) = 0.0099998, 0.0199987, 0.0299955, 0.0399893; cos(p/100) = 0.999950, 0.999800, 0.999550,
# 0.999200.  X + PE (4 places) = [[0.1, 0.8, 0.3, 1.4], [0.8415, 1.0403, -0.0900, 1.2000 (1.19995000042)],
# [1.6093, -0.7161, 0.2200, 0.5998]].
# Wrong line: table row "dim 3 cos" prints .99 for positions 1-4, but cos(0.01..0.04) = 0.99995 .. 0.99920 all round
# to 1.00 at two places (the .99 are truncations), a slip.  Everything else agrees.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["pe", "code-block", "text-table"])


def pe(pos, dim):
    f = R(pos, 1) / (sp.Integer(10000) ** R(2 * (dim // 2), 4))
    return sp.sin(f) if dim % 2 == 0 else sp.cos(f)


X = M([["0.1", "-0.2", "0.3", "0.4"], ["0.0", "0.5", "-0.1", "0.2"], ["0.7", "-0.3", "0.2", "-0.4"]])
Y = X + sp.Matrix(3, 4, lambda i, j: pe(i, j))

e.given(e.line("PE(pos, 2i)   = sin("), "PE formula (sin)")
e.given(e.line("PE(pos, 2i+1) = cos("), "PE formula (cos)")
e.given(e.line("Position →  0    1    2    3    4"), "positions 0..4")
rows = {"dim 0 sin │": 0, "dim 1 cos │": 1, "dim 2 sin │": 2, "dim 3 cos │": 3}
for needle, dim in rows.items():
    ln = e.line(needle)
    cells = [c.strip() for c in e.lines[ln - 1].split("│")[1:6]]
    e.claim(ln, f"PE row dim {dim}, positions 0-4", cells, [pe(p, dim) for p in range(5)])
e.claim(e.line("when i=0 the wavelength is 2π"), "wavelength at i=d/2 in units of π (2·10000^1)", ["20000"],
        [2 * sp.Integer(10000) ** 1])
e.claim(e.line("dim 0 (i=0): sin(pos / 10000^0)"), "10000^0 = 1 (dims 0)", ["0", "0"], [0, 0])
e.claim(e.line("dim 2 (i=1): sin(pos / 10000^0.5)"), "10000^0.5 = 100", ["0.5", "100"],
        [R(2, 4), sp.sqrt(10000)])
e.claim(e.line("dim 3 (i=1): cos(pos / 10000^0.5)"), "10000^0.5 = 100", ["0.5", "100"],
        [R(2, 4), sp.sqrt(10000)])
for k, needle in enumerate(["[0.1, -0.2, 0.3, 0.4],", "[0.0, 0.5, -0.1, 0.2],", "[0.7, -0.3, 0.2, -0.4]"]):
    e.given(e.line(needle), f"X row {k + 1}")
L = e.line("0.1000 0.8000 0.3000 1.4000")
e.rows([L, L + 1, L + 2], "X + PE (printed with 4 places)",
       [e.lines[L - 1 + k].split() for k in range(3)], Y)
for dim, val in ((0, "0"), (1, "1"), (2, "0"), (3, "1")):
    ln = e.line(f"PE[0,{dim}] = ")
    e.claim(ln, f"PE[0,{dim}]", [val], [pe(0, dim)])
e.claim(e.line("# Result: PE[0] = [0, 1, 0, 1]"), "PE[0]", ["0", "1", "0", "1"], [pe(0, d) for d in range(4)])
e.given(e.line("# Add to input [0.1, -0.2, 0.3, 0.4]:"), "X row 1")
e.claim(e.line("= [0.1, 0.8, 0.3, 1.4] ✓"), "X[0] + PE[0]", ["0.1", "0.8", "0.3", "1.4"], list(Y.row(0)))
e.done()
