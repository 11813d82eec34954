# Expected verdicts for en-basic-brucelee2077-cat-sat-attention-mechanisms.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A beginner lesson.  Its real worked example ("cat sat", x_cat = [1, 0], x_sat = [0, 1], W_Q = I, W_K = swap, W_V =
# [[1, 1], [0, 1]], d_k = 2) is right end to end: Q, K, V rows, scores 0 and 1/sqrt(2) = 0.707 (sqrt 2 ~ 1.414),
# exp(0.707) = 2.028, sum 3.028, weights 0.330 / 0.670 (33% / 67%), output [0.330, 1.000].
# The four softmax examples printed as "score list -> softmax" are wrong (slips; no reading rescues them):
#   softmax([1.2, 3.5, 0.8])   = [0.0859, 0.8566, 0.0576]   (printed [0.15, 0.72, 0.13]; the output_sat line repeats them: carried)
#   softmax([150, 2, 3])       = [1.0000, 0.0000, 0.0000]   (printed [0.999, 0.0001, 0.0001]; e^-147 ~ 1e-64)
#   softmax([5, 2, 3])         = [0.8438, 0.0420, 0.1142]   (printed [0.65, 0.09, 0.26])
#   softmax([2.0, 1.0, 0.5])   = [0.6285, 0.2312, 0.1402]   (printed [0.59, 0.24, 0.17]; the weights x V line repeats them: carried)
# The "it" row, the library weights and the 3x3 score matrix are illustrative inputs (given); the library column's
# printed total 1.00 is right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "softmax", "ascii-code-blocks"])


def sm(vals):
    return list(softmax_rows(sp.Matrix([[R(v) for v in vals]])))


e.given(e.line("[0.05] [0.70] [0.02]"), "illustrative attention row of 'it' (no inputs)")
for w in ("0.60      →   Take 60%", "0.25      →   Take 25%", "0.10      →   Take 10%", "0.05      →   Take 5%"):
    e.given(e.line(w), "illustrative library weight (and its percentage)")
e.claim(e.line("1.00 (always sums to 1)"), "sum of the library weights", ["1.00"], [R("0.60") + R("0.25") + R("0.10") + R("0.05")])

e.given(e.line("scores:  [1.2,  3.5,  0.8]"), "example scores")
w1 = sm(["1.2", "3.5", "0.8"])
L = e.line("weights: [0.15, 0.72, 0.13]")
e.claim(L, "softmax([1.2, 3.5, 0.8])", ["0.15", "0.72", "0.13"], w1)
e.claim(L, "sum of weights", ["1.0"], [sum(w1)])
e.claim(e.line("output_sat = 0.15 × V_the"), "weights restated", ["0.15", "0.72", "0.13"], w1, cause="carried")

L = e.line("Q · K = 1×1 + 0×0 + 1×1 = 2")
e.given(L, "Q = [1, 0, 1], K = [1, 0, 1]")
e.claim(L, "Q·K", ["2"], [2])
L = e.line("Q · K = 1×0 + 0×1 + 1×0 = 0")
e.claim(L, "Q·K", ["0"], [0])
for row in ("Q_the  │ 1.2", "Q_cat  │ 0.2", "Q_sat  │ 0.1"):
    e.given(e.line(row), "illustrative score matrix row")

e.given(e.line("Pizza: 150.0"), "unscaled example scores")
e.claim(e.line("→ softmax: [0.999, 0.0001, 0.0001]"), "softmax([150, 2, 3])", ["0.999", "0.0001", "0.0001"],
        sm(["150", "2", "3"]))
e.given(e.line("Pizza: 5.0"), "scaled example scores")
e.claim(e.line("→ softmax: [0.65, 0.09, 0.26]"), "softmax([5, 2, 3])", ["0.65", "0.09", "0.26"], sm(["5", "2", "3"]))

e.given(e.line("Raw scores:     [2.0,  1.0,  0.5]"), "example scores")
w3 = sm(["2.0", "1.0", "0.5"])
e.claim(e.line("Weights:        [0.59, 0.24, 0.17]"), "softmax([2.0, 1.0, 0.5])", ["0.59", "0.24", "0.17"], w3)
e.claim(e.line("weights × V = 0.59 × V_the"), "weights restated", ["0.59", "0.24", "0.17"], w3, cause="carried")

