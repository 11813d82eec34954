# Expected verdicts for en-mla-mccormick-deepseek-v3-kv-compression.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# The post sizes DeepSeek-V3's KV cache: 61 layers, embedding 7,168 ("7k"), 128k-token window, fp16.
# With plain MHA: 128k x 61 x 2 x 7k x 2 bytes.  The author's "k" is 1024 here (7,168 = 7k), and with k = 1024
# the product is 229,243,879,424 bytes = 213.5 GiB exactly: the printed "213.5 GB" is right in binary units
# (decimal GB would give 229.2) -> ok under the GiB reading.  MLA caches a 512-value latent instead of
# 2 x 7,168 = 14,336 ("14k") values: 14,336 / 512 = 28x, and 213.5 / 28 = 7.625 -> "7.6" ok.  128 heads x 128 = 16k.
# MoE part: Llama 3's FFN is [16,384 x 53,248] = [16k x 52k] for the intermediate layer plus the same transposed for
# the output layer.  "that's 1.66B parameters" is wrong: the two matrices hold 2 x 16,384 x 53,248 =
# 1,744,830,464 = 1.74B (one matrix alone 0.87B).  1.66B is what the rounded "16k x 52k" gives with k = 1000
# (2 x 16,000 x 52,000 = 1.664e9), while the post's own k is 1024: right from the author's rounded operands, wrong
# from the printed sizes -> cause drift.  The expert counts (256 x 2k = 512k, 8 x 2k = 16k) are right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["mla", "kv-cache", "memory", "moe", "latex-display", "prose"])

layers, emb, k = 61, 7168, 1024
tokens = 128 * k
mha_bytes = tokens * layers * 2 * emb * 2
mla_bytes = tokens * layers * 512 * 2

e.given(e.line("It has **61 layers**, an embedding size of **7,168** (7k)"), "61 layers, embedding 7,168, 128k tokens")
L = e.line("\\times \\frac{2\\ \\text{bytes}}{\\text{float16}} = \\mathbf{213.5")
number_claim(e, L, "MHA KV cache for a full 128k window", "213.5",
             [("GiB, k = 1024", R(mha_bytes, 2 ** 30)), ("GB, k = 1024", R(mha_bytes, 10 ** 9)),
              ("GB, k = 1000", R(128000 * 61 * 2 * 7000 * 2, 10 ** 9))])
e.given(e.line("takes the token embedding to a small dimension (512)"), "latent dimension 512")
L = e.line("So a token's storage goes from **14k values**")
e.claim(L, "K and V values per token per layer, in k (1024)", ["14"], [R(2 * emb, k)])
L = e.line("A 28x reduction")
e.claim(L, "reduction 2 x 7,168 / 512", ["28"], [R(2 * emb, 512)])
number_claim(e, L, "MHA cache restated", "213.5", [("GiB", R(mha_bytes, 2 ** 30))])
number_claim(e, L, "MLA latent cache", "7.6", [("GiB", R(mla_bytes, 2 ** 30)), ("GB", R(mla_bytes, 10 ** 9))])
L = e.line("DeepSeek-V3 has 128 attention heads with 128 values each")
e.claim(L, "128 heads x 128 values, in k", ["16"], [R(128 * 128, k)])

L = e.line("In Llama 3 the embedding is 16,384 wide")
e.given(L, "Llama 3 FFN [16,384 x 53,248]")
e.claim(L, "[16k x 52k]", ["16", "52"], [R(16384, k), R(53248, k)])
number_claim(e, e.line("1.66B parameters"), "Llama 3 FFN parameters (intermediate + output layer), in B", "1.66",
             [("both matrices", R(2 * 16384 * 53248, 10 ** 9)), ("one matrix", R(16384 * 53248, 10 ** 9))],
             cause="drift")
e.claim(e.line("Calling each of those 52k columns"), "53,248 columns, in k", ["52"], [R(53248, k)])
e.given(e.line("A V3 layer instead has an FFN with **512k neurons**"), "V3 FFN of 512k neurons")
L = e.line("Yet each token is routed to only 16k of them")
e.claim(L, "neurons per token, 8 x 2k", ["16"], [8 * 2])
L = e.line("The 512k neurons are grouped into 256 clusters")
e.claim(L, "256 clusters x 2k", ["512"], [256 * 2])
L = e.line("8 clusters of 2k neurons make, again, 16k")
e.claim(L, "8 x 2k", ["16"], [8 * 2])
for s in ("**1 shared** expert", "**256 routed** experts", "The DeepSeek-V3 embedding size is 7k",
          "The hidden layer of each expert has 2k neurons", "Every expert is an MLP of 2,048 neurons"):
    e.given(e.line(s), "MoE configuration")
L = e.line("Why not just pick the best 8x2k = 16k neurons")
e.claim(L, "8 x 2k", ["16"], [8 * 2])
e.done()
