# Expected verdicts for zh-kv-hhkpng-vllm-capacity-planning.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese vLLM tutorial appendix on GPU memory and capacity planning (weights, KV cache, activations, concurrency).
# Inputs: Llama-3.1-8B 32 layers / 8 KV heads / head_dim 128 / fp16; Qwen2.5-7B 28 / 4 / 128; utilisation 0.9;
#   activation 2 GB, reserve 1 GB; max_model_len 8192. The article writes "128 KB" for 131,072 B (KiB) but also
#   "53.0 GiB"; every size is read under the binary and the decimal reading, and a line is ok when one reading fits.
#   Concurrency counts are floored, as the article itself says in §5.1 ("50.6 → 50.00x（向下取整）").
# Exact values:
#   per-token KV 8B = 131,072 B = 128 KiB; 70B = 327,680 B = 320 KiB; Qwen2.5-7B = 57,344 B = 56 KiB.
#   A100 budget 80×0.9 − 16 − 2 − 1 = 72 − 19 = 53; tokens 53 GB/128 KB: 434,176 (binary), 414,062.5 (decimal),
#   404,357.9 (GB/KiB). Concurrency floor(414,062.5/8192 = 50.54) = 50 (decimal); binary 53.
#   4090: 24×0.9 − 15 − 1 − 1 = 4.6; 4.6 GiB / 56 KiB = 86,133 → ≈86,000; /8192 = 10.51 → 10; /1756 = 49.05 → 49.
#   L40S: 48×0.9 − 19 = 24.2; 24.2e9/128e3 = 189,062.5 → ≈189,000; /8192 = 23.08 → 23; /2000 = 94.53 → 94 (floor).
#   Reverse: 100 × 4096 × 131,072 B = 50 GiB exactly; 50 + 16 + 2 = 68; 68/80 = 85 %.
#   Activation example 16×8192×32×4096×12 B = 206.2 GB = 192 GiB ("≈ 200 GB": rough, ambiguous).
# Wrong lines:
#   - "53 GB / 128 KB ≈ 414,720 tokens" (§2 step 4): slip; no reading gives it (434,176 / 414,062.5 / 404,358).
#   - the same 414,720 repeated in the H100 block and in row ⑥ of the §3.1 table: carried.
#   - int4 group-scale overhead "约占 +0.4%": slip; one fp16 scale (2 B) per 128 int4 elements (64 B) is 1/32 = 3.125 %
#     (and the article's own "一两 GB" for 70B matches 3.1 %, not 0.4 %).
#   - §5.1 "53 GiB / 414,720 ≈ 128 KB": slip; 53 GiB / 414,720 = 137,221 B = 134.0 KiB (137.2 kB), not 128.
# Ambiguous: the ≈200 GB activation estimate (rough figure), "万分之一以下" (depends on an unstated prompt length),
#   "1/10 以下" for MLA (no MLA/MHA sizes stated), "200 左右" and "200+" (hedged round figures), and the RTX 4090
#   table row (its "8B 模型" column mixes the Qwen2.5-7B budget with an 8B model).
import math
import sys
from functools import partial
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv-cache", "memory", "gqa", "serving-budget"])
L = e.line
num = partial(number_claim, e)
GiB, KiB = 2**30, 1024


def size(n_bytes, unit):
    """(binary, decimal) readings of a byte count in the named unit."""
    p = {"KB": 1, "MB": 2, "GB": 3}[unit]
    return [("binary", R(n_bytes, 1024**p)), ("decimal", R(n_bytes, 1000**p))]


def floored(x):
    return sp.Integer(math.floor(x))


def to_thousand(x):
    return sp.Integer(round(float(x) / 1000) * 1000)


# --- 1.1 weights table ---------------------------------------------------------------
ln = L("| fp16 / bf16 | 2 B |")
num(ln, "8B fp16 weights", "16", size(8 * 10**9 * 2, "GB"))
num(ln, "70B fp16 weights", "140", size(70 * 10**9 * 2, "GB"))
ln = L("| int8 (W8) | 1 B |")
num(ln, "8B int8 weights", "8", size(8 * 10**9, "GB"))
num(ln, "70B int8 weights", "70", size(70 * 10**9, "GB"))
ln = L("| int4 (GPTQ/AWQ) | 0.5 B |")
num(ln, "8B int4 weights", "4", size(4 * 10**9, "GB"))
num(ln, "70B int4 weights", "35", size(35 * 10**9, "GB"))

