# Expected verdicts for zh-pe-mzygqaq-sinusoidal-table.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(pos / 10000^(2i/d)); d_model = 4 for the frequency
# table, d_model = 16 and pos = 0..31 for the printed matrix (2 decimals).
# - d = 4: angular frequencies 1, 1, 1/100, 1/100; period 2π ≈ 6.28 (≈ 6 positions); half period π / 0.01 = 314.16
#   (≈ 314) -> ok.
# - d = 16 anchors: pair 1 frequency 10000^(-1/8) = 0.316228 (≈ 0.32), period 2π / 0.316228 = 19.87 (≈ 20), ratio 3.16
#   (≈ 3); pair 7 frequency 10000^(-7/8) = 0.000316228 (≈ 0.00032), angle at pos 31 = 0.00980 rad (≈ 0.01), sin = 0.0098
#   -> ok.
# - All 32 × 16 table entries are compared with the exact sin/cos values rounded to 2 places.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["pe", "sinusoidal", "markdown-table"])
L = e.line
e.given(L("PE(pos, 2i)   = sin(pos / 10000^(2i/d_model))"), "PE formula (sin)")
e.given(L("PE(pos, 2i+1) = cos(pos / 10000^(2i/d_model))"), "PE formula (cos)")


def freq(i, d):
    return sp.Integer(10000) ** R(-2 * i, d)


ln = L("| 角频率 | 1 | 1 | 1/100 | 1/100 |")
e.claim(ln, "angular frequencies for d = 4", ["1", "1", "1/100", "1/100"], [freq(0, 4), freq(0, 4), freq(1, 4), freq(1, 4)])
ln = L("第 0、1 维是高频（每约 6 个位置走一个周期）")
e.claim(ln, "period 2π of the first pair", "6", 2 * sp.pi / freq(0, 4), rounded_int=True)
e.claim(ln, "1/100 ≈ 0.01", ["1/100", "0.01"], [freq(1, 4), freq(1, 4)])
e.claim(ln, "half period π / 0.01", "314", sp.pi / freq(1, 4), rounded_int=True)
e.given(L("- **第 0 行**恒为 `[0, 1, 0, 1, ...]`"), "row 0 = [0, 1, 0, 1, ...] (sin 0 = 0, cos 0 = 1)")
ln = L("- **列 0/1（频率 1.0）**")
e.claim(ln, "frequency of pair 0", "1.0", freq(0, 16))
e.claim(ln, "period of pair 0 (about 6)", "6", 2 * sp.pi / freq(0, 16), rounded_int=True)
ln = L("- **列 2/3（频率 ≈0.32）**")
e.claim(ln, "frequency of pair 1", "0.32", freq(1, 16))
e.claim(ln, "period of pair 1 (about 20)", "20", 2 * sp.pi / freq(1, 16), rounded_int=True)
e.claim(ln, "slower by about 3", "3", freq(0, 16) / freq(1, 16), rounded_int=True)
ln = L("- **列 14/15（频率 ≈0.00032）**")
e.claim(ln, "frequency of pair 7", "0.00032", freq(7, 16))
e.claim(ln, "angle reached at pos 31 (0.01 rad)", "0.01", 31 * freq(7, 16))
e.claim(ln, "sin at pos 31 in column 14", "0.0098", sp.sin(31 * freq(7, 16)))
H = L("| pos \\ 维度 | 0 | 1 |")
for pos in range(32):
    ln = H + 2 + pos
    assert e.lines[ln - 1].startswith(f"| {pos:2d} |"), ln
    cells = [c.strip() for c in e.lines[ln - 1].strip().strip("|").split("|")[1:]]
    exact = []
    for col in range(16):
        ang = pos * freq(col // 2, 16)
        exact.append(sp.sin(ang) if col % 2 == 0 else sp.cos(ang))
    e.claim(ln, f"PE row pos = {pos}", cells, exact)
e.done()
