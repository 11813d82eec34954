# Expected verdicts for en-kv-daddaops-blog-claims-check.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Llama-3 70B as the script states it: 80 layers, 8 KV heads, head_dim 128, 2 bytes: 2*80*8*128*2 = 327,680 B per token.
# 8K = 8,192 tokens: 2,684,354,560 B = 2.68 GB = 2.50 GiB.  The blog's "2.56 GB" is right under neither reading:
# wrong (a slip), in the docstring and restated in the print.  32 requests: 85.90 GB = 80.0 GiB; "82 GB" is 32 x 2.56 (81.9): carried,
# wrong under both readings.  The author's comment "= 2.50 GB" is right as GiB (the code divides by 1024**3), and
# "2,684,354,560 / 10^9 = 2.68 GB" is right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["kv-cache", "gqa", "memory", "code"])
PER = 2 * 80 * 8 * 128 * 2
REQ = PER * 8192
ALL = REQ * 32


def n(line, what, printed, exact, cause="slip"):
    number_claim(e, line, what, printed, exact, cause)


def gb(nbytes):
    return [("decimal GB", sp.Integer(nbytes) / 10**9), ("binary GiB", sp.Integer(nbytes) / 2**30)]


n(e.line("  - Llama-3 70B (FP16): 327,680 bytes per token"), "2*80*8*128*2", "327,680", sp.Integer(PER))
n(e.line("  - 8K context: 2.56 GB per request"), "8,192 tokens (2.68 GB / 2.50 GiB)", "2.56", gb(REQ))
n(e.line("  - 32 concurrent requests: 82 GB"), "32 requests (85.9 GB / 80.0 GiB)", "82", gb(ALL), cause="carried")
for tag in ("num_layers = 80", "num_kv_heads = 8", "head_dim = 128", "bytes_per_param = 2", "context_len = 8192",
            "concurrent = 32"):
    e.given(e.line(tag), tag)
n(e.line('print(f"  Blog claims: 327,680 bytes")'), "per token restated", "327,680", sp.Integer(PER))
n(e.line('print(f"    Blog claims: 2.56 GB")'), "per request restated", "2.56", gb(REQ))
L = e.line("# Note: 327680 * 8192 = 2,684,354,560 bytes = 2.50 GB")
n(L, "327680 * 8192", "2,684,354,560", sp.Integer(REQ))
n(L, "in GiB (the code divides by 1024**3)", "2.50", gb(REQ))
n(e.line("2,684,354,560 / 10^9 = 2.68 GB"), "in decimal GB", "2.68", gb(REQ))
n(e.line('print(f"    Blog claims: 82 GB")'), "32 requests restated", "82", gb(ALL), cause="carried")
e.done()
