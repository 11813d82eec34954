# Expected verdicts for en-gqa-kv-cache-localops.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article's own inputs: 80 layers, 64 heads (it counts all 64, no GQA), head_dim 128, FP16 (2 bytes);
# its formula divides by 1024^3.  A size agrees under GB (1e9) or GiB (2^30), "8K" as 8000 or 8192 tokens;
# otherwise it is claimed against the closest reading.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees

e = Expect(__file__, language="en", topics=["gqa"])
per_token = 2 * 80 * 64 * 128 * 2


def kv_claim(line, what, printed, kilo_tokens, cause="slip"):
    rs = []
    for ktok in (1000, 1024):
        for unit, name in ((10**9, "GB"), (2**30, "GiB")):
            rs.append((f"{name}, {kilo_tokens * ktok} tokens", sp.Integer(per_token * kilo_tokens * ktok) / unit))
    ok = [r for r in rs if agrees(printed, r[1], True)]
    name, val = ok[0] if ok else min(rs, key=lambda r: abs(sp.N(r[1]) - sp.N(R(printed))))
    e.claim(line, f"{what} [{name}{'' if ok else ', closest reading'}]", printed, val, cause=cause, rounded_int=True)


e.given(e.line("For Llama 3.1 70B (80 layers, 64 heads, head_dim=128)"), "layers, heads, head_dim")
kv_claim(e.line("- 8K context: ~16 GB"), "KV cache at 8K", "16", 8)
kv_claim(e.line("- 32K context: ~61 GB"), "KV cache at 32K", "61", 32)
kv_claim(e.line("- 128K context: ~244 GB"), "KV cache at 128K", "244", 128)

L = e.line("leaves only ~10 GB for the KV cache")
e.given(L, "38 GB weights on a 48 GB card")
e.claim(L, "48 - 38", "10", sp.Integer(48 - 38))
# tokens that fit in 10 GB: 10e9 / per_token = 3815 (or 4096 with GiB); "roughly 5K" follows the article's
# own wrong 16 GB per 8K tokens (2 GB per 1K), so it is carried.
fits = [sp.Integer(10 * 10**9) / per_token / 1000, sp.Integer(10 * 2**30) / per_token / 1024]
e.claim(L, "context that fits in 10 GB, in K tokens (GiB reading: 4096 tokens = 4K)", "5", fits[1], cause="carried",
        rounded_int=True)
e.done()
