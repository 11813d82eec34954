# Expected verdicts for en-toy-transformer-numpy-outputs.md, computed with plain SymPy (see oracle.py); not symattn's code.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "no-scaling", "qkv-identity"])


def nums(line):
    return re.findall(r"\d+\.\d+", e.lines[line - 1])


# the printed embeddings (8 decimals) are the inputs; Q = K = V = X, no scaling, no projections
L = e.line("array([[0.86379499")
X = M([nums(L + i) for i in range(4)])
for i in range(4):
    e.given(L + i, f"input row {i+1}")
e.claim(e.line("ntokens=4"), "number of tokens", ["4"], [X.rows])
e.claim(e.line("dim=3"), "embedding size", ["3"], [X.cols])
S = X * X.T
A = softmax_rows(S)
C = A * X
q = 1
e.claim(e.line("qIndex=1"), "query index (0-based)", ["1"], [q])
e.claim(e.line("array([0.53041613"), "scores of query 1", nums(e.line("array([0.53041613")), S.row(q))
e.claim(e.line("array([0.29838948"), "weights of query 1", nums(e.line("array([0.29838948")), A.row(q))
e.claim(e.line("array([0.62688845"), "context of query 1", nums(e.line("array([0.62688845")), C.row(q))
L = e.line("array([[2.28669371")
e.rows([L, L + 1, L + 2, L + 3], "scores", [nums(L + i) for i in range(4)], S)
L = e.line("array([[0.45971284")
e.rows([L, L + 1, L + 2, L + 3], "weights", [nums(L + i) for i in range(4)], A)
L = e.line("array([[0.72597167")
e.rows([L, L + 1, L + 2, L + 3], "contexts", [nums(L + i) for i in range(4)], C)
e.claim(e.line("0.29838947615945444"), "weight of token 0 for query 1", ["0.29838947615945444"], A[q, 0])
e.done()
