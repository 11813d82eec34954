# Expected verdicts for fr-basic-pierrelux-mlbook-attention-exercices.md, computed with plain SymPy (see oracle.py); not symattn's code.
# French course chapter (pierrelux/mlbook) with decimal commas, mostly in LaTeX braces ("0{,}422").
# Running example and Exercise 1: q = (1, 0), keys (1,0), (0,1), (1,1), values 10, 20, 30.
#   Unscaled scores (1, 0, 1); softmax = (e, 1, e)/(2e + 1) = (0.422319, 0.155362, 0.422319): "42% / 16%" and
#   (0,422; 0,155; 0,422) are right.  Output = (40e + 20)/(2e + 1) = 20 exactly.  The worked line
#   "0,422 x 10 + 0,155 x 20 + 0,422 x 30 ~ 4,22 + 3,10 + 12,66 = 19,98 ~ 20" multiplies the rounded weights: 3,10 and
#   12,66 (exact 3.107248 and 12.669564) and 19,98 (exact 20) are right as written, wrong end to end -> ambiguous
#   (explicit arithmetic on rounded operands); the chain's final "~ 20" is right.
#   Part 4 (scaled by sqrt 2 ~ 1,41): scores (0,71; 0; 0,71) right, but the softmax printed (0,39; 0,22; 0,39) is wrong:
#   softmax(1/sqrt2, 0, 1/sqrt2) = (0.401112, 0.197776, 0.401112) -> (0,40; 0,20; 0,40), and even from the rounded
#   0,71 it is (0.40134, 0.19732, 0.40134) -> slip (checked with numpy too).
# Quadratic cost: 4096^2 = 16 777 216 ~ 16,8 millions; x 16 heads = 268 435 456 ~ 268 millions: right.
# Exercise 2 (d = 512, H = 8, d_ff = 2048): 32 768, 98 304, 786 432, 262 144, 1 048 576 (~1M), FFN 1 048 576 + 2 048 +
#   1 048 576 + 512 = 2 099 712 (~2M), block 3 148 288 (~3,1M), 6 blocks 18 889 728 (~18,9M): all right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, agrees, sp, softmax_rows, grouped_int_claim

e = Expect(__file__, language="fr", topics=["basic", "softmax-row", "decimal-comma", "latex-brace-comma",
                                            "param-count", "exercise-solution"])


def brace_claim(line, what, printed, exact, cause="slip", rounded_int=False):
    """Numbers printed as LaTeX '0{,}422' (decimal comma in braces) or plain; recorded like Expect.claim."""
    text = e.lines[line - 1]
    ent = e._entry(line)
    bad = []
    for p, x in zip(printed, exact):
        assert p in text, (line, p)
        if not agrees(p.replace("{,}", ","), x, rounded_int):
            bad.append({"printed": p, "exact": str(sp.N(x, 6))})
    item = {"what": what, "printed": list(printed)}
    if bad:
        item.update(wrong=bad, cause=cause)
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


q = sp.Matrix([[1, 0]])
Kk = M([["1", "0"], ["0", "1"], ["1", "1"]])
v = sp.Matrix([10, 20, 30])
scores = q * Kk.T                      # (1, 0, 1)
w = softmax_rows(scores)
out = (w * v)[0]                       # exactly 20
ws = softmax_rows(scores / sp.sqrt(2))

# running example in the text
L = e.line("Petit exemple : trois positions")
e.claim(L, "scores q.k_t", ["1", "0", "1"], scores)
e.claim(L, "softmax weights as percentages", ["42%", "16%"], [w[0], w[1]])

# quadratic cost
L = e.line("Pour une séquence de $T = 4096$ positions")
brace_claim(L, "4096^2 in millions", ["16{,}8"], [R(4096 ** 2, 10 ** 6)])
brace_claim(L, "16 heads x 4096^2 in millions", ["268"], [R(16 * 4096 ** 2, 10 ** 6)], rounded_int=True)

