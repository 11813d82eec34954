# Expected verdicts for en-mask-zhubert-manual-llm-two-heads.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# zhubert's "Manual LLM" course, chapter 3: causal scaled dot-product attention in two heads of a 5-token toy model
# (d_k = 8), with a worked example for position 1 of head 0.
# Inputs: d_k = 8; the toy softmax scores [0.0003, -0.0011]; Q[0][1], K[0][0], K[0][1] printed to 4 decimals
#   (random, untrained weights; the program kept more digits); the first two entries of V[0][0] and V[0][1].
# Exact values: sqrt(8) = 2.828427 -> 2.8284.
#   Toy softmax: e^0.0003 = 1.00030005 -> 1.0003; e^-0.0011 = 0.99890060 -> 0.9989; 1.0003 + 0.9989 = 1.9992;
#   softmax([0.0003, -0.0011]) = [0.50034999994, 0.49965000006] -> [0.5003, 0.4997] (right).
#   The written divisions 1.0003 / 1.9992 = 0.5003501 (-> 0.5004) and 0.9989 / 1.9992 = 0.4996499 (-> 0.4996) do not
#   give the printed 0.5003 / 0.4997 from their rounded operands, but the printed values are the end-to-end softmax:
#   ambiguous (arithmetic on rounded operands), not wrong.
#   From the printed Q[0][1] and K: score[1,0] = 0.00087804 -> 0.0009 (right); score[1,1] = -0.00305369 -> -0.0031,
#   printed -0.0030: within the error of eight products of 4-decimal roundings of hidden values -> ambiguous.
#   Scaled: 0.0009/2.8284 = 0.000318 -> 0.0003; -0.0030/2.8284 = -0.001061 -> -0.0011 (and end to end 0.00031043,
#   -0.00107964 -> same); weights softmax = [0.5003475, 0.4996525] -> 0.5003, 0.4997, 50.03%, 49.97% (right).
#   output[1] = 0.50035 V00 + 0.49965 V01: first entry 0.022700 -> 0.0227 agrees, second -0.035044 -> -0.0350 where
#   -0.0351 is printed, the rest needs unprinted V entries: the line is ambiguous (unprinted digits of random V).
#   Row 0 of each weight matrix is [1, 0, 0, 0, 0] by the mask; row 1 of head 0 is the worked [0.5003, 0.4997, 0...].
#   The other weight rows and all output rows come from unprinted random weights: ambiguous.
# No line is wrong.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, agrees

e = Expect(__file__, language="en", topics=["mask", "mha", "softmax", "latex-aligned", "code-blocks"])
L = e.lines
RANDOM = "depends on the untrained random weights, printed only to 4 decimals or not at all"

e.given(e.line("has 5 steps"), "5 steps")
e.given(e.line("The 2 heads compute attention independently"), "2 heads")
e.given(e.line("- $Q$: $[5, 8]$"), "Q shape")
e.given(e.line("- $K^T$: $[8, 5]$"), "K^T shape")
e.given(e.line("- $\\text{scores}$: $[5, 5]$"), "scores shape")
e.claim(e.line("\\frac{\\text{scores}}{\\sqrt{8}} = \\frac{\\text{scores}}{2.8284}"), "sqrt(8)", ["8", "2.8284"],
        [8, sp.sqrt(8)])
first = e.line("Position:     0  1  2  3  4")
e.given(first, "position indices")
for k in range(5):
    e.given(first + 1 + k, f"mask row {k}")

# --- the toy softmax ------------------------------------------------------------------------
s = [R("0.0003"), R("-0.0011")]
w = [sp.exp(s[0]) / (sp.exp(s[0]) + sp.exp(s[1])), sp.exp(s[1]) / (sp.exp(s[0]) + sp.exp(s[1]))]
e.given(e.line("Take the two scores `[0.0003, -0.0011]`"), "toy scores")
e.claim(e.line("exp_0 = e^0.0003 = 1.0003"), "e^0.0003", ["0.0003", "1.0003"], [s[0], sp.exp(s[0])])
e.claim(e.line("exp_1 = e^(-0.0011) = 0.9989"), "e^-0.0011", ["-0.0011", "0.9989"], [s[1], sp.exp(s[1])])
e.claim(e.line("sum_exp = 1.0003 + 0.9989 = 1.9992"), "sum of the rounded exponentials", ["1.0003", "0.9989", "1.9992"],
        [sp.exp(s[0]), sp.exp(s[1]), R("1.0003") + R("0.9989")])
e.ambiguous(e.line("weight_0 = 1.0003 / 1.9992 = 0.5003"),
            "1.0003/1.9992 = 0.50035014 would print 0.5004; 0.5003 is the end-to-end softmax of the scores "
            "(arithmetic on rounded operands)")
e.ambiguous(e.line("weight_1 = 0.9989 / 1.9992 = 0.4997"),
            "0.9989/1.9992 = 0.49964986 would print 0.4996; 0.4997 is the end-to-end softmax of the scores "
            "(arithmetic on rounded operands)")
e.claim(e.line("# Result: [0.5003, 0.4997]  ✓ Sums to 1.0"), "softmax of the toy scores", ["0.5003", "0.4997", "1.0"],
        [w[0], w[1], w[0] + w[1]])
