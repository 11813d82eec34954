# Expected verdicts for zh-mla-kelvindev945-mqa-gqa-mla-cache-summary.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs as printed: HBM 1.5 TB/s, SRAM 19 TB/s; HBM access count 6N^2 + 2N^2 d at N = 4096, d = 64; the measured times
# of the speed table; GPT-3 96 layers x 96 heads x d_v 128 at N = 2048, 2 B; PaLM Few-shot 72.1% / 70.3%; GQA with 64
# heads and g = 8, 4, 1; DeepSeek-V2 h = 128, d_k = 128, d_latent = 512, "36 layers", N = 4096, 2 B.
# MB/GB/TB are read both ways (decimal and binary), as the other kv scripts do.
#  - "19 TB/s, 约12×": 19 / 1.5 = 12.67, which rounds to 13; 12 is the truncation -> wrong (slip).
#  - "约1.6 TB": 6N^2 + 2N^2 d = 134 x 4096^2 = 2,248,146,944 accesses, 4.50 GB in FP16 (9.0 GB in FP32); no reading
#    of the article's own count gives 1.6 TB -> wrong (slip).
#  - Speed-up column 82/35 = 2.34, 328/108 = 3.04, 1312/380 = 3.45, 5248/1420 = 3.70 -> ok.
#  - GPT-3 per layer 96 x 2048 x 128 x 2 x 2 B = 100,663,296 B = 96 MiB ok; total 96 x 96 MiB = 9216 MiB = 9.0 GiB
#    (9.66 GB decimal), not "9.2 GB" (9216 divided by 1000, a mix of the two units) -> wrong (slip).
#  - 1/96 = 1.04%, 70.3 - 72.1 = -1.8 points, "约2%" ok; GQA shares 8/64, 4/64, 1/64 = 12.5%, 6.25%, 1.56% ok.
#  - MLA ratio 512 / (2 x 128 x 128) = 512/32768 = 1/64 = 1.5625% ok; 128 x 4096 x 128 x 2 x 2 B = 256 MiB per layer ok;
#    x 36 layers = 9216 MiB = 9.0 GiB (9.66 GB), not "9.2 GB" -> wrong (slip, same unit mix); 4096 x 512 x 2 B = 4 MiB,
#    x 36 = 144 MiB, ratio 256/4 = 64x ok.
#  - The comparison table's Llama2-70B "9.2GB" at N = 4096: the article gives no layer count, head width or KV-head
#    count it would follow from (and 9.2 GB is the MHA figure of DeepSeek-V2 above) -> ambiguous; its 144MB agrees.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv-cache", "mqa", "gqa", "mla", "flash", "sizes"])
L = e.line


def mb(nbytes):
    return [("decimal MB", sp.sympify(nbytes) / 10**6), ("binary MiB", sp.sympify(nbytes) / 2**20)]


def gb(nbytes):
    return [("decimal GB", sp.sympify(nbytes) / 10**9), ("binary GiB", sp.sympify(nbytes) / 2**30)]


def tb(nbytes):
    return [("decimal TB", sp.sympify(nbytes) / 10**12), ("binary TiB", sp.sympify(nbytes) / 2**40)]


# 2.3 Flash Attention
e.given(L("- **HBM** (High Bandwidth Memory): 40-80 GB,慢(1.5 TB/s)"), "HBM size and bandwidth")
ln = L("- **SRAM** (On-chip): 20 MB,快(19 TB/s,约12×)")
e.given(ln, "SRAM 20 MB, 19 TB/s")
e.claim(ln, "SRAM / HBM bandwidth 19 / 1.5 (12.67)", ["12"], [R(19, 1) / R(3, 2)], cause="slip")
e.given(L("# 总HBM访问: 6N^2 + 2N^2d"), "HBM access count")
ln = L("代入$N=4096, d=64$: 约1.6 TB HBM访问")
N, d = 4096, 64
acc = 6 * N**2 + 2 * N**2 * d
e.given(ln, "N = 4096, d = 64")
number_claim(e, ln, "HBM traffic 6N^2 + 2N^2 d elements in TB (FP16 or FP32 bytes)", "1.6",
             [(f"{lab}, {nb} B/element", v) for nb in (2, 4) for lab, v in tb(acc * nb)])
e.given(L("(一般$M=20$MB)"), "typical SRAM size")
for n, t_std, t_fa, p in ((1024, 82, 35, "2.3"), (2048, 328, 108, "3.0"), (4096, 1312, 380, "3.5"), (8192, 5248, 1420, "3.7")):
    ln = L(f"  {n} ")
    e.given(ln, f"measured times at N = {n}")
    e.claim(ln, f"speed-up {t_std}/{t_fa}", [p], [R(t_std, t_fa)])

