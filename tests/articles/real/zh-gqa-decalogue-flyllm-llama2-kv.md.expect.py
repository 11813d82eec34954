# Expected verdicts for zh-gqa-decalogue-flyllm-llama2-kv.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs as the note writes them: LLaMA 2 70B with h = 64 query heads, n = 4096 tokens, d_k = 128, 4 bytes per number,
# and no layer or batch factor in the products it prints; GQA with g = 8 KV heads.
# - "2×64×4096×128×4B = 2GB": the product is 268,435,456 B = 0.268 GB (0.25 GiB), not 2 GB under either unit
#   (8 times too large) -> wrong (slip).
# - "2×8×4096×128×4B = 250MB": the product is 33,554,432 B = 33.55 MB (32 MiB); 250 MB is the author's 2 GB / 8, so
#   the line follows the earlier wrong value -> wrong (carried).  "减少 8x" = 64/8 is right.
# - Throughput lines: 8/1 = 8x and 16/2 = 8x (batch ratios) are right; the g table's KV reductions 32/4, 48/6, 64/8 = 8x
#   are right.
# - Measured LLaMA-2 70B figures (quoted data, taken as given): (72 - 40)/72 = 44.4 % ("44%" ok), 40/25 - 1 = 60 % ok,
#   35.2 % - 34.8 % = 0.4 point ok, 34.8 % - 33.1 % = 1.7 points ok; 70B weights at 2 bytes = 140 GB and at 4 bits
#   (0.5 byte) = 35 GB ok.
# (Not numeric, so not scored: the note says the cache shrinks to 1/g although with g KV heads it is g/h of MHA, and its
# trade-off list labels g=1 as MHA and g=h as MQA, the reverse of its own g = number of KV heads.)
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["gqa", "mqa", "kv-cache", "memory", "percentages"])


def sizes(nbytes, unit):
    base = {"MB": (10**6, 2**20), "GB": (10**9, 2**30)}[unit]
    return [(f"decimal {unit}", sp.Integer(nbytes) / base[0]), (f"binary {unit}", sp.Integer(nbytes) / base[1])]


h, g, n, dk, nbytes = 64, 8, 4096, 128, 4
mha = 2 * h * n * dk * nbytes
gqa = 2 * g * n * dk * nbytes

L = e.line("- LLaMA 2 70B: $h=64$, 在 $n=4096$ 时 KV-cache = 2×64×4096×128×4B = 2GB")
number_claim(e, L, "MHA cache 2×64×4096×128×4 B in GB", "2", sizes(mha, "GB"))
L = e.line("- 使用 GQA ($g=8$): KV-cache = 2×8×4096×128×4B = 250MB (减少 8x)")
number_claim(e, L, "GQA cache 2×8×4096×128×4 B in MB", "250", sizes(gqa, "MB"), cause="carried")
e.claim(L, "reduction h/g", ["8"], [sp.Integer(h) / g])
e.claim(e.line("- 推理批大小从 1 提升到 8，吞吐量增加 8x"), "batch ratio 8/1", ["8"], [sp.Integer(8) / 1])
e.given(e.line("   - 70B 规模下，MQA 的 SacreBLUE 掉了 2.3 点"), "quoted MQA quality drop")
e.given(e.line("   - GQA 只掉了 0.5 点"), "quoted GQA quality drop")
e.claim(e.line("| 7B | 32 | 4 | 8x | <0.5% |"), "KV reduction 32/4", ["8"], [sp.Integer(32) / 4])
e.claim(e.line("| 30B | 48 | 6 | 8x | 0.5-1% |"), "KV reduction 48/6", ["8"], [sp.Integer(48) / 6])
e.claim(e.line("| 70B | 64 | 8 | 8x | 1-2% |"), "KV reduction 64/8", ["8"], [sp.Integer(64) / 8])
e.given(e.line("    num_key_value_heads=4,  # g=4"), "4 KV heads in the config")
e.given(e.line("- **适合批处理**: batch=8 时 GQA 比 MHA 快 2.3x"), "quoted speed-ups")
e.given(e.line("- 70B 模型在 A100-80G 上批大小从 2 → 16"), "batch 2 -> 16")
e.claim(e.line("- 吞吐量提升 8x"), "batch ratio 16/2", ["8"], [sp.Integer(16) / 2])
e.given(e.line("- MHA: 推理 4096 长度，显存 72GB"), "MHA memory 72 GB (measured)")
e.claim(e.line("- GQA ($g=8$): 显存 40GB（减少 44%）"), "(72 - 40)/72", ["44%"], [R(72 - 40, 72)])
e.claim(e.line("- 速度: 40 tok/s（vs MHA 25 tok/s，提升 60%）"), "40/25 - 1", ["60%"], [R(40, 25) - 1])
e.claim(e.line("- 质量: HumanEval 35.2% → 34.8%（下降 0.4%"), "35.2 % - 34.8 %", ["0.4%"], [R("0.352") - R("0.348")])
e.given(e.line("- 每 token 成本降低 30%"), "quoted cost saving")
e.given(e.line("- P99 延迟从 800ms 降至 500ms"), "quoted latencies")
L = e.line("  - 内存: 70B 模型从 140GB → 35GB")
number_claim(e, L, "70e9 weights × 2 bytes in GB", "140", [("decimal GB", sp.Integer(70 * 10**9 * 2) / 10**9)])
number_claim(e, L, "70e9 weights × 0.5 byte (4-bit) in GB", "35", [("decimal GB", sp.Integer(70 * 10**9) / 2 / 10**9)])
e.claim(e.line("  - 质量: HumanEval 34.8% → 33.1%（额外下降 1.7%）"), "34.8 % - 33.1 %", ["1.7%"],
        [R("0.348") - R("0.331")])
e.done()
