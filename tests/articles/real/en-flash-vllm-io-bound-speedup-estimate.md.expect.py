# Expected verdicts for en-flash-vllm-io-bound-speedup-estimate.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An English tutorial (vLLM learning materials) that estimates why standard attention is I/O bound and how much
# Flash Attention saves, for N = 1024, d = 64 on an A100 (312 TFLOPS, 1.5 TB/s), plus the SRAM budget of 128 x 128 tiles.
# Inputs: N = 1024, d = 64, 4-byte scores, assumed HBM traffic ~20 MB, 312e12 FLOP/s, 1.5e12 B/s; B_r = B_c = 128, FP16.
# Values: 1024^2 x 4 B = 4 MiB; 2 x 1024^2 x 64 = 134,217,728 FLOPs; 134.2e6 / 312e12 = 0.430 us; 20 MB / 1.5 TB/s =
#   13.33 us (decimal MB; 13.98 us if MB = MiB, the article's unit for the 4 MB -> both readings kept, 13 agrees with one);
#   13.33 / (13.33 + 0.43) = 96.9 % -> 97 %; SRAM 2 x (3 x 8192 + 16384) = 81,920 B = 80 KiB; N d x 4 = 262,144 B = 256 KiB
#   = 0.262 MB -> 0.175 us; Flash total 0.175 + 0.430 = 0.605 us.
# Wrong lines:
#   - "Speedup: 13.4 / 0.6 ≈ 22×!": right from the rounded 13.4 and 0.6 (22.3), but end to end
#     (13.33 + 0.43) / (0.175 + 0.430) = 22.75 -> 23 (drift).
# Ambiguous: "Total: ~13.4 μs" is 13 + 0.4 as written, 13.76 -> 13.8 from the exact terms (arithmetic on rounded
#   operands, not the chain's end); "speedup > 50×" for N = 16K is asserted, not derived; "~20 MB" traffic and the
#   SRAM/HBM bandwidth and size figures are rough inputs (given).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["flash", "complexity"])
L = e.line
N, d = 1024, 64
flops = 2 * N**2 * d
t_comp = R(flops) / (312 * 10**12) * 10**6            # microseconds
t_io_dec = R(20 * 10**6) / (R(15, 10) * 10**12) * 10**6
t_io_bin = R(20 * 2**20) / (R(15, 10) * 10**12) * 10**6
flash_bytes = N * d * 4
t_flash = R(flash_bytes) / (R(15, 10) * 10**12) * 10**6

for s in ("Stage 1: Compute S = QK^T", "Stage 2: Compute P = softmax(S)", "Stage 3: Compute O = PV"):
    e.given(L(s), "stage label")
e.given(L("- **SRAM** (shared memory): ~20 TB/s bandwidth, ~20 MB size"), "rough hardware figures")
e.given(L("- **HBM** (global memory): ~1-2 TB/s bandwidth, ~80 GB size"), "rough hardware figures")
e.given(L("Example: N=1024, d=64, on A100 GPU"), "N, d")
e.claim(L("- S matrix: 1024² × 4 bytes = 4 MB"), "1024^2 x 4 B in MiB", "4", R(N * N * 4, 2**20))
e.claim(L("- P matrix: 1024² × 4 bytes = 4 MB"), "1024^2 x 4 B in MiB", "4", R(N * N * 4, 2**20))
e.given(L("- Total HBM traffic: ~20 MB"), "assumed total traffic")
e.claim(L("- FLOPs: 2 × 1024² × 64 = 134M FLOPs"), "2 N^2 d in millions", "134", R(flops, 10**6), rounded_int=True)
e.given(L("- A100 peak: 312 TFLOPS"), "peak")
e.claim(L("- Computation: 134M / 312T = 0.4 μs"), "134.2e6 / 312e12 in us", "0.4", t_comp)
number_claim(e, L("- Memory transfer: 20 MB / 1.5 TB/s = 13 μs"), "20 MB / 1.5 TB/s in us", "13",
             [("MB = 10^6 B", t_io_dec), ("MB = 2^20 B", t_io_bin)])
e.given(L("- Memory transfer: 20 MB / 1.5 TB/s = 13 μs"), "1.5 TB/s bandwidth")
e.claim(L("Result: 97% of time spent on memory transfers!"), "memory share of the time", "97%",
        t_io_dec / (t_io_dec + t_comp))