# ---- the worked example ----
xc, xs = M([["1.0", "0.0"]]), M([["0.0", "1.0"]])
WQ, WK, WV = M([[1, 0], [0, 1]]), M([[0, 1], [1, 0]]), M([[1, 1], [0, 1]])
e.given(e.line('"cat" embedding: x_cat'), "x_cat")
e.given(e.line('"sat" embedding: x_sat'), "x_sat")
e.given(e.line("W_Q = [[1, 0],   W_K"), "W_Q, W_K, W_V row 1")
e.given(e.line("[0, 1]]          [1, 0]]"), "W_Q, W_K, W_V row 2")
Qc, Kc, Vc, Qs, Ks, Vs = xc * WQ, xc * WK, xc * WV, xs * WQ, xs * WK, xs * WV
for lab, vec, pr in (("Q_cat = x_cat @ W_Q", Qc, ["1.0", "0.0"]), ("K_cat = x_cat @ W_K", Kc, ["0.0", "1.0"]),
                     ("V_cat = x_cat @ W_V", Vc, ["1.0", "1.0"]), ("Q_sat = x_sat @ W_Q", Qs, ["0.0", "1.0"]),
                     ("K_sat = x_sat @ W_K", Ks, ["1.0", "0.0"]), ("V_sat = x_sat @ W_V", Vs, ["0.0", "1.0"])):
    L = e.line(lab)
    text = e.lines[L - 1]
    tail = text.split("] = ")[-1]
    assert tail.startswith("[" + pr[0]), (lab, tail)
    e.claim(L, lab.split(" =")[0], pr, list(vec))

s_cc = (Qc * Kc.T)[0] / sp.sqrt(2)
s_cs = (Qc * Ks.T)[0] / sp.sqrt(2)
L = e.line("= [1.0, 0.0] · [0.0, 1.0] / 1.414")
e.claim(L, "sqrt(2)", ["1.414"], [sp.sqrt(2)])
L = e.line("= 0.0 / 1.414 = 0.0")
e.claim(L, "score(cat→cat)", ["0.0"], [s_cc])
L = e.line("= [1.0, 0.0] · [1.0, 0.0] / 1.414")
e.claim(L, "sqrt(2)", ["1.414"], [sp.sqrt(2)])
L = e.line("= 1.0 / 1.414 = 0.707")
e.claim(L, "score(cat→sat)", ["0.707"], [s_cs])

e.claim(e.line("exp(0.0)   = 1.000"), "exp(score cat→cat)", ["1.000"], [sp.exp(s_cc)])
e.claim(e.line("exp(0.707) = 2.028"), "exp(score cat→sat)", ["2.028"], [sp.exp(s_cs)])
den = sp.exp(s_cc) + sp.exp(s_cs)
e.claim(e.line("Sum        = 3.028"), "sum of exps", ["3.028"], [den])
a, b = sp.exp(s_cc) / den, sp.exp(s_cs) / den
e.claim(e.line("weight(cat→cat) = 1.000 / 3.028 = 0.330"), "weight(cat→cat)", ["1.000", "3.028", "0.330"],
        [sp.exp(s_cc), den, a])
e.claim(e.line("weight(cat→sat) = 2.028 / 3.028 = 0.670"), "weight(cat→sat)", ["2.028", "3.028", "0.670"],
        [sp.exp(s_cs), den, b])
e.claim(e.line("gives 33% of its attention to itself"), "weights as percentages", ["33%", "67%"], [a, b])
out = a * Vc + b * Vs
L = e.line("output_cat = 0.330 × [1.0, 1.0]")
e.claim(L, "weights and values restated", ["0.330", "1.0", "1.0", "0.670", "0.0", "1.0"], [a, 1, 1, b, 0, 1])
L = e.line("= [0.330, 0.330]  +  [0.000, 0.670]")
e.claim(L, "weighted values", ["0.330", "0.330", "0.000", "0.670"], list(a * Vc) + list(b * Vs))
L = e.line("= [0.330, 1.000]", after=L)
e.claim(L, "output of cat", ["0.330", "1.000"], list(out))
e.claim(e.line("The output for \"cat\" is [0.330, 1.000]"), "output of cat restated", ["0.330", "1.000"], list(out))
e.done()
