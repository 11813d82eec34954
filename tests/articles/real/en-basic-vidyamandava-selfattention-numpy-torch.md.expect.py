# Expected verdicts for en-basic-vidyamandava-selfattention-numpy-torch.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A notebook (NumPy, then PyTorch) that runs one self-attention head on three 4-dimensional word embeddings
# X = [[0.2, 0.8, 0.5, 0.1], [0.9, 0.4, 0.7, 0.3], [0.5, 0.1, 0.2, 0.9]]; d_k = X.shape[1] = 4.
# W_q, W_k, W_v are np.random.rand draws with the seed line commented out, so the printed Q, K, V cannot be
# derived from anything stated: those lines are unverifiable inputs. Everything after them follows from the
# printed Q, K, V (8 decimals in NumPy):
#   scores = Q K^T / sqrt(4) = [[0.92097116, 1.30401524, 0.78902953], [1.58843265, 2.32417185, 1.46662105],
#            [1.06453976, 1.52269786, 1.03261968]] (the printed 2.32417184 / 1.06453977 differ in the 8th decimal
#            only because Q and K are themselves 8-decimal prints: machine-float agreement);
#   weights = row softmax = [[0.29912045, 0.43873273, 0.26214682], [0.25174083, 0.52538920, 0.22286997],
#            [0.28171054, 0.44542914, 0.27286032]];
#   output = weights V = [[0.33742605, 1.11431467, 1.00877649, 1.33727905], [0.33832864, 1.16507435, 1.04767718,
#            1.39278171], [0.33717543, 1.12645553, 1.01246695, 1.34263591]].
# PyTorch part: new unseeded torch.rand weights; Q, K, V printed at 4 decimals (unverifiable). The printed output
# comes from the full-precision tensors. Recomputed from the 4-decimal prints it is
#   [[0.91926, 0.81232, 1.12543, 1.03814], [0.93645, 0.83256, 1.16118, 1.06128], [0.91418, 0.81643, 1.14196, 1.04817]]:
#   row 1 agrees under both readings; rows 2 and 3 (printed 1.1611 and 1.1419 against 1.1612 and 1.1420 from the
#   rounded operands, and 0.9365 on a tie) depend on digits the notebook does not show: ambiguous.
# No wrong line.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "notebook", "numpy-print", "torch-print", "scaling"])

NUM = re.compile(r"\d+\.\d*|\d+")


def nums(ln):
    return [t[:-1] if t.endswith(".") else t for t in NUM.findall(e.lines[ln - 1])]


X = M([["0.2", "0.8", "0.5", "0.1"], ["0.9", "0.4", "0.7", "0.3"], ["0.5", "0.1", "0.2", "0.9"]])

# --- NumPy part -----------------------------------------------------------------------
e.given(e.line("# np.random.seed(42)"), "commented-out seed")
e.given(e.line("Three words, each a 4-dimensional embedding"), "3 tokens, width 4")
for needle in ("X = np.array([[0.2, 0.8, 0.5, 0.1],", "              [0.9, 0.4, 0.7, 0.3],",
               "              [0.5, 0.1, 0.2, 0.9]]) # Word 3"):
    e.given(e.line(needle), "X row")
e.claim(e.line("d_k = X.shape[1]  # Dimension of word embeddings (4)"), "d_k = X.shape[1]", ["4"], [X.cols])

LQ = e.line(" [[0.58352471") - 1
rows_q = [LQ + 1, LQ + 2, LQ + 3]
LK = e.line(" [[0.83760721") - 1
rows_k = [LK + 1, LK + 2, LK + 3]
LV = e.line(" [[0.34359845") - 1
rows_v = [LV + 1, LV + 2, LV + 3]
Q = M([nums(ln) for ln in rows_q])
K = M([nums(ln) for ln in rows_k])
V = M([nums(ln) for ln in rows_v])
for name, rows in (("Q", rows_q), ("K", rows_k), ("V", rows_v)):
    for ln in rows:
        e.ambiguous(ln, f"{name} row from unseeded np.random.rand weights that the notebook never prints")

S = Q * K.T / sp.sqrt(4)
A = softmax_rows(S)
O = A * V

L = e.line(" [[0.92097116") - 1
e.rows([L + 1, L + 2, L + 3], "scores Q K^T / sqrt(d_k)", [nums(L + i) for i in (1, 2, 3)], S)
L = e.line(" [[0.29912045") - 1
e.rows([L + 1, L + 2, L + 3], "row softmax", [nums(L + i) for i in (1, 2, 3)], A)
L = e.line(" [[0.33742605") - 1
e.rows([L + 1, L + 2, L + 3], "weights x V", [nums(L + i) for i in (1, 2, 3)], O)

# --- PyTorch part ---------------------------------------------------------------------
e.given(e.line("(batch 1, 3 tokens, width 4)"), "tensor shape restated")
LT = e.line("tensor([[0.2000, 0.8000, 0.5000, 0.1000],")
for ln in (LT, LT + 1, LT + 2):
    e.given(ln, "X_torch row (restates X)")

LQt = e.line(" tensor([[1.0462") - 1
LKt = e.line(" tensor([[1.3015") - 1
LVt = e.line(" tensor([[0.4930") - 1


def trow(ln):
    return [t for t in NUM.findall(e.lines[ln - 1].split("grad_fn")[0])]


Qt = M([trow(LQt + i) for i in (1, 2, 3)])
Kt = M([trow(LKt + i) for i in (1, 2, 3)])
Vt = M([trow(LVt + i) for i in (1, 2, 3)])
for name, first in (("Q", LQt), ("K", LKt), ("V", LVt)):
    for i in (1, 2, 3):
        e.ambiguous(first + i, f"torch {name} row from unseeded torch.rand weights that the notebook never prints")

Ot = softmax_rows(Qt * Kt.T / sp.sqrt(4)) * Vt
L = e.line(" tensor([[0.9193") - 1
e.claim(L + 1, "torch output row 1 (agrees from the 4-decimal Q, K, V and end to end)", trow(L + 1), Ot.row(0))
for i in (2, 3):
    e.ambiguous(L + i, "torch output row computed from full-precision random Q, K, V; from the printed 4-decimal "
                       "operands the 4th decimal differs (1.1612 / 1.1420), so the notebook does not determine it")
e.done()
