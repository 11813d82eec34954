# Expected verdicts for zh-softmax-liugongzi-mermaid-flow-example.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Input: the "示例" subgraph of the mermaid flowchart, x = [2.0, 1.0, 0.1]; plain softmax.
# Exact: e^x = [7.389056, 2.718282, 1.105171] -> printed [7.4, 2.7, 1.1] agree at 1 place;
#   sum = 11.212509 -> printed "sum = 11.2" agrees; softmax = [0.659001, 0.242433, 0.098566] -> printed
#   [0.66, 0.24, 0.10] agree at 2 places.
# The numbers sit inside mermaid node labels (one node per line); the [0,1] range and "sum to 1" in the bullet lists are
# general properties, not numbers of the computation, so they are not recorded.
# No wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["softmax", "mermaid", "diagram-labels"])

x = [R(2), R(1), R(1, 10)]
ex = [sp.exp(v) for v in x]
tot = sum(ex)
p = [v / tot for v in ex]

L = e.line('F["[2.0, 1.0, 0.1]"] --> G["[7.4, 2.7, 1.1]"]')
e.given(L, "input vector [2.0, 1.0, 0.1]")
e.claim(L, "exponentials e^x", ["7.4", "2.7", "1.1"], ex)
e.claim(e.line('G --> H["sum = 11.2"]'), "sum of exponentials", ["11.2"], [tot])
e.claim(e.line('H --> I["[0.66, 0.24, 0.10]"]'), "softmax probabilities", ["0.66", "0.24", "0.10"], p)
e.done()
