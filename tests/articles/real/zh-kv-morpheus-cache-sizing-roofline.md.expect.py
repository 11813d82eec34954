# Expected verdicts for zh-kv-morpheus-cache-sizing-roofline.md, computed with plain SymPy (see oracle.py); not
# symattn's code.
# - LLaMA-2 7B: 2 × 32 × 32 × 128 × 4096 × 1 × 2 = 2,147,483,648 B = 2 GiB ("2 GB" read as binary) ok; batch 64 ->
#   128 GiB ok; seq 2048 -> 1 GiB ("≈ 1GB") ok; (80 − 14 − 5) / 1 = 61 ok.
# - LLaMA-2 70B with 8 KV heads: 1,342,177,280 B = 1.25 GiB ok.
# - MQA saves n_heads = 32×; quantization savings vs FP16: 1 − 8/16 = 50 %, 1 − 4/16 = 75 %, 1 − 2/16 = 87.5 %: ok.
# - Decode of LLaMA-2 7B: 7e9 × 2 = 14e9 FLOPs and 14 GB; 14e9 / 312e12 s = 0.0449 ms -> 0.045 ok; 14 GB / 2 TB/s = 7 ms
#   ok; the ratio is 7 / (14 / 312) = 156 exactly (155.6 even from the rounded 0.045), printed 155 -> wrong (slip).
# - "~6%（87.5% × 50%）": GQA with 8 of 64 KV heads keeps 12.5 % and FP8 keeps 50 %, so ~6 % (6.25 %) is right, but the
#   parenthesis multiplies the saving 87.5 % instead of the kept 12.5 % (87.5 % × 50 % = 43.75 %) -> wrong (slip).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv-cache", "memory", "gqa", "mqa", "quantization", "arithmetic-intensity"])
L = e.line
GiB = 2**30


def gb(n):
    return [("binary GB (GiB)", sp.Integer(n) / GiB), ("decimal GB", sp.Integer(n) / 10**9)]


for lab in ("| 2 | K 和 V 两部分 | 2 |", "| $n_{\\text{layers}}$ | Transformer 层数 | 80 |",
            "| $n_{\\text{heads}}$ | 注意力头数（KV 头数） | 8（GQA） |", "| $d_{\\text{head}}$ | 每个头的维度 | 128 |",
            "| $s$ | 序列长度 | 4096 |", "| $b$ | batch size | 1 |", "| dtype_bytes | 数据类型字节数 | 2（FP16） |"):
    e.given(L(lab), "typical value")
e.given(L("**LLaMA-2 7B（MHA，32 层，32 头，head_dim=128）**"), "7B configuration")
b7 = 2 * 32 * 32 * 128 * 4096 * 1 * 2
ln = L("2 \\times 32 \\times 32 \\times 128 \\times 4096")
number_claim(e, ln, "7B bytes", "2,147,483,648", b7)
e.claim(ln, "7B in GB (binary reading: 2 GiB)", "2", sp.Integer(b7) / GiB)
e.claim(L("单个 4096 长度的请求就要占 **2 GB**"), "7B per request (GiB)", "2", sp.Integer(b7) / GiB)
e.given(L("**LLaMA-2 70B（GQA，80 层，8 KV头，head_dim=128）**"), "70B configuration")
b70 = 2 * 80 * 8 * 128 * 4096 * 1 * 2
ln = L("2 \\times 80 \\times 8 \\times 128 \\times 4096")
number_claim(e, ln, "70B bytes", "1,342,177,280", b70)
number_claim(e, ln, "70B in GB", "1.25", gb(b70))
e.given(L("因为 KV 头只有 8 个而不是 64 个"), "8 vs 64 heads")
ln = L("如果 batch_size=64，LLaMA-2 7B 的 KV Cache 将达到 **128 GB**")
number_claim(e, ln, "batch 64", "128", gb(64 * b7))
e.given(ln, "14 GB of FP16 weights")
ln = L("例子：A100 80GB，模型 14GB")
e.given(ln, "80 GB card, 14 GB model, seq 2048")
number_claim(e, ln, "KV per request at seq 2048", "1", gb(2 * 32 * 32 * 128 * 2048 * 2))
e.claim(L("\\frac{80 - 14 - 5(\\text{其他})}{1} = 61"), "max batch", "61", 80 - 14 - 5)
e.claim(L("（如 32 头 → 减少 32×）"), "MQA reduction for 32 heads", "32", R(32, 1))
e.given(L("LLaMA-2 70B 取 $g = 8$"), "g = 8")
for lab, bits in (("| FP16（基线） | 0% |", 16), ("| FP8 | 50% |", 8), ("| INT8 | 50% |", 8), ("| INT4 | 75% |", 4),
                  ("| INT2 | 87.5% |", 2)):
    ln = L(lab)
    e.claim(ln, f"saving of {bits}-bit vs FP16", lab.split("| ")[2].strip(" |"), 1 - R(bits, 16))
    e.given(ln, "quoted accuracy impact")
ln = L("相比 FP16，显存减少 **87.5%**")
e.claim(ln, "KIVI INT2 saving", "87.5%", 1 - R(2, 16))
e.given(ln, "quoted accuracy loss")
e.claim(L("- 计算量：约 14B FLOPs（模型参数量 × 2）"), "FLOPs per token for 7B", "14", 7 * 2)
e.claim(L("- 数据读取量：约 14 GB（模型参数 FP16）"), "weight bytes for 7B", "14", 7 * 2)
e.given(L("- A100 算力：312 TFLOPS（FP16）"), "A100 compute")
e.given(L("- A100 带宽：2 TB/s"), "A100 bandwidth")
t_c = R(14 * 10**9, 312 * 10**12) * 1000
t_m = R(14 * 10**9, 2 * 10**12) * 1000
e.claim(L("\\frac{14 \\times 10^9}{312 \\times 10^{12}} = 0.045"), "compute time in ms", "0.045", t_c)
e.claim(L("\\frac{14 \\text{ GB}}{2 \\text{ TB/s}} = 7"), "read time in ms", "7", t_m)
e.claim(L("数据读取时间是计算时间的 **155 倍**"), "ratio of the two times", "155", t_m / t_c)
ln = L("KV Cache 可压缩到原始的 ~6%（87.5% × 50%）")
e.claim(ln, "remaining share with 8 of 64 KV heads and FP8", "6%", R(8, 64) * R(1, 2))
e.claim(ln, "GQA factor in the product (kept share 8/64; 87.5 % is the saving)", "87.5%", R(8, 64))
e.claim(ln, "FP8 factor (kept share)", "50%", R(1, 2))
e.given(ln, "128K context")
e.done()
