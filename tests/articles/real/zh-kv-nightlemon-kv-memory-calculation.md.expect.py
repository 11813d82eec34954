# Expected verdicts for zh-kv-nightlemon-kv-memory-calculation.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Chinese course notes (LLM serving deep dive, ch. 1.3) on exact KV-cache sizing: per-token KV = 2 L n_kv d_h b (MLA:
# L (d_c + d_rope) b), LLaMA-3 / Qwen-2.5 / DeepSeek-V3 configs, vLLM gpu_memory_utilization, TP=4 per-GPU budgets.
# The notes' KB/MB/GB are binary (131,072 B = 128 KB, 1,342,177,280 B = 1.25 GB, 35 GB / 320 MB = 112); sizes are
# accepted in binary or decimal units, and a value is wrong only when no reading gives it.
# Exact values: per token 131,072 / 327,680 / 516,096 (504 KiB) / 57,344 (56 KiB) / 70,272 B (68.625 KiB);
#   ratios to 70B 0.4, 1.575, 0.175, 0.2145; 70B at 4096 = 1.25 GiB, at 128K = 40 GiB; DeepSeek-V3 at 4096 =
#   287,834,112 B = 0.26807 GiB, at 128K = 8.578 GiB; TP=4 per GPU 81,920 B = 80 KiB per token.
# Wrong lines:
#   "32 × 0.268 GB = 8.57 GB": exact 32 x 0.26807 = 8.578 GiB (even 32 x 0.268 = 8.576 rounds to 8.58): slip (truncated).
#   "= 28,000 × 16 = 448,000 tokens": end of the chain 35 GB / 1,310,720 B per 16-token block: 458,752 tokens
#     (binary) or 427,246 (decimal): drift (from the rounded 1.25 MB read decimally).
#   gpu_memory_utilization table, all five rows: tokens = KV space / 81,920 B; 0.7: 19 GiB -> 249,037 (~249K) or
#     19e9 -> 231,934, printed ~237K (19e9 / 80,000); concurrency 60.8 / 56.6, printed ~58. Likewise 0.8: 353,894 /
#     329,590 vs ~337K, 86.4 / 80.5 vs ~82; 0.9: 458,752 / 427,246 vs ~437K, 112.0 / 104.3 vs ~107; 0.95: 511,181 /
#     476,074 vs ~487K, 124.8 / 116.2 vs ~119; 0.99: 553,123 / 515,137 vs ~527K, 135.0 / 125.8 vs ~129.
#     Tokens: slip (GB divided by 80,000 B); concurrency: carried.
#   "≈ 287 MB" (DeepSeek-V3 per request per GPU at 32768, TP=8): 287,834,112 B = 274.5 MiB = 287.83 MB: slip (truncated).
#   9.1 LLaMA-3-8B row: KV for batch 32 x 4K = 32 x 4096 x 131,072 B = 16 GiB, printed 32 GB (slip); total 49 GB
#     (right 33; carried) and 61% (right 41%; carried).
#   "1 KB ≈ 1 token 的 KV Cache (GQA-8, 8B ...)": the notes' own 8B figure is 128 KB per token: slip.
# Ambiguous: "35 GB / 1.25 MB ≈ 28,000 blocks" (right as written with decimal prefixes on the rounded 1.25 MB; 28,672
#   or 26,703 end to end); "~460K tokens" (458,752: right at two significant figures only); "~8,000 / ~12,500 /
#   ~125,000 tokens per GB" (rough mnemonics); throughput estimates; "~84 GB/GPU" DeepSeek weights; "70-90%",
#   "40-80%" ranges.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv", "gqa", "mla", "latex-display", "code-block", "table"])
KiB, MiB, GiB = 2**10, 2**20, 2**30


def size(line, what, printed, nbytes, unit, cause="slip"):
    dec = {"KB": 10**3, "MB": 10**6, "GB": 10**9}[unit]
    binu = {"KB": KiB, "MB": MiB, "GB": GiB}[unit]
    number_claim(e, line, what, printed, [(f"binary {unit}", R(nbytes, binu)), (f"decimal {unit}", R(nbytes, dec))], cause)


def per_tok(L, nkv, dh=128, b=2):
    return 2 * L * nkv * dh * b


