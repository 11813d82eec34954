# Expected verdicts for en-backward-rpriyadarshi-toyai-worksheet-three.md, computed with plain SymPy (see oracle.py); not
# symattn's code.
# Inputs: A = [1, 0], B = [0, 1] (X = I), WQ = WK = WV = WO = 0.1 I, target C (index 2), eta = 0.1; scores are scaled by
#   1/sqrt(2) (the sheet's step 6, as in its Example 2).  The 4 logits follow the sheet's own back-propagation formulas:
#   logit(A) = c0 WO[0][0], logit(B) = c0 WO[0][1] (= 0), logit(C) = c1 WO[1][1], logit(D) = 0, so
#   dL/dc0 = dl_A * 0.1 and dL/dc1 = dl_C * 0.1.  Only position 1 (token B) feeds the loss.
# Exact values: row-1 weights w = [0.498232, 0.501768]; context = [0.0498232, 0.0501768];
#   p = softmax([0.00498232, 0, 0.00501768, 0]) = [0.250621, 0.249377, 0.250629, 0.249377]; loss = 1.383784.
#   dl = [0.250621, 0.249377, -0.749371, 0.249377]; dc = [0.0250621, -0.0749371]; dW1 = [0.00250621, -0.00749371];
#   dot = -0.00251140; dS1 = [0.00249997, -0.00249997]; dS1/sqrt 2 = [0.00176775, -0.00176775];
#   dQ[1] = dWQ[1] = [0.000176775, -0.000176775]; dV[0][0] = w10 dc0 = 0.0124868, dV[0][1] = w10 dc1 = -0.0373360.
# Wrong lines:
#   - P(A) printed 0.250 (0.2506 rounds to 0.251) -> slip; dL/dlogit(A) = 0.250 and its use on the step-2 lines carry it.
#   - loss 1.383: -log(0.250629) = 1.3838 (and -log(0.251) = 1.3823) -> slip.
#   - softmax-backward chain built from the rounded 0.0025 and 0.498: 0.001245, -0.002515, 0.005015, 0.002497, -0.004975,
#     0.001765, 0.0001765 ... -> drift (exact dS1 = +-0.0025000, scaled +-0.0017678).
#   - weights^T first row printed [0.498, 0.502] (transpose of the weights is [0.501768, 0.498232]) and dL/dV[0][1] used
#     0.502 where the weight of position 1 on token A is 0.498 -> slip; -0.0376 (exact -0.0373) carried.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["backward", "softmax-jacobian", "weight-update", "worksheet"])
L = e.line

X = sp.eye(2)
W = R(1, 10) * sp.eye(2)
Q, K, V = X * W, X * W, X * W
S = Q * K.T / sp.sqrt(2)
A = softmax_rows(S)
w = A.row(1)
ctx = w * V
logits = [ctx[0] * W[0, 0], ctx[0] * W[0, 1], ctx[1] * W[1, 1], 0]
den = sum(sp.exp(z) for z in logits)
p = [sp.exp(z) / den for z in logits]
loss = -sp.log(p[2])
dl = [p[0], p[1], p[2] - 1, p[3]]
dc = [dl[0] * W[0, 0] + dl[1] * W[0, 1], dl[2] * W[1, 1]]
dW1 = [dc[0] * V[0, 0] + dc[1] * V[0, 1], dc[0] * V[1, 0] + dc[1] * V[1, 1]]
t0, t1 = dW1[0] * w[0], dW1[1] * w[1]
dot = t0 + t1
dS = [w[0] * (dW1[0] - dot), w[1] * (dW1[1] - dot)]
dSs = [x / sp.sqrt(2) for x in dS]
dQ = [dSs[0] * K[0, 0] + dSs[1] * K[1, 0], dSs[0] * K[0, 1] + dSs[1] * K[1, 1]]
dK01 = dSs[0] * Q[1, 1]
dV00 = A[1, 0] * dc[0]
dV01 = A[1, 0] * dc[1]
WQnew10 = W[1, 0] - R(1, 10) * dQ[0]
WQnew11 = W[1, 1] - R(1, 10) * dQ[1]

