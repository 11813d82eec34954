# Expected verdicts for pt-kv-lguilherme44-conceitos-cache-kv.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: an 8B model at 16/8/4 bits per weight; Qwen3-8B with 36 layers, 8 KV heads, head_dim 128, f16 = 2 bytes;
# q8_0 taken as half of f16 (the article's own statement "corta pela metade"); Q4_K_M weights 5,03 GB; measured
# prefill ~176 tok/s.  Decimal commas ("0,60" = 0.60) and thousands dots ("147.456" = 147456, "4.096" = 4096).
# - per token 2·36·8·128·2 = 147,456 bytes = 144 KiB (the article's "144 KB"): right.
# - the KV table uses decimal GB: 147,456 · 4096 = 603,979,776 bytes = 0.604 GB (0.5625 GiB); every f16 cell
#   (0,60 / 1,21 / 2,42 / 4,83) and every q8_0 cell (half: 0,30 / 0,60 / 1,21 / 2,42) agrees in GB.
# - 5,03 + 1.208 = 6.238 -> 6,24 GB: right; 8e9 · 2 bytes = 16 GB: right; 3,500 / 176 = 19.9 s -> "20 segundos": right.
# Ambiguous: the 8-bit ~8,5 GB and 4-bit ~4,6 GB sizes (pure 8 and 4 bits give 8 and 4 GB; the article says the count
# is not exact because of mixed precision, without the mix); "Com 10k, mais de um minuto" (10,000 / 176 = 56.8 s at
# the stated rate, under a minute, but the claim is in words); "25× mais rápido" from the measured 20 s and 0,78 s
# (20 / 0.78 = 25.6, and 20 s is itself a rounded measurement).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim, dotted_int_claim

e = Expect(__file__, language="pt", topics=["kv-cache", "gqa", "memory", "decimal-comma", "thousands-separators",
                                            "table", "code-block"])
GB, KiB = 10**9, 1024
per_tok = 2 * 36 * 8 * 128 * 2

ln = e.line("| `bf16` | 16 | ~16 GB |")
e.claim(ln, "8B params at 16 bits (GB)", ["16"], [R(8 * 10**9 * 16, 8) / GB])
e.ambiguous(e.line("| `8-bit` | 8 | ~8,5 GB |"), "approximate size with unstated mixed precision; pure 8-bit is 8 GB")
e.ambiguous(e.line("| `4-bit` | 4 | ~4,6 GB |"), "approximate size with unstated mixed precision; pure 4-bit is 4 GB")
e.given(e.line("bytes por token = 2 (K e V) × camadas"), "KV formula")
e.given(e.line("No **Qwen3-8B** (36 camadas, 8 kv-heads"), "36 layers, 8 KV heads, head_dim 128, 2 bytes")
ln = e.line("2 × 36 × 8 × 128 × 2 = 147.456 bytes")
dotted_int_claim(e, ln, "bytes per token", "147.456", per_tok)
number_claim(e, ln, "KiB per token", "144", [("KiB", R(per_tok, KiB)), ("kB", R(per_tok, 1000))])
rows = [("| 4.096 |", "4.096", 4096, "0,60", "0,30"), ("| 8.192 |", "8.192", 8192, "1,21", "0,60"),
        ("| 16.384 |", "16.384", 16384, "2,42", "1,21"), ("| 32.768 |", "32.768", 32768, "4,83", "2,42")]
for needle, ctx_s, ctx, f16, q8 in rows:
    ln = e.line(needle)
    dotted_int_claim(e, ln, "context length", ctx_s, ctx)
    e.claim(ln, f"KV cache f16 at {ctx} tokens (GB)", [f16], [R(per_tok * ctx, GB)])
    e.claim(ln, f"KV cache q8_0 (half) at {ctx} tokens (GB)", [q8], [R(per_tok * ctx, 2 * GB)])
e.given(e.line("modelo Q4_K_M    5,03 GB"), "Q4_K_M weights 5.03 GB")
kv16k = R(per_tok * 16384, 2 * GB)
e.claim(e.line("cache KV q8_0    1,21 GB   (16k)"), "q8_0 cache at 16k (GB)", ["1,21"], [kv16k])
e.claim(e.line("total            6,24 GB"), "weights + cache (GB)", ["6,24"], [R(503, 100) + kv16k])
e.given(e.line("foram medidos **~176 tok/s de prefill**"), "measured 176 tok/s prefill, 19 tok/s generation")
ln = e.line("Com 3.500 tokens de prompt")
e.claim(ln, "3500 tokens at 176 tok/s (s)", ["20"], [R(3500, 176)], rounded_int=True)
e.ambiguous(ln, "\"com 10k, mais de um minuto\" is stated in words: 10,000 / 176 = 56.8 s at the stated rate")
e.ambiguous(e.line("o mesmo prompt de 3.517 tokens caiu de **20 s para 0,78 s**"),
            "speed-up from two measurements: 20 / 0.78 = 25.6 (26 rounded); the 20 s is itself rounded "
            f"(3,517 / 176 = {sp.N(R(3517, 176), 5)} s)")
e.done()
