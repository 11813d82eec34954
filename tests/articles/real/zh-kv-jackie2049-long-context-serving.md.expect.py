# Expected verdicts for zh-kv-jackie2049-long-context-serving.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: LLaMA-7B 32 layers x 32 KV heads x head_dim 128, LLaMA-70B GQA 80 layers x 8 KV heads x 128, FP16 (2 bytes);
# 4K/32K/128K = 4096/32768/131072 tokens; weights 13 GB (7B) and 130 GB (70B); A100 80 GB, H200 141 GB; the note's own
# budget rule (section 3.2): usable KV = HBM - weights - 2 GB, max batch = usable KV / KV per request (rounded down).
# Sizes are binary (KB = KiB, GB = GiB): 512 KB/token, 2/16/64 GB for LLaMA-7B, 40/10 GB for 70B all exact.
#  - 7B GQA (8 KV heads) at 128K: 16 GB per request, (80 - 13 - 2) / 16 = 4.06 -> 4 concurrent; printed 3 (slip:
#    the same rule gives every other concurrency of the note: 1 for 64 GB, 32 for 2 GB, 2 for 32 GB).
#  - 70B in FP16: 70e9 x 2 bytes = 140e9 bytes = 130.4 GiB -> "130GB" right under the binary reading.
#  - Measured latencies (prefill times, 7.4 / 40.8 ms per step, TTFT 94 ms) are stated inputs; 40.8 / 7.4 = 5.51 -> 5.5x.
#  - "~15% per doubling", prefix-caching savings, TP concurrencies and "KV ~32 GB" for 32K-128K cannot be derived from
#    what the note gives -> ambiguous.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv-cache", "gqa", "mqa", "sliding-window", "sizes"])
KiB, GiB = 2**10, 2**30


def per_token(layers, kv_heads, head_dim=128, nbytes=2):
    return sp.Integer(2 * layers * kv_heads * head_dim * nbytes)


def size(nbytes, unit):
    d = {"KB": 10**3, "GB": 10**9}[unit]
    b = {"KB": KiB, "GB": GiB}[unit]
    return [("decimal", sp.sympify(nbytes) / d), ("binary", sp.sympify(nbytes) / b)]


def floor_div(a, b):
    return sp.floor(sp.sympify(a) / b)


T4K, T32K, T128K = 4096, 32768, 131072
llama7 = per_token(32, 32)
llama7_gqa = per_token(32, 8)
llama70 = per_token(80, 8)
HBM, W7, OVH = 80, 13, 2
usable_a100_7b = HBM - W7 - OVH          # 65 GB by the note's rule

e.given(e.line("KV Cache per token = 2 × num_layers × num_kv_heads"), "per-token formula")
L = e.line("LLaMA-7B (FP16): 2 × 32 × 32 × 128 × 2 = 512 KB/token")
number_claim(e, L, "2 x 32 x 32 x 128 x 2 bytes in KB", "512", size(llama7, "KB"))
L = e.line("LLaMA-70B GQA (FP16): 2 × 80 × 8 × 128 × 2 = 320 KB/token")
number_claim(e, L, "2 x 80 x 8 x 128 x 2 bytes in KB", "320", size(llama70, "KB"))

for tok, label, gb, pct in ((T4K, "4K → 2 GB", "2", "15%"), (T32K, "32K → 16 GB", "16", "123%"),
                           (T128K, "128K → 64 GB", "64", "492%")):
    L = e.line(label)
    number_claim(e, L, f"LLaMA-7B KV at {tok} tokens in GB", gb, size(llama7 * tok, "GB"))
    e.claim(L, f"{gb} GB as a share of the 13 GB weights", [pct], [sp.Integer(gb) / 13])

# table of key numbers
L = e.line("| 7B MHA | 128K | 64 GB | 1 |")
number_claim(e, L, "7B MHA KV per 128K request in GB", "64", size(llama7 * T128K, "GB"))
number_claim(e, L, "concurrency (80 - 13 - 2) // 64", "1", floor_div(usable_a100_7b, 64))
L = e.line("| 7B GQA | 128K | 16 GB | 3 |")
number_claim(e, L, "7B GQA-8 KV per 128K request in GB", "16", size(llama7_gqa * T128K, "GB"))
number_claim(e, L, "concurrency (80 - 13 - 2) // 16 (the note's own budget rule gives 4)", "3",
             floor_div(usable_a100_7b, 16))
L = e.line("| 70B GQA | 128K | 40 GB | 0 (需 TP) |")
number_claim(e, L, "70B KV per 128K request in GB", "40", size(llama70 * T128K, "GB"))
number_claim(e, L, "concurrency on one A100: weights 130 GB exceed 80 GB", "0", sp.Integer(0))
L = e.line("| 70B GQA | 32K | 10 GB | 0 (需 TP) |")
number_claim(e, L, "70B KV per 32K request in GB", "10", size(llama70 * T32K, "GB"))
number_claim(e, L, "concurrency on one A100: weights 130 GB exceed 80 GB", "0", sp.Integer(0))

# measured latencies: stated inputs
for needle in ("  4K: ~30 ms", "  32K: ~1.9 s", "  128K: ~13 s", "  512K: ~97 s (!!!)", "  4K: 7.4 ms/step"):
    e.given(e.line(needle), "measured latency (input)")
L = e.line("  128K: 40.8 ms/step (5.5× 慢)")
e.given(L, "measured 40.8 ms/step")
e.claim(L, "slow-down 40.8 / 7.4", ["5.5"], [R(408, 74)])
e.ambiguous(e.line("→ 上下文每翻倍, decode 延迟增加 ~15%"),
            "a per-doubling growth is not constant under the note's latency model; from 7.4 to 40.8 ms over five "
            "doublings the geometric mean is +41% per doubling, the first doubling alone about +13%")

