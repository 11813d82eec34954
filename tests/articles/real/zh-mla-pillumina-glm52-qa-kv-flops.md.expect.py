# Expected verdicts for zh-mla-pillumina-glm52-qa-kv-flops.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# The article (a Q&A on GLM-5.2) derives counts and sizes from the model config: 78 layers, kv_lora_rank 512,
# qk_rope_head_dim 64, 64 heads with qk/v head dim 256, indexer 32 heads x 128, context 202,752 -> 1,048,576,
# rope_theta 1e6 -> 8e6; the IndexShare layer pattern (3+3 warm-up, 18 groups of 1 full + 3 shared = 21 + 57);
# Indexer FLOP ratios 21/78; KV-cache sizes for MHA and MLA at 1M tokens; T^2 FLOP counts at 200K and 1M; the MTP
# acceptance-length table; benchmark gains.
# Units: "1M" is read as 2^20 or 10^6 tokens and KB/GB as binary or decimal; a size is right under any reading.
# Q2.6 sizes the MLA cache from the 512-dim latent alone (512 x 2 B = 1 KiB per token and layer), so 78 x 2^20 x 1 KiB
# = 78 GiB is exact there.  Q4.2 adds the 64 RoPE dims (1152 B per token and layer), for which the total is
# 87.75 GiB / 89.9 GB; bare restatements of "78 GB" in Q4.2 are therefore ambiguous (which cache is meant).
# Wrong lines:
#  - Q2.6 "21 x 1M x 32 x 128 x 2 bytes / 1024^3 ~ 16 GB": = 168 GiB (1M = 2^20) or 160.2 GiB (10^6) - a factor 10
#    off (slip); Q4.2's per-GPU "~2 GB" for the indexer (16 / 8) is carried: 160-168 / 8 = 20-21 GiB; the per-GPU
#    total "~190 GB" (175 + 10 + 2 + 5) is carried too: ~210 GB with the right indexer share.
#  - Q3.3 short answer, TV Loss "+6%": the table gives 5.08 -> 5.32, i.e. +5.26 % of the 4.56 baseline (or +4.72 %
#    per step); 6 is 17 - 11 from the rounded cumulative column (drift).
#  - Q4.1 "(vs 传统 MHA 的 ~700 GB)": the article's own MHA size is 1M x 78 x 64 x 512 x 2 B = 4992 GiB / 5.11 TB
#    ("5 TB" in Q4.2) - slip.
#  - Q4.2 "64 x (256 + 256) x 2 bytes = 65 KB": 65,536 B = 64 KiB or 65.5 KB (-> 66 KB); 65 is a truncation (slip).
#  - Q4.2 "1M x 78 x 1.15 KB ~ 78 GB": as written 89.7 GB; exactly 89.9 GB (10^6 tokens) or 87.75 GiB (2^20) - slip.
#  - Q5.1 "Terminal-Bench 2.1 (+27%)" for 63.5 -> 81.0: +27.56 % -> 28 % (slip).
# Estimates the article does not derive (Indexer shares ~70 %, ~40 %, the 4K..128K rows) are ambiguous.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["mla", "complexity", "kv", "markdown-table", "latex-inline", "latex-display"])
L = e.line
KiB, GiB, TiB = 2**10, 2**30, 2**40
MB2, MD = 2**20, 10**6          # 1M tokens: binary / decimal
T = 1048576
nl = 78

# ---- Q1.1
e.given(L("上下文从 202,752 提到 1,048,576"), "context and rope_theta of both versions")
for needle in ("| `num_hidden_layers`", "| `hidden_size`", "| `n_routed_experts`", "| `num_experts_per_tok`",
               "| `moe_intermediate_size`", "| `kv_lora_rank`", "| `index_n_heads`", "| `head_dim` | 64",
               "| `indexer_types`", "| `index_share_for_mtp_iteration`", "| `index_skip_topk_offset`",
               "| `index_topk_freq`", "| `transformers_version`"):
    e.given(L(needle), "config")
ln = L("| `max_position_embeddings` | 202,752")
e.given(ln, "context 202,752 -> 1,048,576")
e.claim(ln, "1,048,576 / 202,752 (5.17)", ["5"], [R(T, 202752)], rounded_int=True)
ln = L("| `rope_parameters.rope_theta`")
e.given(ln, "rope_theta 1e6 -> 8e6")
e.claim(ln, "8e6 / 1e6", ["8"], [8])
ln = L("`qk_nope_head_dim=192 + qk_rope_head_dim=64=256`")
e.given(ln, "qk_nope 192, qk_rope 64")
e.claim(ln, "192 + 64", ["256"], [256])

