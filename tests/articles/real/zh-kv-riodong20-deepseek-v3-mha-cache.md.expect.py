# Expected verdicts for zh-kv-riodong20-deepseek-v3-mha-cache.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese blog post sizes the KV cache of a DeepSeek-V3-sized model if it used plain MHA: d_model = 7168, h = 128,
# 61 layers, float16, and (its own first input) d_k = d_model / h = 56.
# - 7168 / 128 = 56; 2 × 128 × 56 = 14336 values = 28,672 B = 28 KiB ("28KB"): ok.
# - "28KB×61≈1.71MB": 61 × 28,672 B = 1,748,992 B = 1.75 MB (1.67 MiB).  The printed 1.71 is 28 × 61 = 1708 "KB"
#   divided by 1000, mixing KiB with decimal MB; it is right under no reading: wrong (slip).
# - "4096×1.71MB≈7.0GB": 4096 × 1,748,992 B = 7,163,871,232 B = 7.16 GB (6.67 GiB); 7.0 is 4096 × 1.71 MB (carried).
#   The intro's "约 7GB" is read at integer precision and agrees (7.16 → 7).
# - "L=128K ... 约 224GB": 128K = 131,072 tokens (the corpus reading of K for token counts) gives 229,243,879,424 B =
#   229.2 GB (213.5 GiB); 224 is 131072 × 1.71 MB = 224.1 (carried), also in the intro and in the "224GB 较劲" line.
#   (Only a 128,000-token reading of 128K would give 223.9 GB; the author's own 224 follows 131072 × 1.71.)
# - 3 × 8 = 24 projection matrices, MQA 128/1 = 128×, GQA g/h = 8/128 = 1/16, MLA 2 × 128 × 128 = 32768 and
#   32768 / 512 = 64 (also the summary table's "~64×"): ok.
# - "GQA 的 8 倍压缩": with the article's own h = 128, g = 8 the reduction is 16× (it says 1/16 itself); 8× holds for
#   other head counts only, so the claim is not determined by the stated inputs (ambiguous).
# - The appendix lists d_k = 128 "as the common baseline", contradicting the d_k = 56 the computation uses; it is recorded
#   as a stated input only (the chain is judged from its first input, d_k = 56).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv-cache", "mha", "mqa", "gqa", "mla", "memory"])


def sizes(nbytes, unit):
    base = {"KB": (10**3, 2**10), "MB": (10**6, 2**20), "GB": (10**9, 2**30)}[unit]
    return [(f"decimal {unit}", sp.Integer(nbytes) / base[0]), (f"binary {unit}", sp.Integer(nbytes) / base[1])]


d_model, h, layers = 7168, 128, 61
d_k = R(d_model, h)
per_layer_vals = 2 * h * d_k
per_layer = per_layer_vals * 2
per_token = per_layer * layers

L = e.line("> 设想一个 DeepSeek-V3 规模的模型")
e.given(L, "h = 128, 61 layers, 4096 and 128K tokens")
number_claim(e, L, "MHA cache at 4096 tokens", "7", sizes(4096 * per_token, "GB"))
number_claim(e, L, "MHA cache at 128K = 131072 tokens", "224", sizes(131072 * per_token, "GB"), cause="carried")
L = e.line("若头数 $h = 8$")
e.claim(L, "3 projection matrices × 8 heads", "24", 3 * 8)
L = e.line("**算一笔账**")
e.given(L, "d_model = 7168, h = 128, 61 layers")
e.claim(L, "d_k = 7168 / 128", "56", d_k)
L = e.line("2×h×$d_{k}$=2×128×56=14336")
e.claim(L, "2 × 128 × 56 values per token per layer", "14336", per_layer_vals)
number_claim(e, L, "bytes per token per layer (float16)", "28", sizes(per_layer, "KB"))
e.given(e.line(">float16占用2个字节"), "float16 = 2 bytes")
L = e.line("每个 token 的 KV Cache = 28KB×61")
number_claim(e, L, "per token over 61 layers", "1.71", sizes(per_token, "MB"))
L = e.line("序列长度 L=4096 时")
number_claim(e, L, "4096 tokens", "7.0", sizes(4096 * per_token, "GB"), cause="carried")
L = e.line("当 L=128K时")
number_claim(e, L, "128K = 131072 tokens", "224", sizes(131072 * per_token, "GB"), cause="carried")
L = e.line("都是在和这 **224GB** 较劲")
number_claim(e, L, "128K cache restated", "224", sizes(131072 * per_token, "GB"), cause="carried")
L = e.line("| KV Cache（$h=128$, $d_k=56$, $L=4096$）")
e.given(L, "MHA and MQA cache products (no result printed)")
L = e.line("**减少 128 倍**")
e.claim(L, "MQA reduction h / 1", "128", R(h, 1))
L = e.line("$h=128$，$g=8$。KV Cache 减少至 MHA 的")
e.claim(L, "GQA share g / h", "1/16", R(8, h))
L = e.line("GQA 的 8 倍压缩不够用")
e.given(L, "DeepSeek-V2 size 236B / 21B active")
e.ambiguous(L, "'GQA 的 8 倍压缩': with the article's h = 128, g = 8 the reduction is 16x; 8x needs another head count")
e.given(e.line("以 DeepSeek-V2 的配置为例：$d_c = 512$"), "d_c = 512, h = 128, d_k = 128")
L = e.line("- MHA：每 token 每层缓存")
e.claim(L, "2 × 128 × 128", "32768", 2 * 128 * 128)
e.given(e.line("- MLA：每 token 每层只缓存"), "MLA caches 512 values")
L = e.line("**缩减倍数 = 32768 / 512 = 64 倍！**")
e.claim(L, "32768 / 512", "64", R(2 * 128 * 128, 512))
e.ambiguous(L, "'GQA 的 8 倍压缩' again: 16x for h = 128, g = 8 as the article itself states")
L = e.line("| **MLA**     | 2024 |")
e.claim(L, "MLA reduction (measured)", "64", R(2 * 128 * 128, 512))
for lab in ("| 隐藏维度 |", "| 注意力头数 |", "| 每头维度 |", "| 注意力层数 |", "| 压缩维度（MLA）|", "| GQA 分组数 |"):
    e.given(e.line(lab), "appendix parameter (d_k = 128 here contradicts the d_k = 56 of section 1)"
            if "每头维度" in lab else "appendix parameter")
e.done()
