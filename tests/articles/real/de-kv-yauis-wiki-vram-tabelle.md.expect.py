# Expected verdicts for de-kv-yauis-wiki-vram-tabelle.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: formula 2 × layers × heads × seq_len × head_dim × bytes, FP16 (2 bytes).  The article names the models but not
# their shapes; the public configs are used: Llama 7B = 32 layers × 32 heads × 128 (no GQA); Llama 70B (Llama 2 70B) =
# 80 layers × 64 heads × 128, with 8 KV heads under GQA.  4K = 4096 (or 4000), 128K = 131,072 (or 128,000);
# GB read as decimal GB or binary GiB.  A size is wrong only when no reading matches.
# - Llama 7B, 4K: 2·32·32·4096·128·2 = 2,147,483,648 B = 2.15 GB = 2 GiB (4000 tokens: 2.10 GB, 1.95 GiB);
#   printed "~1 GB" -> wrong (slip; 1 GiB is the 2K figure).
# - Llama 70B, 4K: with all 64 heads (as the formula says) 10.74 GB = 10 GiB -> "~10 GB" ok.
# - Llama 70B, 128K: 64 heads, 131,072 tokens: 343.6 GB = 320 GiB -> "~320 GB" ok.
#   (With the 8 KV heads Llama 2 70B really caches, 1.34 GB and 42.9 GB; the article's formula counts all heads.)
# - The counting list (token k needs k attention computations) illustrates the recomputation -> given.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, sp, number_claim

e = Expect(__file__, language="de", topics=["kv-cache", "memory", "gqa"])


def readings(layers, heads, tokens_list):
    out = []
    for name, t in tokens_list:
        n = sp.Integer(2 * layers * heads * t * 128 * 2)
        out += [(f"{name}, {heads} heads, GB", n / 10**9), (f"{name}, {heads} heads, GiB", n / 2**30)]
    return out


for k in ("1", "2", "100", "1000"):
    L = e.line(f"- Token {k}: {k} ")
    e.given(L, f"recomputation count for token {k} (illustration)")
e.given(e.line("\\[ \\text{KV-Cache} = 2 \\times"), "formula")
four_k = [("4096 tokens", 4096), ("4000 tokens", 4000)]
l128 = [("131072 tokens", 131072), ("128000 tokens", 128000)]
L = e.line("| Llama 7B | 4K | ~1 GB |")
number_claim(e, L, "Llama 7B KV cache at 4K (2.15 GB = 2 GiB)", "1", readings(32, 32, four_k))
L = e.line("| Llama 70B | 4K | ~10 GB |")
number_claim(e, L, "Llama 70B KV cache at 4K", "10", readings(80, 64, four_k) + readings(80, 8, four_k))
L = e.line("| Llama 70B | 128K | ~320 GB |")
number_claim(e, L, "Llama 70B KV cache at 128K", "320", readings(80, 64, l128) + readings(80, 8, l128))
e.given(e.line("Quantisierter KV-Cache: 8-bit statt 16-bit"), "int8 vs fp16")
e.done()
