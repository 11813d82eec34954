# Expected verdicts for en-backward-urmzd-tinyllm-sdpa-hand-backward.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# The article works one query q = (2,0,0,0) against keys (1,0,0,0), (0,1,0,0), (2,0,0,0) with values (1,0), (0,1),
# (1,1), d = 4 so alpha = 1/sqrt(4) = 1/2: scores S = (1,0,2), softmax P = (e, 1, e^2)/(1 + e + e^2), output O = P V;
# then the backward for dO = (1,0): dV = P^T dO, dP = dO V^T = (1,0,1), D = sum P dP = dO . O, dS = P o (dP - D),
# dQ = alpha dS K, dK = alpha dS^T q.  It also states that at d = 64 unit-variance dot products have standard
# deviation sqrt(64) = 8.  Every printed number is checked against the exact values; all agree (no wrong lines).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["backward", "softmax-jacobian", "markdown-table", "latex-inline"])
L = e.line

ln = L("At $d = 64$ the scores have standard deviation 8")
e.given(ln, "d = 64, unit-variance entries")
e.claim(ln, "std = sqrt(64)", ["8"], [sp.sqrt(64)])

ln = L("One query, three keys, $d = 4$ so $\\alpha = 1/2$")
e.given(ln, "q, K, V, d = 4")
e.claim(ln, "alpha = 1/sqrt(4)", ["1/2"], [1 / sp.sqrt(4)])
q = M([["2", "0", "0", "0"]])
K = M([["1", "0", "0", "0"], ["0", "1", "0", "0"], ["2", "0", "0", "0"]])
V = M([["1", "0"], ["0", "1"], ["1", "1"]])
a = R(1, 2)
raw = q * K.T
S = a * raw
Z = sum(sp.exp(S[0, j]) for j in range(3))
P = sp.Matrix([[sp.exp(S[0, j]) / Z for j in range(3)]])
O = P * V

ln = L("| $S$ | $\\frac12(2, 0, 4)$ |")
e.claim(ln, "q . k_j and S = alpha q K^T", [["2", "0", "4"], ["1", "0", "2"]], [list(raw), list(S)])
ln = L("| $P$ | $(e, 1, e^2)/(1 + e + e^2)$")
e.claim(ln, "1 + e + e^2", ["11.107"], [Z])
e.claim(ln, "P", ["0.244728", "0.090031", "0.665241"], list(P))
ln = L("| $O$ | $0.244728(1, 0)")
e.claim(ln, "P restated, O = P V", ["0.244728", "0.090031", "0.665241", "0.909969", "0.755272"], list(P) + list(O))

ln = L("Backward with $dO = (1, 0)$")
e.given(ln, "dO = (1, 0)")
dO = M([["1", "0"]])
dV = P.T * dO
dP = dO * V.T
D = (P * dP.T)[0, 0]
dS = sp.Matrix([[P[0, j] * (dP[0, j] - D) for j in range(3)]])
dQ = a * dS * K
dK = a * dS.T * q
ln = L("| $dV$ | $P^\\top dO$")
e.claim(ln, "dV rows", ["0.244728", "0", "0.090031", "0", "0.665241", "0"], list(dV))
e.claim(L("| $dP$ | $dO \\cdot v_j$"), "dP = dO V^T", ["1", "0", "1"], list(dP))
ln = L("| $D$ | $0.244728 + 0.665241$")
e.claim(ln, "P_1 + P_3 (restated) and D = dO . O", ["0.244728", "0.665241", "0.909969"], [P[0, 0], P[0, 2], D])
e.claim(L("| $dS$ | $P \\circ (dP - D)$"), "dS", ["0.022033", "-0.081925", "0.059892"], list(dS))
ln = L("| $dQ$ |")
e.claim(ln, "dS restated", ["0.022033", "0.059892", "-0.081925"], [dS[0, 0], dS[0, 2], dS[0, 1]])
e.claim(ln, "dQ = alpha dS K", ["0.070909", "-0.040963", "0", "0"], list(dQ))
ln = L("| $dK$ |")
e.claim(ln, "dK rows = alpha dS_j q",
        ["0.022033", "0", "0", "0", "-0.081925", "0", "0", "0", "0.059892", "0", "0", "0"], list(dK))
e.done()
