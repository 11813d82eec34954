# Expected verdicts for de-kv-gpuflow-vram-qwen14b.md, computed with plain SymPy (see oracle.py); not symattn's code.
# German number format: decimal comma (8,99) and thousands dot (196.608 = 196608).
# - Qwen 2.5 14B: head size 5120 / 40 = 128; weights 14.7e9 × 4.89 / 8 = 8.985e9 B -> 8,99 GB; KV per token
#   2 × 48 × 8 × 128 × 2 = 196,608 B -> 0,2 MB; 4096 / 16384 / 32768 tokens = 0.805 / 3.221 / 6.442 GB -> 0,8 / 3,2 /
#   6,4 (decimal GB); the three sums 10,8 / 13,2 / 16,4 GB: all ok.
# - Llama 3.1 8B: 2 × 32 × 8 × 128 × 2 = 131,072 B; 128K = 131,072 tokens -> 17,179,869,184 B = 17,2 GB: ok.
#   Qwen 2.5 7B: 2 × 28 × 4 × 128 × 2 = 57,344 B: ok.
# - Quantization table and benchmark averages are quoted data (given); "etwa 3 %" = (6.407 − 6.233) / 6.233 = 2.79 %: ok.
# - Speed table quoted (given); "fast 80 %" for 1 − 9.6 / 45.1 = 78.7 % is a hedged "almost" -> ambiguous; 21.8 -> "etwa
#   22": ok.
# No wrong lines.
import sys
from functools import partial
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, dotted_int_claim

e = Expect(__file__, language="de", topics=["kv-cache", "memory", "gqa", "quantization"])
L = e.line


de_int = partial(dotted_int_claim, e)   # German thousands dots (196.608)


e.given(L("1. **Die Gewichte.** Parameter × Bits"), "weights formula")
e.given(L("2. **Der KV-Cache.**"), "KV formula with 2 bytes (16-bit cache)")
e.given(L("3. **Overhead.**"), "overhead of about 1 GB (rule of thumb)")
ln = L("Qwen 2.5 14B hat 14,7 Milliarden Parameter, 48 Schichten")
e.given(ln, "14.7e9 parameters, 48 layers, 8 KV heads, hidden 5120, 40 heads")
e.claim(ln, "head size 5120 / 40", "128", R(5120, 40))
ln = L("- **Gewichte in Q4_K_M:**")
e.given(ln, "4.89 bits per weight and the 9.0 GB download")
e.claim(ln, "weights 14.7e9 × 4.89 / 8 in GB", "8,99", R("14.7") * R("4.89") / 8)
per_tok = 2 * 48 * 8 * 128 * 2
ln = L("- **KV-Cache pro Token:** 2 × 48 × 8 × 128 × 2 Bytes")
de_int(ln, "KV bytes per token", "196.608", per_tok)
e.claim(ln, "KV per token in MB", "0,2", R(per_tok, 10**6))
ln = L("- **KV-Cache für den ganzen Kontext:**")
e.claim(ln, "KV for 4096 / 16384 / 32768 tokens in GB", ["0,8", "3,2", "6,4"],
        [R(per_tok * t, 10**9) for t in (4096, 16384, 32768)])
ln = L("- **Summe:** 9,0 + 0,8 + 1 = 10,8 GB")
e.claim(ln, "the three sums", ["10,8", "13,2", "16,4"],
        [R("9.0") + R("0.8") + 1, R("9.0") + R("3.2") + 1, R("9.0") + R("6.4") + 1])
e.claim(L("> Für Qwen 2.5 14B in Q4_K_M mit 16K Kontext"), "16K sum (FAQ)", "13,2", R("9.0") + R("3.2") + 1)
llama = 2 * 32 * 8 * 128 * 2
ln = L("- Llama 3.1 8B (32 Schichten, 8 KV-Heads, Head-Größe 128)")
de_int(ln, "Llama 3.1 8B KV bytes per token", "131.072", llama)
e.claim(ln, "128K context in GB", "17,2", R(llama * 131072, 10**9))
e.given(ln, "4.9 GB download")
ln = L("- Qwen 2.5 7B hat nur 4 KV-Heads und 28 Schichten")
de_int(ln, "Qwen 2.5 7B KV bytes per token", "57.344", 2 * 28 * 4 * 128 * 2)
for lab in ("| F16 |", "| Q8_0 |", "| Q6_K |", "| Q5_K_M |", "| Q4_K_M |", "| Q3_K_M |", "| Q2_K_S / Q2_K |"):
    e.given(L(lab), "quoted llama.cpp data (bits, size, perplexity)")
ln = L("Seine Lesart: Q8_0 ist praktisch verlustfrei")
e.given(ln, "quoted perplexities, 91.9 % top-token agreement")
e.claim(ln, "perplexity increase of Q4_K_M in percent ('3 %')", "3", 100 * (R("6.407") - R("6.233")) / R("6.233"),
        rounded_int=True)
e.given(L("Eine Benchmark-Studie kam für Llama 3.1 8B Instruct"), "quoted benchmark averages")
for lab in ("| Qwen3.5 27B dicht (IQ3_XXS, 11,5 GB) |", "| Qwen3.5 27B dicht | 64K |", "| Qwen3.5 27B dicht | 128K |",
            "| Qwen3.5 35B-A3B MoE", "| Qwen3.5 122B-A10B MoE"):
    e.given(L(lab), "quoted measurement")
ln = L("Daraus liest er: Das dichte Modell verlor")
e.ambiguous(ln, "'fast 80 %' (almost 80 %) is a hedged bound; the loss 1 − 9.6/45.1 is 78.7 %")
e.claim(ln, "122B MoE speed 21.8 t/s (etwa 22)", "22", R("21.8"), rounded_int=True)
e.done()
