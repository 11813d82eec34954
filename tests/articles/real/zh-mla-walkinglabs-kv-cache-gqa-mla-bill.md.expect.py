# Expected verdicts for zh-mla-walkinglabs-kv-cache-gqa-mla-bill.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese Jupyter lesson (printed outputs kept) on the KV-cache bill of MHA, GQA/MQA and MLA.
# Inputs: Llama-7B-like config hidden 4096, 32 layers, 32 heads -> head_dim 128, FP16 (2 bytes), 32K = 32768 tokens;
#   the code divides by 1024**3 and calls the unit "GB", so sizes are read in GiB (the article's own convention).
#   GQA demo: 32 query heads, 4 KV heads; table: GQA-8 = 32 // 8 = 4 KV heads, GQA-4 = 8 KV heads, MQA = 1.
#   MLA: DeepSeek-V2-like num_heads 128, head_dim 128, d_c 512, d_r 64, 60 layers; toy MLA 4 heads x 16 dims, d_c 16.
# Exact values: per token per layer K+V = 32*128*2 = 8192; elements 32768*32*8192 = 8,589,934,592; bytes x2 / 2^30 = 16 GiB;
#   GQA-8 2 GiB (1/8 = 0.125 -> printed 0.12, an exact tie: both neighbours agree), GQA-4 4 GiB (0.25), MQA 0.5 GiB
#   (1/32 = 0.03125 -> 0.03); MLA 128*128*2 = 32768 vs 512 -> 64x, saving 1 - 1/64 = 98.4375 % -> 98.4%;
#   toy 4*16*2 = 128 vs 16 -> 8x; 128K: MHA 131072*60*128*128*4 / 2^30 = 480 GiB, GQA-8 60 GiB (8x), MLA
#   131072*60*512*2 / 2^30 = 7.5 GiB (64x); decoupled RoPE 512 + 64 = 576, 32768/576 = 56.89 -> printed "57" by :.0f
#   (read as a rounded integer); per-head rope path 512 + 128*64 = 8704.
# Ambiguous lines: "分成 8 组，KV Cache 缩小 8 倍" (the prose says 8 groups each sharing one K/V, i.e. 8 KV heads and a 4x
#   saving, while the table and the code use 组数 = num_heads / num_kv_heads, giving 8x: two readings, two verdicts);
#   "Llama 2 70B 用 8 组，Llama 3 8B 用 4 组" (model configs not stated in the article); "Llama-7B 权重约 13 GB"
#   (parameter count not stated).
# No wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv-cache", "gqa", "mla", "memory", "jupyter-output"])
L = e.line

GiB = R(2) ** 30
hidden, layers, heads, S = 4096, 32, 32, 32768
hd = R(hidden, heads)
per_tok_layer = heads * hd * 2
total_elems = S * layers * per_tok_layer
mha_gib = total_elems * 2 / GiB


def kv_gib(n_kv, n_layers=32, seq=32768, head_dim=128):
    return seq * n_layers * n_kv * head_dim * 2 * 2 / GiB


# --- introduction --------------------------------------------------------------------
ln = L("光这一块就要约 16 GB FP16 显存")
number_claim(e, ln, "Llama-7B 32K FP16 KV cache (GiB, as the article's code)", "16", mha_gib)
ln = L("拿一个 32 层、32 个头、每头 128 维的模型来说")
e.given(ln, "32 layers, 32 heads, head_dim 128, 32K, FP16")
e.claim(ln, "K and V values per token per layer", ["4096", "4096"], [heads * 128, heads * 128])
number_claim(e, ln, "32K FP16 KV cache", "16", mha_gib)

# --- section 1 -----------------------------------------------------------------------------
e.given(L("第 4 步结束: [t1, t2, t3, t4]"), "4 tokens generated")
e.given(L("第 5 步:     [t1, t2, t3, t4, t5?]"), "step 5")
e.claim(L("前 99 个全要重算"), "tokens before the 100th", ["99"], [100 - 1])
e.given(L("d_model, d_k = 8, 4"), "toy d_model 8, d_k 4")
e.given(L("k_4: (1, 4, 4)  ←"), "shape of the 4 cached keys")
e.claim(L("k_5: (1, 5, 4)  ←"), "shape after one more token", ["5"], [4 + 1])
e.claim(L("增量只算 1 份（(1, 1, 4)）"), "incremental key shape", ["1"], [1])

