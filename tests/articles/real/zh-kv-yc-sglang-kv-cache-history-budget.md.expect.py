# Expected verdicts for zh-kv-yc-sglang-kv-cache-history-budget.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# A Chinese self-study note (SGLang learning path, author "yc") on what the KV cache stores and how big it gets.
# Inputs: the article's own per-token formula 2 x num_kv_heads x head_dim x dtype_size (no layer factor is stated,
#   so the value is per layer; LLaMA-2-70B's 80 layers are never given in the article and are not used);
#   num_kv_heads = 8, head_dim = 128, FP16 = 2 bytes; 32K tokens; 1000 concurrent requests; FP8 = 1 byte;
#   FP4 toy example with d = 128, K = 1.3 quantised to 1.0; window 4K of 32K; truncation 32K of 50K;
#   H100 80GB with 70GB weights and 2GB other.
# Exact values:
#   per token 2*8*128*2 = 4096 B = 4 KiB (4.096 kB) -> "4 KB" ok.
#   4096 B x 32,000 = 131,072,000 B = 131.07 MB = 125 MiB; 4 KiB x 32,768 = 128 MiB exactly.
#   100 x 4 KiB = 400 KiB; 1,000 x 4 KiB = 3.91 MiB (4.10 MB) -> "4 MB" ok.
#   FP8 halves: 64 MiB for 32K tokens; 50% / 2x.
#   FP16 has 2^16 = 65,536 codes, FP8 2^8 = 256; E2M1 magnitudes 0, .5, 1, 1.5, 2, 3, 4, 6 (steps 0.5..2.0).
#   128 * 1.3 = 166.4; 128 * 1.0 = 128; 166.4 - 128 = 38.4; 38.4 / 166.4 = 23.08% -> 23%.
#   32K - 4K = 28K; 50K - 32K = 18K.
#   1000 requests x 32K tokens x 4 KiB = 125 GiB (134.2 GB; the article's own chain says 128 GB).
# Wrong lines:
#   "KV Cache: 8GB (32K tokens, FP16, 1000 requests)": slip; the article's own formula gives 125 GiB (134.2 GB),
#     the article itself printed 128 GB a few lines earlier.
#   "总计: 80GB" (70 + 8 + 2): carried from the 8 GB; with the right cache 70 + 125 + 2 = 197 (GiB reading).
#   "KV Cache: 4GB (减少50%)" with FP8: carried (8 / 2); right 62.5 GiB (67.1 GB).
# Ambiguous:
#   "4 KB x 32,000 = 128 MB" (twice) and "128 MB x 1000 = 128 GB": arithmetic on the rounded 4 KB (as 4,000 B) and
#     on 32,000 for 32K is right as written, but end to end 4,096 B x 32,000 = 131.07 MB (125 MiB), and the 128 GB
#     needs GB = 1000 MiB; no single unit reading makes the chain exact.
#   "8个离散值": E2M1 has 8 magnitudes (the printed list has 8 entries with ±) but 15 distinct values / 16 codes.
#   "<1%", "5-20%": empirical impact estimates, not derivable.
#   "模型权重: 70GB (FP16)": the model is not named in that block; a 70B-parameter model would need 140 GB in FP16.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv-cache", "gqa", "sizes", "code-block", "table"])
L = e.line

per_tok = 2 * 8 * 128 * 2           # bytes, per the article's formula
KiB, MiB, GiB = 2**10, 2**20, 2**30

e.given(L("  K_all = [K1, K2, ..., K_new]"), "token index labels")
e.given(L("  V_all = [V1, V2, ..., V_new]"), "token index labels")
e.given(L("  = 2 × num_kv_heads × head_dim × dtype_size"), "factor 2 for K and V")
e.given(L("例如（LLaMA-2 70B，GQA）:"), "model name")

ln = L("  = 2 × 8 × 128 × 2 bytes = 4 KB per token")
e.given(ln, "num_kv_heads = 8, head_dim = 128, 2 bytes")
number_claim(e, ln, "per-token bytes 2*8*128*2", "4",
             [("binary KiB", R(per_tok, KiB)), ("decimal kB", R(per_tok, 1000))])

