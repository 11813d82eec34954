# Expected verdicts for en-kv-lynskey-kv-cache-optimization.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: 80 layers, 64 heads (all with their own K/V), head_dim 128, FP16 = 2 bytes, 4,096 tokens, batch 32.
# - One sequence: 2 · 80 · 64 · 128 · 2 · 4,096 = 10,737,418,240 bytes = 10.7 GB = 10.0 GiB; "approximately 5 GB" is
#   half of it under both readings -> wrong (slip; the K+V factor 2 or the 2 bytes is lost).
# - Batch 32: 343.6 GB = 320 GiB; "160 GB" = 32 × the wrong 5 GB -> wrong (carried).
# - INT8 halves FP16 (2x), INT4 is 4 of 16 bits: a 75% (4x) reduction -> ok.
# - "often 32x to 128x", "typically 4x to 8x", "~60--80%", "2--5x", "2x" for cross-layer sharing are ranges reported
#   for model families and methods not specified here -> ambiguous.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["kv-cache", "memory", "gqa", "mqa"])
seq = sp.Integer(2 * 80 * 64 * 128 * 2 * 4096)
L = e.line("The report's example: a typical 70-billion-parameter model")
e.given(L, "80 layers, 64 heads, head_dim 128, FP16, 4,096 tokens, batch 32")
number_claim(e, L, "KV cache of one 4,096-token sequence", "5", [("GB", seq / 10**9), ("GiB", seq / 2**30)])
number_claim(e, L, "KV cache at batch 32", "160", [("GB", 32 * seq / 10**9), ("GiB", 32 * seq / 2**30)],
             cause="carried")
L = e.line("The report says INT8 halves the memory")
e.claim(L, "INT4 saving against FP16: 1 − 4/16", ["75"], [100 * (1 - R(4, 16))])
L = e.line("which shrinks the cache by a factor equal to the number of query heads")
e.ambiguous(L, "32x to 128x and 4x to 8x are typical head counts and group factors of unnamed models")
e.claim(e.line("  INT8 Quantization      2x"), "16 bits / 8 bits", ["2"], [2])
e.claim(e.line("  INT4 Quantization      4x"), "16 bits / 4 bits", ["4"], [4])
e.ambiguous(e.line("  PagedAttention         \\~60--80% waste eliminated"), "reported waste figure, not derivable")
e.ambiguous(e.line("  Token Eviction (H2O)   2--5x"), "reported range, not derivable")
e.ambiguous(e.line("  GQA (at training)      4--8x"), "depends on the group factor of an unnamed model")
e.ambiguous(e.line("  MQA (at training)      32--128x"), "depends on the head count of an unnamed model")
e.ambiguous(e.line("  Cross-Layer Sharing    2x"), "reported figure, not derivable")
e.done()
