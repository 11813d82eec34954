# Expected verdicts for ja-softmax-outsidethebox-zenn-probability-steps.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Input: x = [2.0, 1.0, 0.1]; plain softmax (no scaling, no temperature).
# Exact: e^2 = 7.389056, e^1 = 2.718282, e^0.1 = 1.105171 -> printed 7.389 / 2.718 / 1.105 agree at 3 places.
#   Sum = e^2 + e + e^0.1 = 11.212509, which rounds to 11.213 at 3 places: the printed 11.212 is WRONG (drift: it is the
#   exact sum of the author's rounded terms 7.389 + 2.718 + 1.105 = 11.212; |11.212 - 11.212509| = 0.000509 > 0.0005).
#   The same 11.212 is restated three times as the denominator in 2-3 (WRONG, drift).
#   softmax = [0.659001, 0.242433, 0.098566] -> printed 0.659 / 0.242 / 0.099 agree.
#   The check line 0.659 + 0.242 + 0.099 = 1: the printed terms sum to exactly 1.000, and the exact probabilities sum to 1.
# Each formula is printed on one line, so a line can carry several claims; the layout spacing "[0.5em]" and the sum
# limits j=1..3 / n are not numbers of the computation.
# Wrong lines: 2 (the 2-2 sum line: 11.212, exact 11.212509, drift; the 2-3 line: denominator 11.212 restated, drift).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ja", topics=["softmax", "latex-aligned", "bmatrix", "prose-arithmetic"])

x = [R(2), R(1), R(1, 10)]
ex = [sp.exp(v) for v in x]
tot = sum(ex)
p = [v / tot for v in ex]

e.given(e.line(r"\mathbf{x} = \begin{bmatrix} 2.0 \\ 1.0 \\ 0.1 \end{bmatrix}"), "input vector x")

e.claim(e.line(r"e^{2.0} &≒ 7.389"), "e^2, e^1, e^0.1", ["7.389", "2.718", "1.105"], ex)

L = e.line(r"&= 7.389 + 2.718 + 1.105 \\ &= 11.212")
e.claim(L, "exponentials restated", ["7.389", "2.718", "1.105"], ex)
e.claim(L, "sum of exponentials", ["11.212"], [tot], cause="drift")

L = e.line(r"\frac{7.389}{11.212}")
e.claim(L, "numerators restated", ["7.389", "2.718", "1.105"], ex)
e.claim(L, "denominator restated (3 times)", ["11.212", "11.212", "11.212"], [tot, tot, tot], cause="drift")
e.claim(L, "softmax probabilities", ["0.659", "0.242", "0.099"], p)

L = e.line(r"0.659 + 0.242 + 0.099 = 1")
e.claim(L, "probabilities restated", ["0.659", "0.242", "0.099"], p)
e.claim(L, "sum of probabilities", ["1"], [sum(p)])
e.done()
