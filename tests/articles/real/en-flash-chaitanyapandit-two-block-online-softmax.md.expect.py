# Expected verdicts for en-flash-chaitanyapandit-two-block-online-softmax.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# The article explains FlashAttention's online softmax and works one query row by hand: unscaled scores [1, 3] | [2, 5]
# in two blocks, values V_1 = [10, 20], V_2 = [30, 40] (one scalar value per key).  Exact: block 1 m = 3,
# P = [e^-2, 1] = [0.135335, 1], l = 1.135335, O = 10 e^-2 + 20 = 21.353353; block 2 m = 5, alpha = e^-2,
# P = [e^-3, 1] = [0.049787, 1], alpha*l = 0.153651, l = 1.203438, alpha*O = 2.889862, new block 41.493612,
# O = 44.383474, O/l = 36.8806 -> 36.9.  The one-pass check gives the same numbers.
# No wrong lines.  Ambiguous (explicit arithmetic on 3-place operands, right as written, not end to end):
# 0.135(1.135) = 0.153 (exact 0.153651 -> 0.154), 0.135(21.35) = 2.88 (exact 2.889862 -> 2.89),
# 0.050(30) + 1.0(40) = 41.50 (exact 41.4936 -> 41.49), and in the check 0.135(20) = 2.70 (exact 2.7067) and
# 0.050(30) = 1.50 (exact 1.4936); the chains' results 1.203, 44.38 and 36.9 are right end to end.
# Memory table: n^2 fp16 scores = 32 MiB / 2 GiB / 32 GiB (binary units), and m, l kept as fp32 (2 x n x 4 bytes)
# = 32 / 256 KiB / 1 MiB: right under those readings.  "16 million numbers" = 4096^2 = 16 Mi (16.78 x 10^6).
# "roughly 30% more" FLOPs for 4x against 3x (33.3%) is ambiguous (a round figure).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["flash", "online-softmax", "memory", "latex-inline", "table", "prose"])
E = sp.exp

number_claim(e, e.line("It was 16 million numbers written"), "4096^2 scores, in millions", "16",
             [("Mi (2^20)", R(4096 ** 2, 2 ** 20)), ("10^6", R(4096 ** 2, 10 ** 6))])
L = e.line("At 4,096 tokens that is 16 million numbers")
e.given(L, "n = 4,096 and 32K; HBM/SRAM bandwidths")
number_claim(e, L, "4096^2 scores, in millions", "16",
             [("Mi (2^20)", R(4096 ** 2, 2 ** 20)), ("10^6", R(4096 ** 2, 10 ** 6))])
e.given(e.line("One head, fp16, head dim $d=64$"), "one head, fp16, d = 64")
for n, mb, kb in ((4096, "32", "32"), (32768, "2", "256"), (131072, "32", "1")):
    row = e.line(f"| {n:,} ")
    scores = n * n * 2
    stats32, stats16 = 2 * n * 4, 2 * n * 2
    big = 2 ** 20 if n == 4096 else 2 ** 30
    small = 2 ** 20 if n == 131072 else 2 ** 10
    number_claim(e, row, f"n^2 fp16 score matrix, n = {n}", mb,
                 [("binary units", R(scores, big)), ("decimal units", R(scores, 10 ** 6 if big == 2 ** 20 else 10 ** 9))])
    number_claim(e, row, f"m and l per row, n = {n}", kb,
                 [("fp32 statistics, binary units", R(stats32, small)), ("fp16 statistics, binary units", R(stats16, small))])
e.claim(e.line("| 131,072 (128K)"), "131,072 tokens in K", ["128"], [R(131072, 1024)])
e.claim(e.line("a batch of 8 multiplies the standard column by 256"), "32 heads x batch 8", ["256"], [32 * 8])
L = e.line("one more forward-sized pass, so about")
e.claim(L, "1x + 2x + 1x and the standard 3x", ["4", "3"], [1 + 2 + 1, 1 + 2])
e.ambiguous(L, "'roughly 30% more' FLOPs: 4x against 3x is 33.3% more; a round figure to the nearest ten")
e._entry(L)["verdict"] = "ambiguous"  # the 30% cannot be decided; 4x and 3x agree

# worked example
s1, s2 = [1, 3], [2, 5]
p1 = [E(x - 3) for x in s1]
l1 = sum(p1)
o1 = p1[0] * 10 + p1[1] * 20
alpha = E(3 - 5)
p2 = [E(x - 5) for x in s2]
l2 = alpha * l1 + sum(p2)
o2 = alpha * o1 + p2[0] * 30 + p2[1] * 40
e.given(e.line("Take one query row with two key/value blocks"), "scores [1, 3] | [2, 5]")
L = e.line("*Block 1:*")
e.given(L, "V_1 = [10, 20]")
e.claim(L, "block-1 max", ["3"], [3])
e.claim(L, "P^(1) = [e^-2, e^0]", ["0.135", "1.0"], p1)
e.claim(L, "l after block 1", ["1.135"], [l1])
e.claim(L, "O after block 1 = 0.135(10) + 1.0(20)", ["21.35"], [o1])
L = e.line("*Block 2:*")
e.given(L, "V_2 = [30, 40]")
e.claim(L, "block-2 max and rescale e^-2", ["5", "0.135"], [5, alpha])
e.claim(L, "P^(2) = [e^-3, e^0]", ["0.050", "1.0"], p2)
e.claim(L, "new block sum and l after block 2", ["1.050", "1.203"], [sum(p2), l2])
e.claim(L, "O after block 2", ["44.38"], [o2])
e.ambiguous(L, "0.135(1.135) = 0.153 (exact alpha*l = 0.153651 -> 0.154), 0.135(21.35) = 2.88 (exact alpha*O = "
               "2.889862 -> 2.89) and 0.050(30) + 1.0(40) = 41.50 (exact 41.493612 -> 41.49) are right as written "
               "from the 3-place operands, not end to end; the results 1.203 and 44.38 are right")
e._entry(L)["verdict"] = "ambiguous"  # intermediates undecidable; every claimed number agrees
e.claim(e.line("*Final:*"), "O / l", ["44.38", "1.203", "36.9"], [o2, l2, o2 / l2])
L = e.line("The same row done in one pass")
pall = [E(x - 5) for x in (1, 3, 2, 5)]
e.claim(L, "P over all four scores", ["0.018", "0.135", "0.050", "1.0"], pall)
e.claim(L, "sum P", ["1.203"], [sum(pall)])
e.claim(L, "weighted sum, first and last terms", ["0.18", "40.0"], [pall[0] * 10, pall[3] * 40])
e.claim(L, "weighted sum and the final division", ["44.38", "36.9"],
        [sum(p * v for p, v in zip(pall, (10, 20, 30, 40))), sum(p * v for p, v in zip(pall, (10, 20, 30, 40))) / sum(pall)])
e.ambiguous(L, "0.135(20) = 2.70 and 0.050(30) = 1.50 are right as written from the 3-place weights; end to end the "
               "terms are 2.706706 (2.71) and 1.493612 (1.49); the sum 44.38 is right")
e._entry(L)["verdict"] = "ambiguous"  # the two products undecidable; every claimed number agrees
e.done()