# 2.4 MQA / GQA
e.given(L("以GPT-3 (96层,96头,$d_v=128$)为例"), "GPT-3 config")
per_layer = 96 * 2048 * 128 * 2 * 2
ln = L("每层KV缓存 $= 96 \\times 2048")
number_claim(e, ln, "GPT-3 KV per layer (MB)", "96", mb(per_layer))
ln = L("总KV缓存 $= 96 \\times 96 = 9.2$ GB")
number_claim(e, ln, "GPT-3 KV over 96 layers (GB)", "9.2", gb(96 * per_layer))
number_claim(e, L("当$h=96$: **缩小96倍**"), "MHA / MQA cache ratio h", "96", 96)
ln = L("MHA (96头)     100%")
e.given(ln, "PaLM MHA perplexity and few-shot score")
e.claim(ln, "MHA cache share 96/96", ["100%"], [1])
ln = L("MQA (1组)      1.04%")
e.given(ln, "PaLM MQA perplexity and few-shot score")
e.claim(ln, "MQA cache share 1/96", ["1.04%"], [R(1, 96)])
e.claim(ln, "few-shot change 70.3 - 72.1 (points)", ["-1.8%"], [(R("70.3") - R("72.1")) / 100])
e.claim(L("效果大约掉了2%"), "drop of 1.8 points, about 2", ["2%"], [(R("72.1") - R("70.3")) / 100])
for key, g, p in (("MHA                64      100%", 64, "100%"), ("GQA (g=8)           8       12.5%", 8, "12.5%"),
                  ("GQA (g=4)           4       6.25%", 4, "6.25%"), ("MQA (g=1)           1       1.56%", 1, "1.56%")):
    ln = L(key)
    e.given(ln, "Llama2-70B quality and speed (measured)")
    e.claim(ln, f"KV cache share g/64 with g = {g}", [p], [R(g, 64)])
number_claim(e, L("**怎么选**: $g = h / 8$(例如64头→8组)"), "64 heads / 8", "8", R(64, 8))

# 2.5 MLA
e.given(L("- $d_{model} = 5120, h = 128, d_k = 128$"), "DeepSeek-V2 dims")
e.given(L("- $d_{latent} = 512$"), "latent width")
ln = L("- 压缩比: $\\frac{512}{2 \\times 128 \\times 128}")
e.claim(ln, "2 x 128 x 128", ["32768"], [2 * 128 * 128])
e.claim(ln, "512 / 32768", ["1/64"], [R(512, 32768)])
e.claim(ln, "1/64 as a percentage (printed 1.56\\%)", ["1.56"], [R(100, 64)])
e.given(L("DeepSeek-V2 (236B参数)"), "model")
mha_layer = 128 * 4096 * 128 * 2 * 2
mla_layer = 4096 * 512 * 2
ln = L("- 标准KV缓存 (N=4096): 128头 × 4096 × 128 × 2 × 2B")
number_claim(e, ln, "DeepSeek-V2 MHA KV per layer (MB)", "256", mb(mha_layer))
number_claim(e, ln, "MHA KV over 36 layers (GB)", "9.2", gb(36 * mha_layer))
ln = L("- MLA KV缓存: 4096 × 512 × 2B")
number_claim(e, ln, "MLA latent cache per layer (MB)", "4", mb(mla_layer))
number_claim(e, ln, "MLA cache over 36 layers (MB)", "144", mb(36 * mla_layer))
number_claim(e, L("- 压缩比: 64×"), "MHA / MLA per layer", "64", R(mha_layer, mla_layer))
for key in ("训练PPL                8.2", "MMLU                  69.7%", "HumanEval             29.9%"):
    e.given(L(key), "benchmark scores (measured)")
ln = L("KV缓存(N=4096)         9.2GB          144MB")
e.ambiguous(ln, "Llama2-70B 9.2GB at N = 4096: no layer count, head width or KV-head count is given for it "
                "(it repeats DeepSeek-V2's MHA figure)")
number_claim(e, ln, "DeepSeek-V2 MLA cache at N = 4096 over 36 layers (MB)", "144", mb(36 * mla_layer))
number_claim(e, L("**结论**: MLA把KV缓存压了64×"), "compression 64x", "64", R(mha_layer, mla_layer))
e.given(L("2. **表达力**: $d_{latent}=512$"), "latent 512, d_k 128, 128 heads")
e.done()
