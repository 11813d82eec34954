# Expected verdicts for en-basic-melhzy-tutorial-weights-4-3.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Q = [[1,0],[0,1],[1,1]], K = Q, V = [[1,2,3],[4,5,6],[7,8,9]], d_k = 2.  QK^T = [[1,0,1],[0,1,1],[1,1,2]] and the
# scaled matrix (0.71 / 1.41) are right.  The softmax rows are all wrong: row 1 is [0.401, 0.198, 0.401] (printed
# [0.38, 0.24, 0.38]), row 2 [0.198, 0.401, 0.401] (printed [0.21, 0.39, 0.39], not even the mirror of row 1),
# row 3 [0.248, 0.248, 0.503] (printed [0.26, 0.26, 0.48]).  The outputs are wrong too: exactly [4.0, 5.0, 6.0],
# [4.61, 5.61, 6.61] and [4.77, 5.77, 6.77]; the printed rows [4.3, ...], [5.5, ...], [5.7, ...] do not follow even
# from the printed weights (those give [4.00, 5.00, 6.00], [4.50, 5.49, 6.48], [4.66, 5.66, 6.66]) -> slips.
# Six wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "scaling", "softmax", "output"])
Q = M([[1, 0], [0, 1], [1, 1]])
K = M([[1, 0], [0, 1], [1, 1]])
V = M([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
S = Q * K.T
Sc = S / sp.sqrt(2)
W = softmax_rows(Sc)
O = W * V
e.given(e.line("d_k = 2 (key/query dimension)"), "d_k")
e.given(e.line("d_v = 3 (value dimension)"), "d_v")
L = e.line("Q = [[1, 0],    K = [[1, 0],")
for i in range(3):
    e.given(L + i, "Q, K, V rows")
L = e.line("QK^T = [[1×1 + 0×0")
for i in range(3):
    e.given(L + i, "products written out (their values follow below)")
L = e.line("= [[1, 0, 1],")
e.rows([L, L + 1, L + 2], "QK^T", [["1", "0", "1"], ["0", "1", "1"], ["1", "1", "2"]], S)
e.claim(e.line("### Step 2: Scale by √d_k = √2 ≈ 1.414"), "sqrt(2)", "1.414", sp.sqrt(2))
L = e.line("Scaled = [[0.71, 0.00, 0.71]")
e.rows([L, L + 1, L + 2], "scaled", [["0.71", "0.00", "0.71"], ["0.00", "0.71", "0.71"], ["0.71", "0.71", "1.41"]], Sc)
L = e.line("Weights ≈ [[0.38, 0.24, 0.38]")
e.rows([L, L + 1, L + 2], "softmax", [["0.38", "0.24", "0.38"], ["0.21", "0.39", "0.39"], ["0.26", "0.26", "0.48"]], W)
L = e.line("≈ [[4.3, 5.3, 6.3]")
e.rows([L, L + 1, L + 2], "output", [["4.3", "5.3", "6.3"], ["5.5", "6.5", "7.5"], ["5.7", "6.7", "7.7"]], O)
e.done()
