# Expected verdicts for zh-pe-boblee-sinusoidal-pe-reading.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese close reading of "Attention Is All You Need" 3.4 / 3.5: sqrt(d_model) for d_model = 512, the sinusoidal
# positional encoding PE(pos, 2i) = sin(pos / 10000^(2i/d_model)), PE(pos, 2i+1) = cos(...), a list of divisors per
# pair index i, and a table of PE values for positions 0..2 and dims 0..5 with the stated d_model = 16.
# Exact values (d_model = 16, so the divisor of pair i is 10000^(i/8) = 1, sqrt(10) = 3.1623, 10):
#   position 1: [sin 1, cos 1, sin(1/sqrt 10), cos(1/sqrt 10), sin 0.1, cos 0.1]
#             = [0.8415, 0.5403, 0.3110, 0.9504, 0.0998, 0.9950]
#   position 2: [0.9093, -0.4161, 0.5911, 0.8066, 0.1987, 0.9801]
# Wrong lines (slip): the position-1 and position-2 rows of the table: the i = 1 and i = 2 columns (0.10/0.99,
#   0.01; 0.20/0.98, 0.02/1.00) are the values for d_model = 8 (divisors 10 and 100), not for the stated 16.
# Ambiguous: the divisor list "sin(pos / 31.6)" (i=1), "sin(pos / 1000)" (i=2) and "sin(pos / 10000)" (i=max):
#   d_model is not fixed there ("if d_model is larger"); 10000^(2/d) = 31.6 and 10000^(4/d) = 1000 hold together
#   only for d = 16/3, no even d_model, and 10000 is the limit, never reached, of 10000^(2i/d) for i <= d/2 - 1.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["pe", "scaling"])

e.given(e.line("论文取的默认值是 `d_model = 512`"), "d_model = 512")
ln = e.line("这个因子约为 `22.6`")
e.given(ln, "d_model = 512")
e.claim(ln, "sqrt(512)", "22.6", sp.sqrt(512))
e.claim(e.line("取值落在 `[-1, 1]` 之间"), "range of sin/cos", ["-1", "1"], [-1, 1])

for needle in ("PE(pos, 2i)    = sin", "PE(pos, 2i+1)  = cos", "相邻的偶数列 `2i`",
               "维度 2: sin(pos / 10000^(2/d_model))", "维度 3: cos(pos / 10000^(2/d_model))"):
    e.given(e.line(needle), "formula of the sinusoidal encoding (constants 2, 10000)")
ln = e.line("即 `d_model = 2`（只有 i=0）")
e.given(ln, "d_model = 2, pair index i = 0")
ln = e.line("维度 0: sin(pos / 10000^0) = sin(pos)")
e.claim(ln, "10000^0", "1", sp.Integer(10000) ** 0)
e.given(e.line("维度 1: cos(pos / 10000^0) = cos(pos)"), "formula for dim 1 with d_model = 2")
e.given(e.line("维度更多时，i=1 对应"), "pair index i = 1")

e.claim(e.line("i=0:    sin(pos / 1)"), "divisor for i = 0", "1", sp.Integer(10000) ** 0)
e.ambiguous(e.line("i=1:    sin(pos / 31.6)"),
            "d_model unstated here; 10000^(2/d) = 31.6 needs d = 16/3, and with i=2 -> 1000 no even d_model fits")
e.ambiguous(e.line("i=2:    sin(pos / 1000)"),
            "d_model unstated here; 10000^(4/d) = 1000 needs d = 16/3, no even d_model")
e.ambiguous(e.line("i=max:  sin(pos / 10000)"),
            "10000 is the limit of 10000^(2i/d); the last pair i = d/2 - 1 gives 10000^(1 - 2/d), d_model unstated")

e.given(e.line("geometric progression from 2π to 10000 · 2π"), "quoted sentence of the paper (wavelength range)")
e.given(e.line("范围从 `2π` 到 `10000 x 2π`"), "wavelength range restated from the paper")

d = 16
ln = e.line("以 `d_model = 16` 为例，每个词对应一个 16 维向量")
e.given(ln, "d_model = 16")
for nth in (1, 2):
    ln = e.line("dim15", nth)
    e.claim(ln, "last dimension index = d_model - 1", "15", d - 1)
e.claim(e.line("(i=0)  (i=0)  (i=1)"), "pair index i = floor(dim / 2) for dims 0..5",
        ["0", "0", "1", "1", "2", "2"], [0, 0, 1, 1, 2, 2])


def pe(pos):
    row = []
    for dim in range(6):
        i = dim // 2
        ang = sp.Integer(pos) / sp.Integer(10000) ** sp.Rational(2 * i, d)
        row.append(sp.sin(ang) if dim % 2 == 0 else sp.cos(ang))
    return row


e.claim(e.line("position 0  ["), "PE row for position 0 (d_model = 16)",
        ["0.00", "1.00", "0.00", "1.00", "0.00", "1.00"], pe(0))
e.claim(e.line("position 1  ["), "PE row for position 1 (d_model = 16; printed values fit d_model = 8)",
        ["0.84", "0.54", "0.10", "0.99", "0.01", "1.00"], pe(1))
e.claim(e.line("position 2  ["), "PE row for position 2 (d_model = 16; printed values fit d_model = 8)",
        ["0.91", "-0.42", "0.20", "0.98", "0.02", "1.00"], pe(2))
e.done()
