# Expected verdicts for en-flash-sarthak10193-deepdive-notebook-tiling.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A FlashAttention study notebook: the memory cost of materialising N x N scores (N = 8192, 16 heads, 2-byte bf16),
# thread/warp counts, a safe-softmax code cell over a = [1, 6, 11, 4, 5, 10, 12, 18, 81, -6, 8] and its 4-wide split,
# and the Triton grid arithmetic for B = 8, H = 32, S = 8192, d = 128, BLOCK_M = 64 (program ids -> chunk ranges,
# batch index offset_bh // H, head index offset_bh % H).
# Wrong lines (all slips):
#  - "~2148 MB": 8192 x 8192 x 16 x 2 bytes = 2,147,483,648 B = 2147.48 MB (2048 MiB); 2148 is right under no reading.
#  - "in fp16 (2bytes) the max value can only be 65556": with the printed 5 exponent / 10 mantissa bits the largest
#    finite fp16 is (2 - 2^-10) x 2^15 = 65504.
#  - chunk list "[0-63, 64-127, 128-195, **196-255(4th chunk)**": 64-token chunks are 128-191 and 192-255.
#  - "offset_bh // H = 120 // 32 = 7": 120 // 32 = 3 (120 = 3 x 32 + 24).
# Everything else agrees: 2 x 32 = 64 thread blocks, 32 x 128 = 4096 threads = 64 AMD warps, 8192^2 x 16 = 1,073,741,824,
# 8192^2 x 2 B = 128 MiB per head, 1 x 16 = 16 groups, 3 + 3 = 6 HBM trips, 20 / 2 = 10x, the safe-softmax denominator
# 1 + e^-63 + ... = 1.0 and the probabilities summing to 1.0, the padded split, the tensor shapes, 8192 / 64 = 128 chunks,
# 12 // 32 = 0, 12 % 32 = 12, 50 // 32 = 1, 50 % 32 = 18, the last chunk 8128-8191, the batch stride 32 x 8192 x 128 =
# 33,554,432 and 8 x 32 = 256.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["flash", "online-softmax", "complexity", "memory", "notebook", "grid-indexing"])
L = e.line

e.given(L("* 2- 4x wall-clock speedup"), "reported FA1 speedup")
e.given(L("* roughly 25-50% FLOPS utilization"), "reported utilization")
ln = L("2. With 2 batches and 32 attention heads")
e.given(ln, "2 batches, 32 heads")
e.claim(ln, "thread blocks = 2 x 32", ["64"], [2 * 32])
ln = L("3. An A100 has 108 SM's, so only 64/108 SMs are busy.")
e.given(ln, "A100 108 SMs")
e.claim(ln, "64 blocks restated", ["64"], [2 * 32])
for key in ("| Registers            | 256KB per SM", "| Shared Memory (SMEM) | upto 258KB", "| L1 Data Cache",
            "| L2 Cache             | 50MB", "| HBM3                 | 80GB"):
    e.given(L(key), "hardware spec row")
e.given(L("* Working assumption for the rest: HBM r/w (2TB / sec)"), "2 TB/s vs 20 TB/s")
e.given(L("* Warps: 32 threads on Nvidia"), "warp sizes 32 / 64")
e.given(L("* Warpgroups: 4 contiguous warps"), "4 warps")
ln = L("A 2D block of 32*128 gives total threads = 4096")
e.claim(ln, "32 x 128 threads, / 64 per AMD warp", ["4096", "64"], [32 * 128, R(32 * 128, 64)])
e.given(L("* The H100 allows at most 1024 threads"), "H100 limits")

for key in ("* N = 8192.", "* B = 1", "* d = 128 [does not matter", "* NUM HEADS = 16", "* Precision = bfp16 (2 bytes)"):
    e.given(L(key), "example shape")
N, heads, B = 8192, 16, 1
ln = L("8192 X 8192 X 1 X 16 elements = 1073741824")
e.claim(ln, "N^2 x B x heads elements", ["1073741824"], [N * N * B * heads])
nbytes = N * N * B * heads * 2
number_claim(e, L("Total memory required if NxN is materialized ~2148 MB"), "bytes of the N x N scores", "2148",
             [("decimal MB", R(nbytes, 10**6)), ("MiB", R(nbytes, 2**20))])
number_claim(e, L("8192*8192=128MB of SMEM space"), "one head's N x N scores at 2 bytes", "128",
             [("MiB", R(N * N * 2, 2**20)), ("decimal MB", R(N * N * 2, 10**6))])
e.claim(L("with Batch Size = 1 and Num Heads = 16 the work is cut into only 16"), "B x heads groups",
        ["16"], [B * heads])
e.claim(L("The standard schedule makes 6 trips (3 loads and 3 stores)"), "3 loads + 3 stores", ["6"], [3 + 3])
e.claim(L("and HBM access is 10x slower than SMEM access."), "20 TB/s / 2 TB/s", ["10"], [R(20, 2)])

