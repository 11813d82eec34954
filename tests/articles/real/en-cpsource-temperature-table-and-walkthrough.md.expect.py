# Expected verdicts for en-cpsource-temperature-table-and-walkthrough.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Logits [3.0, 2.5, 1.5], softmax(z / T) at T = 1, 0.5, 2.
# Exact: T=1 [0.546549, 0.331499, 0.121952]; T=0.5 [0.705384, 0.259496, 0.035119]; T=2 [0.444214, 0.345954, 0.209832].
# The first note's table is wrong in every row (slips); the second note's walk-through is right except
# P(Paris) = 0.5464 (20.0855 / 36.7497 = 0.54655 -> 0.5465), a slip repeated in its result table.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["softmax-row", "temperature", "table", "latex"])
z = [R("3.0"), R("2.5"), R("1.5")]


def sm(T):
    return softmax_rows(sp.Matrix([[x / T for x in z]]))


def cells(ln):
    return [c.strip().strip("*") for c in e.lines[ln - 1].strip().strip("|").split("|")]


t1, t05, t2 = sm(1), sm(R("0.5")), sm(2)
L0 = e.line('| "Paris"  | 3.0')
for i in range(3):
    c = cells(L0 + i)
    e.given(L0 + i, f"logit {c[0]}")
    e.claim(L0 + i, f"{c[0]}: softmax at T = 1, 0.5, 2", c[2:5], [t1[i], t05[i], t2[i]])
after = e.line("## The T = 1 column in detail")
L = e.line("| Paris  | 3.0", after=after)
for i in range(3):
    e.given(L + i, "logit (restated)")
E = sp.exp
e.claim(e.line("e^{3.0} &= 20.0855"), "e^3", "20.0855", E(3))
e.claim(e.line("e^{2.5} &= 12.1825"), "e^2.5", "12.1825", E(R(5, 2)))
e.claim(e.line("e^{1.5} &= 4.4817"), "e^1.5", "4.4817", E(R(3, 2)))
tot = E(3) + E(R(5, 2)) + E(R(3, 2))
L = e.line(r"\text{Sum} = 20.0855")
e.claim(L, "summands restated", ["20.0855", "12.1825", "4.4817"], [E(3), E(R(5, 2)), E(R(3, 2))])
e.claim(L, "sum", "36.7497", tot)
for i, (tok, num, p) in enumerate((("Paris", "20.0855", "0.5464"), ("London", "12.1825", "0.3315"),
                                   ("Berlin", "4.4817", "0.1220"))):
    L = e.line(rf"P(\text{{{tok}}}) &= \frac")
    e.claim(L, "numerator and sum restated", [num, "36.7497"], [E(z[i]), tot])
    e.claim(L, f"P({tok})", p, t1[i])
L = e.line("| Paris  | **0.5464**")
for i in range(3):
    c = cells(L + i)
    e.claim(L + i, f"P({c[0]}) (result table)", [c[1]], [t1[i]], cause="carried" if i == 0 else "slip")
e.done()
