# Expected verdicts for en-kv-philscott-llamasharp-context-table.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The post sizes a 7B model's KV cache with its own formula  layers × 2 × hidden_dim × context × bytes  (no GQA: every
# head is cached), with 32 layers, hidden 4096, FP16 (2 bytes), and reads sizes in decimal units (10^6 / 10^9 bytes):
#   4K context: 32·2·4096·4096·2 = 2,147,483,648 B = 2.147 GB ~ 2.1 GB (right; 2.0 GiB in binary units).
#   32K context: 17,179,869,184 B = 17.18 GB ~ 17.2 GB (right).
#   table: 512 -> 268,435,456 B = 268 MB; 2,048 -> 1.07 GB ~ 1.1; 8,192 -> 4.29 ~ 4.3; 16,384 -> 8.59 ~ 8.6 (all right).
# The weight table is parameter count × nominal bits / 8 in decimal units (7B at Q6_K: 7e9 · 6/8 B = 5.25 GB; 1B at
# Q6_K: 750 MB ...): every cell agrees.  Nothing on the page is wrong.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["kv-cache", "memory", "ascii-table", "code-block"])

# weights table: params (billions) x bits / 8 bytes, decimal GB (MB for sub-GB cells)
bits = [16, 8, 6, 4, 2]
for size in (1, 4, 7, 13, 34):
    L = e.line(f"| {size}B ")
    cells = [c.strip() for c in e.lines[L - 1].split("|")[2:7]]
    printed, exact = [], []
    for c, b in zip(cells, bits):
        num, unit = c.lstrip("~").split()
        gb = R(size) * b / 8
        printed.append(num)
        exact.append(gb * 1000 if unit == "MB" else gb)
    e.claim(L, f"{size}B weights at 16/8/6/4/2 bits (params × bits/8, decimal units)", printed, exact)
e.given(e.line("your VRAM minus 4GB"), "rule of thumb: VRAM minus 4GB")

e.given(e.line("KV cache size ≈ num_layers × 2 × hidden_dim"), "formula")
e.given(e.line("(4096 for a typical 7B model"), "hidden 4096 (7B), 5120 (13B); 2 or 4 bytes")
e.given(e.line("Take a 7B model with 32 layers"), "32 layers, hidden 4096, 4K context, FP16")


def kv(ctx):
    return sp.Integer(32 * 2 * 4096 * ctx * 2)


def readings(nbytes, unit):
    p = {"GB": 9, "MB": 6}[unit]
    q = {"GB": 30, "MB": 20}[unit]
    return [(f"decimal {unit}", nbytes / sp.Integer(10) ** p), (f"binary {unit[0]}iB", nbytes / sp.Integer(2) ** q)]


number_claim(e, e.line("32 × 2 × 4096 × 4096 × 2 bytes ≈ 2.1 GB"), "32·2·4096·4096·2 bytes (4K context)", "2.1",
             readings(kv(4096), "GB"))
number_claim(e, e.line("32 × 2 × 4096 × 32768 × 2 bytes ≈ 17.2 GB"), "32·2·4096·32768·2 bytes (32K context)", "17.2",
             readings(kv(32768), "GB"))

for ctx, shown, unit in [(512, "268", "MB"), (2048, "1.1", "GB"), (4096, "2.1", "GB"), (8192, "4.3", "GB"),
                         (16384, "8.6", "GB"), (32768, "17.2", "GB")]:
    L = e.line(f"| {ctx:,}".ljust(17) + "|")
    number_claim(e, L, f"KV cache of the 7B model at {ctx} tokens", shown, readings(kv(ctx), unit))
e.given(e.line("default 131K context"), "131K default context of the first post")
e.done()