marked = set()
# --- section 1 ------------------------------------------------------------------------------
for needle in ["- $2$ — K、V", "（FP16=2, FP8=1）", "DeepSeek-V2 取 512）", "DeepSeek-V2 取 64）", "这里不再乘 2"]:
    e.given(e.line(needle), "formula input / convention")
# --- 2.1 parameter table -----------------------------------------------------------------------
L21 = e.line("| LLaMA-3-8B | 8B | 32 |")
for k in range(8):
    e.given(L21 + k, "model configuration")

# --- 2.2 per-token block -------------------------------------------------------------------------
cfg = [("2 × 32 × 8 × 128 × 2 = 131,072", per_tok(32, 8), "131,072", "128"),
       ("2 × 80 × 8 × 128 × 2 = 327,680", per_tok(80, 8), "327,680", "320"),
       ("2 × 126 × 8 × 128 × 2 = 516,096", per_tok(126, 8), "516,096", "504"),
       ("2 × 28 × 4 × 128 × 2 = 57,344", per_tok(28, 4), "57,344", "56"),
       ("61 × (512 + 64) × 2 = 70,272", 61 * (512 + 64) * 2, "70,272", "68.6")]
for needle, nb, pb, pk in cfg:
    for ln in [i + 1 for i, t in enumerate(e.lines) if needle in t]:
        number_claim(e, ln, "KV per token (bytes)", pb, nb)
        size(ln, "KV per token (KB)", pk, nb, "KB")
e.given(e.line("DeepSeek-V3 (MLA):"), "model label")

# --- 2.3 comparison table --------------------------------------------------------------------------
base = per_tok(80, 8)
for label, nb, pk, pr in [("| LLaMA-3-8B | 128 KB | 0.40x |", per_tok(32, 8), "128", "0.40"),
                          ("| LLaMA-3-70B | 320 KB | 1.00x", base, "320", "1.00"),
                          ("| LLaMA-3.1-405B | 504 KB | 1.58x |", per_tok(126, 8), "504", "1.58"),
                          ("| Qwen-2.5-7B | 56 KB | 0.18x |", per_tok(28, 4), "56", "0.18"),
                          ("| Qwen-2.5-72B | 320 KB | 1.00x |", base, "320", "1.00"),
                          ("| **DeepSeek-V3 (MLA)** | **68.6 KB** |", 61 * 576 * 2, "68.6", "0.21")]:
    ln = e.line(label)
    size(ln, "KV per token", pk, nb, "KB")
    e.claim(ln, "ratio to LLaMA-3-70B", [pr], [R(nb, base)])
e.given(e.line("DeepSeek-V3 总参数虽有 671B"), "model sizes restated")
e.given(e.line("都是 8 个 KV head"), "8 KV heads restated")