# inputs
e.given(L("- A = [1, 0]"), "A")
e.given(L("- B = [0, 1]"), "B")
for name in ("WQ", "WK", "WV", "WO"):
    ln = L(f"{name} = [0.1, 0.0]")
    e.given(ln, f"{name} row 1")
    e.given(ln + 1, f"{name} row 2")
e.given(L("- Target: C (index 2)"), "target index")
e.given(L("- Learning rate: η = 0.1"), "learning rate")

# forward
e.claim(L("**Context vector:**"), "context = w V", ["0.0498", "0.0502"], [ctx[0], ctx[1]])
e.claim(L("**Logits:**"), "logits (c0 WO00, c0 WO01, c1 WO11, 0)", ["0.00498", "0.0", "0.00502", "0.0"], logits)
ln = L("**Probabilities:**")
e.claim(ln, "P(A)", ["0.250"], [p[0]])
e.claim(ln, "P(B), P(C), P(D)", ["0.249", "0.251", "0.249"], [p[1], p[2], p[3]])
ln = L("**Loss:**")
e.claim(ln, "P(C) inside the log", ["0.251"], [p[2]])
e.claim(ln, "loss = -log P(C)", ["1.383"], [loss])

# backward
ln = L("dL/dlogits = [")
e.claim(ln, "dL/dlogit(A) = P(A)", ["0.250"], [dl[0]], cause="carried")
e.claim(ln, "dL/dlogit(B), (C), (D)", ["0.249", "-0.749", "0.249"], [dl[1], dl[2], dl[3]])
ln = L("= 0.250 × 0.1 + (-0.749) × 0.0")
e.claim(ln, "dL/dlogit(A) used for dL/dcontext[0]", ["0.250"], [dl[0]], cause="carried")
e.claim(ln, "dL/dlogit(C)", ["-0.749"], [dl[2]])
e.claim(L("= 0.025", after=ln - 1), "dL/dcontext[0]", ["0.025"], [dc[0]])
ln = L("= 0.250 × 0.0 + (-0.749) × 0.1")
e.claim(ln, "dL/dlogit(A) used again", ["0.250"], [dl[0]], cause="carried")
e.claim(ln, "dL/dlogit(C)", ["-0.749"], [dl[2]])
e.claim(L("= -0.0749", after=ln - 1), "dL/dcontext[1]", ["-0.0749"], [dc[1]])
e.claim(L("**dL/dcontext = [0.025, -0.0749]**"), "dL/dcontext", ["0.025", "-0.0749"], dc)
e.claim(L("dL/doutput[1][0] = dL/dcontext[0] = 0.025"), "dL/doutput[1][0]", ["0.025"], [dc[0]])
e.claim(L("dL/doutput[1][1] = dL/dcontext[1] = -0.0749"), "dL/doutput[1][1]", ["-0.0749"], [dc[1]])
ln = L("V^T = [0.1, 0.0]")
e.given(ln, "V^T row 1")
e.given(ln + 1, "V^T row 2")
ln = L("= 0.025 × 0.1 + (-0.0749) × 0.0")
e.claim(ln, "dL/doutput[1]", ["0.025", "-0.0749"], dc)
e.claim(ln + 1, "dL/dweights[1][0]", ["0.0025"], [dW1[0]])
ln = L("= 0.025 × 0.0 + (-0.0749) × 0.1")
e.claim(ln, "dL/doutput[1]", ["0.025", "-0.0749"], dc)
e.claim(ln + 1, "dL/dweights[1][1]", ["-0.00749"], [dW1[1]])
e.claim(L("**dL/dweights = [0.0, 0.0]"), "dL/dweights row 0", ["0.0", "0.0"], [0, 0])
e.claim(L("**[0.0025, -0.00749]"), "dL/dweights row 1", ["0.0025", "-0.00749"], dW1)
e.claim(L("- s = [0.498, 0.502]"), "attention weights of position 1", ["0.498", "0.502"], [w[0], w[1]])
e.claim(L("- dL/ds = [0.0025, -0.00749]"), "dL/ds", ["0.0025", "-0.00749"], dW1)
ln = L("= 0.0025 × 0.498 + (-0.00749) × 0.502")
e.claim(ln, "operands of the dot product", ["0.0025", "0.498", "-0.00749", "0.502"], [dW1[0], w[0], dW1[1], w[1]])
e.claim(L("= 0.001245 - 0.00376"), "terms of the dot product", ["0.001245", "0.00376"], [t0, -t1], cause="drift")
e.claim(L("= -0.002515", after=ln), "dot", ["-0.002515"], [dot], cause="drift")
ln = L("= 0.498 × (0.0025 - (-0.002515))")
e.claim(ln, "s0, dL/ds0, dot", ["0.498", "0.0025", "0.002515"], [w[0], dW1[0], -dot], cause="drift")
e.claim(L("= 0.498 × 0.005015"), "dL/ds0 - dot", ["0.498", "0.005015"], [w[0], dW1[0] - dot], cause="drift")
e.claim(L("= 0.002497", after=ln), "dL/dscores[1][0]", ["0.002497"], [dS[0]], cause="drift")
ln = L("= 0.502 × (-0.00749 - (-0.002515))")
e.claim(ln, "s1, dL/ds1, dot", ["0.502", "-0.00749", "0.002515"], [w[1], dW1[1], -dot], cause="drift")
e.claim(L("= 0.502 × (-0.004975)"), "dL/ds1 - dot", ["0.502", "-0.004975"], [w[1], dW1[1] - dot], cause="drift")
e.claim(L("= -0.002497", after=ln), "dL/dscores[1][1]", ["-0.002497"], [dS[1]], cause="drift")
e.claim(L("**dL/dscores = [0.0, 0.0]"), "dL/dscores row 0", ["0.0", "0.0"], [0, 0])
e.claim(L("**[0.002497, -0.002497]"), "dL/dscores row 1", ["0.002497", "-0.002497"], dS, cause="drift")
e.claim(L("Scale factor = 1/√2 ≈ 0.707"), "1/sqrt 2", ["0.707"], [1 / sp.sqrt(2)])
e.claim(L("dL/dscaled_scores[1][0] = 0.002497"), "scaled score gradient [1][0]", ["0.002497", "0.707", "0.001765"],
        [dS[0], 1 / sp.sqrt(2), dSs[0]], cause="drift")
