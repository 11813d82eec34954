# Expected verdicts for en-basic-ttsugriy-first-principles-cat-sat-mat.md, computed with plain SymPy (see oracle.py); not symattn's code.
# 5.2: x_cat = [1,0], x_sat = [0,1], x_mat = [1,1], identity projections, unscaled softmax(QK^T) V.
#   Scores [[1,0,1],[0,1,1],[1,1,2]] are right; softmax rows: cat [0.4223, 0.1554, 0.4223] (printed 0.42/0.16/0.42, right),
#   sat [0.1554, 0.4223, 0.4223] printed [0.18, 0.33, 0.49] and mat [0.2119, 0.2119, 0.5761] printed [0.18, 0.18, 0.64]:
#   slips.  output_cat [0.8446, 0.5777] right; output_sat [0.5777, 0.8446] printed [0.67, 0.82] and output_mat
#   [0.7881, 0.7881] printed [0.82, 0.82] follow from the wrong weights (restated on the same lines) -> carried.
# 5.3: softmax([9.2, -3.1, 8.8, -5.4, 1.2]) = [0.5986, 0.0000, 0.4012, 0.0000, 0.0002] right; the scores / 8 =
#   [1.15, -0.3875, 1.1, -0.675, 0.15] right at 2 places; their softmax is [0.3710, 0.0797, 0.3529, 0.0598, 0.1365],
#   printed [0.31, 0.07, 0.30, 0.05, 0.12] (sums to 0.85): slip.  "weights ≈ [0.99, 0.00, 0.01, ...]" for
#   scores [8.5, -2.1, 7.9, ...] is ambiguous: the hidden entries are unknown (though the printed ratio 0.99/0.01 cannot be
#   e^0.6 = 1.82 whatever they are).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "softmax", "output", "scaling"])

# --- 5.2 dot-product illustration
L = e.line("Query q_i:  [1, 0, 1]")
q = M([["1", "0", "1"]])
kj = M([["1", "0", "1"]])
km = M([["0", "1", "0"]])
e.given(L, "q_i")
e.given(L + 1, "k_j")
e.claim(L + 2, "q_i·k_j terms and sum", ["1", "0", "1", "2"], [q[i] * kj[i] for i in range(3)] + [(q * kj.T)[0]])
e.given(L + 4, "k_m")
e.claim(L + 5, "q_i·k_m terms and sum", ["0", "0", "0", "0"], [q[i] * km[i] for i in range(3)] + [(q * km.T)[0]])

# --- 5.2 worked example
X = M([["1", "0"], ["0", "1"], ["1", "1"]])
for nm in ("x_cat = [1, 0]", "x_sat = [0, 1]", "x_mat = [1, 1]"):
    e.given(e.line(nm), "embedding")
S = X * X.T
A = softmax_rows(S)
O = A * X
L = e.line("    cat [  1    0    1  ]")
e.rows([L, L + 1, L + 2], "QK^T", [["1", "0", "1"], ["0", "1", "1"], ["1", "1", "2"]], S)
L = e.line("    cat [ 0.42  0.16  0.42 ]")
e.rows([L, L + 1, L + 2], "softmax(QK^T)", [["0.42", "0.16", "0.42"], ["0.18", "0.33", "0.49"], ["0.18", "0.18", "0.64"]], A)
names = ["cat", "sat", "mat"]
printed_w = [["0.42", "0.16", "0.42"], ["0.18", "0.33", "0.49"], ["0.18", "0.18", "0.64"]]
printed_o = [["0.84", "0.58"], ["0.67", "0.82"], ["0.82", "0.82"]]
for i, nm in enumerate(names):
    L = e.line(f"output_{nm} = ")
    cause = "slip" if i == 0 else "carried"
    e.claim(L, f"weights of {nm} restated", printed_w[i], A.row(i), cause=cause)
    e.claim(L, f"values restated", ["1", "0", "0", "1", "1", "1"], list(X.row(0)) + list(X.row(1)) + list(X.row(2)))
    e.claim(L, f"output_{nm}", printed_o[i], O.row(i), cause=cause)

