# Expected verdicts for zh-gqa-tongyun1-minimind-kv-cache-case-studies.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Chinese study note on MiniMind's attention optimisations with three hand-worked FP16 memory exercises.
# Inputs: 70B params at 2 bytes on a 3.35 TB/s H100; Llama 2 7B (32 layers, 32 KV heads, head dim 128) and Llama 3 8B
# (32 layers, 8 KV heads, 128) at batch 16, length 4096; Llama 2 70B (80 layers, 8 KV heads, 128) on 2 × 80 GB with an
# assumed 15 GB for the cache; Llama 3 8B at 131,072 tokens, batch 1; a 1 TB/s (1000 GB/s) RTX 4090.
# Exact values: 3350/140 = 23.93 -> "≈ 24" tokens/s; KV = 34,359,738,368 B = 32 GiB (MHA) and 8,589,934,592 B = 8 GiB
# (GQA); sums 46 / 24 GB; 1,342,177,280 B = 1.25 GiB per 70B user, 15/1.25 = 12, MHA 1.25 × 8 = 10, 15/10 = 1.5;
# 128k: 17,179,869,184 B = 16 GiB, 16 + 16 = 32.  Weights use decimal GB (7e9 × 2 = 14 GB), caches GiB (÷ 1024^3),
# as the article itself prints.  GQA/MQA shares 8/32 = 25 % and 1/32 = 3.125 % ("~3%").
# Ambiguous: "128k tokens, 约 13万字" (a token-to-character ratio the article never gives); "4-bit ... 5-6GB" (8e9 × 0.5 B
# = 4 GB for the weights alone; the range's overhead is not stated); the I/O time 16 GB / 1000 GB/s = 16 ms, where the
# 16 GB is 16 GiB = 17.18e9 bytes but the bandwidth is decimal (17.2 ms from the bytes, 16 ms in the article's mixed units).
# No wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["gqa", "kv-cache", "memory"])
L = e.line
GiB = 2**30

ln = L("举个例子：一个 70B 参数的模型")
e.given(ln, "70B parameters, 3.35 TB/s")
e.claim(ln, "70B × 2 bytes in GB", "140", R(70 * 10**9 * 2, 10**9))
ln = L(r"\text{Speed} = \frac{3350")
e.claim(ln, "3.35 TB/s in GB/s", "3350", R("3.35") * 1000)
e.claim(ln, "3350 / 140 tokens/s", "24", R(3350, 140), rounded_int=True)

e.given(L("KV Cache 把计算量从 $O(L^2)$"), "complexity orders")
e.given(L("$$M_{KV} = 2 \\times N_{layers}"), "formula (2 for K and V)")
e.given(L("常取 $G=8$"), "G = 8")
e.claim(L("如果模型有32个头，KV Cache仅为MHA的1/32"), "MQA cache share with 32 heads", "1/32", R(1, 32))
e.given(L("三者的对比如下（以 32 个头为基准）"), "32 heads")
ln = L("| **KV头数量**")
e.given(ln, "32 / 8 / 1 KV heads")
e.claim(ln, "GQA heads as a share of 32", "1/4", R(8, 32))
ln = L("| **KV Cache大小**")
e.given(ln, "MHA baseline 100%")
e.claim(ln, "GQA cache share 8/32", "25%", R(8, 32))
e.claim(ln, "MQA cache share 1/32 (~3%)", "3%", R(1, 32))
e.given(L("| **适用场景**"), "model size classes (descriptive)")
e.given(L("| $P_{model}$"), "unit definition")
e.given(L("| $S_{prec}$"), "bytes per precision")
e.given(L("$$M_{kv\\_cache} = 2"), "formula")
e.given(L("其中的 2 表示 Key 和 Value"), "factor 2")
e.given(L("## 5. 例题（统一按 FP16"), "2 bytes")
e.given(L("$$M_{weight} = \\text{参数量} \\times 2$$"), "formula")
e.given(L("$$M_{kv} = 2 \\times \\text{层数}"), "formula")
e.given(L("### 例题 1：Llama 2 7B"), "model names")
e.given(L("### 例题 2："), "model names")
e.given(L("### 例题 3：128k"), "128k context")

