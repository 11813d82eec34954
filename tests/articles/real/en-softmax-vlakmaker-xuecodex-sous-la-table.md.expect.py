# Expected verdicts for en-softmax-vlakmaker-xuecodex-sous-la-table.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# vlakmaker's XueCodex note on attention ("sous la table" -> "under the table"): a softmax example and a conceptual
# run of unscaled attention for the query of "sous".
# Inputs: scores [2.0, 1.0, 0.1]; match scores of "sous" against the five keys [0.1, 0.2, 1.5, 0.1, 0.0].
# Exact values: softmax([2.0, 1.0, 0.1]) = [0.659001, 0.242433, 0.098566] -> [0.66, 0.24, 0.10];
#   softmax([0.1, 0.2, 1.5, 0.1, 0.0]) = [0.123990, 0.137029, 0.502804, 0.123990, 0.112189]
#   -> [0.12, 0.14, 0.50, 0.12, 0.11].
# Wrong lines:
#   "Softmax -> [0.71, 0.26, 0.03]": slip; right [0.66, 0.24, 0.10] (no temperature or other reading gives it).
#   "[0.05, 0.07, **0.8**, 0.05, 0.03]": slip; the note applies softmax to the stated scores (the section is
#     headed "conceptually", but the weights are presented as the softmax of those scores); right
#     [0.12, 0.14, 0.50, 0.12, 0.11].
#   "0.05×cat + 0.07×is + 0.8×under + ...": carried from the wrong weights.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["softmax", "basic", "code-blocks", "markdown-table"])

s1 = sp.Matrix([[R("2.0"), R("1.0"), R("0.1")]])
w1 = softmax_rows(s1)
e.given(e.line("Input scores: [2.0, 1.0, 0.1]"), "scores")
e.claim(e.line("Softmax → [0.71, 0.26, 0.03]"), "softmax of [2.0, 1.0, 0.1]", ["0.71", "0.26", "0.03"], list(w1),
        cause="slip")

s2 = sp.Matrix([[R("0.1"), R("0.2"), R("1.5"), R("0.1"), R("0.0")]])
w2 = softmax_rows(s2)
e.given(e.line("[0.1, 0.2, **1.5**, 0.1, 0.0]"), "match scores of 'sous'")
e.claim(e.line("[0.05, 0.07, **0.8**, 0.05, 0.03]"), "softmax of the match scores",
        ["0.05", "0.07", "0.8", "0.05", "0.03"], list(w2), cause="slip")
e.claim(e.line("0.05×cat + 0.07×is + 0.8×under"), "weights restated in the weighted sum",
        ["0.05", "0.07", "0.8", "0.05", "0.03"], list(w2), cause="carried")
e.done()
