# Expected verdicts for zh-temperature-wdndev-topk-topp.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: after top-k = 3 the probabilities 女孩 0.664, 鞋子 0.199, 大象 0.105 (given; the logits were only in a figure),
# top-p = 0.8, then temperature T = 0.7, which the article defines as dividing the logits by T before the softmax.
# - top-p: 0.664 < 0.8 <= 0.664 + 0.199 = 0.863, so two tokens stay (女孩, 鞋子): right (prose, no number to claim).
# - Temperature on the two kept tokens: logits differ from log p by a constant, so logits / T give
#   p^(1/T) renormalized: 0.664^(10/7) / (0.664^(10/7) + 0.199^(10/7)) = 0.84830 -> 0.848, and 0.15170 -> 0.152.
#   Printed "0.660" and "0.340" are wrong (slip); they equal softmax([0.664, 0.199] / 0.7) = [0.6602, 0.3398], i.e. the
#   temperature applied to the probabilities as if they were logits, which the article's own definition excludes
#   (plain renormalization without temperature would give 0.769 / 0.231).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["temperature", "top-k", "top-p", "softmax"])

p1, p2 = R(664, 1000), R(199, 1000)
T = R(7, 10)
a, b = p1 ** (1 / T), p2 ** (1 / T)

e.given(e.line('"temperature": 0.95,'), "example request parameters (not used in the worked example)")
e.given(e.line("先取 `top-k = 3`"), "top-k = 3")
for lab in ("- 女孩：0.664", "- 鞋子：0.199", "- 大象：0.105"):
    e.given(e.line(lab), "probability after top-k")
e.given(e.line("再做 top-p：累积概率到 0.8 为止"), "top-p = 0.8, T = 0.7")
e.claim(e.line("- 女孩：0.660"), "女孩 after T = 0.7 (p^(1/T) renormalized = 0.8483)", "0.660", a / (a + b))
e.claim(e.line("- 鞋子：0.340"), "鞋子 after T = 0.7 (0.1517)", "0.340", b / (a + b))
e.done()
