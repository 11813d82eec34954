# Expected verdicts for en-mask-tomassirotek-tinyllm-causal-average.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Study notes on causal averaging (the step before real attention): a printed 5x2 input x, the author's own described
# wrong attempt "-2.0260 / -2.0655 / 2 -> 0.49" (a division instead of a sum, across a row instead of down a column;
# the arithmetic of that wrong formula is itself right: 0.490438 -> 0.49), then the correct running means down each
# column: (-2.0260 - 1.2054)/2 = -1.6157, (-2.0655 - 0.9122)/2 = -1.48885 (an exact tie at 4 places, so the printed
# -1.4889 agrees), (-2.0260 - 1.2054 - 1.2502)/3 = -1.493867 -> -1.4939.  The T=5 lower-triangular averaging matrix
# (1/(t+1) per kept slot) at 2 places is right row by row (0.33 for 1/3), and "1/3", "sums to 1" and "0.33/0.33/0.33"
# restate it.  The 5.7 attention rows come from unprinted random weights (ambiguous); the prose restatements of those
# printed rows (68% for 0.6812, 0.19% for 0.0019, 0.5792, 1.0) agree with the printed values.  Nothing is wrong.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["mask", "causal-average", "plain-text"])

e.given(e.line("x with B,T,C = 1,5,2"), "B, T, C = 1, 5, 2")
x = {}
for r in range(5):
    ln = e.line(f"row {r}  ", 1, e.line("col0      col1"))
    c0, c1 = e.lines[ln - 1].split()[2:4]
    x[r] = (R(c0), R(c1))
    e.given(ln, f"x row {r}")

L = e.line("I tried -2.0260 / -2.0655 / 2 and got 0.49")
e.claim(L, "the author's mistaken formula evaluated as written", ["0.49"], [x[0][0] / x[0][1] / 2])
L = e.line("row 1, col0:")
e.claim(L, "running mean row 1 col 0", ["-1.6157"], [(x[0][0] + x[1][0]) / 2])
L = e.line("row 1, col1:")
e.claim(L, "running mean row 1 col 1 (exact tie -1.48885)", ["-1.4889"], [(x[0][1] + x[1][1]) / 2])
L = e.line("row 2, col0:")
e.claim(L, "running mean row 2 col 0", ["-1.4939"], [(x[0][0] + x[1][0] + x[2][0]) / 3])
e.given(e.line("Real models have C=384"), "C = 384 (a model size, not derived)")

W = sp.Matrix(5, 5, lambda i, j: R(1, i + 1) if j <= i else 0)
start = e.line("5.5.1 For T=5:")
lines = [e.line(f"row {i}   ", 1, start) for i in range(5)]
rows = [e.lines[ln - 1].split()[2:7] for ln in lines]
e.rows(lines, "causal averaging weights (tril / row sum)", rows, W)
L = e.line("Row 2 reads: 1/3 each")
e.claim(L, "row-2 weight", ["1/3"], [W[2, 0]])
L = e.line("Each row sums to 1")
e.claim(L, "row sum of the averaging matrix", ["1"], [sum(W.row(0))])
L = e.line("Nothing pins a row to 0.33/0.33/0.33")
e.claim(L, "uniform 3-way row restated", ["0.33", "0.33", "0.33"], [W[2, 0], W[2, 1], W[2, 2]])
e.given(e.line("0.1/0.1/0.8"), "hypothetical learned row")

run = e.line("5.7 My run (random, untrained weights)")
rowvals = {}
for r in (0, 3, 5):
    ln = e.line(f"row {r}:", 1, run)
    rowvals[r] = e.lines[ln - 1].split()[2:]
    e.ambiguous(ln, "attention weights from unprinted random (untrained) query/key layers")

L = e.line("Row 5 gives 68% of its attention to position 4")
e.claim(L, "row 5 weight on position 4 restated", ["68%"], [R(rowvals[5][4])])
e.claim(L, "row 5 weight on itself restated", ["0.19%"], [R(rowvals[5][5])])
L = e.line("Row 3 puts 0.5792 back on position 0")
e.claim(L, "row 3 weight on position 0 restated", ["0.5792"], [R(rowvals[3][0])])
L = e.line("Row 0 is 1.0 then zeros")
e.claim(L, "row 0 weight restated", ["1.0"], [R(rowvals[0][0])])
e.done()
