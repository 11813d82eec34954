# Expected verdicts for en-softmax-parry97-temperature-topk-notes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: logits [2, 1, 0] at T = 1, 0.5, 2 (softmax of z / T); top-k example with probabilities
#   [0.4, 0.3, 0.15, 0.10, 0.03, 0.02] and k = 3 (renormalise the three largest).
# Exact: T = 1 -> [0.66524, 0.24473, 0.09003]; T = 0.5 -> [0.86681, 0.11731, 0.01588];
#   T = 2 -> [0.50648, 0.30720, 0.18632]; top-3 renormalised -> [0.47059, 0.35294, 0.17647].
# Wrong line: the T = 2 row is printed [0.49, 0.30, 0.20] (slip; it does not even sum to 1); exactly [0.51, 0.31, 0.19].
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["softmax-row", "temperature", "latex"])

z = M([["2", "1", "0"]])


def at(T):
    return softmax_rows(z / parse_T(T))


def parse_T(T):
    from oracle import parse
    return parse(T)[0]


e.given(e.line("Logits: $[2, 1, 0]$"), "logits")
e.claim(e.line("- $T = 1$: $[0.67, 0.24, 0.09]$"), "softmax(z / 1)", ["0.67", "0.24", "0.09"], at("1"))
e.claim(e.line("- $T = 0.5$: $[0.87, 0.12, 0.02]$ (more peaked)"), "softmax(z / 0.5)", ["0.87", "0.12", "0.02"],
        at("0.5"))
e.claim(e.line("- $T = 2$: $[0.49, 0.30, 0.20]$ (flatter)"), "softmax(z / 2)", ["0.49", "0.30", "0.20"], at("2"))

p = M([["0.4", "0.3", "0.15", "0.10", "0.03", "0.02"]])
top = [p[0, 0], p[0, 1], p[0, 2]]
tot = sum(top)
e.given(e.line('Vocabulary: ["the", "a", "cat", "dog", "xyz", "???"]'), "vocabulary")
e.given(e.line("Probabilities: [0.4, 0.3, 0.15, 0.10, 0.03, 0.02]"), "probabilities")
e.given(e.line("**With k=3**:"), "k")
e.claim(e.line('- Keep: ["the", "a", "cat"] with probs [0.4, 0.3, 0.15]'), "the three largest probabilities",
        ["0.4", "0.3", "0.15"], top)
e.claim(e.line("- Renormalize: [0.47, 0.35, 0.18]"), "top-3 renormalised", ["0.47", "0.35", "0.18"],
        [x / tot for x in top])
e.claim(e.line("- Draw from these 3 tokens only"), "number of kept tokens (k)", "3", 3)
e.done()
