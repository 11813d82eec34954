# Expected verdicts for zh-basic-yuanmomoya-three-keys-one-query.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article: the worked example of a Chinese maths-for-LLMs course chapter (section 7-3): one query, three keys,
#   scaled dot-product scores, softmax weights and the weighted sum written out with the weights.
# Inputs: d = 2; q = [1,1]/sqrt2; k1 = [1,0], k2 = [0,1], k3 = [1,1]/sqrt2; v1 = [1,0], v2 = [0,1], v3 = [1,1]/sqrt2.
# Exact values: q.k1 = q.k2 = 1/sqrt2 = 0.707107, s1 = s2 = 1/2; q.k3 = 1, s3 = 1/sqrt2 = 0.707107;
#   alpha = (e^(1/2), e^(1/2), e^(1/sqrt2)) / (2 e^(1/2) + e^(1/sqrt2)) = (0.309583, 0.309583, 0.380834),
#   i.e. (0.310, 0.310, 0.381) at 3 places.
# Wrong lines (end to end from the inputs):
#   - "\approx (0.309,\,0.309,\,0.381).": 0.309 for 0.310 (0.30958 truncated, not rounded; the rounded operands
#     e^0.5 = 1.649, e^0.707 = 2.028 give 0.30962 too), slip.
#   - "y \approx 0.309[1,0]+0.309[0,1]+0.381...": restates the weights, 0.309 carried.
# No ambiguous lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["basic", "scaling", "latex-inline", "softmax"])

d = 2
r2 = sp.sqrt(2)
q = sp.Matrix([[1, 1]]) / r2
K = sp.Matrix([[1, 0], [0, 1], [1, 1]])
K[2, :] = K[2, :] / r2
dots = [(q * K[i, :].T)[0] for i in range(3)]
s = [x / sp.sqrt(d) for x in dots]
den = sum(sp.exp(x) for x in s)
alpha = [sp.exp(x) / den for x in s]

L = e.line("设 $d=2$")
e.given(L, "d = 2")
e.claim(L, "sqrt(d)", ["1.414"], [sp.sqrt(d)])
e.given(e.line("取 $q=\\frac{1}{\\sqrt2}[1,1]$"), "q, k1, k2, k3")
L = e.line("q^\\top k_1=q^\\top k_2=")
e.claim(L, "q.k1 = q.k2 and s1 = s2", ["0.707", "0.5"], [dots[0], s[0]])
e.claim(e.line("q^\\top k_3=1\\Rightarrow s_3\\approx 0.707."), "q.k3 and s3", ["1", "0.707"], [dots[2], s[2]])
L = e.line("\\alpha \\approx \\frac{(e^{0.5},e^{0.5},e^{0.707})}")
e.claim(L, "exponents of the softmax (the scores restated)", ["0.5", "0.5", "0.707"], [s[0], s[1], s[2]])
e.claim(e.line("\\approx (0.309,\\,0.309,\\,0.381)."), "softmax weights", ["0.309", "0.309", "0.381"], alpha, cause="slip")
e.given(e.line("若 $v_1=[1,0], v_2=[0,1]"), "v1, v2, v3")
e.claim(e.line("y \\approx 0.309[1,0]+0.309[0,1]+0.381"), "weights restated in the weighted sum",
        ["0.309", "0.309", "0.381"], alpha, cause="carried")
e.done()
