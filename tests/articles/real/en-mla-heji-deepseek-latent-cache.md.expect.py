# Expected verdicts for en-mla-heji-deepseek-latent-cache.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs stated by the post: MHA with 128 heads of dimension 128, 100 layers, 128K context, 2 bytes (bfloat16);
# MLA caches 576 elements per token per layer (d_c = 512 plus the 64-dim decoupled RoPE key of DeepSeek-V2);
# d = 5120, d_c = 512, query latent 1536.  128K read as 131,072 or 128,000 tokens; GB as GB or GiB.
# - 2 · 128 · 128 = 32,768 per token per layer -> ok (twice); 32,768 / 576 = 56.9 -> "57×" ok.
# - 100 × 128K × 32,768 × 2 bytes: 128,000 tokens give 838.86 GB, which rounds to 839; the other readings are
#   859 GB, 800 GiB, 781 GiB.  "≈ 838 GB" is the truncated figure -> wrong (slip, cut), and its restatement "~838 GB"
#   with it (carried).
# - MLA at 128K: 100 × 128K × 576 × 2 bytes = 14.75 GB (128,000) / 15.10 GB = 14.06 GiB (131,072); printed "~55 GB"
#   -> wrong under every reading (slip; it also contradicts the post's own 57×: 838 / 57 = 14.7).
# - n_h × d_h = 128 × 128 = 16,384 -> ok.
# - "93%" and "5.76×" are DeepSeek-V2's reported figures against DeepSeek 67B, a different model; from the post's own
#   numbers the cache shrinks by 1 − 576/32,768 = 98.2% -> ambiguous.
# - "10× smaller than a single attention head": 5120 / 512 = 10 is d over d_c; against one head (128 dims) the
#   512-dim latent is 4× larger -> ambiguous (the number fits d/d_c, the wording does not).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["mla", "kv-cache", "memory", "mha"])


def readings(per_token_layer):
    out = []
    for name, t in (("128,000 tokens", 128000), ("131,072 tokens", 131072)):
        n = sp.Integer(100 * t * per_token_layer * 2)
        out += [(f"{name}, GB", n / 10**9), (f"{name}, GiB", n / 2**30)]
    return out


L = e.line("# MLA: How DeepSeek Shrinks the KV Cache by 93%")
e.ambiguous(L, "93% is DeepSeek-V2's reduction against DeepSeek 67B; the post's own 576 vs 32,768 is a 98.2% cut")
L = e.line("Summary line of the post")
number_claim(e, L, "MHA floats per token per layer 2·128·128", "32,768", sp.Integer(2 * 128 * 128))
e.given(L, "MLA caches 576 per token per layer")
number_claim(e, L, "reduction 32,768 / 576 (56.9)", "57", R(32768, 576))
e.ambiguous(L, "5.76× faster generation is a reported benchmark, not derivable from the post")
L = e.line("128 heads of dimension 128, that is 32,768")
e.given(L, "128 heads × 128 dims, 100 layers, 128K, 2 bytes")
number_claim(e, L, "2·128·128", "32,768", sp.Integer(2 * 128 * 128))
number_claim(e, L, "MHA cache 100 × 128K × 32,768 × 2 bytes", "838", readings(32768))
L = e.line("MHA needs ~838 GB of KV cache per batch entry")
number_claim(e, L, "MHA cache at 128K (restated)", "838", readings(32768), cause="carried")
number_claim(e, L, "MLA cache at 128K, 576 per token per layer (14.75 GB / 14.06 GiB)", "55", readings(576))
L = e.line("v_t = WV · h_t ← cached: n_h × d_h floats = 16,384")
number_claim(e, L, "n_h × d_h = 128 × 128", "16,384", sp.Integer(128 * 128))
L = e.line("The down-projection WDKV maps from d = 5120 to d_c = 512")
e.given(L, "d = 5120, d_c = 512")
e.ambiguous(L, "10 = d / d_c = 5120 / 512, but the sentence compares with one head (128 dims), which the 512-dim "
               "latent exceeds 4×")
e.given(e.line("compressed query latent cQ (1536-dim)"), "query latent 1536")
e.done()
