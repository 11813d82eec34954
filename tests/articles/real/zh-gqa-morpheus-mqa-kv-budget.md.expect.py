# Expected verdicts for zh-gqa-morpheus-mqa-kv-budget.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs as the note states them: LLaMA-1 65B with 64 heads, d_k = 128, 80 layers, FP16 (2 bytes); LLaMA 3 70B with
# 8 KV heads (64 for the MHA variant), d_k = 128, 80 layers, seq_len 8192, batch 16, FP16.
# - Per token per layer 2 × 64 × 128 × 2 = 32,768 B = 32 KiB: ok.  80 layers: 2,621,440 B = 2.62 MB (2.5 MiB); the
#   printed 2.56 MB is 80 × 32 = 2560 "KB" divided by 1000, a unit mix, right under no reading: wrong (slip).
#   4096 tokens: 10,737,418,240 B = 10.74 GB (10 GiB); printed 10.5 GB follows the 2.56 (carried).
# - "节省比例 = 1/h = 1/64 ≈ 98.4%": the saving is 1 − 1/64 = 98.44 %, but the line equates it with 1/64 = 1.56 %:
#   the stated equality is false -> wrong (slip).
# - Tables: KV share 8/8, 4/8, 2/8, 1/8 and the savings 1 − kv/q (0, 97.9, 98.4, 87.5, 75 %) are all right.
# - LLaMA 3 70B: 2 × 8 × 128 × 80 × 8192 × 16 × 2 = 42,949,672,960 B = 42.95 GB (40 GiB), printed 34.36 GB; the MHA
#   variant is 343.6 GB (320 GiB), printed 274.88 GB: both are the products with 64 layers instead of 80 (slips).
#   274.88 − 34.36 = 240.52 is right as written, exactly 300.6 GB (carried); 87.5 % is right.  Q2 restates ~275 / ~34 GB
#   (carried).
# - Throughput 3200/800 = 4x and 4000/3200 = +25 %: ok (the table itself is quoted benchmark data -> given).
# - Quality averages 54.93 / 54.47 / 52.27 print as 54.9 / 54.5 / 52.3 (ok), but the differences are −0.467 and −2.667:
#   (−0.4) and (−2.6) are the differences of the rounded averages (drift), −0.5 and −2.7 exactly.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["gqa", "mqa", "kv-cache", "memory", "mha"])


def sizes(nbytes, unit):
    base = {"KB": (10**3, 2**10), "MB": (10**6, 2**20), "GB": (10**9, 2**30)}[unit]
    return [(f"decimal {unit}", sp.Integer(nbytes) / base[0]), (f"binary {unit}", sp.Integer(nbytes) / base[1])]


def n(line, what, printed, exact, cause="slip"):
    number_claim(e, line, what, printed, exact, cause)


per_layer = 2 * 64 * 128 * 2
per_token = 80 * per_layer
e.given(e.line("h = 64 heads, d_model = 8192, d_k = d_v = 128"), "64 heads, d_model 8192, d_k 128")
n(e.line("KV Cache per token per layer = 2 × 64 × 128 × 2 bytes = 32 KB"), "bytes per token per layer", "32",
  sizes(per_layer, "KB"))
n(e.line("80 layers × 32 KB = 2.56 MB per token"), "bytes per token over 80 layers", "2.56", sizes(per_token, "MB"))
n(e.line("4096 tokens × 2.56 MB = 10.5 GB"), "4096 tokens", "10.5", sizes(4096 * per_token, "GB"), cause="carried")
L = e.line("节省比例 = 1/h = 1/64 ≈ 98.4%")
e.claim(L, "1/64 (the line equates the saving with 1/h)", "98.4%", R(1, 64))

