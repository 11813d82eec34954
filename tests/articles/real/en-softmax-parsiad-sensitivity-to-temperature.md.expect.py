# Expected verdicts for en-softmax-parsiad-sensitivity-to-temperature.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: r = (1, 2, 3); softmax(r), softmax(r / 10) (temperature T = 10) and softmax(r * 10) (T = 1/10).
# Exact: softmax(r) = [0.0900306, 0.244728, 0.665241]; softmax(r/10) = [0.300610, 0.332225, 0.367165];
#   softmax(10 r) = [2.06106e-9, 4.53979e-5, 0.999955].  All printed NumPy outputs agree (machine floats).
# Given: r = (1, 2, 3), the scale factors 10.0 in the code cells.  The propositions are symbolic (no numbers).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["softmax", "temperature", "code-output", "latex"])
r = M([["1", "2", "3"]])
s1 = softmax_rows(r)
s_cool = softmax_rows(r / 10)
s_hot = softmax_rows(r * 10)

e.given(e.line("Take the softmax of $r = (1, 2, 3)$:"), "r = (1, 2, 3)")
e.given(e.line("r = np.array([1.0, 2.0, 3.0])"), "r in code")
e.claim(e.line("array([0.09003057, 0.24472847, 0.66524096])"), "softmax(r)",
        ["0.09003057", "0.24472847", "0.66524096"], s1)
e.given(e.line("softmax(r / 10.0)"), "divide r by 10")
e.claim(e.line("array([0.30060961, 0.33222499, 0.3671654 ])"), "softmax(r / 10)",
        ["0.30060961", "0.33222499", "0.3671654"], s_cool)
e.given(e.line("softmax(r * 10.0)"), "multiply r by 10")
e.claim(e.line("array([2.06106005e-09, 4.53978686e-05, 9.99954600e-01])"), "softmax(10 r)",
        ["2.06106005e-09", "4.53978686e-05", "9.99954600e-01"], s_hot)
e.done()
