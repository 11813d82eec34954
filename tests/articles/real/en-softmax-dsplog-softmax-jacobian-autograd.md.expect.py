# Expected verdicts for en-softmax-dsplog-softmax-jacobian-autograd.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article: a notebook cell that computes the softmax of the logits z = [1, 2, 3], builds the softmax Jacobian
#   J = diag(s) - s s^T with a double loop in float64, gets the same Jacobian from PyTorch autograd in float32, and prints
#   the difference.  The input is z = [1.0, 2.0, 3.0] (code line); everything else follows from it.
# Exact values: s = e^z / sum e^z = [0.0900305732, 0.2447284711, 0.6652409558];
#   J = [[0.0819250691, -0.0220330445, -0.0598920245], [-0.0220330445, 0.1848364465, -0.1628034020],
#        [-0.0598920245, -0.1628034020, 0.2226954265]].
# - Softmax and the float64 Jacobian (8-decimal numpy prints, trailing zeros dropped: -0.1628034) agree.
# - The float32 PyTorch Jacobian: -0.02203305 and 0.18483646 are one unit off in the 8th decimal, float32 noise that agrees
#   under the machine-float rule (7 significant digits, relative error < 1e-5); the rest rounds exactly.
# - The difference matrix: the exact difference of two equal Jacobians is 0; the printed 1e-8..1e-10 entries are the
#   float32 rounding of autograd, which the inputs do not determine -> ambiguous (3 rows).
# No wrong lines.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["softmax", "backward", "jacobian", "autograd", "notebook", "numpy-print"])
L = e.line

z = [1, 2, 3]
den = sum(sp.exp(v) for v in z)
s = [sp.exp(v) / den for v in z]
J = sp.Matrix(3, 3, lambda i, j: s[i] * ((1 if i == j else 0) - s[j]))

NUM = re.compile(r"-?\d+\.\d+(?:e[+-]\d+)?")


def nums(ln):
    return NUM.findall(e.lines[ln - 1])


e.given(L("z_np = np.array([1.0, 2.0, 3.0])"), "logits z")

ln = L("[0.09003057 0.24472847 0.66524096]")
e.claim(ln, "softmax(z)", nums(ln), s)

p = L("Manual Jacobian:", 2)
e.rows([p + 1, p + 2, p + 3], "float64 Jacobian diag(s) - s s^T", [nums(p + 1), nums(p + 2), nums(p + 3)], J)

p = L("PyTorch Jacobian:", 2)
e.rows([p + 1, p + 2, p + 3], "float32 autograd Jacobian", [nums(p + 1), nums(p + 2), nums(p + 3)], J)

p = L("Difference (Manual - PyTorch):", 2)
for k in range(3):
    e.ambiguous(p + 1 + k, f"difference row {k + 1}: float32 rounding residue of autograd (exact difference 0); "
                           "not determined by the inputs")
e.done()