L = e.line("[PF2K][Decode][PF2K][Decode]...×64")
number_claim(e, L, "128K / 2K chunks", "64", sp.Integer(T128K) / 2048)
e.given(e.line("  TTFT: 94 ms (vs 13 s)"), "measured TTFT 94 ms vs 13 s (input)")
e.ambiguous(e.line("- TTFT 降低 100×+ (128K: 13s → 94ms)"),
            "a lower bound '100x+': 13 s / 94 ms = 138x satisfies it, but a bound is not an equality claim")

L = e.line("SW-4K at 128K: KV = 2 GB (vs 64 GB, 节省 97%)")
number_claim(e, L, "window of 4K tokens in GB", "2", size(llama7 * T4K, "GB"))
number_claim(e, L, "full 128K in GB", "64", size(llama7 * T128K, "GB"))
e.claim(L, "saving 1 - 2/64", ["97%"], [1 - R(2, 64)])
L = e.line("SW-4K at 128K: 并发 = 32 (vs 1, 32× 提升)")
number_claim(e, L, "concurrency (80 - 13 - 2) // 2", "32", floor_div(usable_a100_7b, 2))
number_claim(e, L, "full-attention concurrency (80 - 13 - 2) // 64", "1", floor_div(usable_a100_7b, 64))
e.claim(L, "gain 32 / 1", ["32"], [floor_div(usable_a100_7b, 2) / floor_div(usable_a100_7b, 64)])

e.given(e.line("MHA: KV Heads = num_attention_heads (32)"), "32 heads")
e.given(e.line("GQA: KV Heads = num_kv_heads < num_attention_heads (8)"), "8 KV heads")
e.given(e.line("MQA: KV Heads = 1"), "1 KV head")
L = e.line("  MHA 32 heads: 64 GB")
number_claim(e, L, "MHA KV at 128K in GB", "64", size(per_token(32, 32) * T128K, "GB"))
L = e.line("  GQA 8 heads:  16 GB (4× 减少)")
number_claim(e, L, "GQA-8 KV at 128K in GB", "16", size(per_token(32, 8) * T128K, "GB"))
e.claim(L, "reduction 32 / 8", ["4"], [R(32, 8)])
L = e.line("  MQA 1 head:    2 GB (32× 减少)")
number_claim(e, L, "MQA KV at 128K in GB", "2", size(per_token(32, 1) * T128K, "GB"))
e.claim(L, "reduction 32 / 1", ["32"], [sp.Integer(32)])

for needle in ("- RAG (10K doc × 100 queries): 98% 节省", "- RL GRPO (500 prompt × 8 responses): 43% 节省",
               "- 多文档 QA (共享 1K 系统提示): 16% 节省"):
    e.ambiguous(e.line(needle), "the query/response/document lengths behind this saving are not given")

L = e.line("显存节省: 50%")
e.claim(L, "FP16 -> FP8 saving 1 - 1/2", ["50%"], [R(1, 2)])
L = e.line("7B/128K: 64 GB → 32 GB (A100 可并发 2)")
number_claim(e, L, "FP16 KV in GB", "64", size(llama7 * T128K, "GB"))
number_claim(e, L, "FP8 KV in GB", "32", size(llama7 * T128K / 2, "GB"))
number_claim(e, L, "concurrency (80 - 13 - 2) // 32", "2", floor_div(usable_a100_7b, 32))
L = e.line("70B/128K: 40 GB → 20 GB (配合 TP=2 可并发 1)")
number_claim(e, L, "FP16 KV in GB", "40", size(llama70 * T128K, "GB"))
number_claim(e, L, "FP8 KV in GB", "20", size(llama70 * T128K / 2, "GB"))
e.ambiguous(L, "the GPU behind 'TP=2 concurrency 1' is not named")

L = e.line("| 8K-32K | A100 80GB | KV ~4-16 GB, 可并发 |")
number_claim(e, L, "LLaMA-7B KV at 8K in GB", "4", size(llama7 * 8192, "GB"))
number_claim(e, L, "LLaMA-7B KV at 32K in GB", "16", size(llama7 * T32K, "GB"))
e.ambiguous(e.line("| 32K-128K, 7B | A100 80GB | KV ~32 GB, 并发受限 |"),
            "one size for a 32K-128K range (16-64 GB for LLaMA-7B): which length is meant is not said")

L = e.line("70B 模型 (130GB FP16)")
number_claim(e, L, "70e9 params x 2 bytes in GB", "130", size(70 * 10**9 * 2, "GB"))
L = e.line("方案 A: TP=2 + H200 (141GB × 2 = 282GB 可用)")
number_claim(e, L, "141 x 2", "282", sp.Integer(282))
L = e.line("  → 每卡 65 GB 权重 + KV Cache 空间")
number_claim(e, L, "130 GB / 2 cards", "65", R(130, 2))
L = e.line("方案 B: TP=4 + A100 (80GB × 4 = 320GB 可用)")
number_claim(e, L, "80 x 4", "320", sp.Integer(320))
L = e.line("  → 每卡 32.5 GB 权重 + KV Cache 空间")
e.claim(L, "130 GB / 4 cards", ["32.5"], [R(130, 4)])
for needle in ("  → 128K 可并发 ~1 请求", "  → 128K 可并发 ~1 请求, 但 TP 通信开销更大",
               "  → KV Cache 减半, 128K 可并发 ~2 请求"):
    e.ambiguous(e.line(needle), "how KV and overhead are split across the tensor-parallel cards is not given; the "
                "single-card rule of 3.2 would allow more requests")
e.done()
