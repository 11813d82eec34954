# Expected verdicts for zh-gqa-lingyuncai-llm-learning-kv-heads-70b.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese article of an interactive LLM knowledge base ("MQA 与 GQA", lingyuncai/llm-learning; its README says the
# content is AI-generated): KV-cache size of a 70B model (L = 80, h = 64, d_k = 128, S = 4096, FP16 = 2 bytes) under MHA,
# GQA (8 KV heads) and MQA (1 KV head), the reduction factors, the number of requests that fit in 40 GB, and a table of
# head counts of public models.  Sizes are decimal GB (10,737,418,240 B -> "10.7 GB"; GiB would be 10.0).
# Exact values: MHA 2*64*4096*128*80*2 = 10,737,418,240 B = 10.74 GB; GQA 1,342,177,280 B = 1.342 GB ("1.34", "1.3");
#   MQA 167,772,160 B = 0.168 GB ("0.17"); factors 64/8 = 8 and 64; 1/64, 1/8; ratios 32/32, 40/40 = 1:1, 64/8 = 8:1,
#   32/8 = 4:1: all ok.
# Concurrent requests in 40 GB: 40/10.737 = 3.73, 40/1.342 = 29.80, 40/0.168 = 238.42.  A count of whole requests may be
#   read as the floor or as the nearest integer: "~3" (floor 3) and "~30" (nearest 30) are ok; "~235" is wrong under
#   both readings (238) -- it is 40/0.17 = 235.3 from the rounded per-request size (drift).
# Ambiguous: "并发能力提升了约 10 倍": the continuous capacity ratio is exactly h/g = 8 (the article itself says "约 8 倍"
#   for the cache), the floored counts give 29/3 = 9.7 and the printed table 30/3 = 10.
# Not judged (no number on its line): the remark that 10.7 GB is more than the model's own parameters (70e9 x 2 bytes =
#   140 GB, so it is not).
import sys
from math import floor
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["gqa", "mqa", "kv-cache", "memory", "sizes"])
L = e.line

GB = 10**9
Lyr, h, dk, S, b = 80, 64, 128, 4096, 2
kv = {n: 2 * n * S * dk * Lyr * b for n in (64, 8, 1)}
assert kv[64] == 10737418240 and kv[8] == 1342177280 and kv[1] == 167772160

e.given(L(r"\text{KV Cache per layer} = 2 \times h"), "formula (factor 2 for K and V)")
e.given(L("其中 $h$ 为 head 数"), "factor 2 (K and V)")
e.given(L("拿 LLaMA-2 70B 来说"), "h = 64, d_k = 128, L = 80, S = 4096")
e.claim(L(r"2 \times 64 \times 4096 \times 128 \times 80 \times 2\text{ bytes} \approx 10.7"), "MHA cache per request, GB",
        "10.7", R(kv[64], GB))
e.given(L("出自 Noam Shazeer 2019 年的论文"), "year 2019")
e.given(L(r"\xrightarrow{\text{MQA}}"), "formula (1 KV head)")
e.claim(L("缩小了 $h$ 倍：对 $h = 64$ 的模型"), "MQA reduction factor h (cache becomes 1/64)", "64", R(kv[64], kv[1]))
e.given(L("由 Ainslie 等人 2023 年提出"), "year 2023, g = h / g = 1 cases")
e.given(L(r"\xrightarrow{\text{GQA}}"), "formula (factor 2)")
e.claim(L("缩小了 $h / g$ 倍。例如 $h = 64$、$g = 8$ 时"), "GQA reduction h/g (cache becomes 1/8)", "8", R(64, 8))
e.given(L("论文还给出从现成 MHA checkpoint"), "quoted ~5% of pre-training compute")
e.given(L("以 $h = 4$ 为例"), "h = 4")
e.given(L("- **MHA**：4 个 Query head"), "4 query heads, 4 KV heads")
e.claim(L("- **GQA**（$g = 2$）"), "KV heads with g = 2 groups of 4 query heads", "2", R(2))
e.given(L("- **MQA**：4 个 Query head 全部共享"), "1 KV head")
e.given(L("取序列长度 $S = 4096$，FP16"), "S = 4096, 2 bytes")
ln = L("| 假设 MHA-70B | 80 | 64 | 128 | 64 (MHA) |")
e.given(ln, "80 layers, 64 heads, d_k 128, 64 KV heads")
e.claim(ln, "MHA cache per request, GB", "10.7", R(kv[64], GB))
ln = L("| LLaMA-2 70B (GQA) | 80 | 64 | 128 | 8 |")
e.given(ln, "80 layers, 64 heads, d_k 128, 8 KV heads")
e.claim(ln, "GQA cache per request, GB", "1.3", R(kv[8], GB))
ln = L("| 假设 MQA-70B | 80 | 64 | 128 | 1 (MQA) |")
e.given(ln, "80 layers, 64 heads, d_k 128, 1 KV head")
e.claim(ln, "MQA cache per request, GB", "0.17", R(kv[1], GB))
e.given(L(r"\text{KV Cache} = 2 \times \text{KV heads}"), "formula")
e.given(L("代入 LLaMA-2 70B 的 GQA 配置"), "model name (70B)")
e.claim(L(r"2 \times 8 \times 4096 \times 128 \times 80 \times 2 = 1.34"), "GQA cache per request, GB", "1.34",
        R(kv[8], GB))
