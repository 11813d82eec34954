# Expected verdicts for zh-mla-allenxml-gguf-parser-mla-kv.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article: a GitHub Q&A thread (gpustack/gguf-parser-go #8, in Chinese). The asker sizes DeepSeek's MLA KV cache by
# hand from the paper (compressed latent 512 + decoupled RoPE key 64 per token, context 65536, 4-bit elements) and
# compares it with gguf-parser's estimates for DeepSeek-V3 at -c 65536 and -c 1.
# Inputs: 512, 64, context 65536, 4 bits per element; tool outputs 697.66 GiB and 376.57 GiB (given).
# Exact: 512 + 64 = 576; 576 × 65536 × 4 / 8 = 18,874,368 B = 18 MiB (18.87 MB).
# Wrong lines:
# - "512+64=572" (slip): 512 + 64 = 576.
# - "缓存应该是17.875MB" (carried): 572 × 65536 × 0.5 B = 17.875 MiB follows from the slip; from the inputs it is
#   18 MiB (18.87 MB), so 17.875 is right under no reading.
# Note (not a verdict): the hand estimate covers one layer only (DeepSeek-V3 has 61), which the article does not print.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["mla", "kv-cache", "memory", "q-and-a"])
L = e.line

per_tok = 512 + 64
ln = L("即512+64=572，")
e.given(ln, "latent 512 and RoPE key 64 per token (from the paper)")
e.claim(ln, "512 + 64", "572", per_tok)
ln = L("在上下文65536，精度4bit的情况下，缓存应该是17.875MB")
e.given(ln, "context 65536, 4 bits per element")
size = per_tok * 65536 * R(4, 8)
number_claim(e, ln, "cache of 576 × 65536 elements at 4 bit", "17.875",
             [("MiB", size / 2**20), ("MB", size / 10**6)], cause="carried")
e.given(L("--skip-tokenizer -c 65536"), "gguf-parser command at context 65536")
e.given(L("VRAM 0 NONUMA  697.66 GiB"), "tool output at context 65536")
e.given(L("--skip-tokenizer -c 1"), "gguf-parser command at context 1")
e.given(L("VRAM 0 NONUMA 376.57 GiB"), "tool output at context 1")
e.done()
