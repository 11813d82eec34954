# Expected verdicts for zh-kv-beiluol-decode-kv-budget.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese study-note chapter (beiluoL, "llm-fundamentals" notes) on decoding and inference: decode cost, Top-p,
# KV-cache FLOPs and memory, weight quantization.
# Inputs as stated: 7B parameters, fp16 (2 bytes), A100 bandwidth 2 TB/s; Top-p candidates 0.62/0.15/0.11/0.05/0.03 with
# p = 0.9; demo script (seq_len=128, d_model=512, 12 layers) printing two FLOP counts; MHA KV size per token
# 32 layers x 32 heads x 128 dims x 2 (K,V) x 2 bytes; 128k tokens; bytes per parameter 4/2/2/1/1/0.5.
# Exact values:
# - 7B fp16 weights = 7e9 x 2 = 14e9 B = 14 GB; ~2 FLOPs per parameter -> 14 GFLOPs per token;
#   14 GB / 2 TB/s = 7 ms/token (ok); "约 140 token/s" = 1000/7 = 142.86 to two significant figures -> noted as rough.
# - Top-p cumulative sums 0.62, 0.77, 0.88, 0.93 (ok).
# - FLOP counts 13,709,803,520 and 142,671,872 are script output whose FLOP formula is not shown (ambiguous);
#   (the "1.0×" baseline cell is left with that row's verdict); saving 1 - 142671872/13709803520 = 0.98959 -> 99.0% (ok); the 2.4x wall-clock speed-up is a measurement (ambiguous).
# - KV per token 2x32x32x128x2 = 524,288 B = 512 KiB -> "512 KB" (ok, binary KB; 524.288 decimal kB).
# - KV table from 512 KiB/token:  1 x 2048 -> 1 GiB (1.074 GB), printed 0.5 GB: WRONG (slip);
#                                 8 x 8192 -> 32 GiB (34.36 GB), printed 3.0 GB: WRONG (slip);
#                                 32 x 32768 -> 512 GiB (549.76 GB), printed 24 GB: ambiguous -- it equals exactly the
#                                 demo script's setting (2 x 12 layers x 512 x 2 B = 24,576 B/token x 32 x 32768 = 24 GiB),
#                                 and the article's exercise refers to the script's "'32, 32768'" row giving 24 GB, so
#                                 this row was made with another setting than the stated 512 KB/token (policy item 8);
#                                 1 x 128k (131,072) -> 64 GiB (ok under the binary reading the article uses).
#   Rows 1 and 2 match neither the stated setting (1 / 32 GiB) nor the demo setting (0.047 / 1.5 GiB; 0.094 / 3 GiB
#   would need an unstated fp32), so they stay wrong (rechecked with numpy int64: 1.0 and 32.0 GiB).
# - Mitigation table "1/4 ~ 1/8", "约 1/10 量级": rough ranges (ambiguous).
# - Weights table 4/2/2/1/1/0.5 bytes x 7e9 -> 28/14/14/7/7/3.5 GB (ok).
# - Exercises: SEQ 128 -> 512 (given), "应当逼近 100%" is a limit (ambiguous), "24 GB" restates the script row (ambiguous).
# Wrong lines: 2 (0.5 GB vs 1 GiB; 3.0 GB vs 32 GiB), both slips.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv", "complexity", "kv-cache", "quantization"])
L = e.line

P = 7 * 10**9
GB = 10**9
GiB = 2**30

# --- 7.1 decode cost -------------------------------------------------------------------
e.given(L("| Decode | 上一步产出的 1 个 token"), "decode step takes one token")
ln = L("整套权重都得从显存读一遍（7B fp16 = 14 GB）")
e.given(ln, "7B parameters in fp16")
e.claim(ln, "7B x 2 bytes in GB", "14", R(P * 2, GB))
e.claim(ln, "about 2 FLOPs per parameter, in GFLOPs", "14", R(2 * P, GB))
ln = L("在 A100（2 TB/s）上跑 7B fp16 的下限")
e.given(ln, "bandwidth 2 TB/s")
e.claim(ln, "14 GB / 2 TB/s in ms", "7", R(14 * GB, 2 * 10**12) * 1000)
e.ambiguous(ln, "'约 140 token/s' is 1000/7 = 142.9 rounded to two significant figures (a rough figure)")

