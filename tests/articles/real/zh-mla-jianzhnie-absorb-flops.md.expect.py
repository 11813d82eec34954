# Expected verdicts for zh-mla-jianzhnie-absorb-flops.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Sizes as the article gives them (DeepSeek-V3 style): d = 7168, d_c = 512, d_c' = 1536, n_h = 128, d_h = 128,
# d_h^R = 64.  The FLOP ratios are checked from the article's own general formulas (T_Normal, T_Absorb, M_MLA, M_MHA),
# whose simplified forms print the numbers 512, 4, 513, 128, 32; interval ends are the limits s -> 0 / s -> inf
# (for the latent-cache ratio, whose value tends to 0 as s -> 0, the printed lower end 0.99 is its value at s = 1).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["mla"])
d, dc, dcq, nh, dh, dhr = 7168, 512, 1536, 128, 128, 64
s = sp.symbols("s", positive=True)

for needle in ("\\text{hidden\\_size} = 7168", "\\text{kv\\_lora\\_rank} = 512", "\\text{q\\_lora\\_rank} = 1536",
               "\\text{num\\_heads} = 128", "\\text{qk\\_nope\\_head\\_dim} = 128", "\\text{qk\\_rope\\_head\\_dim} = 64"):
    e.given(e.line(needle), "model size")
e.claim(e.line("q\\_head\\_dim = qk\\_nope\\_head\\_dim + qk\\_rope\\_head\\_dim = 192"), "d_h + d_h^R", ["192"], [dh + dhr])
e.claim(e.line("kv\\_lora\\_rank + qk\\_rope\\_head\\_dim = 576"), "d_c + d_h^R", ["576"], [dc + dhr])

sep, mer = 2 * dh * (dcq + dc), 2 * dcq * dc
e.claim(e.line("分开计算：$2 d_h (d_c^{\\prime} + d_c) = 524288$"), "2 d_h (d_c' + d_c)", ["524288"], [sep])
e.claim(e.line("合并计算：$2 d_c^{\\prime} d_c = 1572864 = 3 \\times 524288$"), "2 d_c' d_c, its ratio to the split cost",
        ["1572864", "3", "524288"], [mer, R(mer, sep), sep])
e.claim(e.line("**合并之后运算量变成原来的 3 倍。**"), "merged / split FLOPs", ["3"], [R(mer, sep)])

ratio_k = dh * (dc + s) / (dc * (dh + s))          # T_Normal / T_Absorb (prefill) = T_Normal^K / T_Absorb (decode)
ratio_l = dh * (dc * s + s) / (dc * (dh + s))      # T_Normal^L / T_Absorb
# simplified as (s + A) / (B s + C) after dividing by d_h
A, B, C = dc, R(dc, dh), dc
assert sp.simplify(ratio_k - (s + A) / (B * s + C)) == 0
ln = e.line("\\frac{T_{\\text{Normal}}}{T_{\\text{Absorb}}} &= \\frac{d_h (d_c + s)}{d_c (d_h + s)} = \\frac{s + 512}{4s + 512}")
e.claim(ln, "simplified prefill ratio (s + 512)/(4s + 512)", ["512", "4", "512"], [A, B, C])
e.claim(ln, "interval ends: lim s->inf (written \\frac{1}{4}, its denominator) and lim s->0", ["4", "1"],
        [1 / sp.limit(ratio_k, s, sp.oo), sp.limit(ratio_k, s, 0)])
ln = e.line("\\frac{T_{\\text{Normal}}^{K}}{T_{\\text{Absorb}}} &= ")
e.claim(ln, "simplified decode ratio with cached k", ["512", "4", "512"], [A, B, C])
e.claim(ln, "interval (0.25, 1): lim s->inf, lim s->0", ["0.25", "1"], [sp.limit(ratio_k, s, sp.oo), sp.limit(ratio_k, s, 0)])
ln = e.line("\\frac{T_{\\text{Normal}}^{L}}{T_{\\text{Absorb}}} &= \\frac{513 s}{4s + 512}")
assert sp.simplify(ratio_l - (dc + 1) * s / (B * s + C)) == 0
e.claim(ln, "simplified latent-cache ratio 513 s/(4s + 512)", ["513", "4", "512"], [dc + 1, B, C])
e.claim(ln, "interval (0.99, 128.25): value at s = 1, lim s->inf", ["0.99", "128.25"],
        [ratio_l.subs(s, 1), sp.limit(ratio_l, s, sp.oo)])
e.claim(e.line("（极限是 Absorb 的 1/4）"), "lim T_Normal^K / T_Absorb", ["1/4"], [sp.limit(ratio_k, s, sp.oo)])

mem = dc * (nh + s) / (dh * nh * (1 + s))
ln = e.line("= \\frac{128 + s}{32 (1 + s)}")
assert sp.simplify(mem - (nh + s) / (R(dh * nh, dc) * (1 + s))) == 0
e.claim(ln, "simplified memory ratio (128 + s)/(32 (1 + s))", ["128", "32", "1"], [nh, R(dh * nh, dc), 1])
ln = e.line("取 $s = 20$ 时，比值 ≈ 0.22")
e.claim(ln, "memory ratio at s = 20 (148/672)", ["0.22"], [mem.subs(s, 20)])
e.claim(e.line("当 $s \\to \\infty$ 时，比值 → $1/32$"), "lim memory ratio", ["1/32"], [sp.limit(mem, s, sp.oo)])
e.done()
