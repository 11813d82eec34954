# Expected verdicts for zh-kv-supermarioyl-vllm-book-cache-memory.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: K/V recomputation counts (N steps, 1..N or 1 per step); KV bytes = 2 x layers x kv_heads x head_dim x seq x batch
# x bytes; LLaMA-2-7B 32 layers x hidden 4096 (32 x 128), LLaMA-2-70B 80 x 8 KV heads x 128 (64 without grouping), FP16.
# MB/GB are read both ways (decimal and binary), as the other kv scripts do.
#  - Counting tables: 1, 3, 6 and 1, 2, 3 agree; "加速约 500 倍" at N = 1000 is (N(N+1)/2)/N = 500.5, a tie -> agrees.
#  - LLaMA-2-7B table: 2 x 32 x 4096 x L x 2 B = 256 MiB ... 4 GiB, binary-exact -> ok.
#  - LLaMA-2-70B: 1,342,177,280 B = 1.34 GB (decimal) and 10,737,418,240 B = 10.7 GB -> ok; 64/8 = 8x -> ok.
#  - Pie charts: 7B x 2 B = 14 GB; one 2048-token request = 1 GiB; 32 of them = 32 GiB -> ok; the activation
#    shares (1GB, 2GB) are the author's estimates -> given.
#  - Pre-allocation (5.2): 4096 x 0.5 MB = 2048 MB = "2GB" (binary 2 GiB; decimal 2.048 -> 2 at 0 places) ok;
#    100 x 0.5 MB = 50 MB ok; waste = 3996 x 0.5 MB = 1998 MB = 1.951 GiB -> "1.95" ok under the binary reading;
#    the share 3996/4096 = 97.56% prints 97.6, not "97.5%" -> wrong (drift: 1.95 / 2 = 97.5% from the rounded 1.95 GB
#    and the rounded 2 GB; decimal 1950/2000 would need a 2000 MB pre-allocation, but 4096 x 0.5 MB is 2048 MB).
#  - Fragmentation (5.3): 50 + 100 + 30 + 200 = 380 MB, 4 x 2 GB = 8 GB, 8 GB - 380 MB = 7.62 GB (decimal) and 95% (95.25%
#    or 95.36%) -> ok.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv-cache", "gqa", "sizes", "paged-attention"])
L = e.line


def mb(nbytes):
    return [("decimal MB", sp.sympify(nbytes) / 10**6), ("binary MiB", sp.sympify(nbytes) / 2**20)]


def gb(nbytes):
    return [("decimal GB", sp.sympify(nbytes) / 10**9), ("binary GiB", sp.sympify(nbytes) / 2**30)]


# 1.3 / 2.2 counting tables
ln = L("| 1 | 1 | 1 |")
e.claim(ln, "no cache: cumulative K/V after step 1", ["1"], [1])
ln = L("| 2 | 2（重新计算 1 + 新的 1） | 1 + 2 = 3 |")
e.claim(ln, "no cache: cumulative after step 2 (1 + 2)", ["3"], [3])
ln = L("| 3 | 3（重新计算 2 + 新的 1） | 3 + 3 = 6 |")
e.claim(ln, "no cache: cumulative after step 3 (3 + 3)", ["6"], [6])
e.given(L("| N | N | 1 + 2 + ... + N = N(N+1)/2 |"), "closed form N(N+1)/2")
ln = L("| 1 | 1 | 1 |", nth=2)
e.claim(ln, "cache: cumulative after step 1", ["1"], [1])
ln = L("| 2 | 1（只计算新的） | 1 + 1 = 2 |")
e.claim(ln, "cache: cumulative after step 2", ["2"], [2])
ln = L("| 3 | 1（只计算新的） | 2 + 1 = 3 |")
e.claim(ln, "cache: cumulative after step 3", ["3"], [3])
e.given(L("| N | 1 | N |"), "cache: N in total")
N = 1000
number_claim(e, L("生成 1000 个 token 时加速约 500 倍"), "speed-up N(N+1)/2 / N at N = 1000 (500.5, a tie)", "500",
             R(N * (N + 1), 2) / N)

# 4.1 / 4.2 LLaMA-2-7B
e.given(L("KV Cache 显存 = 2 × num_layers × num_kv_heads"), "formula")
e.given(L("KV Cache 显存 = 2 × num_layers × hidden_dim"), "formula with hidden_dim")
for key in ("- num_layers: 32", "- hidden_dim: 4096", "- num_kv_heads: 32（MHA）", "- head_dim: 128", "- 精度: FP16（2 bytes）"):
    e.given(L(key), "LLaMA-2-7B config")
per_tok_7b = 2 * 32 * 4096 * 2
for seq, p, unit in ((512, "256", "MB"), (1024, "512", "MB"), (2048, "1", "GB"), (4096, "2", "GB"), (8192, "4", "GB")):
    ln = L(f"| {seq} | 2 × 32 × 4096 × {seq} × 2 |")
    number_claim(e, ln, f"LLaMA-2-7B KV at {seq} tokens in {unit}", p, (mb if unit == "MB" else gb)(per_tok_7b * seq))

