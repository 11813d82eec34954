# Expected verdicts for en-gqa-kv-cache-dl-note.md, computed with plain SymPy (see oracle.py); not symattn's code.
# KV bytes = 2 * layers * heads * seq_len * head_dim * bytes; GB (1e9) or GiB (2^30), 4K as 4000 or 4096.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees

e = Expect(__file__, language="en", topics=["gqa"])


def kv_claim(line, what, printed, bytes_per_elem):
    rs = []
    for tok in (4000, 4096):
        for unit, name in ((10**9, "GB"), (2**30, "GiB")):
            rs.append((f"{name}, {tok} tokens", sp.Integer(2 * 32 * 80 * tok * 128 * bytes_per_elem) / unit))
    ok = [r for r in rs if agrees(printed, r[1])]
    name, val = ok[0] if ok else min(rs, key=lambda r: abs(sp.N(r[1]) - sp.N(R(printed))))
    e.claim(line, f"{what} [{name}{'' if ok else ', closest reading'}]", printed, val)


e.given(e.line("- 32 layers, 80 heads, head_dim = 128, seq_len = 4K."), "model sizes")
kv_claim(e.line("FP16 KV cache: 2 × 32 × 80 × 4K × 128 × 2 bytes"), "FP16 cache", "5.2", 2)
kv_claim(e.line("C8 (int8 KV cache)"), "int8 cache (half)", "2.6", 1)
L = e.line("for example 8 query heads in 2 groups")
e.claim(L, "query heads per KV head", "4", sp.Integer(8) / 2)
e.done()
