# Expected verdicts for en-basic-csc477-exercises-attention-by-hand.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Exercise 1 inputs: h1 = (1,2,3), h2 = (1,2,1), h3 = (0,1,-1), s = (1,2,1); unscaled dot-product attention (as the
#   exercise states). Scores h_i·s = (8, 6, 1); weights = (e^8, e^6, e)/(e^8 + e^6 + e) = (0.880090, 0.119107, 0.000803)
#   -> printed 0.88, 0.12, 0.00 agree; c = (0.999197, 1.999197, 2.758583) -> 1.00, 2.00, 2.76 agree.
#   The printed matrix [[1,1,0],[2,2,1],[3,1,-1]] has the h_i as its columns (its transpose has the h_i as rows).
# Exercise 3 inputs: Q (2×2), K (3×2), V (3×3) as printed, d_k = 2 (scaled). Scaled scores [[4,3,2],[7,4,1]]/sqrt(2);
#   weights [[0.575975, 0.283995, 0.140029], [0.881645, 0.105686, 0.012669]];
#   C = [[0.859971, 1.575975, -0.723989], [0.987331, 1.881645, -1.564595]] -> printed 0.86 1.58 -0.72 / 0.99 1.88 -1.56 agree.
# No wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "bmatrix", "latex-macros", "exercise-solution", "code-block"])

# Exercise 1
h = M([[1, 2, 3], [1, 2, 1], [0, 1, -1]])
s = sp.Matrix([1, 2, 1])
scores = h * s
w = softmax_rows(scores.T)
c = w * h
e.given(e.line("\\fh_1 = (1,2,3)^\\top"), "h1")
e.given(e.line("\\fh_2 = (1,2,1)^\\top"), "h2")
e.given(e.line("\\fh_3 = (0,1,-1)^\\top"), "h3")
e.given(e.line("alignment source vector $\\fs=(1,2,1)^\\top$"), "s")
L = e.line("\\fa = \\text{Softmax}\\li(")
e.rows([L + 2, L + 3, L + 4], "matrix with the h_i as columns", [["1", "1", "0"], ["2", "2", "1"], ["3", "1", "-1"]], h.T)
e.claim(e.line("\\bpmat 1\\\\ 2\\\\ 1\\epmat"), "s restated", ["1", "2", "1"], list(s))
e.claim(e.line("\\bpmat 0.88\\\\ 0.12\\\\ 0.00\\epmat"), "attention weights", ["0.88", "0.12", "0.00"], list(w))
e.claim(e.line("\\approx \\bpmat 1.00\\\\ 2.00\\\\ 2.76\\epmat"), "context vector c", ["1.00", "2.00", "2.76"], list(c))
e.given(e.line("h = torch.tensor([[1, 2, 3], [1,2,1], [0,1,-1]])"), "h in code")
e.given(e.line("s = torch.tensor([1,2,1])"), "s in code")

# Exercise 3
Q = M([[1, 2], [3, 1]])
K = M([[2, 1], [1, 1], [0, 1]])
V = M([[1, 2, -2], [1, 1, 2], [0, 1, -1]])
A = softmax_rows(Q * K.T / sp.sqrt(2))
C = A * V
L = e.line("Q = \\bpmat")
e.given(L + 1, "Q row 1")
e.given(L + 2, "Q row 2")
L = e.line("K = \\bpmat")
for k in range(3):
    e.given(L + 1 + k, f"K row {k + 1}")
L = e.line("V=\\bpmat")
for k in range(3):
    e.given(L + 1 + k, f"V row {k + 1}")
L = e.line("0.86 & 1.58 & -0.72\\\\")
e.rows([L, L + 1], "context matrix C", [["0.86", "1.58", "-0.72"], ["0.99", "1.88", "-1.56"]], C)
e.given(e.line("Q = torch.tensor([[1, 2], [3, 1]]).float()"), "Q in code")
e.given(e.line("K = torch.tensor([[2, 1], [1, 1], [0, 1]]).float()"), "K in code")
e.given(e.line("V = torch.tensor([[1, 2, -2], [1, 1, 2], [0, 1, -1]]).float()"), "V in code")
e.done()
