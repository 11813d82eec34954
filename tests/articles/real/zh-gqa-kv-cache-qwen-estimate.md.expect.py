# Expected verdicts for zh-gqa-kv-cache-qwen-estimate.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article's own formula: bytes = max_model_len * batch * hidden_size * 2 * dtype_bytes (it has no layer factor;
# the numbers are checked under the article's formula).  MB read as 10^6 bytes or 2^20 bytes, whichever agrees.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees

e = Expect(__file__, language="zh", topics=["gqa"])


def mb_claim(line, what, printed, nbytes, cause="slip"):
    rs = [("MB = 10^6 bytes", sp.Integer(nbytes) / 10**6), ("MiB = 2^20 bytes", sp.Integer(nbytes) / 2**20)]
    ok = [r for r in rs if agrees(printed, r[1], True)]
    name, val = ok[0] if ok else min(rs, key=lambda r: abs(sp.N(r[1]) - int(printed)))
    e.claim(line, f"{what} [{name}{'' if ok else ', closest reading'}]", printed, val, cause=cause, rounded_int=True)


for needle in ("- max_model_len = 2048", "- batch = 4", "- hidden_size = 12288", "- dtype = 8-bit → 1 Byte"):
    e.given(e.line(needle), needle.strip("- "))
mb_claim(e.line("= 2048 × 4 × 12288 × 2 × 1 byte"), "8-bit cache", "201", 2048 * 4 * 12288 * 2 * 1)
e.given(e.line("dtype = 2 bytes"), "FP16 bytes")
# 402 MB is 402.65 MB cut, not rounded (403); it is twice the 201 MB rounded above: drift
mb_claim(e.line("KV Cache ≈ 402 MB"), "FP16 cache", "402", 2048 * 4 * 12288 * 2 * 2, cause="drift")
e.done()