# ---- Q1.2
ln = L("一共 78 个元素")
e.given(ln, "pattern 3 full + 3 shared + 18 x (1 full + 3 shared)")
e.claim(ln, "warm-up 3+3, body 18 x 4, full 3+18, shared 3+54", ["6", "72", "21", "57"], [6, 72, 3 + 18, 3 + 18 * 3])
e.claim(L("Layer  6  :  full"), "layer 6 opens group (6-6)/4+1", ["1"], [1])
e.claim(L("Layer 10  :  full"), "layer 10 opens group (10-6)/4+1", ["2"], [2])
e.claim(L("Layer 74  :  full"), "layer 74 opens group (74-6)/4+1", ["18"], [R(74 - 6, 4) + 1])
e.claim(L("- 冷启动块：3 full + 3 shared = 6 层"), "3 + 3", ["6"], [6])
e.claim(L("- 主体循环块：18 组"), "18 x (1 + 3)", ["72"], [72])
e.claim(L("- 合计：**21 full + 57 shared = 78 层**"), "full, shared, total", ["21", "57", "78"], [21, 57, 78])

# ---- Q1.4
ln = L("| GLM-4.5 | 131,072 | 500,000 | 1× |")
e.given(ln, "GLM-4.5 baseline")
e.claim(L("| GLM-5 / 5.1 | 202,752"), "202,752 / 131,072 (1.547)", ["1.5"], [R(202752, 131072)])
ln = L("| **GLM-5.2** | **1,048,576**")
e.claim(ln, "context vs 5.1 (5.17) and vs 4.5 (= theta ratio 8)", ["5", "8"], [R(T, 202752), R(T, 131072)],
        rounded_int=True)

# ---- Q2.3
ln = L("Indexer 部分降为 21/78")
e.claim(ln, "21/78, 78/21, 1/2.9 (2.9x quoted from the blog)", ["26.9%", "3.7", "34.5%"],
        [R(21, 78), R(78, 21), 1 / R("2.9")])
e.given(L("T = 1{,}048{,}576"), "T = 1,048,576")
e.claim(L("\\frac{21}{78} \\approx 0.269"), "21/78", ["0.269"], [R(21, 78)])
e.claim(L("也就是 Indexer 的 FLOPs 只剩 5.1 的"), "21/78, 78/21", ["26.9%", "3.7"], [R(21, 78), R(78, 21)])
for needle in ("| 4K | < 5%", "| 32K | ~15%", "| 128K | ~40%"):
    e.ambiguous(L(needle), "the author's estimates of the Indexer share per context length; no printed inputs")
e.claim(L("| **1M** | **~70%**"), "1 / 2.9 (the quoted 2.9x)", ["0.34"], [1 / R("2.9")])

# ---- Q2.6 (512-dim latent: 1 KiB per token and layer)
mla512 = 512 * 2
ln = L("1M 上下文时整体 KV cache 约 78 GB")
number_claim(e, ln, "78 layers x 1M x 512 x 2 B", "78",
             [("GiB, 1M = 2^20", R(nl * MB2 * mla512, GiB)), ("GB, 1M = 10^6", R(nl * MD * mla512, 10**9))])
ln = L("512 / 64 heads × bf16 = 16 bytes/head/token")
e.claim(ln, "512 / 64 x 2 B", ["16"], [R(512, 64) * 2])
ln = L("| 200K（GLM-5.1） | ~1 KB |")
e.ambiguous(ln, "78 x 200K x 1 KB = 15.6 GB only with 1 KB = 1000 B; end to end 78 x 200,000 x 1024 B = 16.0 GB "
                "(14.9 GiB), 78 x 204,800 x 1 KiB = 15.2 GiB: right as written on a rounded operand")
ln = L("| 1M（GLM-5.2） | ~1 KB |")
number_claim(e, ln, "per token and layer 512 x 2 B", "1", [("KiB", R(mla512, KiB)), ("KB", R(mla512, 1000))])
number_claim(e, ln, "78 x 1M x 1 KiB", "78",
             [("GiB, 1M = 2^20", R(nl * MB2 * mla512, GiB)), ("GB, 1M = 10^6", R(nl * MD * mla512, 10**9))])
