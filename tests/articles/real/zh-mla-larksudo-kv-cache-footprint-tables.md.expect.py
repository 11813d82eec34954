# Expected verdicts for zh-mla-larksudo-kv-cache-footprint-tables.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese knowledge-base page on what the KV cache stores and how large it is, with two size tables
# (per layer / per token, bf16 = 2 bytes) and a comparison of MHA / GQA / MQA / MLA / CSA.
# Inputs the article prints: LLaMA-2 70B has 64 Q heads and 8 KV heads, seq 4096; its table row gives 4 KB per
#   layer (so head_dim = 4096 / (2*8*2) = 128) and the second table is an "80-layer baseline"; DeepSeek-V3 MLA
#   caches a 512-dim latent + a 64-dim decoupled RoPE key; batch/seq of the two scale examples; bf16.
# Exact values: LLaMA-70B 4 KiB x 80 = 320 KiB per token; x 4096 tokens = 1,342,177,280 B = 1.25 GiB (printed
#   "约 1.25 GB", binary reading); caching Q as well: 64*128*80*2*4096 = 5,368,709,120 B = 5 GiB ("约 5 GB");
#   72B (~320 KiB/token from the table) x batch 8 x 32,768 = 85,899,345,920 B = 80 GiB ("约 80 GB").
#   Second table, per layer (the values are per-layer sizes although the header says "80-layer baseline"; the
#   whole-model reading would make every row 80x too small, so the per-layer reading is taken):
#   MHA 2*64*128*2 = 32 KiB; GQA 4 KiB, 32/4 = 8x; MQA 2*1*128*2 = 0.5 KiB, 32/0.5 = 64x;
#   MLA (512+64)*2 = 1152 B = 1.125 KiB (printed ~1.1); MHA/MLA = 32768/1152 = 28.44 -> printed "~29x" is WRONG,
#   cause drift: 32 / 1.1 = 29.09 uses the rounded ~1.1 KB; end to end the ratio is 28.4 (~28x).
#   MLA bullet: 512*2 = 1024 B = 1 KiB, 64*2 = 128 B.
# Ambiguous: Mistral-7B row (head_dim and layer count not printed; the article calls it MHA with 32 heads);
#   Qwen2.5-72B row (config not printed); DeepSeek-V3 68.6 KB per token (layer count 61 not printed; 61*1152 B
#   = 68.625 KiB would agree); Qwen2.5-7B "57 GB / 14 GB / 4x" (layers, KV heads, parameter count not printed; with
#   the real config 28 layers x 4 KV heads x 128 the cache is 56 GiB = 60.1 GB, so no reading is determined);
#   CSA/HCA ~0.17 KB and ~190x (DeepSeek V4 shapes not given; 32/0.17 = 188); "约为 MHA 的 1/57" (which MHA
#   baseline is meant is not said: the article's 32 KB baseline gives 1/28.4, a 128-head x 128-dim MHA gives 1/56.9).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv-cache", "gqa", "mqa", "mla", "sizes", "markdown-table"])
L = e.line


def sizes(nbytes, unit):
    names = {0: ("B", "B"), 1: ("KB", "KiB"), 2: ("MB", "MiB"), 3: ("GB", "GiB")}[unit]
    if unit == 0:
        return [("bytes", sp.Integer(nbytes))]
    return [(f"decimal {names[0]}", sp.Integer(nbytes) / 10 ** (3 * unit)),
            (f"binary {names[1]}", sp.Integer(nbytes) / 2 ** (10 * unit))]


B = 2                      # bf16
q_heads, kv_heads, layers, seq = 64, 8, 80, 4096
per_layer_gqa = 4 * 1024   # the table's 4 KB for LLaMA-70B
head_dim = per_layer_gqa // (2 * kv_heads * B)          # 128
per_token_gqa = per_layer_gqa * layers                  # 320 KiB
mha_layer = 2 * q_heads * head_dim * B                  # 32 KiB
mqa_layer = 2 * 1 * head_dim * B                        # 0.5 KiB
mla_layer = (512 + 64) * B                              # 1152 B

# --- the Q-is-not-cached paragraph ----------------------------------------------------------
ln = L("拿 LLaMA-2 70B（64 Q 头 vs 8 KV 头）、seq=4096")
e.given(ln, "64 Q heads, 8 KV heads, seq 4096")
number_claim(e, ln, "K+V cache of LLaMA-2 70B at 4096 tokens", "1.25", sizes(per_token_gqa * seq, 3))
number_claim(e, ln, "extra memory if Q were cached (64 heads x 128 x 80 layers x 2 B x 4096)", "5",
             sizes(q_heads * head_dim * layers * B * seq, 3))

