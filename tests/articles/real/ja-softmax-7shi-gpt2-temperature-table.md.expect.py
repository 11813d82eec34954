# Expected verdicts for ja-softmax-7shi-gpt2-temperature-table.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: GPT-2 small WTE (50257, 768), WPE (1024, 768), "124M" parameters; logits [2.0, 1.0, 0.5] divided by T.
# Parameter count: WTE alone is 50257 x 768 = 38,597,376 = 38.6M (39M when rounded; WTE + WPE would be 39.4M), and
# 38.6M / 124M = 31.1% (31.0% of the real 124,439,808): "約 38M (約30%)" are loose round figures, so that line is
# ambiguous (as other corpus scripts treat "約400倍" or "~12배").
# Temperature table (exact softmax):
#   T = 1.0: softmax([2, 1, 0.5]) = [0.628532, 0.231224, 0.140244] -> [0.63, 0.23, 0.14]; printed [0.59, 0.24, 0.17]
#            (all three wrong).
#   T = 0.5: logits / 0.5 = [4, 2, 1] (right); softmax = [0.843795, 0.114195, 0.042010] -> [0.84, 0.11, 0.04];
#            printed 0.05 for the last one (wrong).
#   T = 2.0: logits / 2 = [1, 0.5, 0.25] (right); softmax = [0.481024, 0.291756, 0.227220] -> [0.48, 0.29, 0.23];
#            printed [0.46, 0.34, 0.20] (all three wrong).
# Top-p example: 0.6 + 0.25 + 0.10 = 0.95 with 3 tokens (right).
# Wrong lines: the three temperature rows.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="ja", topics=["softmax", "temperature", "top-p", "parameter-count"])


def softmax(v):
    ex = [sp.exp(x) for x in v]
    s = sum(ex)
    return [x / s for x in ex]


logits = [2, 1, R(1, 2)]
e.given(e.line("WTE: (50257, 768)"), "WTE shape")
e.given(e.line("WPE: (1024,  768)"), "WPE shape")
e.given(e.line("WTE がトークン ID を 768 次元"), "embed_dim 768")
L = e.line("GPT-2 (small) のパラメータ数 124M")
wte = 50257 * 768
e.ambiguous(L, "'約 38M (約30%)' are round figures: 50257 x 768 = 38,597,376 (38.6M, 39M when rounded; WTE + WPE "
               "= 39.4M) and 38.6M / 124M = 31.1%; the loose (truncated) values are not decided as wrong")
e.given(e.line("ロジット `[2.0, 1.0, 0.5]` で温度"), "logits")
L = e.line("T=1.0 （通常）")
e.given(L, "logits [2.0, 1.0, 0.5]")
e.claim(L, "softmax at T = 1", ["0.59", "0.24", "0.17"], softmax(logits))
L = e.line("T=0.5 （集中）")
e.claim(L, "logits / 0.5", ["4.0", "2.0", "1.0"], [x / R(1, 2) for x in logits])
e.claim(L, "softmax at T = 0.5", ["0.84", "0.11", "0.05"], softmax([x / R(1, 2) for x in logits]))
L = e.line("T=2.0 （平坦）")
e.claim(L, "logits / 2", ["1.0", "0.5", "0.25"], [x / 2 for x in logits])
e.claim(L, "softmax at T = 2", ["0.46", "0.34", "0.20"], softmax([x / 2 for x in logits]))
L = e.line("上位トークンが確率0.6・0.25・0.10")
e.claim(L, "cumulative 0.6 + 0.25 + 0.10 and number of tokens", ["0.95", "3"],
        [R(6, 10) + R(25, 100) + R(10, 100), 3])
e.given(e.line("サンプリング温度（デフォルト: 1.0"), "default temperature")
e.done()
