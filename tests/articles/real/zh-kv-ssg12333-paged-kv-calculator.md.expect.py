# Expected verdicts for zh-kv-ssg12333-paged-kv-calculator.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Chinese AI-infra study notes on KV cache sizing, PagedAttention blocks, GQA/MQA savings and prefix caching.
# Inputs: Qwen3-0.6B 28 layers / 8 KV heads / head_dim 128 / FP16 (2 B); block 16 tokens; the calculator's model table
#   (LLaMA-3-8B 32 layers / 8 KV heads, DeepSeek-V3 61 layers / 16 KV heads); its total_mb divides by 1024*1024 (MiB).
# Exact values:
#   block = 2×28×16×8×128×2 = 1,835,008 B = 1.75 MiB; 1000/16 -> 63 blocks (ceil); 63 × 1.75 MiB = 110.25 MiB.
#   Qwen3-0.6B KV at 512/2048/8192/32768/131072 tokens = 56 / 224 / 896 / 3584 / 14336 MiB (14 GiB);
#   LLaMA-3-8B at 131072 = 16384 MiB; DeepSeek-V3 (61 × 16 heads) at 131072 = 62464 MiB (61 GiB).
#   Per request at 4096 tokens (Qwen3-0.6B) = 448 MiB -> ×32 = 14,336 MiB = 14 GiB;
#   LLaMA-3-8B at 8192 tokens = 1024 MiB -> ×32 = 32,768 MiB = 32 GiB.
#   Qwen3-0.6B at 8192: MHA 16 heads 1792 MiB, GQA 8 heads 896 MiB (-50 %), MQA 1 head 112 MiB (-93.75 %).
#   Decode: 2×28×8×128×2 = 114,688 B per token; t=4096 -> 448 MiB (469.8 MB); t=1024 -> 112 MiB; t=8192 -> 896 MiB.
#   Prefix cache: 2000+100 = 2100 tokens per request, 4200 total; 2000/16 = 125 blocks.
# Wrong lines (author's printed values vs exact):
#   - calculator "输出示例": every Qwen3-0.6B row is half the code's own result (28.0/112.0/448.0/1792.0/7168.0 vs
#     56/224/896/3584/14336 MiB; "7 GB" vs 14 GiB), LLaMA-3-8B 8192.0 vs 16384, DeepSeek-V3 32768.0 vs 62464 and
#     "32 GB" vs 61 GiB: slips (the printed outputs do not follow from the listed inputs).
#   - §3.3 "32 × 224 MB": 224 vs 448 MiB (slip); 7,168 and "7 GB" carried (14,336 / 14). "32 × 512 MB": 512 vs 1024
#     (slip); 16,384 and "16 GB" carried (32,768 / 32).
#   - §3.4 MHA 896 vs 1792, GQA 448 vs 896, MQA 56 vs 112 MiB: slips in the written-out products (percentages right).
#   - §5 "t=4096 → 约 449 MB": slip; 114,688 × 4096 B = 448 MiB exactly (469.8 MB decimal).
#   - §6.1 "(125 + 1 + 1) = 127 blocks × 16 tokens = 2032": slip; each 100-token user suffix needs ceil(100/16) = 7
#     blocks of 16, so 125 + 7 + 7 = 139 blocks = 2224 token slots; "≈ 51.6%" carried (right value 47.0 %).
# Ambiguous: the decode FLOP terms "6M"/"18M" and "~50M FLOPs" (the article's own expression 28 × (6M + 128t + 18M)
#   gives at least 672M, and the terms cannot be derived), hence the 0.04 / 0.02 FLOPs/Byte ratios.
import math
import sys
from functools import partial
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv-cache", "memory", "gqa", "mqa", "paged-attention"])
L = e.line
num = partial(number_claim, e)
MiB, GiB = 2**20, 2**30


def kv(layers, seq, heads, d=128, b=2):
    return 2 * layers * seq * heads * d * b


e.given(L("下面都以 Qwen3-0.6B 为例"), "Qwen3-0.6B: 28 layers, 16 Q / 8 KV heads, head_dim 128")
for lab in ("BLOCK_SIZE = 16 ", "NUM_LAYERS = 28 ", "NUM_KV_HEADS = 8 ", "HEAD_DIM = 128 ", "BYTES_PER_ELEM = 2 "):
    e.given(L(lab), "block constant")
blk = 2 * 28 * 16 * 8 * 128 * 2
ln = L("# = 2 × 28 × 16 × 8 × 128 × 2 = 1,835,008 bytes")
num(ln, "block bytes", "1,835,008", blk)
num(ln, "block size in MiB", "1.75", [("MiB", R(blk, MiB)), ("MB", R(blk, 10**6))])

