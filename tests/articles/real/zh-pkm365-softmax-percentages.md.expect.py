# Expected verdicts for zh-pkm365-softmax-percentages.md, computed with plain SymPy (see oracle.py); not symattn's code.
# softmax([10, 85, 5, 30]) is [e^-75, 1, e^-80, e^-55] / (1 + ...) -- practically [0%, 100%, 0%, 0%];
# the page's [0.1%, 90%, 0.05%, 9.85%] is not the softmax of these scores.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["softmax"])
s = M([["10", "85", "5", "30"]])
w = softmax_rows(s)
L = e.line("[10, 85, 5, 30]")
e.claim(L, "softmax([10, 85, 5, 30]) in percent", ["0.1%", "90%", "0.05%", "9.85%"], w)
e.claim(e.line("占比 90%"), "weight of the score-85 book", "90%", w[1], cause="carried")
e.done()
