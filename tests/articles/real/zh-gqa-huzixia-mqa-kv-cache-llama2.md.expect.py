# Expected verdicts for zh-gqa-huzixia-mqa-kv-cache-llama2.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese blog post (HuZixia's repost of a linsight.cn article) on MHA / MQA / GQA and the size of the KV cache.
# Inputs (the article's own): relevance scores [8,4,4,2,2] and reads [5,2,8,3,6] (w); prompt 窗前明月光下一句是 (9
# characters, one token each) plus [BOS]; 800 steps; Llama2 7B L = 32 layers, hidden size d = 4096 (printed as the
# typo "L=4096"), half precision (2 bytes), s = 1024 tokens, 32 heads; H100 L2 cache 50 M.
# Exact values computed here:
#   weights = scores / 20 = [0.4, 0.2, 0.2, 0.1, 0.1] (plain normalisation, as the text says), sum 1;
#   prediction 0.4*5 + 0.2*2 + 0.2*8 + 0.1*3 + 0.1*6 = 4.9 (w);
#   input length 10 at step0 and 15 at step5; step1 recomputed 799 times;
#   KV per token = 2*2*32*4096 = 524,288 B = 512 KiB (524.288 kB): "约 52 K" is right under no reading -> wrong (slip,
#     a dropped digit / factor 10); s = 1024 -> 536,870,912 B (512 MiB, 536.9 MB) ok, and it does exceed 500 M;
#   50 MiB / 524,288 B = 100 tokens (50e6 / 524,288 = 95.4) -> "100个token左右" ok under the binary reading;
#   MQA: 536,870,912 / 32 = 16,777,216 B = 16 MiB -> "16M" ok (binary).
# Wrong lines: 1 ("约 52 K", slip; right value 512 KiB or 524 kB). Nothing ambiguous.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
import oracle
from oracle import Expect, R, sp, number_claim, grouped_int_claim

oracle.GROUPS["，"] = "fullwidth-comma thousands"
e = Expect(__file__, language="zh", topics=["gqa", "kv", "latex-inline", "latex-aligned"])
L = e.line
G, Mi, Ki = sp.Integer(10) ** 6, sp.Integer(2) ** 20, sp.Integer(2) ** 10

e.given(L("发布后30天内的阅读量"), "30 days, top 5 articles")
e.given(L("假设top5篇文章的相关性分别是"), "scores [8,4,4,2,2], reads [5,2,8,3,6] w")
scores = [8, 4, 4, 2, 2]
reads = [5, 2, 8, 3, 6]
w = [R(s, sum(scores)) for s in scores]
ln = L("把相关性归一化成和为1的概率值")
e.given(ln, "30 days restated; reads restated in the weighted sum")
e.claim(ln, "normalised weights sum to 1", ["1"], [sum(w)])
e.claim(ln, "normalised weights", ["0.4", "0.2", "0.2", "0.1", "0.1"], w)
e.claim(ln, "predicted reads", ["4.9"], [sum(a * b for a, b in zip(w, reads))])

for k in range(6):
    e.given(L(f"step{k}", after=L("\\begin{aligned}")), f"step {k} label")
prompt = "窗前明月光下一句是"
ln = L("输入长度就从step0的 10个")
e.given(ln, "800 steps, growth 1 per step")
e.claim(ln, "input length at step0 ([BOS] + prompt)", ["10"], [1 + len(prompt)])
e.claim(ln, "input length at step5", ["15"], [1 + len(prompt) + 5])
e.claim(ln, "times step1 is recomputed", ["799"], [800 - 1])

e.given(L("2 \\times L \\times s \\times d"), "cached count: 2 (K and V)")
e.given(L("2 \\times 2 \\times L \\times s \\times d"), "bytes: 2 bytes x 2 (K and V)")
kv_tok = 2 * 2 * 32 * 4096
ln = L("以Llama2 7B为例")
e.given(ln, "L = 32, d = 4096 (printed L=4096)")
grouped_int_claim(e, ln, "KV bytes per token 2*2*32*4096", "524，288", kv_tok, sep="，")
number_claim(e, ln, "KV per token in K", "52", [("kB", sp.Integer(kv_tok) / 1000), ("KiB", sp.Integer(kv_tok) / Ki)])
ln = L("当 $s=1024$ 时")
e.given(ln, "s = 1024")
number_claim(e, ln, "KV bytes for 1024 tokens", "536,870,912", kv_tok * 1024)
ent = e._entry(ln)
ent["claims"].append({"what": "bound: 536,870,912 B exceeds 500 M (536.9 MB, 512 MiB)", "printed": ["500"]})
assert kv_tok * 1024 > 500 * G and kv_tok * 1024 > 500 * Mi

ln = L("强如H100也只有 $50 M$ 的L2 Cache")
e.given(ln, "H100 L2 cache 50 M")
number_claim(e, ln, "tokens fitting in 50 M of L2", "100",
             [("MB", 50 * G / kv_tok), ("MiB", 50 * Mi / kv_tok)])

ln = L("比如在Llama2 7B中用的是32个头")
e.given(ln, "32 heads, 1024 tokens")
e.claim(ln, "MQA keeps 1/32 of the cache", ["1/32"], [R(1, 32)])
number_claim(e, ln, "MHA cache restated", "536,870,912", kv_tok * 1024)
number_claim(e, ln, "MQA cache bytes", "16,777,216", kv_tok * 1024 // 32)
number_claim(e, ln, "MQA cache in M", "16", [("MB", sp.Integer(kv_tok * 1024 // 32) / G), ("MiB", sp.Integer(kv_tok * 1024 // 32) / Mi)])
e.done()