e.claim(L("dL/dscaled_scores[1][1] = -0.002497"), "scaled score gradient [1][1]", ["-0.002497", "0.707", "-0.001765"],
        [dS[1], 1 / sp.sqrt(2), dSs[1]], cause="drift")
ln = L("= 0.001765 × 0.1 + (-0.001765) × 0.0")
e.claim(ln, "score gradients and K entries", ["0.001765", "0.1", "-0.001765", "0.0"], [dSs[0], K[0, 0], dSs[1], K[1, 0]],
        cause="drift")
e.claim(ln + 1, "dL/dQ[1][0]", ["0.0001765"], [dQ[0]], cause="drift")
ln = L("= 0.001765 × 0.0 + (-0.001765) × 0.1")
e.claim(ln, "score gradients and K entries", ["0.001765", "0.0", "-0.001765", "0.1"], [dSs[0], K[0, 1], dSs[1], K[1, 1]],
        cause="drift")
e.claim(ln + 1, "dL/dQ[1][1]", ["-0.0001765"], [dQ[1]], cause="drift")
ln = L("dL/dscores^T = [0.0,")
e.claim(ln, "dS^T row 0", ["0.0", "0.001765"], [0, dSs[0]], cause="drift")
e.claim(ln + 1, "dS^T row 1", ["0.0", "-0.001765"], [0, dSs[1]], cause="drift")
ln = L("= 0.0 × 0.1 + 0.001765 × 0.0")
e.claim(ln, "dS^T[0][1]", ["0.001765"], [dSs[0]], cause="drift")
e.claim(ln + 1, "dL/dK[0][0]", ["0.0"], [0])
ln = L("= 0.0 × 0.0 + 0.001765 × 0.1")
e.claim(ln, "dS^T[0][1]", ["0.001765"], [dSs[0]], cause="drift")
e.claim(ln + 1, "dL/dK[0][1]", ["0.0001765"], [dK01], cause="drift")
ln = L("weights^T = [0.498, 0.502]")
e.claim(ln, "weights^T row 0 = [w00, w10]", ["0.498", "0.502"], [A[0, 0], A[1, 0]])
e.claim(ln + 1, "weights^T row 1 = [w01, w11]", ["0.498", "0.502"], [A[0, 1], A[1, 1]])
ln = L("= 0.498 × 0.025")
e.claim(ln, "weight of position 1 on token A, dL/doutput[1][0]", ["0.498", "0.025"], [A[1, 0], dc[0]])
e.claim(ln + 1, "dL/dV[0][0]", ["0.01245"], [dV00], cause="drift")
ln = L("= 0.502 × (-0.0749)")
e.claim(ln, "weight used for dL/dV[0][1] (should be w10)", ["0.502"], [A[1, 0]])
e.claim(ln, "dL/doutput[1][1]", ["-0.0749"], [dc[1]])
e.claim(ln + 1, "dL/dV[0][1]", ["-0.0376"], [dV01], cause="carried")
ln = L("X^T = [1, 0]")
e.given(ln, "X^T row 1")
e.given(ln + 1, "X^T row 2")
ln = L("= 1 × 0.0 + 0 × 0.0001765")
e.claim(ln, "dL/dQ[1][0]", ["0.0001765"], [dQ[0]], cause="drift")
e.claim(ln + 1, "dL/dWQ[0][0]", ["0.0"], [0])
ln = L("= 1 × 0.0 + 0 × (-0.0001765)")
e.claim(ln, "dL/dQ[1][1]", ["-0.0001765"], [dQ[1]], cause="drift")
e.claim(ln + 1, "dL/dWQ[0][1]", ["0.0"], [0])
ln = L("= 0 × 0.0 + 1 × 0.0001765")
e.claim(ln, "dL/dQ[1][0]", ["0.0001765"], [dQ[0]], cause="drift")
e.claim(ln + 1, "dL/dWQ[1][0]", ["0.0001765"], [dQ[0]], cause="drift")
ln = L("= 0 × 0.0 + 1 × (-0.0001765)")
e.claim(ln, "dL/dQ[1][1]", ["-0.0001765"], [dQ[1]], cause="drift")
e.claim(ln + 1, "dL/dWQ[1][1]", ["-0.0001765"], [dQ[1]], cause="drift")
e.claim(L("WQ_new[0][0] = 0.1 - 0.1 × 0.0 = 0.1"), "WQ_new[0][0]", ["0.1"], [W[0, 0]])
e.claim(L("WQ_new[0][1] = 0.0 - 0.1 × 0.0 = 0.0"), "WQ_new[0][1]", ["0.0"], [0])
e.claim(L("WQ_new[1][0] = "), "dWQ[1][0] and WQ_new[1][0]", ["0.0001765", "-0.00001765"], [dQ[0], WQnew10], cause="drift")
e.claim(L("WQ_new[1][1] = "), "dWQ[1][1] and WQ_new[1][1]", ["-0.0001765", "0.10001765"], [dQ[1], WQnew11], cause="drift")
e.done()
