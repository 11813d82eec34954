# Expected verdicts for en-pe-transformers-math-notebook.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Convention stated by the article: PE(pos,2i) = sin(pos/10000^(2i/d)), PE(pos,2i+1) = cos(...), d = 5,
# positions counted from 0 (its own worked lines use 10000^{0/5}, 10000^{2/5}, 10000^{4/5}).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["pe"])
d = 5


def pe(pos, k):
    i = k // 2
    ang = sp.Integer(pos) / sp.Integer(10000) ** R(2 * i, d)
    return sp.sin(ang) if k % 2 == 0 else sp.cos(ang)


PE = sp.Matrix(4, d, lambda p, k: pe(p, k))
E = M([["0.1", "0.2", "0.3", "0.4", "0.5"],
       ["0.5", "0.4", "0.3", "0.2", "0.1"],
       ["0.0", "0.1", "0.0", "0.1", "0.0"],
       ["0.2", "0.2", "0.2", "0.2", "0.2"]])
X = E + PE

e.given(e.line("**Embedding dimension:** $d = 5$"), "d = 5")
t1 = e.line("| Token | $E_i$")
for r, name in enumerate(["The", "cat", "is", "black"]):
    e.given(e.line(f"| {name}", after=t1), f"E row {name}")

# the five worked P_{0,k} lines
for k, val in enumerate(["0", "1", "0", "1", "0"]):
    L = e.line(f"P_{{0,{k}}} =")
    e.claim(L, f"P(0,{k})", val, pe(0, k))

tp = e.line("| Position | $P_i$")
rows = [["0.0", "1.0", "0.0", "1.0", "0.0"],
        ["0.841", "0.540", "0.841", "0.540", "0.841"],
        ["0.909", "0.141", "0.909", "0.141", "0.909"],
        ["0.141", "0.990", "0.141", "0.990", "0.141"]]
e.rows([tp + 2, tp + 3, tp + 4, tp + 5], "PE table", rows, PE)

# the chain lines: sums of the printed operands (local arithmetic)
chains = {
    "X_\\text{The} =": (["0.1", "0.2", "0.3", "0.4", "0.5"], ["0.0", "1.0", "0.0", "1.0", "0.0"], ["0.1", "1.2", "0.3", "1.4", "0.5"]),
    "X_\\text{cat} =": (["0.5", "0.4", "0.3", "0.2", "0.1"], ["0.841", "0.540", "0.841", "0.540", "0.841"], ["1.341", "0.94", "1.141", "0.74", "0.941"]),
    "X_\\text{is} =": (["0.0", "0.1", "0.0", "0.1", "0.0"], ["0.909", "0.141", "0.909", "0.141", "0.909"], ["0.909", "0.241", "0.909", "0.241", "0.909"]),
    "X_\\text{black} =": (["0.2", "0.2", "0.2", "0.2", "0.2"], ["0.141", "0.990", "0.141", "0.990", "0.141"], ["0.341", "1.19", "0.341", "1.19", "0.341"]),
}
for needle, (a, b, s) in chains.items():
    L = e.line(needle)
    exact = [R(x) + R(y) for x, y in zip(a, b)]
    e.claim(L, f"{needle} sums of the printed operands", s, exact)

tf = e.line("| Token | $X_i$")
final = [["0.1", "1.2", "0.3", "1.4", "0.5"],
         ["1.341", "0.94", "1.141", "0.74", "0.941"],
         ["0.909", "0.241", "0.909", "0.241", "0.909"],
         ["0.341", "1.19", "0.341", "1.19", "0.341"]]
# E + PE from the inputs: wrong where the PE table was wrong (the sums themselves are right)
e.rows([tf + 2, tf + 3, tf + 4, tf + 5], "X = E + PE", final, X, cause="carried")
e.done()
