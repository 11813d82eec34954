# Expected verdicts for en-basic-vanandrew-mlreview-cat-sat-mat.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (as printed): Q = [[1,0,1,0],[0,1,0,1],[1,1,0,0]], K = [[1,0,1,0],[0,1,1,0],[1,1,0,1]],
#   V = [[1,0,0,0],[0,1,0,0],[0,0,1,1]], d_k = 4 (scaled by sqrt(4) = 2), row softmax, output = A V.
# Exact: QK^T = [[2,1,1],[0,1,2],[1,1,2]]; scaled [[1,0.5,0.5],[0,0.5,1],[0.5,0.5,1]];
#   A = [[0.451863,0.274069,0.274069],[0.186324,0.307196,0.506480],[0.274069,0.274069,0.451863]];
#   output of "cat" = A row 1 . V = [0.451863, 0.274069, 0.274069, 0.274069].
# Wrong lines:
# - QK^T printed [[2,1,2],[1,2,1],[1,1,0]]: all three rows are slips (exact [2,1,1], [0,1,2], [1,1,2]).
# - Scaled rows [1.0,0.5,1.0] / [0.5,1.0,0.5] / [0.5,0.5,0.0] are the printed QK^T halved: carried
#   (exact [1,0.5,0.5], [0,0.5,1], [0.5,0.5,1]).
# - Attention weights rows [0.38,0.24,0.38] / [0.24,0.51,0.24] / [0.38,0.38,0.24]: slips (wrong even as the softmax of
#   the author's own scaled rows, which would be [0.3837,0.2327,0.3837] / [0.2741,0.4519,0.2741] / [0.3837,0.3837,0.2327]);
#   exact [0.45,0.27,0.27] / [0.19,0.31,0.51] / [0.27,0.27,0.45] (every entry disagrees; the 0.51 printed for sat->sat
#   is exactly sat->mat's weight, by coincidence).
# - Interpretation line "(0.51)" for sat->sat: exact 0.307196 (carried); "(0.38 each)" for cat->cat and cat->mat:
#   exact 0.451863 / 0.274069 (carried).
# - Output line for "cat": the weights restated 0.38 / 0.24 / 0.38 (carried), and the result [0.38, 0.24, 0.38, 0.38]
#   (exact [0.451863, 0.274069, 0.274069, 0.274069], carried).
# Right: sqrt(4) = 2; 512/8 = 64; 16 x 2048^2 = 67,108,864 ≈ 67M; softmax([10,9,8]) = [0.665241,0.244728,0.090031];
#   softmax([100,90,80]) = [0.9999546, 4.54e-5, 2.06e-9] -> [1.0, 0.0, 0.0]; 10,000^2 = 100 million.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "plain-text", "python-lists", "scaling", "code-comments",
                                             "prose-arithmetic"])
Q = M([[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0]])
K = M([[1, 0, 1, 0], [0, 1, 1, 0], [1, 1, 0, 1]])
V = M([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 1]])
S = Q * K.T
Ss = S / sp.sqrt(4)
A = softmax_rows(Ss)
C = A * V

e.given(e.line("d_k = 4 (dimension)"), "d_k = 4")
L = e.line("Q = [[1, 0, 1, 0],")
for i in range(3):
    e.given(L + i, f"Q row {i + 1}")
L = e.line("K = [[1, 0, 1, 0],")
for i in range(3):
    e.given(L + i, f"K row {i + 1}")
L = e.line("V = [[1, 0, 0, 0],")
for i in range(3):
    e.given(L + i, f"V row {i + 1}")

L = e.line("QK^T = [[2, 1, 2],")
e.rows([L, L + 1, L + 2], "QK^T", [["2", "1", "2"], ["1", "2", "1"], ["1", "1", "0"]], S)

L = e.line("Step 3: Scale by $\\sqrt{d_k} = \\sqrt{4} = 2$")
e.claim(L, "sqrt(d_k)", ["2"], [sp.sqrt(4)])
L = e.line("Scaled = [[1.0, 0.5, 1.0],")
e.rows([L, L + 1, L + 2], "scaled scores", [["1.0", "0.5", "1.0"], ["0.5", "1.0", "0.5"], ["0.5", "0.5", "0.0"]],
       Ss, cause="carried")

L = e.line("Attention Weights = [[0.38, 0.24, 0.38],")
e.rows([L, L + 1, L + 2], "attention weights",
       [["0.38", "0.24", "0.38"], ["0.24", "0.51", "0.24"], ["0.38", "0.38", "0.24"]], A)
e.claim(e.line('Interpretation: "sat" attends most to itself (0.51)'), "sat -> sat weight", ["0.51"], [A[1, 1]],
        cause="carried")
L = e.line('attention between itself and "mat" (0.38 each)')
e.claim(L, "cat -> cat and cat -> mat weights", ["0.38", "0.38"], [A[0, 0], A[0, 2]], cause="carried")

L = e.line('Output for "cat" = 0.38*[1,0,0,0]')
e.claim(L, "weights of cat restated", ["0.38", "0.24", "0.38"], A.row(0), cause="carried")
e.claim(L, "value rows restated", [["1", "0", "0", "0"], ["0", "1", "0", "0"], ["0", "0", "1", "1"]], V)
e.claim(e.line("= [0.38, 0.24, 0.38, 0.38]"), "output of cat", ["0.38", "0.24", "0.38", "0.38"], C.row(0),
        cause="carried")

e.given(e.line("with $d_k=64$, dot products"), "d_k = 64 (illustration)")
L = e.line("$d_k = d_{\\text{model}}/h = 64$")
e.given(L, "d_model = 512, h = 8")
e.claim(L, "d_k per head", ["64"], [R(512, 8)])
L = e.line("$16 \\times 2048^2 \\approx 67M$")
e.given(L, "n = 2048, h = 16")
e.claim(L, "attention entries per layer in millions", ["67"], [R(16 * 2048**2, 10**6)], rounded_int=True)

def sm(xs):
    d = sum(sp.exp(x) for x in xs)
    return [sp.exp(x) / d for x in xs]

L = e.line("[10, 9, 8], the softmax outputs approximately [0.67, 0.24, 0.09]")
e.given(L, "scores [10, 9, 8]")
e.claim(L, "softmax([10, 9, 8])", ["0.67", "0.24", "0.09"], sm([10, 9, 8]))
L = e.line("[100, 90, 80], softmax produces approximately [1.0, 0.0, 0.0]")
e.given(L, "scores [100, 90, 80]")
e.claim(L, "softmax([100, 90, 80])", ["1.0", "0.0", "0.0"], sm([100, 90, 80]))
L = e.line("For sequences of 10,000 tokens")
e.given(L, "n = 10,000")
e.claim(L, "attention-matrix entries in millions", ["100"], [R(10000**2, 10**6)])
e.done()
