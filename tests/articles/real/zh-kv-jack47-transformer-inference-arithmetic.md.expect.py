# Expected verdicts for zh-kv-jack47-transformer-inference-arithmetic.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# The article: Chinese reading notes on transformer inference arithmetic (kv-cache FLOPs vs weight loading on an A100,
# the 208 ratio, forward-pass latency, kv-cache capacity of a 52B model on 40 GB A100s).
# Inputs: 52B parameters, dmodel = 8192, nlayers = 64, 2 bytes per number; A100 312e12 flop/s and 1.5e12 bytes/s;
# 40 GB per A100; a full forward is 12*nlayers*dmodel^2 parameters (the kv part 2*nlayers*dmodel^2).
# Exact values: 2*2*64*8192^2 = 17,179,869,184; 312e12/1.5e12 = 208; 12*2*64*8192^2/1.5e12 = 0.068719 s = 68.7 ms
# (printed 69); 68.72/4 = 17.18 ms (printed 17); 312/208 = 1.5; 2*2/(2*12) = 1/6; 52e9*2 = 104e9 B = 104 GB;
# ceil(104/40) = 3 A100s, 120 - 104 = 16 GB; 2*2*64*8192 = 2,097,152 B = 0.0021 GB (0.00195 GiB) -> 0.002.
# Wrong line: "52e12 * 2bytes = 104GB" - 52B is 52e9, not 52e12 (with the printed 52e12 the product is 104 TB); the
#   104 GB follows from 52e9 -> slip on the operand (right: 52e9).
# Ambiguous: "16/0.002 = 8000 ... bs 4 x 2048" - right as written on the rounded 0.002 GB, but end to end 16e9 /
#   2,097,152 = 7629 tokens (decimal GB) or 16 GiB / 2 MiB = 8192 (binary, which is also bs 4 x 2048): the GB
#   reading decides and the article does not state it.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv-cache", "complexity", "flops", "sizes"])
L = e.line
I = sp.Integer
NL, DM = 64, 8192
kv_flops = I(2 * 2 * NL * DM**2)
ratio = I(312) * 10**12 / (R(15, 10) * 10**12)
fwd_load = I(12 * 2 * NL * DM**2) / (R(15, 10) * 10**12)     # seconds
per_tok = I(2 * 2 * NL * DM)

e.given(L("它的形状是 [batch, 2(k,v)"), "cache shape; GPT-2 named")
e.given(L("2*2*nlayers*nheads*dhead"), "formula (2 for k and v, 2 bytes)")
e.given(L("> 1. 矩阵 (m,n) 乘向量 (n)：2mn"), "flops rule 2mn")
e.given(L("> 2. 矩阵 (m,n) 乘矩阵 (n, p)：2mnp"), "flops rule 2mnp")
e.given(L("> 因子 2 来自"), "factor 2")
e.given(L("token embedding 要乘的权重 Wk、Wv"), "shapes R(dmodel x dmodel), R(1 x dmodel)")
e.given(L("2*(2*nlayers*dmodel^2)"), "formula")
e.given(L("拿一个 52B 参数的模型举例"), "52B, dmodel 8192, nlayers 64")
number_claim(e, L("2*2*64*8192^2 = 17,179,869,184"), "2*2*64*8192^2", "17,179,869,184", kv_flops)
e.given(L("假设用的是 A100：算力 312e12"), "A100 312e12 flop/s, 1.5e12 B/s")
e.given(L("memory = 2bytes*2*nlayers*dmodel^2 / 1.5e12"), "formula")
e.given(L("compute = 2flops*2*nlayers*dmodel^2 / 312e12"), "formula")
ln = L("二者之比固定为 312/1.5 = 208")
e.claim(ln, "312e12 / 1.5e12", "208", ratio)
e.claim(ln, "full forward / kv part: 12 / 2", "6", R(12, 2))
e.given(L("对 52 B 的模型做一次完整 fwd"), "52B")
ln = L("1. 208 个 token 时")
e.claim(ln, "12*2*64*8192^2 / 1.5e12 in ms", "69", fwd_load * 1000, rounded_int=True)
e.claim(ln, "the 69 ms split over 4 GPUs", "17", fwd_load * 1000 / 4, rounded_int=True)
e.given(ln, "6*2 (the note's question), 4 GPUs")
e.claim(L("2. 上下文翻倍到 416 个 token"), "2 x 208 tokens", "416", 2 * ratio)
e.claim(L("3. 312 个 token 时，耗时是 312/208 = 1.5 倍"), "312 / 208", "1.5", I(312) / ratio)
e.claim(L("为 kv cache 里的一个 token 做计算"), "kv flops / forward flops = (2*2) / (2*12)", "1/6", R(2 * 2, 2 * 12))
ln = L("但这不等于省下 1/6 的时间")
e.claim(ln, "saved per step / decode step = (2*2*ntokens) / (2*12) per token", "1/6", R(2 * 2, 2 * 12))
e.given(ln, "formulas 2*2*ntokens*nlayers*dmodel^2 / 312e12 and 2*12*nlayers*dmodel^2/312e12")
e.given(L("采样的时间复杂度是 O(n^2)"), "O(n^2)")
ln = L("A100 有 40G 和 80G 两种显存")
e.claim(ln, "52B written out as a number", "52e12", I(52 * 10**9))
e.claim(ln, "52e9 * 2 bytes in GB", "104", I(52 * 10**9 * 2) / 10**9)
e.claim(ln, "40 GB A100s needed for 104 GB: ceil(104/40)", "3", sp.ceiling(R(104, 40)))
e.claim(ln, "3 x 40 GB, free: 120 - 104", ["120", "16"], [I(3 * 40), I(120 - 104)])
ln = L("2*2*nlayers*nhead*dhead = 4*64*8192 = 0.002GB")
e.claim(ln, "2*2*64*8192 bytes in GB (GiB gives 0.00195, also 0.002)", "0.002", per_tok / 10**9)
e.ambiguous(L("这样 16GB 空闲显存能放下 16/0.002 = 8000 个 tokens"),
            "16/0.002 = 8000 is right on the rounded 0.002 GB; end to end 16e9 / 2,097,152 = 7629 tokens (decimal GB) "
            "or 16 GiB / 2 MiB = 8192 = 4 x 2048 (binary): the unit reading decides and is not stated")
e.done()
