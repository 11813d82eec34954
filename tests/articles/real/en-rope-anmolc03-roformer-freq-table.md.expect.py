# Expected verdicts for en-rope-anmolc03-roformer-freq-table.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: block_size = 4, d_model = 8; frequencies theta_i = 100000^(-2(i-1)/8), i = 1..4, as the CODE writes them
# (theta = [1, 0.0562341, 0.00316228, 0.000177828]).  The comment above that code line quotes the paper's base 10000;
# the printed table was produced by the code's base 100000, so the table is judged against the code (with base 10000
# the second pair at position 1 would be cos(0.1) = 0.995004, not 0.99842).  The mismatch is the notebook's own
# inconsistency between comment and code, not a wrong print.
# pos_emb row p (p = 0..3) = [cos p·th1, sin p·th1, cos p·th2, sin p·th2, ...] in float32, printed with 5 significant
# digits.  Two prints sit a hair off the exact value and on the float32 value: cos(0.00316228) = 0.999995000004 is
# printed 9.9999e-01 (float32 0.99999499), cos(3·0.00316228) = 0.99995500034 is printed 9.9995e-01 (float32 0.99995500 ->
# 0.9999549985): float32 noise of a machine print, right (claimed against the float32 value).  Every other entry agrees
# with the exact value.  The cosine/sine lines repeat row 1's cos and sin, each twice (repeat_interleave).  qw is random
# (torch.randn, unprinted seed) and is an input; qw2 = (-qw2, qw1, -qw4, qw3, ...) of the printed qw agrees entry by entry.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
import numpy as np
from oracle import Expect, R, sp, agrees

e = Expect(__file__, language="en", topics=["rope", "torch-output", "notebook", "code-block"])
NUM = re.compile(r"-?\d\.\d+e[+-]\d\d|-?\d\.\d{4}")

e.given(e.line("block_size=4  #also"), "block_size = 4")
e.given(e.line("d_model=8      #"), "d_model = 8")
L = e.line("tensor([[0],")
for k in range(4):
    e.claim(L + k, f"positions row {k}", [str(k)], [k])
e.given(e.line("# = {θi = 10000−2(i−1)/d"), "paper's frequency formula quoted in a comment (base 10000)")
e.given(e.line("theta=100000**(-exp_term)"), "frequencies used by the code: base 100000")
e.claim(e.line("torch.Size([1, 4, 8])"), "pos_emb shape", ["1", "4", "8"], [1, 4, 8])

th = [sp.Integer(100000) ** (-R(2 * (i - 1), 8)) for i in range(1, 5)]
th32 = np.power(np.float32(100000), -np.array([0, 0.25, 0.5, 0.75], dtype=np.float32)).astype(np.float32)


def row(p):
    ex, f = [], []
    for k in range(4):
        ex += [sp.cos(p * th[k]), sp.sin(p * th[k])]
        a = np.float32(p) * th32[k]
        f += [sp.Rational(float(np.cos(a))), sp.Rational(float(np.sin(a)))]
    return ex, f


def judged(printed, exact, f32):
    """exact value, or the float32 value when only float32 rounding separates the print from it"""
    out = []
    for p, x, y in zip(printed, exact, f32):
        out.append(x if agrees(p, x) or not agrees(p, y) else y)
    return out


L0 = e.line("tensor([[[ 1.0000e+00,  0.0000e+00,")
for p in range(4):
    ex, f = row(p)
    a, b = L0 + 2 * p, L0 + 2 * p + 1
    pa, pb = NUM.findall(e.lines[a - 1]), NUM.findall(e.lines[b - 1])
    e.claim(a, f"pos_emb position {p}: cos/sin of p·theta, entries 1-5", pa, judged(pa, ex[:5], f[:5]))
    e.claim(b, f"pos_emb position {p}: entries 6-8", pb, judged(pb, ex[5:], f[5:]))

ex, f = row(1)
cos1 = [ex[0], ex[0], ex[2], ex[2], ex[4], ex[4], ex[6], ex[6]]
L = e.line("cosine tensor([[[0.5403")
pc = NUM.findall(e.lines[L - 1])
e.claim(L, "cosine term at position 1 (each cos repeated twice)", pc, cos1)
sin1 = [ex[1], ex[1], ex[3], ex[3], ex[5], ex[5], ex[7], ex[7]]
L = e.line("sine tensor([[[8.4147e-01")
ps1, ps2 = NUM.findall(e.lines[L - 1]), NUM.findall(e.lines[L])
e.claim(L, "sine term at position 1, entries 1-5", ps1, sin1[:5])
e.claim(L + 1, "sine term at position 1, entries 6-8", ps2, sin1[5:])

L = e.line("tensor([ 0.3123, -0.2228,")
e.given(L, "qw[1,1,1,:] (torch.randn, random)")
qw = [R(x) for x in NUM.findall(e.lines[L - 1])]
qw2 = []
for j in range(0, 8, 2):
    qw2 += [-qw[j + 1], qw[j]]
L = e.line("tensor([ 0.2228,  0.3123,")
e.claim(L, "qw2 = (-x2, x1, -x4, x3, ...) of the printed qw", NUM.findall(e.lines[L - 1]), qw2)
e.done()