# --- complexity: n = 100,000 -> n^2 = 10 billion
L = e.line("n=100,000 tokens")
n = 100000
e.given(L, "n = 100,000")
e.claim(L, "n^2 in billions", "10", sp.Integer(n) ** 2 / 10**9)

# --- 5.3 variance facts
e.claim(e.line("- E[XY] = E[X]E[Y] = 0"), "E[XY]", "0", 0)
e.claim(e.line("- E[(XY)²] = E[X²]E[Y²] = 1 × 1 = 1"), "E[(XY)^2] = 1 x 1", ["1", "1", "1"], [1, 1, 1])
e.claim(e.line("- Var(XY) = E[(XY)²] - E[XY]² = 1 - 0 = 1"), "Var(XY) = 1 - 0", ["1", "0", "1"], [1, 0, 1])
L = e.line("With d_k = 64 the scores have standard deviation √64 = 8.")
e.given(L, "d_k = 64")
e.claim(L, "sqrt(64)", "8", sp.sqrt(64))
L = e.line("scores = [8.5, -2.1, 7.9, ...]")
e.given(L, "illustrative scores (more entries hidden)")
e.ambiguous(e.line("weights ≈ [0.99, 0.00, 0.01, ...]"),
            "softmax of a score list with hidden entries ('...'); the printed ratio 0.99/0.01 cannot equal "
            "e^(8.5-7.9) = 1.82 whatever the hidden entries are, but the exact weights cannot be computed")
L = e.line("Unscaled:  Var(q·k) = 64, Std = 8")
e.given(L - 2, "d_k = 64")
e.claim(L, "Var = d_k, Std = sqrt(d_k)", ["64", "8"], [64, sp.sqrt(64)])
e.claim(L + 1, "scaled by 8: Var = 1, Std = 1", ["8", "1", "1"], [sp.sqrt(64), 1, 1])

# --- 5.3 five-position example
s = M([["9.2", "-3.1", "8.8", "-5.4", "1.2"]])
L = e.line("**No scaling** (d_k = 64, score std ≈ 8)")
e.claim(L, "d_k and std", ["64", "8"], [64, sp.sqrt(64)])
L = e.line("Scores:  [9.2, -3.1, 8.8, -5.4, 1.2]")
e.given(L, "unscaled scores")
e.claim(e.line("Softmax: [0.599, 0.000, 0.401, 0.000, 0.000]"), "softmax of the unscaled scores",
        ["0.599", "0.000", "0.401", "0.000", "0.000"], softmax_rows(s))
e.claim(e.line("**Scaled** (divided by 8)"), "sqrt(64)", "8", sp.sqrt(64))
sc = s / 8
e.claim(e.line("Scores:  [1.15, -0.39, 1.10, -0.68, 0.15]"), "scores / 8 ([1.15, -0.3875, 1.1, -0.675, 0.15])",
        ["1.15", "-0.39", "1.10", "-0.68", "0.15"], sc)
e.claim(e.line("Softmax: [0.31, 0.07, 0.30, 0.05, 0.12]"),
        "softmax of the scaled scores ([0.3710, 0.0797, 0.3529, 0.0598, 0.1365])",
        ["0.31", "0.07", "0.30", "0.05", "0.12"], softmax_rows(sc))

# --- 5.3 gradients: diagonal entries p_i (1 - p_i)
L = e.line("When softmax ≈ [1, 0, 0, ...]:")
e.given(L, "illustrative softmax")
e.claim(L + 1, "p_i (1 - p_i) for [1, 0, 0]", ["0", "0", "0"], [1 * (1 - 1), 0 * (1 - 0), 0 * (1 - 0)])
L = e.line("When softmax ≈ [0.3, 0.3, 0.2, 0.2]:")
e.given(L, "illustrative softmax")
p = [R(3, 10), R(3, 10), R(2, 10), R(2, 10)]
e.claim(L + 1, "p_i (1 - p_i) (the diagonal of the Jacobian)", ["0.21", "0.21", "0.16", "0.16"], [x * (1 - x) for x in p])
e.done()
