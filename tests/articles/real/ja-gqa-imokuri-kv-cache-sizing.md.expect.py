# Expected verdicts for ja-gqa-imokuri-kv-cache-sizing.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article's formula: bytes = 2 × B × bytes/param × layers × kv_heads × head_size × context_length, with
# head_size = hidden_size // num_attention_heads as printed in each table.  A size agrees under GB (1e9) or GiB
# (2^30), "8k" as 8000 or 8192 tokens; otherwise it is claimed against the closest reading.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees

e = Expect(__file__, language="ja", topics=["gqa", "kv-cache"])


def size_claim(line, what, printed, per_token):
    rs = []
    for tok in (8000, 8192):
        for unit, name in ((10**9, "GB"), (2**30, "GiB")):
            rs.append((f"{name}, {tok} tokens", sp.Integer(per_token * tok) / unit))
    ok = [r for r in rs if agrees(printed, r[1], True)]
    name, val = ok[0] if ok else min(rs, key=lambda r: abs(sp.N(r[1]) - sp.N(R(printed))))
    e.claim(line, f"{what} [{name}{'' if ok else ', closest reading'}]", printed, val, rounded_int=True)


def table(header_after, name, layers, kv_heads, hidden, heads, head_printed, size_printed):
    t = e.line("| 記号                | 値", after=header_after)
    e.given(e.line("| 2                   | 2", after=t), "K and V")
    e.given(e.line("| B ", after=t), "batch 1")
    e.given(e.line("| bytes/param", after=t), "2 bytes")
    e.given(e.line("| num_hidden_layers", after=t), f"{layers} layers")
    e.given(e.line("| num_key_value_heads", after=t), f"{kv_heads} KV heads")
    L = e.line("| head_size", after=t)
    e.claim(L, f"{name}: {hidden} // {heads}", head_printed, sp.floor(sp.Integer(hidden) / heads))
    e.given(e.line("| context_length", after=t), "8k tokens")
    head = hidden // heads
    size_claim(e.line("| KV Cache サイズ", after=t), f"{name}: KV cache for 8k tokens", size_printed,
               2 * 1 * 2 * layers * kv_heads * head)
    return t


t = table(e.line("### 例: Qwen 2.5 32B"), "Qwen2.5-32B", 64, 8, 5120, 40, "128", "2")
t = table(e.line("### google/gemma-3-12b-it"), "gemma-3-12b", 48, 8, 3840, 16, "240", "2.8")
t = table(e.line("### google/gemma-3-27b-it"), "gemma-3-27b", 62, 16, 5376, 32, "168", "5.1")
t = table(e.line("### Qwen/Qwen3-32B"), "Qwen3-32B", 64, 8, 5120, 64, "80", "1.25")
e.done()
