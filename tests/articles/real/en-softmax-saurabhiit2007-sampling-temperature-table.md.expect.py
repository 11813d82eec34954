# Expected verdicts for en-softmax-saurabhiit2007-sampling-temperature-table.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# Inputs: the T = 1 distribution p = (0.40, 0.25, 0.15, 0.10, 0.05, 0.03, 0.02) (mat ... pizza); temperature divides the
#   logits, so with softmax(z) = p the column for T is softmax(z / T) = p^(1/T) / sum p^(1/T) (the logits are fixed up
#   to a constant, which softmax ignores).
# Exact: T = 0.5 -> (0.618238, 0.241499, 0.086940, 0.038640, 0.009660, 0.003478, 0.001546);
#        T = 2.0 -> (0.266385, 0.210596, 0.163127, 0.133193, 0.094181, 0.072953, 0.059566).
# Wrong lines (slips of the table; every printed column still adds up to about 1):
#   mat 0.58 / 0.28 (0.62 / 0.27), floor 0.26 / 0.23 (0.24 / 0.21), sofa 0.10 / 0.18 (0.09 / 0.16),
#   bed 0.14 at T = 2 (0.13), moon 0.05 at T = 2 (0.07), pizza 0.03 at T = 2 (0.06); the roof row (0.01 / 0.09) agrees.
# The top-k renormalisation (0.40/0.80 = 0.50, 0.25/0.80 = 0.31, 0.15/0.80 = 0.19), the top-p cumulative column
#   (0.40 ... 1.00), "cumulative = 0.90", the effective k = 4 and the adaptive cases (2 and 5 tokens at p = 0.9) agree.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["softmax", "temperature", "markdown-table", "top-k", "top-p"])
toks = ["mat", "floor", "sofa", "bed", "roof", "moon", "pizza"]
ps = ["0.40", "0.25", "0.15", "0.10", "0.05", "0.03", "0.02"]
p = [R(x) for x in ps]


def temp(T):
    w = [x ** (1 / sp.nsimplify(T)) for x in p]
    s = sum(w)
    return [x / s for x in w]


half, two = temp(R(1, 2)), temp(2)
printed = {"mat": ("0.58", "0.28"), "floor": ("0.26", "0.23"), "sofa": ("0.10", "0.18"), "bed": ("0.04", "0.14"),
           "roof": ("0.01", "0.09"), "moon": ("0.00", "0.05"), "pizza": ("0.00", "0.03")}
e.given(e.line("| Token | Prob (T=1) | Prob (T=0.5) | Prob (T=2.0) |"), "temperatures 1, 0.5, 2.0")
for i, t in enumerate(toks):
    L = e.line(f"| {t} ")
    e.given(L, f"p({t}) at T = 1")
    e.claim(L, f"p({t}) at T = 0.5 and T = 2.0", list(printed[t]), [half[i], two[i]])

# top-k
H = e.line("### 3.2 Example")
for i, t in enumerate(toks):
    e.given(e.line(f"| {t} ", 1, H), f"p({t}) restated")
for i, t in enumerate(toks[:3]):
    e.given(e.line(f"- {t}: {ps[i]}", 1, H), f"kept p({t})")
top3 = sum(p[:3])
for i, (t, r) in enumerate(zip(toks[:3], ("0.50", "0.31", "0.19"))):
    L = e.line(f"- {t}: {ps[i]}/0.80 = {r}", 1, H)
    e.claim(L, f"renormalised p({t})", [ps[i], "0.80", r], [p[i], top3, p[i] / top3])
L = e.line("- Probabilities: [0.85, 0.07, 0.03, 0.02, 0.02, 0.01]")
e.given(L, "confident distribution")
e.given(e.line("- Probabilities: [0.20, 0.20, 0.20, 0.20, 0.20]"), "uniform distribution")

# top-p
H = e.line("### 4.2 Example")
cum = ["0.40", "0.65", "0.80", "0.90", "0.95", "0.98", "1.00"]
for i, t in enumerate(toks):
    L = e.line(f"| {t} ", 1, H)
    e.given(L, f"p({t}) restated")
    e.claim(L, f"cumulative probability through {t}", [cum[i]], [sum(p[:i + 1])])
e.given(e.line("**Top-p with p=0.9:**"), "p = 0.9")
e.claim(e.line("(cumulative = 0.90)"), "mass kept", ["0.90"], [sum(p[:4])])
e.claim(e.line("- Effective k = 4"), "tokens kept at p = 0.9", ["4"], [4])
conf = [R(x) for x in ("0.85", "0.07", "0.03", "0.02", "0.02", "0.01")]


def nucleus(dist, thr=R(9, 10)):
    s = 0
    for n, x in enumerate(dist, 1):
        s += x
        if s >= thr:
            return n


H = e.line("### 4.3 Adapting to the distribution")
e.given(e.line("Probabilities: [0.85, 0.07, 0.03, 0.02, 0.02, 0.01]", 1, H), "confident distribution restated")
e.claim(e.line("p=0.9 → keeps 2 tokens [0.85, 0.07]", 1, H), "nucleus of the confident case",
        ["2", "0.85", "0.07"], [nucleus(conf), conf[0], conf[1]])
e.claim(e.line("Effective k = 2", 1, H), "effective k, confident case", ["2"], [nucleus(conf)])
e.given(e.line("Probabilities: [0.20, 0.20, 0.20, 0.20, 0.20]", 1, H), "uniform distribution restated")
uni = [R(1, 5)] * 5
e.claim(e.line("p=0.9 → keeps 5 tokens", 1, H), "nucleus of the uniform case", ["5"], [nucleus(uni)])
e.claim(e.line("Effective k = 5", 1, H), "effective k, uniform case", ["5"], [nucleus(uni)])
e.done()
