# Expected verdicts for ko-mask-appleparan-karpathy-average-to-softmax.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: embeddings x1 = [0.1, 0.5] ("오늘"), x2 = [0.6, 0.7] ("점심은"); the 4x2 matrix X adds x3 = [0.3, 0.9],
# x4 = [0.4, 0.8]; the averaging weights are the row-normalised lower-triangular ones (1, 1/2, 1/3, 1/4), printed
# 0.33 for 1/3 (right at 2 places).
# wei X = [[0.1, 0.5], [0.35, 0.6], [1/3, 0.7], [0.35, 0.725]]: printed row 3 "0.33 & 0.693" -- 0.693 is 0.33 x 2.1,
# i.e. computed from the rounded weight 0.33 instead of 1/3 (exact 0.7): drift.
# Version 3: softmax of a zero matrix under the causal mask = the same averaging rows: right.
# Version 4: the printed raw scores (first batch element, a 4x4 corner of the 8x8 matrix; masking row i only keeps
# columns <= i, all inside the printed corner) are the given inputs; their masked softmax is
# [1, 0, 0, 0], [0.6365, 0.3635], [0.6754, 0.0811, 0.2435], [0.3732, 0.2737, 0.1968, 0.1563]; the printed rows 2-4
# ([0.21 0.79], [0.14 0.67 0.19], [0.33 0.11 0.21 0.35]) do not follow from them: slips (illustrative numbers that
# were never computed from the scores printed just above).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ko", topics=["mask", "causal", "softmax", "average"])
X = M([["0.1", "0.5"], ["0.6", "0.7"], ["0.3", "0.9"], ["0.4", "0.8"]])
T = 4
tril = sp.Matrix(T, T, lambda i, j: 1 if j <= i else 0)
wei = sp.Matrix(T, T, lambda i, j: R(1, i + 1) if j <= i else 0)
avg = wei * X

L = e.line('*"김밥과"*는 $[0.35, 0.6]$')
e.given(L, "x1 = [0.1, 0.5], x2 = [0.6, 0.7]")
e.claim(L, "mean of x1 and x2", ["0.35", "0.6"], list(avg.row(1)))
e.given(e.line("$\\mathbf{x}$는 $4 \\times 2$ 행렬"), "context 4, embedding 2")

wrows = [["1", "0", "0", "0"], ["0.5", "0.5", "0", "0"], ["0.33", "0.33", "0.33", "0"],
         ["0.25", "0.25", "0.25", "0.25"]]
for k in (1, 2, 3):
    L = e.line("1 & 0 & 0 & 0 \\\\", nth=k)
    e.rows([L, L + 1, L + 2, L + 3], f"averaging weights (matrix {k})", wrows, wei)

L = e.line("0.35 & 0.6 \\\\") - 1
e.claim(L, "wei X row 1", ["0.1", "0.5"], list(avg.row(0)))
e.claim(L + 1, "wei X row 2", ["0.35", "0.6"], list(avg.row(1)))
e.claim(L + 2, "wei X row 3 (0.693 = 0.33 x 2.1 from the rounded weight)", ["0.33", "0.693"], list(avg.row(2)),
        cause="drift")
e.claim(L + 3, "wei X row 4", ["0.35", "0.725"], list(avg.row(3)))
L = e.line("0.1 & 0.5 \\\\", nth=2)
for i in range(4):
    e.given(L + i, f"X row {i + 1}")

L = e.line("# [1 0 0 0]")
e.rows([L, L + 1, L + 2, L + 3], "torch.tril(torch.ones(4, 4))",
       [["1", "0", "0", "0"], ["1", "1", "0", "0"], ["1", "1", "1", "0"], ["1", "1", "1", "1"]], tril)
L = e.line("# [1 0 0 0] / 1.0")
for i in range(4):
    e.claim(L + i, f"row {i + 1} of tril and its sum", [str(x) for x in tril.row(i)] + [f"{i + 1}.0"],
            list(tril.row(i)) + [sum(tril.row(i))])

L = e.line("# [0 0 0 0]")
for i in range(4):
    e.given(L + i, "torch.zeros(T, T)")
# the masked rows print -inf, not numbers; their zeros are the given zeros
L = e.line("# [0 -inf -inf -inf]")
for i in range(4):
    e.given(L + i, "masked zeros (-inf above the diagonal)")
L = e.line("# [1.00 0.00 0.00 0.00]")
e.rows([L, L + 1, L + 2, L + 3], "softmax of the masked zeros",
       [["1.00", "0.00", "0.00", "0.00"], ["0.50", "0.50", "0.00", "0.00"], ["0.33", "0.33", "0.33", "0.00"],
        ["0.25", "0.25", "0.25", "0.25"]], wei)

e.given(e.line("B, T, C = 4, 8, 32"), "B, T, C")
e.given(e.line("head_size = 16"), "head_size")
raw = M([["-1.75", "2.15", "-1.21", "0.23"], ["0.35", "-0.21", "-0.56", "0.25"], ["1.21", "-0.91", "0.19", "2.10"],
         ["0.52", "0.21", "-0.12", "-0.35"]])
L = e.line("# [[[-1.75  2.15 -1.21  0.23],")
for i in range(4):
    e.given(L + i, f"raw affinity row {i + 1} (first batch element)")
soft = sp.zeros(T, T)
for i in range(T):
    den = sum(sp.exp(raw[i, k]) for k in range(i + 1))
    for j in range(i + 1):
        soft[i, j] = sp.exp(raw[i, j]) / den
L = e.line("# [[[1.00 0.00 0.00 0.00],")
e.rows([L, L + 1, L + 2, L + 3], "masked softmax of the printed raw affinities",
       [["1.00", "0.00", "0.00", "0.00"], ["0.21", "0.79", "0.00", "0.00"], ["0.14", "0.67", "0.19", "0.00"],
        ["0.33", "0.11", "0.21", "0.35"]], soft)
e.done()
