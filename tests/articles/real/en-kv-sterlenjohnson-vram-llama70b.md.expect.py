# Expected verdicts for en-kv-sterlenjohnson-vram-llama70b.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the article's own KV formula 2 x context x hidden x layers x bytes x batch with hidden 8192, 80 layers, FP16
# (2 bytes), batch 1, "8k" = 8192 tokens (2k = 2048, 4k = 4096); weights = 70B x bytes/param, bytes/param = bits/8;
# overhead 1.5 GB in the worked total. The formula divides by 1,073,741,824, so KV sizes are read in GiB (decimal GB
# is also accepted).
# Exact: KV at 8k = 2*8192*8192*80*2 = 21,474,836,480 B = 20 GiB (21.47 GB); at 4k 10 GiB; at 2k 5 GiB;
#        weights 140, 70, 57.75, 49.875, 42, 34.125, 22.75 GB; total 42 + 20 + 1.5 = 63.5; Q3 total 34.125 + 20 + 1.5
#        = 55.625; INT8 KV at 8k = 10 GiB; Q4 -> Q3 saves 7.875 GB.
# Wrong lines: 9
#   "= 20,401,094,656 bytes / 1,073,741,824" (slip: exact 21,474,836,480 B; the printed count is 19 x 2^30, i.e.
#     back-computed from the answer);
#   carried from it (19 GB where the exact value is 20 GiB): "≈ 19 GB"; "... / 1,073,741,824 = 19 GB";
#   "42 + 19 + 1.5 = 62.5 GB" (exact 63.5); "Weights drop to ~34 GB → Total ~54.5 GB" (exact 55.625);
#   the two 8k table rows "19 GB"; "**FP16:** 19 GB"; "**INT8:** 9.5 GB" (exact 10 GiB).
# Ambiguous: the 2k/4k table rows, whose "Total VRAM" column cannot be decided (the table does not say which overhead it adds; with
#   1.5 GB the Q4 rows are 48.5/53.5 and the Q3 rows 40.625/45.625).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["kv", "code-block", "table"])


def kv_bytes(ctx, precision=2):
    return 2 * ctx * 8192 * 80 * precision * 1


def gib(line, what, printed, nbytes, cause="slip"):
    number_claim(e, line, what, printed, [("binary GiB", R(nbytes, 2**30)), ("decimal GB", R(nbytes, 10**9))], cause)


def gb(line, what, printed, value, cause="slip"):
    number_claim(e, line, what, printed, value, cause)


# Weights table: bits -> bytes -> 70B size
for needle, bits, byts, size in [("| **FP16** | 16 | 2.0 | 140 GB |", "16", "2.0", "140"),
                                 ("| **Q8_0** | 8 | 1.0 | 70 GB |", "8", "1.0", "70"),
                                 ("| **Q6_K** | ~6.6 | 0.825 | ~58 GB |", "6.6", "0.825", "58"),
                                 ("| **Q5_K_M** | ~5.7 | 0.7125 | ~50 GB |", "5.7", "0.7125", "50"),
                                 ("| **Q4_K_M** | ~4.8 | 0.6 | **42 GB** ⭐ |", "4.8", "0.6", "42"),
                                 ("| **Q3_K_M** | ~3.9 | 0.4875 | ~34 GB |", "3.9", "0.4875", "34"),
                                 ("| **Q2_K** | ~2.6 | 0.325 | ~23 GB |", "2.6", "0.325", "23")]:
    L = e.line(needle)
    e.given(L, f"{bits} bits per parameter")
    bpp = R(bits) / 8
    e.claim(L, f"{bits}/8 bytes per parameter", [byts], [bpp])
    gb(L, "70B x bytes/param in GB", size, 70 * bpp)
gb(e.line("`70B params × 0.6 bytes = 42 GB`"), "70 * 0.6", "42", 70 * R(6, 10))

# KV example
e.given(e.line("KV Cache = (2 × 8192 × 8192 × 80 × 2 × 1) / 1,073,741,824"), "8k context, hidden 8192, 80 layers, FP16")
L = e.line("= 20,401,094,656 bytes / 1,073,741,824")
number_claim(e, L, "2*8192*8192*80*2 bytes (exact 21,474,836,480)", "20,401,094,656", kv_bytes(8192))
gib(e.line("≈ 19 GB"), "KV at 8k", "19", kv_bytes(8192), cause="carried")

# Full example
gb(e.line("70B × 0.6 bytes/param = 42 GB"), "weights Q4_K_M", "42", 70 * R(6, 10))
gib(e.line("(2 × 8192 × 8192 × 80 × 2 × 1) / 1,073,741,824 = 19 GB"), "KV at 8k", "19", kv_bytes(8192),
    cause="carried")
e.given(e.line("~1.5 GB"), "overhead 1.5 GB")
L = e.line("42 + 19 + 1.5 = 62.5 GB")
gib(L, "KV restated", "19", kv_bytes(8192), cause="carried")
e.claim(L, "42 + KV + 1.5 (exact 63.5)", ["62.5"], [42 + R(kv_bytes(8192), 2**30) + R(3, 2)], cause="carried")
L = e.line("Reduce context to 2k → KV cache drops to ~5 GB → Total ~48.5 GB")
gib(L, "KV at 2k", "5", kv_bytes(2048))
e.claim(L, "42 + 5 + 1.5", ["48.5"], [42 + R(kv_bytes(2048), 2**30) + R(3, 2)])
L = e.line("Use Q3_K_M quant → Weights drop to ~34 GB → Total ~54.5 GB")
gb(L, "Q3_K_M weights", "34", 70 * R(39, 80))
e.claim(L, "Q3 weights + 8k KV + 1.5 (exact 55.625)", ["54.5"], [70 * R(39, 80) + 20 + R(3, 2)], cause="carried")

# Quick reference table
for needle, ctx, kv, cause, total in [("| **Q4_K_M** | 2k | 5 GB | ~48 GB |", 2048, "5", "slip", "48.5"),
                                      ("| **Q4_K_M** | 4k | 10 GB | ~53 GB |", 4096, "10", "slip", "53.5"),
                                      ("| **Q4_K_M** | 8k | 19 GB | ~62 GB |", 8192, "19", "carried", "63.5"),
                                      ("| **Q3_K_M** | 2k | 5 GB | ~40 GB |", 2048, "5", "slip", "40.625"),
                                      ("| **Q3_K_M** | 4k | 10 GB | ~45 GB |", 4096, "10", "slip", "45.625"),
                                      ("| **Q3_K_M** | 8k | 19 GB | ~54 GB |", 8192, "19", "carried", "55.625")]:
    L = e.line(needle)
    why = (f"Total VRAM: the table does not state the overhead it adds; with the 1.5 GB of the worked example the "
           f"exact total is {total} GB")
    if ctx == 8192:
        gib(L, f"KV at {ctx} tokens", kv, kv_bytes(ctx), cause=cause)
        e.ambiguous(L, why)
    else:
        e.ambiguous(L, why + f"; the KV column ({kv} GB = {R(kv_bytes(ctx), 2**30)} GiB) agrees")

# INT8 KV
gib(e.line("- **FP16:** 19 GB (8k context, 70B model)"), "FP16 KV at 8k", "19", kv_bytes(8192), cause="carried")
gib(e.line("- **INT8:** 9.5 GB (same settings)"), "INT8 KV at 8k", "9.5", kv_bytes(8192, 1), cause="carried")
gb(e.line("- Q4_K_M → Q3_K_M saves ~8 GB"), "42 - 34.125", "8", 70 * R(6, 10) - 70 * R(39, 80))
e.done()