# 4.3 LLaMA-2-70B
for key in ("- num_layers: 80", "- hidden_dim: 8192", "- num_kv_heads: 8（GQA，原本是 64 个 attention heads）"):
    e.given(L(key), "LLaMA-2-70B config")
e.given(L("- head_dim: 128", nth=2), "LLaMA-2-70B head_dim")
number_claim(e, L("KV Cache = 2 × 80 × 8 × 128 × 4096 × 2 = 1.34 GB"), "GQA 70B KV at 4096 (GB)", "1.34",
             gb(2 * 80 * 8 * 128 * 4096 * 2))
e.given(L("假如不分组、每个头都有自己的 K/V（kv_heads = 64）"), "64 KV heads")
number_claim(e, L("KV Cache = 2 × 80 × 64 × 128 × 4096 × 2 = 10.7 GB"), "MHA 70B KV at 4096 (GB)", "10.7",
             gb(2 * 80 * 64 * 128 * 4096 * 2))
number_claim(e, L("**GQA 节省了 8 倍显存！**"), "MHA / GQA ratio 64/8", "8", R(64, 8))

# 4.4 pie charts
ln = L('"模型权重 (14GB)" : 14')
number_claim(e, ln, "7B weights in FP16 (7e9 x 2 B, GB)", "14", gb(7 * 10**9 * 2))
ln = L('"KV Cache (1GB)" : 1')
number_claim(e, ln, "KV of one 2048-token request (GB)", "1", gb(per_tok_7b * 2048))
e.given(L('"激活值等 (1GB)" : 1'), "activations (author's estimate)")
e.given(L("pie title 7B 模型显存分布（32 并发 × 2048 tokens）"), "32 requests x 2048 tokens")
ln = L('"模型权重 (14GB)" : 14', nth=2)
number_claim(e, ln, "7B weights in FP16 (GB)", "14", gb(7 * 10**9 * 2))
ln = L('"KV Cache (32GB)" : 32')
number_claim(e, ln, "KV of 32 x 2048 tokens (GB)", "32", gb(32 * per_tok_7b * 2048))
e.given(L('"激活值等 (2GB)" : 2'), "activations (author's estimate)")

# 5.2 pre-allocation
per_tok = R(1, 2)  # MB, as printed
ln = L("预分配: 4096 tokens × 每token 0.5MB = 2GB")
e.given(ln, "0.5 MB per token, 4096 tokens")
number_claim(e, ln, "4096 x 0.5 MB in GB", "2", [("decimal GB", 4096 * per_tok / 1000), ("binary GiB", 4096 * per_tok / 1024)])
ln = L("实际使用: 100 tokens × 0.5MB = 50MB")
number_claim(e, ln, "100 x 0.5 MB", "50", 100 * per_tok)
ln = L("浪费: 1.95GB (97.5%)")
waste_mb = (4096 - 100) * per_tok
number_claim(e, ln, "waste (4096 - 100) x 0.5 MB in GB", "1.95", [("decimal GB", waste_mb / 1000), ("binary GiB", waste_mb / 1024)])
e.claim(ln, "waste share 3996/4096 (97.56%; 97.5 is 1.95/2 from the rounded operands)", ["97.5%"], [R(4096 - 100, 4096)],
        cause="drift")
number_claim(e, L('Alloc["预分配 2GB"]'), "pre-allocation in GB", "2", [("decimal GB", 4096 * per_tok / 1000), ("binary GiB", 4096 * per_tok / 1024)])
number_claim(e, L('Used["实际使用 50MB"]'), "used MB", "50", 100 * per_tok)
number_claim(e, L('Waste["浪费 1.95GB"]'), "waste in GB", "1.95", [("decimal GB", waste_mb / 1000), ("binary GiB", waste_mb / 1024)])

# 5.3 fragmentation
e.given(L("| Req A  | Req B  | Req C  | Req D  | 空闲   |"), "four requests")
e.given(L("| 2GB    | 2GB    | 2GB    | 2GB    | 碎片   |"), "2 GB pre-allocated each")
e.given(L("| 用50MB | 用100MB| 用30MB | 用200MB|        |"), "used per request")
e.claim(L("实际使用: 380MB"), "50 + 100 + 30 + 200 MB", ["380"], [50 + 100 + 30 + 200])
e.claim(L("预分配: 8GB"), "4 x 2 GB", ["8"], [4 * 2])
ln = L("浪费: 7.62GB (95%!)")
number_claim(e, ln, "8 GB - 380 MB in GB", "7.62", [("decimal", 8 - R(380, 1000)), ("binary", 8 - R(380, 1024))])
e.claim(ln, "waste share 7620/8000 (95.25%; binary 95.36%)", ["95%"], [(8 - R(380, 1000)) / 8])
e.done()
