# Expected verdicts for ko-alibi-booiljung-slopes-extrapolation.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Korean explainer of ALiBi (rendered from an HTML page whose math is MathJax spans).  Its arithmetic:
# - O(L^2) cost: doubling the training length multiplies the cost by 2^2 = 4: ok.
# - Slopes m_h = 2^(-8h/n) for n = 8 heads: 2^-1 .. 2^-8 = 0.5, 0.25, 0.125, ..., 0.00390625 (exact): ok; the first head
#   docks 0.5 per unit distance and the last head's m ≈ 0.004 (0.00390625 rounds to 0.004): ok, also in the diagram.
# - Non-power-of-two heads: for n = 12 the largest power of two not above n is 2^3 = 8: ok.
# - Precision example: i - j = 50,000 with m = 0.5 gives a bias of -25,000 and e^{-25000}: ok.
# - The WikiText-103 perplexity table, the MPT-7B token counts (1T, 2,048, 65k, 84k) and the 1,024/2,048 and 512/16,384
#   lengths are quoted facts or examples, not arithmetic (given).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="ko", topics=["alibi", "slopes"])

e.given(e.line("예를 들어 1,024 토큰으로 학습한 모델에"), "example lengths 1,024 / 2,048")
L = e.line("훈련 길이를 2배로 늘리면 훈련 비용은 4배로")
e.claim(L, "O(L^2): cost factor for a doubled length", "4", 2 ** 2)
e.given(e.line("짧게($L=512$ 등) 학습하고"), "example lengths 512 / 16,384")
e.given(e.line("m_h = \\frac{1}{2^{\\frac{8 \\cdot h}{n}}}"), "slope formula")
e.given(e.line("\\frac{1}{2^1}, \\frac{1}{2^2}, \\frac{1}{2^3}, \\dots, \\frac{1}{2^8}"), "slopes as powers of 1/2 (8 heads)")
L = e.line("(0.5, 0.25, 0.125, \\dots, 0.00390625)")
e.claim(L, "slopes of heads 1, 2, 3 and 8 of 8", ["0.5", "0.25", "0.125", "0.00390625"],
        [R(1, 2), R(1, 4), R(1, 8), R(1, 256)])
L = e.line("첫 번째 헤드($m=0.5$)")
e.claim(L, "head-1 slope and its per-distance penalty", ["0.5", "0.5"], [R(1, 2), R(1, 2)])
e.claim(L, "head-8 slope 2^-8", ["0.004"], [R(1, 256)])
L = e.line('Slope1["기울기 m = 0.5 (1/2^1)"]')
e.claim(L, "head-1 slope", ["0.5"], [R(1, 2)])
L = e.line('SlopeN["기울기 m ≈ 0.004 (1/2^8)"]')
e.claim(L, "head-8 slope", ["0.004"], [R(1, 256)])
L = e.line("(예: $n=12$이면 $2^k=8$)")
e.claim(L, "largest power of two not above 12", ["8"], [2 ** int(sp.floor(sp.log(12, 2)))])
for lab in ("| **Sinusoidal (APE)** |", "| **RoPE** | ~18.5", "| **T5 Bias** |", "| **ALiBi** | ~18.5"):
    e.given(e.line(lab), "quoted perplexities (WikiText-103, train length 512)")
e.given(e.line("정현파 모델은 학습 길이를 넘자마자 PPL이 50 이상"), "restated quoted perplexity")
e.given(e.line("- **베이스 모델**: 1조(1T) 토큰"), "MPT-7B training facts")
e.given(e.line("- **StoryWriter**: books3로 65,000(65k)"), "MPT-7B fine-tuning length")
e.given(e.line("- **결과**: 추론에서는 84k 토큰"), "MPT-7B inference length")
L = e.line("예를 들어 $i-j=50,000$이고 $m=0.5$라면")
e.given(L, "distance 50,000 and slope 0.5")
number_claim(e, L, "bias -m(i-j)", "-25,000", -R(1, 2) * 50000)
L = e.line("$e^{-25000}$")
e.claim(L, "exponent of the softmax term", ["-25000"], [-R(1, 2) * 50000])
e.done()
