# Expected verdicts for zh-flash-zsc-edge-inference-attention-exercises.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: N = 2048 (4M-element score matrix, FP16); SRAM ~19 TB/s vs HBM ~1.5 TB/s; Flash v1/v2 timings; LLaMA-70B KV example
# L = 80, H = 64, d_head = 128, batch 32, N = 2048, FP16; exercises: N = 2048, d = 64, FP16 traffic; 32 heads, B = 8,
# N = 1024, d_head 128; BigBird w = 3, r = 2, g = 2, N = 512; SRAM 48KB, d = 64; N = 1024, w = 32; 25.6 GB/s, 2 TFLOPS,
# N = 512, d = 768.
# Wrong lines:
#  - LLaMA-70B KV cache "2 x 32 x 80 x 64 x 2048 x 128 x 2 = 168 GB": the product is 171,798,691,840 B = 171.8 GB = 160 GiB;
#    168 is right under no reading (slip).
#  - exercise 1 "总计：约32.5MB": the listed items are 786,432 + 4 x 8,388,608 + 2 x 262,144 B = 34,865,152 B = 33.25 MiB
#    (34.87 MB; 33.3 from the printed 786KB + 32MB + 512KB) - the Q,K,V read was left out (slip).
#  - exercise 4 "对于d=64，最优B ≈ 48": 6*64*B + 2B^2 + 8B = 48 KB gives 2B^2 + 392B = 49,152 -> B = 86.9 (85.3 with
#    48,000 B); B = 48 fills only 23,424 B (slip).
# Everything else checks: 2048^2 = 4M, 8 MB; 19/1.5 = 12.7 -> 13; v1/v2 ratios 1.67, 1.92, 2.06, 2.18, 1.83, 1.92, 1.96;
# 786KB (decimal) and 256KB (binary) item sizes, 1 MB Flash total; 128/32/4 MiB KV; BigBird 7, 4, 13, 6656, 97.5%;
# 1023/64 = 15.98 -> 16; 4 x 512^2 x 768 = 0.81 GFLOP; 2T/25.6G = 78.
# Ambiguous: the text's SRAM inequality "8B_r" (statistics are 8 bytes per row; in units of sizeof(dtype) that is
# 8/sizeof(dtype) B_r, so 8 only for a 1-byte dtype); exercise 8's ~20MB / ~2MB traffic (the head count and what is counted
# are not given), hence the 51%/400/40%/70% figures built on them (40/78 = 51.3% as written; 0.805e9/20e6/78.125 = 51.5%).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["flash", "kv-cache", "gqa", "complexity", "exercises"])
L = e.line
MiB, KiB = 2**20, 2**10

e.given(L("对于长序列（如 $N = 2048$）"), "N = 2048")
e.claim(L("这会产生 4M 个元素的中间矩阵"), "2048^2 in Mi elements", ["4"], [R(2048**2, 2**20)])
number_claim(e, L("以FP16存储，仅注意力矩阵就需要 8MB"), "2048^2 x 2 B", "8",
             [("MiB", R(2048**2 * 2, MiB)), ("MB", R(2048**2 * 2, 10**6))])
e.claim(L("4. 总计：约 $4N^2d + 5N^2$ FLOPs"), "2 + 2 and 5", ["4", "5"], [2 + 2, 5])
e.given(L("- SRAM（共享内存）：~100KB，带宽 ~19TB/s"), "SRAM 100KB, 19 TB/s")
e.given(L("- HBM（全局内存）：~40GB，带宽 ~1.5TB/s"), "HBM 40GB, 1.5 TB/s")
e.claim(L("- 带宽差距：约13倍"), "19 / 1.5", ["13"], [R(19, 1) / R(3, 2)], rounded_int=True)
for row, a, b, r in (("| 512     | 1.5ms", "1.5", "0.9", "1.67"), ("| 2048    | 23ms", "23", "12", "1.92"),
                     ("| 8192    | 370ms", "370", "180", "2.06"), ("| 16384   | 1480ms", "1480", "680", "2.18"),
                     ("| FP32 | 95ms", "95", "52", "1.83"), ("| FP16 | 46ms", "46", "24", "1.92"),
                     ("| BF16 | 45ms", "45", "23", "1.96")):
    ln = L(row)
    e.given(ln, "v1 and v2 timings")
    e.claim(ln, "v1 / v2", [r], [R(a) / R(b)])
