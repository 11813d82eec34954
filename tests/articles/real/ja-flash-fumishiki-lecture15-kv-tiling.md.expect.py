# Expected verdicts for ja-flash-fumishiki-lecture15-kv-tiling.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs are the lecture's own: the Julia snippets (Float32 = 4 bytes, `÷` is integer division, sizeof = bytes of the
# array), the FlashAttention toy example (N = 4, d = 2, blocks of 2, the printed Q, K, V, scale 1/sqrt(2)), the BigBird
# code (N = 64, window radius 3, 2 global tokens, 3 random links per row) and the memory benchmark code of 5.4.
# Zone 0: 16*16*4 = 1024 B = 1 KB, 8192^2*4 ÷ 1024^2 = 256, (16*8192^2*4) ÷ 1024^2 = 4096 are right; for
#   seq_len_huge = 128_000 the code prints 65,536,000,000 ÷ 1024^3 = 61, not 64 -> wrong (slip); the prose "64GB" for
#   128K tokens repeats it (carried; 65.5 GB / 61.0 GiB).  "128K×128K = 16G" is right (16.4e9, or 16 Gi for 131072).
# 1.1/1.2: K and V of shape (2, 512, 512) Float32 are 2,097,152 B each, so MHA K+V = 4,194,304 B (printed 2097152,
#   slip); MQA K+V = 2 × 262,144 = 524,288 B (printed 262144, slip); GQA K+V = 2 × 524,288 = 1,048,576 B (printed
#   524288, slip).  The ratios 8.0x and 4.0x are right.
# 2.1: 1024^2 = 1.05M ("1M"), 8192^2 = 67.1M, ratio 64: right; the 128K line (16B, "16000倍" = 15625 or 16384 by the
#   reading of 128K) is left ambiguous; "N=128Kで64GB" carried.  312e12/1.5e12 = 208 printed "≈ 200": ambiguous.
# 3.2: N=8K: 8192^2*4 B = 256 MiB right.  Toy example (a = 1/sqrt 2 = 0.70711, e^-a = 0.49307): S_11, m, the row sums
#   1 + e^-a = 1.49307, O_1 = [[0.66975, 0.33025], [0.33025, 0.66975]], S_12, l rows 2 + 1.49307 = 3.49307 and
#   2 × 1.49307 = 2.98614: all right.  IO estimate: sqrt(20e6/128) = 395.28 -> 395, 8192^2/395.28 = 169,775 -> "170K",
#   × 4 B = 0.648 MiB -> "0.65 MB": right; "約10倍" and "約400倍" and FA3's "A100の3倍" are left ambiguous.
# BigBird (the code run by hand; the counts do not depend on the random draw): rows 1-2 see all 64 keys; other rows see
#   their clipped window ∪ {1, 2} plus 3 random keys: 9, 10, 11, 12 (rows 3-6), 12 × 55 (rows 7-61), 11, 10, 9
#   (rows 62-64), total 860 edges.  "Actual edges: 576" wrong (slip, exact 860); "Sparsity: 85.94%" = 1 - 576/4096
#   follows it (carried, exact 79.00 %); "Avg edges per row: 9.0" = 576/64 (carried, exact 13.4375 -> 13.44);
#   max 64 right; "Min edges per row: 7" wrong (slip, exact 9); "平均9エッジ/行" carried.  (As printed, the snippet
#   also calls `mean` without `using Statistics`; the claimed numbers are checked as the quantities the code defines.)
# 5.4: Standard N^2*4/1024^2, Flash 128^2*4/1024^2 = 0.0625 ("0.06"), GLA 64^2*4/1024^2 = 0.015625 ("0.016") are
#   right; Sparse N*130*4/1024^2 = 0.5078, 1.0156, 2.0313, 4.0625, 8.125, 16.25 MB but the table prints 0.52, 1.04,
#   2.08, 4.16, 8.32, 16.64 -> all six rows wrong (slips).  32768^2*4 B = 4 GiB right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, number_claim

