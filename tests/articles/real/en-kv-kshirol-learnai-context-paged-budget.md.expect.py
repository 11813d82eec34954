# Expected verdicts for en-kv-kshirol-learnai-context-paged-budget.md, computed with plain SymPy (see oracle.py); not symattn's code.
# English course notes (Kiran Shirol, learnAI, "Ch 10: Context Windows & Memory") on attention cost, KV-cache size for
# Llama 3 8B, prefill/decode timing and PagedAttention memory waste.
# Units: the notes use binary sizes ("1024 dims x 2 bytes = 2 KB", "32 layers -> 128 KB") and 2K = 2,048, 128K = 131,072.
# Inputs: Llama 3 8B, 32 layers, KV width 1024 (GQA, 8 heads), 2 bytes; 128K context; pages of 16 tokens;
#   ~200 ms prefill and ~20 ms per decode step (quoted), 500 output tokens.
# Exact values: 2K^2 = 4,194,304 (4M; 2000^2 = 4M too); 1M^2 = 1e12 or 1.0995e12 (1T either way);
#   K or V per token per layer 2,048 B = 2 KB; per token 32 x 4 KB = 131,072 B = 128 KB;
#   131,072 x 131,072 B = 2^34 B = 16 GiB; 4096/1024 = 4; 500 x 20 ms = 10 s; 0.2 + 10 = 10.2 s;
#   2,048 x 128 KB = 256 MiB = 0.25 GiB; waste 32 - 0.5 = 31.5 GiB = 98.4375 %; 2,048 / 16 = 128 pages.
# Wrong lines:
#   - "Request 1: 2K tokens → 125 pages → 0.25 GB" and the same line for request 2: slip; 2K tokens in 16-token pages is
#     128 pages (125 would need 2,000 tokens, and then the size would be 0.24 GiB / 0.26 GB, not 0.25).
# Ambiguous: "16.4 billion"/"16.4B" (128K as 128,000 gives 1.638e10, as 131,072 gives 1.718e10); the book/code/meeting
#   equivalents of 128K tokens (rough ratios not stated); the Llama 3 8B "4096 dims ... = 64 GB" line (its own inputs give
#   2^36 B = 64 GiB, but the notes' own GQA width for the same model is 1024, giving 16 GiB); "60×" (16 / 0.25 = 64, and
#   60 is 64 to one significant figure).
import sys
from functools import partial
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["kv-cache", "complexity", "gqa", "paged-attention", "code-block"])
L = e.line
num = partial(number_claim, e)
GiB, MiB, KiB = 2**30, 2**20, 2**10

ln = L("Windows have grown from GPT-2 (1K tokens)")
e.given(ln, "quoted context-window sizes")
e.ambiguous(ln, "128K x 128K: 128,000^2 = 1.6384e10 (16.4 billion) but 131,072^2 = 1.718e10 (17.2 billion)")
for lab in ("# GPT-2 (2019):", "# GPT-3 (2020):", "# GPT-4 (2023):", "# Claude 3.5 (2024):", "# Gemini 1.5 (2024):",
            "# Llama 3.1 (2024):"):
    e.given(L(lab), "quoted context window")
e.given(L("# What fits in 128K tokens?"), "question")
for lab in ("# ~96,000 words ≈ a 300-page book", "# ~200 pages of code", "# ~3 hours of meeting transcript"):
    e.ambiguous(L(lab), "rough equivalent; the words-per-token and words-per-page ratios are not stated")
e.claim(L("# 2K context:   4M attention scores/layer"), "2K^2 in millions", ["4"], [R(2048**2, 10**6)], rounded_int=True)
e.ambiguous(L("# 128K context: 16.4B attention scores/layer"),
            "128,000^2 = 16.4e9 but 131,072^2 = 17.2e9: the reading of 128K decides")
e.claim(L("# 1M context:   1T attention scores/layer"), "1M^2 in trillions", ["1"], [R(2**40, 10**12)], rounded_int=True)

