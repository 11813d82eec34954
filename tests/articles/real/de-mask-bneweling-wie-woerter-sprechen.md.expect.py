# Expected verdicts for de-mask-bneweling-wie-woerter-sprechen.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the printed per-word vectors (head size 2) Q = [[0.8, 0.1], [-0.2, 0.7], [0.5, -0.4]],
# K = [[0.6, -0.3], [0.1, 0.5], [-0.4, 0.8]], V = [[0.4, 0.9], [-0.3, 0.2], [0.7, -0.1]]; scores / sqrt(2) (the text
# rounds sqrt 2 to 1.4), causal mask, row softmax.  The 4-dim word embeddings are only given (no projection is printed).
# Exact, row "dogs": scores [0.42, -0.15, -0.52], scaled [0.296985, -0.106066, -0.367696],
# exp [1.345793, 0.899365, 0.692316] (sum 2.937474), weights [0.458145, 0.306168, 0.235687],
# weighted values [0.183258, 0.412331], [-0.091850, 0.061234], [0.164981, -0.023569], output [0.256388, 0.449995].
# Row "love": scores [-0.33, 0.33] / sqrt 2 -> weights [0.385400, 0.614600].
# Wrong lines:
# - 0.69 / 2.94 = 0.23 (and 23 Prozent): right from the rounded operands (0.2347), but the exact weight is 0.2357 -> 0.24:
#   drift; every later restatement of 0.23 (final weights, prose, the mixing lines, matrix row dogs) drifts too.
# - the mixing products [0.184, 0.414] + [-0.093, 0.062] + [0.161, -0.023] and the output [0.252, 0.453] are built from
#   the weights rounded to 2 places: exact [0.183, 0.412], [-0.092, 0.061], [0.165, -0.024], [0.256, 0.450] - drift.
# - matrix row "love" 0.45 / 0.55: softmax([-0.33, 0.33] / sqrt 2) = [0.385, 0.615] -> 0.39 / 0.61, slip
#   (unscaled it would be 0.34 / 0.66; no reading gives 0.45).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="de", topics=["mask", "basic", "softmax", "code-block", "text-table"])
Q = M([["0.8", "0.1"], ["-0.2", "0.7"], ["0.5", "-0.4"]])
K = M([["0.6", "-0.3"], ["0.1", "0.5"], ["-0.4", "0.8"]])
V = M([["0.4", "0.9"], ["-0.3", "0.2"], ["0.7", "-0.1"]])
S = Q * K.T
Ss = S / sp.sqrt(2)
A = sp.zeros(3, 3)
for i in range(3):
    den = sum(sp.exp(Ss[i, k]) for k in range(i + 1))
    for j in range(i + 1):
        A[i, j] = sp.exp(Ss[i, j]) / den
s = list(Ss.row(2))
ex = [sp.exp(x) for x in s]
w = list(A.row(2))
prod = [[w[j] * V[j, 0], w[j] * V[j, 1]] for j in range(3)]
out = list(A.row(2) * V)

for tok in ('Wort 0 ("I"):', 'Wort 1 ("love"):', 'Wort 2 ("dogs"):'):
    e.given(e.line(tok), f"embedding {tok}")
for tok in ('"I"     | [ 0.8', '"love"  | [-0.2', '"dogs"  | [ 0.5'):
    e.given(e.line(tok), f"Q, K, V of {tok.split()[0]}")

# Step 2: the three scores of "dogs"
for j, (head, terms, total) in enumerate([("Q_dogs · K_I =", ["0.30", "0.12"], "0.42"),
                                          ("Q_dogs · K_love =", ["0.05", "-0.20"], "-0.15"),
                                          ("Q_dogs · K_dogs =", ["-0.20", "-0.32"], "-0.52")]):
    L = e.line(head)
    e.given(L, f"operands of score dogs->{j}")
    e.claim(L + 1, f"terms of score dogs->{j}", terms, [Q[2, 0] * K[j, 0], Q[2, 1] * K[j, 1]])
    e.claim(L + 2, f"score dogs->{j}", [total], [S[2, j]])
e.claim(e.line("Am besten passt *dogs* also zu *I* (Score 0.42"), "scores restated in prose",
        ["0.42", "-0.15", "-0.52"], list(S.row(2)))

