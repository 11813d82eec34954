# Expected verdicts for es-kv-matutem2000-vram-kv-cache-llama3.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# Article: Matias Martinez's book "Ingeniería de IA desde los Fundamentos", module 8 ch. 4 sec. 2 (Spanish): VRAM
# planning = weights + KV cache + framework overhead, with Llama 3 8B as the KV example.
# Inputs: weights formula parámetros × bits / 8 / 1e9 (decimal GB, the article's own convention); 7B parameters;
# Q4 = 4 bits, Q8 = 8, BF16 = 16; Llama 3 8B: 32 layers, 32 attention heads, head_dim 128, 8192 tokens (8K), FP16 =
# 2 bytes, 8 KV heads; server: 24 GB VRAM, --gpu-memory-utilization 0.9.
# Exact values:
#   weights 7e9 × 4 / 8 / 1e9 = 3.5 GB; × 8 -> 7 GB; × 16 -> 14 GB.
#   KV (32 heads) 2 × 32 × 32 × 128 × 8192 × 2 = 4,294,967,296 B = 4.295e9 -> "4.3 GB" (decimal GB, as the weights
#   formula's 1e9) and "~4.3 GB".
#   KV with GQA (8 KV heads) 2 × 32 × 8 × 128 × 8192 × 2 = 1,073,741,824 B = 1.074e9 -> "~1.1 GB".
#   pool 0.9 × 24 − 3.5 = 18.1 GB -> "~18 GB".
# Ambiguous: "6-8 GB" total for four 4096-token requests (the 7B model's layers / KV heads are not stated: 32 KV
# heads give 3.5 + 4 × 2.147 = 12.1 GB, 8 KV heads give 3.5 + 4 × 0.537 = 5.6 GB before overhead); "4-5 peticiones"
# (a rough range: 18.1 / 4.295 = 4.2 requests with the 32-head cache, 16.9 with the GQA cache, and the pool is for a
# "7B Q4" model while the cache is Llama 3 8B's); "~8 GB mínimo" for QLoRA (no breakdown given).
# The intro's 3.5 GB for "7B en Q4_K_M" is read with 4 bits, as the article's own list does ("7B Q4: 3.5 GB").
# No line is wrong.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="es", topics=["kv-cache", "memory", "gqa", "quantization"])
L = e.line

weights = lambda bits: R(7 * 10**9 * bits, 8 * 10**9)
kv32 = 2 * 32 * 32 * 128 * 8192 * 2
kv8 = 2 * 32 * 8 * 128 * 8192 * 2
GB = 10**9

ln = L("En el Capítulo 2 vimos la fórmula básica")
e.given(ln, "weights formula from chapter 2 (7B, 4096 tokens, four requests as stated inputs)")
e.claim(ln, "7B Q4_K_M weights read as 4 bits: 7e9 × 4 / 8 / 1e9", "3.5", weights(4))
e.ambiguous(ln, "6-8 GB total for four 4096-token requests: the 7B model's layers and KV heads are not stated")

e.given(L("KV_bytes = 2 × n_layers × n_heads × head_dim"), "KV formula")
e.given(L("Tomemos Llama 3 8B: 32 capas"), "32 layers, 32 heads, head_dim 128, 8192 tokens, 2 bytes")
ln = L("KV_bytes = 2 × 32 × 32 × 128 × 8192 × 2 = 4.3 GB")
e.given(ln, "the factors restate the inputs")
e.claim(ln, "KV bytes for one 8192-token request, decimal GB", "4.3", R(kv32, GB))

ln = L("De aquí se ve que el costo de ampliar")
e.given(ln, "4096 -> 8192 doubles; --max-model-len 8192; 0.9 utilisation; 24 GB; 3.5 GB weights")
e.claim(ln, "KV pool 0.9 × 24 − 3.5 GB", "18", R(9, 10) * 24 - R(7, 2), rounded_int=True)
e.ambiguous(ln, "'4-5 peticiones' is a rough range (18.1 / 4.295 = 4.2 with the 32-head cache; the pool is for a "
            "7B Q4 model while the cache is Llama 3 8B's)")

e.given(L("En Llama 3 8B hay 8 cabezas para claves y valores"), "8 KV heads vs 32 query heads (a quarter)")
e.given(L("El tercer consumidor de memoria es el propio framework"), "500 MB to 1.5 GB, ~500 MB, 10-15% (rules of thumb)")

ln = L("- **Fórmula de pesos** (de Cap. 2)")
e.claim(ln, "7B weights at Q4 / Q8 / BF16 in GB", ["3.5", "7", "14"], [weights(4), weights(8), weights(16)])

ln = L("- **KV cache por petición:**")
e.claim(ln, "KV for Llama 3 8B, 8K tokens, FP16, 32 heads, decimal GB", "4.3", R(kv32, GB))
e.claim(ln, "KV with GQA (8 KV heads), decimal GB", "1.1", R(kv8, GB))

e.given(L("- **Overhead del framework:**"), "10-15%, 500 MB to 1.5 GB")
ln = L("- **VRAM para fine-tuning con QLoRA:**")
e.given(ln, "NF4, 8-bit AdamW, 7B")
e.ambiguous(ln, "~8 GB minimum for QLoRA of a 7B model: no breakdown of adapters / optimizer memory is given")
e.given(L("- **Multi-GPU con tensor parallelism:**"), "~10-15% throughput loss (quoted)")
e.given(L("> **Nota del Arquitecto:**"), "12% overhead (rule of thumb)")


e.done()
