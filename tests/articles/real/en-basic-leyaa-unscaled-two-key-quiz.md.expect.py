# Expected verdicts for en-basic-leyaa-unscaled-two-key-quiz.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article: a multiple-choice quiz page (leyaa.ai, NLP attention basics, puzzle 13) with a step-by-step solution:
#   one query over two keys, unscaled dot-product scores (no 1/sqrt(d) — the question says "softmax on Q·K^T", and the
#   solution computes exactly that), softmax weights, and the weighted sum of two value vectors.
# Inputs: Q = [1, 0]; K1 = [1, 0], K2 = [0, 1]; V1 = [10, 0], V2 = [0, 20].
# Exact values: scores (1, 0); weights (e/(e+1), 1/(e+1)) = (0.731059, 0.268941); output
#   (10 e/(e+1), 20/(e+1)) = (7.310586, 5.378828). Every printed value agrees at its printed precision: 0.731, 0.269,
#   7.31, 5.38; the products 0.731*10 = 7.31 and 0.269*20 = 5.38 are also right end to end.
# Wrong lines: none. Ambiguous: the three distractor options A [10, 0], B [5, 10], D [0, 20] are answer choices, not
#   values the article claims; option C is the claimed result and is checked.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["basic", "unscaled", "softmax", "quiz"])
L = e.line

q = sp.Matrix([[1, 0]])
K = sp.Matrix([[1, 0], [0, 1]])
V = sp.Matrix([[10, 0], [0, 20]])
s = q * K.T
den = sp.exp(s[0]) + sp.exp(s[1])
w = [sp.exp(s[0]) / den, sp.exp(s[1]) / den]
out = [w[0] * V[0, 0] + w[1] * V[1, 0], w[0] * V[0, 1] + w[1] * V[1, 1]]

e.given(L("The question: take the query Q = [1, 0]"), "Q, K1, K2, V1, V2")
for opt in ("A[10, 0]", "B[5, 10]", "D[0, 20]"):
    e.ambiguous(L(opt), "a multiple-choice distractor: printed as an answer option, not claimed as the result")
e.claim(L("C[7.31, 5.38]"), "option C = the attention output", ["7.31", "5.38"], out)

ln = L("Q·K1 = 1*1 + 0*0 = 1; Q·K2 = 1*0 + 0*1 = 0.")
e.claim(ln, "dot products: operands and results", ["1", "1", "0", "0", "1", "1", "0", "0", "1", "0"],
        [q[0], K[0, 0], q[1], K[0, 1], s[0], q[0], K[1, 0], q[1], K[1, 1], s[1]])
e.claim(L("2. Step 2: softmax over the two scores [1, 0]"), "scores restated", ["1", "0"], [s[0], s[1]])
ln = L("Softmax(1,0) = [e^1/(e^1+e^0)")
e.claim(ln, "softmax weights (unscaled scores)", ["0.731", "0.269"], w)
ln = L("Output = 0.731*[10,0] + 0.269*[0,20]")
e.claim(ln, "weights and values restated", ["0.731", "10", "0", "0.269", "0", "20"],
        [w[0], V[0, 0], V[0, 1], w[1], V[1, 0], V[1, 1]])
e.claim(ln, "weighted values and their sum", ["7.31", "5.38", "7.31", "5.38"],
        [w[0] * V[0, 0], w[1] * V[1, 1], out[0], out[1]])
e.claim(L("The result [7.31, 5.38] is option C"), "result restated", ["7.31", "5.38"], out)
e.claim(L("[7.31, 5.38] -> Option C"), "final answer", ["7.31", "5.38"], out)
e.done()
