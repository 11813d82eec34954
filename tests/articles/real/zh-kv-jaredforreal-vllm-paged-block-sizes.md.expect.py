# Expected verdicts for zh-kv-jaredforreal-vllm-paged-block-sizes.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# Chinese code-reading notes on vLLM v1 PagedAttention: bytes per KV-cache block for GQA, MLA, GDN and KDA layers,
# and the per-request memory at a 1M-token context.
# Inputs: block_size 16, bf16 = 2 bytes, float32 = 4 bytes; Qwen3-Next 2 KV heads x (256 + 256); Llama-70B 8 KV heads
#   x (128 + 128); Kimi MLA 512 + 64 = 576; DeepSeekV4 584 bytes/token; GDN conv_dim = 128*16*2 + 128*32, conv width
#   3, recurrent (32, 128, 128) float32; KDA 3 x (4096, 3) bf16 + (32, 128, 128) float32.
#   KB in this article is 1024 bytes (32,768 bytes = 32 KB; 18,432 bytes = 18 KB; 2,170,880 bytes = 2.07 MB).
# Exact values: GQA page 32,768 B = 32 KiB; Llama page 65,536 B = 64 KiB; MLA page 18,432 B = 18 KiB; V4 page
#   16 x 584 = 9,344 B = 9.125 KiB; blocks ceil(1e6/16) = 62,500; GQA request 62,500 x 32,768 B = 2,048,000,000 B
#   (2,048 MB decimal, 1,953.1 MiB); conv_dim 4096 + 4096 = 8192; GDN conv state 8192 x 3 x 2 = 49,152 B; recurrent
#   32 x 128 x 128 x 4 = 2,097,152 B (the KDA block prints exactly this for the same shape); GDN page 2,146,304 B =
#   2,096 KiB; KDA page 3 x 24,576 + 2,097,152 = 2,170,880 B = 2.0703 MiB; GDN align request 4,292,608 B = 4.09 MiB;
#   ratio 2,048,000,000 / 4,292,608 = 477.1; MLA saving 1 - 18/32 = 43.75 %; GDN saving 99.790 %; KDA 99.788 %.
# Wrong lines:
#  - "16×584 = **9.2 KB**": 9,344 B = 9.125 KiB -> 9.1 (9.3 with decimal KB): right under no reading (slip).
#  - "conv_dim = 128*16*2 + 128*32 = 9216": the expression is 4096 + 4096 = 8192 (slip).
#  - "(9216, 3) × bf16 = 55,296 bytes": right from the wrong 9216, exact 49,152 (carried).
#  - "(32, 128, 128) × float32 = 524,288 bytes": that is the element count; x 4 bytes = 2,097,152 (slip).
#  - "page_size = 55,296 + 524,288 = 579,584 bytes ≈ 566 KB": exact 2,146,304 B = 2,096 KiB (carried).
#  - "total_memory = 2 × 566 KB = 1.13 MB", "GDN (align): 2 × 566 KB = 1.13 MB", the 6.1 table cell "566 KB" and the
#    6.2 line "2 × 566 KB = 1.13 MB (99.94% 节省!)": exact 2,096 KiB per block, 4.09 MiB per request, 99.79 % (carried).
#  - "压缩比: ~1,770×": 2,048,000,000 / 4,292,608 = 477 (carried).
# Ambiguous: "62,500 * 32 KB = 2,000 MB" (three times) and "62,500 × 18 KB = 1,125 MB" need MB = 1000 KB while
#   KB = 1024 B (2,048 MB decimal, 1,953 MiB; 1,152 MB, 1,098.6 MiB); the code comment "512 + 64 = 656B/token" adds
#   element counts and names a byte size whose fp8 layout is not spelled out; "新 token 追加到第 8 个 block"
#   (100 = 6 x 16 + 4, so the 7th block still has free slots; which block a new token lands in depends on the
#   caching policy).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv", "mla", "gqa", "paged-attention", "code-block", "table"])
L = e.line
nc = number_claim
KiB = 1024
def kb(nbytes):
    return [("KiB", R(nbytes, KiB)), ("kB", R(nbytes, 1000))]
