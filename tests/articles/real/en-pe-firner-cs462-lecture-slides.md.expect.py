# Expected verdicts for en-pe-firner-cs462-lecture-slides.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (from the slide's code): embedding_dim = 10, num_tokens = 4. The code runs `position` over 0..9 (it uses
# embedding_dim as the number of positions) and div_term = exp(arange(0, 4, 2) · (−ln 10000 / 10)) = [1, 10000^(−1/5)],
# so row p of the printed tensor is [sin p, cos p, sin(p·10000^(−1/5)), cos(p·10000^(−1/5))], p = 0..9: the first four
# columns of the sinusoidal PE with d_model = 10 (10000^(−1/5) = 0.158489).
# E.g. row 1 = [0.841471, 0.540302, 0.157827, 0.987467], row 9 = [0.412118, −0.911130, 0.989616, 0.143734].
# All 40 printed entries agree at 4 decimals. No wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["pe", "lecture-slides", "torch-tensor", "code-block"])
e.given(e.line("Even indices get $sin"), "PE formula (sin)")
e.given(e.line("Odd indices get $cos"), "PE formula (cos)")
e.given(e.line("embedding_dim = 10"), "embedding_dim")
e.given(e.line("num_tokens = 4"), "num_tokens")
w = sp.Integer(10000) ** R(-2, 10)
L = e.line("tensor([[ 0.0000, 1.0000, 0.0000, 1.0000],")
for p in range(10):
    txt = e.lines[L - 1 + p].replace("tensor(", "").strip("[]), ")
    cells = [c.strip().strip("[]") for c in txt.split(",")]
    cells = [c for c in cells if c]
    e.claim(L + p, f"PE row pos={p}", cells, [sp.sin(p), sp.cos(p), sp.sin(p * w), sp.cos(p * w)])
e.done()
