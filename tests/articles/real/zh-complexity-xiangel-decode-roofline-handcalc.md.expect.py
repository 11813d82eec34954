# Expected verdicts for zh-complexity-xiangel-decode-roofline-handcalc.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese LLM-inference course chapter: roofline, arithmetic intensity, and a hand calculation of the batch-1
# decode ceiling (bandwidth / bytes read per step) for an 8B FP16 model on an H100.
# Inputs: H100 989 TFLOP/s and 3.35 TB/s; 8e9 parameters, FP16 (2 B), INT4 (0.5 B); the chapter takes the KV read
#   as stated inputs from its previous chapter: about 1 GB at 8K tokens and about 16 GB at 128K tokens (decimal GB,
#   as the weights: 8e9 × 2 B = 16 GB).
# Exact values: ridge 989/3.35 = 295.2 -> 295; AI = 2 FLOP / 2 B = 1; weights 16 GB; ceiling 3.35e12 / 16e9 =
#   209.375 tok/s -> "约 210" (to the ten) and "209"; 1 / 209.375 s = 4.776 ms -> 4.8; with 1 GB KV 3.35/17 =
#   197.06 -> 197; with 16 GB KV 3.35/32 = 104.69 -> 105; INT4 weights 4 GB, 4 + 16 = 20 GB, 3.35/20 = 167.5 -> 167
#   (an exact tie, both neighbours agree); INT4 raises the ceiling 2 / 0.5 = 4×; 80 tok/s -> 12.5 ms/token.
# No wrong line. Ambiguous: the A100 80GB ridge "156" (the chapter states no A100 figures) and "大约 200 tok/s"
#   (a hedged round figure for 209.4).
import sys
from functools import partial
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["complexity", "roofline", "memory-bandwidth", "kv-cache"])
L = e.line
num = partial(number_claim, e)

BW, PEAK = R("3.35e12"), R("989e12")
W16 = 8 * 10**9 * 2
ceiling = BW / W16


def to_ten(x):
    return sp.Integer(round(float(x) / 10) * 10)


e.given(L("同样写着 80 tok/s"), "80 tok/s, 64 concurrent requests (illustration)")
e.given(L("- 峰值 $\\approx 989$ TFLOP/s"), "H100 peak")
e.given(L("- HBM 带宽 $\\approx 3.35$ TB/s"), "H100 bandwidth")
e.claim(L("- 脊点约 **295 FLOP/byte**"), "ridge 989 / 3.35", ["295"], [PEAK / BW], rounded_int=True)
e.ambiguous(L("A100 80GB 的脊点约 156 FLOP/byte"), "the chapter states no A100 peak or bandwidth")

ln = L("生成一个 token，8B 模型要把约 16 GB")
e.claim(ln, "8B FP16 weights in GB", ["16"], [R(W16, 10**9)])
e.claim(ln, "2 FLOPs per weight / 2 bytes", ["1"], [R(2, 2)])
e.claim(ln, "H100 ridge restated", ["295"], [PEAK / BW], rounded_int=True)
ln = L("估 Decode 上限的办法是")
e.claim(ln, "weights restated (GB)", ["16"], [R(W16, 10**9)])
e.claim(ln, "ceiling 3.35 TB/s / 16 GB, to the ten", ["210"], [to_ten(ceiling)])
e.given(L("Prefill 一次处理整段 prompt，例如 2K 个 token"), "2K-token prompt")

e.given(L("1. 保持 8B FP16，把 Prefill 从 128 拖到 4096"), "exercise inputs")
e.claim(L("2. 把权重改成 INT4（每个参数 0.5 字节）"), "ceiling gain 2 B / 0.5 B", ["4"], [R(2) / R("0.5")])
e.given(L("3. 换成 L4（带宽只有 ~0.3 TB/s）"), "L4 bandwidth")

e.given(L("**已知：** Llama 3 8B 约有 80 亿参数"), "8e9 params, 3.35 TB/s, FP16")
e.claim(L("1. FP16 的每个参数要 2 字节，因此权重大小约 16 GB。"), "weights", ["16"], [R(W16, 10**9)])
ln = L("2. 用 **3.35 TB/s ÷ 16 GB**")
e.claim(ln, "ceiling (tok/s)", ["209"], [ceiling], rounded_int=True)
e.claim(ln, "time per token (ms)", ["4.8"], [1000 / ceiling])
ln = L("3. 若 KV 已有 8K token")
e.given(ln, "KV about 1 GB at 8K tokens (stated from chapter 1)")
e.claim(ln, "3.35 TB/s / (16 + 1) GB", ["197"], [BW / (W16 + 10**9)], rounded_int=True)
ln = L("4. 若 context 拉到 128K")
e.given(ln, "KV about 16 GB at 128K tokens (stated)")
e.claim(ln, "3.35 TB/s / (16 + 16) GB", ["105"], [BW / (W16 + 16 * 10**9)], rounded_int=True)
e.given(L("5. batch=32 时"), "batch 32 (qualitative)")
ln = L("再把第 4 步的权重换成 INT4（约 4 GB）")
e.claim(ln, "INT4 weights 8e9 × 0.5 B (GB)", ["4"], [R(8 * 10**9, 2 * 10**9)])
e.given(ln, "FP16 KV 16 GB restated")
e.claim(ln, "4 + 16 GB", ["20"], [4 + 16])
e.claim(ln, "3.35 TB/s / 20 GB", ["167"], [BW / (20 * 10**9)], rounded_int=True)
e.given(L("真实利用率能到 60–80% 就算健康"), "quoted utilisation range")

e.given(L("D, D_FF = 4096, 11008"), "FFN shape")
e.given(L("bench(2048)"), "sequence lengths 1 and 2048")

e.claim(L("同一数字可能来自「一个用户 12.5 ms/token」"), "1000 / 80 ms", ["12.5"], [R(1000, 80)])
ln = L("- FP16、batch=1 的 Decode，AI ≈ 1 FLOP/byte")
e.claim(ln, "AI and ridge restated", ["1", "295"], [1, PEAK / BW], rounded_int=True)
e.ambiguous(L("理论上限大约 200 tok/s"), "'大约 200' is a hedged round figure for 209.4 tok/s")
ln = L("- 128K 时 8B 的 KV 约 16 GB")
e.given(ln, "KV 16 GB at 128K restated")
e.claim(ln, "INT4 weights and total read (GB)", ["4", "20"], [R(8 * 10**9, 2 * 10**9), 4 + 16])
e.done()
