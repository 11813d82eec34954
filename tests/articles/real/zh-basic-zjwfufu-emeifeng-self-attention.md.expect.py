# Expected verdicts for zh-basic-zjwfufu-emeifeng-self-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese blog post (zjwfufu) that works self-attention by hand with Q = K = V = X and no projection matrices.
# Inputs: X = [[1,3,2],[1,2,2],[3,2,1]] (the word vectors 峨, 眉, 峰), d_k = 3 (scale 1/sqrt(3)).
# Exact values computed here:
#   X X^T = [[14,11,11],[11,9,9],[11,9,14]];
#   softmax(X X^T / sqrt3) rows = [0.738638, 0.130681, 0.130681], [0.613383, 0.193309, 0.193309],
#                                 [0.143526, 0.045232, 0.811242];
#   softmax(...) X = [[1.261362, 2.738638, 1.869319], [1.386617, 2.613383, 1.806691], [2.622483, 2.143526, 1.188758]].
# The output rows are the end-to-end values (from the 4-place weights row 3 would give 2.6223, 2.1433, 1.1886; the
# article prints the exact-rounded 2.6225, 2.1435, 1.1888). The weight matrix is restated later and claimed again.
# Every printed number agrees at its printed places: the article has no wrong line and nothing ambiguous.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["basic", "latex-matrix-tabs"])

X = M([["1", "3", "2"], ["1", "2", "2"], ["3", "2", "1"]])
S = X * X.T
A = softmax_rows(S / sp.sqrt(3))
O = A * X

LX = e.line("X=\\left[ \\begin{matrix}")
for k in range(3):
    e.given(LX + 1 + k, f"X row {k + 1}")
LS = e.line("XX^T=\\left[ \\begin{matrix}")
e.rows([LS + 1, LS + 2, LS + 3], "X X^T",
       [["14", "11", "11"], ["11", "9", "9"], ["11", "9", "14"]], S)
LA = e.line("\\mathrm{Softmax} \\left( \\frac{XX^T}{\\sqrt{3}} \\right) =\\left[")
e.given(LA, "scale sqrt(d_k) with d_k = 3")
P_A = [["0.7386", "0.1307", "0.1307"], ["0.6134", "0.1933", "0.1933"], ["0.1435", "0.0452", "0.8112"]]
e.rows([LA + 1, LA + 2, LA + 3], "softmax(X X^T / sqrt3)", P_A, A)
LO = e.line("\\mathrm{Softmax} \\left( \\frac{XX^T}{\\sqrt{3}} \\right) X=\\left[")
e.given(LO, "scale sqrt(d_k) with d_k = 3")
e.rows([LO + 1, LO + 2, LO + 3], "softmax(X X^T / sqrt3) X",
       [["1.2614", "2.7386", "1.8693"], ["1.3866", "2.6134", "1.8067"], ["2.6225", "2.1435", "1.1888"]], O)

# word vectors 峨, 眉, 峰 (restate the rows of X)
LW = e.line("\\text{峨}=\\left[ \\begin{matrix}")
e.given(LW + 1, "峨 = [1 3 2]")
LM = e.line("\\text{眉}=\\left[", after=LW)
e.given(LM + 1, "眉 = [1 2 2]")
LF = e.line("\\text{峰}=\\left[", after=LW)
e.given(LF + 1, "峰 = [3 2 1]")

# the weight matrix restated next to X
LR = e.line("0.7386", nth=2)
e.rows([LR, LR + 1, LR + 2], "softmax weights restated", P_A, A)
LX2 = e.line("1&\t\t3&\t\t2\\\\", after=LR)
for k in range(3):
    e.given(LX2 + k, f"X row {k + 1} restated")
e.done()
