# Expected verdicts for en-basic-canivel-llm-from-scratch-simple-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An English notebook (book chapter 3 style) on attention without trainable weights: six hand-made 3-d embeddings
# ("Your journey starts with one step"), query = x^2 ("journey"), scores = x_i . x^2, then plain normalisation,
# softmax, and the context vector sum_i w_i x_i.  Outputs are float32 prints at 4 decimals.
# Inputs: X = [[0.43,0.15,0.89],[0.55,0.87,0.66],[0.57,0.85,0.64],[0.22,0.58,0.33],[0.77,0.25,0.10],[0.05,0.80,0.55]].
# Exact values: scores = [0.9544, 1.495, 1.4754, 0.8434, 0.707, 1.0865] (sum 6.5617);
#   scores/sum = [0.145450, 0.227837, 0.224850, 0.128534, 0.107746, 0.165582];
#   softmax = [0.138548, 0.237891, 0.233274, 0.123992, 0.108182, 0.158114]; journey + starts = 0.471165 (~47%);
#   context vector = [0.441866, 0.651482, 0.568309].
# Every printed number agrees: the article has no wrong line.  The "2.9910e-32" shown for torch.empty() is leftover
# memory, not a value that follows from the inputs: ambiguous.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["basic", "softmax", "notebook-output", "markdown-table"])

X = M([["0.43", "0.15", "0.89"], ["0.55", "0.87", "0.66"], ["0.57", "0.85", "0.64"],
       ["0.22", "0.58", "0.33"], ["0.77", "0.25", "0.10"], ["0.05", "0.80", "0.55"]])
s = [(X.row(i) * X.row(1).T)[0] for i in range(6)]
tot = sum(s)
norm = [v / tot for v in s]
den = sum(sp.exp(v) for v in s)
w = [sp.exp(v) / den for v in s]
ctx = sp.zeros(1, 3)
for i in range(6):
    ctx += w[i] * X.row(i)

e.given(e.line('"journey" `[0.55, 0.87, 0.66]`'), "restated embeddings of journey and starts")
L = e.line("inputs = torch.tensor(")
for k, tok in enumerate(["# Your", "# journey", "# starts", "# with", "# one", "# step"]):
    e.given(e.line(tok, after=L), f"embedding row {k + 1}")
e.given(e.line("The second token, \"journey\" (index 1)"), "query index")
e.ambiguous(e.line("2.9910e-32"), "uninitialised memory from torch.empty(): not determined by the inputs")
e.claim(e.line("| journey | 1.4950 |"), "score journey.journey", ["1.4950"], [s[1]])
e.claim(e.line("| starts | 1.4754 |"), "score starts.journey", ["1.4754"], [s[2]])
e.claim(e.line("| one | 0.7070 |"), "score one.journey", ["0.7070"], [s[4]])

L = e.line("attn_weights_2_tmp = attn_scores_2 / attn_scores_2.sum()")
e.claim(e.line("Attention weights: tensor([0.1455", after=L), "scores / sum",
        ["0.1455", "0.2278", "0.2249", "0.1285", "0.1077", "0.1656"], norm)
e.claim(e.line("Sum: tensor(1.0000)", after=L), "sum of normalised scores", ["1.0000"], [sum(norm)])

for nth in (1, 2):
    ln = e.line("Attention weights: tensor([0.1385", nth=nth)
    e.claim(ln, f"softmax weights (print {nth})",
            ["0.1385", "0.2379", "0.2333", "0.1240", "0.1082", "0.1581"], w)
    e.claim(e.line("Sum: tensor(1.)", after=ln), f"softmax sum (print {nth})", ["1"], [sum(w)])

L = e.line("| Token | Weight | Contribution |")
for k, (tok, p) in enumerate(zip(["Your", "journey", "starts", "with", "one", "step"],
                                 ["0.1385", "0.2379", "0.2333", "0.1240", "0.1082", "0.1581"])):
    e.claim(e.line(f"| {tok} | {p} |", after=L), f"weight of {tok} restated", [p], [w[k]])
e.claim(e.line("~47% of it"), "journey + starts share", ["47%"], [w[1] + w[2]])
e.claim(e.line("tensor([0.4419, 0.6515, 0.5683])"), "context vector", ["0.4419", "0.6515", "0.5683"], list(ctx))
e.done()
