# Expected verdicts for en-basic-sssstf0rest-numpy-causal-walkthrough.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: X = [[1,0,1,0],[0,2,0,2],[1,1,0,0]], W_Q = [[1,0],[0,1],[1,0],[0,1]], W_K = [[1,1],[1,0],[0,1],[1,0]],
# W_V = [[1,0],[0,1],[1,1],[0,1]] (numpy float32, printed with precision 4), d_k = 2, causal mask = triu(ones, k=1).
# Q = [[2,0],[0,4],[1,1]], K = [[1,2],[4,0],[2,1]], V = [[2,1],[0,4],[1,1]]; scores = QK^T/sqrt(2) =
# [[2,8,4],[8,0,4],[3,4,3]]/sqrt(2).  The masked scores add -10^9 above the diagonal (printed -1.0000e+09, agreeing at
# that precision).  For the weights the additive -10^9 is taken as -oo: e^(-10^9) is 0 to any printed precision (and
# in float32), so masked weights are exactly 0 and row 1 is exactly [1, 0, 0].  Weights: row 2 = [0.996517, 0.003483, 0],
# row 3 = [0.248255, 0.503490, 0.248255]; output = [[2, 1], [1.993034, 1.010449], [0.744765, 2.510470]].
# Every printed number agrees; no wrong line.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "mask", "causal", "numpy-print", "notebook", "scaling", "softmax", "output"])
NUM = re.compile(r"-?\d+\.?\d*(?:e[+-]\d+)?")


def nums(ln):
    return [t[:-1] if t.endswith(".") else t for t in NUM.findall(e.lines[ln - 1])]


X = M([[1, 0, 1, 0], [0, 2, 0, 2], [1, 1, 0, 0]])
WQ = M([[1, 0], [0, 1], [1, 0], [0, 1]])
WK = M([[1, 1], [1, 0], [0, 1], [1, 0]])
WV = M([[1, 0], [0, 1], [1, 1], [0, 1]])
Q, K, V = X * WQ, X * WK, X * WV
S = Q * K.T / sp.sqrt(2)
mask = sp.Matrix(3, 3, lambda i, j: 1 if j > i else 0)
Sm = sp.Matrix(3, 3, lambda i, j: S[i, j] - 10**9 * mask[i, j])
Sinf = sp.Matrix(3, 3, lambda i, j: -sp.oo if mask[i, j] else S[i, j])
A = softmax_rows(Sinf)
O = A * V

# code cells: the inputs
L = e.line("X = np.array(")
for k in range(3):
    e.given(L + 2 + k, f"X row {k + 1} in code")
for name in ("W_Q", "W_K", "W_V"):
    L = e.line(f"{name} = np.array(")
    for k in range(4):
        e.given(L + 2 + k, f"{name} row {k + 1} in code")


def printed_matrix(header, mat, what):
    L = e.line(header)
    for i in range(mat.rows):
        e.claim(L + 1 + i, f"{what} row {i + 1}", nums(L + 1 + i), list(mat.row(i)))


printed_matrix("Step 0: Input embeddings X (shape=(3, 4)):", X, "X printed")
printed_matrix("W_Q (shape=(4, 2)):", WQ, "W_Q printed")
printed_matrix("W_K (shape=(4, 2)):", WK, "W_K printed")
printed_matrix("W_V (shape=(4, 2)):", WV, "W_V printed")
printed_matrix("Step 1: Queries Q = X @ W_Q (shape=(3, 2)):", Q, "Q")
printed_matrix("Step 1: Keys    K = X @ W_K (shape=(3, 2)):", K, "K")
printed_matrix("Step 1: Values  V = X @ W_V (shape=(3, 2)):", V, "V")
e.claim(e.line("Step 2: Raw scores = (Q @ K^T) / sqrt(d_k=2) (shape=(3, 3)):"), "d_k in the label", "2", Q.cols)
printed_matrix("Step 2: Raw scores = (Q @ K^T) / sqrt(d_k=2) (shape=(3, 3)):", S, "scaled scores")
e.claim(e.line("d_k:  2"), "d_k", "2", Q.cols)
printed_matrix("Step 3: Causal mask (1=masked/future, 0=allowed) (shape=(3, 3)):", mask, "causal mask")
printed_matrix("Step 3: Masked scores (future positions -> very negative) (shape=(3, 3)):", Sm, "masked scores")
printed_matrix("Step 4: Attention weights = softmax(masked_scores) (shape=(3, 3)):", A, "attention weights")
e.claim(e.line("(Check) Row sums of attention weights (shape=(3,)):") + 1, "row sums", ["1", "1", "1"],
        [sum(A.row(i)) for i in range(3)])
printed_matrix("Step 5: Attention output = weights @ V (shape=(3, 2)):", O, "output")
e.claim(e.line("Token 3 attention weights over tokens 1..3: [0.2483 0.5035 0.2483]"), "weights of token 3",
        ["0.2483", "0.5035", "0.2483"], list(A.row(2)))
e.done()
