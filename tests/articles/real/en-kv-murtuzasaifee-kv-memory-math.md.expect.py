# Expected verdicts for en-kv-murtuzasaifee-kv-memory-math.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A notebook export (course session 2) that sizes the KV cache with
#   KV_per_token = 2 x num_kv_heads x head_dim x num_layers x dtype_bytes,  KV_cache = KV_per_token x seq_len x batch.
# Inputs: 7B-ish (32 layers, 32 KV heads, head_dim 128), 13B-ish (40, 40, 128), 70B-ish (80, 64, 128);
#   seq_len 4096, batch 1, fp16 = 2 bytes (fp32 = 4); batch sweep 1/4/16/64; a GQA-8 try-it cell (32 layers, 8 KV heads,
#   head_dim 128, seq_len 8192).
# Exact values (bytes): 7B-ish 2,147,483,648 = 2 GiB; 13B-ish 3,355,443,200 = 3.125 GiB (printed 3.12: a tie, both
#   neighbours agree); 70B-ish 10,737,418,240 = 10 GiB; fp32 4 GiB; batch 4/16/64 -> 8/32/128 GiB;
#   GQA-8 per token 131,072 = 128 KiB, at 8192 tokens 1,073,741,824 = 1 GiB.
# The tables print "GB"/"KB" from a helper (human_bytes) whose divisor the article does not show; every printed size
#   agrees under the binary reading (1 GB = 1024^3 bytes), none under the decimal one (2.15, 3.36, 10.74, ... GB).
# Each size is recorded against both readings (agrees when either does).  No wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["kv-cache", "sizes", "gqa", "rich-table", "code-output"])
L = e.line


def sizes(nbytes, unit):
    names = {1: ("KB", "KiB"), 2: ("MB", "MiB"), 3: ("GB", "GiB")}[unit]
    return [(f"decimal {names[0]}", sp.Integer(nbytes) / 10 ** (3 * unit)),
            (f"binary {names[1]}", sp.Integer(nbytes) / 2 ** (10 * unit))]


def kv(layers, kv_heads, head_dim, seq, batch=1, dtype=2):
    return 2 * kv_heads * head_dim * layers * dtype * seq * batch


# --- formula and first table ------------------------------------------------------------
e.given(L("\\text{KV\\_per\\_token} = 2 \\times"), "per-token formula: factor 2")
e.given(L("The leading 2 counts K **and** V."), "factor 2 for K and V")
e.given(L("# Llama-2-7B-ish config: 32 layers, 32 heads, head_dim 128, fp16."), "7B-ish config restated")
e.given(L('"7B-ish": dict(num_layers=32, num_kv_heads=32, head_dim=128)'), "7B-ish: 32 layers, 32 KV heads, 128")
e.given(L('"13B-ish": dict(num_layers=40, num_kv_heads=40, head_dim=128)'), "13B-ish: 40 layers, 40 KV heads, 128")
e.given(L('"70B-ish": dict(num_layers=80, num_kv_heads=64, head_dim=128)'), "70B-ish: 80 layers, 64 KV heads, 128")
e.given(L('table = Table(title="KV cache size at seq_len=4096, fp16, batch=1'), "seq_len 4096, fp16, batch 1")
e.given(L("total = kv_cache_bytes(seq_len=4096, batch_size=1, dtype_bytes=2, **cfg)"), "call with 4096, 1, 2 bytes")
e.given(L("   seq_len=4096, fp16,   "), "printed table title: seq_len 4096")
e.given(L("   batch=1 (full MHA,    "), "printed table title: batch 1")

number_claim(e, L("│ 7B-ish  │"), "7B-ish cache at 4096 tokens", "2.00", sizes(kv(32, 32, 128, 4096), 3))
number_claim(e, L("│ 13B-ish │"), "13B-ish cache at 4096 tokens", "3.12", sizes(kv(40, 40, 128, 4096), 3))
number_claim(e, L("│ 70B-ish │"), "70B-ish cache at 4096 tokens", "10.00", sizes(kv(80, 64, 128, 4096), 3))

# --- fp16 vs fp32 -----------------------------------------------------------------------
e.given(L('table = Table(title="fp16 vs fp32, 7B-ish config, seq_len=4096")'), "7B-ish, seq_len 4096")
e.given(L('for dtype_name, dtype_bytes in [("fp16/bf16", 2), ("fp32", 4)]:'), "2 and 4 bytes per element")
e.given(L("total = kv_cache_bytes(num_layers=32, num_kv_heads=32, head_dim=128,"), "7B-ish config in the call")
e.given(L("seq_len=4096, dtype_bytes=dtype_bytes)"), "seq_len 4096")
e.given(L("    fp16 vs fp32, 7B-ish config, seq_len=4096    "), "printed table title")
ln = L("│ fp16/bf16 │")
e.given(ln, "bytes/element 2 (restated input)")
number_claim(e, ln, "7B-ish cache, fp16", "2.00", sizes(kv(32, 32, 128, 4096, dtype=2), 3))
ln = L("│ fp32      │")
e.given(ln, "bytes/element 4 (restated input)")
number_claim(e, ln, "7B-ish cache, fp32", "4.00", sizes(kv(32, 32, 128, 4096, dtype=4), 3))

# --- batch sweep ------------------------------------------------------------------------
e.given(L('table = Table(title="batch-size scaling, 7B-ish config, seq_len=4096, fp16")'), "7B-ish, 4096, fp16")
e.given(L("for batch in [1, 4, 16, 64]:"), "batch sizes 1, 4, 16, 64")
e.given(L("total = kv_cache_bytes(num_layers=32, num_kv_heads=32, head_dim=128,", nth=2), "7B-ish config in the call")
e.given(L("seq_len=4096, batch_size=batch, dtype_bytes=2)"), "seq_len 4096, 2 bytes")
e.given(L("        seq_len=4096, fp16        "), "printed table title")
for b, needle, printed in [(1, "│ 1          │", "2.00"), (4, "│ 4          │", "8.00"),
                           (16, "│ 16         │", "32.00"), (64, "│ 64         │", "128.00")]:
    ln = L(needle)
    e.given(ln, f"batch {b} (restated input)")
    number_claim(e, ln, f"7B-ish cache at batch {b}", printed, sizes(kv(32, 32, 128, 4096, batch=b), 3))

# --- try-it cell (GQA-8) ------------------------------------------------------------------
e.given(L("num_layers, num_kv_heads, head_dim = 32, 8, 128"), "GQA-8: 32 layers, 8 KV heads, 128")
e.given(L("seq_len = 8192"), "seq_len 8192")
e.given(L("per_token = 2 * num_kv_heads * head_dim * num_layers * 2"), "per-token formula with 2 bytes")
e.given(L("total = kv_cache_bytes(num_layers, num_kv_heads, head_dim, seq_len, dtype_bytes=2)"), "call with 2 bytes")
ln = L("per-token: 128.00 KB, total @ seq_len=8192: 1.00 GB")
e.given(ln, "seq_len 8192 restated")
number_claim(e, ln, "GQA-8 bytes per token", "128.00", sizes(kv(32, 8, 128, 1), 1))
number_claim(e, ln, "GQA-8 cache at 8192 tokens", "1.00", sizes(kv(32, 8, 128, 8192), 3))
e.done()
