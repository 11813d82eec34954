# Expected verdicts for pt-basic-heitorviana-self-attention-do-zero.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: Q (3x4), K (3x4), V (3x2) as printed; d_k = 4, so the scores are Q K^T / 2.
# Exact: scaled scores [[2,4,1],[6,12,2],[5,10,2]]; weights [[0.114,0.844,0.042],[0.0025,0.9975,0.0000],[0.0067,0.9930,0.0003]];
# output [[0.135,0.865],[0.0025,0.9975],[0.0069,0.9931]].  The README's weights and output match none of this
# (and its output does not follow from its own weights either): all six rows are slips.
# The illustrative softmax([100, 98, 95]) is [0.876, 0.118, 0.006], not [0.952, 0.047, 0.001] (slip).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="pt", topics=["basic", "softmax", "scaling", "printed-output", "shapes"])
Q = M([["1.0", "0.0", "1.0", "0.0"], ["0.0", "2.0", "0.0", "2.0"], ["1.0", "1.0", "1.0", "1.0"]])
K = M([["1.0", "2.0", "3.0", "4.0"], ["2.0", "4.0", "6.0", "8.0"], ["1.0", "1.0", "1.0", "1.0"]])
V = M([["1.0", "0.0"], ["0.0", "1.0"], ["0.5", "0.5"]])
dk = K.cols
A = softmax_rows(Q * K.T / sp.sqrt(dk))
O = A * V

# row sums of the weights (the test list and the note under the weights)
e.claim(e.line("cada linha dos attention weights soma 1.0"), "row sums of the weights", "1.0", sum(A.row(0)))

# the saturation illustration
L = e.line("softmax([100, 98, 95])")
e.given(L, "illustrative scores 100, 98, 95")
ill = softmax_rows(M([["100", "98", "95"]]))
e.claim(L, "softmax([100, 98, 95])", ["0.952", "0.047", "0.001"], ill)
e.given(e.line("(ex: 64, 512)"), "example dimensions")
L = e.line("√64 = 8")
e.given(L, "d_k = 64, scores ~100")
e.claim(L, "sqrt(64)", "8", sp.sqrt(64))
e.claim(L, "100 / sqrt(64)", "12.5", R(100) / sp.sqrt(64))

# inputs
L = e.line("**Q (Queries)** - shape (3, 4):")
e.claim(L, "shape of Q", ["3", "4"], [Q.rows, Q.cols])
for k in range(3):
    e.given(L + 2 + k, f"Q row {k + 1}")
L = e.line("**K (Keys)** - shape (3, 4):")
e.claim(L, "shape of K", ["3", "4"], [K.rows, K.cols])
for k in range(3):
    e.given(L + 2 + k, f"K row {k + 1}")
L = e.line("**V (Values)** - shape (3, 2):")
e.claim(L, "shape of V", ["3", "2"], [V.rows, V.cols])
for k in range(3):
    e.given(L + 2 + k, f"V row {k + 1}")

# expected output
L = e.line("**Attention Weights** - shape (3, 3):")
e.claim(L, "shape of the weights", ["3", "3"], [A.rows, A.cols])
e.rows([L + 2, L + 3, L + 4], "attention weights",
       [["0.259", "0.259", "0.482"], ["0.104", "0.787", "0.109"], ["0.186", "0.628", "0.186"]], A)
e.claim(e.line("cada linha soma 1.0, ou seja"), "row sums of the weights", "1.0", sum(A.row(1)))
L = e.line("**Output Final** - shape (3, 2):")
e.claim(L, "shape of the output", ["3", "2"], [O.rows, O.cols])
# not carried: the printed output is not the printed weights times V either ([0.5, 0.5], [0.159, 0.842], [0.279, 0.721])
e.rows([L + 2, L + 3, L + 4], "output",
       [["0.482", "0.518"], ["0.109", "0.891"], ["0.407", "0.593"]], O)
e.done()
