# Expected verdicts for en-softmax-yshavit-llm-notes-self-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: n = 8192, d = delta = 4096, 4 bytes per value; the three softmax input pairs; weight 0.27 and value
#   vector [6.2, 1.4, 7.9]; 720 output dimensions over 12 heads.
# Exact: n^2 d^2 = 2^50 = 1.1259e15 values, x 4 bytes = 4.5036e15 bytes = 4.5 PB (decimal petabytes);
#   sigma([1.0, 1.1]) = [0.47502, 0.52498]; sigma([10, 11]) = [0.26894, 0.73106];
#   sigma([100, 110]) = [4.5398e-5, 0.9999546]; 0.27 [6.2, 1.4, 7.9] = [1.674, 0.378, 2.133]; 720 / 12 = 60.
# Wrong lines: none.
# Not claimed: "hundreds of megabytes" (3 x 4096 x 4096 x 4 bytes = 201 MB) prints no number of its own.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["softmax", "scaling", "latex", "align", "memory", "mha"])

n, d = 8192, 4096
e.given(e.line("Taking $n = 8k$ and $d = 4k$"), "n = 8k, d = 4k, 4 bytes per value")
e.claim(e.line("= & (8192 \\times 8192 \\times 4096 \\times 4096)"), "n, d restated (8k = 8192, 4k = 4096)",
        ["8192", "4096", "4"], [n, d, 4])
e.claim(e.line("\\approx & (1.1 \\times 10^{15} \\text{ parameters})"), "n^2 d^2 (1.1 x 10^15)",
        ["1.1"], [sp.Integer(n * n * d * d) / sp.Integer(10) ** 15])
e.claim(e.line("\\approx & 4.5 \\text{ PB}"), "bytes in decimal PB", "4.5", sp.Integer(n * n * d * d * 4) / sp.Integer(10) ** 15)

def sm(a, b):
    a, b = sp.sympify(a), sp.sympify(b)
    return [sp.exp(a) / (sp.exp(a) + sp.exp(b)), sp.exp(b) / (sp.exp(a) + sp.exp(b))]

L = e.line("\\sigma( & [1.0, 1.1] )")
e.given(L, "input pair [1.0, 1.1]")
e.claim(L, "softmax([1.0, 1.1])", ["0.475", "0.525"], sm(R(1), R(11, 10)))
L = e.line("\\sigma( & [10, 11] )")
e.claim(L, "softmax([10, 11])", ["0.269", "0.731"], sm(10, 11))
L = e.line("\\sigma( & [100, 110] )")
e.claim(L, "softmax([100, 110])", ["0.000045", "0.999955"], sm(100, 110))

L = e.line("- Attention weight $4$ is 0.27.")
e.given(L, "attention weight 0.27")
e.claim(L, "0.27 as a percentage", "27%", R(27, 100))
e.given(e.line("Input token 4's value vector is $[6.2, 1.4, 7.9]$"), "value vector, delta = 3")
w, v = R(27, 100), M([["6.2", "1.4", "7.9"]])
e.given(e.line("& 0.27 \\cdot [6.2, 1.4, 7.9] \\\\"), "weight times value restated")
e.given(e.line("= & [(0.27 \\cdot 6.2)"), "the products written out")
e.claim(e.line("= & [1.67, 0.378, 2.13]"), "0.27 x [6.2, 1.4, 7.9]", ["1.67", "0.378", "2.13"], list(w * v))

L = e.line("If the attention output should have 720 dimensions")
e.claim(L, "head dimensionality 720 / 12", ["720", "12", "60"], [720, 12, R(720, 12)])
e.done()
