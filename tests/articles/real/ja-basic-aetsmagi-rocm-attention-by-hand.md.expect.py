# Expected verdicts for ja-basic-aetsmagi-rocm-attention-by-hand.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: x = [[1,0,1,0],[0,1,0,1],[1,1,0,0]] (tokens A, B, C), Q = K = V = x, d_k = 4 (code comment "# = 4").
# Scores QK^T/2 = [[1, 0, 0.5], [0, 1, 0.5], [0.5, 0.5, 1]]: printed right.
# Exact softmax rows: [0.5065, 0.1863, 0.3072], [0.1863, 0.5065, 0.3072], [0.2741, 0.2741, 0.4519]; the printed
# "tensor" [[0.4219, 0.1553, 0.2561], [0.1553, 0.4219, 0.2561], [0.2312, 0.2312, 0.4810]] is wrong in every entry
# (its rows sum to 0.8333 / 0.8333 / 0.9434, not 1), though it is not what the printed code would print: slips.
# Exact output W V: [0.8137, 0.4935, 0.5065, 0.1863], [0.4935, 0.8137, 0.1863, 0.5065], [0.7259, 0.7259, 0.2741, 0.2741].
# Printed rows 1-2 ([0.6780, 0.4114, 0.4219, 0.1553] ...) are exactly the printed weights times V: carried.
# Printed row 3 [0.4624, 0.4624, 0.2312, 0.2312]: from the printed weights it would be [0.7122, 0.7122, 0.2312, 0.2312]
# (0.4624 = 2 x 0.2312 leaves out token C's 0.4810): the first two entries are a slip, the last two carried.
# Prose "A looks most at itself, then at C" agrees with both the exact and the printed row (qualitative, not claimed).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ja", topics=["basic", "scaling", "softmax", "output"])
x = M([[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0]])
dk = 4
S = x * x.T / sp.sqrt(dk)
W = softmax_rows(S)
O = W * x

e.given(e.line("[1.0, 0.0, 1.0, 0.0],  # トークン A"), "token A")
e.given(e.line("[0.0, 1.0, 0.0, 1.0],  # トークン B"), "token B")
e.given(e.line("[1.0, 1.0, 0.0, 0.0],  # トークン C"), "token C")
e.claim(e.line("d_k = Q.size(-1)  # = 4"), "d_k = last dim of x", "4", x.cols)

L = e.line("tensor([[1.0000, 0.0000, 0.5000],")
e.rows([L, L + 1, L + 2], "scores QK^T / sqrt(4)",
       [["1.0000", "0.0000", "0.5000"], ["0.0000", "1.0000", "0.5000"], ["0.5000", "0.5000", "1.0000"]], S)
L = e.line("tensor([[0.4219, 0.1553, 0.2561],")
e.rows([L, L + 1, L + 2], "softmax weights",
       [["0.4219", "0.1553", "0.2561"], ["0.1553", "0.4219", "0.2561"], ["0.2312", "0.2312", "0.4810"]], W)
L = e.line("tensor([[0.6780, 0.4114, 0.4219, 0.1553],")
e.claim(L, "output row 1", ["0.6780", "0.4114", "0.4219", "0.1553"], O.row(0), cause="carried")
e.claim(L + 1, "output row 2", ["0.4114", "0.6780", "0.1553", "0.4219"], O.row(1), cause="carried")
e.claim(L + 2, "output row 3, entries 1-2 (token C's weight left out)", ["0.4624", "0.4624"],
        [O[2, 0], O[2, 1]], cause="slip")
e.claim(L + 2, "output row 3, entries 3-4 (= printed weight 0.2312)", ["0.2312", "0.2312"],
        [O[2, 2], O[2, 3]], cause="carried")
e.done()
