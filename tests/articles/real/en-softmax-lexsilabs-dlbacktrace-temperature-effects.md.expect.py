# Expected verdicts for en-softmax-lexsilabs-dlbacktrace-temperature-effects.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: logits (2.0, 1.0, 0.5); P = softmax(z / T) for T = 0.5, 1.0 and 2.0.
# Exact: T = 0.5: softmax(4, 2, 1) = (0.843795, 0.114195, 0.0420101);
#   T = 1.0: softmax(2, 1, 0.5) = (0.628532, 0.231224, 0.140244);
#   T = 2.0: softmax(1, 0.5, 0.25) = (0.481024, 0.291756, 0.227220).
# Wrong lines (all three printed rows, each a slip of its own; every row happens to add up to 1.00):
#   T = 0.5 "[0.76, 0.19, 0.05]" (exact 0.84, 0.11, 0.04); T = 1.0 "[0.62, 0.23, 0.15]" (exact 0.63, 0.23, 0.14);
#   T = 2.0 "[0.48, 0.30, 0.22]" (exact 0.48, 0.29, 0.23).
# The "Temperature Ranges" table only names ranges of T (no computed numbers): not recorded.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["softmax", "temperature", "code-block", "latex", "markdown-table"])
z = M([["2.0", "1.0", "0.5"]])
p_half = softmax_rows(z / R(1, 2))
p_one = softmax_rows(z)
p_two = softmax_rows(z / 2)

e.given(e.line("# Original logits: [2.0, 1.0, 0.5]"), "logits")
e.given(e.line("# T = 0.5 (Lower temperature - more confident)"), "T = 0.5")
e.claim(e.line("# Probabilities: [0.76, 0.19, 0.05]"), "softmax(z / 0.5)", ["0.76", "0.19", "0.05"], p_half,
        cause="slip")
e.given(e.line("# T = 1.0 (No scaling - standard)"), "T = 1.0")
e.claim(e.line("# Probabilities: [0.62, 0.23, 0.15]"), "softmax(z)", ["0.62", "0.23", "0.15"], p_one, cause="slip")
e.given(e.line("# T = 2.0 (Higher temperature - less confident)"), "T = 2.0")
e.claim(e.line("# Probabilities: [0.48, 0.30, 0.22]"), "softmax(z / 2)", ["0.48", "0.30", "0.22"], p_two,
        cause="slip")
e.done()
