# Expected verdicts for zh-mask-cleardewy-two-token-causal-pipeline.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: one head, two tokens, D = 2, Q = K = I_2, V = [[2, 0], [0, 4]], causal mask [[0, -inf], [0, 0]].
# S = Q K^T = I_2; S / sqrt(2) = [[0.70711, 0], [0, 0.70711]].
# Masked softmax: row 1 = [1, 0]; row 2 = softmax([0, 1/sqrt2]) = [0.3302385, 0.6697615].
# Output O = P V: o1 = [2, 0]; o2 = [0.6604769, 2.6790462] -> [0.6605, 2.6790] (both right at 4 places).
# Counterfactual without the mask: row 1 = [0.6697615, 0.3302385]; o1 = [2 * 0.6697615, 4 * 0.3302385]
#   = [1.3395231, 1.3209538] -> [1.3395, 1.3210]; the article prints 1.3209 (truncated; from its own rounded
#   0.3302 it would be 1.3208, so it is not drift): wrong, slip.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["mask", "basic"])
D = 2
Q = sp.eye(2)
K = sp.eye(2)
V = M([["2", "0"], ["0", "4"]])
S = Q * K.T
Ss = S / sp.sqrt(D)
row1 = sp.Matrix([[1, 0]])                       # only key 1 allowed
row2 = softmax_rows(Ss.row(1))
P = sp.Matrix.vstack(row1, row2)
O = P * V
nomask1 = softmax_rows(Ss.row(0))
o1_nomask = nomask1 * V

e.given(e.line("每个头的维度 `D=2`"), "head dimension D = 2")
e.given(e.line("Q=K=\\begin{bmatrix}1&0\\\\0&1\\end{bmatrix},"), "Q = K = I")
e.given(e.line("V=\\begin{bmatrix}2&0\\\\0&4\\end{bmatrix}"), "V")
e.claim(e.line("K^\\top=\\begin{bmatrix}1&0\\\\0&1\\end{bmatrix}"), "K transpose", ["1", "0", "0", "1"], K.T)
L = e.line("=\\begin{bmatrix}1&0\\\\0&1\\end{bmatrix}", after=e.line("S=QK^\\top"))
e.claim(L, "S = Q K^T", ["1", "0", "0", "1"], S)
e.claim(e.line("| query 1 | `q1·k1=1`"), "q1.k1, q1.k2", ["1", "0"], S.row(0))
e.claim(e.line("| query 2 | `q2·k1=0`"), "q2.k1, q2.k2", ["0", "1"], S.row(1))
e.claim(e.line("\\approx\\begin{bmatrix}0.707&0\\\\0&0.707\\end{bmatrix}"), "S / sqrt(2)",
        ["0.707", "0", "0", "0.707"], Ss)
e.given(e.line("M=\\begin{bmatrix}0&-\\infty\\\\0&0\\end{bmatrix}"), "causal mask")
e.claim(e.line("=\\begin{bmatrix}0.707&-\\infty\\\\0&0.707\\end{bmatrix}"), "masked scaled scores (finite entries)",
        ["0.707", "0", "0.707"], [Ss[0, 0], Ss[1, 0], Ss[1, 1]])
e.claim(e.line("$$e^{-\\infty}=0$$"), "exp(-inf) = 0", ["0"], [0])
e.claim(e.line("$$softmax([0.707,-\\infty])=[1,0]$$"), "masked softmax row 1", ["0.707", "1", "0"],
        [Ss[0, 0], 1, 0])
e.claim(e.line("softmax([0,0.707])"), "row 2 scaled scores", ["0", "0.707"], Ss.row(1))
e.claim(e.line("\\approx[0.3302,0.6698]"), "softmax row 2", ["0.3302", "0.6698"], row2)
e.claim(e.line("P\\approx\\begin{bmatrix}1&0\\\\0.3302&0.6698\\end{bmatrix}"), "weights P",
        ["1", "0", "0.3302", "0.6698"], P)
e.claim(e.line("$$o_1=1[2,0]+0[0,4]=[2,0]$$"), "o1 = 1 v1 + 0 v2", ["1", "0", "2", "0"],
        [P[0, 0], P[0, 1], O[0, 0], O[0, 1]])
e.claim(e.line("=0.3302[2,0]+0.6698[0,4]"), "weights used for o2", ["0.3302", "0.6698"], row2)
e.claim(e.line("\\approx[0.6605,2.6790]"), "o2", ["0.6605", "2.6790"], O.row(1))
e.claim(e.line("O\\approx\\begin{bmatrix}2&0\\\\0.6605&2.6790\\end{bmatrix}"), "output O",
        ["2", "0", "0.6605", "2.6790"], O)
e.claim(e.line("而是 `[0.707,0]`"), "unmasked row-1 scores", ["0.707", "0"], Ss.row(0))
e.claim(e.line("$$weights_1\\approx[0.6698,0.3302]$$"), "unmasked softmax row 1", ["0.6698", "0.3302"], nomask1)
e.claim(e.line("$$o_1\\approx[1.3395,1.3209]$$"), "unmasked o1 (1.3209 truncates 1.32095)",
        ["1.3395", "1.3209"], o1_nomask, cause="slip")
e.claim(e.line("1. `[[1,0],[0,1]]`"), "static answer: Q K^T", ["1", "0", "0", "1"], S)
e.done()
