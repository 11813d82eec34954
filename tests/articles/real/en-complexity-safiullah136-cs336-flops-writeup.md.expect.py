# Expected verdicts for en-complexity-safiullah136-cs336-flops-writeup.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A terse CS336 writeup: each line writes a product of the model's sizes (GPT-2 XL: V = 50,257, T = 1,024, 48 layers,
# d = 1,600, d_ff = 6,400; then small/medium/large and T = 16,384) and its value in GFLOPs/TFLOPs (10^9 / 10^12).
# Each product is judged as written: the writeup counts the attention projections as 4 d^2 T and the SwiGLU as
# 3 d d_ff T per layer without the factor 2 of a multiply-add (which it does use for the final linear), and it
# leaves out Q K^T and the weights-times-V products; these modelling choices are the author's and are not judged.
# Wrong lines:
# - memory: fp32 is 4 bytes a parameter, 2,127,057,600 x 4 = 8,508,230,400 bytes; printed 68,065,843,200
#   (= x 32, bits taken for bytes: slip); its "63.4 GB" is that wrong number over 2^30 (carried; end to end 8.51 GB
#   = 7.92 GiB).
# - The GFLOP/TFLOP conversions are rounded up, not to the nearest: 503.316 GFLOPs printed 504, 1.50995 TFLOPs
#   printed 1.6, 79.047 printed 79.1, 309.238 printed 310, 105.397 printed 106, 8.05306 TFLOPs printed 8.06,
#   2.63491 TFLOPs printed 2.7 (slips; the other conversions happen to agree: 165, 29, 87, 103.1, 242, 725, 132,
#   24.16).
# The "(16,384/1024)x" growth is a ratio of inputs (16) and states no computed value.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["complexity", "flops", "parameters", "memory", "plain-text"])
G, Tera = sp.Integer(10) ** 9, sp.Integer(10) ** 12
V = 50257

L = e.line("a) 50,257*1600 (embeddings)")
e.given(L, "parameter-count expression (V = 50,257, d = 1,600, 48 layers, d_ff = 6,400)")
params = 50257 * 1600 + 48 * (4 * 1600 * 1600 + 3 * 6400 * 1600 + 2 * 1600) + (1 * 1600 + 50257 * 1600)
L = e.line("total parameters: 2127057600")
number_claim(e, L, "total parameters", "2127057600", params)
L = e.line("memory: 68065843200 bytes")
number_claim(e, L, "fp32 memory in bytes (4 bytes a parameter)", "68065843200", 4 * params)
number_claim(e, L, "memory in GB (printed bytes over 10^9 or 2^30)", "63.4",
             [("GB = 10^9 B", sp.Integer(4 * params) / G), ("GiB", sp.Integer(4 * params) / sp.Integer(2) ** 30)],
             cause="carried")


def flops(needle, printed_full, printed_unit, value, unit, nth=1):
    ln = e.line(needle, nth)
    if printed_full:
        number_claim(e, ln, f"{needle.strip()} (exact product)", printed_full, value)
    number_claim(e, ln, f"{needle.strip()} in {'GFLOPs' if unit == G else 'TFLOPs'}", printed_unit,
                 sp.Integer(value) / unit)


# (b) GPT-2 XL, T = 1,024
flops("Attention: 48 * 4 * 1600 * 1600 * 1024", "503316480000", "504", 48 * 4 * 1600 * 1600 * 1024, G)
flops("SwiGLU: 48 * 3 * 1600 * 6400 * 1024", "1,509,949,440,000", "1.6", 48 * 3 * 1600 * 6400 * 1024, Tera)
flops("Final Linear: 2 * 50,257 * 1600 * 1024", "164682137600", "165", 2 * V * 1600 * 1024, G)

# (d) small / medium / large
for n, d, ff, (pa, ps, pf) in [(12, 768, 3072, ("29", "87", "79.1")),
                               (24, 1024, 4096, ("103.1", "310", "106")),
                               (36, 1280, 5120, ("242", "725", "132"))]:
    e.given(e.line(f"({n} layers, {d} d_model"), f"{n} layers, d_model {d}")
    flops(f"Attention: {n} * 4 * {d} * {d} * 1024", None, pa, n * 4 * d * d * 1024, G)
    flops(f"SwiGLU: {n} * 3 * {d} * {ff} * 1024", None, ps, n * 3 * d * ff * 1024, G)
    flops(f"Final Linear: 2 * 50,257 * {d} * 1024", None, pf, 2 * V * d * 1024, G)

# (e) T = 16,384
T2 = 16384
flops("Attention: 48 * 4 * 1600 * 1600 * 16,384", None, "8.06", 48 * 4 * 1600 * 1600 * T2, Tera)
flops("SwiGLU: 48 * 3 * 1600 * 6400 * 16,384", None, "24.16", 48 * 3 * 1600 * 6400 * T2, Tera)
flops("Final Linear: 2 * 50,257 * 1600 * 16,384", None, "2.7", 2 * V * 1600 * T2, Tera)
e.given(e.line("(16,384/1024)x"), "growth factor written as the ratio of the two context lengths")
e.done()