# --- 7.2 Top-p ----------------------------------------------------------------------------
p = [R("0.62"), R("0.15"), R("0.11"), R("0.05"), R("0.03")]
e.given(L("Top-p 示意（p = 0.9"), "p = 0.9")
e.given(L("候选:   烤鸭 0.62"), "candidate probabilities")
ln = L("累计:        0.62")
cum = [sum(p[:k]) for k in (1, 2, 3, 4)]
e.claim(ln, "cumulative sums", ["0.62", "0.77", "0.88", "0.93"], cum)
e.claim(L("累计到 0.88 还不够"), "cumulative after three candidates", "0.88", cum[2])
ln = L("到 0.93 ≥ 0.9")
e.claim(ln, "cumulative after four candidates", "0.93", cum[3])
e.given(ln, "threshold 0.9")
e.given(L("temperature=0.7, top_p=0.9"), "typical API sampling settings")

# --- 7.3.1 FLOPs ---------------------------------------------------------------------------
e.given(L("seq_len=128, d_model=512, 12 层"), "demo configuration")
ln = L("| 无 KV Cache | 13,709,803,520")
e.ambiguous(ln, "FLOP count printed by the demo script; its counting formula is not shown")
ln = L("| 有 KV Cache | 142,671,872")
e.ambiguous(ln, "FLOP count printed by the demo script; its counting formula is not shown")
e.claim(ln, "saving 1 - 142671872/13709803520", "99.0%", 1 - R(142671872, 13709803520))
e.ambiguous(L("实测耗时（2.4× 加速）"), "measured wall-clock speed-up; no inputs to recompute it")

# --- 7.3.2 memory --------------------------------------------------------------------------
e.given(L("fp16 时 bytes=2"), "fp16: 2 bytes")
per_tok = 2 * 32 * 32 * 128 * 2
ln = L("每个 token 大约占 **512 KB**")
e.given(ln, "32 layers, 32 heads, 128 dims, K and V, 2 bytes")
number_claim(e, ln, "KV bytes per token", "512", [("KiB", R(per_tok, 1024)), ("kB", R(per_tok, 1000))])


def kv_row(needle, printed, b, s, cause="slip"):
    ln = L(needle)
    e.given(ln, f"batch {b}, {s} tokens")
    by = per_tok * b * s
    number_claim(e, ln, f"KV cache for batch {b} x {s} tokens", printed,
                 [("GiB", R(by, GiB)), ("GB", R(by, GB))], cause=cause)


kv_row("| 1 | 2048 | 0.5 GB", "0.5", 1, 2048)
kv_row("| 8 | 8192 | 3.0 GB", "3.0", 8, 8192)
ln = L("| 32 | 32768 | 24 GB")
e.given(ln, "batch 32, 32768 tokens")
e.ambiguous(ln, "contradicts the stated 512 KB/token (512 GiB); equals the demo script's setting "
                "2 x 12 x 512 x 2 B x 32 x 32768 = 24 GiB, i.e. a row made with another setting")
ln = L("| 1 | 128k | 64 GB")
e.given(ln, "batch 1, 128k tokens")
by = per_tok * 131072
number_claim(e, ln, "KV cache for 1 x 128k tokens", "64",
             [("GiB, 128k = 131,072", R(by, GiB)), ("GB, 128k = 131,072", R(by, GB)),
              ("GiB, 128k = 128,000", R(per_tok * 128000, GiB))])
e.ambiguous(L("KV 降到 1/4 ~ 1/8"), "rough range depending on the model's head grouping")
e.given(L("所有头共用 1 份 K/V | 降到 1/h"), "MQA: one shared K/V, 1/h of MHA (symbolic)")
e.ambiguous(L("大幅降低（约 1/10 量级）"), "order-of-magnitude estimate without inputs")

# --- 7.5 weights -----------------------------------------------------------------------------
for needle, b, gb in (("| FP32 | 4 | 28 GB", 4, "28"), ("| FP16 | 2 | 14 GB", 2, "14"),
                      ("| **BF16** | 2 | 14 GB", 2, "14"), ("| FP8 | 1 | 7 GB", 1, "7"),
                      ("| INT8 | 1 | 7 GB", 1, "7"), ("| **INT4 / NF4** | 0.5 | ~3.5 GB", R("0.5"), "3.5")):
    ln = L(needle)
    e.given(ln, f"{b} bytes per parameter")
    e.claim(ln, "7B weights in GB", gb, P * sp.sympify(b) / GB)

# --- 7.9 exercises ---------------------------------------------------------------------------
ln = L("把 `SEQ` 从 128 改成 512")
e.given(ln, "sequence lengths 128 and 512")
e.ambiguous(ln, "'应当逼近 100%' is a limit statement, not a computed value")
e.ambiguous(L("看显存从 24 GB 降到多少"), "restates the script's 24 GB row, made with another setting than 512 KB/token")
e.done()
