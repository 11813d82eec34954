# Expected verdicts for en-alibi-ioannisantoniadis-atlas-bias-rows.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The note tabulates the causal ALiBi bias -m * (i - j) for distances 0..5 for two heads of an 8-head model whose slopes are
# the geometric sequence 1/2, 1/4, 1/8, ... .  The steep head is the first slope, m = 1/2: 0, -0.5, -1.0, -1.5, -2.0, -2.5.
# The gentle head's slope is not named; the row is the sequence's fourth slope, m = 1/16 (its distance-4 entry is exactly
# -0.25): -0.0625, -0.125, -0.1875, -0.25, -0.3125, printed at two places as -0.06, -0.13, -0.19, -0.25, -0.31 (the three
# exact ties -0.0625, -0.125, -0.3125 accept either neighbour).  No other slope of the sequence fits the row.  All right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="en", topics=["alibi", "alibi-slopes", "ascii-table"])
L = e.line

e.given(L("score_ij = q_i · k_j / sqrt(d_k)  -  m * (i - j)"), "ALiBi score formula")
e.given(L("(e.g. `1/2, 1/4, 1/8, ...` for 8 heads)"), "slopes 1/2, 1/4, 1/8, ... for 8 heads")
e.given(L("distance |i-j|:   0    1    2    3    4    5"), "distances 0..5")
d = range(6)
e.claim(L("head with large m:"), "bias -m*d, m = 1/2", ["0.0", "-0.5", "-1.0", "-1.5", "-2.0", "-2.5"],
        [-R(1, 2) * k for k in d])
e.claim(L("head with small m:"), "bias -m*d, m = 1/16 (fourth slope of 8)", ["0.0", "-0.06", "-0.13", "-0.19", "-0.25", "-0.31"],
        [-R(1, 16) * k for k in d])
e.done()
