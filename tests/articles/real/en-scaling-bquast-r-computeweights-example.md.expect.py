# Expected verdicts for en-scaling-bquast-r-computeweights-example.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the 4 x 4 score matrix S = [[6, 4, 10, 5], [4, 6, 10, 6], [10, 10, 20, 11], [3, 1, 4, 2]] (byrow = TRUE).
# ComputeWeights as printed: size = 4 rows, each row minus its maximum, divided by size ^ 0.5 = 2, then SoftMax
#   (the max shift does not change the softmax), i.e. W = softmax_rows(S / 2).
# Exact: row 1 [0.106798, 0.0392888, 0.789137, 0.0647763]; row 2 [0.0377044, 0.102491, 0.757313, 0.102491];
#   row 3 [0.00657627, 0.00657627, 0.976005, 0.0108424]; row 4 [0.276004, 0.101536, 0.455054, 0.167405].
# All 16 printed R outputs agree (machine floats, 7 significant digits); no wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["scaling", "softmax", "code-output", "r-language"])
S = M([["6", "4", "10", "5"], ["4", "6", "10", "6"], ["10", "10", "20", "11"], ["3", "1", "4", "2"]])
size = S.rows
W = softmax_rows(S / sp.sqrt(size))

L = e.line("#' scores <- matrix(c( 6,  4, 10,  5,")
for k in range(4):
    e.given(L + k, f"score matrix row {k + 1}")
e.given(e.line("#'                  nrow  = 4,"), "nrow = 4")
e.given(e.line("#'                  ncol  = 4,"), "ncol = 4")
rows = [["0.10679806", "0.03928881", "0.7891368", "0.06477630"],
        ["0.03770440", "0.10249120", "0.7573132", "0.10249120"],
        ["0.00657627", "0.00657627", "0.9760050", "0.01084244"],
        ["0.27600434", "0.10153632", "0.4550542", "0.16740510"]]
L = e.line("#' # [1,] 0.10679806")
e.rows([L, L + 1, L + 2, L + 3], "ComputeWeights(scores) output", rows, W)
e.given(e.line("  weights = matrix(0, nrow=4, ncol=4)"), "code: 4 x 4 result matrix")
e.given(e.line("    weights[i,] = SoftMax((scores[i,]-maxs[i,]) / size ^ 0.5)"), "code: divide by sqrt(size)")
e.done()