# --- Llama-7B bill ---------------------------------------------------------------------------
e.given(L("hidden_size = 4096"), "hidden 4096")
e.given(L("num_layers = 32"), "32 layers")
e.given(L("num_heads = 32"), "32 heads")
e.claim(L("head_dim = hidden_size // num_heads  # 128"), "head_dim comment", ["128"], [hd])
e.given(L("seq_len = 32768  # 32K 上下文"), "32K = 32768")
e.given(L("bytes_per_element = 2  # FP16"), "FP16 2 bytes")
e.claim(L("模型: hidden=4096, layers=32, heads=32, head_dim=128"), "head_dim", ["128"], [hd])
e.given(L("上下文: 32768 tokens, dtype=FP16"), "context restated")
e.claim(L("每 token 每层 K+V 元素数: 8192"), "K+V elements per token per layer", ["8192"], [per_tok_layer])
number_claim(e, L("全部 KV Cache 元素数: 8,589,934,592"), "all KV elements (thousands commas)",
             "8,589,934,592", total_elems)
e.claim(L("KV Cache 总占用: 16.00 GB"), "total KV cache (GiB)", ["16.00"], [mha_gib])
for k in (1, 2):
    e.ambiguous(L("对比：Llama-7B 权重本身约 13 GB（FP16）", nth=k),
                "Llama-7B parameter count is not stated in the article")

# --- section 2: MQA / GQA ------------------------------------------------------------------
e.claim(L("KV Cache 缩小 32 倍"), "MQA saving", ["32"], [R(heads, 1)])
e.ambiguous(L("比如分成 8 组，KV Cache 缩小 8 倍"),
            "8 groups sharing one K/V each gives 8 KV heads and a 4x saving; the table's 组数 = num_heads/num_kv_heads gives 8x")
e.given(L("| GQA | num_heads / 组数 | 1/组数 |"), "GQA row of the table")
e.given(L("| MQA | 1 | 1/num_heads |"), "MQA row of the table")
e.given(L("num_kv_heads = 4"), "GQA demo: 4 KV heads")
e.claim(L("# repeat_interleave：把第 1 份复制 8 次"), "copies per KV head", ["8", "8"], [R(32, 4), R(32, 4)])
e.given(L("cache 里的 K: (1, 4, 10, 128)"), "cached key shape")
e.claim(L("展开后给 Q 用: (1, 32, 10, 128)"), "expanded heads", ["32", "4"], [4 * R(32, 4), 4])
e.claim(L('("GQA-8", num_heads // 8),  # 8 组 → 4 个 KV 头'), "GQA-8 KV heads", ["4"], [R(32, 8)])
e.claim(L('("GQA-4", num_heads // 4),  # 4 组 → 8 个 KV 头'), "GQA-4 KV heads", ["8"], [R(32, 4)])
rows = [("MHA     32      16.00     1.00×", 32, ["16.00", "1.00"]),
        ("GQA-8   4       2.00      0.12×", 4, ["2.00", "0.12"]),
        ("GQA-4   8       4.00      0.25×", 8, ["4.00", "0.25"]),
        ("MQA     1       0.50      0.03×", 1, ["0.50", "0.03"])]
for text, n_kv, printed in rows:
    e.claim(L(text), f"KV cache and ratio with {n_kv} KV heads", printed, [kv_gib(n_kv), kv_gib(n_kv) / mha_gib])
for k in (1, 2):
    e.claim(L("关键观察：MQA 把 cache 压到 1/32", nth=k), "MQA fraction", ["1/32"], [kv_gib(1) / mha_gib])
    e.ambiguous(L("Llama 2 70B 用 8 组，Llama 3 8B 用 4 组", nth=k),
                "the head counts of Llama 2 70B and Llama 3 8B are not stated in the article")

