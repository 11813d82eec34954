# Expected verdicts for en-pe-position-aware-embeddings.md, computed with plain SymPy (see oracle.py); not symattn's code.
# X = E + P with the hand-picked (not sinusoidal) encodings the article gives for positions 1..4.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["pe"])
E = M([["0.1", "0.2", "0.3", "0.4", "0.5"], ["0.5", "0.4", "0.3", "0.2", "0.1"],
       ["0.0", "0.1", "0.0", "0.1", "0.0"], ["0.2", "0.2", "0.2", "0.2", "0.2"]])
P = M([["0.01", "0.02", "0.03", "0.04", "0.05"], ["0.02", "0.01", "0.02", "0.01", "0.02"],
       ["0.03", "0.03", "0.03", "0.03", "0.03"], ["0.04", "0.02", "0.01", "0.03", "0.05"]])
X = E + P
names = ["The", "cat", "is", "black"]
t = e.line("| Token | Embedding $E_i$")
for n in names:
    e.given(e.line(f"| {n}", after=t), f"E {n}")
t = e.line("| Position | Positional Encoding $P_i$")
for p in range(1, 5):
    e.given(e.line(f"| {p}        |", after=t), f"P position {p}")
for r, n in enumerate(names):
    L = e.line(f"X_\\text{{{n}}} &=")
    printed = e.lines[L - 1].split("] = [")[1].split("]")[0].split(", ")   # the result after "= [...]"
    e.claim(L, f"X_{n} = E + P (the sums of its printed operands)", printed, list(X.row(r)))
t = e.line("| Token | $X_i$")
rows = [e.lines[t + 1 + r].split("[")[1].split("]")[0].split(", ") for r in range(4)]   # printed table rows
e.rows([t + 2 + r for r in range(4)], "X table", rows, X)
e.done()
