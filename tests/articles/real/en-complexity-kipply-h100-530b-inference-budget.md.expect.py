# Expected verdicts for en-complexity-kipply-h100-530b-inference-budget.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Carol Chen's (kipply) blog post "Breakdown of H100s for Transformer Inferencing" (2022): a spec table of A100 / H100,
#   then a hand estimate of Nvidia's "30x" claim for Megatron 530B: large-batch compute and comms times on 16 A100s and
#   16 / 32 / 64 H100s, memory left for the kv cache and requests that fit, a 450-request budget, Infiniband and
#   pipeline-parallel variants.
# Inputs: P = 530e9, 105 layers, d_model 20480; A100 312e12 flop/s (16-bit), 1.5e12 B/s, 300e9 B/s comms, 80GB;
#   H100 2000e12 flop/s (8-bit), 1000e12 (16-bit), 3e12 B/s, 450e9 B/s; comms = B*2*n_layers*4*d/A_c (the 2 dropped
#   for 8-bit); 148 tokens per request; kv bytes 2*2*105*20480*148.
# Exact values: ratios 312/1.5 = 208, 1000/3 = 333.3; batch 512: A100 108.72 ms compute, 29.36 ms comms; H100 x16 16.96,
#   x32 8.48, x64 4.24 ms compute, 9.79 ms comms; 16.96/9.79 = 1.73; 108.72/9.79 = 11.1; synchronous 138.08/18.27 = 7.56
#   (32 H100s) or 138.08/14.03 = 9.84 (64); 1280 GB, 220 GB, 2030 GB; kv 1,273,036,800 B = 1.273 GB (0.637 at 8-bit);
#   220/1.273 = 172.8 requests, 190/1.273 = 149.3; 2*530e9/(16*1.5e12) = 44.17 ms; 450 requests: 7.45 ms, 8.60 ms;
#   44*3/9 = 14.67; 44*4 = 176; 176/9 = 19.56; 9+2 = 11; 11*12 = 132; 132*3/9 = 44.
# Wrong lines (2): "giving us a 19.5x difference" and "176/9=19.5 again": 176/9 = 19.56, which rounds to 19.6 (truncated) -- slip.
# Ambiguous: "9x for synchronous" (which H100 count is meant is unstated: 7.6x for 32, 9.8x for 64); the "64 H100s" block
#   that divides by 32 GPUs (7 ms as written, 3.7 ms for 64); "That's a 12x difference" and "59x" (their comparands are
#   not stated); "exactly 30x" at 50% half precision (the split is not modelled).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="en", topics=["complexity", "serving", "latency", "kv-cache", "table", "katex", "prose-arithmetic"])
I = sp.Integer
P, NL, D = I(530) * 10**9, 105, 20480
A100F, A100B, A100C = I(312) * 10**12, R(15, 10) * 10**12, I(300) * 10**9
H8, H16, HB, HC = I(2000) * 10**12, I(1000) * 10**12, I(3) * 10**12, I(450) * 10**9
ms = R(1, 1000)


def g(needle, what, nth=1, after=0):
    ln = e.line(needle, nth, after)
    e.given(ln, what)
    return ln


g("# Breakdown of H100s", "model name")
g("\"16-bit format\" covers", "16-bit / 8-bit formats")
for s in ("|                          | A100 40GB PCIe", "| 16-bit format Flops", "| Capacity ", "| GPU Memory Bandwidth",
          "| Communication Bandwidth", "| Max Number GPUs"):
    g(s, "spec table row")
