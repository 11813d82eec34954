# Expected verdicts for en-rope-toheedakhtar-polar-freqs-cis.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An English learner notebook (printed outputs) that builds RoPE frequencies with torch.polar and rotates x = arange.
# Inputs: dim = 8, seqlen = 10, base = 10000 -> freqs = base^(-2k/8) = [1, 0.1, 0.01, 0.001]; angles m*freq for
#   m = 0..9; freqs_cis = cos + i sin of every angle.  Example: head_dim = 8, seqlen = 4, x = arange(64) as
#   (2, 4, 1, 8); y = RoPE(x): pair (x_{2k}, x_{2k+1}) at position m rotated by m*freq_k (interleaved pairs).
# Exact values: e.g. cos 1 = 0.540302, sin 1 = 0.841471, cos 0.01 = 0.9999500004 (printed 0.9999), y[0] row 1 =
#   [-3.250755, 11.594505, 8.851870, 11.943407, 11.869425, 13.119275, 13.985010, 15.013994].
# Wrong lines: none.  Printed digits that sit on a float32 rounding tie (cos 0.01 = 0.99995000004 printed 0.9999,
#   cos 0.02 etc. checked entry by entry) make their line ambiguous, never wrong: a machine print of float32 values.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
import numpy as np
from oracle import Expect, M, R, sp, agrees

e = Expect(__file__, language="en", topics=["rope"])
NUM = re.compile(r"-?\d+\.\d+(?:e[+-]\d+)?")
TIE = "float32 machine print: the exact value {x} sits on a rounding boundary at the printed digits and the float32 value prints as shown"


def judge(ln, what, exact, f32):
    toks = NUM.findall(e.lines[ln - 1])
    if len(toks) != len(exact):
        raise SystemExit(f"{ln}: {len(toks)} tokens, {len(exact)} values")
    bad = [(t, x, y) for t, x, y in zip(toks, exact, f32) if not agrees(t, x)]
    if bad and all(agrees(t, sp.Float(float(y), 30)) for t, x, y in bad):
        e.ambiguous(ln, TIE.format(x=", ".join(str(sp.N(x, 12)) for _, x, _ in bad)))
        return
    e.claim(ln, what, toks, exact)


base = 10000
freqs = [sp.Integer(base) ** (-R(2 * k, 8)) for k in range(4)]
f32freqs = [np.float32(1.0) / np.float32(base) ** np.float32(2 * k / 8) for k in range(4)]

e.given(e.line("dim = 8"), "dim")
e.given(e.line("seqlen = 10"), "seqlen")
e.given(e.line("base = 10000"), "base")
e.given(e.line("factor = 2.0"), "unused factor")
judge(e.line("tensor([1.0000, 0.1000, 0.0100, 0.0010])"), "freqs", freqs, f32freqs)
e.claim(e.line("tensor([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])"), "t = arange(10)", [str(i) for i in range(10)], list(range(10)))
L0 = e.line("tensor([[0.0000e+00, 0.0000e+00")
for m in range(10):
    judge(L0 + m, f"angle row m={m}", [m * f for f in freqs], [np.float32(m) * f for f in f32freqs])
e.claim(e.line("torch.Size([10, 4])"), "angle table shape", ["10", "4"], [10, 4])

P0 = e.line("tensor([[ 1.0000+0.0000j")
for m in range(10):
    ex, f3 = [], []
    for k in range(4):
        a = m * freqs[k]
        af = np.float32(m) * f32freqs[k]
        ex += [sp.cos(a), sp.sin(a)]
        f3 += [np.cos(af, dtype=np.float32), np.sin(af, dtype=np.float32)]
    judge(P0 + m, f"freqs_cis row m={m} (cos, sin pairs)", ex, f3)
e.claim(e.line("torch.Size([10, 4])", nth=2), "freqs_cis shape", ["10", "4"], [10, 4])

e.given(e.line("batch = 2"), "batch")
e.given(e.line("seqlen = 4"), "seqlen")
e.given(e.line("n_heads = 1"), "heads")
e.given(e.line("head_dim = 8"), "head_dim")
e.claim(e.line("torch.Size([2, 4, 1, 8])"), "x shape", ["2", "4", "1", "8"], [2, 4, 1, 8])
e.claim(e.line("torch.Size([4, 4])"), "freqs_cis shape (seqlen 4)", ["4"], [4])
e.claim(e.line("tensor([1.+0.j, 1.+0.j"), "freqs_cis[0] = exp(0 i)", ["1"], [1])
e.claim(e.line("x_complex : torch.Size([2, 4, 1, 4])"), "x_complex shape", ["2", "4", "1"], [2, 4, 1])
e.claim(e.line("freq_cis_brodcast : torch.Size([1, 4, 1, 4])"), "broadcast shape", ["1", "4"], [1, 4])
e.claim(e.line("torch.Size([2, 4, 1, 8])", nth=2), "y shape", ["2", "4", "1", "8"], [2, 4, 1, 8])

# y[0]: position m, x = 8m + j
Y0 = e.line("tensor([[[  0.0000,   1.0000")
starts = [Y0, Y0 + 3, Y0 + 6, Y0 + 9]
for m, ln in enumerate(starts):
    ex, f3 = [], []
    for k in range(4):
        a, b = 8 * m + 2 * k, 8 * m + 2 * k + 1
        ang = m * freqs[k]
        ex += [a * sp.cos(ang) - b * sp.sin(ang), a * sp.sin(ang) + b * sp.cos(ang)]
        af = np.float32(m) * f32freqs[k]
        c, s = np.cos(af, dtype=np.float32), np.sin(af, dtype=np.float32)
        f3 += [np.float32(a) * c - np.float32(b) * s, np.float32(a) * s + np.float32(b) * c]
    judge(ln, f"y[0] position {m}, dims 0-6", ex[:7], f3[:7])
    judge(ln + 1, f"y[0] position {m}, dim 7", ex[7:], f3[7:])

judge(e.line("tensor([0.0000, 0.0100, 0.0200, 0.0300])"), "angle of freqs_cis[:, 2]",
      [m * freqs[2] for m in range(4)], [np.float32(m) * f32freqs[2] for m in range(4)])
e.done()