ln = L("in fp16 (2bytes) the max value can only be 65556")
fp16_max = (2 - R(1, 2**10)) * 2**15     # 5 exponent bits (bias 15, max exponent 15), 10 mantissa bits
e.claim(ln, "largest finite fp16 from the printed 5/10-bit layout", ["65556"], [fp16_max])
e.given(ln, "x_i = 12 (e^12 = 162754.8 > 65504, the overflow claim holds)")
e.given(L("* fp16 is with: `1 signed bit |  5 exponent bits"), "fp16 layout")
e.given(L("* bf16 is with: `1 signed bit |  8 exponent bits"), "bf16 layout")

a = [1, 6, 11, 4, 5, 10, 12, 18, 81, -6, 8]
e.given(L("a = [1, 6, 11, 4, 5, 10, 12, 18, 81, -6, 8]"), "input list a")
e.given(L("a = [1, 6, 11, 4, 5, 10, 12, 18, 81, -6, 8]", nth=2), "input list a (second cell)")
e.given(L("BLOCK_SIZE = 4"), "block size 4")
mx = max(a)
den = sum(sp.exp(x - mx) for x in a)
e.claim(L("normalization: 1.0"), "sum exp(a - 81) = 1 + e^-63 + ...", ["1.0"], [den])
e.claim(L("check safe sofmax sumn==1: 1.0"), "sum of the safe softmax", ["1.0"], [sum(sp.exp(x - mx) / den for x in a)])
ln = L("split_a: [[1, 6, 11, 4], [5, 10, 12, 18], [81, -6, 8, 0]]")
padded = a + [0]
e.claim(ln, "4-wide split padded with 0", ["1", "6", "11", "4", "5", "10", "12", "18", "81", "-6", "8", "0"], padded)

for key in ("BATCH_SIZE = 8", "SEQ_LEN = 8192", "EMB_DIM = d = 128", "NUM_HEADS_Q = 32", "NUM_HEADS_KV = 32",
            "BLOCK_M = 64"):
    e.given(L(key), "notebook constant")
ln = L("torch.Size([8, 32, 8192, 128]) torch.Size([8, 32, 8192, 128])")
e.claim(ln, "q, k, v shapes", ["8", "32", "8192", "128"] * 3, [8, 32, 8192, 128] * 3)

for key in ("* BATCH_SIZE (B) = 8", "* S = 8192", "* NUM_HEADS (H) = 32", "* d = 128", "* BLOCK_M = 64 [Tile"):
    e.given(L(key, after=L("### FWD KERNEL in TRITON")), "kernel example constant")
S, BM, H = 8192, 64, 32
e.claim(L("ceil_div(S/BLOCK_M) = 8192 / 64 = 128"), "number of sequence blocks", ["128"], [sp.ceiling(R(S, BM))])
e.given(L("grid_y = B*H"), "grid_y formula")
e.claim(L("cut into blocks of 64, so there are 128 chunks in total"), "chunks", ["128"], [R(S, BM)])
for key in ("**Example 1 (3, 12)**", "**Example 2 (*, 50)**", "**Example 3 (127, 120)**"):
    e.given(L(key), "program ids (start_m, offset_bh)")
ln = L("- `start_m = program_id(3)`")
e.claim(ln, "program id 3 is the 4th chunk", ["4"], [3 + 1])
e.claim(ln, "chunk boundaries", ["0", "63", "64", "127", "128", "195", "196", "255", "8128", "8191"],
        [0, BM - 1, BM, 2 * BM - 1, 2 * BM, 3 * BM - 1, 3 * BM, 4 * BM - 1, S - BM, S - 1])
e.given(L("- `offset_bh = program_id(12)`"), "offset_bh = 12")
e.given(L("- `offset_bh = 12`"), "offset_bh = 12")
e.claim(L("- `offset_bh // H` = 12 // 32"), "12 // 32", ["0"], [12 // 32])
e.claim(L("- `offset_bh  % H` = 12 % 32"), "12 % 32", ["12"], [12 % 32])
e.given(L("    - offset_bh = 50"), "offset_bh = 50")
e.claim(L("    - offset_bh // H = 50 // 32"), "50 // 32", ["1"], [50 // 32])
e.claim(L("    - offset_bh  % H = 50 % 32"), "50 % 32", ["18"], [50 % 32])
ln = L("- start_m = 127      # Last Sequence chunk [8128-8191]")
e.given(ln, "start_m = 127")
e.claim(ln, "last chunk 127 x 64 .. 128 x 64 - 1", ["8128", "8191"], [127 * BM, 128 * BM - 1])
e.given(L("- offset_bh = 120"), "offset_bh = 120")
e.claim(L("- offset_bh // H = 120 // 32 = 7"), "120 // 32", ["7"], [120 // 32])
e.given(L("- offset_bh % H = % 32 = "), "divisor 32 (result left blank)")

for key in ("B = 4", "H = 32", "S = 8192", "d = 128", "a = torch.ones((B, H, S, d)"):
    e.given(L(key, after=L("## Benchmarking helpers")), "stride example constant")
e.claim(L("Jump to next batch .. skip num elements H*S*d =  33554432"), "H x S x d", ["33554432"], [32 * 8192 * 128])
e.claim(L("33554432", after=L("Jump to next batch .. skip num elements H*S*d =  33554432")), "stride(0) echoed",
        ["33554432"], [32 * 8192 * 128])
e.claim(L("horizontal Y = 8*32 = 256"), "B x H", ["256"], [8 * 32])
e.done()