e.given(L("**Indexer KV**：21 个 `full` 层"), "indexer KV: 32 heads x 128 dims per token in 21 layers")
ln = L("21 × 1M × 32 × 128 × 2 bytes / 1024^3 ≈ 16 GB")
idx_bin, idx_dec = 21 * MB2 * 32 * 128 * 2, 21 * MD * 32 * 128 * 2
number_claim(e, ln, "21 x 1M x 32 x 128 x 2 B / 1024^3", "16",
             [("1M = 2^20", R(idx_bin, GiB)), ("1M = 10^6", R(idx_dec, GiB))])
ln = L("- 主 KV cache（MLA 压缩）：78 GB")
number_claim(e, ln, "MLA cache restated (512 dims)", "78",
             [("GiB, 1M = 2^20", R(nl * MB2 * mla512, GiB)), ("GB, 1M = 10^6", R(nl * MD * mla512, 10**9))])
e.given(L("total params ~700B+"), "~700B params")

# ---- Q3.3
a = [R("4.56"), R("4.74"), R("5.08"), R("5.32"), R("5.47")]
ln = L("博客只给了「4.56 → 5.47（+20%）」")
e.claim(ln, "5.47/4.56 - 1", ["20%"], [a[4] / a[0] - 1])
e.claim(ln, "IndexShare, KVShare, RS as share of the 4.56 baseline", ["+4%", "+7%", "+3%"],
        [(a[1] - a[0]) / a[0], (a[2] - a[1]) / a[0], (a[4] - a[3]) / a[0]])
e.claim(ln, "TV Loss (5.32 - 5.08)/4.56 = 5.26 % (step 4.72 %); 6 = 17 - 11 from the rounded column", ["6%"],
        [(a[3] - a[2]) / a[0]], cause="drift")
e.given(L("| GLM-5.1 基线 MTP | 4.56 |"), "baseline 4.56")
for i, (needle, cum, step) in enumerate((("| + IndexShare on MTP | 4.74 |", "4%", "4%"),
                                         ("| + KVShare | 5.08 |", "11%", "7%"),
                                         ("| + End-to-end TV Loss | 5.32 |", "17%", "5%"),
                                         ("| + Rejection Sampling", "20%", "3%")), start=1):
    ln = L(needle)
    e.claim(ln, "cumulative and single-step gain", [cum, step], [a[i] / a[0] - 1, a[i] / a[i - 1] - 1])
ln = L("1/5.47 ≈ 0.18")
e.claim(ln, "1/5.47; 5.47 x 0.5 and x 0.7", ["0.18", "2.7", "3.8"], [1 / a[4], a[4] / 2, a[4] * R(7, 10)])

# ---- Q4.1
ln = L("Indexer 在 200K 下已是瓶颈")
e.claim(ln, "T^2 at 200K (x10^10); x 78 (x10^12)", ["4", "3.1"], [R(200000**2, 10**10), R(78 * 200000**2, 10**12)])
ln = L("1. **上下文 5× 扩展**")
e.claim(ln, "1,048,576 / 202,752", ["5"], [R(T, 202752)], rounded_int=True)
e.claim(L("2. **RoPE 基频提升**"), "8e6 / 1e6", ["8"], [8])
e.ambiguous(L("3. **IndexShare 降低 Indexer FLOPs**"),
            "~70 % is an estimate; 0.7 x 21/78 = 18.8 % of the old total, 38.6 % of the new one; 2.9x is quoted")
ln = L("4. **MLA 压缩 KV cache**")
mha = 64 * (256 + 256) * 2
number_claim(e, ln, "MHA KV cache at 1M, 78 layers (the article's own 5 TB)", "700",
             [("GiB, 1M = 2^20", R(nl * MB2 * mha, GiB)), ("GB, 1M = 10^6", R(nl * MD * mha, 10**9))])
e.ambiguous(ln, "78 GB is exact for the 512-dim cache of Q2.6 (78 GiB), 87.75 GiB / 89.9 GB with the 64 RoPE dims")
ln = L("SWE-Marathon 从 1.0 → 13.0")
e.claim(ln, "13.0/1.0 - 1, 74.4/30.5 - 1, 46.2/18.0 - 1", ["1200%", "144%", "157%"],
        [R(13) - 1, R("74.4") / R("30.5") - 1, R("46.2") / R("18.0") - 1])