def mixed(line, why):
    e.ambiguous(line, why)
    ent = e._entry(line)
    if ent["verdict"] != "wrong":
        ent["verdict"] = "ambiguous"
MIX = "62,500 x 32 KB = 2,000,000 KB; 2,000 MB needs MB = 1000 KB while KB = 1024 B (2,048 MB decimal, 1,953 MiB)"

gqa_page = 16 * 2 * (256 + 256) * 2
e.given(L("# 每个 block 的 token 数 (默认 16)"), "default block size 16")
e.given(L("**例子（Qwen3-Next-80B-A3B，bf16）：**"), "model, bf16")
e.given(L("block_size = 16", after=L("**例子（Qwen3-Next-80B-A3B，bf16）：**")), "block_size 16")
e.given(L("num_kv_heads = 2 (GQA, TP=1)"), "2 KV heads")
e.given(L("head_size = 256"), "head_size 256")
e.given(L("head_size_v = 256"), "head_size_v 256")
ln = L("page_size = 16 * 2 * (256 + 256) * 2 = 32,768 bytes = 32 KB")
nc(e, ln, "GQA page bytes", "32,768", gqa_page)
nc(e, ln, "GQA page in KB", "32 KB".split()[0], kb(gqa_page))
e.given(L("以 1M token 上下文、block_size=16 为例"), "1M tokens, block 16")
blocks = sp.ceiling(R(10**6, 16))
ln = L("num_blocks = ceil(1,000,000 / 16) = 62,500 blocks")
nc(e, ln, "ceil(1e6/16)", "62,500", blocks)
mixed(L("total_memory = 62,500 * 32 KB = 2,000 MB"), MIX)

# MLA
ln = L("# 硬编码: 448B NoPE + 128B RoPE + 8B fp8 scale = 584B/token")
e.claim(ln, "448 + 128 + 8", ["584"], [448 + 128 + 8])
e.given(L("return self.storage_block_size * 584"), "584 bytes per token")
mixed(L("# DeepSeekV3.2: kv_lora_rank=512 + qk_rope_head_dim=64 = 656B/token"),
      "512 + 64 counts elements (576); 656 is a byte count of an fp8 layout (scales, bf16 rope) not spelled out")
e.given(L("return self.block_size * 656"), "656 bytes per token")
e.given(L("# MLA: num_kv_heads = 1 (MQA)"), "one KV head")
e.given(L("block 里没有 K/V 之分，也没有 num_kv_heads 这一维"), "num_kv_heads = 1 restated")
e.given(L("kv_lora_rank = 512"), "512")
e.given(L("qk_rope_head_dim = 64"), "64")
e.claim(L("head_size = 576"), "512 + 64", ["576"], [512 + 64])
e.given(L("num_kv_heads = 1", after=L("head_size = 576")), "1 head")
e.given(L("block_size = 16", after=L("head_size = 576")), "block 16")
mla_page = 16 * 1 * 576 * 2
ln = L("page_size = 16 * 1 * 576 * 2 = 18,432 bytes ≈ 18 KB")
nc(e, ln, "MLA page bytes", "18,432", mla_page)
e.claim(ln, "MLA page in KB (18,432/1024 = 18; /1000 = 18.4)", ["18"], [R(mla_page, KiB)], rounded_int=True)
e.given(L("取 `block_size=16`、`bf16`：", nth=1), "block 16, bf16")
ln = L("| 标准 GQA (Llama-70B) | 128 | 8 |")
nc(e, ln, "Llama page in KB", "64", kb(16 * 8 * 256 * 2))
e.given(ln, "inputs and 1x baseline")
ln = L("| 标准 GQA (Qwen3-Next) | 256 | 2 |")
nc(e, ln, "Qwen3-Next page in KB", "32", kb(16 * 2 * 512 * 2))
ln = L("| MLA (Kimi Linear) | 576 (=512+64) | 1 |")
e.claim(ln, "512 + 64", ["576"], [576])
nc(e, ln, "Kimi page in KB", "18", kb(16 * 576 * 2))
e.claim(ln, "saving vs the 32 KB standard", ["1.8"], [R(gqa_page, mla_page)])
ln = L("| MLA fp8 (DeepSeekV4) | 584 bytes/token | 1 |")
v4_page = 16 * 584
e.claim(ln, "16 x 584 bytes in KB (9.125 KiB; 9.344 kB)", ["9.2"], [R(v4_page, KiB)])
e.claim(ln, "saving vs the 32 KB standard", ["3.5"], [R(gqa_page, v4_page)])

