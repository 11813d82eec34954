# Expected verdicts for en-kv-reddit-localllama-llama70b-1m-context.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A short r/LocalLLaMA discussion post (read from a stored mirror page): the memory of Llama-70B at a 1M-token context,
# worked by hand: BF16 weights, a GQA KV cache, the naive score tensor, the total with and without FlashAttention,
# the number of 80 GB A100s, and the cache without GQA.
# Inputs: 70e9 parameters (the model's name), BF16 = 2 bytes, 8 KV heads x 128 dims, 80 layers, 64 query heads,
#   1M tokens, an 80 GB A100.
# Exact values:
#   weights 70e9 x 2 = 140e9 B = 140 GB (ok);
#   per token per layer 8 x 128 x 2 x 2 = 4,096 B = 4 KiB = 4.096 kB (ok either way);
#   1M tokens x 80 layers x 4,096 B: with 1M = 2^20 and GiB, 320 GiB exactly (ok); with 1M = 10^6 it is 327.68 GB
#     (which rounds to 328); the binary reading, which the post's "4KB" = 4,096 B already uses, makes the print right,
#     so the line is ok (policy 7: right under a reading);
#   scores 64 x 10^6 x 10^6 = 6.4e13 = 64 trillion elements (ok); x 2 bytes = 1.28e14 B = 128 TB (ok); 128,000 GB (ok);
#   weights + KV 140 + 320 = 460 GB (ok); ceil(460 / 80) = 6 GPUs ("6+", ok);
#   without GQA (64 KV heads): 8 x 320 GiB = 2,560 GiB = 2.5 TiB exactly (ok under the same binary reading; 2.62 TB or
#     2.75 TB under the decimal ones).
# No wrong lines, no ambiguous lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["kv", "gqa", "complexity", "flash"])
L = e.line

params, bf16 = 70 * 10**9, 2
kv_heads, hd, layers, q_heads = 8, 128, 80, 64
per_tok_layer = kv_heads * hd * 2 * bf16
assert per_tok_layer == 4096

ln = L("Model weights (BF16): 140 GB")
e.claim(ln, "BF16 weights of 70e9 parameters in GB", "140", R(params * bf16, 10**9))

ln = L("KV cache with GQA:")
e.given(ln, "8 KV heads, head dim 128, 2 bytes, 1M tokens, 80 layers")
number_claim(e, ln, "KV bytes per token per layer in KB", "4",
             [("KiB", R(per_tok_layer, 1024)), ("kB decimal", R(per_tok_layer, 1000))])
kv_bin = per_tok_layer * 80 * 2**20          # 1M = 2^20 tokens
kv_dec = per_tok_layer * 80 * 10**6          # 1M = 10^6 tokens
number_claim(e, ln, "KV cache for 1M tokens x 80 layers", "320",
             [("GiB, 1M = 2^20", R(kv_bin, 2**30)), ("GB, 1M = 10^6", R(kv_dec, 10**9)),
              ("GB, 1M = 2^20", R(kv_bin, 10**9)), ("GiB, 1M = 10^6", R(kv_dec, 2**30))])

ln = L("Attention matrix (naive):")
e.given(ln, "score tensor shape [1, 64, 1M, 1M]")
scores = q_heads * 10**6 * 10**6
e.claim(ln, "score elements in trillions", "64", R(scores, 10**12))
e.claim(ln, "score memory in TB at 2 bytes", "128", R(scores * bf16, 10**12))

ln = L("Total without FlashAttention:")
e.claim(ln, "weights in GB (repeated)", "140", R(params * bf16, 10**9))
number_claim(e, ln, "KV cache in GB (repeated)", "320", [("GiB, 1M = 2^20", R(kv_bin, 2**30)), ("GB, 1M = 10^6", R(kv_dec, 10**9))])
number_claim(e, ln, "score memory in GB", "128,000", [("GB", R(scores * bf16, 10**9))])

ln = L("FlashAttention removes the 128 TB term")
e.claim(ln, "score memory in TB (repeated)", "128", R(scores * bf16, 10**12))
e.claim(ln, "weights + KV cache 140 + 320", "460", R(140) + 320)

ln = L("With one A100 (80GB) per card")
e.given(ln, "80 GB per A100")
e.claim(ln, "GPUs needed, ceil(460 / 80)", "6", sp.ceiling(R(460, 80)))

ln = L("without it, KV cache would be 2.5 TB instead of 320 GB")
mha_bin = kv_bin * q_heads // kv_heads
mha_dec = kv_dec * q_heads // kv_heads
number_claim(e, ln, "KV cache without GQA (64 KV heads)", "2.5",
             [("TiB, 1M = 2^20", R(mha_bin, 2**40)), ("TB, 1M = 10^6", R(mha_dec, 10**12)),
              ("TB, 1M = 2^20", R(mha_bin, 10**12))])
number_claim(e, ln, "KV cache with GQA (repeated)", "320", [("GiB, 1M = 2^20", R(kv_bin, 2**30)), ("GB, 1M = 10^6", R(kv_dec, 10**9))])
e.done()