e.given(L("| INT8* | - | 18ms | - |"), "INT8 v2 timing")
e.ambiguous(L("$$B_r d + 2B_c d + B_r B_c + 8B_r \\leq"), "the statistics take 2 x 4 = 8 bytes per row; in units of "
            "sizeof(dtype) that is 8/sizeof(dtype) B_r (4 B_r for FP16), so '8B_r' holds only for a 1-byte dtype")
e.given(L("- 参数：$L=80, H=64, d_{head}=128$"), "L, H, d_head")
e.given(L("- 批大小32，序列长度2048，FP16存储"), "batch 32, N 2048, FP16")
kv70 = 2 * 32 * 80 * 64 * 2048 * 128 * 2
number_claim(e, L("- KV cache大小：$2 \\times 32 \\times 80"), "LLaMA-70B KV bytes in GB", "168",
             [("GB", R(kv70, 10**9)), ("GiB", R(kv70, 2**30))])

# questions
for q in ("取 N=2048、d=64、块大小B=64", "模型有32个头，批大小B=8", "*Hint*：KV cache = 2 × batch",
          "BigBird 设窗口 w=3", "SRAM 共 48KB", "N=1024 且 w≤32 时", "某边缘设备带宽 25.6 GB/s"):
    e.given(L(q), "exercise data")
e.given(L("*Hint*：稀疏度 = 1 - (实际连接数 / N²)"), "sparsity formula")

# answers 1
N, d = 2048, 64
qkv = 3 * N * d * 2
s_mat = N * N * 2
nd = N * d * 2
ln = L("   - 读Q,K,V: 3×N×d×2 = 3×2048×64×2 = 786KB")
number_claim(e, ln, "3 x 2048 x 64 x 2 B", "786", [("KB", R(qkv, 1000)), ("KiB", R(qkv, KiB))])
for needle, k in (("   - 写S=QK^T: N²×2 = 8MB", 1), ("   - 读S计算softmax: 8MB", 1), ("   - 写P: 8MB", 1)):
    number_claim(e, L(needle), "N^2 x 2 B", "8", [("MiB", R(s_mat, MiB)), ("MB", R(s_mat, 10**6))])
ln = L("   - 读P,V计算输出: 8MB + 256KB")
number_claim(e, ln, "N^2 x 2 B", "8", [("MiB", R(s_mat, MiB)), ("MB", R(s_mat, 10**6))])
number_claim(e, ln, "N d x 2 B", "256", [("KiB", R(nd, KiB)), ("KB", R(nd, 1000))])
number_claim(e, L("   - 写输出: 256KB", 1), "N d x 2 B", "256", [("KiB", R(nd, KiB)), ("KB", R(nd, 1000))])
total = qkv + 4 * s_mat + 2 * nd
number_claim(e, L("   - 总计：约32.5MB"), "standard traffic total", "32.5",
             [("MiB", R(total, MiB)), ("MB", R(total, 10**6))])
number_claim(e, L("   - 读Q,K,V各一次: 786KB"), "Q,K,V read once", "786", [("KB", R(qkv, 1000)), ("KiB", R(qkv, KiB))])
number_claim(e, L("   - 写输出: 256KB", 2), "output write", "256", [("KiB", R(nd, KiB)), ("KB", R(nd, 1000))])
number_claim(e, L("   - 总计：约1MB"), "Flash traffic", "1", [("MiB", R(qkv + nd, MiB)), ("MB", R(qkv + nd, 10**6))])
# answers 2
for needle, h, p in (("2. MHA: 2×8×32×1024×128×2 = 128MB", 32, "128"), ("   GQA-8: 2×8×8×1024×128×2 = 32MB", 8, "32"),
                     ("   MQA: 2×8×1×1024×128×2 = 4MB", 1, "4")):
    b = 2 * 8 * h * 1024 * 128 * 2
    number_claim(e, L(needle), f"KV with {h} KV heads", p, [("MiB", R(b, MiB)), ("MB", R(b, 10**6))])
