# Expected verdicts for zh-transformer-xiangjie-q1.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: q1 = [1, 0, 2]; K^T printed column-wise (keys [0,1,1], [4,4,0], [2,3,1]); values [1,2,3], [2,8,0], [2,6,3].
# The worked example applies softmax to the raw scores (no scaling), as printed.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["basic"])
q1 = M([["1", "0", "2"]])
KT = M([["0", "4", "2"], ["1", "4", "3"], ["1", "0", "1"]])
Vs = M([["1", "2", "3"], ["2", "8", "0"], ["2", "6", "3"]])
s = q1 * KT
a = softmax_rows(s)
weighted = [a[0, j] * Vs.row(j) for j in range(3)]
out = a * Vs

L = e.line("[1, 0, 2] x [1, 4, 3]")
e.given(L - 1, "K^T row 1")
e.given(L + 1, "K^T row 3")
e.claim(L, "q1 K^T (K^T row 2 and q1 are inputs)", ["2", "4", "4"], s)
e.claim(e.line("softmax([2, 4, 4])"), "softmax([2, 4, 4])", ["0.0", "0.5", "0.5"], a)
# 0.0634 printed as 0.0 (a truncation, accepted at 1 place); products and sums built from the rounded 0.0 and 0.5 drift.
e.claim(e.line("0.0 * [1, 2, 3]"), "weight 1 times v1", ["0.0", "0.0", "0.0"], weighted[0], cause="drift")
e.claim(e.line("0.5 * [2, 8, 0]"), "weight 2 times v2", ["1.0", "4.0", "0.0"], weighted[1], cause="drift")
e.claim(e.line("0.5 * [2, 6, 3]"), "weight 3 times v3", ["1.0", "3.0", "1.5"], weighted[2], cause="drift")
L = e.line("  [0.0, 0.0, 0.0]", nth=1, after=e.line("0.5 * [2, 6, 3]"))
e.claim(L, "summand 1", ["0.0", "0.0", "0.0"], weighted[0], cause="drift")
e.claim(L + 1, "summand 2", ["1.0", "4.0", "0.0"], weighted[1], cause="drift")
e.claim(L + 2, "summand 3", ["1.0", "3.0", "1.5"], weighted[2], cause="drift")
e.claim(L + 4, "output 1", ["2.0", "7.0", "1.5"], out, cause="drift")
e.done()
