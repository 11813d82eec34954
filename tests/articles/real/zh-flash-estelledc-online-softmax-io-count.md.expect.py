# Expected verdicts for zh-flash-estelledc-online-softmax-io-count.md, computed with plain SymPy (see oracle.py); not
# symattn's code.
# The Chinese note counts the HBM traffic of standard attention, 4N^2 + 4Nd, and evaluates it at N = 8192, d = 64:
# 4*8192^2 + 4*8192*64 = 268,435,456 + 2,097,152 = 270,532,608, i.e. about 271M, printed "268M" (only the 4N^2 term;
# wrong at the printed precision, slip).  The 95% idle share is 100% - 5% (the 5% itself is a quoted measurement).
# The online-softmax hand calculation for softmax([1, 3, 2]) in blocks [1, 3] and [2]:
# - block 1: m1 = 3 and e^(1-3) = e^-2 = 0.135335, printed "1.135" (slip), so l1 = 0.135 + 1 = 1.135335, printed
#   "2.135" (carried);
# - block 2: m stays 3, e^(2-3) = 0.367879 -> 0.368 is right, but l_new = 1.503214 is printed "2.503" (carried from
#   2.135), and the final line divides by that 2.503 (carried);
# - the final weights [0.090, 0.665, 0.245] are the exact softmax of [1, 3, 2] (0.090031, 0.665241, 0.244728), so
#   they are right end to end even though e^(x-3)/2.503 would not give them.
# Everything else (paper speed-ups, bandwidths, 30 % extra FLOPs, 192KB SRAM, block sizes, 65504) is quoted input.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["flash", "online-softmax", "complexity", "code-block", "prose"])
L_ = e.line

N, d = 8192, 64
io = 4 * N**2 + 4 * N * d
x = [1, 3, 2]
m1 = max(x[:2])
l1 = sp.exp(x[0] - m1) + sp.exp(x[1] - m1)
m2 = max(m1, x[2])
l2 = l1 * sp.exp(m1 - m2) + sp.exp(x[2] - m2)
soft = [sp.exp(v - m2) / l2 for v in x]

e.given(L_("论文报告的效果：BERT-large 训练 +15%"), "paper results")
e.given(L_("HBM 容量大但慢（1.5TB/s）"), "HBM and SRAM bandwidths")
e.given(L_("FLOPs 多 30%"), "recomputation overhead quoted")
ln = L_("N=8192、d=64 时 IO ≈ 268M 次")
e.given(ln, "N and d")
e.claim(ln, "4N^2 + 4Nd at N = 8192, d = 64, in millions", ["268"], [R(io, 10**6)], rounded_int=True)
ln = L_("A100 算力 312 TFLOPs/s 但实际只用了 5%")
e.given(ln, "A100 peak and the measured 5 % utilisation")
e.claim(ln, "idle share 100 % - 5 %", ["95%"], [1 - R(5, 100)])
e.given(L_("目标是 `softmax([1, 3, 2])`"), "scores and the two blocks")
ln = L_("块 1 = [1, 3]: m₁ = 3")
e.claim(ln, "block-1 maximum", ["3"], [m1])
e.claim(ln, "e^(1-3)", ["1.135"], [sp.exp(x[0] - m1)])
e.claim(ln, "l1 = e^-2 + 1", ["2.135"], [l1], cause="carried")
e.claim(L_("块 2 = [2]:    m_new = max(3, 2) = 3"), "running maximum after block 2", ["3"], [m2])
ln = L_("l_new = l₁ * e^(3-3) + e^(2-3) = 2.135 + 0.368 = 2.503")
e.claim(ln, "e^(2-3)", ["0.368"], [sp.exp(x[2] - m2)])
e.claim(ln, "l1 (restated) and l_new", ["2.135", "2.503"], [l1, l2], cause="carried")
ln = L_("最终: 输出 = e^(x-3) / 2.503")
e.claim(ln, "denominator l_new (restated)", ["2.503"], [l2], cause="carried")
e.claim(ln, "softmax([1, 3, 2])", ["0.090", "0.665", "0.245"], soft)
e.given(L_("# 数值结果一致；速度差 2-4x，显存差 5-10x"), "quoted speed and memory ratios")
e.given(L_("A100 的 SRAM 总共只有 192KB"), "SRAM size")
e.given(L_("head_dim=64 时 block 常取 64-128"), "block sizes")
e.given(L_("**反向多 30% FLOPs**"), "recomputation overhead quoted")
e.given(L_("fp16 上限 65504"), "fp16 maximum")
e.given(L_("seq_len ≥ 1k 时收益明显"), "rules of thumb")
e.done()
