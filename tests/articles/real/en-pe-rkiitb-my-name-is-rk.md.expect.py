# Expected verdicts for en-pe-rkiitb-my-name-is-rk.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Sinusoidal PE with d_model = 512: PE(pos, 2i) = sin(pos / 10000^(2i/512)), PE(pos, 2i+1) = cos(same).
# pos 0 gives [0, 1, 0, 1, ...]; pos 1: PE(1,0) = sin 1 = 0.8415, PE(1,1) = cos 1 = 0.5403, PE(1,256) = sin(1/100) = 0.0099998,
# PE(1,511) = cos(1/10000^(510/512)) = 0.99999999 -- all right at the printed places.
# One slip: the last entry PE(1, 511) is dimension 2i+1 with i = 255, but the note labels it "(i=256)" (i = 256 would be
# dimension 512 or 513, which do not exist for d_model = 512). The "(i=128)" label of PE(1, 256) is right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["pe", "sinusoidal", "latex-inline"])
D = 512


def pe(pos, dim):
    i = dim // 2
    ang = sp.Integer(pos) / sp.Integer(10000) ** R(2 * i, D)
    return sp.sin(ang) if dim % 2 == 0 else sp.cos(ang)


e.given(e.line("* d_model: 512"), "d_model")
e.given(e.line("* Positions: My (0), name (1), is (2), RK (3)"), "positions")
e.given(e.line("NOTE: $i : (0, d_{model}/2)$"), "range of i")
e.given(e.line('1. Word "My" (pos = 0)'), "position of My")
e.given(e.line('2. Word "name" (pos = 1)'), "position of name")
for dim, f in ((0, "\\sin(0) = 0"), (1, "\\cos(0) = 1"), (2, "\\sin(0) = 0"), (3, "\\cos(0) = 1")):
    L = e.line(f"* PE(0, {dim}) = ${f}$")
    e.claim(L, f"PE(0, {dim})", [f[-1]], [pe(0, dim)])
L = e.line('* Result for "My": $[0, 1, 0, 1, 0, 1, ...]$')
e.claim(L, "PE(0, 0..5)", ["0", "1", "0", "1", "0", "1"], [pe(0, d) for d in range(6)])
e.claim(L, "number of slots", ["512"], [D])
e.given(e.line("The denominator is $10000^{2i/512}$."), "denominator rule")

e.claim(e.line("* First pair (i=0)"), "i of PE(1, 0) and PE(1, 1)", ["0"], [0])
L = e.line("$PE(1, 0) = \\sin(1 / 1)")
e.claim(L, "denominator for i = 0", ["1"], [sp.Integer(10000) ** 0])
e.claim(L, "PE(1, 0) = sin 1", ["0.84"], [pe(1, 0)])
L = e.line("$PE(1, 1) = \\cos(1 / 1)")
e.claim(L, "PE(1, 1) = cos 1", ["0.54"], [pe(1, 1)])
e.claim(e.line("* Middle (i=128)"), "i of PE(1, 256)", ["128"], [256 // 2])
L = e.line("$PE(1, 256) = \\sin(1 / 100)")
e.claim(L, "denominator 10000^(256/512)", ["100"], [sp.Integer(10000) ** R(256, 512)])
e.claim(L, "PE(1, 256)", ["0.01"], [pe(1, 256)])
e.claim(e.line("* Last (i=256)"), "i of PE(1, 511) (511 = 2i + 1)", ["256"], [(511 - 1) // 2])
e.claim(e.line("$PE(1, 511) \\approx 1.0$"), "PE(1, 511)", ["1.0"], [pe(1, 511)])
L = e.line('Result for "name": $[0.84, 0.54, ..., 0.01, ..., 1.0]$')
e.claim(L, "PE(1, .) entries", ["0.84", "0.54", "0.01", "1.0"], [pe(1, 0), pe(1, 1), pe(1, 256), pe(1, 511)])
e.done()
