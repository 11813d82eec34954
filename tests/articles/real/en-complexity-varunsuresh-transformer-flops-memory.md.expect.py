# Expected verdicts for en-complexity-varunsuresh-transformer-flops-memory.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# The post counts per-token inference FLOPs (1 new token, KV cache) as 24 d^2 per block plus the output layer, and the
# FP16 memory of weights and KV cache.  Its own rule (1), 2mnp for an (m x n)(n x p) product, gives the output layer
# (1 x d_model)(d_model x d_vocab) = 2 d_model d_vocab FLOP, but (8), (9) and the headline formula write
# 2 d_model^2 d_vocab (one factor d_model too many), and the FLOP table is evaluated with that formula.  End to end
# (24 L d^2 + 2 d V) the models cost:
# - GPT2 XL (48, 1600, 50257): 2,949,120,000 + 160,822,400 = 3,109,942,400 = 0.00311T, printed "0.260T";
# - Llama 3.1 8B (32, 4096, 128000): 12,884,901,888 + 1,048,576,000 = 13,933,477,888 = 0.0139T, printed "4.307T"
#   (even formula (9) gives 4,307,852,197,888 = 4.308T, so 4.307 is also truncated);
# - Llama 3.1 405B (126, 16384, 128000): 811,748,818,944 + 4,194,304,000 = 0.816T, printed "69.53T";
#   all three are slips (the root error is the symbolic formula (8), which prints no number).
# - 101 / 4.307 = 23.45 is right as written, but end to end 101e12 / 13,933,477,888 = 7,249 tokens/s: the "23" (and
#   the restated 4.307) are carried.
# - KV cache per 1000 tokens, 4 L d * 1000 bytes: 0.3072 GB, 0.524288 GB and 8,257,536,000 B = 8.26 GB (or 7.69 GiB),
#   printed "8.25GB" (truncated; slip).  The 9GB is 12GB - 3GB; 9 / 0.307 = 29.3 thousand tokens is printed as
#   "about 30k", a round figure whose precision the post does not fix (ambiguous).
# Symbolic coefficients (6, 16, 24, 8 entries, 3 multiplications and 2 additions) agree.  The sentence "n additions
# and n-1 multiplications" swaps the two counts but prints no number.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="en", topics=["complexity", "flops", "memory", "kv", "latex-array", "prose"])
L_ = e.line

T, GB = 10**12, 10**9


def flops(L, d, V):
    return 24 * L * d**2 + 2 * d * V


def kv1000(L, d):
    return 4 * L * d * 1000


e.claim(L_("24.n_{layers}.d_{model}^2 + 2.d_{vocab}.d_{model}^2"), "block coefficient 6 + 2 + 16", ["24"], [6 + 2 + 16])
ln = L_("With A of shape $2x3$ and B of shape $3x4$")
e.given(ln, "shapes 2x3 and 3x4")
e.claim(L_("which takes 3 multiplication operations and 2 addition operations"),
        "products and sums for one entry with n = 3", ["3", "2"], [3, 3 - 1])
e.claim(L_("The product has 8 entries here"), "entries of the 2x4 product", ["8"], [2 * 4])
e.claim(L_("3.\\frac{2d_{model}^2}{n_{head}} = \\frac{6d_{model}^2}{n_{head}}"), "q, k and v per head", ["6"], [3 * 2])
e.claim(L_("2.4.d_{model}^2 + 2.4.d_{model}^2 = 16.d_{model}^2"), "feed-forward coefficient", ["16"], [2 * 4 + 2 * 4])
e.claim(L_("\\approx 24.d_{model}^2 \\tag{7}"), "block coefficient", ["24"], [6 + 2 + 16])
e.claim(L_("24.d_{model}^2.n_{layers} + 2.d_{model}^2.d_{vocab} \\tag{9}"), "block coefficient (restated)", ["24"],
        [6 + 2 + 16])
for lab, (Ly, d, V), printed in (("GPT2 XL (1.55B) & 48 & 1600 & 50257", (48, 1600, 50257), "0.260"),
                                 ("Llama 3.1(8B) & 32 & 4096 & 128000", (32, 4096, 128000), "4.307"),
                                 ("Llama 3.1(405B) & 126 & 16384 & 128000", (126, 16384, 128000), "69.53")):
    ln = L_(lab)
    e.given(ln, "model shape (layers, width, vocabulary)")
    e.claim(ln, "per-token FLOP 24 L d^2 + 2 d V, in T", [printed], [R(flops(Ly, d, V), T)])
ln = L_("The author's RTX 3060 peaks at 101T FLOPS")
e.given(ln, "GPU peak 101T FLOPS")
e.claim(ln, "8B per-token FLOP (restated) and tokens per second", ["4.307", "23"],
        [R(flops(32, 4096, 128000), T), R(101 * T, flops(32, 4096, 128000))], cause="carried")
e.given(L_("In FP16 each parameter takes 2 bytes"), "2 bytes per parameter")
ln = L_("The 3060 has 12GB.")
e.given(ln, "12GB card, 8B and ~1.5B parameters")
e.claim(ln, "FP16 weights of 8B and 1.5B parameters, GB", ["16", "3"], [2 * 8, 2 * R(3, 2)])
e.claim(L_("\\text{Storing keys and values} &  4.d_k"), "bytes for K and V per head dimension", ["4"], [2 * 2])
for lab, (Ly, d), printed, cause in (("GPT2 XL (1.55B) & 48 & 1600 &  0.307GB", (48, 1600), "0.307", "slip"),
                                     ("Llama 3.1(8B) & 32 & 4096  & 0.524GB", (32, 4096), "0.524", "slip"),
                                     ("Llama 3.1(405B) & 126 & 16384 & 8.25GB", (126, 16384), "8.25", "slip")):
    ln = L_(lab)
    e.given(ln, "model shape (layers, width)")
    e.claim(ln, "KV bytes for 1000 tokens 4 L d * 1000, in GB", [printed], [R(kv1000(Ly, d), GB)], cause=cause)
ln = L_("the post reckons about $\\frac{9GB}{0.307GB} \\approx 30k$ tokens")
e.claim(ln, "free memory 12GB - 3GB and GPT2 XL KV per 1000 tokens", ["9", "0.307"], [12 - 3, R(kv1000(48, 1600), GB)])
e.ambiguous(ln, "9 / 0.307 = 29.3 thousand tokens; '30k' is a round figure whose precision the post does not fix")
e.done()