# GDN
e.given(L("# 示例 (Qwen3-Next-80B-A3B, TP=1):"), "model")
conv_dim = 128 * 16 * 2 + 128 * 32
e.claim(L("# conv_dim = 128*16*2 + 128*32 = 9216"), "128*16*2 + 128*32", ["9216"], [conv_dim])
conv_bytes = conv_dim * 3 * 2
ln = L("# conv_state:     (9216, 3) × bf16 = 55,296 bytes")
nc(e, ln, "conv state bytes", "55,296", conv_bytes, cause="carried")
rec = 32 * 128 * 128 * 4
nc(e, L("# recurrent_state: (32, 128, 128) × float32 = 524,288 bytes"), "recurrent bytes", "524,288", rec)
gdn_page = conv_bytes + rec
ln = L("# page_size = 55,296 + 524,288 = 579,584 bytes ≈ 566 KB")
nc(e, ln, "GDN page bytes", "579,584", gdn_page, cause="carried")
e.claim(ln, "GDN page in KB", ["566"], [R(gdn_page, KiB)], cause="carried", rounded_int=True)

# KDA
e.given(L("# 示例 (Kimi Linear, head_dim=128, num_heads=32, TP=1):"), "head_dim 128, 32 heads")
for nm in ("q", "k", "v"):
    nc(e, L(f"# conv_state_{nm}: (4096, 3) × bf16 = 24,576 bytes"), f"conv_{nm} bytes", "24,576", 4096 * 3 * 2)
nc(e, L("# recurrent:    (32, 128, 128) × float32 = 2,097,152 bytes"), "KDA recurrent", "2,097,152", 32 * 128 * 128 * 4)
kda_page = 3 * 4096 * 3 * 2 + 32 * 128 * 128 * 4
ln = L("# page_size = 2,170,880 bytes ≈ 2.07 MB")
nc(e, ln, "KDA page bytes", "2,170,880", kda_page)
e.claim(ln, "KDA page in MB (binary 2.0703; decimal 2.17)", ["2.07"], [R(kda_page, 2**20)])

# 5.2
e.given(L("# 只保留 2 个 block"), "two blocks")
e.given(L("# 只保留 1 个 block"), "one block")
e.given(L("| `\"none\"` | 1 + spec_blocks |"), "formula")
e.given(L("| `\"align\"` | 2 + spec_blocks |"), "formula")
e.given(L("max_blocks_per_req = 2"), "two blocks in align mode")
gdn_req = 2 * gdn_page
ln = L("total_memory = 2 × 566 KB = 1.13 MB")
e.claim(ln, "2 x GDN page (560 KiB exact) in MB (1.09 MiB, 1.15 MB, 1.12 mixed)", ["1.13"], [R(gdn_req, 2**20)], cause="carried")
e.claim(ln, "GDN page restated", ["566"], [R(gdn_page, KiB)], cause="carried", rounded_int=True)
e.given(L("对比 1M token 上下文:"), "1M tokens")
mixed(L("- 标准 Attention: 62,500 × 32 KB = 2,000 MB"), MIX)
ln = L("- GDN (align):    2 × 566 KB     = 1.13 MB")
e.claim(ln, "GDN request", ["566", "1.13"], [R(gdn_page, KiB), R(gdn_req, 2**20)], cause="carried", rounded_int=True)
gqa_req = blocks * gqa_page
nc(e, L("- 压缩比: ~1,770× !!!"), "GQA / GDN request ratio", "1,770", [("bytes", R(gqa_req, gdn_req))], cause="carried")

