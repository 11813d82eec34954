# Expected verdicts for en-backward-povinelli-attention-backprop-demo.md, computed with plain SymPy (see oracle.py); not
# symattn's code.
# Inputs (as printed in the code cells): X (3x4), W_Q, W_K, W_V (4x4), target T (3x4), d_k = 4 and SCALE = True, so
#   scale = 1/sqrt(4) = 1/2.  Q = X W_Q, K = X W_K, V = X W_V, S = Q K^T * scale, P = row softmax(S), A = P V,
#   L = 1/2 ||A - T||^2; gradients by the notebook's own rules (dA = A - T, dV = P^T dA, dP = dA V^T,
#   dS_i = (diag(p_i) - p_i p_i^T) dP_i, dQ = dS K * scale, dK = dS^T Q * scale, dW = X^T d(.)); the finite difference is
#   the exact central difference (L(W_Q[0,0] + 1e-4) - L(W_Q[0,0] - 1e-4)) / 2e-4.
# Every printed output of the notebook matches a run WITHOUT the scaling (scale = 1, i.e. SCALE = False; the stored
#   SCALE cell has no execution count): e.g. unscaled exact dL/dW_Q[0,0] = -2.54035e-04, A[1] = (0.086940, 0.073296,
#   -0.019802, -0.023604), dL/dW_V[0,0] = 0.033234.  With the code as printed (SCALE = True) the exact values are:
#   A = [[0.086703, 0.073324, -0.019991, -0.023354], [0.086803, 0.073314, -0.019901, -0.023469],
#        [0.086749, 0.073288, -0.020073, -0.023296]]
#     -> row 1 agrees; row 2 printed 8.69e-02, -1.98e-02, -2.36e-02 and row 3 printed 8.68e-02, 7.32e-02 are wrong.
#   L = 0.0286116 -> 2.86e-02 agrees (both times it is printed).
#   dL/dW_Q = [[-1.2715e-04, -3.3625e-05, 3.3232e-05, 8.9666e-05], [7.9267e-05, 1.7110e-05, -3.3557e-05, -4.5627e-05],
#              [-9.2810e-05, -2.0678e-05, 3.7140e-05, 5.5143e-05], [6.9870e-05, 1.3076e-05, -3.6265e-05, -3.4869e-05]]
#     -> every printed row (about twice these) is wrong, in all three printings (autograd, reprint, manual).
#   dL/dW_K = [[-1.7524e-05, -4.3357e-06, -2.9684e-05, -1.4662e-04], [-2.1758e-05, 1.3239e-06, 1.2871e-05, -1.6074e-05],
#              [-1.3672e-05, -2.5443e-06, -1.6944e-05, -9.3646e-05], [3.7356e-05, 2.1161e-06, 1.0443e-05, 1.3621e-04]]
#     -> every printed row is wrong.
#   dL/dW_V = [[0.033117, 0.051005, -0.048014, -0.021066], [0.014683, 0.022601, -0.021275, -0.0093388],
#              [-0.0036521, -0.0056542, 0.0053234, 0.0023194], [0.014686, 0.022694, -0.021366, -0.0093353]]
#     -> rows 1-3 wrong (3.32e-02, 2.25e-02, -3.64e-03 ...), row 4 agrees.
#   Finite difference = -1.27150e-04 (printed -2.51e-04: wrong; even the unscaled exact value is -2.540e-04, the -2.51
#     comes from float32 cancellation in L_plus - L_minus); "Autograd grad"/"Manual grad" -2.54e-04 (exact -1.2715e-04)
#     are reprints of the wrong dL/dW_Q[0,0] (carried).
#   Max |manual - autograd|: exactly 0 for every matrix (both sides compute the same exact quantity); the printed
#     7.28e-12, 2.91e-11, 1.86e-09 are float32 round-off between two implementations -> ambiguous; 0.00e+00 agrees.
# The printed X and the code-cell matrices are inputs (given).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["backward", "gradient", "notebook", "torch-print", "e-notation",
                                            "stale-output"])
L = e.line

X = M([["0.5", "0.2", "0.1", "-0.1"], ["0.0", "0.3", "-0.2", "0.2"], ["0.4", "-0.1", "0.0", "0.3"]])
WQ = M([["0.2", "-0.1", "0.0", "0.3"], ["0.1", "0.0", "0.2", "-0.2"], ["-0.1", "0.3", "0.1", "0.0"],
        ["0.0", "0.2", "-0.2", "0.1"]])
WK = M([["0.1", "0.2", "0.0", "-0.1"], ["0.0", "0.1", "0.3", "0.0"], ["0.2", "-0.2", "0.1", "0.1"],
        ["-0.1", "0.0", "0.2", "0.2"]])