e.given(L("// SRAM budget: 164 KB on A100"), "SRAM budget")
e.given(L("// For FP16 (2 bytes per element):"), "2 bytes")
e.given(L("// Total SRAM: 2 × (B_r×d + B_c×d + B_c×d + B_r×B_c)"), "formula")
e.given(L("// For d=64:"), "d")
e.given(L("// B_r = B_c = 128"), "tile sizes")
e.given(L("// SRAM = 2 × (128×64 + 128×64 + 128×64 + 128×128)"), "substitution")
e.claim(L("//      = 2 × (8192 + 8192 + 8192 + 16384)"), "tile products", ["8192", "16384"], [128 * 64, 128 * 128])
ln = L("//      = 81,920 bytes = 80 KB")
sram = 2 * (3 * 128 * 64 + 128 * 128)
number_claim(e, ln, "SRAM bytes", "81,920", sram)
e.claim(ln, "SRAM in KiB", "80", R(sram, 1024))
e.given(L("// Fits comfortably in 164 KB!"), "budget restated")

e.given(L("With N=256 and tiles of 128"), "N and tile size")
e.given(L("Sequence length N=256, d=64, B_r=B_c=128"), "N, d, tiles")
e.claim(L("Block 1 (tokens 0-127):"), "last token of tile 1", "127", 128 - 1)
e.claim(L("Block 2 (tokens 128-255):"), "tile 2 range", ["128", "255"], [128, 256 - 1])
for s in ("Load Q[0:128, :], K[0:128, :], V[0:128, :]", "S_11 = Q[0:128] @ K[0:128]^T  # [128 × 128]",
          "m_1 = rowmax(S_11)", "l_1 = rowsum(exp(S_11 - m_1))", "O_1 = exp(S_11 - m_1) @ V[0:128] / l_1",
          "Load K[128:256, :], V[128:256, :]  # Q_1 still in SRAM", "S_12 = Q[0:128] @ K[128:256]^T  # [128 × 128]",
          "m_new = max(m_1, rowmax(S_12))", "α = exp(m_1 - m_new)", "O_1 = α × O_1  # Scale down",
          "P_12 = exp(S_12 - m_new)", "l_new = α × l_1 + rowsum(P_12)", "O_1 = O_1 + P_12 @ V[128:256]",
          "O_1 = O_1 / l_new  # Final normalization", "Write O[0:128, :] = O_1"):
    e.given(L(s), "tile indices and slices")

e.given(L("For N=1024, d=64 on A100:"), "N, d")
e.given(L("- HBM I/O: ~20 MB"), "assumed traffic")
number_claim(e, L("- Time: 20 MB / 1.5 TB/s ≈ 13 μs"), "20 MB / 1.5 TB/s in us", "13",
             [("MB = 10^6 B", t_io_dec), ("MB = 2^20 B", t_io_bin)])
e.claim(L("- Compute: 134M FLOPs / 312 TFLOPS ≈ 0.4 μs"), "compute time", "0.4", t_comp)
e.ambiguous(L("- Total: ~13.4 μs (I/O bound)"),
            "13 + 0.4 as written; the exact terms give 13.33 + 0.43 = 13.76 (arithmetic on rounded operands, mid-chain)")
ln = L("- HBM I/O: N×d = 1024×64×4 bytes = 256 KB")
e.claim(ln, "N d x 4 B in KiB", "256", R(flash_bytes, 1024))
e.claim(L("- Time: 0.26 MB / 1.5 TB/s ≈ 0.17 μs"), "262,144 B in MB, time in us", ["0.26", "0.17"],
        [R(flash_bytes, 10**6), t_flash])
e.claim(L("- Compute: 134M FLOPs / 312 TFLOPS ≈ 0.4 μs", nth=2), "compute time", "0.4", t_comp)
e.claim(L("- Total: ~0.6 μs"), "0.175 + 0.430", "0.6", t_flash + t_comp)
e.claim(L("Speedup: 13.4 / 0.6 ≈ 22×!"), "end-to-end speedup", "22", (t_io_dec + t_comp) / (t_flash + t_comp),
        cause="drift", rounded_int=True)
e.ambiguous(L("For N=16K (longer sequences), speedup > 50×"), "asserted for N = 16K, not derived from stated inputs")

e.given(L("## FlashAttention-2"), "name")
e.given(L("Speedup over Flash Attention 1:"), "table title")
e.given(L("Sequence Length  | FA1 | FA2 | Speedup"), "table header")
for n, fa2 in (("512", "1.4"), ("2048", "1.8"), ("8192", "2.2")):
    ln = L(f"{n}  ")
    e.given(ln, "quoted relative timings")
    e.claim(ln, "FA2 / FA1", f"{fa2}×".rstrip("×"), R(fa2) / 1)
e.done()
