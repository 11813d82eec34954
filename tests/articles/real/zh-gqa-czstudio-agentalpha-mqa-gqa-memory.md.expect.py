# Expected verdicts for zh-gqa-czstudio-agentalpha-mqa-gqa-memory.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An interview answer (Chinese) that sizes the KV cache of a model with 32 heads, hidden size 4096 and sequence length
# 4096 in FP16, written as products 2 × (KV heads) × 4096 × 4096 × 2 bytes.
# - MHA: 2×32×4096×4096×2 = 2,147,483,648 B = 2 GiB (2.15 GB): "≈ 2GB" ok.
# - MQA: 2×1×4096×4096×2 = 67,108,864 B = 64 MiB (67.1 MB); the printed "≈ 128MB" is right under no reading: wrong
#   (slip).  "节省 16 倍" is 2 GB / 128 MB, carried from that slip; the product has 32 in place of 1, a factor 32.
# - GQA (8 KV heads): 2×8×4096×4096×2 = 536,870,912 B = 512 MiB (0.537 GB); "≈ 1GB" is read at integer precision,
#   and 0.537 GB rounds to 1 GB: ok (a coarse rounding, not a slip).  "节省 2 倍" is 2 GB / 1 GB of the rounded sizes;
#   the true factor is 32/8 = 4 (2,147,483,648 / 536,870,912): wrong (drift).
# - FlashAttention: an N×N FP16 matrix at N = 4096 is 4096² × 2 = 33,554,432 B = 32 MiB (33.6 MB); "64MB（FP16）" is
#   wrong (slip; it is the FP32 size).  "约 2MB" for the softmax statistics is not derived from anything the article
#   states (ambiguous); speed-ups (2-3 倍, 2-4 倍, 10%) are quoted claims, not arithmetic.
# - The résumé bullet restates MHA→GQA "2GB→1GB": both agree at integer precision (ok).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["gqa", "mqa", "kv-cache", "memory", "flash"])


def sizes(nbytes, unit):
    base = {"KB": (10**3, 2**10), "MB": (10**6, 2**20), "GB": (10**9, 2**30)}[unit]
    return [(f"decimal {unit}", sp.Integer(nbytes) / base[0]), (f"binary {unit}", sp.Integer(nbytes) / base[1])]


mha = 2 * 32 * 4096 * 4096 * 2
mqa = 2 * 1 * 4096 * 4096 * 2
gqa = 2 * 8 * 4096 * 4096 * 2
L = e.line("假设模型有 32 个头，隐藏层维度 4096，序列长度 4096")
e.given(L, "32 heads, hidden 4096, sequence 4096, FP16")
# the whole追问 2 answer is one printed line: every claim of it is recorded on that line
number_claim(e, L, "MHA KV cache 2×32×4096×4096×2 bytes", "2", sizes(mha, "GB"))
number_claim(e, L, "MQA KV cache 2×1×4096×4096×2 bytes", "128", sizes(mqa, "MB"))
e.claim(L, "MQA saving factor (2 GB / 128 MB as printed; exactly 32)", "16", R(mha, mqa), cause="carried")
number_claim(e, L, "GQA (8 groups) KV cache 2×8×4096×4096×2 bytes (0.537 GB rounds to 1)", "1", sizes(gqa, "GB"))
e.claim(L, "GQA saving factor (2 GB / 1 GB of rounded sizes; exactly 32/8 = 4)", "2", R(mha, gqa), cause="drift")
L = e.line("以 N=4096 为例，显存从 64MB（FP16）")
number_claim(e, L, "N×N FP16 attention matrix at N = 4096", "64", sizes(4096 * 4096 * 2, "MB"))
e.ambiguous(L, "'约 2MB' for the softmax normalisers and the 2-3x speed-up are not derived from stated inputs")
L = e.line("如 7B 模型从 2GB→1GB")
number_claim(e, L, "MHA cache restated", "2", sizes(mha, "GB"))
number_claim(e, L, "GQA cache restated (0.537 GB rounds to 1)", "1", sizes(gqa, "GB"))
e.done()