ln = e.line("| 8-bit format Flops")
e.given(ln, "spec table row")
e.claim(ln, "8-bit A100 flops = 2 x 312", ["624"], [I(2 * 312)])
g("Up to 256 H100s can be linked", "256, 8, 16")
g("### how to get the 30x", "30x")
ln = e.line("208 on the 40GB A100s and 333")
e.given(ln, "30x, 530B")
e.claim(ln, "flops / bandwidth ratios", ["208", "333"], [A100F / A100B, H16 / HB], rounded_int=True)
g("\\text{compute} = B \\cdot \\frac{2 \\cdot P}{N \\cdot A_f}\\\\", "formula")
g("\\text{comms} = B \\cdot  \\frac{2\\cdot n_\\text{layers}", "formula")
g("For 8-bit formats the factor of 2", "factor 2, 8-bit")
g("Megatron has 105 layers", "105 layers, d_model 20480, batch 512")
c16a = 512 * 2 * P / (16 * A100F)
m16a = 512 * I(2 * NL * 4 * D) / A100C
mh = 512 * I(NL * 4 * D) / HC
g("\\textbf{16 A100s, 16-bit}\\\\", "16 A100s, 16-bit")
e.claim(e.line("512 \\cdot \\frac{2 \\cdot 530\\text{e}9}{16 \\cdot 312\\text{e}12} = 109"), "compute (ms)", ["109"], [c16a / ms], rounded_int=True)
e.claim(e.line("512 \\cdot \\frac{2\\cdot 105 \\cdot 4 \\cdot 20480}{300\\text{e}9}= 29"), "comms (ms)", ["29"], [m16a / ms], rounded_int=True)
for n, printed in ((16, "17"), (32, "8"), (64, "4")):
    g(f"\\textbf{{{n} H100s, 8-bit}}\\\\", f"{n} H100s, 8-bit", nth=1)
    ln = e.line(f"512 \\cdot \\frac{{2 \\cdot 530\\text{{e}}9}}{{{n} \\cdot 2000\\text{{e}}12}}")
    e.claim(ln, f"compute on {n} H100s (ms)", [printed], [512 * 2 * P / (n * H8) / ms], rounded_int=True)
    ln = e.line("512 \\cdot \\frac{105 \\cdot 4 \\cdot 20480}{450\\text{e}9} = 10", nth=[16, 32, 64].index(n) + 1)
    e.claim(ln, "comms on H100s, 8-bit (ms)", ["10"], [mh / ms], rounded_int=True)
g("FP8 is far easier to use than INT8", "FP8, INT8, 32 A100s")
ln = e.line("The attribution: 1.7x")
e.given(ln, "16 -> 32 chips, 8-bit")
t16 = max(512 * 2 * P / (16 * H8), mh)
t32 = max(512 * 2 * P / (32 * H8), mh)
e.claim(ln, "16 -> 32 chips overlapped, flops ratio, 8-bit", ["1.7", "3", "2"], [t16 / t32, H16 / A100F, H8 / H16],
        rounded_int=True)
ln = e.line("That adds up to a 11x speedup")
e.claim(ln, "overlapped speedup A100x16 / H100x32", ["11"], [max(c16a, m16a) / t32], rounded_int=True)
e.ambiguous(ln, "9x for synchronous comms|compute: the H100 count is not stated; (108.7+29.4)/(8.5+9.8) = 7.6 on 32 H100s, "
                "(108.7+29.4)/(4.2+9.8) = 9.8 on 64")
g("> Projected performance subject to change", "quoted footnote (530B, 128, 20)")
ln = e.line("we need the 16x80=1280")
e.given(ln, "530B, BF16, 16 GPUs, 32 GPUs, 148 tokens")
e.claim(ln, "capacities (GB)", ["1280", "220"], [I(16 * 80), I(1280 - 530 * 2)])
e.claim(ln, "room for F8 on 32 GPUs (TB)", ["2"], [I(80 * 32 - 530) / 1000], rounded_int=True)
kv = I(2 * 2 * NL * D * 148)
ln = e.line("2x2x105x20480x148 = 1.27 GB")
e.given(ln, "208, 38.4GB of 40GB, 190GB")
e.claim(ln, "kv per request 16-bit / 8-bit (GB)", ["1.27", "0.64"], [kv / 10**9, kv / 2 / 10**9])
e.ambiguous(ln, "'fits 170 requests' and '~150 requests': 220 / 1.273 = 172.8 and 190 / 1.273 = 149.3, rounded to tens by the author")
g("Say the task is to finish 450 requests", "450 requests, 16 A100s")
g("\\textbf{16 A100s, 16-bit}\\\\", "16 A100s, 16-bit", nth=2)
e.claim(e.line("\\frac{2 \\cdot 530\\text{e}9}{16 \\cdot 1.5\\text{e}12} = 44"), "memory-bound step (ms)", ["44"],
        [2 * P / (16 * A100B) / ms], rounded_int=True)