# --- formulas --------------------------------------------------------------------------------
e.given(L("KV/token/layer = 2 × num_kv_heads"), "factor 2 in the per-layer formula")
e.given(L("（其中 `2` 表示 K、V 各存一份。）"), "factor 2 explained")
e.given(L("Memory_KV ≈ 2 × bytes_per_element"), "factor 2 in the expanded formula")
e.given(L("几组参考数字（bf16，全模型合计）"), "bf16 = 2 bytes")

# --- first table ------------------------------------------------------------------------------
e.ambiguous(L("| Mistral-7B (MHA, 32 头) | MHA | 16 KB | 512 KB |"),
            "Mistral-7B's head_dim and layer count are not printed (16 KB = 2*32*128*2 and 512 KB = 16 KB * 32 "
            "need head_dim 128 and 32 layers from outside the article)")
ln = L("| LLaMA-70B (GQA-8) | GQA | 4 KB | 320 KB |")
e.given(ln, "LLaMA-70B per-layer KV of 4 KB (8 KV heads; fixes head_dim = 128)")
number_claim(e, ln, "LLaMA-70B per token = 4 KB x 80 layers", "320", sizes(per_token_gqa, 1))
e.ambiguous(L("| Qwen2.5-72B (GQA) | GQA | ~4 KB | ~320 KB |"),
            "Qwen2.5-72B's layers, KV heads and head_dim are not printed")
ln = L("| DeepSeek-V3 (MLA) | MLA | ~1.1 KB | 68.6 KB |")
number_claim(e, ln, "MLA per layer (512 + 64) x 2 B", "1.1", sizes(mla_layer, 1))
e.ambiguous(ln, "68.6 KB per token needs DeepSeek-V3's layer count (61), which the article does not print")

# --- scale examples ----------------------------------------------------------------------------
e.ambiguous(L("Qwen2.5-7B 在 batch=32、seq=32K 时 KV Cache 约 57 GB"),
            "Qwen2.5-7B's layers / KV heads / head_dim and parameter count are not printed; with its real config "
            "(28 x 4 x 128) the cache is 56 GiB = 60.1 GB, so 57 GB, 14 GB and the 4x ratio cannot be decided")
ln = L("而 72B 模型在 batch=8、seq=32K 时仅 KV Cache 就约 80 GB")
e.given(ln, "batch 8, seq 32K = 32768")
number_claim(e, ln, "72B cache: ~320 KB/token x 8 x 32768", "80", sizes(per_token_gqa * 8 * 32768, 3))

# --- second table (per layer) ---------------------------------------------------------------
e.given(L("| 类型 | 单 token KV（80 层基准） |"), "80-layer baseline")
ln = L("| MHA | 32 KB | 1× |")
number_claim(e, ln, "MHA per layer 2 x 64 x 128 x 2 B", "32", sizes(mha_layer, 1))
e.given(ln, "MHA is the 1x reference")
ln = L("| GQA | 4 KB | 8× |")
number_claim(e, ln, "GQA per layer 2 x 8 x 128 x 2 B", "4", sizes(per_layer_gqa, 1))
e.claim(ln, "MHA / GQA", ["8"], [R(mha_layer, per_layer_gqa)])
ln = L("| MQA | 0.5 KB | 64× |")
number_claim(e, ln, "MQA per layer 2 x 1 x 128 x 2 B", "0.5", sizes(mqa_layer, 1))
e.claim(ln, "MHA / MQA", ["64"], [R(mha_layer, mqa_layer)])
ln = L("| MLA | ~1.1 KB | ~29× |")
number_claim(e, ln, "MLA per layer (512 + 64) x 2 B", "1.1", sizes(mla_layer, 1))
number_claim(e, ln, "MHA / MLA = 32768 / 1152", "29", R(mha_layer, mla_layer), cause="drift")
e.ambiguous(L("| CSA/HCA | ~0.17 KB | ~190× |"),
            "DeepSeek V4 CSA/HCA cache shape is not given; the ratio 32 / 0.17 = 188 rests on that unverifiable size")

# --- bullets -----------------------------------------------------------------------------------
ln = L("- **GQA**：8 个 Q 头共用 1 个 KV 头，KV 缩小 8 倍")
e.claim(ln, "GQA reduction 64 / 8", ["8"], [R(q_heads, kv_heads)])
e.given(ln, "320 KB/token and 512 KB/token restated from the table")
ln = L("- **MLA**：把 K/V 压成一个共享的低秩潜向量")
e.given(ln, "512-dim latent and 64-dim RoPE key")
number_claim(e, ln, "latent 512 x 2 B", "1", sizes(512 * B, 1))
number_claim(e, ln, "RoPE key 64 x 2 B", "128", sizes(64 * B, 0))
e.ambiguous(ln, "'约为 MHA 的 1/57': the MHA baseline is not stated (the article's own 32 KB baseline gives "
                "1/28.4, a 128-head x 128-dim MHA gives 1/56.9)")
e.given(L("MLAAttentionSpec(kv_lora_rank=512, ...)"), "kv_lora_rank = 512 restated")
e.done()
