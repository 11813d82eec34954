# Expected verdicts for vi-basic-kein95-aio-day22-attention-score.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the printed 4x4 embedding rows (np.random.rand, seed 42) and the printed Q, K, V. W_q, W_k, W_v are drawn at
# random and never printed, so Q, K, V are taken as the article's first given numbers (the same convention as the
# vi-khoapdaio article of the same exercise).
# Conventions: scores = Q K^T / sqrt(d_k) with d_k = embedding_dim = 4 (so / 2); softmax along each row
# (axis=-1, max subtracted, which does not change the value); output = weights @ V.
# Every printed 8-decimal entry of the scores, the weights and the outputs agrees with the exact value
# (machine floats, relative 1e-5). No wrong line.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="vi", topics=["basic", "notebook", "numpy-print", "scaling", "random-weights"])
NUM = re.compile(r"(?<![\w.])\d+\.\d+")


def block(label, n=4, skip=0, nth=1):
    L = e.line(label, nth=nth) + skip
    return L, [NUM.findall(e.lines[L - 1 + i]) for i in range(n)]


L, rows = block("Chuỗi đầu vào (đã mã hóa): [[")
for i in range(4):
    e.given(L + i, "embedding row (random, printed)")
mats = {}
for lab in ("Ma trận Query Q: [[", "Ma trận Key K: [[", "Ma trận Value V: [["):
    L, rows = block(lab)
    mats[lab] = M(rows)
    for i in range(4):
        e.given(L + i, f"{lab[:16]} row (W is random and not printed, so Q, K, V are inputs here)")
Q, K, V = mats["Ma trận Query Q: [["], mats["Ma trận Key K: [["], mats["Ma trận Value V: [["]
S = Q * K.T / sp.sqrt(4)
A = softmax_rows(S)
O = A * V

L, rows = block("Điểm số:", skip=1, nth=2)
e.rows([L + i for i in range(4)], "scaled scores", rows, S)
L, rows = block("Trọng số Attention:", skip=1, nth=2)
e.rows([L + i for i in range(4)], "weights (row softmax)", rows, A)
L, rows = block("Đầu ra:", skip=1, nth=2)
e.rows([L + i for i in range(4)], "output weights @ V", rows, O)
e.done()
