# Expected verdicts for en-gqa-dborzov-microgpt-gqa-cache.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (all stated in the article): KV bytes = 2 * L * H_kv * T * D * bytes/elem (bf16 = 2 bytes).
#   Llama 3 8B: L = 32, H = 32, G = 8, D = 128, T = 128,000.  Qwen3-235B: L = 94, H = 64, G = 4, D = 128, T = 128,000.
#   The plot code defines GB as bytes / 1e9 and puts the H100 line at 80 GB, with the x-axis in units of 1024 tokens.
#   The microGPT toy: n_embd = 16, n_head = 4, n_kv_head = 2.  Llama1-65B's 335 GB cache is carried over from chapter 17
#   (its context length is not restated here), so 335 is taken as given.
# Exact: Llama 3 8B MHA 67,108,864,000 B = 67.108864 GB -> "67" ok; /4 = 16.777 -> "17" ok; /32 = 2.097 -> "2.1" ok.
#        Qwen3 MHA-equivalent 2*94*64*128000*128*2 = 394,264,576,000 B = 394.26 GB (367.18 GiB); /16 = 24.64 -> "25" ok.
#        H100 crossing (80e9 B): MHA 524,288 B/token -> 152,588 tokens = 149.0 K (of 1024) / 152.6 K;
#        GQA-4x 131,072 B/token -> 610,352 tokens = 596.0 K / 610.4 K (the plotted window ends at 256 K).
# Wrong lines: 2
#   "... \approx 393$ GB" (slip: exact 394.26 GB decimal, 367.18 GiB);
#   "MHA crosses the H100 line at 32K context; GQA-4× at 128K" (slip: the crossings are at about 149 K and 596 K tokens
#     (in units of 1024; 152.6 K / 610.4 K in thousands) -- at 128K the article's own MHA cache is 67 GB < 80 GB).
# Ambiguous: "a 1M-token context ... 130 GB" (a two-significant-figure round figure: exact 131.07 GB for T = 10^6,
#   137.4 GB for T = 2^20).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["gqa", "mqa", "kv", "latex-inline", "table", "code-block"])


def kv(L, G, T, D=128, b=2):
    return 2 * L * G * T * D * b


def gb(line, what, printed, nbytes, cause="slip"):
    number_claim(e, line, what, printed, [("decimal GB", R(nbytes, 10**9)), ("binary GiB", R(nbytes, 2**30))], cause)


# MQA on Llama1-65B
L = e.line("With Llama1-65B's $H = 64$ the cache gets 64× smaller")
e.given(L, "H = 64; 335 GB cache from chapter 17")
e.claim(L, "compression H/1", ["64"], [sp.Integer(64)])
number_claim(e, L, "335 GB / 64", "5", R(335, 64))