# --- 3.1 LLaMA-3-70B --------------------------------------------------------------------------------
s31 = e.line("### 3.1 LLaMA-3-70B")
e.given(e.line("配置: L=80, n_kv=8, d_h=128, FP16", after=s31), "configuration")
e.given(e.line("场景 1: 单请求, seq_len=4096", after=s31), "scenario")
e.given(e.line("KV_cache = 2 × 80 × 8 × 128 × 4096 × 2", after=s31), "expression")
kv70_4k = per_tok(80, 8) * 4096
number_claim(e, e.line("= 1,342,177,280 bytes"), "70B at 4096 (bytes)", "1,342,177,280", kv70_4k)
size(e.line("= 1.25 GB", after=s31), "70B at 4096", "1.25", kv70_4k, "GB")
e.given(e.line("场景 2: 单请求, seq_len=128K", after=s31), "scenario")
e.given(e.line("KV_cache = 2 × 80 × 8 × 128 × 131072 × 2"), "expression")
kv70_128k = per_tok(80, 8) * 131072
number_claim(e, e.line("= 42,949,672,960 bytes"), "70B at 128K (bytes)", "42,949,672,960", kv70_128k)
size(e.line("= 40 GB    ← 超过单张 H100"), "70B at 128K", "40", kv70_128k, "GB")
e.given(e.line("场景 3: batch=32, avg_seq_len=4096", after=s31), "scenario")
size(e.line("KV_cache = 32 × 1.25 GB = 40 GB"), "32 requests at 4096", "40", 32 * kv70_4k, "GB")
e.given(e.line("场景 4: batch=32, avg_seq_len=4096, FP8"), "scenario")
L = e.line("KV_cache = 32 × 0.625 GB = 20 GB")
size(L, "FP8 request at 4096", "0.625", kv70_4k // 2, "GB")
size(L, "32 FP8 requests", "20", 32 * kv70_4k // 2, "GB")

# --- 3.2 DeepSeek-V3 ----------------------------------------------------------------------------------
s32 = e.line("### 3.2 DeepSeek-V3")
e.given(e.line("配置: L=61, d_c=512, d_h_rope=64, FP16", after=s32), "configuration")
e.given(e.line("场景 1: 单请求, seq_len=4096", after=s32), "scenario")
e.given(e.line("KV_cache = 61 × (512 + 64) × 4096 × 2"), "expression")
ds_4k = 61 * 576 * 4096 * 2
number_claim(e, e.line("= 287,834,112 bytes"), "DeepSeek-V3 at 4096 (bytes)", "287,834,112", ds_4k)
size(e.line("≈ 0.268 GB"), "DeepSeek-V3 at 4096", "0.268", ds_4k, "GB")
e.given(e.line("场景 2: 单请求, seq_len=128K", after=s32), "scenario")
e.claim(e.line("KV_cache = 61 × 576 × 131072 × 2"), "512 + 64", ["576"], [512 + 64])
ds_128k = 61 * 576 * 131072 * 2
number_claim(e, e.line("= 9,210,691,584 bytes"), "DeepSeek-V3 at 128K (bytes)", "9,210,691,584", ds_128k)
L = e.line("≈ 8.58 GB    ← 同场景下 LLaMA-3-70B 要 40 GB")
size(L, "DeepSeek-V3 at 128K", "8.58", ds_128k, "GB")
size(L, "70B at 128K", "40", kv70_128k, "GB")
e.given(e.line("场景 3: batch=32, avg_seq_len=4096", after=s32), "scenario")
L = e.line("KV_cache = 32 × 0.268 GB = 8.57 GB")
size(L, "one request restated", "0.268", ds_4k, "GB")
size(L, "32 requests at 4096 (truncated 8.578)", "8.57", 32 * ds_4k, "GB", cause="slip")

# --- 3.3 Qwen-2.5-72B -----------------------------------------------------------------------------------
s33 = e.line("### 3.3 Qwen-2.5-72B")
e.given(e.line("配置: L=80, n_kv=8, d_h=128, FP16", after=s33), "configuration")
size(e.line("KV_per_token = 320 KB", after=s33), "Qwen-2.5-72B per token", "320", per_tok(80, 8), "KB")
size(e.line("seq_len=4096: 1.25 GB / 请求"), "at 4096", "1.25", kv70_4k, "GB")
size(e.line("seq_len=32768: 10 GB / 请求"), "at 32768", "10", per_tok(80, 8) * 32768, "GB")

# --- 4.1 weights table ------------------------------------------------------------------------------------
for label, P, printed in [("| LLaMA-3-8B | 8B | 16 GB |", 8, ["16", "16", "8", "4"]),
                          ("| LLaMA-3-70B | 70B | 140 GB |", 70, ["140", "140", "70", "35"]),
                          ("| Qwen-2.5-72B | 72B | 144 GB |", 72, ["144", "144", "72", "36"]),
                          ("| DeepSeek-V3 | 671B | 1342 GB* |", 671, ["1342", "1342", "671", "336"])]:
    ln = e.line(label)
    e.claim(ln, "weights FP16 / BF16 / INT8 / INT4 (GB)", printed, [2 * P, 2 * P, P, R(P, 2)], rounded_int=True)
e.given(e.line("## 4. KV Cache 与权重各占多少"), "section")

# --- 4.3 share table -----------------------------------------------------------------------------------------
e.given(e.line("拿 LLaMA-3-70B（BF16，权重 140 GB）"), "weights 140 GB")
W = 140
for label, bs, seq, pkv, ptot, pratio in [("| 1 × 2K |", 1, 2048, "0.625", "140.6", "0.4%"),
                                           ("| 1 × 128K |", 1, 131072, "40", "180", "22%"),
                                           ("| 16 × 4K |", 16, 4096, "20", "160", "12.5%"),
                                           ("| 64 × 4K |", 64, 4096, "80", "220", "36%"),
                                           ("| 64 × 32K |", 64, 32768, "640", "780", "82%"),
                                           ("| 128 × 8K |", 128, 8192, "320", "460", "70%")]:
    ln = e.line(label)
    kv = R(bs * seq * per_tok(80, 8), GiB)
    e.claim(ln, "KV (GiB), total, KV share", [pkv, ptot, pratio], [kv, W + kv, kv / (W + kv)], rounded_int=True)
c0 = e.line("显存占比随 batch × seq_len 增长")
c1 = e.line("序列长度", after=c0)
for ln in range(c0 + 1, c1 + 1):
    if any(ch.isdigit() for ch in e.lines[ln - 1]):
        e.given(ln, "chart axis ticks and series labels")
e.ambiguous(e.line("可占到总显存的 **70-90%**"), "rough range")

# --- 5 gpu_memory_utilization ----------------------------------------------------------------------------------
e.given(e.line("比例可以拿来放模型和 KV Cache（默认 0.9）"), "default 0.9")
e.given(e.line("# 如 80 GB (H100)"), "80 GB card")
e.claim(e.line("# 0.9 × 80 = 72 GB"), "0.9 x 80", ["72"], [R("0.9") * 80])
e.given(e.line("# 如 35 GB (TP=4)"), "weights per GPU")
e.given(e.line("# 如 2 GB"), "activations")
e.claim(e.line("#                = 72 - 35 - 2 = 35 GB"), "72 - 35 - 2", ["35"], [72 - 35 - 2])
e.given(e.line("# 4. 计算可分配的 Block 数量"), "step label")
blk = 2 * 20 * 8 * 128 * 16 * 2
L = e.line("# = 2 × 20 × 8 × 128 × 16 × 2 = 1,310,720 bytes")
number_claim(e, L, "bytes per block", "1,310,720", blk)
size(L, "block size", "1.25", blk, "MB")
e.ambiguous(e.line("# = 35 GB / 1.25 MB ≈ 28,000 blocks"), "right as written with decimal prefixes on the rounded "
            "1.25 MB (35e9 / 1.25e6 = 28,000); end to end 35 GiB / 1,310,720 B = 28,672 (35e9 / 1,310,720 = 26,703)")
for needle in ["# 1. 加载模型权重", "# 2. 运行 profile", "# 3. 剩余显存用于 KV Cache", "# 5. 可缓存的最大 token 数"]:
    e.given(e.line(needle), "step label")
number_claim(e, e.line("# = 28,000 × 16 = 448,000 tokens"), "max tokens per GPU (end of chain)", "448,000",
             [("binary", R(35 * GiB, blk) * 16), ("decimal", R(35 * 10**9, blk) * 16)], cause="drift")

tp4 = per_tok(80, 2)  # 81,920 B per token per GPU
for label, u, avail, kvsp, ptok, pconc in [("| 0.7 | 56 GB |", "0.7", "56", "19", "237", "58"),
                                            ("| 0.8 | 64 GB |", "0.8", "64", "27", "337", "82"),
                                            ("| **0.9 (默认)** |", "0.9", "72", "35", "437", "107"),
                                            ("| 0.95 | 76 GB |", "0.95", "76", "39", "487", "119"),
                                            ("| 0.99 | 79.2 GB |", "0.99", "79.2", "42.2", "527", "129")]:
    ln = e.line(label)
    av = R(u) * 80
    sp_gb = av - 35 - 2
    e.claim(ln, "usable and KV space per GPU (GB)", [avail, kvsp], [av, sp_gb])
    number_claim(e, ln, "tokens per GPU (K)", ptok,
                 [("binary", sp_gb * GiB / tp4 / 1000), ("decimal", sp_gb * 10**9 / tp4 / 1000)], cause="slip")
    number_claim(e, ln, "concurrency at 4K", pconc,
                 [("binary", sp_gb * GiB / tp4 / 4096), ("decimal", sp_gb * 10**9 / tp4 / 4096)], cause="carried")

# --- 6 concurrency ---------------------------------------------------------------------------------------------------
s62 = e.line("**算例 1：LLaMA-3-70B，4×H100-80GB（TP=4）**")
e.given(s62, "example label")
e.claim(e.line("总显存: 4 × 80 GB = 320 GB"), "4 x 80", ["320"], [4 * 80])
for needle in ["gpu_memory_utilization: 0.9"]:
    for ln in [i + 1 for i, t in enumerate(e.lines) if t.strip() == needle]:
        e.given(ln, "utilisation 0.9")
e.claim(e.line("模型权重 (BF16): 140 GB (每卡 35 GB)"), "140 / 4", ["35"], [R(140, 4)])
e.given(e.line("激活值: ~2 GB/GPU"), "activations")
e.given(e.line("L=80, n_kv=8, d_h=128, TP=4"), "configuration")
e.claim(e.line("可用 = 80 × 0.9 - 35 - 2 = 35 GB"), "80 x 0.9 - 35 - 2", ["35"], [R("0.9") * 80 - 37])
for ln in [i + 1 for i, t in enumerate(e.lines) if t.strip().startswith("Step ")]:
    e.given(ln, "step label / stated max_seq_len")
e.given(e.line("KV/req/gpu = 2 × 80 × (8/4) × 128 × 4096 × 2"), "expression")
e.claim(e.line("= 2 × 80 × 2 × 128 × 4096 × 2"), "8 / 4", ["2"], [R(8, 4)])
req70 = 2 * 80 * 2 * 128 * 4096 * 2
L = e.line("= 335,544,320 bytes ≈ 320 MB")
number_claim(e, L, "per request per GPU (bytes)", "335,544,320", req70)
size(L, "per request per GPU", "320", req70, "MB")
number_claim(e, e.line("max_concurrency = 35 GB / 320 MB ≈ 112 请求"), "35 GB / 320 MB", "112",
             [("binary", R(35 * GiB, req70)), ("decimal", R(35 * 10**9, req70))])
e.given(e.line("**算例 2：LLaMA-3-8B，1×A100-80GB**"), "example label")
e.given(e.line("总显存: 80 GB"), "80 GB")
e.given(e.line("模型权重 (BF16): 16 GB"), "weights")
e.given(e.line("激活值: ~1 GB"), "activations")
e.given(e.line("L=32, n_kv=8, d_h=128, TP=1"), "configuration")
e.claim(e.line("可用 = 80 × 0.9 - 16 - 1 = 55 GB"), "80 x 0.9 - 16 - 1", ["55"], [R("0.9") * 80 - 17])
e.given(e.line("KV/req = 2 × 32 × 8 × 128 × 8192 × 2"), "expression")
req8 = 2 * 32 * 8 * 128 * 8192 * 2
L = e.line("= 1,073,741,824 bytes = 1 GB")
number_claim(e, L, "per request (bytes)", "1,073,741,824", req8)
size(L, "per request", "1", req8, "GB")
e.claim(e.line("max_concurrency = 55 GB / 1 GB = 55 请求"), "55 / 1", ["55"], [55])
e.given(e.line("**算例 3：DeepSeek-V3，8×H100-80GB（TP=8）**"), "example label")
e.claim(e.line("总显存: 8 × 80 GB = 640 GB"), "8 x 80", ["640"], [8 * 80])
e.given(e.line("~200 GB/GPU (MoE active params)"), "assumed weights per GPU")
e.given(e.line("激活值: ~4 GB/GPU"), "activations")
e.given(e.line("L=61, d_c=512, d_h_rope=64", after=s62), "configuration")
e.given(e.line("可用 = 80 × 0.9 - 模型权重/GPU - 4 GB"), "expression")
e.given(e.line("KV/req/gpu = 61 × (512 + 64) × 32768 × 2 / 8 (TP=8)"), "expression")
size(e.line("≈ 287 MB (远小于 GQA 模型)"), "DeepSeek-V3 per request per GPU (truncated)", "287",
     61 * 576 * 32768 * 2 // 8, "MB", cause="slip")

for label, nb, pk, pm in [("| 8B GQA-8 (TP=1) | 128 KB |", per_tok(32, 8), "128", "0.125"),
                          ("| 70B GQA-8 (TP=4) | 80 KB |", per_tok(80, 2), "80", "0.08"),
                          ("| 405B GQA-8 (TP=8) | 63 KB |", per_tok(126, 1), "63", "0.06")]:
    ln = e.line(label)
    size(ln, "per token per GPU", pk, nb, "KB")
    size(ln, "per token per GPU", pm, nb, "MB")
c0 = e.line("def quick_estimate_max_concurrency(")
c1 = e.line("# 输出:", after=c0)
for ln in range(c0, c1):
    if any(ch.isdigit() for ch in e.lines[ln - 1]):
        e.given(ln, "code (arguments, defaults, format specs)")
e.claim(e.line("# KV Cache 可用/GPU: 35.0 GB"), "printed available", ["35.0"], [80 * R("0.9") - R(140, 4) - 2])
e.claim(e.line("# KV Cache/请求/GPU: 0.312 GB"), "printed per request", ["0.312"], [R(req70, GiB)])
e.claim(e.line("# 最大并发: 112 请求"), "printed concurrency", ["112"],
        [sp.floor((80 * R("0.9") - 35 - 2) / R(req70, GiB))])

# --- 7 max_model_len -------------------------------------------------------------------------------------------------
e.given(e.line("每卡 KV Cache 空间 35 GB："), "35 GB per GPU")
for label, seq, pkv, unit, pc in [("| 2048 | 160 MB |", 2048, "160", "MB", "224"),
                                  ("| 4096 | 320 MB |", 4096, "320", "MB", "112"),
                                  ("| 8192 | 640 MB |", 8192, "640", "MB", "56"),
                                  ("| 16384 | 1.25 GB |", 16384, "1.25", "GB", "28"),
                                  ("| 32768 | 2.5 GB |", 32768, "2.5", "GB", "14"),
                                  ("| 131072 | 10 GB |", 131072, "10", "GB", "3")]:
    ln = e.line(label)
    nb = per_tok(80, 2) * seq
    size(ln, "per request per GPU", pkv, nb, unit)
    e.claim(ln, "max concurrency", [pc], [sp.floor(R(35 * GiB, nb))])
    e.ambiguous(ln, "peak throughput is an unexplained estimate")

# --- 8 TP ------------------------------------------------------------------------------------------------------------------
e.given(e.line("LLaMA-3-70B, n_kv=8, TP=4:"), "configuration")
for k in range(4):
    e.given(e.line(f"GPU {k}: KV heads"), "head assignment")
size(e.line("每个 GPU 的 KV_per_token = 2 × 80 × 2 × 128 × 2 = 80 KB"), "per token per GPU", "80", per_tok(80, 2), "KB")
e.given(e.line("TP=1 (1×H100): 可用 KV 空间 55 GB, n_kv=8"), "55 GB")
L = e.line("KV/token = 320 KB → 可缓存 ~180K tokens")
size(L, "per token", "320", per_tok(80, 8), "KB")
number_claim(e, L, "tokens (K)", "180", [("binary", R(55 * GiB, per_tok(80, 8)) / 1000),
                                         ("decimal", R(55 * 10**9, per_tok(80, 8)) / 1000)])
e.given(e.line("TP=4 (4×H100): 每 GPU 可用 KV 空间 35 GB, n_kv_per_gpu=2"), "35 GB, 2 heads per GPU")
L = e.line("KV/token/GPU = 80 KB → 每 GPU 可缓存 ~460K tokens")
size(L, "per token per GPU", "80", per_tok(80, 2), "KB")
e.ambiguous(L, "35 GiB / 81,920 B = 458,752 tokens: ~460K is right only at two significant figures")
e.given(e.line("但并发数 = 460K / max_seq_len"), "restates ~460K")
e.given(e.line("LLaMA-3-70B, n_kv=8, TP=16 (理论场景):"), "configuration")
e.claim(e.line("8 / 16 = 0.5 KV heads per GPU"), "8 / 16", ["0.5"], [R(8, 16)])
e.claim(e.line("每 2 个 GPU 共享一组 KV heads"), "16 / 8", ["2"], [R(16, 8)])
e.claim(e.line("LLaMA-3-70B (n_kv=8): TP ∈ {1, 2, 4, 8}"), "divisors of 8", ["1", "2", "4", "8"], [1, 2, 4, 8])
e.claim(e.line("Qwen-2.5-7B (n_kv=4):  TP ∈ {1, 2, 4}"), "divisors of 4", ["1", "2", "4"], [1, 2, 4])

# --- 9 summary ----------------------------------------------------------------------------------------------------------------
L = e.line("| LLaMA-3-8B, 1×A100-80GB, TP=1, batch=32, seq=4K, BF16 |")
kv8 = R(32 * 4096 * per_tok(32, 8), GiB)
e.claim(L, "weights", ["16"], [16])
e.claim(L, "KV for 32 x 4K (GiB)", ["32"], [kv8], cause="slip")
e.claim(L, "total and utilisation", ["49", "61%"], [16 + kv8 + 1, (16 + kv8 + 1) / 80], cause="carried",
        rounded_int=True)
for label, w, kvb, act, ptot, pu in [
        ("| LLaMA-3-70B, 4×H100-80GB, TP=4, batch=64, seq=4K, BF16 |", 35, 64 * 4096 * per_tok(80, 2), 2, "57", "71%"),
        ("| LLaMA-3-70B, 4×H100-80GB, TP=4, batch=16, seq=32K, BF16 |", 35, 16 * 32768 * per_tok(80, 2), 2, "77", "96%"),
        ("| Qwen-2.5-72B, 4×H100-80GB, TP=4, batch=64, seq=4K, FP8 KV |", 36, 64 * 4096 * per_tok(80, 2) // 2, 2, "48", "60%")]:
    ln = e.line(label)
    kv = R(kvb, GiB)
    cols = [c.strip() for c in e.lines[ln - 1].split("|")]
    pw, pkv = cols[2].split()[0], cols[3].split()[0]
    e.claim(ln, "weights per GPU, KV per GPU (GiB)", [pw, pkv], [w, kv])
    e.claim(ln, "total and utilisation", [ptot, pu], [w + kv + act, (w + kv + act) / 80], rounded_int=True)
L = e.line("| DeepSeek-V3, 8×H100-80GB, TP=8, batch=64, seq=8K, BF16 |")
e.ambiguous(L, "~84 GB/GPU of weights is not derived (1342 GB / 8 = 167.75)")
size(L, "KV per GPU", "4.3", 64 * 8192 * 61 * 576 * 2 // 8, "GB")
e.claim(L, "total from the printed parts", ["92"], [84 + R(64 * 8192 * 61 * 576 * 2 // 8, GiB) + 4], rounded_int=True)
number_claim(e, e.line("1 KB ≈ 1 token 的 KV Cache"), "per-token KV of the 8B model (KB)", "1",
             [("binary", R(per_tok(32, 8), KiB)), ("decimal", R(per_tok(32, 8), 1000))])
size(e.line("LLaMA-3-8B:   ~0.125 MB/token"), "8B per token", "0.125", per_tok(32, 8), "MB")
size(e.line("LLaMA-3-70B:  ~0.08 MB/token/GPU"), "70B per token per GPU", "0.08", per_tok(80, 2), "MB")
size(e.line("DeepSeek-V3:  ~0.008 MB/token/GPU"), "DeepSeek per token per GPU", "0.008", 61 * 576 * 2 // 8, "MB")
e.given(e.line("1 GB KV Cache 可存:"), "1 GB")
e.ambiguous(e.line("LLaMA-3-8B:   ~8,000 tokens"), "rough mnemonic: 1 GiB / 128 KiB = 8,192")
e.ambiguous(e.line("LLaMA-3-70B:  ~12,500 tokens"), "rough mnemonic: 1 GiB / 80 KiB = 13,107 (1e9 / 81,920 = 12,207; "
            "12,500 = 1e9 / 80,000)")
e.ambiguous(e.line("DeepSeek-V3:  ~125,000 tokens"), "rough mnemonic: 1 GiB / 8,784 B = 122,240 (1e9 / 8,000 = 125,000)")
e.claim(e.line("从 64 降到 8 → 8x 节省"), "64 / 8", ["8"], [R(64, 8)])
e.claim(e.line("576 维 vs 2048 维 (GQA-8) → ~3.6x"), "2 x 8 x 128 and 2048 / 576", ["2048", "3.6"],
        [2 * 8 * 128, R(2048, 576)])
e.claim(e.line("| **FP8 效果** | 比 FP16 节省 2x |"), "FP16 / FP8 bytes", ["2"], [2])
e.ambiguous(e.line("短上下文 <10%，长上下文 40-80%"), "rough ranges")
e.given(e.line("| **gpu_memory_utilization** | 默认 0.9"), "default 0.9")
e.given(e.line("| **MLA 公式** |"), "formula")
e.given(e.line("| **基础公式** |"), "formula")

# the remaining lines with digits were reviewed one by one: section headings, model names used as labels, table
# headers, and the constant 2 (K and V) in the displayed formulas; none states a result
left = [i + 1 for i, t in enumerate(e.lines) if any(c.isdigit() for c in t) and i + 1 not in e.verdicts and i > 0]
if "--list" in sys.argv:
    for ln in left:
        print(ln, e.lines[ln - 1])
    raise SystemExit(0)
for ln in left:
    e.given(ln, "heading / model label / table header / formula constant")
e.done()
