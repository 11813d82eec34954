# Expected verdicts for en-softmax-kasimte-temperature-two-classes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: probabilities (0.25, 0.75); logits = their natural logs; temperatures 0.5 and 5 (the logits are divided by T).
# Exact: logits = (ln 1/4, ln 3/4) = (-1.38629, -0.287682); softmax(logits) = (1/4, 3/4);
#   logits / 0.5 = (-2.77259, -0.575364), softmax = (1/10, 9/10) exactly (0.25^2 : 0.75^2 = 1 : 9);
#   logits / 5 = (-0.277259, -0.0575364), softmax = (0.445289, 0.554711).  Every printed Python output agrees
#   (machine floats, relative 1e-5); the sums 1.0 agree.  No wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["softmax", "temperature", "code-output", "notebook", "printed-output"])
p = [R(1, 4), R(3, 4)]
lg = M([[sp.log(p[0]), sp.log(p[1])]])
s1 = softmax_rows(lg)
lo = lg / R(1, 2)
s_lo = softmax_rows(lo)
hi = lg / 5
s_hi = softmax_rows(hi)

e.given(e.line("two outcomes, the first with a 25% chance"), "probabilities 25% and 75%")
e.given(e.line("probabilities = [0.25, 0.75]; "), "probabilities in code")
e.claim(e.line("    [0.25, 0.75]"), "probabilities echoed", ["0.25", "0.75"], p)
e.claim(e.line("    [-1.3862943611198906, -0.2876820724517809]"), "logits = ln p",
        ["-1.3862943611198906", "-0.2876820724517809"], lg)
e.claim(e.line("    ([0.25, 0.75], 1.0)"), "softmax(logits) and its sum", ["0.25", "0.75", "1.0"],
        [s1[0, 0], s1[0, 1], sum(s1)])
e.given(e.line("low_temp = 0.5"), "T = 0.5")
e.claim(e.line("    [-2.772588722239781, -0.5753641449035618]"), "logits / 0.5",
        ["-2.772588722239781", "-0.5753641449035618"], lo)
e.claim(e.line("    ([0.1, 0.9], 1.0)"), "softmax(logits / 0.5) and its sum", ["0.1", "0.9", "1.0"],
        [s_lo[0, 0], s_lo[0, 1], sum(s_lo)])
e.claim(e.line("The larger probability climbs from 0.75 to 0.9"), "0.75 -> 0.9, 0.1 restated",
        ["0.75", "0.9", "0.1"], [s1[0, 1], s_lo[0, 1], s_lo[0, 0]])
e.given(e.line("low_temp = 5"), "T = 5 (kept in the variable low_temp)")
e.claim(e.line("    [-0.2772588722239781, -0.05753641449035618]"), "logits / 5",
        ["-0.2772588722239781", "-0.05753641449035618"], hi)
e.claim(e.line("    ([0.44528931866219296, 0.5547106813378071], 1.0)"), "softmax(logits / 5) and its sum",
        ["0.44528931866219296", "0.5547106813378071", "1.0"], [s_hi[0, 0], s_hi[0, 1], sum(s_hi)])
e.done()