e.claim(e.line("wins slightly more weight (50.03%)"), "toy score and its weight", ["0.0003", "50.03%"], [s[0], w[0]])

# --- worked example, position 1 head 0 ------------------------------------------------------------
q = M([["0.0389", "-0.0146", "0.0477", "-0.0396", "0.0275", "0.0247", "0.0317", "0.0619"]])
k0 = M([["0.0237", "0.0403", "-0.0276", "0.0297", "-0.0048", "-0.0394", "0.0016", "0.0661"]])
k1 = M([["-0.0188", "0.0668", "-0.0556", "-0.0324", "-0.0575", "0.1045", "0.0703", "-0.0518"]])
s10 = (q * k0.T)[0]
s11 = (q * k1.T)[0]
for n in (1, 2):
    e.given(e.line("Q[0][1] = [0.0389", n), "query of position 1 (random, printed to 4 decimals)")
e.given(e.line("K[0][0] = [0.0237"), "key 0 (random)")
e.given(e.line("K[0][1] = [-0.0188"), "key 1 (random)")
e.given(e.line("score[1, 0] = (0.0389 × 0.0237)"), "dot product written out")
e.claim(e.line("            = 0.0009"), "score[1,0] from the printed vectors", ["0.0009"], [s10])
ln = e.line("score[1, 1] = -0.0030")
assert not agrees("-0.0030", s11)
e.ambiguous(ln, f"from the printed 4-decimal vectors the dot product is {sp.N(s11, 6)} (-0.0031); the vectors are "
                "roundings of unprinted random values, whose error can move it to -0.0030")
a10, a11 = s10 / sp.sqrt(8), s11 / sp.sqrt(8)
e.claim(e.line("\\frac{0.0009}{2.8284} = 0.0003"), "scaled score 10", ["0.0009", "2.8284", "0.0003"],
        [s10, sp.sqrt(8), a10])
e.claim(e.line("\\frac{-0.0030}{2.8284} = -0.0011"), "scaled score 11", ["2.8284", "-0.0011"], [sp.sqrt(8), a11])
e.claim(e.line("\\text{masked\\_scores}[1] = [0.0003, -0.0011"), "masked row 1", ["0.0003", "-0.0011"], [a10, a11])
W10 = sp.exp(a10) / (sp.exp(a10) + sp.exp(a11))
W11 = 1 - W10
e.claim(e.line("\\text{weight}_{10} &= \\frac{e^{0.0003}}"), "weight 10", ["0.0003", "-0.0011", "0.5003"],
        [a10, a11, W10])
e.claim(e.line("\\text{weight}_{11} &= \\frac{e^{-0.0011}}"), "weight 11", ["-0.0011", "0.0003", "0.4997"],
        [a11, a10, W11])
e.claim(e.line("50.03% on position 0 and 49.97% on itself"), "weights as percentages", ["50.03%", "49.97%"],
        [W10, W11])
e.claim(e.line("\\text{output}[1] &= 0.5003 \\times V[0][0] + 0.4997 \\times V[0][1]"), "weights restated",
        ["0.5003", "0.4997"], [W10, W11])
e.given(e.line("&= 0.5003 \\times [0.0231, -0.0259, ...] + 0.4997 \\times [0.0223, -0.0442, ...]"),
        "weights and the printed first entries of V[0][0], V[0][1]")
ln = e.line("&= [0.0227, -0.0351, 0.0399")
o2 = W10 * R("-0.0259") + W11 * R("-0.0442")
assert agrees("0.0227", W10 * R("0.0231") + W11 * R("0.0223")) and not agrees("-0.0351", o2)
e.ambiguous(ln, f"output[1]: 0.0227 agrees, the second entry from the printed values is {sp.N(o2, 6)} (-0.0350) and "
                "entries 3-8 need unprinted V values; V is random and printed to 4 decimals")

# --- weight and output matrices ---------------------------------------------------------------------
for head in (0, 1):
    first = e.line(f"attention_weights[{head}] = [") + 1
    for t in range(5):
        ln = first + t
        if t == 0:
            e.claim(ln, f"head {head} row 0 (mask)", ["1.0000", "0.0000"], [1, 0])
        elif head == 0 and t == 1:
            e.claim(ln, "head 0 row 1 (worked above)", ["0.5003", "0.4997", "0.0000"], [W10, W11, 0])
        else:
            e.ambiguous(ln, f"head {head} weight row {t}: {RANDOM}")
    first = e.line(f"attention_output[{head}] = [") + 1
    for t in range(5):
        e.ambiguous(first + t, f"head {head} output row {t}: {RANDOM}")

e.claim(e.line("has nobody but itself to look at (100%)"), "position 0 weight", ["100%"], [1])
e.ambiguous(e.line("gives ~50% to `<BOS>` and ~50% to itself"), "rough description (~50%)")
e.ambiguous(e.line("almost evenly, ~20% to each token"), "rough description (~20%)")
e.ambiguous(e.line("attention_weights[0][2] = [0.3330, 0.3326, 0.3344"), f"head 0 row 2: {RANDOM}")
for pct in ("33.30%", "33.26%", "33.44%"):
    e.ambiguous(e.line(f"- {pct}"), f"head 0 row 2 as a percentage: {RANDOM}")
e.done()