ln = L("**对比**：从 MHA 的 10.7 GB 降到 GQA 的 1.3 GB")
e.claim(ln, "MHA and GQA caches, GB", ["10.7", "1.3"], [R(kv[64], GB), R(kv[8], GB)])
e.claim(ln, "reduction MHA -> GQA ('约 8 倍', h/g = 64/8 = 8)", "8", R(kv[64], kv[8]))
e.claim(ln, "reduction MHA -> MQA ('64 倍') and the MQA cache, GB", ["64", "0.17"], [R(kv[64], kv[1]), R(kv[1], GB)])
e.given(L("假设 GPU 有 40 GB 剩余显存"), "40 GB budget")
budget = 40 * GB


def fit(n):
    x = R(budget, kv[n])
    return [("floor", sp.Integer(floor(x))), ("nearest", sp.Integer(sp.floor(x + R(1, 2))))]


ln = L("| MHA | 10.7 GB | ~3 |")
e.claim(ln, "MHA cache per request, GB", "10.7", R(kv[64], GB))
number_claim(e, ln, "requests in 40 GB (40/10.737 = 3.73)", "3", fit(64))
ln = L("| GQA (8 组) | 1.3 GB | ~30 |")
e.claim(ln, "GQA cache per request, GB", "1.3", R(kv[8], GB))
number_claim(e, ln, "requests in 40 GB (40/1.342 = 29.80)", "30", fit(8))
ln = L("| MQA | 0.17 GB | ~235 |")
e.claim(ln, "MQA cache per request, GB", "0.17", R(kv[1], GB))
number_claim(e, ln, "requests in 40 GB (40/0.168 = 238.42; 235 = 40/0.17 from the rounded size)", "235", fit(1),
             cause="drift")
e.ambiguous(L("GQA 将并发能力提升了约 10 倍"),
            "'约 10 倍': the continuous capacity ratio is h/g = 8 exactly; floored counts give 29/3 = 9.7, the table's 30/3 = 10")
for label, q, k, ratio in (("| LLaMA-2 7B |", 32, 32, "1"), ("| LLaMA-2 13B |", 40, 40, "1"), ("| LLaMA-2 70B |", 64, 8, "8"),
                           ("| LLaMA-3 8B |", 32, 8, "4"), ("| LLaMA-3 70B |", 64, 8, "8"), ("| Mistral 7B |", 32, 8, "4")):
    ln = L(label)
    e.given(ln, f"model facts: {q} query heads, {k} KV heads")
    e.claim(ln, "group ratio h/g", ratio, R(q, k))
e.given(L("| Gemini 1.0 Pro |"), "model facts: 1 KV head")
ln = L("从表中可见：LLaMA-2 只有 70B 用了 GQA")
e.given(ln, "model names and the 8-KV-head remark")
e.claim(ln, "Mistral 7B ratio 32/8 ('4:1')", "4", R(32, 8))
e.done()
