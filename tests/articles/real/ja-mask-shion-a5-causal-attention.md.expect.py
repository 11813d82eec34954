# Expected verdicts for ja-mask-shion-a5-causal-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# One worked row of causal masking: the third token ("学校", position 2) has scores (0.5, 0.3, 0.8, 0.2, 0.1);
# the mask keeps positions 0..2 (0.5, 0.3, 0.8) and sets 3, 4 to -inf (right).  The softmax of the masked row is
# (e^0.5, e^0.3, e^0.8)/sum = (0.3156, 0.2584, 0.4260, 0, 0); printed (0.4, 0.25, 0.35, 0, 0): all three kept
# weights are wrong (0.3, 0.26, 0.43 at the printed precision; the largest score 0.8 even gets a smaller weight
# than 0.5), cause slip; the two masked zeros are right.  No reading (scaling by sqrt(d), linear normalisation
# 0.3125/0.1875/0.5) reproduces the printed row.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ja", topics=["mask", "causal-mask", "softmax", "table"])

e.given(e.line("入力ベクトル:[「私」"), "five tokens")
e.claim(e.line("例:3番目のトークン「学校」"), "学校 is token index 2, i.e. the 3rd", ["3"], [2 + 1])
e.given(e.line("| 通常のスコア | 0.5 | 0.3 | 0.8 | 0.2 | 0.1 |"), "raw scores of the 学校 row")
e.claim(e.line("| マスク適用後 | 0.5 | 0.3 | 0.8 | -∞ | -∞ |"), "masked row keeps positions 0..2",
        ["0.5", "0.3", "0.8"], [R(1, 2), R(3, 10), R(4, 5)])
w = softmax_rows(M([["0.5", "0.3", "0.8"]]))
L = e.line("| Softmax適用 | 0.4 | 0.25 | 0.35 | 0 | 0 |")
e.claim(L, "softmax(0.5, 0.3, 0.8) = (0.3156, 0.2584, 0.4260)", ["0.4", "0.25", "0.35"], list(w), cause="slip")
e.claim(L, "masked positions get weight 0", ["0"], [0])

e.done()
