# Expected verdicts for zh-gqa-riceball-mha-gqa-mla-kv-evolution.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (given): Llama 2-70B, 80 layers, 64 heads, head_dim 128, fp16 (2 bytes), d_model 8192; GQA with 8 KV heads;
# DeepSeek-V2 d_model 5120, d_compressed 512, 128 heads, head_dim 128; MB/GB/KB read as powers of 1024.
# - MHA per token 2 x 80 x 64 x 128 x 2 = 2,621,440 B = 2.5 MiB (ok, twice); x 4096 = 10 GiB; x 32 = 320 GiB: ok.
# - intro "2.5 MB × 32 × 4096/4096 = 80 GB": the printed product is 80 MB, and the batch-32 x 4096 cache is 320 GiB
#   (the article's own later value); 80 GB is wrong (slip).
# - "约2/3的注意力层参数" for K and V: 2/3 of the Q, K, V projections but 1/2 once Wo is counted (the article's own
#   4 x d_model^2) -> ambiguous.
# - memory box: 70e9 x 2 = 140 GB, 140 + 40 + 10 = 190, ceil(190 / 80) = 3 cards: ok (40 GB activations given).
# - GQA box: 64 x 128 = 8192, 8 x 128 = 1024, 64 / 8 = 8: ok.
# - GQA table: K/V reductions 1 - 1024/8192 = 87.5 % ok; "注意力层总参数 262M / 131M / 减少 50%": with Q, K, V, O the
#   counts are 4 x 8192^2 = 268,435,456 (268M) and 2 x 8192^2 + 2 x 1024 x 8192 = 150,994,944 (151M), a 43.75 %
#   reduction (the article's own section 2.4 says 44 %) -> wrong (262M, 131M slips; 50 % follows from them: carried);
#   per token GQA 2 x 80 x 8 x 128 x 2 = 327,680 B = 0.3125 MiB -> 0.31 ok; 1.25 GiB, 40 GiB, 87.5 %: ok.
# - section 2.4: 2 + 2/8 = 2.25, 1 - 2.25/4 = 43.75 % -> 44: ok.
# - KV-head table: 1 - k/64 = 0, 50, 75, 87.5, 93.75, 98.4375 (98.4) %: ok.
# - DeepSeek-V2: 5120 / 512 = 10; 2 x 128 x 128 x 2 = 65,536 B = 64 KiB; 512 x 2 = 1 KiB; 1 - 1/64 = 98.4 %: ok.
# - FLOPs: 512 x 128 x 96 = 6,291,456 (6.3M), 512 x 128 x 128 = 8,388,608 (8.4M), sum 14.68M (~15M): ok;
#   "当seq_len > 100时, 额外计算 < 1%": attention at N = 100 is 128 x 100 x 128 x 2 = 3,276,800, so the extra work is
#   448 % of it (below 1 % only past N = 44,800) -> wrong (slip).
# - model table: only the Llama 2 70B row can be recomputed from the article's own inputs: its GQA per-token cache is
#   327,680 B = 320 KiB (the article's 0.31 MB), printed 64 KB -> wrong (slip); the other rows give no layer counts
#   (or, for MLA, no basis for "~2 KB" against the article's 1 KB latent) -> ambiguous.
# - summary: 87.5 % and ~98 % (98.4375): ok.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv-cache", "gqa", "mla", "memory"])
L = e.line
KiB, MiB, GiB = 2**10, 2**20, 2**30

mha_tok = 2 * 80 * 64 * 128 * 2
gqa_tok = 2 * 80 * 8 * 128 * 2
d = 8192
mha_params = 4 * d * d
gqa_params = 2 * d * d + 2 * 1024 * d

e.given(L("MHA配置: 80层, 64 heads, head_dim=128"), "Llama 2-70B MHA config")
e.claim(L("单条序列KV Cache = 2 × 80 × 64 × 128 × 2(bytes) = 2.5 MB"), "MHA KV per token (MiB)", "2.5",
        R(mha_tok, MiB))
e.given(L("Batch=32, seq_len=4096时:"), "batch 32, sequence 4096")
e.claim(L("KV Cache总量 = 2.5 MB × 32 × 4096/4096 = 80 GB"), "KV for batch 32 x 4096 (GiB)", "80",
        R(mha_tok * 32 * 4096, GiB))
