# Expected verdicts for en-basic-waynetran-learninghub-tiny-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (the "tiny attention computation" box): d_k = 2, q3 = [1, 1], k1 = [1, 0], k2 = [0, 1], k3 = [1, 1],
#   v1 = [2, 0], v2 = [0, 3], v3 = [1, 1]; y3 = softmax(q3 K^T / sqrt(2)) V.
# Exact: scores [1, 1, 2]; scaled [0.707107, 0.707107, 1.414214]; exp [2.028115, 2.028115, 4.113250], sum 8.169480;
#   alpha3 = [0.248255, 0.248255, 0.503490]; y3 = [1, 1.248255] (2a + c = 1 exactly, since it is the sum of the weights; 3a + c = 1.248255).
# Wrong lines:
# - softmax line: 0.504 for the third weight; exact 0.503490 -> 0.503 (slip: 1 - 2 * 0.248, not e^1.414 / 8.169).
# - y3 line: restates 0.504 (carried) and prints [0.999, 1.247]; exact [1 (exactly), 1.248], and the printed rounded
#   weights also give 1.000 and 1.248 (slip).
# Right: 99 = 100 - 1, d_k = 512 / 8 = 64 (twice), 12,288 / 96 = 128, sqrt(2) ~ 1.414, the scaled scores,
#   the exponentials and their sum, the first two weights.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "scaling", "softmax", "latex-inline", "prose-arithmetic", "mha"])
q3 = M([[1, 1]])
Km = M([[1, 0], [0, 1], [1, 1]])
Vm = M([[2, 0], [0, 3], [1, 1]])
dk = 2
sc = q3 * Km.T
s = sc / sp.sqrt(dk)
ex = s.applyfunc(sp.exp)
tot = sum(ex)
a = softmax_rows(s)
y3 = a * Vm

e.claim(e.line("through 99 hidden-state updates"), "updates between position 1 and position 100", "99", 100 - 1)
e.claim(e.line("For a transformer with $d_\\text{model} = 512$ and 8 heads"), "d_k = 512 / 8", "64", R(512, 8))
e.given(e.line("Take $d_k = 2$ and three tokens"), "d_k")
e.given(e.line("$q_1 = [1, 0],\\ q_2"), "queries")
e.given(e.line("$k_1 = [1, 0],\\ k_2"), "keys")
e.given(e.line("$v_1 = [2, 0],\\ v_2"), "values")
e.claim(e.line("Raw scores: $q_3 \\cdot k_1 = 1$"), "q3 . k_j", ["1", "1", "2"], sc)
L = e.line("Scaled: divide by $\\sqrt{2} \\approx 1.414$")
e.claim(L, "sqrt(2)", "1.414", sp.sqrt(2))
e.claim(L, "scaled scores", ["0.707", "0.707", "1.414"], s)
L = e.line("Exp: $[2.028,\\ 2.028,\\ 4.113]$")
e.claim(L, "exp of the scaled scores", ["2.028", "2.028", "4.113"], ex)
e.claim(L, "sum of the exponentials", "8.169", tot)
e.claim(e.line("Softmax: $\\alpha_3 \\approx"), "alpha_3", ["0.248", "0.248", "0.504"], a)
L = e.line("$y_3 = 0.248 \\cdot [2, 0]")
e.claim(L, "alpha_3 restated", ["0.248", "0.248", "0.504"], a, cause="carried")
e.claim(L, "y3 = alpha_3 V", ["0.999", "1.247"], y3, cause="slip")
e.given(e.line("such as 60% for A, 30% for B and 10% for C"), "illustrative shares in the analogy")
L = e.line("**Typical sizing.**")
e.claim(L, "d_k = d_v = 512 / 8", ["64"], [R(512, 8)])
e.claim(L, "GPT-3 head width 12,288 / 96", "128", R(12288, 96))
e.done()
