# Expected verdicts for en-pe-luisdecunto-transformer-solutions.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: d_k = 64 and the example scores [20, 19, 18] (scaled by 1/8); d_model = 512, h = 8 for the head size and
# the MHA parameter count (four 512 x 512 matrices, plus 512 biases each); sinusoidal PE with d_model = 4 at
# pos = 0, 1, 2: PE(pos, 2i) = sin(pos / 10000^(2i/4)), PE(pos, 2i+1) = cos(...), i.e. angles pos and pos/100.
# Exact: softmax([20, 19, 18]) = (0.665241, 0.244728, 0.090031); softmax([2.5, 2.375, 2.25]) = (0.375757, 0.331604,
#        0.292639); 512/8 = 64; 512^2 = 262,144; 3 * 262,144 = 786,432; 4 * 262,144 = 1,048,576; 4*512 = 2,048;
#        512^2 + 512 = 262,656; total 1,050,624; sin 1 = 0.841471, cos 1 = 0.540302, sin 0.01 = 0.00999983,
#        cos 0.01 = 0.99995000042, sin 2 = 0.909297, cos 2 = -0.416147, sin 0.02 = 0.0199987, cos 0.02 = 0.99980001.
# Wrong lines: 4
#   "softmax([20, 19, 18]) ≈ [0.999, 0.0009, 0.0001]" (exact 0.665241, 0.244728, 0.090031; the gaps of 1 do not
#   saturate softmax) -> slip;
#   "softmax([2.5, 2.375, 2.25]) ≈ [0.43, 0.32, 0.25]" (exact 0.375757, 0.331604, 0.292639 -> 0.38, 0.33, 0.29) -> slip;
#   "cos(0.01) ≈ 0.9999" (exact 0.99995000042, which rounds to 1.0000 at 4 places; 0.9999 is a truncation) -> slip;
#   "PE(1) ≈ [0.841, 0.540, 0.01, 0.9999]" restates that 0.9999 -> carried.
# Ambiguous: the random-vector magnitudes ("±8 to ±10", "≈ 8.5") depend on an unprinted random draw.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["pe", "mha", "softmax", "code-block", "plain-text"])


def softmax(xs):
    den = sum(sp.exp(x) for x in xs)
    return [sp.exp(x) / den for x in xs]


# 2.1 scaling
e.given(e.line("**Given:** Q, K dimensions: d_k = 64"), "d_k = 64")
e.ambiguous(e.line("# Typical magnitude: ±8 to ±10"), "magnitude of an unprinted random dot product")
L = e.line("dot(q, k) ≈ 8.5 (typical value")
e.ambiguous(L, "8.5 is a 'typical' value of an unprinted random draw (the std dev sqrt(64) = 8 on the line agrees)")
e.claim(e.line("softmax([20, 19, 18]) ≈ [0.999, 0.0009, 0.0001]"), "softmax([20, 19, 18])",
        ["0.999", "0.0009", "0.0001"], softmax([20, 19, 18]))
e.claim(e.line("Scaled scores: [20/8, 19/8, 18/8] = [2.5, 2.375, 2.25]"), "scores / 8",
        ["2.5", "2.375", "2.25"], [R(20, 8), R(19, 8), R(18, 8)])
e.claim(e.line("softmax([2.5, 2.375, 2.25]) ≈ [0.43, 0.32, 0.25]"), "softmax of the scaled scores",
        ["0.43", "0.32", "0.25"], softmax([R(20, 8), R(19, 8), R(18, 8)]))
e.claim(e.line("Var[q·k / √d_k] = Var[q·k] / d_k = d_k / d_k = 1"), "d_k / d_k", ["1"], [sp.Integer(1)])

# 3.1 head size
e.given(e.line("**Multi-head:** d_model = 512, h = 8 heads"), "d_model 512, 8 heads")
e.claim(e.line("d_k = d_v = d_model / h = 512 / 8 = 64"), "512 / 8", ["64"], [R(512, 8)])
e.claim(e.line("Concatenate: (batch, seq, 8×64) = (batch, seq, 512)"), "8 * 64", ["512"], [sp.Integer(8 * 64)])

