# Expected verdicts for en-alibi-gitee-leetgpu-alibi-example.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: Q (2×4), K (3×4), V (3×4) as printed, d = 4, alpha = 0.5, bias alpha·(i − j) added to QK^T/sqrt(d).
# Logits: row 0 = [0.5, -0.5, -1.0], row 1 = [0.5, 0.5, -0.5]; weights row 0 = [0.628532, 0.231224, 0.140244],
# row 1 = [0.422319, 0.422319, 0.155362].
# Output row 0 = [3.046849, 4.046849, 5.046849, 6.046849]; printed [3.05, 4.05, 6.05, 7.05] -> wrong (slip: the
#   last two entries are 1 too large; 6.05 / 7.05 against 5.05 / 6.05).
# Output row 1 = [3.932173, 4.932173, 5.932173, 6.932173] -> [3.93, 4.93, 5.93, 6.93] ok.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["alibi", "bmatrix", "coding-problem"])
Q = M([["1.0", "0.0", "0.0", "0.0"], ["0.0", "1.0", "0.0", "0.0"]])
K = M([["1.0", "0.0", "0.0", "0.0"], ["0.0", "1.0", "0.0", "0.0"], ["0.0", "0.0", "1.0", "0.0"]])
V = M([["1.0", "2.0", "3.0", "4.0"], ["5.0", "6.0", "7.0", "8.0"], ["9.0", "10.0", "11.0", "12.0"]])
alpha = R(1, 2)
S = Q * K.T / sp.sqrt(4) + sp.Matrix(2, 3, lambda i, j: alpha * (i - j))
O = softmax_rows(S) * V

e.given(e.line("\\text{Attention}_{ALiBi}(Q, K, V)"), "ALiBi attention formula")
L = e.line("\\begin{bmatrix}", 1)
e.given(L + 1, "Q row 1")
e.given(L + 2, "Q row 2")
L = e.line("\\begin{bmatrix}", 2)
for k in range(3):
    e.given(L + 1 + k, f"K row {k + 1}")
L = e.line("\\begin{bmatrix}", 3)
for k in range(3):
    e.given(L + 1 + k, f"V row {k + 1}")
e.given(e.line("\\(\\alpha = 0.5\\)"), "alpha = 0.5")
L = e.line("3.05 & 4.05 & 6.05 & 7.05")
e.rows([L, L + 1], "output", [["3.05", "4.05", "6.05", "7.05"], ["3.93", "4.93", "5.93", "6.93"]], O)
e.done()
