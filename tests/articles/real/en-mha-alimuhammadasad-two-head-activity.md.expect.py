# Expected verdicts for en-mha-alimuhammadasad-two-head-activity.md, computed with plain SymPy (see oracle.py); not
# symattn's code.
# Inputs (code cells): X = [[1, 2], [3, 4]]; head 1: W_Q1 = I, W_K1 = [[0, 1], [1, 0]], W_V1 = [[1, 0], [0, -1]];
#   head 2: W_Q2 = [[0, 1], [1, 0]], W_K2 = I, W_V2 = [[0, 1], [-1, 0]]; W_O = [[1, 0], [0, 1], [-1, 0], [0, -1]].
#   Each head: scores = Q K^T / sqrt(2) (d_k = 2), row softmax, output = weights V.
# Both heads have the same scores [[4, 10], [10, 24]] / sqrt(2); the weights on the second token are
#   1/(1 + e^(-6/sqrt 2)) = 0.985834 and 1/(1 + e^(-14/sqrt 2)) = 0.999950.
#   head1 = [[2.971667928, -3.971667928], [2.999899605, -3.999899605]]
#   head2 = [[-3.971667928, 2.971667928], [-3.999899605, 2.999899605]]
#   M = concat(head1, head2) W_O = head1 - head2 = [[6.943335856, -6.943335856], [6.999799210, -6.999799210]]
# Every printed number (numpy float64, 8 decimals; 2.9998996 is 2.99989960 with the trailing zero dropped) agrees.
# No wrong lines.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["mha", "multi-head", "concat", "output-projection", "notebook",
                                            "numpy-print"])
L = e.line

X = M([[1, 2], [3, 4]])
WQ1, WK1, WV1 = M([[1, 0], [0, 1]]), M([[0, 1], [1, 0]]), M([[1, 0], [0, -1]])
WQ2, WK2, WV2 = M([[0, 1], [1, 0]]), M([[1, 0], [0, 1]]), M([[0, 1], [-1, 0]])
WO = M([[1, 0], [0, 1], [-1, 0], [0, -1]])


def self_attention(Q, K, V):
    S = Q * K.T / sp.sqrt(Q.cols)
    P = sp.zeros(S.rows, S.cols)
    for i in range(S.rows):
        den = sum(sp.exp(S[i, k]) for k in range(S.cols))
        for j in range(S.cols):
            P[i, j] = sp.exp(S[i, j]) / den
    return P * V


head1 = self_attention(X * WQ1, X * WK1, X * WV1)
head2 = self_attention(X * WQ2, X * WK2, X * WV2)
concat = head1.row_join(head2)
Mout = concat * WO

NUM = re.compile(r"-?\d+\.\d+")


def nums(ln):
    return NUM.findall(e.lines[ln - 1])


# inputs
e.given(L("X = np.array([[1, 2],"), "X row 1")
e.given(L("X = np.array([[1, 2],") + 1, "X row 2")
for name in ("W_Q1", "W_K1", "W_V1", "W_Q2", "W_K2", "W_V2"):
    ln = L(f"{name} = np.array([[")
    e.given(ln, f"{name} row 1")
    e.given(ln + 1, f"{name} row 2")
ln = L("W_O = np.array([[1, 0],")
for k in range(4):
    e.given(ln + k, f"W_O row {k + 1}")

# printed results
p = L("Head 1 Output:", 2)
e.rows([p + 1, p + 2], "head 1 output", [nums(p + 1), nums(p + 2)], head1)
p = L("Head 2 Output:", 2)
e.rows([p + 1, p + 2], "head 2 output", [nums(p + 1), nums(p + 2)], head2)
p = L("Concatenated Heads:", 2)
e.rows([p + 1, p + 2], "concatenated heads", [nums(p + 1), nums(p + 2)], concat)
p = L("Final Multi-Head Self-Attention Output (M):", 2)
e.rows([p + 1, p + 2], "final output M", [nums(p + 1), nums(p + 2)], Mout)
e.done()
