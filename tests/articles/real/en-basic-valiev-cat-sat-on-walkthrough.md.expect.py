# Expected verdicts for en-basic-valiev-cat-sat-on-walkthrough.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (walkthrough): Q = [[1,0],[0,1],[1,1]], K = [[1,0],[0,1],[0,0]], V = [[0.9,0.1],[0.1,0.9],[0.5,0.5]],
#   d_k = 2 (scaled by sqrt(2)), row softmax, output = A V.
# Exact: scores [[1,0,0],[0,1,0],[1,1,0]] (right); scaled 0.707107 entries (0.71 right; sqrt(2) = 1.41 right);
#   A = [[0.503490,0.248255,0.248255],[0.248255,0.503490,0.248255],[0.401112,0.401112,0.197776]];
#   output_cat = [0.602094, 0.397906].
# Wrong lines:
# - softmax([30/8, 0.1/8, 0.2/8, 0.05/8]) printed [0.98, 0.007, 0.008, 0.006]: exact [0.933191, 0.022223, 0.022502,
#   0.022084] (slip).
# - Softmax rows printed [0.52, 0.24, 0.24] / [0.24, 0.52, 0.24] / [0.39, 0.39, 0.22]: exact [0.50, 0.25, 0.25] /
#   [0.25, 0.50, 0.25] / [0.40, 0.40, 0.20] (slips), restated in the N×N matrix (3 rows, carried) and as the weights
#   of the two output_cat lines (carried).
# - output_cat = [0.59, 0.41]: exact [0.602094, 0.397906] (slip; even the author's weights give [0.612, 0.388]).
# Ambiguous: "4096×4096 = 16M" — 16,777,216 is exactly 16 M if M = 2^20, but 16.8 (17) million in decimal.
# Right: sqrt(64) = 8; softmax([30, ...]) ≈ [1.0, 0.0, 0.0, 0.0]; 197² = 38,809; 512/8 = 64; 768/12 = 64;
#   3·768·64 = 147,456; 12·147,456 = 1,769,472; 768² = 589,824; total 2,359,296 ≈ 2.36M.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="en", topics=["basic", "plain-text", "python-lists", "scaling", "unicode-math",
                                             "thousands-commas", "parameter-count"])

def sm(xs):
    d = sum(sp.exp(x) for x in xs)
    return [sp.exp(x) / d for x in xs]

# Why divide by sqrt(d_k)
e.given(e.line("If d_k = 64:"), "d_k = 64")
e.claim(e.line("dot products grow as ≈ √64 = 8"), "sqrt(64)", ["8"], [sp.sqrt(64)])
L = e.line("softmax([30, 0.1, 0.2, 0.05])")
e.given(L, "scores [30, 0.1, 0.2, 0.05]")
s0 = [R(30), R(1, 10), R(2, 10), R(5, 100)]
e.claim(L + 1, "softmax without scaling", ["1.0", "0.0", "0.0", "0.0"], sm(s0))
L = e.line("softmax([30/8, 0.1/8, 0.2/8, 0.05/8])")
e.given(L, "scores divided by 8")
e.claim(L + 1, "softmax with scaling", ["0.98", "0.007", "0.008", "0.006"], sm([x / 8 for x in s0]))

# Walkthrough
Q = M([[1, 0], [0, 1], [1, 1]])
K = M([[1, 0], [0, 1], [0, 0]])
V = M([["0.9", "0.1"], ["0.1", "0.9"], ["0.5", "0.5"]])
S = Q * K.T
Ss = S / sp.sqrt(2)
A = softmax_rows(Ss)
C = A * V
L = e.line("Q = [[1, 0],    K = [[1, 0],    V = [[0.9, 0.1],")
for i in range(3):
    e.given(L + i, f"Q, K, V row {i + 1}")
for i, (lab, terms, res) in enumerate((("Q_cat · all K", ["1", "0", "0"], ["1", "0", "0"]),
                                       ("Q_sat · all K", ["0", "1", "0"], ["0", "1", "0"]),
                                       ("Q_on  · all K", ["1", "1", "0"], ["1", "1", "0"]))):
    ln = e.line(lab)
    e.claim(ln, f"scores row {i + 1}", res, S.row(i))