for needle in ("序列长度 = 32K tokens:",):
    e.given(L(needle, 1), "32K tokens")
ln = L("  KV Cache = 4 KB × 32,000 = 128 MB per request")
e.ambiguous(ln, "right as written with the rounded 4 KB (= 4,000 B) and 32,000 for 32K; end to end "
                "4,096 B x 32,000 = 131.07 MB (125 MiB); only 4 KiB x 32,768 gives exactly 128 MiB")
e.given(L("1000个并发请求:"), "1000 concurrent requests")
ln = L("  KV Cache = 128 MB × 1000 = 128 GB")
e.ambiguous(ln, "x1000 of the ambiguous 128 MB; exact 4 KiB x 32,768 x 1000 = 125 GiB = 134.2 GB, so 128 GB holds only "
                "with GB = 1000 MiB")

e.given(L("序列长度 = 100 tokens:"), "100 tokens")
ln = L("  每次读取: 100 × 4 KB = 400 KB")
number_claim(e, ln, "100 x 4 KiB", "400", [("binary KiB", R(100 * per_tok, KiB)), ("decimal kB", R(100 * per_tok, 1000))])
e.given(L("序列长度 = 1K tokens:"), "1K tokens")
ln = L("  每次读取: 1,000 × 4 KB = 4 MB")
e.given(ln, "1,000 tokens")
number_claim(e, ln, "1,000 x 4 KiB", "4", [("decimal MB", R(1000 * per_tok, 10**6)), ("binary MiB", R(1000 * per_tok, MiB))])
e.given(L("序列长度 = 32K tokens:", 2), "32K tokens")
ln = L("  每次读取: 32,000 × 4 KB = 128 MB")
e.ambiguous(ln, "same arithmetic as the per-request line: right as written with 4 KB = 4,000 B, "
                "end to end 131.07 MB (125 MiB)")

for needle in ("序列长度 < 2K", "序列长度 2K-8K", "序列长度 8K-32K", "序列长度 > 32K"):
    e.given(L(needle), "author's empirical length thresholds")

ln = L("内存占用减少50%，同样的显存可以支持2倍长的序列")
e.given(ln, "FP16 -> FP8")
e.claim(ln, "FP8 (1 byte) vs FP16 (2 bytes): saving and length factor", ["50%", "2"], [1 - R(1, 2), R(2, 1)])
ln = L("FP16 KV Cache: 128 MB (32K tokens)")
number_claim(e, ln, "KV for 32K tokens", "128",
             [("32K = 32,768 tokens, MiB", R(per_tok * 32768, MiB)), ("32,000 tokens, MB", R(per_tok * 32000, 10**6))])
ln = L("FP8 KV Cache: 64 MB (32K tokens)")
number_claim(e, ln, "FP8 halves the 32K-token cache", "64",
             [("32K = 32,768 tokens, MiB", R(per_tok * 32768, 2 * MiB)), ("32,000 tokens, MB", R(per_tok * 32000, 2 * 10**6))])
e.claim(ln, "FP8 saving", ["50%"], [R(1, 2)])

ln = L("| **FP16** | 10位 | 65,536个 |")
e.given(ln, "FP16 has 10 mantissa bits")
number_claim(e, ln, "FP16 codes 2^16", "65,536", 2**16)
ln = L("| **FP8 (E4M3)** | 3位 | 256个 |")
e.given(ln, "E4M3: 3 mantissa bits")
e.claim(ln, "FP8 codes 2^8", ["256"], [2**8])
e.ambiguous(ln, "'<1% token差异' is an empirical estimate")
ln = L("| **FP4 (E2M1)** | 1位 | 8个离散值 |")
e.given(ln, "E2M1: 1 mantissa bit")
e.ambiguous(ln, "'8个离散值': 8 magnitudes (0, .5, 1, 1.5, 2, 3, 4, 6) but 15 distinct values / 16 codes; "
                "'5-20%' is an empirical estimate")