# answers 3
e.claim(L("   - 窗口: 2w+1 = 7"), "2w + 1", ["7"], [2 * 3 + 1])
e.given(L("   - 随机: r = 2"), "r = 2")
e.claim(L("   - 全局: 2g = 4（双向）"), "2g", ["4"], [2 * 2])
e.claim(L("   - 总计: 13连接/token"), "7 + 2 + 4", ["13"], [7 + 2 + 4])
e.claim(L("   - 总连接数: ≈512×13 = 6656"), "512 x 13", ["6656"], [512 * 13])
e.claim(L("   - 稀疏度: 1 - 6656/(512²) ≈ 97.5%"), "1 - 6656/512^2", ["97.5%"], [1 - R(6656, 512**2)])
# answers 4
e.given(L("   - Q块: B_r × d × 2字节"), "FP16 2 bytes")
e.claim(L("   - K,V块: 2 × B_c × d × 2字节"), "2 blocks", ["2"], [2])
e.given(L("   - S块: B_r × B_c × 2字节"), "FP16 2 bytes")
e.claim(L("   - 统计量: B_r × 8字节"), "max and sum, 4 bytes each", ["8"], [2 * 4])
e.claim(L("   约束：2B_r×d + 4B_c×d + 2B_r×B_c + 8B_r ≤ 48KB"), "byte coefficients",
        ["2", "4", "2", "8"], [1 * 2, 2 * 2, 1 * 2, 2 * 4])
e.claim(L("   当B_r = B_c = B时，简化为：6Bd + 2B² + 8B ≤ 48KB"), "2 + 4, 2, 8", ["6", "2", "8"], [2 + 4, 2, 8])
Bsym = sp.symbols("B", positive=True)
Bopt = [r for r in sp.solve(6 * 64 * Bsym + 2 * Bsym**2 + 8 * Bsym - 48 * 1024, Bsym) if r.is_positive][0]
e.claim(L("   对于d=64，最优B ≈ 48"), "largest B with 6*64*B + 2B^2 + 8B = 48 KiB", ["48"], [Bopt], rounded_int=True)
# answers 7
e.claim(L("对于N=1024, w=32：L ≥ 1023/64 ≈ 16层"), "N - 1, 2w, (N-1)/(2w)", ["1023", "64", "16"],
        [1023, 64, R(1023, 64)], rounded_int=True)
# answers 8
flops = 4 * 512**2 * 768
e.claim(L("   - 计算量：4×N²×d = 4×512²×768 ≈ 0.8 GFLOPS"), "4 N^2 d in G", ["0.8"], [R(flops, 10**9)])
e.ambiguous(L("   - 内存访问：约20MB"), "traffic estimate: head count and counted tensors not given")
e.ambiguous(L("   - Arithmetic Intensity：0.8G/20M ≈ 40"), "built on the unspecified ~20MB (0.8G/20M = 40 as written)")
e.claim(L("   - 硬件AI：2T/25.6G ≈ 78"), "2e12 / 25.6e9", ["78"], [R(2 * 10**12, 256 * 10**8)], rounded_int=True)
e.ambiguous(L("   - 结论：Memory-bound，利用率约51%"), "40/78 = 51.3% as written; 0.805e9/20e6/78.125 = 51.5% "
            "(and 49% if 20MB means MiB): rests on the unspecified traffic")
e.ambiguous(L("   - 内存访问减少到约2MB"), "traffic estimate not derivable")
e.ambiguous(L("   - AI提升到约400"), "0.8G / ~2MB: rests on the unspecified traffic")
e.ambiguous(L("   - 结论：Compute-bound，利用率约40%"), "utilization not derivable from the printed data")
e.ambiguous(L("   - KV读取减少8倍"), "GQA-8 against an unspecified head count")
e.ambiguous(L("   - 利用率提升到约70%"), "not derivable")
e.done()
