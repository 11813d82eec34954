# Expected verdicts for ja-softmax-quintessence-neko-weights-bars.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the scores of the query 「猫」 against 私, は, 猫, が, 好き, already scaled (Q·Kᵀ / √d_k): [1.2, 0.5, 3.8, 2.9, 2.1].
# Exact softmax: [0.04368, 0.02169, 0.58809, 0.23910, 0.10744] -> [0.04, 0.02, 0.59, 0.24, 0.11] at 2 places.
# Printed [0.05, 0.02, 0.58, 0.28, 0.07]: 私, 猫, が and 好き are wrong (slip); only は agrees.  The printed row happens to
# sum to 1.00, and so does the exact distribution, so the "合計 = 1.00" line is ok.
# The arrow row of stage 3 repeats the stage-2 weights (carried).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="ja", topics=["softmax", "attention-weights"])
L = e.line

scores = [R("1.2"), R("0.5"), R("3.8"), R("2.9"), R("2.1")]
ex = [sp.exp(s) for s in scores]
w = [x / sum(ex) for x in ex]

e.given(L("| 1.2 | 0.5 | 3.8 | 2.9 | 2.1 |"), "scores of 猫 against the five tokens")
row1 = L("| 0.05 | 0.02 | 0.58 | 0.28 | 0.07 |")
e.claim(row1, "softmax of the scores", ["0.05", "0.02", "0.58", "0.28", "0.07"], w)
e.claim(L("合計 = 1.00"), "sum of the weights", ["1.00"], [sum(w)])
row2 = L("| 0.05 | 0.02 | 0.58 | 0.28 | 0.07 |", after=row1)
e.claim(row2, "arrow weights (stage 2 repeated)", ["0.05", "0.02", "0.58", "0.28", "0.07"], w, cause="carried")
e.done()