e.given(L("他认为 FP4 太粗："), "format name")
ln = L("- 只有8个离散值（0, ±0.5")
e.given(ln, "E2M1 grid 0, ±0.5, ±1.0, ±1.5, ±2.0, ±3.0, ±4.0, ±6.0")
e.ambiguous(ln, "'8个离散值' counts the 8 listed magnitudes; the grid has 15 distinct values (16 codes)")
grid = [R(0), R(1, 2), R(1), R(3, 2), R(2), R(3), R(4), R(6)]
steps = [b - a for a, b in zip(grid, grid[1:])]
ln = L("- 相邻值之间的步长大（0.5-2.0）")
e.claim(ln, "smallest and largest E2M1 step", ["0.5", "2.0"], [min(steps), max(steps)])
e.given(ln, "1.3 lies between the grid values 1.0 and 1.5")
e.claim(ln, "errors 1.3-1.0 and 1.5-1.3", ["0.3", "0.2"], [R("1.3") - 1, R("1.5") - R("1.3")])
ln = L("- 两者的内存节省是（50% vs 75%）")
e.claim(ln, "memory saved vs FP16 by 8-bit and 4-bit", ["50%", "75%"], [1 - R(8, 16), 1 - R(4, 16)])

for needle in ("- Q[i] = [1.0, 1.0, 1.0, ..., 1.0]", "- K[j]真实值 = [1.3, 1.3"):
    e.given(L(needle), "toy Q and K values")
ln = L("- K[j]FP4量化 = [1.0, 1.0")
e.given(ln, "quantised K = 1.0")
e.claim(ln, "quantisation error", ["0.3"], [R("1.3") - 1])
ln = L("- 真实scores = Σ(1.0 * 1.3)")
e.given(ln, "d = 128")
e.claim(ln, "128 * 1.3", ["166.4"], [128 * R("1.3")])
e.claim(L("- FP4 scores = Σ(1.0 * 1.0)"), "128 * 1.0", ["128.0"], [R(128)])
ln = L("- 误差 = 166.4 - 128.0 = 38.4")
e.claim(ln, "difference and relative error", ["38.4", "23%"],
        [128 * R("1.3") - 128, (128 * R("1.3") - 128) / (128 * R("1.3"))])

e.given(L("滑动窗口大小 = 4K tokens"), "window 4K")
e.given(L("序列长度 = 32K tokens:", 3), "32K tokens")
e.given(L("  只保留最近4K tokens的KV Cache"), "window restated")
e.claim(L("  丢弃前28K tokens的KV Cache"), "32K - 4K", ["28"], [32 - 4])
e.given(L("最大长度 = 32K tokens"), "max length 32K")
e.given(L("序列长度 = 50K tokens:"), "50K tokens")
e.given(L("  保留: 最近32K tokens"), "keep 32K restated")
e.claim(L("  截断: 前18K tokens"), "50K - 32K", ["18"], [50 - 32])

e.given(L("H100 GPU (80GB):"), "80 GB GPU")
e.ambiguous(L("  - 模型权重: 70GB (FP16)"), "the model is not named in this block; a 70B-parameter model needs 140 GB in FP16")
kv_1000 = per_tok * 32768 * 1000
ln = L("  - KV Cache: 8GB (32K tokens, FP16, 1000 requests)")
number_claim(e, ln, "KV for 1000 requests x 32K tokens x 4 KiB", "8",
             [("binary GiB", R(kv_1000, GiB)), ("decimal GB", R(kv_1000, 10**9)),
              ("32,000 tokens, GB", R(per_tok * 32000 * 1000, 10**9))], cause="slip")
e.given(L("  - 其他: 2GB"), "other 2 GB")
number_claim(e, L("  - 总计: 80GB"), "70 + KV + 2 with the right KV", "80",
             [("binary GiB", 70 + R(kv_1000, GiB) + 2), ("decimal GB", 70 + R(kv_1000, 10**9) + 2)], cause="carried")
e.given(L("如果使用FP8 KV Cache:"), "format name")
ln = L("  - KV Cache: 4GB (减少50%)")
number_claim(e, ln, "FP8 halves the 1000-request cache", "4",
             [("binary GiB", R(kv_1000, 2 * GiB)), ("decimal GB", R(kv_1000, 2 * 10**9))], cause="carried")
e.claim(ln, "FP8 saving", ["50%"], [R(1, 2)])
e.done()
