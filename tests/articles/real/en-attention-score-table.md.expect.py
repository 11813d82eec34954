# Expected verdicts for en-attention-score-table.md, computed with plain SymPy (see oracle.py); not symattn's code.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "single-query", "table"])
# The raw scores are given; d_k is never stated.  The "After Scaling" column halves every score,
# i.e. it implies sqrt(d_k) = 2, which is consistent across the rows, so it is taken as the input of the softmax.
raw = [R(2), R(4), R(6)]
scaled = [R(1), R(2), R(3)]
w = softmax_rows(sp.Matrix([scaled]))
for i, (tok, r, s, p) in enumerate((("the", "2.0", "1.0", "0.10"), ("cat", "4.0", "2.0", "0.30"),
                                    ("sat", "6.0", "3.0", "0.60"))):
    L = e.line(f'| "{tok}" |')
    e.given(L, f"raw score {r} and scaled score {s} (implied sqrt(d_k) = 2)")
    e.claim(L, f"attention weight of {tok}", [p], [w[i]])
e.done()
