# Expected verdicts for en-kv-supriyo100-session2-kv-memory-math.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A rendered notebook: KV bytes = 2 x num_kv_heads x head_dim x num_layers x dtype_bytes x seq_len x batch, printed by a
# human_bytes helper in binary units labelled "GB"/"KB" (2^31 bytes prints as "2.00 GB").  At seq_len 4096, fp16:
# 7B-ish (32 layers, 32 heads, 128) 2 GiB; 13B-ish (40, 40, 128) 3,355,443,200 B = 3.125 GiB exactly, so "3.12" is one
# neighbour of an exact tie (right); 70B-ish (80 layers, 64 heads, 128) 10 GiB.  fp32 doubles the 7B-ish cache to 4 GiB;
# batch 4/16/64 gives 8/32/128 GiB.  The GQA-8 try-it cell: 2*8*128*32*2 = 131,072 B = 128 KiB per token, x 8192 = 1 GiB.
# The decimal reading (2.15 GB, 3.36 GB, 10.74 GB, ...) would not match; every size is right under the binary reading.
# All right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["kv-cache", "sizes", "notebook-output", "gqa"])
L = e.line


def sizes(nbytes, unit):
    names = {1: ("KB", "KiB"), 3: ("GB", "GiB")}[unit]
    return [(f"binary {names[1]}", sp.Integer(nbytes) / 2 ** (10 * unit)),
            (f"decimal {names[0]}", sp.Integer(nbytes) / 10 ** (3 * unit))]


def kv(layers, heads, hd, seq, batch=1, nb=2):
    return 2 * heads * hd * layers * nb * seq * batch


e.given(L('"7B-ish": dict(num_layers=32, num_kv_heads=32, head_dim=128)'), "7B-ish config")
e.given(L('"13B-ish": dict(num_layers=40, num_kv_heads=40, head_dim=128)'), "13B-ish config")
e.given(L('"70B-ish": dict(num_layers=80, num_kv_heads=64, head_dim=128)'), "70B-ish config")
number_claim(e, L("│ 7B-ish  │     2.00 GB │"), "7B-ish cache, 4096 tokens fp16", "2.00", sizes(kv(32, 32, 128, 4096), 3))
number_claim(e, L("│ 13B-ish │     3.12 GB │"), "13B-ish cache (3.125 GiB, exact tie)", "3.12", sizes(kv(40, 40, 128, 4096), 3))
number_claim(e, L("│ 70B-ish │    10.00 GB │"), "70B-ish cache", "10.00", sizes(kv(80, 64, 128, 4096), 3))
number_claim(e, L("│ fp16/bf16 │ 2             │           2.00 GB │"), "7B-ish fp16", "2.00", sizes(kv(32, 32, 128, 4096, nb=2), 3))
number_claim(e, L("│ fp32      │ 4             │           4.00 GB │"), "7B-ish fp32", "4.00", sizes(kv(32, 32, 128, 4096, nb=4), 3))
for b, p in [(1, "2.00"), (4, "8.00"), (16, "32.00"), (64, "128.00")]:
    ln = L(f"│ {b:<10} │")
    number_claim(e, ln, f"7B-ish batch {b}", p, sizes(kv(32, 32, 128, 4096, batch=b), 3))
e.given(L("num_layers, num_kv_heads, head_dim = 32, 8, 128"), "GQA-8 config")
e.given(L("seq_len = 8192"), "seq_len = 8192")
ln = L("per-token: 128.00 KB")
number_claim(e, ln, "per-token bytes, GQA-8", "128.00", sizes(2 * 8 * 128 * 32 * 2, 1))
number_claim(e, ln, "total at 8192 tokens", "1.00", sizes(kv(32, 8, 128, 8192), 3))
e.done()