# --- fragmentation and prefix sharing examples -------------------------------------------
e.given(L("[seqA: 200 slots][空闲100][seqB: 500 slots][空闲50]"), "free gaps 100 and 50")
e.claim(L("新请求需要 300 slots → 空闲合计 150"), "free total and largest gap", ["150", "100"], [100 + 50, max(100, 50)])
e.claim(L("共 20 个 block = 320 slots"), "20 blocks × 16", ["320"], [20 * 16])
e.given(L("请求 A: system(1000 tokens) + query_A"), "shared 1000-token prompt")
e.claim(L("(1000/16=63 blocks)"), "blocks for 1000 tokens (ceil)", ["63"], [sp.ceiling(R(1000, 16))])
num(L("节省: 63 blocks × 1.75 MB = 110 MB per request"), "63 blocks × 1.75 MiB", "110",
    [("MiB", R(63 * blk, MiB)), ("MB", R(63 * blk, 10**6))])

# --- 3.1 / 3.2 calculator ------------------------------------------------------------------
e.given(L("bytes_per_elem: FP16=2, BF16=2, INT8=1"), "bytes per element")
for lab in ('"Qwen3-0.6B":    {', '"Qwen3-1.7B":    {', '"LLaMA-3-8B":    {', '"LLaMA-3-70B":   {',
            '"Qwen3-235B":    {', '"DeepSeek-V3":   {'):
    e.given(L(lab), "model table row")
for seq, p in ((512, "28.0"), (2048, "112.0"), (8192, "448.0"), (32768, "1792.0"), (131072, "7168.0")):
    ln = L(f"# Qwen3-0.6B       | seq={seq:6d} |")
    e.claim(ln, f"Qwen3-0.6B KV at {seq} tokens (MiB)", [p], [R(kv(28, seq, 8), MiB)])
ln = L("# Qwen3-0.6B       | seq=131072 |")
num(ln, "the same in GB ('7 GB')", "7", [("GiB", R(kv(28, 131072, 8), GiB)), ("GB", R(kv(28, 131072, 8), 10**9))],
    cause="carried")
e.claim(L("# LLaMA-3-8B       | seq=131072 |"), "LLaMA-3-8B KV at 131072 (MiB)", ["8192.0"],
        [R(kv(32, 131072, 8), MiB)])
ln = L("# DeepSeek-V3      | seq=131072 |")
e.claim(ln, "DeepSeek-V3 (61 layers, 16 heads) KV at 131072 (MiB)", ["32768.0"], [R(kv(61, 131072, 16), MiB)])
num(ln, "the same in GB ('32 GB')", "32", [("GiB", R(kv(61, 131072, 16), GiB)), ("GB", R(kv(61, 131072, 16), 10**9))],
    cause="carried")

# --- 3.3 concurrency -----------------------------------------------------------------------
q4096 = R(kv(28, 4096, 8), MiB)
l8192 = R(kv(32, 8192, 8), MiB)
ln = L("= 32 × 224 MB = 7,168 MB ≈ 7 GB")
e.claim(ln, "Qwen3-0.6B KV per 4096-token request (MiB)", ["224"], [q4096])
num(ln, "32 requests (MiB)", "7,168", 32 * q4096, cause="carried")
e.claim(ln, "32 requests in GiB", ["7"], [32 * q4096 / 1024], cause="carried")
ln = L("= 32 × 512 MB = 16,384 MB ≈ 16 GB")
e.claim(ln, "LLaMA-3-8B KV per 8192-token request (MiB)", ["512"], [l8192])
num(ln, "32 requests (MiB)", "16,384", 32 * l8192, cause="carried")
e.claim(ln, "32 requests in GiB", ["16"], [32 * l8192 / 1024], cause="carried")
num(L("模型权重（LLaMA-3-8B ≈ 16 GB FP16）"), "8B × 2 B", "16", [("GB", R(8 * 10**9 * 2, 10**9))])
e.given(L("显存碎片（传统方式 30-40%；PagedAttention <5%）"), "quoted fragmentation ranges")

# --- 3.4 GQA / MQA -------------------------------------------------------------------------
e.claim(L("MHA (16 KV heads):  2 × 28 × 8192 × 16 × 128 × 2 = 896 MB"), "MHA 16 heads (MiB)", ["896"],
        [R(kv(28, 8192, 16), MiB)])
ln = L("GQA (8 KV heads):   2 × 28 × 8192 ×  8 × 128 × 2 = 448 MB")
e.claim(ln, "GQA 8 heads (MiB)", ["448"], [R(kv(28, 8192, 8), MiB)])
e.claim(ln, "saving vs MHA", ["50%"], [1 - R(8, 16)])
ln = L("MQA (1 KV head):    2 × 28 × 8192 ×  1 × 128 × 2 =  56 MB")
e.claim(ln, "MQA 1 head (MiB)", ["56"], [R(kv(28, 8192, 1), MiB)])
e.claim(ln, "saving vs MHA", ["93.75%"], [1 - R(1, 16)])

