# Expected verdicts for en-rope-karankulshrestha-cos-table-steps.md, computed with plain SymPy (see oracle.py); not
# symattn's code.
# A Colab notebook (karankulshrestha/ai-notebooks, RoPE.ipynb) that builds the RoPE tables for dim = 4, base 10000,
# positions 0..2, printing every tensor with torch's 4-decimal float32 print.
# Inputs: base = 10000, dim = 4, t = [0, 1, 2].
# Exact values: arange(0, 8, 2) = [0, 2, 4, 6]; inv_freq = 10000^(-[0, 2]/4) = [1, 0.01]; angles f[m] = [m, 0.01 m]
#   = [0, 0], [1, 0.01], [2, 0.02]; emb = [f, f]; cos: cos 1 = 0.540302, cos 0.01 = 0.99995000004, cos 2 = -0.416147,
#   cos 0.02 = 0.99980001.
# Every printed entry agrees except cos(0.01) printed 0.9999: the exact value 0.99995000004 sits 4e-11 above the
#   rounding boundary (it rounds to 1.0000), while float32 cos(float32 0.01) = 0.99994999 prints 0.9999 -> a float32
#   machine print at a rounding tie: the two output lines holding it are ambiguous.
# (The Rotary module's `1.0 / (base ** torch.arange(0, dim, 2) / dim)` differs from the earlier cell, but that cell
#   prints nothing, so no line is affected.)
# Wrong lines: none.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["rope", "notebook", "torch-print"])
L = e.line
NUM = re.compile(r"-?\d+\.\d+")
inv = [sp.Integer(10000) ** R(-j, 4) for j in (0, 2)]
TIE = ("float32 machine print at a rounding tie: cos(0.01) = 0.99995000004 rounds to 1.0000, float32 "
       "cos(0.0099999998) = 0.99994999 prints 0.9999; the last digit is float32 rounding")

e.claim(L("tensor([0, 2, 4, 6])"), "arange(0, 8, 2)", ["0", "2", "4", "6"], [0, 2, 4, 6])
e.given(L("base = 10000"), "base")
e.given(L("dim = 4"), "dim")
e.claim(L("tensor([1.0000, 0.0100])"), "inv_freq = 10000^(-2j/4)", ["1.0000", "0.0100"], inv)
e.given(L("t = torch.arange(3).type_as(inv_freq)"), "three positions")
e.given(L("tensor([0., 1., 2.])"), "positions 0, 1, 2")


f0 = L("tensor([[0.0000, 0.0000],")
for m in range(3):
    e.claim(f0 + m, f"angles row m = {m}", NUM.findall(e.lines[f0 + m - 1]), [m * inv[0], m * inv[1]])
g0 = L("tensor([[0.0000, 0.0000, 0.0000, 0.0000],")
for m in range(3):
    e.claim(g0 + m, f"emb row m = {m}", NUM.findall(e.lines[g0 + m - 1]), [m * inv[0], m * inv[1]] * 2)
e.given(L("# 3 → tokens"), "3 tokens")
e.given(L("# 4 → embedding dimensions"), "4 dimensions")


def cos_row(m):
    return [sp.cos(m * inv[0]), sp.cos(m * inv[1])] * 2


c0 = L("tensor([[ 1.0000,  1.0000,  1.0000,  1.0000],")
for m in range(3):
    if m == 1:
        e.ambiguous(c0 + m, TIE)
    else:
        e.claim(c0 + m, f"cos row m = {m}", NUM.findall(e.lines[c0 + m - 1]), cos_row(m))
b0 = L("tensor([[[[ 1.0000,  1.0000,  1.0000,  1.0000]]],")
ln, m = b0, 0
while m < 3:
    if NUM.search(e.lines[ln - 1]):
        if m == 1:
            e.ambiguous(ln, TIE)
        else:
            e.claim(ln, f"broadcast cos row m = {m}", NUM.findall(e.lines[ln - 1]), cos_row(m))
        m += 1
    ln += 1
e.done()
