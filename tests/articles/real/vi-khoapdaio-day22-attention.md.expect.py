# Expected verdicts for vi-khoapdaio-day22-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The learner's softmax normalises over axis=0 (columns); the attention formula the notebook states
# normalises each row (each query), so the printed weights are judged against the row softmax.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees

e = Expect(__file__, language="vi", topics=["basic", "printed-output", "softmax-axis"])
NUM = re.compile(r"(?<![\w.])\d+\.\d+")


def block(label, n=4):
    L = e.line(label) + 1
    return L, [NUM.findall(e.lines[L - 1 + i]) for i in range(n)]


L = e.line(" Chuỗi đầu vào (đã mã hóa):", nth=2) + 1     # the printed block, not the print() call
for i in range(4):
    e.given(L + i, "embedding row (random, printed)")
mats = {}
for lab in ("Ma trận Query Q:", "Ma trận Key K:", "Ma trận Value V:"):
    L, rows = block(lab)
    mats[lab] = M(rows)
    for i in range(4):
        e.given(L + i, f"{lab} row (W is random and not printed, so Q, K, V are inputs here)")
Q, K, V = mats["Ma trận Query Q:"], mats["Ma trận Key K:"], mats["Ma trận Value V:"]
S = Q * K.T / sp.sqrt(4)            # d_k = K.shape[-1] = 4
A = softmax_rows(S)
O = A * V

L, rows = block("Điểm số:")
e.rows([L + i for i in range(4)], "scaled scores", rows, S)
L, rows = block("Trọng số Attention :")
Wp = M(rows)
e.rows([L + i for i in range(4)], "weights (row softmax)", rows, A)
L, rows = block("Đầu ra :")
Oa = Wp * V                          # what the printed (column-normalised) weights give
for i in range(4):
    ok_author = all(agrees(p, x) for p, x in zip(rows[i], list(Oa.row(i))))
    e.claim(L + i, f"output row {i+1}", rows[i], O.row(i), cause="carried" if ok_author else "slip")
e.done()