e = Expect(__file__, language="ja", topics=["flash", "mqa", "gqa", "kv-cache", "memory", "online-softmax",
                                             "sparse-attention", "code-output", "bmatrix"])
KiB, MiB, GiB = 2**10, 2**20, 2**30


def sizes(nbytes, unit):
    base = {"MB": (10**6, MiB), "GB": (10**9, GiB), "KB": (10**3, KiB)}[unit]
    return [(f"decimal {unit}", sp.Integer(nbytes) / base[0]), (f"binary {unit}", sp.Integer(nbytes) / base[1])]


def n(line, what, printed, exact, cause="slip"):
    number_claim(e, line, what, printed, exact, cause)


# intro and Zone 0
n(e.line("128K×128K = 16Gの注意行列"), "128K squared in G", "16",
  [("128,000^2 / 1e9", R(128000**2, 10**9)), ("131,072^2 / 2^30", R(131072**2, 2**30))])
e.given(e.line("seq_len, d = 16, 64"), "16 tokens, d = 64")
e.given(e.line("seq_len_large = 8192"), "8192 tokens")
e.given(e.line("seq_len_huge = 128_000  # GPT-4 context"), "128,000 tokens")
e.claim(e.line("Attention matrix shape: (16, 16)"), "shape", ["16", "16"], [16, 16])
e.claim(e.line("Memory for attn: 1024 bytes = 1 KB"), "16*16*4 bytes and ÷ 1024", ["1024", "1"], [16 * 16 * 4, 1])
e.claim(e.line("  Attention matrix: 256 MB"), "8192^2*4 ÷ 1024^2", ["256"], [8192**2 * 4 // MiB])
e.claim(e.line("  For batch_size=16: 4096 MB"), "16*8192^2*4 ÷ 1024^2", ["4096"], [16 * 8192**2 * 4 // MiB])
e.claim(e.line("  Attention matrix: 64 GB (!)"), "128000^2*4 ÷ 1024^3 (integer division)", ["64"],
        [128000**2 * 4 // GiB])
n(e.line("128Kトークンのコンテキストで64GBのメモリ"), "128,000^2 × 4 bytes in GB", "64",
  sizes(128000**2 * 4, "GB"), cause="carried")
for needle in ("- 32-96レイヤー", "- 32-128ヘッド", "- バッチサイズ4-16"):
    e.given(e.line(needle), "typical LLM sizes")
e.claim(e.line("**系列長Nが2倍になると、メモリは4倍になる。**"), "2^2", ["2", "4"], [2, 2**2])

# 1.1 / 1.2 KV-cache sizes printed by the Julia benchmark
b, s, dm, h = 2, 512, 512, 8
dh = dm // h
mha = 2 * (b * s * dm * 4)
mqa = 2 * (b * s * dh * 4)
gqa = 2 * (b * 2 * s * dh * 4)
e.given(e.line("batch_size, seq_len, d_model, num_heads = 2, 512, 512, 8"), "benchmark sizes")
e.claim(e.line("MHA KV-Cache size: 2097152 bytes"), "sizeof(K_mha) + sizeof(V_mha)", ["2097152"], [mha])
e.claim(e.line("MQA KV-Cache size: 262144 bytes"), "sizeof(K_mqa) + sizeof(V_mqa)", ["262144"], [mqa])
e.claim(e.line("Memory reduction: 8.0x"), "MHA / MQA bytes", ["8.0"], [R(mha, mqa)])
e.claim(e.line("**著者のまとめでは、MQAは8ヘッドで8倍のメモリ削減。**"), "8 heads -> 8x", ["8", "8"], [h, h])
e.claim(e.line("8ヘッドを2グループ(各4ヘッド)に分けると、KV-Cacheは1/4に削減"), "8/2 heads per group, 2/8 of the cache",
        ["4", "1/4"], [sp.Integer(8) / 2, R(2, 8)])
e.given(e.line("num_groups = 2"), "2 KV groups")
e.claim(e.line("GQA (2 groups) KV-Cache size: 524288 bytes"), "sizeof(K_gqa) + sizeof(V_gqa)", ["524288"], [gqa])
e.claim(e.line("Memory reduction from MHA: 4.0x"), "MHA / GQA bytes", ["4.0"], [R(mha, gqa)])

# 2.1
n(e.line("- N=1024 (短文) → 1M回の計算"), "1024^2 in M", "1", [("decimal M", R(1024**2, 10**6))])
L = e.line("- N=8192 (GPT-3) → 67M回の計算 (64倍)")
n(L, "8192^2 in M", "67", [("decimal M", R(8192**2, 10**6))])
e.claim(L, "8192^2 / 1024^2", ["64"], [R(8192**2, 1024**2)])
e.ambiguous(e.line("- N=128K (GPT-4) → 16B回の計算 (16000倍)"),
            "128K read as 128,000 gives 16.4e9 and a ratio 15,625 to 1024^2; as 131,072 it gives 17.2e9 and 16,384; "
            "'16000倍' is a round figure for either")
n(e.line("Zone 0 の出力どおり、N=128Kで64GBの注意行列"), "128,000^2 × 4 bytes in GB", "64",
  sizes(128000**2 * 4, "GB"), cause="carried")
e.given(e.line("- A100 GPU: 312 TFLOPS (FP32), 1.5 TB/s メモリ帯域幅"), "A100 figures as quoted")
e.ambiguous(e.line("- 計算/帯域幅の比 = 312e12 / 1.5e12 ≈ 200"),
            "the quotient is 208; '≈ 200' is a one-significant-figure rounding")

# 3.2
e.given(e.line("| SRAM (on-chip) | ~20 MB | ~19 TB/s | 低 |"), "memory table")
e.given(e.line("| HBM (High Bandwidth Memory) | ~40 GB | ~1.5 TB/s | 中 |"), "memory table")
e.given(e.line("| DRAM (host) | ~100 GB | ~0.9 TB/s | 高 |"), "memory table")
n(e.line("N=8Kで256MBの書き込み"), "8192^2 × 4 bytes in MB", "256", sizes(8192**2 * 4, "MB"))
e.ambiguous(e.line("→ 約10倍のIO削減、と著者は見積もる。"),
            "an O-notation estimate; the ratio O(N^2) / O(N^2 d / M) depends on the unit of M and on constants")
e.ambiguous(e.line("**1.2 PFLOPS達成** (A100の3倍)"),
            "quoted figure; against the lecture's own 312 TFLOPS it is 3.85x, and '3倍' is loose")

# FlashAttention toy example
a = 1 / sp.sqrt(2)
ea = sp.exp(-a)
Q = M([[1, 0], [0, 1], [1, 1], [0, 0]])
K = M([[1, 0], [0, 1], [1, 1], [1, 0]])
V = M([[1, 0], [0, 1], [1, 1], [0, 1]])
e.given(e.line("設定: $N=4, d=2, B_r=B_c=2$"), "N = 4, d = 2, blocks of 2")
e.given(e.line("Q = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\\\ 1 & 1 \\\\ 0 & 0"), "Q")
e.given(e.line("K = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\\\ 1 & 1 \\\\ 1 & 0"), "K")
e.given(e.line("V = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\\\ 1 & 1 \\\\ 0 & 1"), "V")


def flat(m):
    return [m[i, j] for i in range(m.rows) for j in range(m.cols)]


def strs(m):
    return [str(int(x)) for x in flat(m)]


Q1, Q2, K1, K2, V1, V2 = Q[0:2, :], Q[2:4, :], K[0:2, :], K[2:4, :], V[0:2, :], V[2:4, :]
e.claim(e.line("Q_1 = \\begin{bmatrix}"), "Q_1, Q_2 = row blocks of Q", strs(Q1) + strs(Q2), flat(Q1) + flat(Q2))
e.claim(e.line("K_1 = \\begin{bmatrix}"), "K_1, K_2 = row blocks of K", strs(K1) + strs(K2), flat(K1) + flat(K2))
e.claim(e.line("V_1 = \\begin{bmatrix}"), "V_1, V_2 = row blocks of V", strs(V1) + strs(V2), flat(V1) + flat(V2))
S11 = Q1 * K1.T * a
S12 = Q1 * K2.T * a
e.claim(e.line("S_{11} = \\frac{Q_1 K_1^\\top}{\\sqrt{2}}"), "Q_1 K_1^T and S_11",
        strs(Q1 * K1.T) + ["0.707", "0", "0", "0.707"], flat(Q1 * K1.T) + flat(S11))
e.claim(e.line("m_1^{(1)} = \\max(-\\infty"), "row maxima of S_11", ["0.707", "0.707"], [a, a])
e.claim(e.line("\\ell_1^{(1)} = 0 \\cdot \\exp(-\\infty - 0.707)"), "m restated", ["0.707", "0.707"], [a, a])
e.claim(e.line("- 行1: $\\exp(0.707 - 0.707) + \\exp(0 - 0.707) = 1 + 0.493 = 1.493$"), "row 1 sum, block 1",
        ["0.707", "1", "0.493", "1.493"], [a, 1, ea, 1 + ea])
e.claim(e.line("- 行2: $\\exp(0 - 0.707) + \\exp(0.707 - 0.707) = 0.493 + 1 = 1.493$"), "row 2 sum, block 1",
        ["0.707", "0.493", "1", "1.493"], [a, ea, 1, 1 + ea])
P11 = sp.Matrix(2, 2, lambda i, j: sp.exp(S11[i, j] - a))
e.claim(e.line("\\exp(S_{11} - m_1^{(1)}) = \\begin{bmatrix}"), "exp(S_11 - m)", ["1", "0.493", "0.493", "1"],
        flat(P11))
e.claim(e.line("O_1^{(1)} = \\frac{\\exp(S_{11} - m_1^{(1)}) V_1}{\\ell_1^{(1)}}"), "1 + e^-a, exp(S_11 - m), V_1 restated",
        ["1.493", "1", "0.493", "0.493", "1"] + strs(V1), [1 + ea] + flat(P11) + flat(V1))
O1 = P11 * V1 / (1 + ea)
e.claim(e.line("= \\frac{1}{1.493} \\begin{bmatrix} 1 & 0.493 \\\\ 0.493 & 1 \\end{bmatrix} = \\begin{bmatrix} 0.670"),
        "O_1 after block 1", ["1.493", "1", "0.493", "0.493", "1", "0.670", "0.330", "0.330", "0.670"],
        [1 + ea] + flat(P11) + flat(O1))
e.claim(e.line("S_{12} = \\frac{Q_1 K_2^\\top}{\\sqrt{2}}"), "Q_1 K_2^T and S_12",
        strs(Q1 * K2.T) + ["0.707", "0.707", "0.707", "0"], flat(Q1 * K2.T) + flat(S12))
e.claim(e.line("m_1^{(2)} = \\max(m_1^{(1)}"), "old and new row maxima",
        ["0.707"] * 6, [a, a, max(S12[0, 0], S12[0, 1]), max(S12[1, 0], S12[1, 1]), a, a])
e.claim(e.line("- 行1: $1.493 \\cdot 1 + (1 + 1) = 1.493 + 2 = 3.493$"), "row 1 sum after block 2",
        ["1.493", "2", "3.493"], [1 + ea, sp.exp(S12[0, 0] - a) + sp.exp(S12[0, 1] - a), 1 + ea + 2])
e.claim(e.line("- 行2: $1.493 \\cdot 1 + (1 + 0.493) = 1.493 + 1.493 = 2.986$"), "row 2 sum after block 2",
        ["1.493", "0.493", "2.986"], [1 + ea, sp.exp(S12[1, 1] - a), (1 + ea) + (sp.exp(S12[1, 0] - a) + sp.exp(S12[1, 1] - a))])

# IO estimate
L = e.line("- Standard: $8192^2 = 67$M 要素 ≈ 256 MB")
n(L, "8192^2 in M", "67", [("decimal M", R(8192**2, 10**6))])
n(L, "8192^2 × 4 bytes in MB", "256", sizes(8192**2 * 4, "MB"))
L = e.line("- Flash: $67\\text{M} / \\sqrt{20 \\cdot 10^6 / 128}")
root = sp.sqrt(sp.Integer(20 * 10**6) / 128)
flash_elems = sp.Integer(8192**2) / root
n(L, "sqrt(20e6/128)", "395", [("sqrt", root)])
n(L, "8192^2 / sqrt(20e6/128) in K", "170", [("decimal K", flash_elems / 1000)])
e.claim(L, "170K elements × 4 bytes in MiB", ["0.65"], [flash_elems * 4 / MiB])
e.ambiguous(e.line("**著者の見積もりでは約400倍のHBMアクセス削減。**"),
            "8192^2 / 169,775 = 395.3; '約400倍' is a round figure")

# BigBird
e.claim(e.line("典型的に $w=3, g=2, r=3$ で $O(8N) = O(N)$。"), "w + g + r", ["8"], [3 + 2 + 3])
e.given(e.line("1. **Local Window**: 各位置は前後 $w=3$ 位置を見る"), "window radius 3")
e.given(e.line("2. **Global Tokens**: 最初の $g=2$ トークン"), "2 global tokens")
e.given(e.line("3. **Random Attention**: 各位置はランダムに $r=3$ 個"), "3 random links")
e.given(e.line("N, d = 64, 32"), "N = 64")
Nn, w = 64, 3
rows = []
for i in range(1, Nn + 1):
    if i <= 2:
        rows.append(Nn)
    else:
        window = set(range(max(1, i - w), min(Nn, i + w) + 1))
        rows.append(len(window | {1, 2}) + 3)
edges = sum(rows)
assert edges == 860 and min(rows) == 9 and max(rows) == 64
e.claim(e.line("  Total possible edges: 4096"), "N^2", ["4096"], [Nn**2])
e.claim(e.line("  Actual edges: 576"), "nnz of the BigBird pattern", ["576"], [edges])
e.claim(e.line("  Sparsity: 85.94%"), "1 - nnz/N^2", ["85.94%"], [1 - R(edges, Nn**2)], cause="carried")
e.claim(e.line("  Avg edges per row: 9.0"), "nnz / N", ["9.0"], [R(edges, Nn)], cause="carried")
e.claim(e.line("  Max edges per row: 64 (global tokens)"), "max row count", ["64"], [max(rows)])
e.claim(e.line("  Min edges per row: 7 (edge tokens)"), "min row count", ["7"], [min(rows)])
e.claim(e.line("3. **計算量**: 平均9エッジ/行"), "average edges per row", ["9"], [R(edges, Nn)], cause="carried")

# 5.4 memory table
e.given(e.line("seq_lengths = [1024, 2048, 4096, 8192, 16384, 32768]"), "sequence lengths")
for N in (1024, 2048, 4096, 8192, 16384, 32768):
    L = e.line(f"| {N} | ")
    line = e.lines[L - 1]
    cells = [c.strip() for c in line.strip("|").split("|")]
    std, fl, sprs, gla = (c.replace(" MB", "") for c in cells[1:5])
    e.claim(L, f"Standard N^2*4/1024^2 at N={N}", [std], [R(N * N * 4, MiB)])
    e.claim(L, "Flash 128^2*4/1024^2", [fl], [R(128 * 128 * 4, MiB)])
    e.claim(L, f"Sparse N*130*4/1024^2 at N={N}", [sprs], [R(N * 130 * 4, MiB)])
    e.claim(L, "GLA 64^2*4/1024^2", [gla], [R(64 * 64 * 4, MiB)])
n(e.line("**N=32768 (32K tokens) で Standard Attention は 4GB"), "32768^2 × 4 bytes in GB", "4",
  sizes(32768**2 * 4, "GB"))
e.done()
