# Expected verdicts for en-basic-adomicarts-self-attention-problem.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Q = K = I (2x2), V = [[1, 2], [3, 4]]: scores / sqrt(2) = [[0.7071, 0], [0, 0.7071]]; weights [[0.669762, 0.330238],
# [0.330238, 0.669762]]; output [[1.660477, 2.660477], [2.339523, 3.339523]].
# The output line is right. The explanation line is wrong: its scores [[0.707, 0], [0, 0.707]] are right, but the softmax
# [[0.66, 0.34], [0.34, 0.66]] is [[0.67, 0.33], [0.33, 0.67]] at 2 places (0.6698 cut to 0.66, and its complement 0.34)
# -- a slip on the same line as the right scores.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "coding-problem", "plain-text", "scaling"])
Q = K = sp.eye(2)
V = sp.Matrix([[1, 2], [3, 4]])
S = Q * K.T / sp.sqrt(2)
A = softmax_rows(S)
O = A * V

e.given(e.line("Input: Q = np.array([[1, 0], [0, 1]])"), "Q, K, V")
e.claim(e.line("Output: [[1.660477"), "output", ["1.660477", "2.660477", "2.339523", "3.339523"], list(O))
L = e.line("Explanation: 1. Compute scores")
e.claim(L, "sqrt(d_k) with d_k = 2", ["2"], [K.cols])
e.claim(L, "scaled scores", ["0.707", "0", "0", "0.707"], list(S))
e.claim(L, "softmax rows", ["0.66", "0.34", "0.34", "0.66"], list(A))
e.done()
