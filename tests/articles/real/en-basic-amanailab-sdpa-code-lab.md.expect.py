# Expected verdicts for en-basic-amanailab-sdpa-code-lab.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Q = K = I (2x2), V = [[1, 2], [3, 4]], d_k = 2: scores / sqrt(2) = [[0.7071, 0], [0, 0.7071]], weights
# w = 1 / (1 + e^(-1/sqrt 2)) = 0.669762 and 1 - w = 0.330238, output [[1.660477, 2.660477], [2.339523, 3.339523]],
# at the requested 5 places [[1.66048, 2.66048], [2.33952, 3.33952]]. Case 2 (one query [1, 0], V = [[10, 20], [30, 40]]):
# [[16.60476, 26.60476]].
# Every printed output is wrong: the example and case 1 print 1.66082 / 2.66082 / 2.33918 / 3.33918 (these fit a weight
# of 0.66959 instead of 0.66976); case 2 prints 16.60882 / 26.60882, the same wrong weight (10 + 20 * 0.33041).
# The example line is the root slip; case 1 restates it (carried); case 2 is its own computation with the same error (slip).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "coding-problem", "plain-text"])


def attention(Q, K, V):
    return softmax_rows(Q * K.T / sp.sqrt(K.cols)) * V


I2 = sp.eye(2)
V1 = sp.Matrix([[1, 2], [3, 4]])
O1 = attention(I2, I2, V1)
O2 = attention(sp.Matrix([[1, 0]]), I2, sp.Matrix([[10, 20], [30, 40]]))

L = e.line("Q = K = [[1,0],[0,1]] V = [[1,2],[3,4]] d_k = 2")
e.given(L, "example inputs")
e.claim(L, "example output", ["1.66082", "2.66082", "2.33918", "3.33918"], list(O1))
e.given(e.line("rounded to **5 decimal places**"), "rounding rule")
e.given(e.line("Case 1: 2×2 identity Q,K"), "case 1 shape")
e.given(e.line("Input: attention([[1,0],[0,1]]"), "case 1 inputs")
e.claim(e.line("Expected: [[1.66082"), "case 1 expected", ["1.66082", "2.66082", "2.33918", "3.33918"], list(O1),
        cause="carried")
e.given(e.line("Input: attention([[1,0]],"), "case 2 inputs")
e.claim(e.line("Expected: [[16.60882"), "case 2 expected", ["16.60882", "26.60882"], list(O2))
e.done()
