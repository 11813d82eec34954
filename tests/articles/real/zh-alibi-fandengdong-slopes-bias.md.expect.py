# Expected verdicts for zh-alibi-fandengdong-slopes-bias.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: slopes m_h = 2^(-8h/H), h = 1..H, H = 8 (the note labels them head 0..7); bias = -m_h |i - j| with the
# upper triangle masked to -inf; demo B, L, D = 2, 8, 128.
#   head 0: 2^-1 = 0.5; head 1: 2^-2 = 0.25; head 7: 2^-8 = 0.00390625 ~ 0.0039 (right).
#   bias of head 0 (slope 0.5), first 4x4: rows [0], [-0.5, 0], [-1, -0.5, 0], [-1.5, -1, -0.5, 0] (right).
#   shapes: input and output [2, 8, 128] (right).
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["alibi", "mask", "causal-mask", "torch-output", "latex-inline"])
NUM = re.compile(r"-?\d+\.\d+")

H = 8
slope = {h: sp.Integer(2) ** (-R(8 * h, H)) for h in range(1, H + 1)}
e.given(e.line("以 \\(H = 8\\) 为例："), "H = 8")
L1 = e.line("- head 0: \\(m = 2^{-1} = 0.5\\)")
e.claim(L1, "slope of the first head 2^(-8*1/8)", ["0.5"], [slope[1]])
L1 = e.line("- head 1: \\(m = 2^{-2} = 0.25\\)")
e.claim(L1, "slope of the second head 2^(-8*2/8)", ["0.25"], [slope[2]])
L1 = e.line("- head 7: \\(m = 2^{-8} \\approx 0.0039\\)")
e.claim(L1, "slope of the last head 2^(-8*8/8)", ["0.0039"], [slope[8]])

e.given(e.line("    B, L, D = 2, 8, 128"), "B, L, D = 2, 8, 128")
e.given(e.line("    H = 8"), "H = 8")
e.claim(e.line('print("Input shape:", x.shape)       # [2, 8, 128]'), "input shape", ["2", "8", "128"], [2, 8, 128])
e.claim(e.line('print("Output shape:", out.shape)     # [2, 8, 128]'), "output shape", ["2", "8", "128"], [2, 8, 128])

bias = sp.Matrix(4, 4, lambda i, j: -slope[1] * abs(i - j))
L0 = e.line("tensor([[ 0.0000,    -inf,    -inf,    -inf],")
for i in range(4):
    e.claim(L0 + i, f"ALiBi bias head 0 row {i} (unmasked entries)", NUM.findall(e.lines[L0 + i - 1]),
            [bias[i, j] for j in range(i + 1)])
e.done()