# 3.3 parameters
e.given(e.line("**Transformer block: d_model = 512, h = 8**"), "d_model 512, h 8")
for name in ("W_Q", "W_K", "W_V"):
    number_claim(e, e.line(f"- {name}: 512 × 512 = 262,144"), f"{name} size", "262,144", 512 * 512)
number_claim(e, e.line("- Subtotal: 786,432"), "3 * 512^2", "786,432", 3 * 512 * 512)
number_claim(e, e.line("- W_O: 512 × 512 = 262,144"), "W_O size", "262,144", 512 * 512)
number_claim(e, e.line("- **1,048,576 parameters** (≈ 1M)"), "4 * 512^2", "1,048,576", 4 * 512 * 512)
number_claim(e, e.line("4×512 = 2,048 more"), "4 biases of 512", "2,048", 4 * 512)
for name in ("W_Q", "W_K", "W_V", "W_O"):
    number_claim(e, e.line(f"{name}: 512×512 + 512 = 262,656"), f"{name} with bias", "262,656", 512 * 512 + 512)
number_claim(e, e.line("Total: 1,050,624 parameters"), "4 * (512^2 + 512)", "1,050,624", 4 * (512 * 512 + 512))

# 4.2 positional encoding, d_model = 4
e.given(e.line("**Given:** pos = 0, 1, 2 and d_model = 4"), "positions 0..2, d_model 4")


def pe(pos):
    out = []
    for i in range(2):
        ang = R(pos) / sp.Integer(10000) ** R(2 * i, 4)
        out += [sp.sin(ang), sp.cos(ang)]
    return out


p0, p1, p2 = pe(0), pe(1), pe(2)
e.claim(e.line("PE(0, 0) = sin(0 / 10000^(0/4)) = sin(0) = 0"), "PE(0,0)", ["0"], [p0[0]])
e.claim(e.line("PE(0, 1) = cos(0 / 10000^(0/4)) = cos(0) = 1"), "PE(0,1)", ["1"], [p0[1]])
e.claim(e.line("PE(0, 2) = sin(0 / 10000^(2/4)) = sin(0) = 0"), "PE(0,2)", ["0"], [p0[2]])
e.claim(e.line("PE(0, 3) = cos(0 / 10000^(2/4)) = cos(0) = 1"), "PE(0,3)", ["1"], [p0[3]])
e.claim(e.line("PE(0) = [0, 1, 0, 1]"), "PE(0)", ["0", "1", "0", "1"], p0)
e.claim(e.line("PE(1, 0) = sin(1 / 10000^0) = sin(1) ≈ 0.841"), "PE(1,0) = sin 1", ["0.841"], [p1[0]])
e.claim(e.line("PE(1, 1) = cos(1 / 10000^0) = cos(1) ≈ 0.540"), "PE(1,1) = cos 1", ["0.540"], [p1[1]])
e.claim(e.line("sin(0.01) ≈ 0.01"), "10000^0.5 = 100 and PE(1,2) = sin 0.01", ["100", "0.01"],
        [sp.sqrt(10000), p1[2]])
e.claim(e.line("cos(0.01) ≈ 0.9999"), "PE(1,3) = cos 0.01 (exact 0.99995000042)", ["0.9999"], [p1[3]])
e.claim(e.line("PE(1) ≈ [0.841, 0.540, 0.01, 0.9999]"), "PE(1) restated", ["0.841", "0.540", "0.01", "0.9999"],
        p1, cause="carried")
e.claim(e.line("PE(2, 0) = sin(2) ≈ 0.909"), "PE(2,0) = sin 2", ["0.909"], [p2[0]])
e.claim(e.line("PE(2, 1) = cos(2) ≈ -0.416"), "PE(2,1) = cos 2", ["-0.416"], [p2[1]])
e.claim(e.line("PE(2, 2) = sin(0.02) ≈ 0.02"), "PE(2,2) = sin 0.02", ["0.02"], [p2[2]])
e.claim(e.line("PE(2, 3) = cos(0.02) ≈ 0.9998"), "PE(2,3) = cos 0.02", ["0.9998"], [p2[3]])
e.claim(e.line("PE(2) ≈ [0.909, -0.416, 0.02, 0.9998]"), "PE(2)", ["0.909", "-0.416", "0.02", "0.9998"], p2)
e.done()
