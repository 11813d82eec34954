# Expected verdicts for zh-codefun-sdpa-sample.md, computed with plain SymPy (see oracle.py); not symattn's code.
# One key: its softmax weight is 1 whatever the score, so the output is V's single row.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["basic", "scaling"])
Q = M([["1", "0"]]); K = M([["1", "0"]]); V = M([["5", "5"]])
d = Q.cols
O = softmax_rows(Q * K.T / sp.sqrt(d)) * V
e.given(e.line('{"Q":[[1,0]]'), "Q, K, V, mask")
e.claim(e.line("[5.0, 5.0]"), "flattened output", ["5.0", "5.0"], O)
e.done()
