# Expected verdicts for ar-basic-youssefupone-self-attention-score-grid.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The 5x5 score grid is given (no Q, K are printed). The lesson applies softmax to q1's raw scores directly (the
# arrow diagram has no scaling step): softmax([2.1, 0.3, 0.1, 0.8, 0.2]) = [0.580472, 0.095952, 0.078558, 0.158197,
# 0.086821]; the printed [0.52, 0.09, 0.07, 0.14, 0.08] is wrong in every entry and sums to 0.90 - a slip of the lesson
# (a /sqrt(dk) reading does not rescue it: no dk is given for the grid, and dk = 64 would make the row nearly uniform).
# The same weights are copied into output_1's coefficients (carried).  The "~1.0" is the sum of a softmax row: 1.
# The Python logits [2.0, 1.0, 0.1] are an input of code whose output is not printed.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ar", topics=["softmax-row", "ascii-table", "rtl"])


def cells(ln):
    return [c.strip() for c in e.lines[ln - 1].split("|")[1:6]]


L = e.line("   q1   | 2.1 |")
for k in range(5):
    e.given(L + 2 * k, f"score row q{k + 1}")
s1 = [R(c) for c in cells(L)]
w = softmax_rows(sp.Matrix([s1]))
e.given(e.line("Raw scores for q1:   [2.1, 0.3, 0.1, 0.8, 0.2]"), "q1's raw scores (restated)")
L = e.line("Attention weights:   [0.52")
e.claim(L, "softmax of q1's scores", ["0.52", "0.09", "0.07", "0.14", "0.08"], w)
e.claim(L, "row sum", ["1.0"], [sum(w)])
L = e.line("  output_1 = 0.52 * v1")
e.claim(L, "weights of token 1 restated", ["0.52", "0.09", "0.07", "0.14", "0.08"], w, cause="carried")
e.given(e.line("فعند dk = 64 قد تبلغ"), "example key dimension dk = 64 (an assumption of the prose)")
e.given(e.line("logits = np.array([2.0, 1.0, 0.1])"), "code input logits")
e.done()
