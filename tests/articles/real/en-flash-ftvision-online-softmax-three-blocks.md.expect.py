# Expected verdicts for en-flash-ftvision-online-softmax-three-blocks.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: one score row arriving in three blocks [2, 1, 3], [5, 4, 4], [1, 2, 1]; online softmax with running max m
# and running sum l = sum exp(x - m) (the V_j are symbols, so only the coefficients of o are numbers).
# Exact: block 1: m = 3, e^-1 = 0.367879, e^-2 = 0.135335, l1 = 1 + e^-1 + e^-2 = 1.503215;
#        block 2: m = 5, scale e^-2 = 0.135335, l1 * e^-2 = 0.203438, l2 = l1 e^-2 + 1 + 2 e^-1 = 1.939197;
#        block 3: m = 5, scale 1, e^-4 = 0.0183156, e^-3 = 0.0497871, l3 = l2 + 2 e^-4 + e^-3 = 2.025615.
# - Block-1 line "= 0.37 + 0.14 + 1.0 = 1.51": 1.51 is the right sum of the rounded terms but l1 = 1.503215 rounds to
#   1.50 -> ambiguous (explicit arithmetic on rounded operands; the other entries on the line agree).
# - Block-2 line "l = 1.51 * 0.135 + ...": restates l after block 1 as 1.51 -> wrong (drift; exact 1.503215 -> 1.50).
#   Everything after it agrees end to end (0.20, 1.94, 2.03).
# - "exp(1000) ≈ 10^434": exp(1000) = 1.97e434, an order-of-magnitude statement -> ambiguous.
# Wrong lines: 1 (drift).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["flash", "online-softmax", "code-block", "plain-text"])
E = sp.exp
l1 = 1 + E(-1) + E(-2)
l2 = l1 * E(-2) + 1 + 2 * E(-1)
l3 = l2 + 2 * E(-4) + E(-3)

e.given(e.line("x = [1000, 1001, 1002]"), "overflow example input")
e.ambiguous(e.line("# exp(1000) ≈ 10^434"), "exp(1000) = 1.97e434: '≈ 10^434' gives only the order of magnitude, "
            "not a rounded value")
e.claim(e.line("the biggest exponential left is exp(0) = 1"), "exp(0)", ["1"], [sp.Integer(1)])

# Block 1
e.given(e.line("Block 1: scores = [2, 1, 3]"), "block 1 scores")
e.ambiguous(e.line("m = 3, l = exp(2-3) + exp(1-3) + exp(3-3) = 0.37 + 0.14 + 1.0 = 1.51"),
            "0.37 + 0.14 + 1.0 = 1.51 is right from the rounded terms, but l1 = 1 + e^-1 + e^-2 = 1.503215 rounds to "
            "1.50 (explicit arithmetic on rounded operands); m = 3, 0.37 = e^-1 and 0.14 = e^-2 agree")
e.claim(e.line("o = 0.37*V1 + 0.14*V2 + 1.0*V3"), "block-1 weights of V1..V3", ["0.37", "0.14", "1.0"],
        [E(-1), E(-2), 1])

# Block 2
e.given(e.line("Block 2: scores = [5, 4, 4]"), "block 2 scores")
b2 = e.line("Block 2: scores = [5, 4, 4]")
e.claim(e.line("m_new = 5", after=b2), "new running max", ["5"], [sp.Integer(5)])
e.claim(e.line("scale = exp(3 - 5) = 0.135"), "rescale factor e^(3-5)", ["0.135"], [E(-2)])
L = e.line("l = 1.51 * 0.135 + exp(5-5) + exp(4-5) + exp(4-5)")
e.claim(L, "l after block 1 restated (exact 1.503215)", ["1.51"], [l1], cause="drift")
e.claim(L, "rescale factor restated", ["0.135"], [E(-2)])
e.claim(e.line("= 0.20 + 1.0 + 0.37 + 0.37 = 1.94"), "l1*e^-2, e^0, e^-1, e^-1 and l2",
        ["0.20", "1.0", "0.37", "0.37", "1.94"], [l1 * E(-2), 1, E(-1), E(-1), l2])
e.claim(e.line("o = o * 0.135 + 1.0*V4 + 0.37*V5 + 0.37*V6"), "rescale and block-2 weights",
        ["0.135", "1.0", "0.37", "0.37"], [E(-2), 1, E(-1), E(-1)])

# Block 3
e.given(e.line("Block 3: scores = [1, 2, 1]"), "block 3 scores")
b3 = e.line("Block 3: scores = [1, 2, 1]")
e.claim(e.line("m_new = 5", after=b3), "running max unchanged", ["5"], [sp.Integer(5)])
e.claim(e.line("scale = exp(5 - 5) = 1.0"), "rescale factor e^0", ["1.0"], [sp.Integer(1)])
e.claim(e.line("l = 1.94 * 1.0 + exp(1-5) + exp(2-5) + exp(1-5)"), "l2 restated and scale", ["1.94", "1.0"],
        [l2, 1])
e.claim(e.line("= 1.94 + 0.018 + 0.050 + 0.018 = 2.03"), "l2, e^-4, e^-3, e^-4 and l3",
        ["1.94", "0.018", "0.050", "0.018", "2.03"], [l2, E(-4), E(-3), E(-4), l3])
e.claim(e.line("o = o * 1.0 + 0.018*V7 + 0.050*V8 + 0.018*V9"), "scale and block-3 weights",
        ["1.0", "0.018", "0.050", "0.018"], [1, E(-4), E(-3), E(-4)])
e.done()