# GQA text table: share of the MHA cache
for lab, kv in (("| MHA (G=8) |", 8), ("| GQA (G=4) |", 4), ("| GQA (G=2) |", 2), ("| MQA (G=1) |", 1)):
    Lr = e.line(lab)
    share = {8: "100%", 4: "50%", 2: "25%", 1: "12.5%"}[kv]
    e.claim(Lr, f"KV cache share with {kv} of 8 KV heads", share, R(kv, 8))
    e.claim(Lr, "Q heads per KV head", str(8 // kv), R(8, kv))

# model table: saving = 1 - kv/q
for lab, q, kv, pct in (("| GPT-3 175B |", 96, 96, "0%"), ("| PaLM 540B |", 48, 1, "97.9%"),
                        ("| Falcon 40B |", 64, 1, "98.4%"), ("LLaMA]] 2 70B |", 64, 8, "87.5%"),
                        ("| LLaMA 3 8B |", 32, 8, "75%"), ("| LLaMA 3 70B |", 64, 8, "87.5%"),
                        ("| Mistral 7B |", 32, 8, "75%"), ("| Qwen 2.5 72B |", 64, 8, "87.5%")):
    Lr = e.line(lab)
    e.claim(Lr, f"saving with {kv} of {q} KV heads", pct, 1 - R(kv, q))
    e.claim(Lr, "group ratio", str(q // kv), R(q, kv))

e.given(e.line("示例: LLaMA 3 70B, seq_len=8192, batch=16, FP16"), "LLaMA 3 70B configuration")
e.given(e.line("= 2 × 8 × 128 × 80 × 8192 × 16 × 2"), "GQA product")
e.given(e.line("= 2 × 8 × 128 × 80 × 8192 × 16 × 2", 2), "GQA product repeated")
gqa = 2 * 8 * 128 * 80 * 8192 * 16 * 2
mha = 2 * 64 * 128 * 80 * 8192 * 16 * 2
n(e.line("= 34.36 GB"), "GQA KV cache (64 layers would give 34.36)", "34.36", sizes(gqa, "GB"))
e.given(e.line("对比 MHA 版本 (KV heads=64):"), "MHA variant, 64 KV heads")
e.given(e.line("= 2 × 64 × 128 × 80 × 8192 × 16 × 2"), "MHA product")
n(e.line("= 274.88 GB"), "MHA KV cache (64 layers would give 274.88)", "274.88", sizes(mha, "GB"))
Ls = e.line("GQA 节省: 274.88 - 34.36 = 240.52 GB (87.5%)")
n(Ls, "GB saved", "240.52", sizes(mha - gqa, "GB"), cause="carried")
e.claim(Ls, "share saved", "87.5%", 1 - R(gqa, mha))

e.given(e.line("模型: 70B, A100 80GB × 4, seq_len=4096"), "benchmark setting")
for lab in ("MHA (G=64)    |", "GQA (G=8)     |", "MQA (G=1)     |"):
    e.given(e.line(lab), "quoted throughput / batch / latency")
e.claim(e.line("GQA vs MHA: 吞吐提升 4x"), "3200 / 800", "4", R(3200, 800))
e.claim(e.line("MQA vs GQA: 仅额外 25% 提升"), "4000 / 3200 - 1", "25%", R(4000, 3200) - 1)

mha_avg = (R("68.5") + R("42.1") + R("54.2")) / 3
gqa_avg = (R("68.1") + R("41.5") + R("53.8")) / 3
mqa_avg = (R("66.8") + R("38.9") + R("51.1")) / 3
e.claim(e.line("MHA        68.5    42.1        54.2     54.9"), "MHA average", "54.9", mha_avg)
Lg = e.line("GQA (G=8)  68.1    41.5        53.8     54.5  (-0.4)")
e.claim(Lg, "GQA average", "54.5", gqa_avg)
e.claim(Lg, "GQA minus MHA (from the rounded averages)", "-0.4", gqa_avg - mha_avg, cause="drift")
Lm = e.line("MQA (G=1)  66.8    38.9        51.1     52.3  (-2.6)")
e.claim(Lm, "MQA average", "52.3", mqa_avg)
e.claim(Lm, "MQA minus MHA (from the rounded averages)", "-2.6", mqa_avg - mha_avg, cause="drift")

Lq1 = e.line("8 个 KV 头已省下 87.5% 的 KV Cache")
e.claim(Lq1, "saving with 8 of 64 KV heads", "87.5%", 1 - R(8, 64))
e.ambiguous(Lq1, "'< 0.5%' and '2-3%' are quality claims with no stated basis; '98%+' is a bound (98.4 %)")
Lq2 = e.line("节省 87.5%，8192 长度 batch=16 时从 ~275 GB 降至 ~34 GB")
e.claim(Lq2, "saving with 8 of 64 KV heads", "87.5%", 1 - R(8, 64))
n(Lq2, "MHA KV cache restated", "275", sizes(mha, "GB"), cause="carried")
n(Lq2, "GQA KV cache restated", "34", sizes(gqa, "GB"), cause="carried")
e.done()
