# Expected verdicts for en-qml-tutorial-cat-sleeps.md, computed with plain SymPy (see oracle.py); not symattn's code.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic"])
X = M([[1, 0, 1, 0], [0, 1, 1, 1], [1, 1, 0, 1]])
WQ = M([["0.2", "0.4", "0.6", "0.8"], ["0.1", "0.3", "0.5", "0.7"], ["0.9", "0.8", "0.7", "0.6"], ["0.5", "0.4", "0.3", "0.2"]])
WK = M([["0.1", "0.3", "0.5", "0.7"], ["0.6", "0.4", "0.2", "0.1"], ["0.8", "0.9", "0.7", "0.6"], ["0.2", "0.1", "0.3", "0.4"]])
WV = M([["0.3", "0.5", "0.7", "0.9"], ["0.6", "0.4", "0.2", "0.1"], ["0.8", "0.9", "0.7", "0.6"], ["0.5", "0.4", "0.3", "0.2"]])
Q, K, V = X * WQ, X * WK, X * WV
dk = Q.cols
A = softmax_rows(Q * K.T / sp.sqrt(dk))

for w in ("The = [", "cat = [", "sleeps = ["):
    e.given(e.line(w), "embedding " + w)
e.claim(e.line("4-dimensional"), "embedding size", ["4"], [X.cols])
L = e.line("# Input tokens")
e.claim(L, "tokens x features of S", ["3", "3"], [X.rows, X.cols])
for i in range(3):
    e.given(e.line("S = np.array") + 1 + i, f"S row {i+1}")
e.claim(e.line("# Initialize weights"), "shape of W_q/W_k/W_v", ["4", "3"], [WQ.rows, WQ.cols])
for name in ("W_q = np.array(", "W_k = np.array(", "W_v = np.array("):
    L = e.line(name) + 2
    for i in range(4):
        e.given(L + i, f"{name} row {i+1}")
L = e.line("The resulting attention weights")
e.claim(L, "sqrt(d) argument", ["4"], [dk])
e.claim(L, "attention weights", ["0.324", "0.467", "0.209", "0.305", "0.515", "0.180",
                                 "0.346", "0.432", "0.222"], A)
e.done()
