# Expected verdicts for en-kv-systemoverflow-kv-cache-memory-cost.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (the page's formula section): Llama 2 7B = 32 layers, 32 heads, head_dim 128, FP16 (2 bytes); batch 1.
#   per token 2 x 32 x 32 x 128 x 2 = 524,288 bytes = 0.524 MB / 0.5 MiB -> "approximately 0.5 MB" right;
#   2,000 tokens: 1,048,576,000 bytes = 1.05 GB / 0.98 GiB -> "roughly 1 GB" right;
#   8,000 tokens: 4.19 GB / 3.91 GiB -> "about 4 GB" right.
# BLOOM's ~4 MB per token is stated without its architecture (an input here); 4,000 x 4 MB = 16 GB right.
# Capacity: 24 GB - 14 GB of weights leaves 10 GB; at 1.05 GB per 2,000-token session that is 9 sessions (10 under
# the binary reading), not "3 to 4" (slip: the page names activations but gives them no size, and nothing it gives
# takes 6-7 GB).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["kv-cache", "sizes", "capacity"])
per_token = sp.Integer(2 * 32 * 32 * 128 * 2)


def size(nbytes, unit):
    d = {"MB": 10**6, "GB": 10**9}[unit]
    b = {"MB": 2**20, "GB": 2**30}[unit]
    return [("decimal", sp.sympify(nbytes) / d), ("binary", sp.sympify(nbytes) / b)]


L = e.line("needs about 0.5 MB of KV cache for every token")
e.claim(L, "per-token KV of Llama 2 7B in MB (decimal 0.524, binary 0.5)", ["0.5"], [per_token / 10**6])
number_claim(e, L, "2,000 tokens in GB", "1", size(2000 * per_token, "GB"))
number_claim(e, L, "8,000 tokens in GB", "4", size(8000 * per_token, "GB"))
e.given(L, "BLOOM ~4 MB per token (architecture not given)")
number_claim(e, L, "4,000 tokens x 4 MB in GB", "16", [("decimal", R(4000 * 4, 1000))])
L = e.line("it comes to approximately 524,288 bytes per token")
e.given(L, "32 layers, 32 heads, head_dim 128, FP16")
number_claim(e, L, "2 x 32 x 32 x 128 x 2 bytes", "524,288", per_token)
L = e.line("has room for only 3 to 4 concurrent sessions of 2,000 tokens")
e.given(L, "14 GB weights, 24 GB GPU")
sessions = [("decimal", sp.floor(R(10 * 10**9) / (2000 * per_token))),
            ("binary", sp.floor(R(10 * 2**30) / (2000 * per_token)))]
number_claim(e, L, "sessions (24 - 14) GB // 2,000-token KV, lower end", "3", sessions)
number_claim(e, L, "sessions (24 - 14) GB // 2,000-token KV, upper end", "4", sessions)
e.done()
