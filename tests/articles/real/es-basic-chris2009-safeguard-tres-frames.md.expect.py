# Expected verdicts for es-basic-chris2009-safeguard-tres-frames.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: x1 = [1, 0], x2 = [0.5, 0.5], x3 = [0, 1]; W = identity so Q = K = V = X; d_k = 2 (scale sqrt(2)).
# Positional encoding table: d = 4, PE[:,2] and PE[:,3] use frequency 1/10000^(2/4) = 1/100.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="es", topics=["basic", "softmax", "pe", "code-block"])
X = M([["1", "0"], ["0.5", "0.5"], ["0", "1"]])
S = X * X.T
E = S / sp.sqrt(2)
A = softmax_rows(E)
Z = A * X

e.given(e.line("x₁ = [1, 0]"), "x1")
e.given(e.line("x₂ = [0.5, 0.5]"), "x2")
e.given(e.line("x₃ = [0, 1]"), "x3")
e.given(e.line("Supongamos d_k = 2"), "d_k = 2")
e.given(e.line("Q = K = V = X = [[1, 0], [0.5, 0.5], [0, 1]]"), "Q = K = V = X")
L = e.line("e = QKᵀ / √2 = [[1·1 + 0·0,")
for i in range(3):
    e.given(L + i, "dot products written out from the inputs (no result on this line)")

L = e.line("= [[1.0,  0.5,  0.0],")
e.rows([L, L + 1, L + 2], "Q K^T", [["1.0", "0.5", "0.0"], ["0.5", "0.5", "0.5"], ["0.0", "0.5", "1.0"]], S)
e.claim(L + 2, "sqrt(2) printed as the divisor", ["1.41"], [sp.sqrt(2)])
L = e.line("≈ [[0.71, 0.35, 0.00],")
e.rows([L, L + 1, L + 2], "scaled scores QK^T/sqrt(2)",
       [["0.71", "0.35", "0.00"], ["0.35", "0.35", "0.35"], ["0.00", "0.35", "0.71"]], E)

# softmax of [0.7071, 0.3536, 0] is [0.4555, 0.3199, 0.2246]: the printed 0.47 / 0.33 / 0.20 are off in every entry
L = e.line("α = softmax(e) ≈ [[0.47, 0.33, 0.20],")
e.rows([L, L + 1, L + 2], "softmax weights",
       [["0.47", "0.33", "0.20"], ["0.33", "0.33", "0.33"], ["0.20", "0.33", "0.47"]], A)

# output lines restate the (wrong) weights, the V rows (inputs) and the result
for k, (w, out) in enumerate([(["0.47", "0.33", "0.20"], ["0.64", "0.37"]),
                              (["0.33", "0.33", "0.33"], ["0.50", "0.50"]),
                              (["0.20", "0.33", "0.47"], ["0.37", "0.64"])]):
    L = e.line(["z₁ =", "z₂ =", "z₃ ="][k])
    e.claim(L, f"weights of row {k + 1} (restated)", w, A.row(k), cause="carried")
    e.given(L, "value rows [1,0], [0.5,0.5], [0,1] (inputs)")
    e.claim(L, f"output z{k + 1}", out, Z.row(k), cause="carried")

# positional encoding table, d = 4
e.given(e.line("Ejemplo para secuencia de 30 frames, d=4:"), "30 frames, d = 4")
w1 = R(1, 100)
L = e.line("  0  | sin(0)   | cos(0)")
e.given(L, "position 0 arguments")
e.claim(L + 1, "PE at pos 0", ["0.000", "1.000", "0.000", "1.000"], [sp.sin(0), sp.cos(0), sp.sin(0), sp.cos(0)])
L = e.line("  1  | sin(1)   | cos(1)")
e.claim(L, "arguments at pos 1 (1 and 1/100)", ["0.01", "0.01"], [1 * w1, 1 * w1])
e.claim(L + 1, "PE at pos 1", ["0.841", "0.540", "0.010", "1.000"],
        [sp.sin(1), sp.cos(1), sp.sin(w1), sp.cos(w1)])
L = e.line(" 29  | sin(29)")
e.claim(L, "arguments at pos 29 (29 and 29/100)", ["0.29", "0.29"], [29 * w1, 29 * w1])
e.claim(L + 1, "PE at pos 29", ["-0.664", "-0.748", "0.286", "0.958"],
        [sp.sin(29), sp.cos(29), sp.sin(29 * w1), sp.cos(29 * w1)])

L = e.line("con nuestros 30 frames son 900 comparaciones")
e.claim(L, "pairs of 30 frames", ["900"], [30 ** 2])
e.done()
