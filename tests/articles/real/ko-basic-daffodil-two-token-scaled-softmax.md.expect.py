# Expected verdicts for ko-basic-daffodil-two-token-scaled-softmax.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (tables are dims × tokens, so each column is one vector): Q1 = [1,0], Q2 = [0,1]; K1 = [1,0], K2 = [0,1];
#   V1 = [1,0], V2 = [2,1]; d_k = 2, scaled by √2.
# Dot products [[1,0],[0,1]] (right); √2 ≈ 1.414 and 1/√2 ≈ 0.707 (right).
# Softmax: softmax([1/√2, 0]) = [0.669762, 0.330238] -> the printed [0.668, 0.332] is WRONG at 3 places
#   (0.670 / 0.330; even from the rounded 0.707 it is 0.66975). Q2 is the mirror, also WRONG.
# Outputs: exact Q1 -> [1.330238, 0.330238], Q2 -> [1.669762, 0.669762]. The printed [1.332, 0.332] and
#   [1.668, 0.668] follow exactly from the author's 0.668/0.332 (0.668 + 2·0.332 = 1.332): WRONG, carried.
# Wrong lines: 6 (Q1 weights 0.668/0.332 -> 0.669762/0.330238, slip; Q2 weights 0.332/0.668 mirror, slip; Q1 output
#   line 1.332/0.332 -> 1.330238/0.330238 and Q2 output line 1.668/0.668 -> 1.669762/0.669762, carried; the two
#   result-table rows, carried).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ko", topics=["basic", "scaled", "table", "prose-arithmetic", "two-tokens"])

Q = M([[1, 0], [0, 1]])
K = M([[1, 0], [0, 1]])
V = M([[1, 0], [2, 1]])
S = Q * K.T
Ssc = S / sp.sqrt(2)
A = softmax_rows(Ssc)
O = A * V

# the three input tables (rows dim1/dim2)
for nth in (1, 2, 3):
    e.given(e.line("| dim1 |", nth), "input table row dim1")
    e.given(e.line("| dim2 |", nth), "input table row dim2")

e.claim(e.line("- Q1·K1 = 1*1 + 0*0 = 1"), "Q1·K1", ["1"], [S[0, 0]])
e.claim(e.line("- Q1·K2 = 1*0 + 0*1 = 0"), "Q1·K2", ["0"], [S[0, 1]])
e.claim(e.line("- Q2·K1 = 0*1 + 1*0 = 0"), "Q2·K1", ["0"], [S[1, 0]])
e.claim(e.line("- Q2·K2 = 0*0 + 1*1 = 1"), "Q2·K2", ["1"], [S[1, 1]])
e.claim(e.line("√d_k = √2 ≈ 1.414"), "√2", ["1.414"], [sp.sqrt(2)])
e.claim(e.line("- Q1-K1: 1 / 1.414 ≈ 0.707"), "scaled Q1·K1", ["0.707"], [Ssc[0, 0]])
e.claim(e.line("- Q1-K2: 0 / 1.414 = 0"), "scaled Q1·K2", ["0"], [Ssc[0, 1]])
e.claim(e.line("- Q2-K1: 0 / 1.414 = 0"), "scaled Q2·K1", ["0"], [Ssc[1, 0]])
e.claim(e.line("- Q2-K2: 1 / 1.414 ≈ 0.707"), "scaled Q2·K2", ["0.707"], [Ssc[1, 1]])

L = e.line("- Q1: softmax([0.707, 0])")
e.claim(L, "Q1 scaled scores restated", ["0.707"], [Ssc[0, 0]])
e.claim(L, "Q1 weights", ["0.668", "0.332"], list(A.row(0)))
L = e.line("- Q2: softmax([0, 0.707])")
e.claim(L, "Q2 scaled scores restated", ["0.707"], [Ssc[1, 1]])
e.claim(L, "Q2 weights", ["0.332", "0.668"], list(A.row(1)))

L = e.line("- Q1: 0.668*V1 + 0.332*V2")
e.claim(L, "Q1 weights restated", ["0.668", "0.332"], list(A.row(0)), cause="carried")
e.claim(L, "Q1 output", ["1.332", "0.332"], list(O.row(0)), cause="carried")
L = e.line("- Q2: 0.332*V1 + 0.668*V2")
e.claim(L, "Q2 weights restated", ["0.332", "0.668"], list(A.row(1)), cause="carried")
e.claim(L, "Q2 output", ["1.668", "0.668"], list(O.row(1)), cause="carried")

e.claim(e.line("| Q1 | [1.332, 0.332] |"), "result table Q1", ["1.332", "0.332"], list(O.row(0)), cause="carried")
e.claim(e.line("| Q2 | [1.668, 0.668] |"), "result table Q2", ["1.668", "0.668"], list(O.row(1)), cause="carried")
e.done()
