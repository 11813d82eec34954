# Expected verdicts for en-mask-ryansereno-think-therefore-causal-average.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Blog notes on self-attention (Karpathy-style "bag of words" average).  The 5x2 input X is a printed random draw
# (given).  The printed positional table is the sinusoidal encoding with C = 2, i.e. [sin(pos), cos(pos)] for
# pos = 0..4: [0, 1], [0.84147098, 0.54030231], [0.90929743, -0.41614684], [0.14112001, -0.9899925],
# [-0.7568025, -0.65364362] -- all right.  tril(ones(5,5)) is printed right.  The masked score matrix is printed
# 8x8 although the article sets T = 5 and prints a 5x5 tril, so it cannot come from the stated inputs (ambiguous);
# its row softmax, the uniform causal averages 1, 1/2, 1/3, 1/4, 1/5, 1/6, 1/7, 1/8 (1.0000, 0.5000, 0.3333,
# 0.2500, 0.2000, 0.1667, 0.1429, 0.1250), is right for that printed mask.  xbow3 = wei @ x uses a batch x
# (4 x 8 x 2) that is never printed, so its 64 numbers are ambiguous.  Nothing is wrong.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, sp, R

e = Expect(__file__, language="en", topics=["mask", "pe", "softmax", "code"])

e.given(e.line("`I think therefore I am`"), "the 5-token sentence")
e.given(e.line("Each of its 5 tokens gets a 2-dimensional embedding"), "T = 5, C = 2")
e.given(e.line("The (5,2) input matrix:"), "shape (5, 2)")
e.given(e.line("T,C = 5,2 #declare the Time"), "T = 5, C = 2")
L = e.line("tensor([[ 0.9188,  0.0800],")
for k in range(5):
    e.given(L + k, f"random embedding row {k + 1} (printed draw)")

# ---- sinusoidal positions, C = 2: [sin(pos), cos(pos)] ----------------------------------------------
L = e.line("tensor([[[ 0. 1. ],")
e.claim(L, "PE(0) = [sin 0, cos 0]", ["0", "1"], [sp.sin(0), sp.cos(0)])
printed = [["0.84147098", "0.54030231"], ["0.90929743", "-0.41614684"],
           ["0.14112001", "-0.9899925"], ["-0.7568025", "-0.65364362"]]
for pos in range(1, 5):
    e.claim(L + pos, f"PE({pos}) = [sin {pos}, cos {pos}]", printed[pos - 1],
            [sp.sin(pos), sp.cos(pos)])

# ---- tril(ones(5, 5)) ----------------------------------------------------------------------------------
L = e.line("tensor([[1., 0., 0., 0., 0.],")
for i in range(5):
    row = [1 if j <= i else 0 for j in range(5)]
    e.claim(L + i, f"tril row {i + 1}", [str(v) for v in row], row)

# ---- masked scores: printed 8x8 although T = 5 ---------------------------------------------------------
L = e.line("tensor([[0., -inf, -inf, -inf, -inf, -inf, -inf, -inf],")
for i in range(8):
    e.ambiguous(L + i, "the masked matrix is printed 8x8 while the article sets T = 5 and prints a 5x5 tril; "
                       "it cannot come from the stated inputs (the 0/-inf pattern is a size-8 causal mask)")

# ---- row softmax of the printed causal mask: uniform over the visible positions ---------------------------
L = e.line("tensor([[1.0000, 0.0000, 0.0000")
for i in range(8):
    exact = [R(1, i + 1) if j <= i else 0 for j in range(8)]
    text = e.lines[L + i - 1]
    import re
    nums = re.findall(r"\d\.\d{4}", text)
    e.claim(L + i, f"softmax row {i + 1} of the printed causal mask", nums, exact)

# ---- xbow3 = wei @ x: x never printed ----------------------------------------------------------------
start = e.line("tensor([[[-0.8273,  0.5410],")
end = e.line("[-0.3234, -0.1669]]])")
for ln in range(start, end + 1):
    if re.search(r"\d\.\d", e.lines[ln - 1]):
        e.ambiguous(ln, "xbow3 = wei @ x uses a batch x (4 x 8 x 2) that the article never prints")

e.done()
