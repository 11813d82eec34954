# Expected verdicts for en-mask-raiyanyahya-i-love-dogs-causal.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the stated per-head vectors (head_dim = 2) Q = [[0.8, 0.1], [-0.2, 0.7], [0.5, -0.4]],
# K = [[0.6, -0.3], [0.1, 0.5], [-0.4, 0.8]], V = [[0.4, 0.9], [-0.3, 0.2], [0.7, -0.1]] (the embeddings are only
# given; the projections are not); scaled by sqrt(2), causal mask, row softmax.
# Exact: row "dogs" scores [0.42, -0.15, -0.52] / sqrt 2 = [0.296985, -0.106066, -0.367696] -> weights
# [0.458145, 0.306168, 0.235687]; output [0.256388, 0.449995].  Row "love": [-0.33, 0.33] / sqrt 2 -> [0.385400, 0.614600].
# Wrong lines:
# - "softmax([0.297, -0.106, -0.368]) = [0.53, 0.35, 0.12]": exact [0.458, 0.306, 0.236], slip (no reading gives it:
#   unscaled would be [0.511, 0.289, 0.200]).  The 53 % / 35 % / 12 % lines, the weighted-sum lines, [0.191, 0.535]
#   (exact [0.256, 0.450]) and the matrix row "dogs" are carried from it.
# - matrix row "love" 0.45 / 0.55: exact 0.385 / 0.615 (scaled; 0.341 / 0.659 unscaled), slip.
# - code example, row 2 after softmax [0.42, 0.21, 0.37]: softmax([0.5, -0.2, 0.3]) = [0.431906, 0.214478, 0.353615]
#   -> [0.43, 0.21, 0.35], slip.  (That code applies softmax to the printed scores as they are; row 1 [0.43, 0.57] agrees.)
# Ambiguous: memory row "128,000 ... 128K × 128K ... 64 GB": 128000^2 * 4 B = 65.5 GB = 61.0 GiB; 64 holds only for
# 128K = 131,072 and GiB.  Other memory rows agree in MiB/GiB (4, 16, 256 MiB; 4 GiB) or TB (4e12 B).
# softmax([24, 8, -16]) = [0.999999887, 1.125e-7, 4.2e-18]: the 8-digit print 0.99999988 is read as a machine float.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="en", topics=["mask", "basic", "softmax", "code-block", "text-table"])
Q = M([["0.8", "0.1"], ["-0.2", "0.7"], ["0.5", "-0.4"]])
K = M([["0.6", "-0.3"], ["0.1", "0.5"], ["-0.4", "0.8"]])
V = M([["0.4", "0.9"], ["-0.3", "0.2"], ["0.7", "-0.1"]])
S = Q * K.T
Ss = S / sp.sqrt(2)
masked = sp.Matrix(3, 3, lambda i, j: Ss[i, j] if j <= i else -sp.oo)
A = sp.Matrix(3, 3, lambda i, j: 0)
for i in range(3):
    den = sum(sp.exp(Ss[i, k]) for k in range(i + 1))
    for j in range(i + 1):
        A[i, j] = sp.exp(Ss[i, j]) / den
out = A.row(2) * V
w = list(A.row(2))

for tok in ('Token 0 ("I"):', 'Token 1 ("love"):', 'Token 2 ("dogs"):'):
    e.given(e.line(tok), f"embedding {tok}")
for tok in (' 0:"I"   │', ' 1:"love"│', ' 2:"dogs"│'):
    e.given(e.line(tok), f"Q, K, V of {tok.strip()}")
for j, (needle, prods) in enumerate([('score("dogs"→"I")', ["0.30", "0.12", "0.42"]),
                                     ('score("dogs"→"love")', ["0.05", "0.20", "-0.15"]),
                                     ('score("dogs"→"dogs")', ["-0.20", "0.32", "-0.52"])]):
    terms = [Q[2, 0] * K[j, 0], abs(Q[2, 1] * K[j, 1]), S[2, j]]
    e.claim(e.line(needle), f"score dogs->{j} and its terms", prods, terms)
e.claim(e.line("`sqrt(2)` ≈ 1.414"), "sqrt 2", ["1.414"], [sp.sqrt(2)])
ln = e.line("Scaled scores: [0.42/1.414")
e.claim(ln, "scaled scores of dogs", ["0.297", "-0.106", "-0.368"], list(Ss.row(2)))
ln = e.line("softmax([0.297, -0.106, -0.368]) = [0.53, 0.35, 0.12]")
e.claim(ln, "softmax inputs", ["0.297", "-0.106", "-0.368"], list(Ss.row(2)))
e.claim(ln, "attention weights of dogs", ["0.53", "0.35", "0.12"], w)
for k, (needle, p) in enumerate([("- 53% attention", "53%"), ("- 35% attention", "35%"), ("- 12% attention", "12%")]):
    e.claim(e.line(needle), f"weight {k} in percent", [p], [w[k]], cause="carried")