# ---- Q4.2
e.ambiguous(L("单 token 约 1 KB（512 维 / 64 heads × bf16，加上 RoPE 子空间）"),
            "78 x 1M x ~1 KB = 78 GB on the rounded 1 KB; with the RoPE dims it names, 1152 B gives 87.75 GiB / 89.9 GB")
e.given(L("- GLM-5.1/5.2 配置：`num_attention_heads=64`"), "64 heads, qk/v head dim 256")
ln = L("64 × (256 + 256) × 2 bytes = 65 KB")
number_claim(e, ln, "64 x 512 x 2 B = 65,536 B", "65", [("KiB", R(mha, KiB)), ("KB", R(mha, 1000))])
ln = L("1M × 78 × 65 KB ≈ **5 TB**")
number_claim(e, ln, "MHA cache 1M x 78 x 65,536 B", "5",
             [("TiB, 1M = 2^20", R(MB2 * nl * mha, TiB)), ("TB, 1M = 10^6", R(MD * nl * mha, 10**12))])
e.claim(L("把 KV 压到 576 维潜空间"), "512 + 64", ["576"], [576])
mla576 = (512 + 64) * 2
ln = L("(512 + 64) × 2 bytes ≈ 1.15 KB")
number_claim(e, ln, "576 x 2 B = 1152 B", "1.15", [("KiB", R(mla576, KiB)), ("KB", R(mla576, 1000))])
ln = L("1M × 78 × 1.15 KB ≈ **78 GB**")
number_claim(e, ln, "1M x 78 x 1152 B", "78",
             [("GiB, 1M = 2^20", R(MB2 * nl * mla576, GiB)), ("GB, 1M = 10^6", R(MD * nl * mla576, 10**9))])
ln = L("| 模型权重（MoE 256+1，~700B+ params）")
e.given(ln, "~700B params, TP 8")
e.claim(ln, "700e9 x 2 B in TB", ["1.4"], [R(700 * 10**9 * 2, 10**12)])
e.ambiguous(L("| 主 KV cache（MLA 压缩，78 GB）"),
            "78 / 8 = 9.75 for the 512-dim 78 GiB; this section's 576-dim cache gives 87.75 GiB / 89.9 GB, ~11 per GPU")
ln = L("| Indexer KV cache（仅 21 层） | 单卡 ~2 GB |")
number_claim(e, ln, "indexer KV per GPU (TP = 8); 2 = 16 / 8", "2",
             [("GiB, 1M = 2^20", R(idx_bin, 8 * GiB)), ("GiB, 1M = 10^6", R(idx_dec, 8 * GiB))], cause="carried")
e.given(L("| Activation / Workspace | 单卡 ~5 GB |"), "activations ~5 GB per GPU")
ln = L("| **单卡总占用** | **~190 GB**")
w8 = R(700 * 10**9 * 2, 8 * 10**9)               # 175 GB
number_claim(e, ln, "175 + 9.75 + indexer/8 + 5 (190 = 175 + 10 + 2 + 5)", "190",
             [("GiB indexer, 1M = 10^6", w8 + R(78, 8) + R(idx_dec, 8 * GiB) + 5),
              ("GB indexer, 1M = 10^6", w8 + R(78, 8) + R(idx_dec, 8 * 10**9) + 5)], cause="carried")
e.ambiguous(L("**要点**：MLA 压缩后单 token 约 1 KB"),
            "78 GB from the rounded 1 KB (78 GiB for 512 dims, 87.75 GiB / 89.9 GB for the 576 dims of this section)")

# ---- Q4.3
ln = L("合起来 1M 上下文的总计算量从")
e.claim(ln, "78 T^2 and 21 T^2 (x10^13)", ["8.6", "2.3"], [R(78 * T**2, 10**13), R(21 * T**2, 10**13)])
ln = L("| **主 Attention（DSA sparse）**")
e.claim(ln, "T x 2048 (x10^9)", ["2"], [R(T * 2048, 10**9)], rounded_int=True)
ln = L("| **Indexer Attention（full 层）**")
e.claim(ln, "T^2 (x10^12)", ["1.1"], [R(T**2, 10**12)])

# ---- Q5.1
e.given(L("### Q5.1 Terminal-Bench 63.5→81.0"), "63.5 -> 81.0")
e.claim(L("Terminal-Bench 2.1（+27%）"), "81.0 / 63.5 - 1", ["27%"], [R("81.0") / R("63.5") - 1])

e.done()