# --- section 3: MLA compression -------------------------------------------------------------
e.given(L("先算压缩比：DeepSeek-V2 取 `d_c = 512`"), "d_c 512, 128 heads x 128")
mla_mha = 128 * 128 * 2
e.claim(L("MHA 每 token 每层: 32768 元素"), "MHA elements per token per layer", ["32768"], [mla_mha])
e.given(L("  = 128 heads × 128 dim × 2 (K+V)"), "restated product")
e.given(L("MLA 每 token 每层: 512 元素"), "d_c")
e.given(L("  = d_c = 512（K 和 V 共用同一个 latent）"), "d_c restated")
e.claim(L("压缩比: 64×"), "MLA compression", ["64"], [R(mla_mha, 512)])
e.claim(L("节省: 98.4%"), "saving", ["98.4%"], [1 - R(512, mla_mha)])

# --- section 4: toy MLA ----------------------------------------------------------------------
e.given(L("d_model, num_heads, head_dim, d_c = 64, 4, 16, 16"), "toy MLA config")
e.given(L("输入 shape: (1, 10, 64)"), "input shape")
e.given(L("输出 shape: (1, 10, 64)"), "output shape")
e.given(L("latent c shape: (1, 10, 16)"), "latent shape")
e.claim(L("标准 MHA 每 token 每层要缓存 K+V = 128 个元素"), "toy MHA elements", ["128"], [4 * 16 * 2])
e.given(L("MLA 每 token 每层只缓存 c = 16 个元素"), "toy d_c")
e.claim(L("压缩比: 8×"), "toy compression", ["8"], [R(4 * 16 * 2, 16)])

# --- section 5: 128K comparison --------------------------------------------------------------
e.given(L("`num_layers=60, num_heads=128, head_dim=128, d_c=512`"), "DeepSeek-V2-like config")
e.given(L("seq_lens = [4096, 8192, 16384, 32768, 65536, 131072]"), "context lengths")
S2 = 131072
mha128 = S2 * 60 * 128 * 128 * 2 * 2 / GiB
gqa128 = S2 * 60 * (128 // 8) * 128 * 2 * 2 / GiB
mla128 = S2 * 60 * 512 * 2 / GiB
e.claim(L("  MHA:     480.0 GB"), "MHA at 128K", ["480.0"], [mha128])
e.claim(L("  GQA-8:    60.0 GB  (8× 压缩)"), "GQA-8 at 128K", ["60.0", "8"], [gqa128, mha128 / gqa128])
e.claim(L("  MLA:       7.5 GB  (64× 压缩)"), "MLA at 128K", ["7.5", "64"], [mla128, mha128 / mla128])

# --- section 6: decoupled RoPE ---------------------------------------------------------------
e.claim(L("每 token 每层 = d_c + d_r = 512 + 64 = 576 个元素"), "latent + rope", ["576"], [512 + 64])
e.given(L("d_r = 64   # RoPE 旁路维度"), "d_r 64")
e.claim(L("MHA 每 token 每层:  32768 元素"), "MHA elements", ["32768"], [mla_mha])
e.claim(L("MLA 每 token 每层:    576 元素（latent 512 + RoPE 旁路 64）"), "MLA elements", ["576"], [512 + 64])
ln = L("压缩比: 57×")
e.claim(ln, "compression with rope path (printed with :.0f)", ["57"], [R(mla_mha, 576)], rounded_int=True)
for k in (1, 2):
    e.claim(L("账单会膨胀到 8704", nth=k), "per-head rope path", ["8704"], [512 + 128 * 64])

# --- summary -------------------------------------------------------------------------------
ln = L("7B 模型在 32K 上下文下 KV Cache 约 16 GB")
number_claim(e, ln, "7B 32K KV cache", "16", mha_gib)
e.ambiguous(ln, "Llama-7B weights of about 13 GB: parameter count not stated")
e.given(L("小旁路（d_r=64）"), "d_r restated")
e.done()