e.claim(e.line('New("dogs") = 0.53 × V("I")'), "weights restated", ["0.53", "0.35", "0.12"], w, cause="carried")
e.claim(e.line("= 0.53 × [ 0.4,  0.9]"), "weights restated", ["0.53", "0.35", "0.12"], w, cause="carried")
e.claim(e.line("= [0.212, 0.477]      + [-0.105, 0.070]"), "weighted value rows",
        ["0.212", "0.477", "-0.105", "0.070", "0.084", "-0.012"],
        [w[0] * V[0, 0], w[0] * V[0, 1], w[1] * V[1, 0], w[1] * V[1, 1], w[2] * V[2, 0], w[2] * V[2, 1]], cause="carried")
e.claim(e.line("            = [0.191, 0.535]"), "output of dogs", ["0.191", "0.535"], list(out), cause="carried")
e.claim(e.line("**This new vector [0.191, 0.535]"), "output restated", ["0.191", "0.535"], list(out), cause="carried")
e.claim(e.line('"I"      │ 1.00   0.00    0.00'), "weights row I", ["1.00", "0.00", "0.00"], list(A.row(0)))
ln = e.line('"love"   │ 0.45   0.55    0.00')
e.claim(ln, "weights row love", ["0.45", "0.55"], list(A.row(1))[:2])
e.claim(ln, "masked entry", ["0.00"], [A[1, 2]])
e.claim(e.line('"dogs"   │ 0.53   0.35    0.12'), "weights row dogs restated", ["0.53", "0.35", "0.12"], w, cause="carried")
e.claim(e.line("`768 / 12 = 64`"), "head dimension and concatenation", ["64", "64", "768"], [R(768, 12), 64, 12 * 64])
e.claim(e.line("= [768, 2304]"), "fused QKV projection shape", ["768", "2304"], [768, 3 * 768])
ln = e.line("With `d_k = 64` the variance is 64")
e.claim(ln, "variance, std and 3-sigma ranges", ["64", "64", "8", "24", "24", "8", "3", "3"],
        [64, 64, sp.sqrt(64), 3 * sp.sqrt(64), 3 * sp.sqrt(64), sp.sqrt(64), 3, 3])
e.claim(e.line("Without scaling:  softmax([24, 8, -16])"), "unscaled softmax (machine print)",
        ["0.99999988", "0.00000011", "0.00000000"], list(softmax_rows(sp.Matrix([[24, 8, -16]]))))
ln = e.line("With scaling:     softmax([3, 1, -2])")
e.claim(ln, "scaled logits = unscaled / 8", ["3", "1", "-2"], [R(24, 8), R(8, 8), R(-16, 8)])
e.claim(ln, "scaled softmax", ["0.88", "0.12", "0.01"], list(softmax_rows(sp.Matrix([[3, 1, -2]]))))
e.given(e.line("attn_scores = [[0.3,  0.5,  0.2, -0.1, -0.4],  # row 0"), "scores row 0")
e.given(e.line("               [0.1,  0.4, -0.3,  0.6, -0.2],  # row 1"), "scores row 1")
e.given(e.line("attn_scores = [[0.3, -inf, -inf, -inf, -inf]"), "masked row 0")
e.given(e.line("               [0.1,  0.4, -inf, -inf, -inf]"), "masked row 1")
e.given(e.line("               [0.5, -0.2,  0.3, -inf, -inf]"), "masked row 2")
code_rows = {0: [1], 1: ["0.1", "0.4"], 2: ["0.5", "-0.2", "0.3"]}
for i, (needle, printed) in enumerate([("attn_weights = [[1.0,  0.0,  0.0,  0.0,  0.0]", ["1.0", "0.0", "0.0", "0.0", "0.0"]),
                                       ("                [0.43, 0.57, 0.0,  0.0,  0.0]", ["0.43", "0.57", "0.0", "0.0", "0.0"]),
                                       ("                [0.42, 0.21, 0.37, 0.0,  0.0]", ["0.42", "0.21", "0.37", "0.0", "0.0"])]):
    row = sp.Matrix([[R(x) if isinstance(x, str) else x for x in code_rows[i]]])
    sm = list(softmax_rows(row)) + [0] * (5 - row.cols)
    e.claim(e.line(needle), f"code softmax row {i} (softmax of the printed masked scores)", printed, sm)
MB, MiB = sp.Integer(10) ** 6, sp.Integer(2) ** 20
GB, GiB = sp.Integer(10) ** 9, sp.Integer(2) ** 30
TB, TiB = sp.Integer(10) ** 12, sp.Integer(2) ** 40
for needle, n, printed, units in [("| 1,024 (GPT-2)", 1024, "4", (MB, MiB)), ("| 2,048 (GPT-3)", 2048, "16", (MB, MiB)),
                                  ("| 8,192 (LLaMA 2)", 8192, "256", (MB, MiB)),
                                  ("| 32,768 (GPT-4 Turbo)", 32768, "4", (GB, GiB)),
                                  ("| 1,000,000 (Gemini)", 10**6, "4", (TB, TiB))]:
    ln = e.line(needle)
    nb = sp.Integer(n) ** 2 * 4
    number_claim(e, ln, f"score-matrix memory for {n} tokens", printed,
                 [("decimal", nb / units[0]), ("binary", nb / units[1])])
e.ambiguous(e.line("| 128,000 (Claude 3)"), "128,000^2 * 4 B = 65.5 GB = 61.0 GiB; the printed 64 GB holds only if 128K means "
            "131,072 and GB means GiB, while the row states 128,000")
e.done()
