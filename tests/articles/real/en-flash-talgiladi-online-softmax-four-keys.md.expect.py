# Expected verdicts for en-flash-talgiladi-online-softmax-four-keys.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# Inputs (as printed): one query row, scaled scores s = [1, 2, 3, 0], scalar values v = [10, 20, 30, 40]; online
# softmax in two blocks [1, 2] | [3, 0] with running max m, denominator l and unnormalised output o.
# Also one size claim: an fp16 8192 x 8192 matrix is 8192^2 * 2 = 134,217,728 bytes ~ 134 MB (decimal MB).
# Wrong lines: 1 -- "0.3679 * 23.6788 = 8.7118": alpha * o is e^-1 * (10 e^-1 + 20) = 8.7109 (from the author's own
# rounded operands 8.7114), a slip; on the same line 31.992 = 30 + 0.0498*40 drifts (exactly 31.9915); the sum 40.7024 printed after it is right (it was evidently taken from exact
# values), and the final 26.2089 is right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["flash", "online-softmax", "prose", "latex-inline"])
E = sp.exp
s = [1, 2, 3, 0]
v = [10, 20, 30, 40]
w = [E(x - 3) for x in s]
den = sum(w)
out = sum(a * b for a, b in zip(w, v)) / den

# block 1
p1 = [E(1 - 2), E(0)]
l1 = sum(p1)
o1 = p1[0] * 10 + p1[1] * 20
# block 2
alpha = E(2 - 3)
p2 = [E(0), E(0 - 3)]
l2 = alpha * l1 + sum(p2)
o2 = alpha * o1 + (p2[0] * 30 + p2[1] * 40)

L = e.line("8192^2 \\cdot 2 \\approx 134")
e.claim(L, "fp16 T x T matrix for T = 8192, in MB (10^6 bytes)", ["134"], [R(8192 ** 2 * 2, 10 ** 6)],
        rounded_int=True)

L = e.line("s = [\\,1,\\ 2,\\ 3,\\ 0\\,]")
e.given(L, "scores s and values v")

L = e.line("**Reference answer")
e.claim(L, "exp(s - 3)", ["0.1353", "0.3679", "1.0", "0.0498"], w)
e.claim(L, "sum of exp", ["1.5530"], [den])
e.claim(L, "softmax weights", ["0.0871", "0.2369", "0.6439", "0.0321"], [x / den for x in w])
e.claim(L, "output sum_j w_j v_j", ["26.2089"], [out])

B1 = e.line("**Block 1:**")
e.given(B1, "block 1 scores and values")
L = e.line("$m_{\\text{blk}} = 2$", after=B1)
e.claim(L, "block max and new running max", ["2", "2"], [2, 2])
L = e.line("$p = [\\exp(1-2)", after=B1)
e.claim(L, "p of block 1", ["0.3679", "1.0"], p1)
L = e.line("$\\ell = 0\\cdot 0", after=B1)
e.claim(L, "l after block 1", ["1.3679"], [l1])
L = e.line("$\\mathbf o = 0\\cdot 0", after=B1)
e.claim(L, "o after block 1", ["23.6788"], [o1])
L = e.line("running output so far", after=B1)
e.claim(L, "provisional o / l", ["17.3106"], [o1 / l1])

B2 = e.line("**Block 2:**")
e.claim(B2, "state carried into block 2 (m, l, o)", ["2", "1.3679", "23.6788"], [2, l1, o1])
L = e.line("$m_{\\text{blk}} = 3$", after=B2)
e.claim(L, "block max and new running max", ["3", "3"], [3, 3])
L = e.line("$\\alpha = \\exp(m - m_{\\text{new}})", after=B2)
e.claim(L, "alpha = exp(2 - 3)", ["0.3679"], [alpha])
L = e.line("$p = [\\exp(3-3)", after=B2)
e.claim(L, "p of block 2", ["1.0", "0.0498"], p2)
L = e.line("$\\ell = 0.3679\\cdot 1.3679", after=B2)
e.claim(L, "alpha * l, new block sum, l", ["0.5032", "1.0498", "1.5530"], [alpha * l1, sum(p2), l2])
L = e.line("$\\mathbf o = 0.3679\\cdot 23.6788", after=B2)
e.claim(L, "alpha * o", ["8.7118"], [alpha * o1], cause="slip")
# 1.0*30 + 0.0498*40 = 31.992 with the rounded e^-3; exactly 30 + 40 e^-3 = 31.99148 (31.991 at 3 places): drift.
e.claim(L, "new block contribution", ["31.992"], [p2[0] * 30 + p2[1] * 40], cause="drift")
e.claim(L, "o after block 2", ["40.7024"], [o2])
L = e.line("final output $= \\mathbf o/\\ell", after=B2)
e.claim(L, "final o / l", ["26.2089"], [o2 / l2])

L = e.line("this final $26.2089$")
e.claim(L, "final output restated", ["26.2089"], [out])
L = e.line("$\\alpha = e^{-1} = 0.3679$")
e.claim(L, "alpha = e^-1", ["0.3679"], [E(-1)])
L = e.line("The denominator $\\ell = 1.5530$")
e.claim(L, "l equals the reference sum", ["1.5530"], [den])

L = e.line("in the *opposite* block order")
e.claim(L, "final output in reversed order", ["26.2089"], [out])
L = e.line("**(a)** Yes")
e.claim(L, "final output in reversed order", ["26.2089"], [out])
L = e.line("**(b)** On the second block")
e.claim(L, "running max after block [3,0], alpha of block [1,2]", ["3", "1"], [3, E(3 - 3)])

L = e.line("*After block 1 the provisional output was 17.31")
e.claim(L, "provisional and final outputs", ["17.31", "26.21"], [o1 / l1, out])
L = e.line("which takes most of the softmax weight")
e.claim(L, "weight of the key with score 3", ["0.6439"], [w[2] / den])
e.done()