e.given(L("题目：两代模型处理同样的任务"), "batch 16, length 4096, 24 GB card")
e.given(L("- **Llama 2 7B (旧架构)**"), "32 layers, 32 KV heads, 128")
e.given(L("- **Llama 3 8B (新架构)**"), "32 layers, 8 KV heads, 128")
e.claim(L(r"- **Llama 2 7B**: $7 \times 10^9"), "7e9 × 2 bytes in GB", "14", R(14 * 10**9, 10**9))
e.claim(L(r"- **Llama 3 8B**: $8 \times 10^9"), "8e9 × 2 bytes in GB", "16", R(16 * 10**9, 10**9))
e.given(L("Llama 2 7B 是 MHA，KV 头数等于注意力头数 32"), "32 KV heads")
mha = 2 * 32 * 32 * 128 * 4096 * 16 * 2
number_claim(e, L(r"\mathbf{32(\text{KV头})}"), "Llama 2 7B KV bytes", "34,359,738,368", mha)
ln = L(r"**换算为 GB**: $34,359,738,368")
number_claim(e, ln, "Llama 2 7B KV bytes (repeated)", "34,359,738,368", mha)
e.claim(ln, "÷ 1024^3", "32", R(mha, GiB))
e.claim(L("> 总需求 = 14 GB (权重) + 32 GB"), "14 + 32", "46", 14 + 32)
e.given(L("Llama 3 8B 用 GQA，KV 头只有 8 个"), "8 KV heads")
gqa = 2 * 32 * 8 * 128 * 4096 * 16 * 2
number_claim(e, L(r"\mathbf{8(\text{KV头})}"), "Llama 3 8B KV bytes", "8,589,934,592", gqa)
ln = L(r"**换算为 GB**: $8,589,934,592")
number_claim(e, ln, "Llama 3 8B KV bytes (repeated)", "8,589,934,592", gqa)
e.claim(ln, "÷ 1024^3", "8", R(gqa, GiB))
e.claim(L("> 总需求 = 16 GB (权重) + 8 GB"), "16 + 8", "24", 16 + 8)

e.given(L("题目：2 张 A100 (80GB) 部署 Llama 2 70B"), "2 × 80 GB, 8 KV heads, 80 layers, 4096")
e.claim(L("1. **总显存**"), "80 × 2", "160", 160)
e.claim(L("2. **权重占用**"), "70e9 × 2 bytes in GB", "140", R(140 * 10**9, 10**9))
e.given(L("假定真正留给 KV Cache 的约为"), "15 GB for the cache (assumption)")
e.given(L("单个用户（Batch Size = 1）"), "batch 1")
single = 2 * 80 * 8 * 128 * 4096 * 1 * 2
number_claim(e, L(r"M_{single} &= 2 \times 80"), "70B KV bytes per user", "1,342,177,280", single)
ln = L(r"**换算为 GB**: $1.34 \times 10^9")
e.claim(ln, "1,342,177,280 as 1.34e9", "1.34", R(single, 10**9))
e.claim(ln, "÷ 1024^3", "1.25", R(single, GiB))
e.claim(L(r"B_{max} = \frac"), "15 / 1.25", ["15", "1.25", "12"], [15, R(single, GiB), R(15) / R(single, GiB)])
ln = L("> 两张 A100 最多撑 **12** 个并发")
e.claim(ln, "max batch", "12", R(15) / R(single, GiB))
e.given(ln, "64 vs 8 KV heads")
mha70 = R(2 * 80 * 64 * 128 * 4096 * 2, GiB)
e.claim(ln, "MHA per user 1.25 × 8 = 10", "10", mha70)
e.claim(ln, "15 / 10", "1.5", R(15) / mha70)

e.ambiguous(L("题目：用 Llama 3 8B 读一本小说"), "'128k tokens, 约 13万字' equates tokens with characters; the ratio is not given")
number_claim(e, L("把序列长度换成 131,072 (128k)"), "128k tokens", "131,072", 128 * 1024)
long_kv = 2 * 32 * 8 * 128 * 131072 * 1 * 2
ln = L(r"\mathbf{131072}")
number_claim(e, ln, "Llama 3 8B KV bytes at 128k", "17,179,869,184", long_kv)
e.claim(ln, "in GiB (the article's ÷ 1024^3)", "16", R(long_kv, GiB))
e.claim(L("**显存现状**：权重 16GB + KV Cache 16GB"), "16 + 16", "32", 32)
e.ambiguous(L("只能用 **4-bit 量化**"), "5-6GB for 4-bit weights: 8e9 × 0.5 B = 4 GB, the overhead in the range is not stated")
e.given(L("再看带宽：生成第 128,001 个 token"), "token positions (illustration)")
e.claim(L("- **数据搬运量**"), "the 128k cache in GiB", "16", R(long_kv, GiB))
e.given(L("- **硬件能力**"), "1 TB/s = 1000 GB/s")
e.ambiguous(L(r"T_{io} = \frac"), "16 GB is 16 GiB (17.18e9 B) but 1000 GB/s is decimal: 16 ms in the printed units, "
            "17.2 ms from the bytes")
e.ambiguous(L("也就是说，每生成一个字光"), "16ms repeats the mixed-unit I/O time")
e.done()
