# Expected verdicts for zh-cnblogs-softmax-like-row.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The similarity values come from a figure (inputs).  softmax(0.5, 0.7, 0.5) = [0.3104, 0.3792, 0.3104],
# printed [0.30, 0.40, 0.30]; the percentages repeat the wrong weights.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["softmax"])
row = M([["0.5", "0.7", "0.5"]])
w = softmax_rows(row)
e.given(e.line("和“我”自己最相关(0.9)"), "row 我 (from the figure)")
e.given(e.line("对自己 0.7"), "row 喜欢 diagonal (from the figure)")
e.given(e.line("对自己 0.9"), "row 你 (from the figure)")
e.given(e.line("[0.5, 0.7, 0.5] 为例"), "row 喜欢")
e.claim(e.line(r"\text{softmax}(0.5, 0.7, 0.5)"), "softmax(0.5, 0.7, 0.5)", ["0.30", "0.40", "0.30"], w)
e.claim(e.line("40% 的注意力"), "weight on 喜欢", "40%", w[1], cause="carried")
e.claim(e.line("30% 放在“我”"), "weights on 我, 你", ["30%", "30%"], [w[0], w[2]], cause="carried")
e.done()
