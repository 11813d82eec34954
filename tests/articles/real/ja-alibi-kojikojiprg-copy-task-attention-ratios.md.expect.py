# Expected verdicts for ja-alibi-kojikojiprg-copy-task-attention-ratios.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A notebook experiment (copy task, 2 layers x 4 heads) that measures how much attention the second half of the
# sequence puts on the position it must copy, for no PE / sinusoidal / ALiBi / RoPE.  The weights, argmax-match rates
# and accuracies are measured outputs of trained models (inputs here).  What follows from them:
# * the chance level chance(L) = (1/L) sum_{m=L}^{2L-1} 1/(m+1): 0.042360 for L=16 ("0.0424") and 0.021419 for L=32
#   ("0.0214"), printed by the code and restated in the text;
# * ratios to the chance level: 0.0571 -> 1.35x, head 0..3 of ALiBi 0.33 / 6.4 / 8.1 / 10.7x, baseline 3.7 / 5.9x,
#   sinusoidal / RoPE at L=32 2.7 / 4.0 / 7.3 / 10.1x, ALiBi 14-20x and 22-39x: all right (rounded);
# * "13〜22 倍" for the L=16 sinusoidal / RoPE values 0.576, 0.702, 0.901, 0.919: the ratios run from
#   0.5760 / 0.042360 = 13.60 to 0.9193 / 0.042360 = 21.70, so the range rounds to 14-22 as every other range in the
#   article is rounded (14-20 and 22-39 for ALiBi): the lower end 13 truncates 13.6 -> wrong (slip);
# * ALiBi slopes for 4 heads 2^-2, 2^-4, 2^-6, 2^-8 = 0.25 / 0.0625 / 0.015625 / 0.00390625 and the bias at distance
#   16, -16 m = -4.0 / -1.0 / -0.25 / -0.0625 (right); the head-0 ranges [0.0845, 0.5691] and [0.0993, 0.7396] are the
#   min / max of the per-seed values in table 3, and 2 of 3 seeds pick head 3 (right); 3-decimal restatements
#   (0.576, 0.702, ...) of the 4-decimal table values are right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="ja", topics=["alibi", "rope", "pe", "notebook-output", "markdown-table", "prose"])
L = e.line


def chance(n):
    return sum(R(1, m + 1) for m in range(n, 2 * n)) / n


c16, c32 = chance(16), chance(32)
v = lambda s: R(s)

# printed notebook output: table 1 lines carry the chance level; tables 2 and 3 are measurements
out1 = L("=== 表 1: 重みが最大の", 2)
for k in range(1, 9):
    ln = out1 + k
    text = e.lines[ln - 1]
    e.given(ln, "measured weight / argmax match (mean [min, max] over 3 seeds)")
    if "chance=0.0424" in text:
        e.claim(ln, "chance level L=16", ["0.0424"], [c16])
    else:
        e.claim(ln, "chance level L=32", ["0.0214"], [c32])
out2 = L("=== 表 2: 層・ヘッドごと", 2)
for k in range(1, 17):
    e.given(out2 + k, "measured per-head weight (mean over 3 seeds)")
out3 = L("=== 表 3: seed ごと", 2)
for k in range(1, 25):
    e.given(out3 + k, "measured per-seed best (layer, head) and head-0 weight")
t = L("| なし(対照群) | 16 |")
for k in range(8):
    ln = t + k
    e.given(ln, "measured table 1 row")
    txt = e.lines[ln - 1]
    if txt.rstrip().endswith("0.0424 |"):
        e.claim(ln, "chance level L=16", ["0.0424"], [c16])
    else:
        e.claim(ln, "chance level L=32", ["0.0214"], [c32])

ln = L("として求めている($L=16$ で $0.0424$")
e.claim(ln, "chance(16), chance(32)", ["0.0424", "0.0214"], [c16, c32])
ln = L("いちばん高い RoPE の`layer=0`head 2 でも $0.0571$")
e.claim(ln, "RoPE layer 0 head 2 restated; chance level", ["0.0571", "0.0424"], [v("0.0571"), c16])
e.claim(ln, "0.0571 / chance(16)", ["1.35"], [v("0.0571") / c16])
ln = L("正弦波方式 $[0.9822, 0.9907]$")
e.given(ln, "accuracy ranges from section 6.2 (not in this excerpt)")
e.claim(ln, "min / max of head-0 weights over seeds (table 3), sinusoidal and RoPE, L=16",
        ["0.0845", "0.5691", "0.0993", "0.7396"],
        [min(v("0.5691"), v("0.1920"), v("0.0845")), max(v("0.5691"), v("0.1920"), v("0.0845")),
         min(v("0.0993"), v("0.7396"), v("0.6403")), max(v("0.0993"), v("0.7396"), v("0.6403"))])