# Exercise 1
e.given(e.line("(en dimension $d_k = 2$, $d_v = 1$)"), "d_k = 2, d_v = 1")
e.given(e.line("| 1 | $(1, 0)$ | $10$ |"), "k1, v1")
e.given(e.line("| 2 | $(0, 1)$ | $20$ |"), "k2, v2")
e.given(e.line("| 3 | $(1, 1)$ | $30$ |"), "k3, v3")
e.given(e.line("La requête est $\\mathbf{q} = (1, 0)$."), "query q")
e.claim(e.line("1. Scores: $\\mathbf{q}^\\top \\mathbf{k}_1 = 1$"), "unscaled scores", ["1", "0", "1"], scores)
brace_claim(e.line("2. $\\text{softmax}(1, 0, 1)"), "softmax(1, 0, 1)",
            ["1", "0", "0{,}422", "0{,}155", "0{,}422"], [1, 0, w[0], w[1], w[2]])
e.ambiguous(e.line("3. Sortie: $0{,}422 \\times 10"),
            "4,22 + 3,10 + 12,66 = 19,98 multiplies the rounded weights 0,422 / 0,155 (right as written; the exact terms "
            "are 4.223188, 3.107248, 12.669564 and their sum is exactly (40e + 20)/(2e + 1) = 20): explicit arithmetic "
            "on rounded operands; the chain's final '~ 20' is right end to end")
L = e.line("4. Avec $\\sqrt{d_k} = \\sqrt{2} \\approx 1{,}41$")
brace_claim(L, "sqrt 2", ["1{,}41"], [sp.sqrt(2)])
brace_claim(L, "scaled scores", ["0{,}71", "0", "0{,}71"], list(scores / sp.sqrt(2)))
brace_claim(L, "softmax of the scaled scores (exact 0.401112, 0.197776, 0.401112)",
            ["0{,}39", "0{,}22", "0{,}39"], list(ws), cause="slip")

# Exercise 2
d, H, dff = 512, 8, 2048
dk = d // H
e.given(e.line("Un bloc transformeur a $d = 512$"), "d, H, d_ff")
e.claim(e.line("Avec $d_k = d_v = d / H = 64$"), "d_k = d / H", ["64"], [R(d, H)])
L = e.line("1. Par tête:")
grouped_int_claim(e, L, "W_Q per head 512 x 64", "32 768", d * dk, sep=" ")
grouped_int_claim(e, L, "3 x 32 768", "32\\,768", d * dk, sep="\\,")
grouped_int_claim(e, L, "per head total", "98\\,304", 3 * d * dk, sep="\\,")
L = e.line("2. Huit têtes:")
grouped_int_claim(e, L, "8 heads", "786\\,432", 8 * 3 * d * dk, sep="\\,")
grouped_int_claim(e, L, "W_O 512 x 512", "262 144", d * d, sep=" ")
grouped_int_claim(e, L, "multi-head total", "1 048 576", 8 * 3 * d * dk + d * d, sep=" ")
e.claim(L, "multi-head total in millions", ["1"], [R(8 * 3 * d * dk + d * d, 10 ** 6)], rounded_int=True)
ffn = dff * d + dff + d * dff + d
L = e.line("3. $W_1 \\in \\mathbb{R}^{2048 \\times 512}$")
grouped_int_claim(e, L, "W_1", "1 048 576", dff * d, sep=" ")
grouped_int_claim(e, L, "b_1", "2 048", dff, sep=" ")
grouped_int_claim(e, L, "FFN total", "2 099 712", ffn, sep=" ")
e.claim(L, "FFN total in millions", ["2"], [R(ffn, 10 ** 6)], rounded_int=True)
block = 8 * 3 * d * dk + d * d + ffn
L = e.line("4. Total par bloc:")
e.claim(L, "block and 6 blocks in millions", ["3,1", "18,9"], [R(block, 10 ** 6), R(6 * block, 10 ** 6)])
e.given(e.line("$T = 4$, avec $M_{ij} = 0$"), "T = 4 for the mask exercise")
e.done()
