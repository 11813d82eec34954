# Expected verdicts for zh-furi5-cat-single-query-numpy.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Q = K = V = X (6 x 4); one query (row "cat"), scores scaled by sqrt(4) = 2, softmax over the six keys.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["basic", "printed-output", "single-query", "scaling"])
NUM = re.compile(r"(?<![\w.])\d+(?:\.\d*)?")


def nums(ln):
    return [s.rstrip(".") for s in NUM.findall(e.lines[ln - 1])]


rows = [["0.1", "0.2", "0.3", "0.4"], ["0.5", "0.6", "0.7", "0.8"], ["0.9", "1.0", "1.1", "1.2"],
        ["1.3", "1.4", "1.5", "1.6"], ["1.7", "1.8", "1.9", "2.0"], ["2.1", "2.2", "2.3", "2.4"]]
X = M(rows)
for tok in ("The", "cat", "sat", "on", "the", "mat"):
    e.given(e.line(f"# {tok}"), f"x {tok}")
q = X.row(1)
s = q * X.T
scaled = s / sp.sqrt(X.cols)
w = softmax_rows(scaled)
out = w * X

e.claim(e.line("scores [0.7"), "scores of cat", nums(e.line("scores [0.7")), s)
e.claim(e.line("sqrt_dk 2.0"), "sqrt(d_k)", ["2.0"], [sp.sqrt(X.cols)])
L = e.line("scale_scores [0.35")
e.claim(L, "scaled scores", nums(L), scaled)
L = e.line("weights [0.0315077")
e.claim(L, "softmax weights", nums(L), w)
L = e.line("output [1.62438656")
e.claim(L, "output of cat", nums(L), out)
e.done()
