# Expected verdicts for zh-kv-hfblog-optimize-llm-memory-estimates.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the rules of thumb (4 * X GB in FP32, 2 * X GB in BF16/FP16), the parameter counts of the bullet list
# (175, 176, 70, 40, 30, 15.5 B), 40 heads in bfloat16 (2 bytes) for the QKᵀ memory 40 × 2 × N² bytes, the measured
# outputs of torch.cuda.max_memory_allocated() printed by the article in GiB (bytes / 1024**3), and the printed KV-cache float
# count 7864320000 (the config values that produce it are not printed).
# Bullets 2 * 175 = 350 ... 2 * 15.5 = 31: all right; 31 GB for octocoder follows the same 15.5 B (starcoder size).
# QKᵀ memory: N = 1000 -> 40*2*10^6 = 80,000,000 bytes = 80 MB = 76.3 MiB; printed "大约 50MB" is wrong under either reading
# (slip, the original English post has the same 50 MB); N = 16000 -> 20,480,000,000 bytes = 19.07 GiB -> 19GB (right in GiB,
# the unit of the article's bytes_to_giga_bytes); N = 100,000 -> 8e11 bytes = 0.745 TiB / 0.8 TB, "近 1TB" is a loose figure
# (ambiguous).
# Measurements: 15.2192 GiB "15GB 多一点" and 9.5436 GiB "9.5GB" agree; the summary "从 32GB 降到 15GB ... 9GB 多一点" uses loose
# figures (32 for 29.03 measured / 31 estimated; 9 as a lower bound of 9.54) -> ambiguous; "高达 64GB" for float32 (rule of thumb
# 4 * 15.5 = 62, twice the measured 29.03 GiB = 58.05) -> ambiguous.
# Flash attention: "几乎回到了最初 29GB" agrees with 29.026, but "只多占了大约 100MB" is wrong: the two printed peaks differ by
# 32.617331981658936 - 29.0260648727417 = 3.591 GiB = 3677 MiB (slip, also in the English original).
# KV cache: 7864320000 floats; "大约 80 亿" is a one-digit round figure of 78.6 亿 (ambiguous); 7864320000 × 2 bytes =
# 15,728,640,000 bytes = 14.65 GiB -> "大约 15 GB" agrees in GiB (15.7 GB would round to 16).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["memory", "kv-cache", "flash-attention", "qk-matrix"])
L = e.line
GiB = R(2) ** 30

e.given(L("需要大约 4 * $X$ GB 显存"), "FP32 rule of thumb")
e.given(L("需要大约 2 * $X$ GB 显存"), "BF16 rule of thumb")
e.given(L("输入不长（少于 1024 个词元）"), "short input bound")
for name, n, printed in [("**GPT3**", 175, "350"), ("[**Bloom**]", 176, "352"), ("[**Llama-2-70b**]", 70, "140"),
                         ("[**Falcon-40b**]", 40, "80"), ("[**MPT-30b**]", 30, "60")]:
    ln = L(f"- {name}")
    e.claim(ln, f"2 * {n}", [printed], [2 * n])
e.claim(L("- [**bigcode/starcoder**]"), "2 * 15.5", ["31"], [2 * R("15.5")])
e.given(L("单卡显存最大的 A100 也只有 80GB"), "A100 memory")
ln = L("它能放进一张 40GB 的 A100")
e.given(ln, "40GB A100")
e.claim(ln, "BF16 estimate for octocoder (15.5 B)", ["31"], [2 * R("15.5")])

m_bf16 = R("29.0260648727417")
e.given(L("29.0260648727417"), "measured peak (bf16)")
e.ambiguous(L("则需要高达 64GB 的显存"),
            "'高达 64GB' for float32 is a loose figure: the rule of thumb gives 4 * 15.5 = 62 GB, twice the measured 29.03 is 58.05")
m8 = R("15.219234466552734")
e.given(L("15.219234466552734"), "measured peak (8 bit)")
e.claim(L("降到 15GB 多一点"), "8-bit peak, 'a little over 15 GB'", ["15"], [m8], rounded_int=True)
m4 = R("9.543574333190918")
e.given(L("9.543574333190918"), "measured peak (4 bit)")
ln = L("只要 9.5GB")
e.claim(ln, "4-bit peak", ["9.5"], [m4])
e.given(ln, "'超过 150 亿' parameters (15.5 B)")
e.ambiguous(L("所需显存从 32GB 降到仅 15GB"),
            "round figures: 32GB for the 29.03 measured (31 estimated) bf16 peak, '仅 15GB' for 15.22 and '9GB 多一点' "
            "(a lower bound) for 9.54")

# QK^T memory
ln = L("要 $40 \\times 2 \\times N^2$ 字节")
number_claim(e, ln, "40*2*1000^2 bytes", "50", [("MB", R(40 * 2 * 1000 ** 2, 10 ** 6)), ("MiB", R(40 * 2 * 1000 ** 2, 2 ** 20))])
number_claim(e, ln, "40*2*16000^2 bytes", "19", [("GiB", R(40 * 2 * 16000 ** 2) / GiB), ("GB", R(40 * 2 * 16000 ** 2, 10 ** 9))])
e.ambiguous(ln, "'近 1TB' for 40*2*100000^2 = 8e11 bytes (0.8 TB, 0.745 TiB) is a loose figure")

e.given(L("Generated in 10.96854019165039 seconds."), "measured time (long prompt)")
e.given(L("37.668193340301514"), "measured peak (long prompt)")
e.given(L("Generated in 3.0211617946624756 seconds."), "measured time (flash)")
m_flash = R("32.617331981658936")
e.given(L("32.617331981658936"), "measured peak (flash)")
ln = L("几乎回到了最初 29GB 的峰值显存")
e.claim(ln, "original bf16 peak", ["29"], [m_bf16], rounded_int=True)
number_claim(e, ln, "extra memory of the long input with flash = 32.6173 - 29.0261 GiB", "100",
             [("MiB", (m_flash - m_bf16) * 1024), ("MB", (m_flash - m_bf16) * GiB / 10 ** 6)])

# KV cache
e.given(L("假设输入长度为 16000"), "sequence length")
e.given(L("2 * 16_000 * config.n_layer"), "float-count formula")
kv = 7864320000
e.given(L("7864320000"), "float count (config not printed)")
e.ambiguous(L("也就是大约 80 亿个浮点数"), "'大约 80 亿' is a one-digit round figure of 78.6 亿 (7,864,320,000)")
ln = L("存 80 亿个浮点值需要大约 15 GB")
number_claim(e, ln, "7864320000 floats x 2 bytes", "15", [("GiB", R(kv * 2) / GiB), ("GB", R(kv * 2, 10 ** 9))])
e.ambiguous(ln, "restates the round figure '80 亿' (7,864,320,000)")
e.done()
