# Expected verdicts for zh-complexity-mrchen314-attention-memory-bottleneck.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese FlashAttention study note (MrChen314) on why standard attention is memory-bound: sizes of Q/K/V/O versus
# the N x N matrices S and P, arithmetic intensity, GPU balance points, multi-head S+P memory.
# Inputs: FP32 = 4 bytes, FP16 = 2 bytes per element; d = 64; N = 512 ... 16384; h = 12 heads, batch 1 or 8;
#   A100 312 TFLOPS / 2.0 TB/s, H100 990 TFLOPS / 3.35 TB/s.
# Exact values (the article's KB/MB/GB are binary: 1 GB for 4 * 16384^2 = 2^30 bytes):
#   Q/K/V/O total = 4 * N * 64 * 2 = 512 N bytes -> 256 KB, 512 KB, 1, 2, 4, 8 MB (binary, exact);
#   S+P = 2 * 2 N^2 = 4 N^2 bytes -> 1, 4, 16, 64, 256 MB, 1 GB (binary, exact);
#   share 4N^2 / (4N^2 + 512N) = 0.8, 0.8889, 0.9412, 0.9697, 0.9846, 0.9923 -> 80/89/94/97/98/99 % (all ok);
#   FP32 sums 4 x 4Nd = 16Nd, 2 x 4N^2 = 8N^2; intensity 5N^2/4N^2 = 1.25; balance 312/2.0 = 156, 990/3.35 = 295.52
#   -> "296" as a rounded integer (ok);
#   multi-head S+P = 4 h N^2 B bytes: 192 MiB, 768 MiB, 3 GiB, 1.5 GiB, 6 GiB (binary, exact).
# Rough values: "~d ≈ 64-128" and "~150-300" restate the ranges loosely, "~10x" for 19/2 = 9.5 is a rough ratio:
#   ambiguous. The SRAM/HBM capacities, bandwidths and latencies are quoted hardware figures (given).
# Wrong lines: none.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["complexity", "flash", "markdown-table"])
L = e.line

e.given(L("一般取 64 或 128"), "typical head dims 64 or 128")
for needle in ("| Q | N × d |", "| K | N × d |", "| V | N × d |", "| **S = QK^T** |", "| **P = softmax(S)** |",
               "| O | N × d |"):
    e.given(L(needle), "bytes per element: FP32 4, FP16 2")
ln = L("Q、K、V、O 合计 ≈ 4 × 4Nd = 16Nd bytes")
e.claim(ln, "4 matrices x 4Nd (FP32)", ["16"], [4 * 4])
ln = L("S 与 P 合计 ≈ 2 × 4N² = 8N² bytes")
e.claim(ln, "2 matrices x 4N^2 (FP32)", ["8"], [2 * 4])

e.given(L("取 d = 64"), "d = 64, FP16")
d = 64
KiB, MiB, GiB = 2**10, 2**20, 2**30
for N, qkvo, qunit, sp_, sunit, pct in ((512, "256", "KB", "1", "MB", "80%"), (1024, "512", "KB", "4", "MB", "89%"),
                                       (2048, "1", "MB", "16", "MB", "94%"), (4096, "2", "MB", "64", "MB", "97%"),
                                       (8192, "4", "MB", "256", "MB", "98%"), (16384, "8", "MB", "1", "GB", "99%")):
    ln = L(f"| {N} | {qkvo} {qunit} | {sp_} {sunit} | {pct} |")
    a = 4 * N * d * 2
    s = 2 * 2 * N**2
    bin_ = {"KB": KiB, "MB": MiB, "GB": GiB}
    dec = {"KB": 10**3, "MB": 10**6, "GB": 10**9}
    number_claim(e, ln, f"Q/K/V/O total for N = {N}", f"{qkvo} {qunit}".split()[0],
                 [("binary", R(a, bin_[qunit])), ("decimal", R(a, dec[qunit]))])
    e.claim(ln, f"S+P for N = {N} [binary {sunit}]", [f"| {sp_} {sunit}".split()[1]], [R(s, bin_[sunit])])
    e.claim(ln, f"S+P share for N = {N}", [pct], [R(s, s + a)])

e.claim(L("FLOPs: 2 × N × N × d = 2N²d"), "QK^T FLOPs coefficient", ["2"], [2])
e.claim(L("Memory Read: Q (2Nd) + K (2Nd) = 4Nd bytes"), "2Nd + 2Nd", ["4"], [2 + 2])
e.given(L("Memory Write: S (2N²) bytes"), "S write 2N^2 bytes (FP16)")
e.given(L("Total Memory: 4Nd + 2N² bytes"), "restates read + write")
e.given(L("计算强度 = 2N²d / (4Nd + 2N²)"), "restates FLOPs / bytes")
e.given(L("≈ 2N²d / 2N² (当 N >> d)"), "dominant terms")
e.given(L("FLOPs: ~5N² (exp, sum, div等操作)"), "rough FLOP count for softmax (author's estimate)")
e.given(L("Memory Read: S (2N²) bytes"), "S read")
e.given(L("Memory Write: P (2N²) bytes"), "P write")
e.claim(L("Total Memory: 4N² bytes"), "2N^2 + 2N^2", ["4"], [4])
e.claim(L("计算强度 = 5N² / 4N² ≈ 1.25"), "5/4", ["1.25"], [R(5, 4)])
e.claim(L("FLOPs: 2 × N × d × N = 2N²d"), "PV FLOPs coefficient", ["2"], [2])
e.given(L("Memory Read: P (2N²) + V (2Nd) = 2N² + 2Nd bytes"), "P and V reads")
e.given(L("Memory Write: O (2Nd) bytes"), "O write")
e.claim(L("Total Memory: 2N² + 4Nd bytes"), "2Nd + 2Nd", ["4"], [4])

ln = L("| A100 | 312 (FP16 Tensor) | 2.0 | 156 |")
e.claim(ln, "A100 balance 312 / 2.0", ["156"], [R(312) / R("2.0")])
ln = L("| H100 | 990 (FP16 Tensor) | 3.35 | 296 |")
e.claim(ln, "H100 balance 990 / 3.35 (rounded integer)", ["296"], [R(990) / R("3.35")], rounded_int=True)
e.ambiguous(L("~d ≈ 64-128"), "loose ranges: d of 64-128 against balance points '~150-300' (156 and 296)")
for needle in ("| 容量 | ~20 MB (总)", "| 带宽 | ~19 TB/s", "| 延迟 | ~20 周期"):
    e.given(L(needle), "quoted hardware figures")
e.ambiguous(L("| 带宽比 | **~10x** | 1x |"), "'~10x' is a rough ratio of ~19 TB/s to ~2 TB/s (9.5)")

e.claim(L("2 × N² × 2 bytes = 4N² bytes (FP16)"), "2 x 2 bytes", ["4"], [4])
e.given(L("h 个头合计：4hN² bytes"), "restates 4N^2 per head times h")
for B, h, N, val, unit in ((1, 12, 2048, "192", "MB"), (1, 12, 4096, "768", "MB"), (1, 12, 8192, "3", "GB"),
                           (8, 12, 2048, "1.5", "GB"), (8, 12, 4096, "6", "GB")):
    ln = L(f"| {B} | {h} | {N} | {val} {unit} |")
    s = 4 * h * N**2 * B
    u = {"MB": (MiB, 10**6), "GB": (GiB, 10**9)}[unit]
    number_claim(e, ln, f"S+P for batch {B}, {h} heads, N = {N} in {unit}", val,
                 [("binary", R(s, u[0])), ("decimal", R(s, u[1]))])

e.done()
