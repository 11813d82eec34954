# Expected verdicts for es-basic-oayala775-amo-el-queso-simulacion.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (printed, exact because the notebook rounds them with np.around(..., 3)): corpus C (3x3), W_Q, W_K, W_V (3x3).
# Q = C W_Q, K = C W_K, V = C W_V (printed with 6 decimals: exact products, all agree), QK^T (8 decimals, agrees).
# The article's stated pipeline: Attention = softmax(QK^T / sqrt(d_k)) with d_k = 3 (K has 3 columns), the softmax taken
# per query row, then the weights combined with V (weights · V), then "Add & Norm": layer_norm(output + C), eps = 1e-6.
# Exact values under that pipeline: QK^T/sqrt(3) = [[0.364241, 0.335155, 0.534912], [0.339209, 0.313707, 0.497535],
#   [0.535092, 0.499504, 0.793058]]; row softmax A = [[0.316713, 0.307634, 0.375653], [0.317827, 0.309824, 0.372349],
#   [0.306811, 0.296084, 0.397104]]; A·V = [[0.214855, 0.633022, 0.259717], [0.214729, 0.632861, 0.259029],
#   [0.215363, 0.633540, 0.264217]]; layer_norm(A·V + C) rows = [[-1.19086, -0.0651159, 1.25598],
#   [0.913026, 0.478656, -1.39168], [1.08591, 0.241635, -1.32755]].
# Wrong lines (12):
# - the scaled scores (3 rows): the code divides by sqrt(K.shape[0]+K.shape[1]) = sqrt(6), not by sqrt(d_k) = sqrt(3) as the
#   formula just above states (slip); exact QK^T/sqrt(3) is above.
# - res*V (3 rows): an elementwise product of COLUMN-softmax weights (axis=0) with V, instead of the row softmax times V
#   (weights · V) the formula calls for (slip); exact A·V is above.
# - the same array rounded to 4 decimals (3 rows): carried.
# - the final DataFrame (3 rows): layer_norm of the carried array plus C; correct from the author's rounded array
#   (e.g. -0.3869000758), wrong from the stated pipeline (carried).
# Ambiguous: "Sum = [1. 1. 1.]" only restates the column normalisation of the axis-0 softmax; the stated row softmax has
#   row sums 1 and column sums (0.9414, 0.9135, 1.145).
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="es", topics=["basic", "softmax-axis", "scaling", "layer-norm", "notebook", "numpy-array"])
NUM = re.compile(r"-?\d+\.\d*")


def nums(ln):
    return [x for x in NUM.findall(e.lines[ln - 1].replace("shape", ""))]


C = M([["0.285", "0.037", "0.61"], ["0.503", "0.051", "0.279"], ["0.908", "0.24", "0.145"]])
WK = M([["0.634", "0.536", "0.09"], ["0.835", "0.321", "0.187"], ["0.041", "0.591", "0.678"]])
WQ = M([["0.489", "0.986", "0.242"], ["0.672", "0.762", "0.238"], ["0.728", "0.368", "0.632"]])
WV = M([["0.017", "0.512", "0.226"], ["0.645", "0.174", "0.691"], ["0.387", "0.937", "0.138"]])
Q, K, V = C * WQ, C * WK, C * WV
S = Q * K.T
dk = 3
S3 = S / sp.sqrt(dk)
A = softmax_rows(S3)
O = A * V


def layer_norm(X, eps=R(1, 10**6)):
    out = sp.zeros(*X.shape)
    for i in range(X.rows):
        row = [X[i, j] for j in range(X.cols)]
        m = sum(row) / len(row)
        var = sum((x - m) ** 2 for x in row) / len(row)
        for j in range(X.cols):
            out[i, j] = (row[j] - m) / sp.sqrt(var + eps)
    return out


LN = layer_norm(O + C)

# inputs
L = e.line("[[0.285 0.037 0.61 ]")
for k in range(3):
    e.given(L + k, f"corpus row {k + 1}")
L = e.line("[[0.285 0.037 0.61 ]", nth=2)
for k in range(3):
    e.given(L + k, f"Q = copy of the corpus, row {k + 1}")
for lab in ("Key weights:", "Query weights:", "Values weights:"):
    L = e.line(lab, nth=2)          # the printed output, not the print() call
    for k in range(3):
        e.given(L + k, f"{lab} row {k + 1}")

# projections
for lab, Mx in (("Key (Post adding weights):", K), ("Query (Post adding weights):", Q),
                ("Values (Post adding weights):", V)):
    L = e.line(lab, nth=2) + 1
    e.rows([L, L + 1, L + 2], lab, [nums(L + k) for k in range(3)], Mx)

# QK^T
L = e.line("array([[0.63088447")
e.rows([L, L + 1, L + 2], "QK^T", [nums(L + k) for k in range(3)], S)

# scaled scores: divided by sqrt(6) instead of sqrt(d_k) = sqrt(3)
L = e.line("array([[0.2575575 ")
e.rows([L, L + 1, L + 2], "QK^T / sqrt(d_k) (code divides by sqrt(6))", [nums(L + k) for k in range(3)], S3)

e.ambiguous(e.line("Sum = [1. 1. 1.]"),
            "column sums of the axis-0 softmax; the stated row softmax has row sums 1 and column sums 0.9414/0.9135/1.145")

# res*V: elementwise product of column-softmax weights with V
L = e.line("array([[0.08511458")
e.rows([L, L + 1, L + 2], "attention output (code: column softmax * V elementwise)", [nums(L + k) for k in range(3)], O)
L = e.line("array([[0.0851, 0.2329, 0.0549],")
e.rows([L, L + 1, L + 2], "attention output rounded to 4 decimals", [nums(L + k) for k in range(3)], O, cause="carried")

# Add & Norm
L = e.line("Amo   -0.386900")
e.rows([L, L + 1, L + 2], "layer_norm(output + corpus)", [nums(L + k) for k in range(3)], LN, cause="carried")
e.done()