e.given(L("⚠️ 这已经超过了单张A100-80GB的显存容量"), "A100 80 GB")
e.given(L("- num_layers = 80"), "layers")
e.given(L("- num_heads = 64 (MHA配置)"), "heads")
e.given(L("- head_dim = 128"), "head_dim")
e.given(L("- dtype = fp16 (2 bytes)"), "bytes")
ln = L("每token KV Cache = 2 × 80 × 64 × 128 × 2 = 2,621,440 bytes ≈ 2.5 MB")
number_claim(e, ln, "MHA KV bytes per token", "2,621,440", mha_tok)
e.claim(ln, "MHA KV per token (MiB)", "2.5", R(mha_tok, MiB))
e.claim(L("KV Cache总量 = 2.5 MB × 4096 ≈ 10 GB (单条序列)"), "one 4096-token sequence (GiB)", "10",
        R(mha_tok * 4096, GiB))
e.ambiguous(L("注意力层里约2/3的参数都花在维护 KV 投影上"),
            "K and V are 2/3 of the Q, K, V projections but 1/2 of the layer once Wo is counted (4 x d_model^2)")
e.claim(L("│  模型权重:     ~140 GB (70B参数 × 2 bytes, fp16)"), "70e9 x 2 bytes in GB", "140", R(70 * 10**9 * 2, 10**9))
e.given(L("│  激活值:       ~40 GB"), "activations estimate")
e.claim(L("│  KV Cache:     ~10 GB (单条4096长度序列)"), "KV restated (GiB)", "10", R(mha_tok * 4096, GiB))
e.given(L("│  优化器状态:   0 (推理阶段)"), "no optimizer state")
e.claim(L("│  总计: ~190 GB"), "140 + 40 + 10", "190", 140 + 40 + 10)
ln = L("│  ⚠️ 需要至少3张A100-80GB")
e.given(ln, "TP=2")
e.claim(ln, "cards ceil(190 / 80)", "3", sp.ceiling(R(190, 80)))
e.claim(L("KV Cache总量 = 10 GB × 32 = 320 GB"), "32 sequences", "320", 10 * 32)
for lab, nth in (("Q: 64 heads × 128 dim = 8192", 1), ("K: 64 heads × 128 dim = 8192", 1),
                 ("V: 64 heads × 128 dim = 8192", 1), ("Q: 64 heads × 128 dim = 8192", 2)):
    e.claim(L(lab, nth), "64 x 128", "8192", 64 * 128)
e.given(L("│  KV Cache: 64 groups"), "64 KV groups")
ln = L("│  K: 8 groups × 128 dim = 1024")
e.claim(ln, "8 x 128", "1024", 8 * 128)
e.claim(ln, "Q heads per KV group 64 / 8", "8", R(64, 8))
e.claim(L("│  V: 8 groups × 128 dim = 1024"), "8 x 128", "1024", 8 * 128)
e.claim(L("│  KV Cache: 8 groups (减少8倍)"), "reduction 64 / 8", "8", R(64, 8))
e.given(L("把 MHA 换成 GQA（num_kv_heads=8）"), "8 KV heads")
e.given(L("│ Q投影参数"), "Q projection 8192 x 8192")
e.claim(L("│ K投影参数"), "K projection reduction in %", "87.5", 100 * (1 - R(1024, 8192)))
e.claim(L("│ V投影参数"), "V projection reduction in %", "87.5", 100 * (1 - R(1024, 8192)))
ln = L("│ 注意力层总参数")
number_claim(e, ln, "MHA attention parameters in millions (Q, K, V, O)", "262", R(mha_params, 10**6))
number_claim(e, ln, "GQA attention parameters in millions (Q, K, V, O)", "131", R(gqa_params, 10**6))
e.claim(ln, "parameter reduction in %", "50", 100 * (1 - R(gqa_params, mha_params)), cause="carried",
        rounded_int=True)
e.claim(L("│ 单token KV Cache"), "per token MHA / GQA (MiB) and reduction", ["2.5", "0.31", "87.5"],
        [R(mha_tok, MiB), R(gqa_tok, MiB), 100 * (1 - R(gqa_tok, mha_tok))])
e.claim(L("│ 4096长度KV Cache"), "4096 tokens MHA / GQA (GiB) and reduction", ["10", "1.25", "87.5"],
        [R(mha_tok * 4096, GiB), R(gqa_tok * 4096, GiB), 100 * (1 - R(gqa_tok, mha_tok))])
e.claim(L("│ 32并发KV Cache"), "32 sequences MHA / GQA (GiB) and reduction", ["320", "40", "87.5"],
        [R(mha_tok * 4096 * 32, GiB), R(gqa_tok * 4096 * 32, GiB), 100 * (1 - R(gqa_tok, mha_tok))])
