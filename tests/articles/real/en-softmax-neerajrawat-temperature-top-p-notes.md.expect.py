# Expected verdicts for en-softmax-neerajrawat-temperature-top-p-notes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the next-token distribution p = [0.52, 0.21, 0.10, 0.07, 0.10] (Python, coding, coffee, pizza, everything);
# the top-p example distribution [0.50, 0.20, 0.15, 0.10, 0.05].
# Temperature T applied to a distribution: p_i^(1/T) / sum_j p_j^(1/T)  (= softmax(log p / T)).
#   T = 0.2 -> [0.9888, 0.0106, 0.0003, 0.0000, 0.0003]: printed Python 0.85 and coding 0.10 are slips; "others ~0" agrees.
#   T = 1.2 -> [0.4621, 0.2171, 0.1170, 0.0869, 0.1170]: Python 0.35, coffee 0.20, pizza 0.20 are slips.
#   coding 0.25 is 0.2171 over the five tokens of the table but 0.2458 (= 0.25) if the distribution is renormalised
#   over the four tokens the "Before" block lists (the T = 1.2 block sums to 1 over those four) -> ambiguous.
#   The other four values are wrong under both readings (four-token T = 1.2: [0.5233, 0.2458, 0.1325, 0.0984];
#   four-token T = 0.2: [0.9891, 0.0106, 0.0003, 0.0000]).
# Top-p running totals 0.70, 0.85, 0.95 agree.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["softmax", "temperature"])
names = ["Python", "coding", "coffee", "pizza", "everything"]
p = [R(52, 100), R(21, 100), R(10, 100), R(7, 100), R(10, 100)]


def temper(probs, T):
    w = [sp.Pow(x, 1 / sp.nsimplify(T)) for x in probs]
    tot = sum(w)
    return [x / tot for x in w]


# the distribution table
L = e.line('| " Python"     | 0.52')
for i in range(5):
    e.given(L + i, f"P({names[i]})")

# settings named in the temperature bands are inputs
for tag in ("## Low temperature (0.1 – 0.3)", "## Medium temperature (0.6 – 0.8)",
            "## High temperature (1.0+)", "## Very high (1.5+)", "Result (temp = 0):", "## Temperature = 0 (or nearly 0)"):
    e.given(e.line(tag), "temperature setting")
e.given(e.line('Prompt: "2 + 2 ="'), "prompt")
e.claim(e.line("4", after=e.line("Result (temp = 0):")), "2 + 2", "4", 4)

# before
e.given(e.line("### Before (temp = 1.0)"), "T = 1")
for i in range(4):
    e.claim(e.line(f"{names[i]}: ", after=e.line("### Before (temp = 1.0)")), f"P({names[i]}) restated",
            f"{float(p[i]):.2f}", p[i])

# after T = 0.2
q = temper(p, R(1, 5))
e.given(e.line("### After (temp = 0.2)"), "T = 0.2")
A = e.line("### After (temp = 0.2)")
e.claim(e.line("Python: 0.85", after=A), "P(Python) at T = 0.2 (0.9888)", "0.85", q[0])
e.claim(e.line("coding: 0.10", after=A), "P(coding) at T = 0.2 (0.0106)", "0.10", q[1])
e.claim(e.line("others: ~0", after=A), "P(coffee)+P(pizza)+P(everything) at T = 0.2 (0.0006)", "0", q[2] + q[3] + q[4],
        rounded_int=True)

# after T = 1.2
q = temper(p, R(6, 5))
q4 = temper(p[:4], R(6, 5))
e.given(e.line("### After (temp = 1.2)"), "T = 1.2")
A = e.line("### After (temp = 1.2)")
e.claim(e.line("Python: 0.35", after=A), "P(Python) at T = 1.2 (0.4621; 0.5233 over four tokens)", "0.35", q[0])
L = e.line("coding: 0.25", after=A)
e.ambiguous(L, "0.25 is P(coding) at T = 1.2 renormalised over the four listed tokens (0.2458) but not over the "
               "five-token table (0.2171); which distribution is meant cannot be decided")
e.claim(e.line("coffee: 0.20", after=A), "P(coffee) at T = 1.2 (0.1170; 0.1325 over four tokens)", "0.20", q[2])
e.claim(e.line("pizza: 0.20", after=A), "P(pizza) at T = 1.2 (0.0869; 0.0984 over four tokens)", "0.20", q[3])
assert abs(float(q4[1]) - 0.25) < 0.005 and abs(float(q[1]) - 0.25) > 0.005

# top-p
L = e.line('| "Python"   | 0.50')
tp = [R(50, 100), R(20, 100), R(15, 100), R(10, 100), R(5, 100)]
for i in range(5):
    e.given(L + i, "top-p example probability")
e.given(e.line("## top-p = 0.9"), "p = 0.9")
e.given(e.line("running total reaches 0.9"), "p = 0.9")
B = e.line("## top-p = 0.9")
e.claim(e.line("Python (0.50)", after=B), "P(Python) restated", "0.50", tp[0])
e.claim(e.line("coding (0.20) → 0.70", after=B), "running total after coding", ["0.20", "0.70"], [tp[1], tp[0] + tp[1]])
e.claim(e.line("coffee (0.15) → 0.85", after=B), "running total after coffee", ["0.15", "0.85"], [tp[2], sum(tp[:3])])
e.claim(e.line("pizza (0.10) → 0.95", after=B), "running total after pizza", ["0.10", "0.95"], [tp[3], sum(tp[:4])])
B = e.line("## top-p = 0.6")
e.given(B, "p = 0.6")
e.claim(e.line("Python (0.50)", after=B), "P(Python) restated", "0.50", tp[0])
e.claim(e.line("coding (0.20) → 0.70", after=B), "running total after coding", ["0.20", "0.70"], [tp[1], tp[0] + tp[1]])
e.given(e.line("## top-p = 1.0"), "p = 1.0")
e.done()
