# Expected verdicts for zh-mask-asciis-causal-interview.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the hand-written 4x4 raw scores; causal mask = torch.triu(ones, diagonal=1); row softmax over the
# unmasked entries (no scaling in this demo).
# Exact weights: row 2 softmax(1, 2.5) = [0.1824, 0.8176]; row 3 softmax(3.5, 2, 2.8) = [0.5815, 0.1297, 0.2888]
# (printed 0.12 and 0.30: wrong); row 4 softmax(1.8, 3, 2.2, 2.7) = [0.1209, 0.4014, 0.1804, 0.2974]
# (printed 0.11, 0.36, 0.20, 0.33: all wrong).  Both rows are the author's own (slip).
# numpy's "2." / "0." are claimed as the integers 2 / 0 (exact).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["mask", "causal-mask", "softmax-row", "numpy-print"])

# the 0/1 mask print
mask = sp.Matrix(4, 4, lambda i, j: 1 if j > i else 0)
L0 = e.line("[[0 1 1 1]    # 位置0只能看自己")
e.rows([L0, L0 + 1, L0 + 2, L0 + 3], "causal mask (1 = masked)",
       [["0", "1", "1", "1"], ["0", "0", "1", "1"], ["0", "0", "0", "1"], ["0", "0", "0", "0"]], mask)

# inputs
for needle in ("[2.0, 1.5, 3.0, 2.5],", "[1.0, 2.5, 1.8, 3.2],", "[3.5, 2.0, 2.8, 1.5],", "[1.8, 3.0, 2.2, 2.7]"):
    e.given(e.line(needle), "raw scores row " + needle.strip(","))
S = M([["2.0", "1.5", "3.0", "2.5"], ["1.0", "2.5", "1.8", "3.2"], ["3.5", "2.0", "2.8", "1.5"],
       ["1.8", "3.0", "2.2", "2.7"]])

# the printed raw scores restate the input
L0 = e.line("[[2.  1.5 3.  2.5]")
e.rows([L0, L0 + 1, L0 + 2, L0 + 3], "raw scores print",
       [["2", "1.5", "3", "2.5"], ["1", "2.5", "1.8", "3.2"], ["3.5", "2", "2.8", "1.5"],
        ["1.8", "3", "2.2", "2.7"]], S)

# masked scores: the unmasked entries (the -inf cells are the mask)
L0 = e.line("[[ 2.  -inf -inf -inf]")
e.claim(L0, "masked row 1 (kept entries)", ["2"], [S[0, 0]])
e.claim(L0 + 1, "masked row 2 (kept entries)", ["1", "2.5"], [S[1, 0], S[1, 1]])
e.claim(L0 + 2, "masked row 3 (kept entries)", ["3.5", "2", "2.8"], [S[2, 0], S[2, 1], S[2, 2]])
e.claim(L0 + 3, "masked row 4", ["1.8", "3", "2.2", "2.7"], list(S.row(3)))

# weights: softmax over the kept entries, zeros elsewhere
W = sp.zeros(4, 4)
for i in range(4):
    den = sum(sp.exp(S[i, k]) for k in range(i + 1))
    for j in range(i + 1):
        W[i, j] = sp.exp(S[i, j]) / den
L0 = e.line("[[1.    0.    0.    0.  ]")
e.rows([L0, L0 + 1, L0 + 2, L0 + 3], "masked softmax weights",
       [["1", "0", "0", "0"], ["0.18", "0.82", "0", "0"], ["0.58", "0.12", "0.30", "0"],
        ["0.11", "0.36", "0.20", "0.33"]], W)
e.done()