# --- 4. KV quantization table --------------------------------------------------------------
e.claim(L("| K INT8 + V FP16 |"), "K 1 B + V 2 B vs 4 B", ["25%"], [1 - R(1 + 2, 4)])
e.claim(L("| K INT8 + V INT8 |"), "K 1 B + V 1 B vs 4 B", ["50%"], [1 - R(1 + 1, 4)])
e.claim(L("| K INT4 + V INT8 |"), "K 0.5 B + V 1 B vs 4 B", ["62.5%"], [1 - (R(1, 2) + 1) / 4])

# --- 5. decode memory traffic --------------------------------------------------------------
e.ambiguous(L("≈ 28 × (3×1024×hidden + hidden×seq×head_dim + 3×hidden×3×hidden)"),
            "symbolic FLOP expression; hidden is not stated on this line")
e.ambiguous(L("≈ 28 × (6M + 128×t + 18M) FLOPs"),
            "6M / 18M cannot be derived from the expression above (MACs vs FLOPs and hidden unstated)")
num(L("读取模型权重:  模型大小 ≈ 600M × 2 bytes = 1.2 GB"), "600M × 2 B", "1.2", [("GB", R(600 * 10**6 * 2, 10**9))])
num(L("读取 KV Cache: 2 × 28 × t × 8 × 128 × 2 = 114,688 × t bytes"), "KV bytes per token", "114,688",
    2 * 28 * 8 * 128 * 2)
num(L("当 t=4096 → 约 449 MB"), "KV at t=4096", "449",
    [("MiB", R(114688 * 4096, MiB)), ("MB", R(114688 * 4096, 10**6))])
ln = L("当 t=1024:  ~50M FLOPs / (1.2GB + 112MB)")
num(ln, "KV at t=1024 (MiB)", "112", [("MiB", R(114688 * 1024, MiB))])
e.ambiguous(ln, "'~50M FLOPs' contradicts the article's own 28 × (6M + 128t + 18M) ≥ 672M and cannot be derived; "
                "the 0.04 FLOPs/Byte built on it is therefore undetermined")
ln = L("当 t=8192:  ~50M FLOPs / (1.2GB + 896MB)")
num(ln, "KV at t=8192 (MiB)", "896", [("MiB", R(114688 * 8192, MiB))])
e.ambiguous(ln, "the 0.02 FLOPs/Byte rests on the undetermined '~50M FLOPs'")
e.given(L("对比: A100 的 roofline 拐点 ≈ 10-20 FLOPs/Byte"), "quoted ridge point range")

# --- 6.1 prefix cache ----------------------------------------------------------------------
e.claim(L("Request A: system(2000 tokens) + user_A(100 tokens) → 2100 tokens KV"), "2000 + 100", ["2100"], [2100])
e.claim(L("Request B: system(2000 tokens) + user_B(100 tokens) → 2100 tokens KV"), "2000 + 100", ["2100"], [2100])
e.claim(L("总 KV: 4200 tokens 的存储"), "2 × 2100", ["4200"], [2 * 2100])
e.claim(L("(2000/16=125 blocks)"), "2000 / 16", ["125"], [R(2000, 16)])
user_blocks = sp.ceiling(R(100, 16))
blocks = 125 + 2 * user_blocks
ln = L("总 KV: (125 + 1 + 1) = 127 blocks × 16 tokens = 2032")
e.claim(ln, "blocks with two 100-token suffixes (7 blocks each) and their token slots", ["127", "2032"],
        [blocks, 16 * blocks])
e.claim(L("节省: (4200 - 2032) / 4200 ≈ 51.6%"), "saving", ["51.6%"], [R(4200 - 16 * blocks, 4200)], cause="carried")

# --- 6.2 beam search -------------------------------------------------------------------------
e.given(L("Beam width = 4, 每步 fork 出 4 个候选"), "beam width 4")
e.claim(L("child_0.block_table = fork([block_a, block_b])  → ref_count: a=5, b=5"), "1 + 4 references",
        ["5", "5"], [1 + 4, 1 + 4])
e.claim(L("此时: 物理存储仍然是 2 个 block"), "shared blocks", ["2"], [2])
e.claim(L("此时: 物理存储增长到 2 + 4 = 6 个 block"), "2 + 4", ["6"], [2 + 4])
e.claim(L("如果不共享: 需要 4 × 3 = 12 个 block"), "4 × 3", ["12"], [4 * 3])
e.done()