L = e.line("scores = [[1, 0, 0],")
e.rows([L, L + 1, L + 2], "scores matrix", [["1", "0", "0"], ["0", "1", "0"], ["1", "1", "0"]], S)
L = e.line("Step 2: Scale by √d_k = √2 ≈ 1.41")
e.claim(L, "sqrt(2)", ["1.41"], [sp.sqrt(2)])
e.claim(e.line("scores /= 1.41"), "divisor restated", ["1.41"], [sp.sqrt(2)])
L = e.line("→ [[0.71, 0,    0   ],")
e.rows([L, L + 1, L + 2], "scaled scores", [["0.71", "0", "0"], ["0", "0.71", "0"], ["0.71", "0.71", "0"]], Ss)
for i, (lab, sc, w) in enumerate((("row 0: softmax([0.71, 0, 0])", ["0.71", "0", "0"], ["0.52", "0.24", "0.24"]),
                                  ("row 1: softmax([0,  0.71, 0])", ["0", "0.71", "0"], ["0.24", "0.52", "0.24"]),
                                  ("row 2: softmax([0.71, 0.71,0])", ["0.71", "0.71", "0"],
                                   ["0.39", "0.39", "0.22"]))):
    ln = e.line(lab)
    e.claim(ln, f"scaled row {i + 1} restated", sc, Ss.row(i))
    e.claim(ln, f"attention weights row {i + 1}", w, A.row(i))
L = e.line("output_cat = 0.52·V_cat + 0.24·V_sat + 0.24·V_on")
e.claim(L, "weights of cat restated", ["0.52", "0.24", "0.24"], A.row(0), cause="carried")
L = e.line("= 0.52·[0.9,0.1] + 0.24·[0.1,0.9] + 0.24·[0.5,0.5]")
e.claim(L, "weights of cat restated", ["0.52", "0.24", "0.24"], A.row(0), cause="carried")
e.claim(L, "value rows restated", [["0.9", "0.1"], ["0.1", "0.9"], ["0.5", "0.5"]], V)
e.claim(e.line("= [0.59, 0.41]"), "output of cat", ["0.59", "0.41"], C.row(0))
L = e.line("Q_cat  [ 0.52   0.24   0.24 ]")
e.rows([L, L + 1, L + 2], "attention matrix", [["0.52", "0.24", "0.24"], ["0.24", "0.52", "0.24"],
                                               ["0.39", "0.39", "0.22"]], A, cause="carried")
L = e.line("197×197 = 38,809 entries per head")
e.given(L, "N = 197")
number_claim(e, L, "197^2", "38,809", 197**2)
L = e.line("4096×4096 = 16M entries per head")
e.given(L, "N = 4096")
e.ambiguous(L, "4096^2 = 16,777,216 is exactly 16M only if M means 2^20; in decimal millions it is 16.78 (17M)")

# Multi-head
L = e.line("d_model = 512,  h = 8  →  d_k = d_v = d_model/h = 64")
e.given(L, "d_model = 512, h = 8")
e.claim(L, "d_k per head", ["64"], [R(512, 8)])
L = e.line("d_model = 768,  h = 12,  d_k = d_v = 64")
e.given(L, "d_model = 768, h = 12")
e.claim(L, "d_k per head", ["64"], [R(768, 12)])
number_claim(e, e.line("3 × 768×64 = 147,456"), "Wq, Wk, Wv of one head", "147,456", 3 * 768 * 64)
L = e.line("All heads: 12 × 147,456")
number_claim(e, L, "per-head count restated", "147,456", 3 * 768 * 64)
number_claim(e, L, "all heads", "1,769,472", 12 * 3 * 768 * 64)
number_claim(e, e.line("Output proj Wₒ: 768×768"), "W_O", "589,824", 768 * 768)
e.claim(e.line("Total MHA params: ~2.36M per block"), "total MHA parameters in millions", ["2.36"],
        [R(12 * 3 * 768 * 64 + 768 * 768, 10**6)])
e.done()
