# Expected verdicts for zh-mha-go1denjian-transformer-math-param-count.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Chinese study notes on the maths of the Transformer: the variance argument for dividing by sqrt(d_k), a torch
# snippet scaling randn(512) by 22.6 ≈ sqrt(512), the parameter count of one head and of eight heads in the base
# model (d_model = 512, h = 8, d_k = d_v = 64), a head diagram, and wavelengths 2π·10000^(2i/d) of the sinusoids.
# Inputs: d_model = 512, h = 8, d_k = d_v = 64; the formula of the positional encoding.
# Exact values: sqrt(512) = 22.627 -> "≈ 22.6" ok; d_k/d_k = 1 ok;
#   one head: 512·64·3 + 64·512 = 98,304 + 32,768 = 131,072 ok;
#   eight heads: 8·(512·64·3) + (8·64)·512 = 786,432 + 262,144 = 1,048,576 ok;
#   diagram: 512/8 = 64 per head, 8·64 = 512 after concatenation, ok;
#   wavelengths: 2π·10000^0 = 2π ok; 2π·10000^1 = 20000π ok (i = d/2 lies one past the last pair, but 2i/d = 1 as
#   written).
# Ambiguous: "# 接近 1.0" on the print of the largest softmax weight of unscaled randn(512)·22.6 scores: the value
#   is random and never printed.
# Every other line with digits states an input, a symbolic step, code or a label: given.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["mha", "complexity", "pe", "latex", "aligned"])
L = e.line

e.claim(L(r"\text{Var}\left(\frac{q_i^\top k_j}{\sqrt{d_k}}\right) = \frac{d_k}{d_k} = 1"), "d_k / d_k", ["1"], [1])
e.claim(L("z_large = torch.randn(512) * 22.6"), "sqrt(512)", ["22.6", "22.6"], [sp.sqrt(512), sp.sqrt(512)])
e.ambiguous(L('print(f"Max probability (unscaled)'), "'close to 1.0': the largest weight of a random, unprinted "
                                                    "softmax; nothing in the article fixes it")
number_claim(e, L(r"&= 512 \times 64 \times 3 + 64 \times 512 = 131,072"), "one-head parameters", "131,072",
             512 * 64 * 3 + 64 * 512)
number_claim(e, L(r"&= 8 \times (512 \times 64 \times 3) + (8 \times 64) \times 512 = 1,048,576"),
             "eight-head parameters", "1,048,576", 8 * (512 * 64 * 3) + (8 * 64) * 512)
for k in (1, 2, 8):
    e.claim(L(f"|--- 头 {k}: 投影到 64 维子空间"), f"head {k} subspace width d_model / h", ["64"], [R(512, 8)])
e.claim(L("拼接 → 512 维 → 线性投影 → 输出"), "h · d_v after concatenation", ["512"], [8 * 64])
e.claim(L(r"- $i=0$：波长 $2\pi \cdot 10000^0 = 2\pi$"), "2π·10000^0 in units of π", ["2"], [2 * sp.Integer(10000) ** 0])
e.claim(L(r"- $i=d/2$：波长 $2\pi \cdot 10000^1 = 20000\pi$"), "2π·10000^1 in units of π", ["20000"],
        [2 * sp.Integer(10000) ** 1])

for ln, text in enumerate(e.lines, start=1):
    if ln > 1 and re.search(r"\d", text) and ln not in e.verdicts:
        e.given(ln, "input, symbolic step, code or label")
e.done()