# 5.4
e.given(L('1. Prefill "The quick brown fox..." (100 tokens)', nth=1), "100 tokens")
e.claim(L("2. 将 100 个 token 的 K/V 存入 7 个 blocks"), "ceil(100/16)", ["7"], [sp.ceiling(R(100, 16))])
e.claim(L("3. 后续请求复用这 7 个 blocks"), "ceil(100/16)", ["7"], [sp.ceiling(R(100, 16))])
e.ambiguous(L("4. 新 token 追加到第 8 个 block"),
            "100 = 6 x 16 + 4 leaves 12 free slots in the 7th block; whether a new token opens an 8th block depends on "
            "the caching policy")
e.given(L('1. Prefill "The quick brown fox..." (100 tokens)', nth=2), "100 tokens")
e.given(L("5. 只需要 2 个 blocks"), "two blocks in align mode")

# 6.1 table
e.given(L("取 `block_size=16`、`bf16`：", nth=2), "block 16, bf16")
ln = L("| **Standard GQA** | K[16, H_kv, D] + V[16, H_kv, D] |")
nc(e, ln, "GQA block", "32", kb(gqa_page))
ln = L("| **MLA** | compressed_kv[16, kv_lora+rope] |")
nc(e, ln, "MLA block", "18", kb(mla_page))
ln = L("| **GDN (Qwen)** | conv_state + recurrent_state |")
nc(e, ln, "GDN block", "566", kb(gdn_page), cause="carried")
ln = L("| **KDA (Kimi)** | conv_q + conv_k + conv_v + recurrent |")
e.claim(ln, "KDA block in MB", ["2.07"], [R(kda_page, 2**20)])

# 6.2
e.given(L("block_size = 16, max_model_len = 1,000,000"), "inputs")
nc(e, L("blocks = 62,500", nth=1), "GQA blocks", "62,500", blocks)
mixed(L("memory = 62,500 × 32 KB = 2,000 MB"), MIX)
nc(e, L("blocks = 62,500", nth=2), "MLA blocks", "62,500", blocks)
ln = L("memory = 62,500 × 18 KB = 1,125 MB  (43.8% 节省)")
e.claim(ln, "MLA saving 1 - 18/32", ["43.8%"], [1 - R(mla_page, gqa_page)])
mixed(ln, "62,500 x 18 KB = 1,125,000 KB; 1,125 MB needs MB = 1000 KB while KB = 1024 B (1,152 MB, 1,098.6 MiB)")
e.given(L("blocks = 2", nth=1), "two blocks")
ln = L("memory = 2 × 566 KB = 1.13 MB  (99.94% 节省!)")
e.claim(ln, "GDN request", ["566", "1.13"], [R(gdn_page, KiB), R(gdn_req, 2**20)], cause="carried", rounded_int=True)
e.claim(ln, "GDN saving", ["99.94%"], [1 - R(gdn_req, gqa_req)], cause="carried")
e.given(L("blocks = 2", nth=2), "two blocks")
ln = L("memory = 2 × 2.07 MB = 4.14 MB (99.79% 节省!)")
e.claim(ln, "KDA request in MB", ["2.07", "4.14"], [R(kda_page, 2**20), R(2 * kda_page, 2**20)])
e.claim(ln, "KDA saving", ["99.79%"], [1 - R(2 * kda_page, gqa_req)])

# --- layout and formula lines that restate counts ----------------------------------------------
e.given(L("Block 布局: [2, block_size, num_kv_heads, head_size]"), "2 = K and V")
e.given(L("标准 Attention:  K [head_size] + V [head_size_v]  = 2 个张量"), "two tensors")
e.given(L("MLA:            compressed_kv [kv_lora_rank + qk_rope_head_dim]  = 1 个张量"), "one tensor")
e.given(L("#     (conv_dim/tp, conv_kernel-1+num_spec),"), "shape formula")
for nm in ("q", "k", "v"):
    e.given(L(f"#     (proj_size/tp, conv_kernel-1),     # conv_state_{nm}"), "shape formula")
e.given(L("#     (num_heads/tp, head_dim, head_dim), # recurrent_state (float32)"), "shape formula")
e.given(L("return self.page_size_bytes * (2 + num_speculative_blocks)"), "formula")
e.given(L("return self.page_size_bytes * (1 + num_speculative_blocks)"), "formula")
e.done()
