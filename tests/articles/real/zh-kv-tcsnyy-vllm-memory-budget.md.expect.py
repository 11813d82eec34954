# Expected verdicts for zh-kv-tcsnyy-vllm-memory-budget.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese interview-prep note (chapter 13, inference deployment with vLLM): the size of an 8B model per precision, a
# vLLM memory estimate (BF16 weights plus a GQA KV cache), a single-card memory budget table, and a p95/p99 example.
# Inputs: 8e9 parameters; bytes per parameter 4 / 2 / 2 / 1 / 0.5 / 0.5; the KV example "assumes" 32 layers, 8 KV
#   heads, head_dim 128, 2 bytes, 4096 tokens, 16 sequences; CUDA overhead ~2 GB (a guess); a 32 GB card at 0.90;
#   100 TTFTs given only as ranges (95 in 40-60 ms, 4 in 200-300 ms, 1 at 2000 ms).
# Exact values:
#   weights 8e9 x 4 / 2 / 1 / 0.5 B = 32 / 16 / 8 / 4 GB (decimal, ok);
#   KV per token 2 x 32 x 8 x 128 x 2 = 131,072 B = 128 KiB (ok, binary); x 4096 = 512 MiB (ok); x 16 = 8 GiB (ok);
#   budget: 32 x 0.90 = 28.8 (ok).
# Ambiguous:
#   - "**~26 GB**" total and "~2.8 GB" headroom: the table adds decimal GB (weights 16e9 B) and binary GiB (KV 8 GiB);
#     16 + 8 + 2 = 26 and 28.8 - 26 = 2.8 as printed, but in one unit the total is 26.59 GB (headroom 2.21) or 24.90 GiB
#     (headroom 3.90): arithmetic on mixed, rounded operands (policy 5).
#   - "平均 TTFT = 77.5ms": the 100 values are given only as ranges; midpoints (50, 250) give exactly 77.5, the ranges allow
#     66 to 89.
# Wrong lines:
#   - "p95 TTFT = 250ms": 95 of the 100 values are at most 60 ms, so the 95th percentile is at most 60 ms (nearest rank)
#     or 72 ms (linear interpolation between the 95th and 96th values) for any data the ranges allow -> slip.
#   - "p99 TTFT = 2000ms": the 99th value lies in 200-300 ms; p99 is at most 300 (nearest rank) or 317 ms (linear
#     interpolation); 2000 ms is the maximum (p100) -> slip. ("1% ... 2 秒" on the line is right: 1 request of 100.)
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv", "gqa", "complexity"])
L = e.line

P = 8 * 10**9
ln = L("Qwen3-8B (16GB) 单卡 RTX 5090 (32GB)")
e.claim(ln, "8B model in BF16 (GB)", "16", R(P * 2, 10**9))
e.given(ln, "a 32 GB card")

for label, nbytes, size in (("| **FP32** |", R(4), "32"), ("| **FP16** |", R(2), "16"), ("| **BF16** |", R(2), "16"),
                            ("| **INT8** |", R(1), "8"), ("| **INT4** |", R(1, 2), "4"), ("| **NF4** |", R(1, 2), "4")):
    ln = L(label)
    e.given(ln, f"{nbytes} bytes per parameter")
    e.claim(ln, f"8B model size in GB at {nbytes} bytes", size, P * nbytes / 10**9)

e.given(L("BF16 和 FP16 都占 2 个字节"), "bit layouts of BF16 (8 + 7) and FP16 (5 + 10)")
e.claim(L("权重部分：8B 参数 x 2 bytes/BF16 = 16 GB"), "BF16 weights in GB", "16", R(P * 2, 10**9))

per_tok = 2 * 32 * 8 * 128 * 2
ln = L("单 token KV Cache = 2 × 32 layers")
e.given(ln, "32 layers, 8 KV heads, head_dim 128, 2 bytes (assumed)")
number_claim(e, ln, "KV per token", "128", [("KiB", R(per_tok, 1024)), ("kB decimal", R(per_tok, 1000))])
ln = L("4096 token 上下文 = 128 KB × 4096")
number_claim(e, ln, "KV for 4096 tokens", "512", [("MiB", R(per_tok * 4096, 2**20)), ("MB decimal", R(per_tok * 4096, 10**6))])
ln = L("16 条并发       = 512 MB × 16 = 8 GB")
number_claim(e, ln, "KV for 16 sequences", "8", [("GiB", R(per_tok * 4096 * 16, 2**30)), ("GB decimal", R(per_tok * 4096 * 16, 10**9))])

e.claim(L("| 模型权重 (BF16) | 16 GB |"), "weights row (GB)", "16", R(P * 2, 10**9))
ln = L("| KV Cache (16 seq × 4096) | ~8 GB |")
number_claim(e, ln, "KV row", "8", [("GiB", R(per_tok * 4096 * 16, 2**30)), ("GB decimal", R(per_tok * 4096 * 16, 10**9))])
e.given(L("| CUDA 开销 + 激活 | ~2 GB |"), "overhead guess ~2 GB")
e.ambiguous(L("| **总计** | **~26 GB** |"),
            "16 + 8 + 2 = 26 adds decimal GB weights to a binary GiB cache; in one unit 26.59 GB or 24.90 GiB (policy 5)")
e.claim(L("| RTX 5090 可用 (32GB × 0.90) | 28.8 GB |"), "usable memory 32 x 0.90", "28.8", 32 * R("0.90"))
e.ambiguous(L("| 余量 | ~2.8 GB |"),
            "28.8 - 26 from the mixed-unit total; 2.21 GB with the decimal total, 3.90 with the binary one (policy 5)")
e.given(L("长输出压测（max_tokens=1536）"), "measured peak 28.86 GB")

e.given(L("95 个: 40-60ms, 4 个: 200-300ms, 1 个: 2000ms"), "100 TTFTs as ranges")
e.ambiguous(L("平均 TTFT = 77.5ms"), "values given only as ranges: midpoints give 77.5 exactly; the ranges allow 66 to 89")
# Largest percentile any data within the ranges allows (sorted ascending, values v[0..99]):
#   p95: nearest rank = v[94] <= 60; linear (numpy) = v[94] + 0.05 (v[95] - v[94]) <= 60 + 0.05 (300 - 60) = 72.
#   p99: nearest rank = v[98] <= 300; linear = v[98] + 0.01 (v[99] - v[98]) <= 300 + 0.01 (2000 - 300) = 317.
p95_lin = 60 + R(5, 100) * (300 - 60)
p99_lin = 300 + R(1, 100) * (2000 - 300)
number_claim(e, L("p95 TTFT = 250ms"), "p95 of the 100 TTFTs (largest value the ranges allow)", "250",
             [("nearest rank, at most", R(60)), ("linear interpolation, at most", p95_lin)], cause="slip")
ln = L("p99 TTFT = 2000ms")
number_claim(e, ln, "p99 of the 100 TTFTs (largest value the ranges allow)", "2000",
             [("nearest rank, at most", R(300)), ("linear interpolation, at most", p99_lin)], cause="slip")
e.claim(ln, "share of requests at 2 s (1 of 100)", "1%", R(1, 100))
e.done()
