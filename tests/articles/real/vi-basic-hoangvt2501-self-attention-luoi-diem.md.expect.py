# Expected verdicts for vi-basic-hoangvt2501-self-attention-luoi-diem.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The 5x5 score grid is given (no Q, K are printed). The lesson applies softmax to q1's raw scores directly (no
# sqrt(dk) division in this diagram): softmax([2.1, 0.3, 0.1, 0.8, 0.2]) = [0.580472, 0.095952, 0.078558, 0.158197,
# 0.086821]. The printed [0.52, 0.09, 0.07, 0.14, 0.08] is wrong in every entry (it sums to 0.90): a slip of the
# lesson (the same row as its English original), copied into output_1's coefficients (carried). The "~1.0" is the
# sum of a softmax row, which is exactly 1. Dividing by sqrt(dk) would not rescue the row either (no dk is given for
# this grid, and any scaling makes the weights flatter, not closer to 0.52 with a 0.90 total).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="vi", topics=["basic", "softmax-row", "ascii-table", "code-block"])


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
e.given(e.line("Với dk = 64"), "example key width in prose")
e.given(e.line("logits = np.array([2.0, 1.0, 0.1])"), "code input (its output is not printed)")
e.done()