e.ambiguous(L("32 layers × 2 (K+V) × 128K tokens × 4096 dims × 2 bytes = 64 GB"),
            "from the line's own inputs 32 x 2 x 131,072 x 4096 x 2 = 2^36 B = 64 GiB (68.7 GB), but the notes' own "
            "GQA width for Llama 3 8B is 1024 dims (16 GiB): the two inputs contradict each other")
e.given(L("# Token 1: process [t1]           → 1 step"), "naive step count")
e.given(L("# Token 2: process [t1, t2]       → 2 steps"), "naive step count")
e.given(L("# Token N: process [t1...tN]      → N steps"), "naive step count")
e.given(L("# Total: 1+2+...+N = N²/2 steps"), "leading-order count, symbolic")
for lab in ("# Token 1: compute K1,V1", "# Token 2: compute K2,V2", "# Token N: compute KN,VN"):
    e.given(L(lab), "token indices")
e.given(L("# KV cache memory (Llama 3 8B, BF16):"), "model name")
e.claim(L("#   K: 1024 dims × 2 bytes = 2 KB"), "K bytes per token per layer in KB", ["2"], [R(1024 * 2, KiB)])
e.claim(L("#   V: 1024 dims × 2 bytes = 2 KB"), "V bytes per token per layer in KB", ["2"], [R(1024 * 2, KiB)])
per_tok = 32 * 2 * 1024 * 2
e.claim(L("# Per token (all 32 layers): 128 KB"), "bytes per token in KB", ["128"], [R(per_tok, KiB)])
e.claim(L("# 128K tokens: 128K × 128KB = 16 GB"), "128K tokens in GB", ["16"], [R(131072 * per_tok, GiB)])
e.claim(L("# (GQA reduces this 4× vs full MHA)"), "4096 / 1024", ["4"], [R(4096, 1024)])

for lab in ("# Phase 1: PREFILL", "# Input: 4000-token prompt", "# Process all 4000 tokens in parallel",
            "# Time: ~200ms for 4K tokens on H100", "# Phase 2: DECODE", "# Generate 1 token at a time",
            "# Time: ~20ms per token on H100", "# For a 4K prompt + 500 token response:", "# TTFT: ~200ms (prefill)"):
    e.given(L(lab), "quoted timing / scenario")
e.claim(L("# Generation: 500 × 20ms = 10s (decode)"), "500 x 20 ms in s", ["10"], [R(500 * 20, 1000)])
e.claim(L("# Total: ~10.2s"), "0.2 s + 10 s", ["10.2"], [R(2, 10) + 10])

ln = L("The older approach reserves memory")
e.given(ln, "quoted 2-4x, 60-80 %, 1K tokens, 16-token pages")
e.claim(ln, "reservation for 128K tokens in GB", ["16"], [R(131072 * per_tok, GiB)])
e.claim(L("# Request 1: reserve 128K tokens → 16 GB"), "reservation in GB", ["16"], [R(131072 * per_tok, GiB)])
e.claim(L("# Request 2: reserve 128K tokens → 16 GB"), "reservation in GB", ["16"], [R(131072 * per_tok, GiB)])
e.claim(L("# Actual usage: 2K tokens each → 0.25 GB"), "2K tokens in GB", ["0.25"], [R(2048 * per_tok, GiB)])
used = R(2048 * per_tok, GiB)
e.claim(L("# Waste: 31.5 GB (98.4%!)"), "waste in GB and percent", ["31.5", "98.4%"],
        [2 * 16 - 2 * used, (2 * 16 - 2 * used) / 32])
e.given(L("# Allocate in pages (blocks of 16 tokens)"), "page size")
for nth in (1, 2):
    lab = f"# Request {nth}: 2K tokens → 125 pages → 0.25 GB"
    e.claim(L(lab), "pages for 2K tokens", ["125"], [R(2048, 16)], cause="slip")
    e.claim(L(lab), "2K tokens in GB", ["0.25"], [used])
e.claim(L("# Waste: ~0 GB"), "paged waste (2,048 tokens fill whole pages)", ["0"], [0])
e.ambiguous(L("# → Can serve 60× more concurrent requests!"), "16 / 0.25 = 64; 60 is 64 rounded to one significant figure")
e.given(L("# 2-4× higher than HuggingFace TGI"), "quoted benchmark")
e.done()