# --- 1.2 KV per token ------------------------------------------------------------------
kv8 = 2 * 32 * 8 * 128 * 2
kv70 = 2 * 80 * 8 * 128 * 2
kvq7 = 2 * 28 * 4 * 128 * 2
num(L("| Llama-3.1-8B | 32 | 8 | 128 |"), "Llama-3.1-8B KV per token", "128", size(kv8, "KB"))
num(L("| Llama-3.1-70B | 80 | 8 | 128 |"), "Llama-3.1-70B KV per token", "320", size(kv70, "KB"))
num(L("| Qwen2.5-72B (GQA) | 80 | 8 | 128 |"), "Qwen2.5-72B KV per token", "320", size(kv70, "KB"))
e.given(L("| DeepSeek-V2/3 (MLA) | 60 |"), "DeepSeek MLA config row (no size printed)")
ln = L("GQA 把 KV heads 从 32 降到 8")
e.claim(ln, "KV reduction 32 -> 8 heads", ["4"], [R(32, 8)])
e.ambiguous(ln, "'1/10 以下' for MLA vs MHA: the article states no MLA or MHA sizes to compare")

# --- 1.3 / 1.4 activations -------------------------------------------------------------
e.given(L("- 单条短请求：几百 MB ~ 2 GB"), "rule-of-thumb activation range")
e.given(L("**8~16 B/元素**"),
        "factor range 8-16 B")
e.given(L("batch=16, seq_len=8192, n_layers=32"), "activation example inputs")
e.ambiguous(L("≈ 16 × 8192 × 32 × 4096 × 12 B ≈ 200 GB"),
            "rough figure: 16×8192×32×4096×12 B = 206.2 GB (decimal) / 192 GiB (binary); '≈ 200' is a one-digit estimate")
e.ambiguous(L("激活立刻降到 prefill 的万分之一以下"),
            "'below 1/10000' depends on an unstated prompt length (for 8192 tokens it is 1/8192)")

# --- 2. A100 example -------------------------------------------------------------------
e.given(L("场景：**1 × A100 80GB**"), "A100 80GB, Llama-3.1-8B, max_model_len 8192, utilisation 0.9")
num(L("8B × 2 B = 16 GB"), "weights 8B × 2 B", "16", size(16 * 10**9, "GB"))
e.given(L("KV 预算 = 80 GB × 0.9 − 16 GB（权重）"), "budget inputs (16 GB weights, 2 GB activations)")
ln = L("= 72 − 19 = 53 GB")
e.claim(ln, "80 × 0.9, 16 + 2 + 1, budget", ["72", "19", "53"], [80 * R("0.9"), 16 + 2 + 1, 80 * R("0.9") - 19])
num(L("per_token = 2 × 32 × 8 × 128 × 2 B = 128 KB"), "per-token KV", "128", size(kv8, "KB"))
tok_readings = [("binary GiB/KiB", R(53 * GiB, 128 * KiB)), ("decimal GB/kB", R(53 * 10**9, 128000)),
                ("GB / KiB", R(53 * 10**9, 128 * KiB))]
num(L("总 KV token 数 = 53 GB / 128 KB ≈ 414,720 tokens"), "tokens in 53 GB at 128 KB", "414,720", tok_readings)
conc = [("decimal, floored", floored(R(53 * 10**9, 128000) / 8192)), ("binary, floored", floored(R(53 * GiB, 128 * KiB) / 8192))]
num(L("最大并发 ≈ 414,720 / 8192 ≈ 50 条满长度序列"), "full-length concurrency", "50", conc)
ln = L("并发可以到 200 左右")
num(ln, "A100 concurrency restated", "50", conc)
e.ambiguous(ln, "'200 左右' is a hedged round figure (414,062.5 / 2000 = 207; binary 217)")

# --- 2.1 other GPUs --------------------------------------------------------------------
ln = L("KV 预算 = 80 × 0.9 − 16（权重） − 2（激活） − 1（预留） = 53 GB")
e.claim(ln, "H100 budget", ["53"], [80 * R("0.9") - 19])
ln = L("总 KV token = 53 GB / 128 KB ≈ 414,720 → 满长度并发")
num(ln, "H100 tokens (the A100 value repeated)", "414,720", tok_readings, cause="carried")
num(ln, "H100 concurrency", "50", conc)
ln = L("KV 预算 = 24 × 0.9 − 15 − 1 − 1 = 4.6 GB")
e.claim(ln, "RTX 4090 budget", ["4.6"], [24 * R("0.9") - 17])
num(L("per_token（Qwen2.5-7B：2×28×4×128×2 B）≈ 56 KB"), "Qwen2.5-7B KV per token", "56", size(kvq7, "KB"))
ln = L("总 KV token = 4.6 GB / 56 KB ≈ 86,000")
t4090 = [("binary GiB/KiB (to the thousand)", to_thousand(R("4.6") * GiB / (56 * KiB))),
         ("decimal GB/kB (to the thousand)", to_thousand(R("4.6") * 10**9 / 56000))]
num(ln, "4090 tokens, printed to the thousand", "86,000", t4090)
tok4090 = R("4.6") * GiB / (56 * KiB)
e.claim(ln, "4090 concurrency at 8192 (floored) and at 1756", ["10", "49"],
        [floored(tok4090 / 8192), floored(tok4090 / 1756)])
