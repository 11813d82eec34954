# Expected verdicts for ja-fumishiki-zenn-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ja", topics=["basic", "printed-output", "mask"])
NUM = re.compile(r"(?<![\w.])\d+(?:\.\d+)?")


def nums(ln, after=""):
    t = e.lines[ln - 1]
    return NUM.findall(t[t.index(after) + len(after):] if after else t)


X = M([["1.0", "0.5", "0.2", "0.1"],    # "I"
       ["0.3", "1.0", "0.4", "0.2"],    # "love"
       ["0.2", "0.3", "1.0", "0.5"]])   # "Transformers"
for w in ('// "I"', '// "love"', '// "Transformers"'):
    e.given(e.line(w), f"x {w}")
dk = X.shape[1]                        # d_k = x.shape()[1] = 4; Q = K = V = x
A = softmax_rows(X * X.T / sp.sqrt(dk))
O = A * X
for i in range(3):
    L = e.line(f"Word {i+1}: [")
    e.claim(L, f"weights row {i+1}", nums(L, ":"), A.row(i))
L = e.line("3×4 Matrix")
e.claim(L, "shape of the output", ["3", "4"], list(O.shape))
e.rows([L + 1, L + 2, L + 3], "output", [nums(L + 1 + i) for i in range(3)], O)

# saturation example: the operands are printed in the chain itself
L = e.line(r"\exp(16) / (\exp(16) + \exp(0) \times 63)")
e.given(L, "d_k = 64 and the assumed gap 16 (a rough estimate, not derived)")
a = sp.exp(16) / (sp.exp(16) + sp.exp(0) * 63)
e.claim(L, "exp(16)/(exp(16)+63)", "0.9999", a)
L = e.line(r"\alpha_j (1 - \alpha_j)")
e.claim(L, "restated alpha", "0.9999", a)
e.claim(L, "1 - alpha", "0.0001", 1 - a, cause="drift")   # 1 - 0.9999 from the rounded alpha
e.claim(L, "0.9999 x 0.0001", "0.0001", R("0.9999") * R("0.0001"))

L = e.line(r"\text{softmax}([1, 2, -\infty, 3])")
e.given(L, "masked scores [1, 2, -inf, 3]")
w = softmax_rows(M([[1, 2, -sp.oo, 3]]))
e.claim(L, "masked softmax", ["0.0116", "0.0315", "0.0", "0.8569"], w)
e.done()
