# Expected verdicts for en-gqa-kv-cache-table-devto.md, computed with plain SymPy (see oracle.py); not symattn's code.
# KV bytes = 2 * L * H_kv * d * T * 2 (FP16), as the article states.  A size agrees if it matches under GB (1e9)
# or GiB (2^30), with "4K" read as 4000 or 4096 tokens; otherwise it is claimed against the closest reading.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees

e = Expect(__file__, language="en", topics=["gqa"])


def readings(nbytes_per_token, kilo_tokens):
    out = []
    for ktok in (1000, 1024):
        for unit, name in ((10**9, "GB"), (2**30, "GiB")):
            out.append((f"{name}, {kilo_tokens}K = {kilo_tokens * ktok} tokens",
                        sp.Integer(nbytes_per_token * kilo_tokens * ktok) / unit))
    return out


def kv_claim(line, what, printed, per_token, kilo_tokens, scale=1, cause="slip"):
    rs = [(n, v * scale) for n, v in readings(per_token, kilo_tokens)]
    ok = [r for r in rs if agrees(printed, r[1], True)]
    name, val = ok[0] if ok else min(rs, key=lambda r: abs(sp.N(r[1]) - sp.N(R(printed))))
    e.claim(line, f"{what} [{name}{'' if ok else ', closest reading'}]", printed, val, cause=cause, rounded_int=True)


def per_token(L, H, d):
    return 2 * L * H * d * 2


models = [("**Llama-3-8B**", 32, ["0.5", "4", "16"]), ("**Mistral-7B**", 32, ["0.5", "4", "16"]),
          ("**Llama-3-70B**", 80, ["5", "40", "160"]), ("**Mixtral-8x7B**", 32, ["0.5", "4", "16"])]
for head, L, vals in models:
    h = e.line(head)
    e.given(h, "L, H_kv, d")
    for ctx, val in zip((4, 32, 128), vals):
        ln = e.line(f"| {ctx}K tokens | {val} GB |", after=h)
        kv_claim(ln, f"{head.strip('*')} at {ctx}K tokens", val, per_token(L, 8, 128), ctx)

b8 = per_token(32, 8, 128)
L = e.line("**Llama-3-8B at 128K context (baseline: 16 GB)**")
kv_claim(L, "8B baseline at 128K", "16", b8, 128)
for preset, factor, val in (("high", 10, "1.6"), ("balanced", 17, "0.94"), ("max", 33, "0.48")):
    ln = e.line(f"| {preset} | {factor}x | {val} GB |")
    e.given(ln, "compression factor")
    kv_claim(ln, f"8B 128K cache / {factor}", val, b8, 128, scale=R(1, factor))

b70 = per_token(80, 8, 128)
L = e.line("**Llama-3-70B at 128K context (baseline: 160 GB")
kv_claim(L, "70B baseline at 128K (the table's wrong 160)", "160", b70, 128, cause="carried")
for preset, factor, val in (("high", 10, "16"), ("balanced", 17, "9.4"), ("max", 33, "4.8")):
    ln = e.line(f"| {preset} | {factor}x | {val} GB |")
    e.given(ln, "compression factor")
    kv_claim(ln, f"70B 128K cache / {factor} (from the wrong 160 GB)", val, b70, 128, scale=R(1, factor), cause="carried")
e.done()
