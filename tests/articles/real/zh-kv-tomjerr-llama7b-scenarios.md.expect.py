# Expected verdicts for zh-kv-tomjerr-llama7b-scenarios.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: LLaMA-7B, P = 7e9, FP16 (2 bytes), 32 heads of d_head 128; the note's formula
# Mem_KV = 2 x B x L x H x d_head x Precision has no layer factor: it is checked as written (as in
# zh-gqa-kv-cache-qwen-estimate).  Sizes agree under the decimal (GB) or the binary (GiB) reading.
#   weights 7e9 x 2 = 14 GB (right);  GQA 32 -> 8 heads: 32 / 8 = 4 (right);
#   scene A: 2 x 1 x 4096 x 32 x 128 x 2 = 67,108,864 bytes = 0.0671 GB / 0.0625 GiB -> 0.06 right (GiB);
#   scene B: 2 x 64 x 32768 x 32 x 128 x 2 = 34,359,738,368 bytes = 34.36 GB / 32 GiB -> 34.3 is 34.36 cut (wrong).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from functools import partial
from oracle import number_claim, Expect, M, R, sp, softmax_rows, agrees

e = Expect(__file__, language="zh", topics=["kv-cache", "gqa", "mla", "sizes", "latex-inline"])
DEC = {"MB": 10**6, "GB": 10**9}
BIN = {"MB": 2**20, "GB": 2**30}
claim_n = partial(number_claim, e)   # one printed number: oracle.number_claim


def size(nbytes, unit):
    return [("decimal", sp.sympify(nbytes) / DEC[unit]), ("binary", sp.sympify(nbytes) / BIN[unit])]


e.given(e.line("其中 $P$ 是参数量（7B 模型 $P \\approx 7 \\times 10^9$）"), "P = 7e9")
claim_n(e.line("$7 \\times 10^9 \\times 2 \\approx \\textbf{14 GB}$"), "7e9 x 2 bytes in GB", "14",
        size(7 * 10**9 * 2, "GB"))
claim_n(e.line("GQA: 将 $H$ 变为 $G$ (例如 32头变 8头)，KV Cache 减少 4 倍。"), "32 / 8", "4", sp.Integer(32) / 8)
claim_n(e.line("LLaMA-7B (FP16) 的权重：~14 GB"), "weights restated in GB", "14", size(7 * 10**9 * 2, "GB"))
claim_n(e.line("KV Cache (4k长度):"), "2 x 1 x 4096 x 32 x 128 x 2 in GB", "0.06",
        size(2 * 1 * 4096 * 32 * 128 * 2, "GB"))
claim_n(e.line("同样是 LLaMA-7B (FP16)，权重仍是 ~14 GB"), "weights restated in GB", "14", size(7 * 10**9 * 2, "GB"))
claim_n(e.line("KV Cache: $2 \\times 64 \\times 32768"), "2 x 64 x 32768 x 32 x 128 x 2 in GB", "34.3",
        size(2 * 64 * 32768 * 32 * 128 * 2, "GB"))
e.done()