ln = L("**正弦波方式・RoPE**: $L=16$ では")
e.claim(ln, "table 1 values restated at 3 decimals", ["0.576", "0.702", "0.901", "0.919"],
        [v("0.5760"), v("0.7018"), v("0.9010"), v("0.9193")])
e.claim(ln, "chance(16)", ["0.0424"], [c16])
lo = min(v("0.5760"), v("0.7018"), v("0.9010"), v("0.9193")) / c16
hi = max(v("0.5760"), v("0.7018"), v("0.9010"), v("0.9193")) / c16
e.claim(ln, "lower end of the ratio range (0.576 / chance = 13.60, rounds to 14)", ["13"], [lo], rounded_int=True)
e.claim(ln, "upper end of the ratio range (0.919 / chance)", ["22"], [hi], rounded_int=True)
e.claim(ln, "L=32 values restated", ["0.058", "0.086", "0.155", "0.216"],
        [v("0.0583"), v("0.0859"), v("0.1553"), v("0.2161")])
e.claim(ln, "chance(32)", ["0.0214"], [c32])
e.claim(ln, "ratios to chance(32)", ["2.7", "4.0", "7.3", "10.1"],
        [v("0.0583") / c32, v("0.0859") / c32, v("0.1553") / c32, v("0.2161") / c32])
e.given(ln, "accuracies 0.238 / 0.311 from section 6.2")
ln = L("**ALiBi**: $L=16$ で重み $0.597$")
e.claim(ln, "ALiBi table 1 values restated", ["0.597", "0.859", "0.482", "0.831"],
        [v("0.5971"), v("0.8594"), v("0.4815"), v("0.8307")])
e.claim(ln, "ratio ranges to chance(16) and chance(32)", ["14", "20", "22", "39"],
        [v("0.5971") / c16, v("0.8594") / c16, v("0.4815") / c32, v("0.8307") / c32], rounded_int=True)
e.given(ln, "accuracies 0.967 / 0.855 from section 6.2")
ln = L("**ALiBi のどのヘッドが担うか**")
e.given(ln, "table 2 ALiBi layer-1 weights restated (measured)")
slopes = [R(1, 2 ** (2 * k)) for k in range(1, 5)]
e.claim(ln, "ALiBi slopes for 4 heads, 2^(-8h/4)", ["0.25", "0.0625", "0.015625", "0.00390625"], slopes)
e.claim(ln, "bias at distance 16, -16 m", ["-4.0", "-1.0", "-0.25", "-0.0625"], [-16 * s for s in slopes])
ln = L("$3$ seed 中 $2$ seed が head 3")
e.claim(ln, "seeds whose best head is head 3 / head 2 (table 3)", ["2", "1"], [2, 1])
ln = L("チャンスレベル($0.0424$)との比で並べると")
e.claim(ln, "chance(16)", ["0.0424"], [c16])
e.claim(ln, "ALiBi layer-1 heads / chance(16)", ["0.33", "6.4", "8.1", "10.7"],
        [v("0.0138") / c16, v("0.2730") / c16, v("0.3427") / c16, v("0.4546") / c16])
e.claim(ln, "head-0 bias at distance 16", ["-4.0"], [-16 * slopes[0]])
ln = L("**対照群との比較**")
e.claim(ln, "baseline values restated; chance(16)", ["0.1553", "0.2500", "0.0424"], [v("0.1553"), v("0.2500"), c16])
e.claim(ln, "baseline ratios", ["3.7", "5.9"], [v("0.1553") / c16, v("0.2500") / c16])
e.given(ln, "accuracy 0.634 and accuracy chance 0.167 from section 6.2")
ln = L("$L=32$ の正弦波方式(重み $0.0583$")
e.claim(ln, "L=32 table 1 values restated", ["0.0583", "0.0859", "0.0559", "0.0977"],
        [v("0.0583"), v("0.0859"), v("0.0559"), v("0.0977")])
e.given(ln, "accuracies 0.238 / 0.390 from section 6.2")
ln = L("RoPE は $L=32$ で重み $0.1553$")
e.claim(ln, "L=32 table 1 values restated", ["0.1553", "0.2161", "0.0559", "0.0977"],
        [v("0.1553"), v("0.2161"), v("0.0559"), v("0.0977")])
e.given(ln, "accuracies 0.311 / 0.390 from section 6.2")
e.done()