g("\\textbf{32 H100s, 8-bit}\\\\", "32 H100s, 8-bit", nth=2)
ln = e.line("450 \\cdot \\frac{2 \\cdot 530\\text{e}9}{32 \\cdot 2000\\text{e}12} = 7")
e.claim(ln, "compute for 450 requests on 32 H100s (ms)", ["7"], [450 * 2 * P / (32 * H8) / ms], rounded_int=True)
m450 = 450 * I(NL * 4 * D) / HC
e.claim(e.line("450 \\cdot \\frac{105 \\cdot 4 \\cdot 20480}{450\\text{e}9} = 9"), "comms for 450 (ms)", ["9"], [m450 / ms], rounded_int=True)
g("\\textbf{64 H100s, 8-bit}\\\\", "64 H100s, 8-bit", nth=2)
ln = e.line("450 \\cdot \\frac{2 \\cdot 530\\text{e}9}{32 \\cdot 2000\\text{e}12} = 7", nth=2)
e.ambiguous(ln, "the block is headed 64 H100s but divides by 32: 7 ms as written (7.45), 3.73 ms for 64 GPUs")
e.claim(e.line("450 \\cdot \\frac{105 \\cdot 4 \\cdot 20480}{450\\text{e}9} = 9", nth=2), "comms for 450 (ms)", ["9"], [m450 / ms],
        rounded_int=True)
ln = e.line("Now we get 44x3/9 = 14.7x")
e.given(ln, "missing 2x, earlier 10x, 451 requests, 9ms, less than 10%")
e.claim(ln, "44 x 3 / 9", ["14.7"], [R(44 * 3, 9)])
e.claim(ln, "44 x 4 (ms)", ["176"], [I(44 * 4)])
e.claim(ln, "176 / 9", ["19.5"], [R(176, 9)])
g("The 16 A100s may also be comms bound", "16, HGX, DGX 8")
ln = e.line("Infiniband is _at most_ 600 gigabits")
e.given(ln, "600 gigabits, 9ms throughput, 2ms latency")
e.claim(ln, "600 Gb/s in GB/s", ["75"], [R(600, 8)])
e.claim(ln, "9 + 2 = 11, 11 x 12, 132 x 3 / 9", ["11", "132", "44"], [I(9 + 2), I(11 * 12), R(132 * 3, 9)])
e.ambiguous(ln, "'a 12x difference' and '59x' with the mean batch numbers: the comparands are not stated")
ln = e.line("If 50% of their weights were half precision")
e.given(ln, "50%")
e.ambiguous(ln, "'exactly 30x' with half the weights in half precision: the split is not modelled in the article")
ln = e.line("With pipeline parallelism instead")
e.given(ln, "two hosts of 8 GPUs, 50 + 50 layers, 132/(105x4) (no value printed)")
e.claim(ln, "time between the fast-connection GPUs (ms)", ["11"], [I(9 + 2)])
ln = e.line("Compute does rise, though not twelve times")
e.given(ln, "batch 150, 4x44ms (no value printed)")
e.claim(ln, "half-model unit (ms)", ["44"], [(P / 2 * 2) / (8 * A100B) / ms], rounded_int=True)
ln = e.line("Three batches would take 176ms")
e.given(ln, "128 H100 GPUs")
e.claim(ln, "three batches = 4 x 44 (ms)", ["176"], [I(4 * 44)])
e.claim(ln, "176 / 9", ["19.5"], [R(176, 9)])
g("1. A100s can only connect up to 16 GPUs", "16 vs 256")
e.claim(e.line("2. The flops are higher by 3x"), "flops ratio", ["3", "3"], [H16 / A100F, H16 / A100F], rounded_int=True)
e.claim(e.line("3. The memory bandwidth is higher by 2x"), "bandwidth ratio", ["2", "2"], [HB / A100B, HB / A100B])
g("4. More chips leave more capacity", "list item 4")
g("5. F8 halves the compute", "list item 5, F8")
g("6. Models forced past 16 chips", "16, 256")
e.done()
