# Expected verdicts for en-mask-gaurav14cs17-llms-model-causal-chapter4.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An English chapter on causal (masked) attention: a 4x4 table of raw scores for "The cat sat on", the causal mask,
# the row softmax of the masked scores, and the weighted-sum table that restates those weights.
# Inputs: raw scores S = [[0.8,0.4,0.3,0.2],[0.5,0.9,0.6,0.4],[0.3,0.7,0.8,0.5],[0.4,0.5,0.6,0.7]];
#   mask -inf above the diagonal; Step 3 applies the softmax to the masked raw scores directly (no sqrt(d_k) step,
#   and d_k is never given), so the article's own convention is the unscaled row softmax.
# Exact values: row "The" [1, 0, 0, 0]; row "cat" softmax(0.5, 0.9) = [0.40131, 0.59869, 0, 0];
#   row "sat" softmax(0.3, 0.7, 0.8) = [0.24153, 0.36032, 0.39821, 0];
#   row "on" softmax(0.4, 0.5, 0.6, 0.7) = [0.21383, 0.23632, 0.26117, 0.28864]; every row sums to 1.
# Wrong lines:
#   - softmax row "sat": printed 0.22 / 0.35 / 0.43, right 0.24 / 0.36 / 0.40 (slip; no scaling factor c in
#     softmax(c*row) reproduces the printed row, checked over c in (0, 10] with numpy).
#   - softmax row "on": printed 0.18 / 0.22 / 0.26 / 0.34, right 0.21 / 0.24 / 0.26 / 0.29 (slip; same check).
#   - Step 4 rows "sat" and "on" restate those weights: carried (0.22/0.35/0.43 -> 0.24/0.36/0.40;
#     0.18/0.22/0.26/0.34 -> 0.21/0.24/0.26/0.29).
# Rows "The" and "cat" (1.00; 0.40 / 0.60) and all the row sums (1.0) are right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["mask", "softmax", "markdown-table"])

S = M([["0.8", "0.4", "0.3", "0.2"], ["0.5", "0.9", "0.6", "0.4"],
       ["0.3", "0.7", "0.8", "0.5"], ["0.4", "0.5", "0.6", "0.7"]])
A = sp.zeros(4, 4)
for i in range(4):
    w = softmax_rows(S[i, 0:i + 1])
    for j in range(i + 1):
        A[i, j] = w[0, j]

# visibility table (positions are inputs)
for tok in ['| 1 | "The"', '| 2 | "cat"', '| 3 | "sat"', '| 4 | "on"', '| 5 | "mat"']:
    e.given(e.line(tok), "positions a token may / may not see")
e.claim(e.line("softmax(-∞) = 0"), "weight of a -inf entry", ["0"], [0])

# Step 1 raw scores and Step 2 masked scores: inputs and their restatement
L1 = e.line("**Raw scores for")
for k, tok in enumerate(["The", "cat", "sat", "on"]):
    e.given(e.line(f"| **{tok}** |", after=L1), f"raw scores row {tok}")
L2 = e.line("### Step 2")
for k, tok in enumerate(["The", "cat", "sat", "on"]):
    e.given(e.line(f"| **{tok}** |", after=L2), f"masked scores row {tok}")

# Step 3 softmax table
L3 = e.line("### Step 3")
printed = {"The": ["1.00", "0.00", "0.00", "0.00"], "cat": ["0.40", "0.60", "0.00", "0.00"],
           "sat": ["0.22", "0.35", "0.43", "0.00"], "on": ["0.18", "0.22", "0.26", "0.34"]}
for i, tok in enumerate(["The", "cat", "sat", "on"]):
    ln = e.line(f"| **{tok}** |", after=L3)
    e.claim(ln, f"causal softmax row {tok}", printed[tok], A.row(i))
    e.claim(ln, f"row {tok} sum", ["1.0"], [sum(A.row(i))])

# Step 4 restates the weights
L4 = e.line("### Step 4")
e.claim(e.line('| **"The"** | 1.00', after=L4), "output weights The", ["1.00"], [A[0, 0]])
e.claim(e.line('| **"cat"** |', after=L4), "output weights cat", ["0.40", "0.60"], [A[1, 0], A[1, 1]])
e.claim(e.line('| **"sat"** |', after=L4), "output weights sat", ["0.22", "0.35", "0.43"],
        [A[2, 0], A[2, 1], A[2, 2]], cause="carried")
e.claim(e.line('| **"on"** |', after=L4), "output weights on", ["0.18", "0.22", "0.26", "0.34"],
        list(A.row(3)), cause="carried")

# mask table (0 / -inf pattern) is an input
LM = e.line("**Example 4×4 causal mask:**")
for r in range(1, 5):
    e.given(e.line(f"| **{r}** |", after=LM), f"mask row {r}")
e.done()