# microGPT toy
L = e.line("if the microGPT toy has `n_head=4` and we choose `n_kv_head=2`")
e.given(L, "n_head = 4, n_kv_head = 2, n_embd = 16")
n_embd, n_head, n_kv = 16, 4, 2
head_dim = n_embd // n_head
e.claim(L, "group_size = n_head // n_kv_head", ["2"], [sp.Integer(n_head // n_kv)])
e.claim(L, "floats per token per layer: n_embd, n_kv_head*head_dim, ratio", ["16", "8"],
        [sp.Integer(n_embd), sp.Integer(n_kv * head_dim)])
e.claim(L, "compression 16/8 (2x)", ["2"], [R(n_embd, n_kv * head_dim)])

# mapping prose and plot labels
L = e.line("Llama 3 8B uses $H=32$, $G=8$ (4× compression)")
e.claim(L, "Llama 3 8B H/G and Qwen3 H/G", ["4", "16"], [R(32, 8), R(64, 4)])
e.claim(e.line("('Llama 3 8B\\nn_head=32, n_kv_head=8\\n(4x)', 32, 8"), "plot label 32/8", ["4"], [R(32, 8)])
e.claim(e.line("('Qwen3-235B\\nn_head=64, n_kv_head=4\\n(16x)', 64, 4"), "plot label 64/4", ["16"], [R(64, 4)])
e.claim(e.line("('GQA 4x (Llama 3, G=8)', 8,"), "regime label 32/8", ["4"], [R(32, 8)])
e.claim(e.line("('GQA 16x (Qwen3-like, G=2)', 2,"), "regime label 32/2", ["16"], [R(32, 2)])

# Napkin math, Llama 3 8B
e.given(e.line("$L = 32$ layers, $T = 128{,}000$ tokens, $D = 128$ per-head dimension."), "L, T, D")
mha = kv(32, 32, 128000)
L = e.line("**Vanilla MHA** ($H = 32$): $2 \\cdot 32 \\cdot 32 \\cdot 128{,}000")
gb(L, "2*32*32*128000*128*2 bytes in GB", "67", mha)
L = e.line("**GQA with $G = 8$** (4×): $67 / 4 \\approx 17$ GB.")
gb(L, "MHA cache restated", "67", mha)
e.claim(L, "compression H/G", ["4"], [R(32, 8)])
gb(L, "GQA-8 cache", "17", kv(32, 8, 128000))
L = e.line("**MQA** ($G = 1$): $67 / 32 \\approx 2.1$ GB.")
gb(L, "MHA cache restated", "67", mha)
e.claim(L, "MQA cache (GB)", ["2.1"], [R(kv(32, 1, 128000), 10**9)])

# Napkin math, Qwen3-235B
e.given(e.line("And Qwen3-235B at 128K context, $L=94$, $H=64$, $G=4$, $D=128$:"), "Qwen3 L, H, G, D")
L = e.line("Vanilla MHA equivalent: $2 \\cdot 94 \\cdot 64 \\cdot 128{,}000 \\cdot 128 \\cdot 2 \\approx 393$ GB.")
gb(L, "2*94*64*128000*128*2 bytes (exact 394.26 GB)", "393", kv(94, 64, 128000))
L = e.line("With GQA at $G=4$ (16×): $\\approx 25$ GB.")
e.claim(L, "compression 64/4", ["16"], [R(64, 4)])
gb(L, "Qwen3 GQA-4 cache", "25", kv(94, 4, 128000))

# Crossing points of the plotted curves with the 80 GB line
L = e.line("MHA crosses the H100 line at 32K context; GQA-4× at 128K")
per_tok_mha = kv(32, 32, 1)
per_tok_gqa = kv(32, 8, 1)
number_claim(e, L, "MHA context at 80 GB (exact 152,588 tokens)", "32",
             [("K = 1024 tokens (plot axis)", R(80 * 10**9, per_tok_mha * 1024)),
              ("K = 1000 tokens", R(80 * 10**9, per_tok_mha * 1000))])
number_claim(e, L, "GQA-4x context at 80 GB (exact 610,352 tokens)", "128",
             [("K = 1024 tokens (plot axis)", R(80 * 10**9, per_tok_gqa * 1024)),
              ("K = 1000 tokens", R(80 * 10**9, per_tok_gqa * 1000))])

# Production table: ratio column H/G
for needle, printed, exact in [("| Llama 1, GPT-3 | 64–96 | = $H$ | 1× (MHA) |", ["1"], [sp.Integer(1)]),
                               ("| PaLM | 48 | 1 | 48× (MQA) |", ["48"], [R(48, 1)]),
                               ("| Llama 2 70B | 64 | 8 | 8× |", ["8"], [R(64, 8)]),
                               ("| **Llama 3 8B / 70B** | **32 / 64** | **8 / 8** | **4× / 8×** |", ["4", "8"],
                                [R(32, 8), R(64, 8)]),
                               ("| Mistral Large | 96 | 8 | 12× |", ["12"], [R(96, 8)]),
                               ("| **GLM 4.5** | **96** | **8** | **12×** |", ["12"], [R(96, 8)]),
                               ("| **Qwen3-235B-A22B** | **64** | **4** | **16×** |", ["16"], [R(64, 4)]),
                               ("| GPT-OSS-120B | 64 | 8 | 8× |", ["8"], [R(64, 8)])]:
    L = e.line(needle)
    e.given(L, "H and G of the model")
    e.claim(L, "ratio H/G", printed, exact)

# What GQA does not fix
e.ambiguous(e.line("a 1M-token context on Llama 3 8B still needs a 130 GB cache"),
            "a round figure to two significant digits: 2*32*8*T*128*2 bytes is 131.07 GB for T = 10^6 "
            "(137.4 GB for T = 2^20)")

# Summary list
e.claim(e.line("Llama 3 → 4×, GLM 4.5 → 12×, Qwen3 → 16×"), "ratios H/G restated", ["4", "12", "16"],
        [R(32, 8), R(96, 8), R(64, 4)])
e.done()
