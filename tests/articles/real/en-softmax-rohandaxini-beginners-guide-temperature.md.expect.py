# Expected verdicts for en-softmax-rohandaxini-beginners-guide-temperature.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: attention scores [0.1, 0.9] of "cat" (softmax applied to them as printed, no scaling); logits
# [8.5, 7.2, 6.1, 4.3] with temperatures 1.0, 0.5, 1.5; the sampling probabilities 35%, 28%, 15%, 8%, 0.1%, 5%.
# softmax([0.1, 0.9]) = [0.3100, 0.6900]: printed [0.10, 0.90] is a slip; "90% ... 10%" and the weights of the
#   output line carry it.
# softmax([8.5, 7.2, 6.1, 4.3]) = [0.7256, 0.1977, 0.0658, 0.0109] (printed [0.35, 0.28, 0.15, 0.08]);
#   T = 0.5: logits/0.5 = [17.0, 14.4, 12.2, 8.6] right, softmax [0.9236, 0.0686, 0.0076, 0.0002] (printed
#   [0.65, 0.22, 0.08, 0.01]); T = 1.5: logits/1.5 = [5.667, 4.8, 4.067, 2.867] = [5.7, 4.8, 4.1, 2.9] right,
#   softmax [0.5942, 0.2498, 0.1200, 0.0361] (printed [0.30, 0.25, 0.20, 0.12], only 0.25 agrees) -> three slips.
# Step 15 prints softmax of [8.5, 7.2, 6.1, 4.3, -2.1, ...] over a 50,257-token vocabulary with hidden logits:
#   ambiguous (although 0.35/0.28 = 1.25 cannot be e^(8.5-7.2) = 3.67 whatever the hidden logits are).
# Top-K renormalisation 35/78, 28/78, 15/78 = 45%, 36%, 19% and the top-P running totals agree.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="en", topics=["basic", "softmax", "temperature", "percentages"])

# attention step
s = M([["0.1", "0.9"]])
a = softmax_rows(s)
e.given(e.line("Scores: [0.1, 0.9]"), "raw attention scores of cat")
e.claim(e.line("Probs:  [0.10, 0.90]"), "softmax([0.1, 0.9]) = [0.3100, 0.6900]", ["0.10", "0.90"], a)
L = e.line('So "cat" puts 90% of its attention on itself')
e.claim(L, "weight of cat on itself (restates 0.90)", "90%", a[1], cause="carried")
e.claim(L, "weight of cat on The (restates 0.10)", "10%", a[0], cause="carried")
e.claim(e.line("Output = 0.10 × V₁ + 0.90 × V₂"), "weights restated in the weighted sum", ["0.10", "0.90"],
        [a[0], a[1]], cause="carried")

# output projection
e.given(e.line("Hidden state for last position: [0.3, -0.1, 0.7, ...]"), "hidden state (768 dims)")
e.given(e.line("[1 × 768]    × [768 × 50,257]"), "shapes of hidden state and unembedding matrix")
L = e.line("= [1 × 50,257]")
e.claim(L, "rows of the product", "1", 1)
number_claim(e, L, "columns of the product", "50,257", 50257)
e.given(e.line("Logits:        [8.5, 7.2, 6.1, 4.3, -2.1, ...]"), "logits (first five of 50,257)")
e.ambiguous(e.line("Probabilities: [0.35, 0.28, 0.15, 0.08, 0.001, ...]"),
            "softmax over 50,257 logits of which only five are printed; the values cannot be computed "
            "(though 0.35/0.28 = 1.25 contradicts e^(8.5-7.2) = 3.67 for any hidden logits)")
e.given(e.line('Probabilities: "on" (35%), "down" (28%), "there" (15%), ...'), "restates the Step 15 probabilities")

# temperature
z = M([["8.5", "7.2", "6.1", "4.3"]])
e.given(e.line("Logits (before softmax): [8.5, 7.2, 6.1, 4.3]"), "logits")
e.given(e.line("Temperature = 1.0 (default):"), "T = 1.0")
L = e.line("Softmax([8.5, 7.2, 6.1, 4.3]) →")
e.claim(L, "logits restated", ["8.5", "7.2", "6.1", "4.3"], z)
e.claim(L, "softmax at T = 1.0 = [0.7256, 0.1977, 0.0658, 0.0109]", ["0.35", "0.28", "0.15", "0.08"], softmax_rows(z))
e.given(e.line("Temperature = 0.5 (more focused):"), "T = 0.5")
L = e.line("Softmax([17.0, 14.4, 12.2, 8.6]) →")
zt = z / R(1, 2)
e.claim(L, "logits / 0.5", ["17.0", "14.4", "12.2", "8.6"], zt)
e.claim(L, "softmax at T = 0.5 = [0.9236, 0.0686, 0.0076, 0.0002]", ["0.65", "0.22", "0.08", "0.01"], softmax_rows(zt))
e.given(e.line("Temperature = 1.5 (more creative):"), "T = 1.5")
L = e.line("Softmax([5.7, 4.8, 4.1, 2.9]) →")
zt = z / R(3, 2)
e.claim(L, "logits / 1.5 = [5.667, 4.8, 4.067, 2.867]", ["5.7", "4.8", "4.1", "2.9"], zt)
e.claim(L, "softmax at T = 1.5 = [0.5942, 0.2498, 0.1200, 0.0361]", ["0.30", "0.25", "0.20", "0.12"], softmax_rows(zt))
for tag in ("| **0.0** |", "| **0.1-0.5** |", "| **0.7-1.0** |", "| **1.0-1.5** |", "| **>2.0** |"):
    e.given(e.line(tag), "temperature band")

# top-k
e.given(e.line('All probabilities: "on" (35%)'), "sampling probabilities")
e.given(e.line("Top-K (K=3): Only consider top 3:"), "K = 3")
e.given(e.line('  "on" (35%), "down" (28%), "there" (15%)'), "top-3 probabilities restated")
L = e.line("→ Renormalize:")
tot = R(35 + 28 + 15, 100)
e.claim(L, "renormalised top-3 (35/78, 28/78, 15/78)", ["45%", "36%", "19%"],
        [R(35, 100) / tot, R(28, 100) / tot, R(15, 100) / tot])
e.given(e.line("→ Sample from these 3 options"), "3 options")

# top-p
e.given(e.line("Top-P (P=0.9): Add probabilities"), "P = 0.9")
cum = 0
for tok, pct in (("on", 35), ("down", 28), ("there", 15), ("quietly", 8), ("still", 5)):
    cum += pct
    L = e.line(f'  "{tok}" ({pct}%) → cumulative:')
    e.claim(L, f"P({tok}) restated", f"{pct}%", R(pct, 100))
    e.claim(L, f"running total after {tok}", f"{cum}%", R(cum, 100))
e.given(e.line("→ Sample from these 5 tokens"), "5 tokens")
e.given(e.line("one token at 95%"), "illustration")
L = e.line("temperature=0.7,")
e.given(L, "API temperature")
e.given(L + 1, "API top_k")
e.given(L + 2, "API top_p")
e.done()
