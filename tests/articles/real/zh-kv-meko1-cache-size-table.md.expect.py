# Expected verdicts for zh-kv-meko1-cache-size-table.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: KV bytes = 2 x B x L x layers x kv_heads x head_dim x bytes, FP16 = 2 bytes, single sequence;
# 8K/32K/128K = 8192/32768/131072 tokens; LLaMA2-7B 32 x 32 x 128, LLaMA3-8B 32 x 8 x 128, LLaMA3-70B 80 x 8 x 128,
# Qwen2.5-7B 28 x 4 x 128, DeepSeek-V3 61 layers of MLA with a latent d_c ~ 512 (the real model also caches a 64-dim
# RoPE key, so both 512 and 576 elements per layer are tried).  GB/TB are read both ways (decimal and binary).
#  - The table is binary-exact (4.0/16/64, 1.0/4.0/16, 2.5/10/40, 1.75/7 GiB); Qwen2.5-7B at 8K is 0.4375 GiB, which
#    would print 0.4, but 0.470 GB decimal prints 0.5 -> agrees under the decimal reading.
#  - DeepSeek-V3: 61 x 512 x 2 B = 62,464 B/token -> 0.48 GiB (0.51 GB) at 8K; with 576: 0.54 GiB (0.58 GB).  The
#    printed ~0.14 GB fits neither (slip); ~0.6 and ~2.2 are 4x and 16x the printed 0.14 (carried).
#  - 10.7 GB (decimal) and 2.75 TB (decimal) agree; "1.3 TB" for batch 32 at 128K agrees as 1.25 TiB (a tie at one
#    place), while the Q&A's "1.28 TB" (40 GB x 32 = 1280, divided by 1000) is 1.37 TB / 1.25 TiB -> wrong (slip).
#  - 512 of 4096 tokens used -> 87.5% wasted, "87%" is the lower neighbour of the tie; quantization ratios are bits/16.
#  - "还多 4 倍" (4x or 5x?) and "G=8 -> 1/4" (needs 32 query heads, not stated there) -> ambiguous.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim, grouped_int_claim

e = Expect(__file__, language="zh", topics=["kv-cache", "gqa", "mla", "quantization", "sizes"])
L = e.line
K8, K32, K128 = 8192, 32768, 131072


def per_token(layers, kv_heads, head_dim=128, nbytes=2):
    return sp.Integer(2 * layers * kv_heads * head_dim * nbytes)


def gb(nbytes):
    return [("decimal GB", sp.sympify(nbytes) / 10**9), ("binary GiB", sp.sympify(nbytes) / 2**30)]


def tb(nbytes):
    return [("decimal TB", sp.sympify(nbytes) / 10**12), ("binary TiB", sp.sympify(nbytes) / 2**40)]


l70 = per_token(80, 8)

e.given(L("**KV Cache 占多少显存**"), "formula")
ln = L("**代入一个真实模型**")
e.given(ln, "LLaMA3-70B: 80 layers, 8 KV heads, head_dim 128, FP16, 32K")
grouped_int_claim(e, ln, "32K tokens", "32{,}768", K32, sep="{,}")
number_claim(e, ln, "2 x 32768 x 80 x 8 x 128 x 2 B in GB", "10.7", gb(l70 * K32))
number_claim(e, ln, "batch 32 at 128K in TB", "1.3", tb(32 * l70 * K128))
e.given(L("$$\\text{KV Bytes} = \\underbrace{2}_{K + V}"), "formula")
e.given(L("| precision | FP16/BF16=2"), "bytes per element")

rows = [("| LLaMA2-7B |", 32, 32, ["4.0", "16", "64"]),
        ("| LLaMA3-8B |", 32, 8, ["1.0", "4.0", "16"]),
        ("| LLaMA3-70B |", 80, 8, ["2.5", "10", "40"]),
        ("| Qwen2.5-7B |", 28, 4, ["0.5", "1.75", "7"])]
for key, layers, heads, printed in rows:
    ln = L(key)
    pt = per_token(layers, heads)
    for tok, p in zip((K8, K32, K128), printed):
        number_claim(e, ln, f"{key.strip('| ')} KV at {tok} tokens ({layers} x {heads} x 128 x 2 x 2 B)", p, gb(pt * tok))
ln = L("| DeepSeek-V3 |")


def mla(tok):
    return [(f"{lab} with {el} latent elements", v) for el in (512, 576)
            for lab, v in gb(61 * el * 2 * tok)]


number_claim(e, ln, "DeepSeek-V3 MLA KV at 8K (61 layers x d_c x 2 B)", "0.14", mla(K8))
number_claim(e, ln, "DeepSeek-V3 MLA KV at 32K (4 x the printed 0.14)", "0.6", mla(K32), cause="carried")
number_claim(e, ln, "DeepSeek-V3 MLA KV at 128K (16 x the printed 0.14)", "2.2", mla(K128), cause="carried")
e.given(L("$d_c \\approx 512$"), "MLA latent width")

e.given(L("**LLaMA3-70B、batch=64、上下文 128K、FP16**"), "batch 64, 128K")
ln = L("$$2 \\times 64 \\times 131{,}072")
grouped_int_claim(e, ln, "128K tokens", "131{,}072", K128, sep="{,}")
number_claim(e, ln, "batch 64 at 128K in TB", "2.75", tb(64 * l70 * K128))
e.ambiguous(L("这比 8×H100（640 GB HBM）"), "\"还多 4 倍\": 2.75 TB / 640 GB = 4.3 (4x larger, or 5x as '多 4 倍' literally reads); "
            "the 80 GB per H100 behind 640 is not stated")

ln = L("只用到 512 token，却按 4096 分配")
e.claim(ln, "wasted share 1 - 512/4096", ["87%"], [1 - R(512, 4096)])

for key, p, bits in (("| **FP16 / BF16** |", "1", 16), ("| **FP8（E4M3）** |", "0.5", 8), ("| **INT8** |", "0.5", 8),
                     ("| **INT4** |", "0.25", 4), ("| **KIVI 2-bit** |", "0.125", 2)):
    e.claim(L(key), f"memory vs FP16 ({bits} / 16 bits)", [p], [R(bits, 16)])

e.given(L("**显存公式**"), "formula")
e.claim(L("**GQA 能省下的比例**"), "8/32", ["1/4"], [R(8, 32)])
ln = L("LLaMA3-70B 单序列 128K 就要 40 GB KV")
number_claim(e, ln, "LLaMA3-70B single 128K sequence in GB", "40", gb(l70 * K128))
number_claim(e, ln, "batch 32 at 128K in TB (40 x 32 = 1280 read as 1.28)", "1.28", tb(32 * l70 * K128))
e.ambiguous(L("$G=8$ 时 KV 是 MHA 的 1/4"), "G = 8 KV groups give 1/4 only with 32 query heads, which this line does not state")
e.done()
