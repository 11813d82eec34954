# Expected verdicts for en-mha-tensortonic-two-head-split.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: X = [[1, 0, 1, 0], [0, 1, 0, 1]], W^Q = [[0.1, 0.2, 0.3, 0.4], [0.5, 0.6, 0.7, 0.8], [0.2, 0.1, 0.4, 0.3],
#   [0.6, 0.5, 0.8, 0.7]], K' = V' = Q' = X W^Q, d_model = 4, h = 2, d_k = 2; head 1 = columns 0-1 of Q'.
# Exact: Q' = [[0.3, 0.3, 0.7, 0.7], [1.1, 1.1, 1.5, 1.5]]; S_1 = [[0.18, 0.66], [0.66, 2.42]];
#   S_1/sqrt 2 = [[0.127279, 0.466690], [0.466690, 1.711198]] -> the printed 1.712 is a slip (1.711; even 2.42/1.414 is 1.7115).
#   Row 1: e^0.127279 = 1.135730 (printed 1.135, what e^0.127 gives -> drift), e^0.466690 = 1.594681, sum 2.730411,
#   weights (0.415955, 0.584045).  Row 2: e^1.711198 = 5.535587 (printed 5.541; e^1.712 itself is 5.5400 -> slip),
#   sum 7.130268 (printed 7.136 = 1.595 + 5.541 -> carried), weights (0.223649, 0.776351) -> 0.224, 0.776 agree.
#   head_1 = [[0.767236, 0.767236], [0.921081, 0.921081]] -> agrees.  512/8 = 64 and 4/2 = 2 agree.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["mha", "multi-head", "head-split", "softmax"])
L = e.line

X = M([[1, 0, 1, 0], [0, 1, 0, 1]])
WQ = M([["0.1", "0.2", "0.3", "0.4"], ["0.5", "0.6", "0.7", "0.8"], ["0.2", "0.1", "0.4", "0.3"],
        ["0.6", "0.5", "0.8", "0.7"]])
Qp = X * WQ
Q1, Q2 = Qp[:, 0:2], Qp[:, 2:4]
S1 = Q1 * Q1.T
S1s = S1 / sp.sqrt(2)
A1 = softmax_rows(S1s)
head1 = A1 * Q1
ex = S1s.applyfunc(sp.exp)

ln = L("$d_{\\text{model}} = 512$, $h = 8$, so $d_k = d_v = 64$")
e.given(ln, "d_model = 512, h = 8")
e.claim(ln, "d_k = d_model / h", ["64"], [R(512, 8)])
ln = L("Take $d_{\\text{model}} = 4$ and $h = 2$ heads")
e.given(ln, "d_model = 4, h = 2, n = 2")
e.claim(ln, "d_k = 4 / 2", ["2"], [R(4, 2)])
e.given(L("X = \\begin{pmatrix} 1.0 & 0.0"), "X")
e.given(L("W^Q = \\begin{pmatrix} 0.1 & 0.2"), "W^Q")
e.claim(L("Q' = X \\cdot W^Q ="), "Q' = X W^Q", ["0.3", "0.3", "0.7", "0.7", "1.1", "1.1", "1.5", "1.5"], Qp)
ln = L("Q'_{\\text{head 1}} =")
e.claim(ln, "head 1 slice of Q'", ["0.3", "0.3", "1.1", "1.1"], Q1)
e.claim(ln, "head 2 slice of Q'", ["0.7", "0.7", "1.5", "1.5"], Q2)
e.claim(L("S_1 = Q'_1 K'^T_1 ="), "S_1 = Q'_1 Q'_1^T", ["0.18", "0.66", "0.66", "2.42"], S1)
e.claim(L("\\sqrt{d_k} = \\sqrt{2} \\approx 1.414"), "sqrt 2", ["1.414"], [sp.sqrt(2)])
ln = L("S_1 / \\sqrt{2} = \\begin{pmatrix}")
e.claim(ln, "S_1/sqrt 2 first three entries", ["0.127", "0.467", "0.467"], [S1s[0, 0], S1s[0, 1], S1s[1, 0]])
e.claim(ln, "S_1/sqrt 2 entry (2, 2) = 2.42/sqrt 2", ["1.712"], [S1s[1, 1]])
ln = L("Softmax along each row.")
row1 = ex[0, 0] + ex[0, 1]
row2 = ex[1, 0] + ex[1, 1]
e.claim(ln, "row 1 exponents", ["0.127", "0.467"], [S1s[0, 0], S1s[0, 1]])
e.claim(ln, "e^{0.127} (exact exponent 0.18/sqrt 2)", ["1.135"], [ex[0, 0]], cause="drift")
e.claim(ln, "e^{0.467}, row-1 total and weights", ["1.595", "2.730", "0.416", "0.584"], [ex[0, 1], row1, A1[0, 0], A1[0, 1]])
e.claim(ln, "row 2 exponent 1.712 (copied from the scaled scores)", ["1.712"], [S1s[1, 1]], cause="carried")
e.claim(ln, "e^{1.712} (exact exponent 2.42/sqrt 2)", ["5.541"], [ex[1, 1]])
e.claim(ln, "row-2 total 1.595 + 5.541", ["7.136"], [row2], cause="carried")
e.claim(ln, "row-2 weights", ["0.224", "0.776"], [A1[1, 0], A1[1, 1]])
ln = L("\\text{head}_1 = \\begin{pmatrix} 0.416")
e.claim(ln, "attention weights of head 1", ["0.416", "0.584", "0.224", "0.776"], A1)
e.claim(ln, "V'_1", ["0.3", "0.3", "1.1", "1.1"], Q1)
e.claim(ln, "head_1 = A_1 V'_1", ["0.767", "0.767", "0.921", "0.921"], head1)
e.done()
