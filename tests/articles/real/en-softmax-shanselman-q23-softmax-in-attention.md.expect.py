# Expected verdicts for en-softmax-shanselman-q23-softmax-in-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An English LLM interview study-guide answer: how softmax turns attention scores into weights, with the
# scaled dot-product attention code (mask fill -1e9), a temperature note, two rows of raw scores with their
# claimed softmax weights, and an "attention collapse" example.
# Inputs (all stated by the article): score rows [2.1, 0.5, -1.2, 3.0] and [1.8, -0.3, 2.5, 0.1];
#   collapse scores [10.0, 0.1, 0.1, 0.1]; temperatures 0.1 / 1.0 / 10.0 (named only); mask value -1e9.
# Exact values (plain softmax, as the article applies it to the printed scores):
#   softmax[2.1, 0.5, -1.2, 3.0]   = [0.270388, 0.054590, 0.009973, 0.665048], sum 1
#   softmax[1.8, -0.3, 2.5, 0.1]   = [0.301305, 0.036897, 0.606754, 0.055044], sum 1
#   softmax[10.0, 0.1, 0.1, 0.1]   = [0.999850, 0.0000502, 0.0000502, 0.0000502]
# Wrong lines:
#   "[0.42, 0.08, 0.02, 0.48],  # Sums to 1.0" -> right [0.27, 0.05, 0.01, 0.67]: slip (all four wrong;
#     the "Sums to 1.0" comment is right for the true weights)
#   "[0.34, 0.04, 0.68, 0.06]   # Sums to 1.0" -> right [0.30, 0.04, 0.61, 0.06]: slip (0.34 and 0.68 wrong;
#     the printed row itself adds to 1.12, the true weights to 1)
#   "# [0.999, 0.0003, 0.0003, 0.0003]" -> right [1.000, 0.0001, 0.0001, 0.0001]: slip (0.999 is the
#     truncation of 0.99985; 0.0003 is six times the true 0.0000502)
# No ambiguous lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="en", topics=["softmax", "basic", "mask", "temperature"])


def softmax(vals):
    xs = [R(v) for v in vals]
    den = sum(sp.exp(x) for x in xs)
    return [sp.exp(x) / den for x in xs]


# --- general properties (no inputs) ---------------------------------------------------------
e.given(e.line("non-negative and add up to 1"), "general property: weights sum to 1")
e.given(e.line("**Normalization**: $\\sum_i"), "general property: the softmax outputs sum to 1")
e.given(e.line("**Non-negativity**"), "general property: outputs are >= 0")

# --- attention code ---------------------------------------------------------------------------
e.given(e.line("scores.masked_fill_(mask == 0, -1e9)"), "mask fill value -1e9 where mask == 0")
e.given(e.line("def softmax_with_temperature(logits, temperature=1.0)"), "default temperature 1.0")
e.given(e.line("# temperature = 0.1"), "temperature 0.1 (described only)")
e.given(e.line("# temperature = 1.0"), "temperature 1.0 (described only)")
e.given(e.line("# temperature = 10.0"), "temperature 10.0 (described only)")

# --- two score rows and their weights ----------------------------------------------------------
e.given(e.line("[2.1, 0.5, -1.2, 3.0]"), "raw scores of query 1")
e.given(e.line("[1.8, -0.3, 2.5, 0.1]"), "raw scores of query 2")
w1 = softmax(["2.1", "0.5", "-1.2", "3.0"])
w2 = softmax(["1.8", "-0.3", "2.5", "0.1"])
L = e.line("[0.42, 0.08, 0.02, 0.48]")
e.claim(L, "softmax of [2.1, 0.5, -1.2, 3.0]", ["0.42", "0.08", "0.02", "0.48"], w1, cause="slip")
e.claim(L, "sum of the query-1 weights", ["1.0"], [sum(w1)])
L = e.line("[0.34, 0.04, 0.68, 0.06]")
e.claim(L, "softmax of [1.8, -0.3, 2.5, 0.1]", ["0.34", "0.04", "0.68", "0.06"], w2, cause="slip")
e.claim(L, "sum of the query-2 weights", ["1.0"], [sum(w2)])

# --- attention collapse -------------------------------------------------------------------------
e.given(e.line("scores = [10.0, 0.1, 0.1, 0.1]"), "collapse scores")
wc = softmax(["10.0", "0.1", "0.1", "0.1"])
e.claim(e.line("weights = softmax(scores)  # [0.999"), "softmax of [10.0, 0.1, 0.1, 0.1]",
        ["0.999", "0.0003", "0.0003", "0.0003"], wc, cause="slip")
e.done()
