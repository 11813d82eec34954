# Expected verdicts for en-basic-jaymody-attention-intuition.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A soft dictionary lookup: 0.6*10 + 0.4*5 + 0*2 = 8; softmax([4, -1, 2.1]) = [0.864823, 0.005827, 0.129350];
# softmax([3, 2, 1]) = [0.665241, 0.244728, 0.090031]; softmax([30, 20, 10]) = [0.999954600, 4.53978686e-05, 2.06106005e-09];
# the footnote q K^T with q = [2, 1, 3] and K rows [-1, 2, -1], [1.5, 0, -1], [4, -2, -1] gives [-3, 0, 3].
# One slip: "[0.665, 0.244, 0.090]" -- 0.244728 is 0.245 at 3 places (the printed 0.244 is cut, not rounded).
# The magnitude footnote (a = [1,1,1], b = [1000,0,0], c = [2,2,2]) states only an inequality a.b > a.c (1000 > 6, true) and
# then swaps b and c in its reasoning; no printed number to judge, so no verdict there.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "softmax-row", "python-repl", "latex-align", "single-query"])
NUM = re.compile(r"-?\d+(?:\.\d+)?(?:e[+-]\d+)?")


def sm(xs):
    return list(softmax_rows(sp.Matrix([xs])))


d = {"apple": 10, "banana": 5, "chair": 2}
for lab in ('>>>     "apple": 10,', '>>>     "banana": 5,', '>>>     "chair": 2,'):
    e.given(e.line(lab), "dictionary entry")
e.given(e.line("[10, 5, 2]"), "values echo")
L = e.line(">>> d[query]")
e.claim(L + 1, "d['apple']", ["10"], [d["apple"]])
e.given(e.line("give apple 60%, banana 40% and chair 0%"), "chosen weights")
e.given(e.line('>>> d = {"apple": 10, "banana": 5, "chair": 2}'), "dictionary")
L = e.line('>>> 0.6 * d["apple"] + 0.4 * d["banana"] + 0.0 * d["chair"]')
e.given(L, "weights")
e.claim(L + 1, "weighted sum", ["8"], [R(6, 10) * 10 + R(4, 10) * 5 + 0 * 2])

L = e.line(">>> softmax(np.array([4.0, -1.0, 2.1]))")
e.given(L, "softmax input")
e.claim(L + 1, "softmax([4, -1, 2.1])", ["0.8648", "0.0058", "0.1294"], sm([4, -1, R(21, 10)]))
e.given(e.line("(4.0 stays the"), "order remark")

for lab in ('"apple": [0.9, 0.2, -0.5, 1.0]', '"banana": [1.2, 2.0, 0.1, 0.2]', '"chair": [-1.2, -2.0, 1.0, -0.2]'):
    e.given(e.line(lab), "value vector")
e.given(e.line("with $d_v = 4$"), "d_v")
L = e.line("`softmax([3, 2, 1]) = [0.665, 0.244, 0.090]`")
e.claim(L, "softmax([3, 2, 1])", ["0.665", "0.244", "0.090"], sm([3, 2, 1]))
L = e.line("`softmax([30, 20, 10]) = [9.99954600e-01")
e.claim(L, "softmax([30, 20, 10])", ["9.99954600e-01", "4.53978686e-05", "2.06106005e-09"], sm([30, 20, 10]))

e.given(e.line("$c=[2, 2, 2]$"), "footnote vector c")
e.given(e.line("[^magnitude]: The dot product also depends on length"), "footnote vectors a, b")

q = sp.Matrix([[2, 1, 3]])
K = sp.Matrix([[-1, 2, -1], [R(3, 2), 0, -1], [4, -2, -1]])
x = q * K.T
for i, lab in enumerate(("x_1 = & \\ \\boldsymbol{q}", "x_2 = & \\ \\boldsymbol{q}", "x_3 = & \\ \\boldsymbol{q}")):
    L = e.line(lab)
    res = e.lines[L - 1].split("=")[-1].strip().rstrip("\\").strip()
    e.claim(L, f"x_{i + 1} = q . k_{i + 1}", [res], [x[i]])
L = e.line("\\begin{bmatrix}-1 & 2 & -1\\\\1.5 & 0 & -1\\\\4 & -2 & -1\\end{bmatrix}^T")
e.given(L, "q and K")
L = e.line("\\begin{bmatrix}-1 & 1.5 & 4\\\\2 & 0 & -2\\\\-1 & -1 & -1\\end{bmatrix}")
e.claim(L, "K^T", ["-1", "1.5", "4", "2", "0", "-2", "-1", "-1", "-1"], list(K.T))
e.claim(e.line("& = [-3, 0, 3]\\\\"), "q K^T", ["-3", "0", "3"], list(x))
e.done()
