# Expected verdicts for zh-complexity-mrchen314-io-aware-hbm-traffic.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese FlashAttention study note (MrChen314) on IO-aware design: roofline ridge point, per-step arithmetic
# intensity of standard attention, HBM traffic of one forward pass, and a rough FlashAttention saving estimate.
# Inputs: A100 312 TFLOPS and 2 TB/s; d = 64; byte accounting "N² bytes" per N x N matrix, "Nd bytes" per N x d
#   matrix (as the article lists them); M ≈ 100KB, N = 4096.
# Exact values: ridge 312 / 2 = 156; step-1 AI 2N²d / N² = 2d = 128; step-2 2N² and 5N² / 2N² = 2.5;
#   listed HBM traffic: reads Q, K, K, S, P, V = 4Nd + 2N², writes S, P, O = 2N² + Nd -> 4N² + 5Nd;
#   N²d/M = 4096² * 64 / 102400 = 10485.76 (10737.4 with M = 100000): about 10 K units, not 10 MB;
#   ratio 4N² / (N²d/M) = 4M/d = 6400 (6250 with M = 100000).
# Wrong lines:
#   - "~4N² + 6Nd": the items listed just above sum to 4N² + 5Nd (slip).
#   - "~N²d/M ≈ 10MB": 10485.76 units (~10 KB in the article's byte accounting, ~41 KB at 4 bytes/element); 10 MB is
#     right under no reading (slip).
#   - "减少约 25x": follows from the printed 256MB / 10MB; 4N² / (N²d/M) = 4M/d = 6400 (carried).
# Ambiguous: "~4N² ≈ 256MB" is 64 MiB under the article's own "N² bytes" accounting but 256 MiB at 4 bytes per element
#   (FP32); the H100 ridge 296 uses inputs not stated here; "60-80 FLOPs/Byte" and "~50%" are the author's rough
#   estimates; the trend factors (~1000x, ~10x) and the chart ticks are quoted (given).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="zh", topics=["complexity", "flash", "ascii-chart"])
L = e.line

e.given(L("硬件趋势（过去10年）"), "ten-year window")
e.given(L("计算能力增长:      ~1000x"), "quoted trend")
e.given(L("内存带宽增长:      ~10x"), "quoted trend")
for needle in ("   312 ─┼─", "   200 ─┤", "   150 ─┤", "   100 ─┤", "    50 ─┤", "            10   50    156"):
    e.given(L(needle), "roofline chart axis ticks")
e.given(L("这条斜线的斜率 = 内存带宽 (2 TB/s)"), "A100 bandwidth 2 TB/s")
e.given(L("= 312 TFLOPS / 2 TB/s"), "ridge point inputs")
e.claim(L("= 156 FLOPs/Byte"), "ridge 312 / 2", ["156"], [R(312, 2)])

d = 64
e.given(L("FLOPs:  2 × N × N × d"), "QK^T FLOPs")
e.claim(L("Memory: 2Nd (读Q,K) + N² (写S)"), "Nd + Nd reads", ["2"], [2])
e.claim(L("AI ≈ 2N²d / N² = 2d ≈ 128 (假设d=64)"), "2d at d = 64", ["128"], [2 * d])
e.given(L("FLOPs:  ~5N² (exp, sum, div)"), "rough softmax FLOPs")
e.claim(L("Memory: N² (读S) + N² (写P) = 2N²"), "N² + N²", ["2"], [2])
e.claim(L("AI ≈ 5N² / 2N² = 2.5"), "5/2", ["2.5"], [R(5, 2)])
e.given(L("FLOPs:  2 × N × N × d", nth=2), "PV FLOPs")
e.claim(L("AI ≈ 2N²d / N² = 2d ≈ 128", nth=2), "2d at d = 64 (step 3)", ["128"], [2 * d])

e.ambiguous(L("**60-80 FLOPs/Byte**"), "the author's rough overall estimate; not derived from stated inputs")
e.claim(L("- A100: 156 FLOPs/Byte"), "A100 ridge 312 / 2", ["156"], [R(312, 2)])
e.ambiguous(L("- H100: 296 FLOPs/Byte"), "H100 peak and bandwidth are not stated in this article")
e.ambiguous(L("峰值性能的 ~50%"), "rough figure read off a sketch")

e.claim(L("总计: ~4N² + 6Nd"), "listed reads + writes: Nd coefficient", ["6"], [5], cause="slip")

e.given(L("约 100KB 级别"), "M about 100 KB, d 64-128")
e.given(L("取 M ≈ 100KB，d = 64，序列长度 N = 4096"), "M = 100 KB, d = 64, N = 4096")
N, Mb = 4096, 100 * 1024
e.ambiguous(L("访问 ~4N² ≈ 256MB"), "4N² = 67,108,864: 64 MiB under the article's 'N² bytes' accounting, "
            "256 MiB only at 4 bytes per element (FP32), a unit the article never states")
e.claim(L("访问 ~N²d/M ≈ 10MB"), "N²d/M with N = 4096, d = 64, M = 100 KB, in MB", ["10"],
        [R(N**2 * d, Mb) / 2**20], cause="slip")
e.claim(L("**减少约 25x 的HBM访问"), "4N² / (N²d/M) = 4M/d", ["25"], [R(4 * Mb, d)], cause="carried")

e.done()
