# Expected verdicts for zh-mask-vacucity-cs336-i-love-coding.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Part 2 (markdown tables): raw scores for [I, love, coding] are given; after the causal mask the rows are
#   (10), (7, 12), (6, 8, 15) and the row softmaxes are (1), (e^-5, 1)/(1 + e^-5) = (0.006693, 0.993307) and
#   (e^-9, e^-7, 1)/(e^-9 + e^-7 + 1) = (0.000123, 0.000911, 0.998966).  The table prints coding's own weight as 0.99;
#   rounded to 2 places it is 1.00 (0.998966 truncated to 0.99: slip, the row then sums to 0.99).
# Part 3 (notebook, random x and W): the masked scores are printed (rounded to 3 places by torch.round) and serve as the
#   inputs; the weights are printed by torch.round(..., decimals=3), so each "0.7680" is a 3-place value and is read at 3
#   places.  Rows 1, 2, 3 and 5 agree with the softmax of the printed scores for every admissible unrounded score
#   (+-0.0005).  Row 4 is ambiguous: from the printed scores w = (0.053514, 0.070089, 0.111470, 0.764927); allowing
#   the +-0.0005 rounding of the scores, w[0] spans 0.05345..0.05356 and w[2] spans 0.11137..0.11157, across the
#   0.0535 and 0.1115 rounding boundaries.  The row sums are 1.  The attention output needs V (random, unprinted):
#   ambiguous.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["mask", "softmax-row", "markdown-table", "notebook", "torch-round"])
L = e.line

# ---- markdown tables
e.given(L("| I      | 10   | 8    | 5      |"), "raw scores row I")
e.given(L("| love   | 7    | 12   | 9      |"), "raw scores row love")
e.given(L("| coding | 6    | 8    | 15     |"), "raw scores row coding")
e.given(L("| I      | 10   | -inf"), "masked row I")
e.given(L("| love   | 7    | 12   |-inf"), "masked row love")
e.given(L("| coding | 6    | 8    | 15     |", 2), "masked row coding")
rows = [[10], [7, 12], [6, 8, 15]]
W = []
for r in rows:
    den = sum(sp.exp(v) for v in r)
    W.append([sp.exp(v) / den for v in r] + [0] * (3 - len(r)))
W = sp.Matrix(W)
ln = L("| I      | 1.00")
e.rows([ln, ln + 1, ln + 2], "softmax of the masked rows",
       [["1.00", "0.00", "0.00"], ["0.01", "0.99", "0.00"], ["0.00", "0.00", "0.99"]], W)

# ---- notebook
ln = L("原始注意力分数（未掩码，保留3位小数）：", 2)
for k in range(1, 6):
    e.given(ln + k, f"printed scaled score row {k} (random Q, K)")
ln = L("掩码后注意力分数（保留3位小数）：", 2)
for k in range(1, 6):
    e.given(ln + k, f"masked score row {k} (restated scores, -1e9 fill)")
S = M([["1.445", "-0.343", "0.704", "-1.41", "1.089"], ["0.053", "-1.143", "0.286", "0.144", "-0.352"],
       ["0.972", "-0.301", "-0.266", "0.525", "2.54"], ["-1.337", "-1.067", "-0.603", "1.323", "-1.238"],
       ["-0.041", "-1.844", "1.878", "0.832", "-0.809"]])
A = []
for i in range(5):
    den = sum(sp.exp(S[i, j]) for j in range(i + 1))
    A.append([sp.exp(S[i, j]) / den for j in range(i + 1)] + [0] * (4 - i))
A = sp.Matrix(A)
ln = L("注意力权重矩阵（保留3位小数，上三角全0=掩码生效）：", 2)
printed = [["1.000", "0.000", "0.000", "0.000", "0.000"], ["0.768", "0.232", "0.000", "0.000", "0.000"],
           ["0.637", "0.178", "0.185", "0.000", "0.000"], None,
           ["0.092", "0.015", "0.629", "0.221", "0.043"]]
for i in range(5):
    if printed[i] is None:
        e.ambiguous(ln + 1 + i, "softmax of the rounded printed scores (-1.337, -1.067, -0.603, 1.323) is (0.053514, "
                    "0.070089, 0.111470, 0.764927); with the +-0.0005 rounding of the scores the first weight spans "
                    "0.05345..0.05356 and the third 0.11137..0.11157, so 0.053 and 0.111 (3 places, torch.round) cannot "
                    "be decided")
    else:
        e.claim(ln + 1 + i, f"masked softmax row {i + 1} (3 places, torch.round)", printed[i], A.row(i))
e.claim(L("tensor([1., 1., 1., 1., 1.]"), "row sums", ["1"] * 5, [1] * 5)
ln = L("注意力输出（保留3位小数）：", 2)
for k in range(1, 11):
    e.ambiguous(ln + k, "attention output = weights @ V with V from random x and Xavier-initialised W_v, never printed")
e.done()
