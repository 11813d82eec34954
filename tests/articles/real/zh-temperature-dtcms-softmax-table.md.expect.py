# Expected verdicts for zh-temperature-dtcms-softmax-table.md, computed with plain SymPy (see oracle.py); not symattn's code.
# z = [1, 2, 3]; softmax(z / T):
#   T = 0.5  -> [0.0159, 0.1173, 0.8668]  printed [0.02, 0.14, 0.84]   wrong (0.12, 0.87)
#   T = 1    -> [0.0900, 0.2447, 0.6652]  printed [0.09, 0.24, 0.67]   right
#   T = 2    -> [0.1863, 0.3072, 0.5065]  printed [0.21, 0.29, 0.50]   wrong ([0.19, 0.31, 0.51])
#   T = 10   -> [0.3006, 0.3322, 0.3672]  printed [0.31, 0.33, 0.36]   wrong ([0.30, 0.33, 0.37])
# The page calls the table "示意" (an illustration), but it states the inputs and the formula and prints two-decimal
# values: each row is judged.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["temperature", "softmax"])
e.given(e.line("设 logits 为 $\\mathbf{z} = [1,\\ 2,\\ 3]$"), "logits z")
for T, row in (("0.5", ["0.02", "0.14", "0.84"]), ("1.0", ["0.09", "0.24", "0.67"]),
               ("2.0", ["0.21", "0.29", "0.50"]), ("10.0", ["0.31", "0.33", "0.36"])):
    p = softmax_rows(M([[1, 2, 3]]) / R(T))
    e.claim(e.line(f"| $T = {T}$ |"), f"softmax([1, 2, 3] / {T})", row, list(p.row(0)))
e.done()
