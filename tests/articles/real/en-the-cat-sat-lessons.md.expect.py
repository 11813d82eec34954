# Expected verdicts for en-the-cat-sat-lessons.md, computed with plain SymPy (see oracle.py); not symattn's code.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "single-query"])
q1 = M([[1, 0, 0]])
Kk = M([[1, 1, 0], [1, 1, 0], [0, 1, 1]])
Vv = M([[0, 1, 1], [1, 0, 1], [1, 1, 0]])
dk = 3
s = q1 * Kk.T
ss = s / sp.sqrt(dk)
w = softmax_rows(ss)
ex = [sp.exp(ss[j]) for j in range(3)]
tot = sum(ex)
z = w * Vv

for name in ("q1", "k1", "v1", "q2", "k2", "v2", "q3", "k3", "v3"):
    e.given(e.line(f"- `{name} = ["), name)
for j, (tok, printed) in enumerate((("The", "1"), ("cat", "1"), ("sat", "0"))):
    L = e.line(f'"The" on "{tok}"')
    e.given(L, "q1 and k restated")
    e.claim(L, f"score q1.k{j+1}", [printed], [s[j]])
e.claim(e.line("`d_k = 3`"), "d_k and sqrt(d_k)", ["3", "1.732"], [dk, sp.sqrt(dk)])
for j, printed in enumerate(("1", "1", "0")):
    L = e.line(f"- `{printed} / 1.732 = ", nth=2 if j == 1 else 1)
    e.claim(L, f"scaled score {j+1}", [printed, "1.732", "0.577" if j < 2 else "0"],
            [s[j], sp.sqrt(dk), ss[j]])
e.claim(e.line("`softmax([0.577, 0.577, 0])`"), "scaled scores restated", ["0.577", "0.577", "0"], ss)
for n in (1, 2):
    e.claim(e.line("- `e^0.577 = 1.78`", nth=n), f"exp of scaled score {n}", ["0.577", "1.78"], [ss[n - 1], ex[n - 1]])
e.claim(e.line("- `e^0 = 1`"), "exp of scaled score 3", ["0", "1"], [ss[2], ex[2]])
e.claim(e.line("Sum = `"), "sum of exponentials", ["1.78", "1.78", "1", "4.56"], ex + [tot])
for j, tok in enumerate(("The", "cat", "sat")):
    L = e.line(f'**Weight for "{tok}":**')
    e.claim(L, f"weight {j+1}", ["1.78" if j < 2 else "1", "4.56", ["0.39", "0.39", "0.22"][j]], [ex[j], tot, w[j]])
e.claim(e.line("about 39%"), "weights as percentages", ["39%", "39%", "22%"], list(w))
for j, p in enumerate(("0.39", "0.39", "0.22")):
    e.claim(e.line(f"Weight for `v{j+1}`"), f"weight {j+1} restated", [p], [w[j]])
for j in range(3):
    e.given(e.line(f"- `v{j+1} = [", nth=2), f"v{j+1} restated")
for j, (p, res) in enumerate((("0.39", ["0", "0.39", "0.39"]), ("0.39", ["0.39", "0", "0.39"]),
                              ("0.22", ["0.22", "0.22", "0"]))):
    L = e.line(f"- `{p} * v{j+1} = ")
    e.claim(L, f"weight {j+1} restated", [p], [w[j]])
    e.claim(L, f"weighted value {j+1}", res, w[j] * Vv.row(j))
L = e.line("`z1 = [0, 0.39, 0.39] +")
e.claim(L, "weighted values restated", ["0", "0.39", "0.39", "0.39", "0", "0.39", "0.22", "0.22", "0"],
        [w[j] * Vv[j, c] for j in range(3) for c in range(3)])
L = e.line("`z1 = [0 + 0.39")
e.claim(L, "terms of z1 regrouped", ["0", "0.39", "0.22", "0.39", "0", "0.22", "0.39", "0.39", "0"],
        [w[r] * Vv[r, c] for c in range(3) for r in range(3)])
e.claim(e.line("`z1 = [0.61, 0.61, 0.78]`"), "z1", ["0.61", "0.61", "0.78"], z)
for j, (p, tok) in enumerate((("39%", "The"), ("39%", "cat"), ("22%", "sat"))):
    e.claim(e.line(f'`{p}` of the information of "{tok}"'), f"share {j+1}", [p], [w[j]])
e.done()
