# Expected verdicts for en-basic-onpoint-week5-attention-by-numbers.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: query [1.0, 0.5]; keys [[1.4, 0.6], [0.1, 0.2], [0.7, 0.2]]; values [[0.9, 0.1], [0.2, 0.8], [0.5, 0.1]];
# scores = keys @ query (no scaling), weights = exp(scores) / sum, output = weights @ values.
# - Scores [1.7, 0.2, 0.8] -> ok.
# - Weights: softmax([1.7, 0.2, 0.8]) = [0.61361, 0.13692, 0.24948]; printed [0.5898, 0.1316, 0.2786] -> wrong (slip;
#   the printed weights are the softmax of [1.7, 0.2, 0.95], not of the printed scores).
#   Both prints share one displayed line (the site shows the cell's stdout with literal \n), so that line is wrong.
# - Output: weights @ values = [0.70437, 0.19584]; printed [0.7313, 0.1687] -> wrong; not right from the printed
#   weights either ([0.6964, 0.1922]) -> slip.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "softmax", "weighted-sum", "numpy-print"])
q = M([["1.0", "0.5"]])
K = M([["1.4", "0.6"], ["0.1", "0.2"], ["0.7", "0.2"]])
V = M([["0.9", "0.1"], ["0.2", "0.8"], ["0.5", "0.1"]])
s = (K * q.T).T
w = softmax_rows(s)
out = w * V

e.given(e.line("query = np.array([1.0, 0.5])"), "query")
for row in ("[1.4, 0.6],", "[0.1, 0.2],", "[0.7, 0.2],"):
    e.given(e.line(row), "key row")
L = e.line("Raw attention scores: [1.7 0.2 0.8]")
e.claim(L, "scores keys @ query", ["1.7", "0.2", "0.8"], list(s))
e.claim(L, "weights softmax(scores)", ["0.5898", "0.1316", "0.2786"], list(w))
for row in ("[0.9, 0.1],", "[0.2, 0.8],", "[0.5, 0.1],"):
    e.given(e.line(row), "value row")
L = e.line("Weighted output vector: [0.7313 0.1687]")
e.claim(L, "output weights @ values", ["0.7313", "0.1687"], list(out))
e.done()
