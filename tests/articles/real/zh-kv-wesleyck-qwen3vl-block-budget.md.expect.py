# Expected verdicts for zh-kv-wesleyck-qwen3vl-block-budget.md, computed with plain SymPy (see oracle.py); not symattn's code.
# vLLM KV-cache block budget by hand, for an assumed Qwen3-VL configuration: block_size 16, 8 KV heads (GQA),
# head size 128, bf16 (2 bytes), 80 attention layers, 70% of an 80 GB GPU, max_model_len 131072.
# The article counts in powers of two (65536 bytes = 64 KB; 80*0.7*1024^3 bytes = "56 GB"); sizes are read as
# decimal or binary and are wrong only when no reading matches.
# - One page per layer: 2*16*8*128*2 = 65,536 B = 64 KiB: right.
# - One block over 80 layers: 64 KiB * 80 = 5,120 KiB = 5,242,880 B = 5 MiB (5.24 MB decimal).  The article prints
#   "5.12 MB" (it divided 5120 KB by 1000 while KB was 1024 B): wrong under both readings (slip).
# - Budget: 80*0.7*1024^3 = 60,129,542,144 B = 56 GiB: right.
# - num_blocks = 60,129,542,144 // 5,242,880 = 11,468 (56 GiB / 5 MiB = 11,468.8).  The article's "56 GB / 5.12 MB
#   ≈ 10937" is 56,000 / 5.12 = 10,937.5 from its wrong 5.12 MB: wrong (carried).
# - 131072 // 16 = 8192 blocks per request: right.
# - Concurrency 11,468 / 8,192 = 1.3999 -> 1.4; the printed "10937 / 8192 ≈ 1.3" restates the carried 10937 and
#   gets 1.335 from it: wrong (carried).
# - Prefix-caching walk-through (4 tokens per block there): 3 new blocks for [H0, H1, H2]; 2 hits * 4 = 8 tokens;
#   1 new block for H3; num_computed_tokens = 8: right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv-cache", "memory", "gqa", "paged-blocks"])
L = e.line


def size(ln, what, printed, nbytes, unit, cause="slip"):
    p = {"KB": 1, "MB": 2, "GB": 3}[unit]
    n = sp.Integer(nbytes)
    number_claim(e, ln, what, printed,
                 [(f"decimal {unit}", n / 10 ** (3 * p)), (f"binary {unit}", n / 2 ** (10 * p))], cause)


e.given(L("# - block_size = 16"), "block_size 16 tokens")
e.given(L("# - num_kv_heads = 8 (GQA)"), "8 KV heads")
e.given(L("# - head_size = 128"), "head size 128")
e.given(L("# - dtype = bfloat16"), "bf16, 2 bytes")
e.given(L("page_size = 2 * 16 * 8 * 128 * 2  # K + V"), "page size formula")
page = 2 * 16 * 8 * 128 * 2
ln = L("# = 2 * 16 * 8 * 128 * 2 = 65536 bytes")
e.claim(ln, "bytes per page per layer 2*16*8*128*2", ["65536"], [page])
size(ln, "65536 B in KB", "64", page, "KB")
e.given(L("# 假设有 80 层 attention:"), "80 attention layers")
block = 80 * page
ln = L("# 每请求每块总内存 = 64 KB * 80")
size(ln, "one block over 80 layers, 64 KB * 80", "5.12", block, "MB")
e.given(L("# 假设 GPU 有 80GB 内存"), "80 GB GPU, 70% for KV cache")
avail = 80 * R(7, 10) * 1024 ** 3
ln = L("available_memory = 80 * 0.7 * 1024 * 1024 * 1024")
size(ln, "80*0.7*1024^3 bytes", "56", avail, "GB")
nblocks = sp.floor(avail / block)  # 11468
ln = L("# = 56 GB / 5.12 MB")
number_claim(e, ln, "num_blocks = available_memory // (page_size * 80)", "10937", nblocks, cause="carried")
ln = L("max_blocks_per_request = 131072 // 16")
e.given(L("假设 max_model_len = 131072"), "max_model_len 131072")
e.claim(ln, "131072 // 16", ["8192"], [131072 // 16])
ln = L("# 最大并发请求数")
number_claim(e, ln, "num_blocks restated", "10937", nblocks, cause="carried")
number_claim(e, ln, "max concurrency num_blocks / 8192", "1.3", nblocks / 8192, cause="carried")
e.given(L("# block_hashes = [H0, H1, H2]  # 假设 system prompt 占 2 块"), "request 1: three block hashes; prompt = 2 blocks")
e.claim(L("# 2. allocate_slots() -> 分配 3 个新块"), "new blocks for [H0, H1, H2]", ["3"], [3])
ln = L("#    - 返回 [Block_X, Block_Y], 8 tokens")
e.claim(ln, "cached tokens: 2 hit blocks * 4 tokens/block", ["8", "2"], [2 * 4, 2])
e.claim(L("#    - 分配 1 个新块 for H3"), "new blocks for the missed H3", ["1"], [1])
e.claim(L("# 3. num_computed_tokens = 8"), "num_computed_tokens", ["8"], [2 * 4])
e.done()
