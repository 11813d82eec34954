# Expected verdicts for zh-kv-fcsfang-daily-digest-32k-cache.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese LLM-internship interview digest (fcsfang/Daily-LLM-Interview, outputs/2026-07-10.md, written by the repo's
# daily bot): one question on KV-cache memory for LLaMA-2 7B (32 layers, hidden 4096, full MHA, FP16 = 2 bytes,
# batch 1) and a card on the minimum GPU count.  Sizes are printed in decimal GB (2.147e9 B -> "2.1 GB", 17.18e9 B ->
# "17.2 GB"; GiB would give 2.0 and 16.0), so GB = 10^9 bytes throughout.
# Exact values:
#   4096 tokens: 1*4096*32*4096*2*2 = 2,147,483,648 B = 2.147 GB -> "2.1GB", "2.1 GB", "约2GB": ok.
#   32K = 32768 tokens: 1*32*2*32768*4096*2 = 17,179,869,184 B = 17.18 GB -> "17.2 GB", "约 17GB", "17GB": ok.
#   weights 7e9 x 2 B = 14 GB: ok.  10K tokens: 10,000 x 524,288 B = 5.24 GB (10,240 -> 5.37 GB) -> "约 5GB": ok.
#   INT4 vs FP16: 4/16 = 1/4: ok.  32K split into 4 pieces of 8K: 32768 / 8192 = 4: ok.
#   card: 14 + 2.147 + 2 = 18.15 and 14 + 2.147 + 3 = 19.15 -> "18-19GB": ok.
# Wrong: "两个这样的请求就能撑爆一张 80GB A100": two 32K caches plus the weights are 2 x 17.18 + 14 = 48.4 GB (45 GiB),
#   far below 80 GB under any reading (slip).
# Ambiguous: "接近总显存 24GB 的 1/5" is an approximate ratio (5.24 / 24 = 0.22), not an equality.
# Given: model facts, formulas, batch/sequence settings, the quoted "1-2%" accuracy loss, question/card numbers.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["kv-cache", "memory", "sizes"])
L = e.line

GB = 10**9
per_tok = 32 * 2 * 4096 * 2            # bytes per token over all layers, K and V, FP16
kv4k = per_tok * 4096
kv32k = per_tok * 32768
kv10k = per_tok * 10000
weights = 7 * 10**9 * 2

e.given(L("# 面试日报节选"), "32K context (title)")
e.given(L("### 题目 3"), "question number, 32K context")
ln = L("它的内存占用公式是：batch_size * seq_len")
e.given(ln, "formula, LLaMA-2 7B: 32 layers, hidden 4096, batch 1, seq_len 4096, FP16 2 bytes")
e.claim(ln, "1*4096*32*4096*2*2 in GB", "2.1", R(kv4k, GB))
e.claim(ln, "32K-token cache in GB ('约 17GB')", "17", R(kv32k, GB), rounded_int=True)
e.given(L("第 t 步生成时"), "ordinal positions 1 .. t-1 and the complexity notation O(t^2), O(t) (no quantity)")
e.given(L("KV cache 占用的显存 = batch_size * num_layers * 2"), "formula")
e.given(L("以 LLaMA 7B 为例："), "model name (7B)")
e.given(L("- num_layers = 32"), "32 layers")
e.given(L("- hidden_size = 4096"), "hidden 4096")
e.given(L("- 每层有 2 组矩阵"), "K and V: factor 2")
e.given(L("- seq_len = 4096"), "4096 tokens")
e.given(L("- bytes_per_elem（FP16）= 2"), "2 bytes")
e.claim(L("所以 1 个请求：1 * 32 * 2 * 4096 * 4096 * 2 = 2.1 GB"), "4096-token cache in GB", "2.1", R(kv4k, GB))
ln = L("当 seq_len = 32K 时，KV cache 为")
e.claim(ln, "1*32*2*32768*4096*2 in GB", "17.2", R(kv32k, GB))
e.claim(ln, "7B weights in FP16, GB", "14", R(weights, GB))
e.claim(ln, "two 32K caches plus the 14 GB weights, claimed to overflow an 80 GB A100 (2 x 17.18 + 14 = 48.4 GB)",
        "80", 2 * R(kv32k, GB) + R(weights, GB), cause="slip")
e.given(L("1. **GQA / MQA**"), "1/num_heads (formula)")
e.given(L("2. **PagedAttention**"), "list number only")
e.claim(L("3. **KV cache 量化**"), "INT4 / FP16 size ratio", "1/4", R(4, 16))
e.given(L("4. **窗口注意力**"), "list number only")
ln = L("追问 3：32K 上下文不用 GQA 也不量化")
e.claim(ln, "32K-token cache in GB ('17GB')", "17", R(kv32k, GB), rounded_int=True)
ln = L("把 32K 拆成 4 个 8K 的片段")
e.given(ln, "quoted 1-2% accuracy loss")
e.claim(ln, "32K / 8K pieces", "4", R(32768, 8192))
ln = L("聊到 50 轮后上下文接近 10K token")
e.given(ln, "50 rounds, 10K tokens, 24 GB card, 8 rounds kept, 4K context")
e.claim(ln, "10K-token cache in GB ('约 5GB')", "5", R(kv10k, GB), rounded_int=True)
e.ambiguous(ln, "'接近 24GB 的 1/5' is an approximate ratio (5.24/24 = 0.22), not an equality")
e.given(L("### 卡片 5"), "card number")
ln = L("- **A：** 总显存需求 = 模型权重显存")
e.given(ln, "formulas, batch 1, seq_len 4k = 4096, overhead 2-3 GB, 24 GB card")
e.claim(ln, "7B FP16 weights in GB", "14", R(weights, GB))
e.claim(ln, "4k-token cache in GB ('约2GB')", "2", R(kv4k, GB), rounded_int=True)
e.claim(ln, "totals 14 + 2.147 + 2 and + 3 in GB ('18-19GB')", ["18", "19"],
        [R(weights + kv4k, GB) + 2, R(weights + kv4k, GB) + 3], rounded_int=True)
e.done()