WV = M([["0.3", "0.1", "0.0", "-0.2"], ["0.0", "0.2", "0.1", "0.0"], ["0.1", "-0.1", "0.2", "0.1"],
        ["0.0", "0.1", "-0.2", "0.3"]])
T = M([["0.10", "0.00", "0.05", "-0.05"], ["0.00", "0.10", "-0.05", "0.05"], ["0.05", "-0.05", "0.10", "0.00"]])
d_k = 4
scale = 1 / sp.sqrt(d_k)  # SCALE = True


def forward(Wq):
    Q, K, V = X * Wq, X * WK, X * WV
    S = Q * K.T * scale
    P = sp.zeros(3, 3)
    for i in range(3):
        den = sum(sp.exp(S[i, k]) for k in range(3))
        for j in range(3):
            P[i, j] = sp.exp(S[i, j]) / den
    A = P * V
    loss = R(1, 2) * sum((A[i, j] - T[i, j]) ** 2 for i in range(3) for j in range(4))
    return Q, K, V, S, P, A, loss


Q, K, V, S, P, A, loss = forward(WQ)
dA = A - T
dV = P.T * dA
dP = dA * V.T
dS = sp.zeros(3, 3)
for i in range(3):
    r = sum(P[i, k] * dP[i, k] for k in range(3))
    for j in range(3):
        dS[i, j] = P[i, j] * (dP[i, j] - r)
dQ = dS * K * scale
dK = dS.T * Q * scale
dWQ, dWK, dWV = X.T * dQ, X.T * dK, X.T * dV
eps = R(1, 10**4)
Wp, Wm = WQ.copy(), WQ.copy()
Wp[0, 0] += eps
Wm[0, 0] -= eps
fd = (forward(Wp)[6] - forward(Wm)[6]) / (2 * eps)


def nums(ln):
    import re
    return re.findall(r"-?\d+\.\d+e[+-]\d+", e.lines[ln - 1])


# inputs in the code cell and the printed X
for name, nth in (("X = torch.tensor([", 1), ("W_Q = torch.tensor([", 1), ("W_K = torch.tensor([", 1),
                  ("W_V = torch.tensor([", 1), ("T = torch.tensor([", 1)):
    start = L(name, nth)
    k = start + 1
    while e.lines[k - 1].startswith("    ["):
        e.given(k, f"{name.split()[0]} row")
        k += 1
e.given(L("d_k = 4"), "d_k")
p = L("tensor([[ 5.00e-01")
for k in range(3):
    e.given(p + k, "printed X row")

# forward pass
p = L("tensor([[ 8.67e-02")
e.rows([p, p + 1, p + 2], "attention output A", [nums(p + k) for k in range(3)], A)
e.claim(L("Loss L: 2.86e-02"), "loss L", "2.86e-02", loss)
e.claim(L("Loss from manual forward: 2.86e-02"), "loss L (manual forward)", "2.86e-02", loss)

# autograd gradients
p = L("tensor([[-2.54e-04", 1)
e.rows([p + k for k in range(4)], "autograd dL/dW_Q", [nums(p + k) for k in range(4)], dWQ)
p = L("tensor([[-3.46e-05")
e.rows([p + k for k in range(4)], "autograd dL/dW_K", [nums(p + k) for k in range(4)], dWK)
p = L("tensor([[ 3.32e-02")
e.rows([p + k for k in range(4)], "autograd dL/dW_V", [nums(p + k) for k in range(4)], dWV)

# manual vs autograd
for name in ("W_Q", "W_K", "X"):
    e.ambiguous(L(f"Max |manual - autograd| for {name}:"),
                "float round-off between two implementations of the same exact quantity (exact difference 0)")
e.claim(L("Max |manual - autograd| for W_V: 0.00e+00"), "max |manual - autograd| for W_V", "0.00e+00", 0)
p = L(" tensor([[-2.54e-04", 1)
e.rows([p + k for k in range(4)], "autograd dL/dW_Q (reprinted)", [nums(p + k) for k in range(4)], dWQ,
       cause="carried")
p = L(" tensor([[-2.54e-04", 2)
e.rows([p + k for k in range(4)], "manual dL/dW_Q", [nums(p + k) for k in range(4)], dWQ)

# finite difference
e.claim(L("Finite-diff grad for W_Q[0,0]: -2.51e-04"), "central difference for W_Q[0,0]", "-2.51e-04", fd)
e.claim(L("Autograd grad: -2.54e-04"), "autograd dL/dW_Q[0,0] (reprint)", "-2.54e-04", dWQ[0, 0], cause="carried")
e.claim(L("Manual grad: -2.54e-04"), "manual dL/dW_Q[0,0] (reprint)", "-2.54e-04", dWQ[0, 0], cause="carried")
e.done()
