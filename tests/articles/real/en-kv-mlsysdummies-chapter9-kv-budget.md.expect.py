# Expected verdicts for en-kv-mlsysdummies-chapter9-kv-budget.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs stated by the chapter: LLaMA-70B, 80 layers, 8 KV heads (GQA), head_dim 128, FP16 = 2 bytes; 32K context;
# 8x H100 = 640 GB, weights 70B x 2 bytes, ~20 GB for kernels; 4K and 32K contexts.  Sizes are read as GB (1e9) or
# GiB (2^30), KB as 1e3 or 2^10 bytes, "32K"/"4K" as 32,000/4,000 or 32,768/4,096 tokens.
# - 2·80·8·128·2 = 327,680 bytes = 320 KiB -> ok.
# - "320 KB × 32K = 10.24 GB": 327,680 × 32,768 bytes = 10.74 GB = 10.00 GiB (32,000 tokens: 10.49 GB / 9.77 GiB);
#   10.24 is right under no reading (it is 320 × 32 / 1000, KiB mixed with decimal GB) -> wrong (slip).
# - "10 GB" per request: 10.00 GiB -> ok.  96K, 4K, 96% ((96−4)/96 = 95.8%) -> ok.  640 − 140 − 20 = 480 -> ok.
# - 480 GB / 320 KB = 1.46M tokens (GB / bytes) or 1.57M (GiB / KiB); "1.5M" -> ok (first reading).
# - "~375 concurrent requests" at 4K: 1,464,844 / 4,096 = 357.6 (366.2 for 4,000 tokens; 384 / 393 under GiB);
#   375 = 1.5M / 4,000 comes from the rounded 1.5M -> wrong (drift).
# - "~47" at 32K: 44.7 / 45.8 (GB) or 48.0 / 49.2 (GiB); 47 = 1.5M / 32,000 -> wrong (drift).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["kv-cache", "gqa", "memory"])
per_token = 2 * 80 * 8 * 128 * 2


def sizes(tokens_k):
    out = []
    for ktok in (1000, 1024):
        for unit, name in ((10**9, "GB"), (2**30, "GiB")):
            out.append((f"{name}, {tokens_k * ktok} tokens", sp.Integer(per_token * tokens_k * ktok) / unit))
    return out


e.given(e.line("KV per token = 2 × num_layers × num_heads"), "formula")
e.given(e.line("Example (LLaMA-70B):"), "model")
e.given(e.line("  Layers: 80"), "80 layers")
e.given(e.line("  Heads: 64 (8 KV heads with GQA)"), "64 query heads, 8 KV heads")
e.given(e.line("  Head dim: 128"), "head_dim 128")
e.given(e.line("  Dtype: FP16 (2 bytes)"), "2 bytes")
L = e.line("KV per token = 2 × 80 × 8 × 128 × 2 = 327,680 bytes")
number_claim(e, L, "bytes per token 2·80·8·128·2", "327,680", sp.Integer(per_token))
number_claim(e, L, "bytes per token in KB", "320", [("KiB", R(per_token, 1024)), ("KB", R(per_token, 1000))])
e.given(e.line("For 32K context:"), "32K context")
L = e.line("KV per request = 320 KB × 32K = 10.24 GB")
e.claim(L, "KV per request at 32K (10.74 GB / 10.00 GiB; 10.49 GB / 9.77 GiB for 32,000 tokens)", "10.24",
        min(sizes(32), key=lambda r: abs(sp.N(r[1]) - R(1024, 100)))[1])
L = e.line("one request alone needs **10 GB**")
number_claim(e, L, "KV per request at 32K", "10", sizes(32))

L = e.line("Request A (needs 1K)")
e.given(L, "request A: 1K used of 32K")
e.given(e.line("Request B (needs 2K)"), "request B: 2K used of 32K")
e.given(e.line("Request C (needs 1K)"), "request C: 1K used of 32K")
number_claim(e, e.line("Total allocated: 96K tokens"), "3 × 32K", "96", sp.Integer(3 * 32))
number_claim(e, e.line("Actually used: 4K tokens"), "1K + 2K + 1K", "4", sp.Integer(4))
e.claim(e.line("Waste: 96%!"), "(96 − 4) / 96", "96%", R(92, 96))

e.given(e.line("budgets a 70B model on 8× H100 (640 GB total)"), "8× H100, 640 GB")
number_claim(e, e.line("| Model weights (FP16) | 140 GB |"), "70B × 2 bytes", "140", sp.Integer(70 * 2))
e.given(e.line("| CUDA kernels, etc. | ~20 GB |"), "~20 GB overhead")
number_claim(e, e.line("| **Available for KV cache** | **~480 GB** |"), "640 − 140 − 20", "480",
             sp.Integer(640 - 140 - 20))
L = e.line("With 320 KB per token per request:")
number_claim(e, L, "bytes per token in KB (restated)", "320", [("KiB", R(per_token, 1024))])
fit = [("480 GB / 327,680 bytes", sp.Integer(480 * 10**9) / per_token / 10**6),
       ("480 GiB / 320 KiB", sp.Integer(480 * 2**30) / per_token / 10**6)]
L = e.line("- Max tokens in cache: 480 GB / 320 KB = 1.5M tokens")
e.claim(L, "tokens that fit, in millions [480 GB / 327,680 bytes = 1.46M]", "1.5", fit[0][1])
tok = sp.Integer(480 * 10**9) / per_token
L = e.line("- At 4K avg context: ~375 concurrent requests")
e.claim(L, "requests at 4K context (1,464,844 / 4,096 = 357.6; 384 under GiB); 375 = 1.5M / 4,000", "375",
        tok / 4096, cause="drift", rounded_int=True)
L = e.line("- At 32K context: ~47 concurrent requests")
e.claim(L, "requests at 32K context (44.7; 48.0 under GiB); 47 = 1.5M / 32,000", "47", tok / 32768,
        cause="drift", rounded_int=True)
e.done()
