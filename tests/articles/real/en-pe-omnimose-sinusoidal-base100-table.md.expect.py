# Expected verdicts for en-pe-omnimose-sinusoidal-base100-table.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An English study notebook that prints a sinusoidal positional-encoding table with base 100 (not 10000).
# Inputs: context_len = 8, d_model = 32, base = 100; angle(pos, i) = pos / 100^(2*(i//2)/32); even i -> sin, odd -> cos.
# The table is printed by torch (float32, 5 significant digits, e-notation, 5 values a line, 7 lines a row).
# Exact values from the stated inputs (base 100): row pos uses angles pos * 100^(-k/16), k = i//2, e.g. pos = 1:
#   [sin 1, cos 1, sin 0.749894, cos 0.749894, sin 0.562341, ...] = [0.841471, 0.540302, 0.681561, 0.731761, 0.533168, ...].
# The printed table does not follow base = 100: every entry matches base 10000 instead (checked with numpy, 256 of
#   256 entries, float32), e.g. printed 5.3317e-01 = sin(10000^(-1/16)) = sin 0.562341 where base 100 gives 0.681561.
#   The code cell states base = 100 and 10000 appears nowhere, so the output is stale: every line of rows pos = 1..7
#   is wrong (cause slip: each line is its own print, not arithmetic on an earlier printed value).  Only the
#   base-independent entries (row pos = 0, and columns 0-1: sin pos, cos pos) are right; the lines of row 0 agree.
# math.sin(pi/2) with pi typed to 21 digits prints 1.0 (right).
# Double-checked with numpy: base 100 disagrees on every entry with k >= 1 and pos >= 1; base 10000 reproduces all.
# Verdict (set when the batch was indexed, by the verdict policy's item 8, "an input that contradicts a stated
#   matrix is unverifiable"): the stated base and the printed table contradict each other, and the table is exactly
#   the base-10000 one, so the 49 lines that differ under base 100 are ambiguous, not wrong; lines right under both
#   bases stay claims (right).
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
import numpy as np
from oracle import Expect, M, R, sp, agrees

e = Expect(__file__, language="en", topics=["pe"])
NUM = re.compile(r"-?\d+\.\d+e[+-]\d+")
TIE = "float32 machine print: the exact value {x} sits on a rounding boundary at the printed digits and the float32 value prints as shown"

e.given(e.line("uses a base of 100 instead of"), "base and table size restated in prose")
e.given(e.line("base = 100"), "base 100")
e.given(e.line("context_len = 8"), "positions")
e.given(e.line("d_model = 32"), "dimension")
e.given(e.line("pi = 3.14159265358979323846"), "pi typed in")
e.claim(e.line("1.0", after=e.line("math.sin(pi/2)")), "sin(pi/2)", ["1.0"], [1])

vals, f32, other = [], [], []
for pos in range(8):
    for i in range(32):
        k = i // 2
        th = sp.Integer(pos) / sp.Integer(100) ** R(2 * k, 32)
        v = sp.sin(th) if i % 2 == 0 else sp.cos(th)
        vals.append(v)
        f32.append(np.float32(float(sp.N(v, 30))))
        th4 = sp.Integer(pos) / sp.Integer(10000) ** R(2 * k, 32)
        other.append(sp.sin(th4) if i % 2 == 0 else sp.cos(th4))
STALE = ("the printed table is the base-10000 one while the code states base = 100: an input that contradicts "
         "the printed table (verdict policy 8); under base 100 this line differs")

start = e.line("tensor([[ 0.0000e+00,  1.0000e+00")
idx = 0
ln = start
while idx < len(vals):
    toks = NUM.findall(e.lines[ln - 1])
    if toks:
        ex, fv = vals[idx:idx + len(toks)], f32[idx:idx + len(toks)]
        bad = [(t, x, y) for t, x, y in zip(toks, ex, fv) if not agrees(t, x)]
        pos, i0 = divmod(idx, 32)
        what = f"PE row pos={pos}, dims {i0}-{i0 + len(toks) - 1}"
        if bad and all(agrees(t, sp.Float(float(y), 30)) for t, x, y in bad):
            e.ambiguous(ln, TIE.format(x=", ".join(str(sp.N(x, 12)) for _, x, _ in bad)))
        elif bad and all(agrees(t, x) or agrees(t, sp.Float(float(np.float32(float(sp.N(x, 30)))), 30))
                         for t, x in zip(toks, other[idx:idx + len(toks)])):
            e.ambiguous(ln, STALE)
        else:
            e.claim(ln, what, toks, ex)
        idx += len(toks)
    ln += 1
e.done()