ln = L("KV 预算 = 48 × 0.9 − 16 − 2 − 1 = 24.2 GB")
e.claim(ln, "L40S budget", ["24.2"], [48 * R("0.9") - 19])
ln = L("总 KV token = 24.2 GB / 128 KB ≈ 189,000")
tl = [("decimal GB/kB (to the thousand)", to_thousand(R("24.2") * 10**9 / 128000)),
      ("binary GiB/KiB (to the thousand)", to_thousand(R("24.2") * GiB / (128 * KiB)))]
num(ln, "L40S tokens, printed to the thousand", "189,000", tl)
tokl = R("24.2") * 10**9 / 128000
e.claim(ln, "L40S concurrency at 8192 and at 2000 (floored, decimal reading)", ["23", "94"],
        [floored(tokl / 8192), floored(tokl / 2000)])
ln = L("| A100 / H100 80GB | 80 GB | ~53 GB | ~50 |")
e.claim(ln, "A100/H100 row: budget", ["53"], [53])
num(ln, "A100/H100 row: concurrency", "50", conc)
ln = L("| L40S | 48 GB | ~24 GB | ~23 |")
e.claim(ln, "L40S row: budget '~24' (24.2 to the GB)", ["24"], [48 * R("0.9") - 19], rounded_int=True)
e.claim(ln, "L40S row: concurrency", ["23"], [floored(tokl / 8192)])
ln = L("| RTX 4090 | 24 GB | ~4.6 GB | ~4 |")
e.ambiguous(ln, "the column is headed '8B 模型' but holds the Qwen2.5-7B budget; '~4' fits 4.6 GiB / 128 KiB / 8192 = 4.6 "
                "(8B per-token size) while the text gives ≈ 10 for Qwen2.5-7B: which model the row means is undetermined")

# --- 3. reverse planning -----------------------------------------------------------------
ln = L("100 路并发 × 平均 4K token × 128 KB/token = 50 GB KV cache")
num(ln, "KV for 100 × 4K × 128 KB", "50", size(100 * 4096 * kv8, "GB"))
e.claim(L("50 GB + 16 GB 权重 + 2 GB 激活 ≈ 68 GB"), "total", ["68"], [50 + 16 + 2])
e.claim(L("→ 1 张 80GB 卡刚够（利用率 85%）"), "68 / 80", ["85%"], [R(68, 80)])

# --- 3.1 table ---------------------------------------------------------------------------
num(L("| ① 权重显存 |"), "row ① weights", "16", size(16 * 10**9, "GB"))
num(L("| ② 每 token KV |"), "row ② per-token KV", "128", size(kv8, "KB"))
e.given(L("| ③ 激活预估 |"), "2 GB activation estimate")
e.given(L("| ④ 预留 |"), "1 GB reserve")
e.claim(L("| ⑤ KV 预算 |"), "row ⑤ budget", ["53", "19"], [80 * R("0.9") - 19, 19])
num(L("| ⑥ 总 KV token |"), "row ⑥ tokens (repeated)", "414,720", tok_readings, cause="carried")
num(L("| ⑦ 满长度并发 |"), "row ⑦ concurrency", "50", conc)
e.ambiguous(L("| ⑧ 实际并发 |"), "'200+' is a lower bound, not a value (414,062.5 / 2000 = 207)")

# --- 4. int4 group-scale overhead ---------------------------------------------------------
ln = L("group size=128 时每 128 个元素还要存一个 fp16 scale")
e.claim(ln, "fp16 scale per 128 int4 elements: 2 B / (128 × 0.5 B)", ["0.4%"], [R(2) / (128 * R("0.5"))])

# --- 5. logs -------------------------------------------------------------------------------
e.given(L("INFO: GPU KV cache size: 53.0 GiB"), "log line (stated)")
e.given(L("INFO: Maximum concurrency for 8192 tokens per request: 50.00x"), "log line (stated)")
e.given(L("INFO: GPU KV cache size: 53.0 GiB", nth=2), "log line (stated)")
e.given(L("INFO: Maximum concurrency for 8192 tokens per request: 50.00x", nth=2), "log line (stated)")
e.given(L("INFO: tokens per GPU: 414720"), "log line (stated)")
num(L("= 53 GiB / 414,720 ≈ 128 KB"), "53 GiB / 414,720 tokens", "128",
    [("KiB", R(53 * GiB, 414720 * 1024)), ("kB", R(53 * GiB, 414720 * 1000))])
e.claim(L("414,720 / 8192 = 50.6"), "log tokens / 8192", ["50.6"], [R(414720, 8192)])

# --- 6. mini-vLLM ---------------------------------------------------------------------------
e.given(L("cache=CacheConfig(block_size=16, num_gpu_blocks=64)"), "mini-vLLM cache config")
e.given(L("#          = 64 × 16 × 2 × 4 × 16 × 2 × 4B"), "capacity product written out, no result printed")
e.claim(L("20 blocks × 8 slots = 160 token"), "20 × 8", ["160"], [20 * 8])
e.done()