# Step 3: scaling
e.claim(e.line("die Wurzel aus zwei ist ungefähr 1.4"), "sqrt 2", ["1.4"], [sp.sqrt(2)])
L = e.line("Skalierte Scores: [0.42/1.4")
e.claim(L, "scores and sqrt 2 in the division", ["0.42", "-0.15", "-0.52", "1.4"], list(S.row(2)) + [sp.sqrt(2)])
e.claim(L + 1, "scaled scores of dogs", ["0.30", "-0.11", "-0.37"], s)

# Step 5: softmax by hand
e.claim(e.line("Scores: [0.30, -0.11, -0.37]"), "scaled scores restated", ["0.30", "-0.11", "-0.37"], s)
for k, (needle, arg, val) in enumerate([("e^0.30 = 1.35", "0.30", "1.35"), ("e^-0.11 = 0.90", "-0.11", "0.90"),
                                        ("e^-0.37 = 0.69", "-0.37", "0.69")]):
    L = e.line(needle)
    e.claim(L, f"exponent argument {k}", [arg], [s[k]])
    e.claim(L, f"exp of scaled score {k}", [val], [ex[k]])
e.claim(e.line("1.35 + 0.90 + 0.69 = 2.94"), "sum of the exponentials", ["1.35", "0.90", "0.69", "2.94"], ex + [sum(ex)])
for k, (needle, num, pct) in enumerate([("1.35 / 2.94 = 0.46", ["1.35", "2.94", "0.46"], "46"),
                                        ("0.90 / 2.94 = 0.31", ["0.90", "2.94", "0.31"], "31"),
                                        ("0.69 / 2.94 = 0.23", ["0.69", "2.94", "0.23"], "23")]):
    L = e.line(needle)
    cause = "drift" if k == 2 else "slip"
    e.claim(L, f"operands of weight {k}", num[:2], [ex[k], sum(ex)])
    e.claim(L, f"weight {k}", [num[2]], [w[k]], cause=cause)
    e.claim(L, f"weight {k} in Prozent", [pct], [100 * w[k]], cause=cause, rounded_int=True)
e.claim(e.line("Finale Attention-Gewichte für dogs: [0.46, 0.31, 0.23]"), "final weights of dogs",
        ["0.46", "0.31", "0.23"], w, cause="drift")
L = e.line("Für *dogs* gehen also 46 Prozent")
e.claim(L, "weights of dogs in Prozent (prose)", ["46", "31", "23"], [100 * x for x in w], cause="drift",
        rounded_int=True)

# Step 6: mixing the values
e.claim(e.line("Neue Repräsentation von dogs = (0.46 × Value von I)"), "weight 0 restated", ["0.46"], [w[0]])
e.claim(e.line("+ (0.31 × Value von love)"), "weight 1 restated", ["0.31"], [w[1]])
e.claim(e.line("+ (0.23 × Value von dogs)"), "weight 2 restated", ["0.23"], [w[2]], cause="drift")
L = e.line("= 0.46 × [0.4, 0.9] + 0.31 × [-0.3, 0.2] + 0.23 × [0.7, -0.1]")
e.claim(L, "weights in the mixing sum", ["0.46", "0.31", "0.23"], w, cause="drift")
e.claim(e.line("= [0.184, 0.414] + [-0.093, 0.062] + [0.161, -0.023]"), "weighted value vectors",
        ["0.184", "0.414", "-0.093", "0.062", "0.161", "-0.023"], prod, cause="drift")
e.claim(e.line("= [0.252, 0.453]"), "new vector of dogs", ["0.252", "0.453"], out, cause="drift")
e.claim(e.line("Als neuer Vektor für *dogs* ergibt sich [0.252, 0.453]"), "new vector restated", ["0.252", "0.453"],
        out, cause="drift")

# Full causal matrix
e.claim(e.line("I         1.00    0.00    0.00"), "weights row I", ["1.00", "0.00", "0.00"], list(A.row(0)))
L = e.line("love      0.45    0.55    0.00")
e.claim(L, "weights row love", ["0.45", "0.55"], list(A.row(1))[:2])
e.claim(L, "masked entry of love", ["0.00"], [A[1, 2]])
e.claim(e.line("dogs      0.46    0.31    0.23"), "weights row dogs", ["0.46", "0.31", "0.23"], w, cause="drift")

# Multi-head sizes
e.claim(e.line("Bei 768 Dimensionen und 12 Heads hat jeder Head 64 Dimensionen"), "head dimension",
        ["64"], [R(768, 12)])
e.done()