e.given(L("│ 模型质量(F1)"), "quality figures")
e.given(L("# - MHA注意力层参数: 3 × d_model² + d_model² = 4 × d_model²"), "formula (coefficients 3 + 1 = 4)")
e.given(L("# 对于num_groups=8:"), "num_groups = 8")
e.claim(L("# 参数量 = 2 × d_model² + 2 × d_model²/8 = 2.25 × d_model²"), "2 + 2/8", "2.25", 2 + R(2, 8))
e.claim(L("# 相比MHA减少约 44%"), "reduction 1 - 2.25/4 in %", "44", 100 * (1 - R(9, 16)), rounded_int=True)
for lab, k, printed in (("64/64 (MHA)     0%", 64, "0"), ("32/64           50%", 32, "50"),
                        ("16/64           75%", 16, "75"), ("8/64            87.5%", 8, "87.5"),
                        ("4/64            93.75%", 4, "93.75"), ("1/64 (MQA)      98.4%", 1, "98.4")):
    ln = L(lab)
    e.given(ln, "quality loss (reported)")
    e.claim(ln, f"saving 1 - {k}/64 in %", printed, 100 * (1 - R(k, 64)), rounded_int=True)
e.given(L("经验上，**8~16个KV头**最常见"), "typical KV head counts")
e.given(L("- d_model = 5120"), "DeepSeek-V2 d_model")
e.claim(L("- d_compressed = 512 (压缩比 = 10:1)"), "compression 5120 / 512", "10", R(5120, 512))
e.given(L("- num_heads = 128", 1), "heads")
e.given(L("- head_dim = 128", 2), "head_dim")
e.claim(L("MHA KV Cache per token = 2 × 128 × 128 × 2 = 64 KB"), "per layer and token (KiB)", "64",
        R(2 * 128 * 128 * 2, KiB))
e.claim(L("MLA潜在向量 per token = 512 × 2 = 1 KB"), "latent (KiB)", "1", R(512 * 2, KiB))
ln = L("KV Cache节省 = 1 - (1/64) ≈ 98.4%")
e.claim(ln, "ratio 1 KB / 64 KB", "1/64", R(512 * 2, 2 * 128 * 128 * 2))
e.claim(ln, "saving in %", "98.4", 100 * (1 - R(1, 64)))
extra_k = 512 * 128 * 96
extra_v = 512 * 128 * 128
e.claim(L("- 解压K:"), "512 x 128 x 96 in millions", "6.3", R(extra_k, 10**6))
e.claim(L("- 解压V:"), "512 x 128 x 128 in millions", "8.4", R(extra_v, 10**6))
e.claim(L("- 总额外计算: ~15M FLOPs per token"), "sum in millions", "15", R(extra_k + extra_v, 10**6),
        rounded_int=True)
e.given(L("- Q @ K^T: num_heads × seq_len × head_dim × 2"), "attention cost formula")
attn_100 = 128 * 100 * 128 * 2
ln = L("当seq_len > 100时, 额外计算 < 1% 的注意力计算开销")
e.given(ln, "threshold seq_len 100")
e.claim(ln, "extra work as % of attention at seq_len = 100 (the line claims < 1 %)", "1",
        100 * R(extra_k + extra_v, attn_100), rounded_int=True)
for lab in ("│ GPT-3 175B", "│ Llama 2 7B", "│ Llama 3 8B", "│ Llama 3 70B", "│ Mistral 7B", "│ Qwen2 72B"):
    e.ambiguous(L(lab), "per-token KV size with no layer count in the article to recompute it from")
ln = L("│ Llama 2 70B")
e.given(ln, "64 Q heads, 8 KV heads")
e.claim(ln, "Llama 2 70B GQA per-token KV (KiB) from the article's own config", "64", R(gqa_tok, KiB))
for lab in ("│ DeepSeek-V2", "│ DeepSeek-V3", "│ DeepSeek-R1"):
    e.ambiguous(L(lab), "'~2 KB' has no stated basis (the article's own MLA latent is 1 KB per layer)")
e.claim(L("2. **GQA**：分组共享 KV"), "GQA saving in %", "87.5", 100 * (1 - R(8, 64)))
e.claim(L("3. **MLA**：低秩压缩"), "MLA saving in % ('~98%')", "98", 100 * (1 - R(1, 64)), rounded_int=True)
e.done()
