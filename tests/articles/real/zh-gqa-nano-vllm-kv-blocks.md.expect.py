# Expected verdicts for zh-gqa-nano-vllm-kv-blocks.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs stated by the article: 80 layers, 64 KV heads over 8 GPUs (8 per GPU), head_dim 4096/64 = 64, blocks of 16
# tokens, 2 bytes per element.  One block = 2*80*16*8*64*2 = 2,621,440 bytes (exactly 2.5 MiB).
# Units: the article mixes "MB" for 10^6 and for 2^20 bytes.  A size (or a count computed from sizes) agrees when it
# agrees under the decimal reading (MB = 1e6, GB = 1e9) or the binary one (MiB, GiB) of that line; otherwise it is
# claimed against the closest reading.  Integers with thousands commas are compared at the printed precision.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees

e = Expect(__file__, language="zh", topics=["gqa", "kv-cache"])
BLOCK = 2 * 80 * 16 * 8 * 64 * 2
DEC = {"MB": 10**6, "GB": 10**9}
BIN = {"MB": 2**20, "GB": 2**30}


def claim_n(line, what, printed, exact, cause="slip"):
    """One printed number (thousands commas allowed) against one exact value or a list of (reading, value)."""
    text = e.lines[line - 1]
    assert printed in text, (line, printed)
    plain = printed.replace(",", "") if printed.count(",") != 1 or len(printed.split(",")[1]) == 3 else printed
    readings = exact if isinstance(exact, list) else [("", exact)]
    ok = [r for r in readings if agrees(plain, r[1], True)]
    name, val = ok[0] if ok else min(readings, key=lambda r: abs(sp.N(r[1]) - sp.N(R(plain))))
    label = f"{what}{' [' + name + ']' if name else ''}{'' if ok or not name else ' (closest reading)'}"
    ent = e._entry(line)
    item = {"what": label, "printed": [printed]}
    if not ok:
        item.update(wrong=[{"printed": printed, "exact": str(sp.N(val, 8))}], cause=cause)
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


def size(nbytes, unit):
    return [("decimal", sp.Integer(nbytes) / DEC[unit]), ("binary", sp.Integer(nbytes) / BIN[unit])]


# 1. parameters
e.given(e.line("`hf_config.num_key_value_heads = 64`"), "64 KV heads")
e.given(e.line("`hf_config.num_hidden_layers = 80`"), "80 layers")
claim_n(e.line("`head_dim = 4096 / 64 = 64`"), "4096 / 64", "64", sp.Integer(4096) / 64)
e.given(e.line("`block_size = 16`"), "16 tokens per block")
e.given(e.line("`world_size = 8`"), "8 GPUs")
claim_n(e.line("num_kv_heads_per_gpu = 64 / 8 = 8"), "64 / 8", "8", sp.Integer(64) / 8)

# 2. one block
e.claim(e.line("= `(16, 8, 64)`"), "block shape per layer (block_size, kv heads per GPU, head_dim)",
        ["16", "8", "64"], [16, 8, 64])
L = e.line("\\text{block\\_bytes} = 2 \\times 80")
claim_n(L, "block bytes", "2,621,440", BLOCK)
claim_n(L, "block size in MB", "2.5", size(BLOCK, "MB"))

# 3. number of blocks (80 GB card)
claim_n(e.line("- 总内存：80,000 MB"), "80 GB in MB", "80,000", [("decimal", sp.Integer(80 * 10**9) / 10**6)])
claim_n(e.line("- 利用率：0.9 → 72,000 MB"), "0.9 × 80,000 MB", "72,000", R("0.9") * 80000)
e.given(e.line("- 模型权重（70B）：约 35,000 MB"), "weights 35,000 MB")
e.given(e.line("- 激活内存：约 10,000 MB"), "activations 10,000 MB")
claim_n(e.line("- 可用：72,000 - 35,000 - 10,000 = 27,000 MB"), "72,000 - 35,000 - 10,000", "27,000",
        sp.Integer(72000 - 35000 - 10000))
claim_n(e.line("- 块数：27,000 MB / 2.5 MB"), "27,000 MB / block", "10,800",
        [("decimal", sp.Integer(27000 * 10**6) / BLOCK), ("binary", sp.Integer(27000 * 2**20) / BLOCK)])

# 4. the cache tensor (its shape restates the numbers above)
e.given(e.line("KV 缓存张量：(2, 80, 10800, 16, 8, 64)"), "tensor shape")
e.given(e.line("├─ K 缓存 [0]: 80 层"), "shape restated")
# 10,800 blocks of 2,621,440 bytes = 28.3 GB = 26.4 GiB; 27 follows from the rounded 2.5 MB per block
claim_n(e.line("总内存占用 = 块数 × 块大小"), "10,800 blocks × block size in GB", "27", size(10800 * BLOCK, "GB"),
        cause="drift")

# 5. the worked run with total = 80 GiB
for needle in ("- num_key_value_heads = 64", "- num_hidden_layers = 80", "- hidden_size = 4096", "- block_size = 16",
               "- world_size = 8", "- gpu_memory_utilization = 0.9", "- dtype = torch.float16 (2 字节)"):
    e.given(e.line(needle), needle.strip("- "))
claim_n(e.line("1. 单 GPU KV 头数: 64 / 8 = 8"), "64 / 8", "8", sp.Integer(64) / 8)
claim_n(e.line("2. head_dim: 4096 / 64 = 64"), "4096 / 64", "64", sp.Integer(4096) / 64)
L = e.line("3. 单块大小: 2 × 80 × 16 × 8 × 64 × 2")
claim_n(L, "block bytes", "2,621,440", BLOCK)
claim_n(L, "block size in MB", "2.5", size(BLOCK, "MB"))
claim_n(e.line("- total = 85,899,345,920 字节"), "80 GiB in bytes", "85,899,345,920", 80 * 2**30)
e.given(e.line("- 模型权重 ≈ 35 GB"), "weights 35 GB")
e.given(e.line("- 激活内存 ≈ 10 GB"), "activations 10 GB")
L = e.line("- 可用 = 85.9 × 0.9 - 35,000MB - 10,000MB")
total = 80 * 2**30
claim_n(L, "total in GB", "85.9", sp.Integer(total) / 10**9)
# 85.9 × 0.9 = 77.31 GB; minus 45,000 MB leaves 32,309 MB (decimal) or 28,728 MiB (binary), not 27,000
claim_n(L, "0.9 × total - 45,000 MB", "27,000",
        [("decimal", (R("0.9") * total - 45000 * 10**6) / 10**6), ("binary", (R("0.9") * total - 45000 * 2**20) / 2**20)])
avail = [("decimal", (R("0.9") * total - 45000 * 10**6) / BLOCK), ("binary", (R("0.9") * total - 45000 * 2**20) / BLOCK)]
claim_n(e.line("5. 块数: 27,000 MB / 2.5 MB ≈ 10,800 块"), "blocks from this run's memory (the author's 27,000 MB)",
        "10,800", avail, cause="carried")
claim_n(e.line("6. 总序列长度: 10,800 × 16 = 172,800 tokens"), "blocks × 16 tokens", "172,800",
        [(n, sp.floor(v) * 16) for n, v in avail], cause="carried")
e.given(e.line("kv_cache.shape = (2, 80, 10800, 16, 8, 64)"), "tensor shape")
L = e.line("总内存: 2 × 80 × 10800 × 16 × 8 × 64 × 2")
claim_n(L, "2 × 80 × 10800 × 16 × 8 × 64 × 2", "282,956,185,600", 2 * 80 * 10800 * 16 * 8 * 64 * 2)
claim_n(L, "that size in GB", "27", size(10800 * BLOCK, "GB"), cause="drift")

# 6. the throughput table: blocks = tokens / 16 (4K = 4096), size = blocks × 2,621,440 bytes
t = e.line("| 最大序列长度 | 块数")
for r, (toks, blocks, sz, unit) in enumerate([(4096, "256", "614", "MB"), (32768, "2048", "4.9", "GB"),
                                              (131072, "8192", "19.7", "GB"), (None, "10800", "25.9", "GB")]):
    L = t + 2 + r
    if toks is None:
        e.given(L, "172K row: the 10,800 blocks of section 5")
        nb = 10800
    else:
        claim_n(L, f"{toks} tokens / 16", blocks, sp.Integer(toks) / 16)
        nb = toks // 16
    claim_n(L, f"{nb} blocks × block size", sz, size(nb * BLOCK, unit))
claim_n(e.line("缓存减少 8 倍"), "64 query heads / 8 KV heads", "8", sp.Integer(64) / 8)

# 7. the formula once more (80 GB card, in GB)
claim_n(e.line("Step 1: 总配额 = 80 GB × 0.9 = 72 GB"), "80 × 0.9", "72", R("0.9") * 80)
claim_n(e.line("已用内存 = 总内存 - 空闲 = 80 - 45 = 35 GB"), "80 - 45", "35", sp.Integer(35))
claim_n(e.line("剩余 = 72 - 35 = 37 GB"), "72 - 35", "37", sp.Integer(37))
e.given(e.line("peak（相对于当前的额外使用）= 10 GB"), "peak 10 GB")
claim_n(e.line("剩余 = 37 - 10 = 27 GB"), "37 - 10", "27", sp.Integer(27))
e.given(e.line("current（当前分配）= 35 GB"), "current 35 GB")
claim_n(e.line("实际计算: 72 - 35 - 10 + 35 = 62 GB"), "72 - 35 - 10 + 35", "62", sp.Integer(62))
claim_n(e.line("72 - peak = 72 - 10 = 62 GB"), "72 - 10", "62", sp.Integer(62))
claim_n(e.line("单块大小 = 2.5 MB"), "block size in MB", "2.5", size(BLOCK, "MB"))
claim_n(e.line("块数 = 62 GB / 2.5 MB = 25,088 块"), "62 GB / block", "25,088",
        [("decimal", sp.Integer(62 * 10**9) / BLOCK), ("binary", sp.Integer(62 * 2**30) / BLOCK)])
claim_n(e.line("可缓存 tokens = 25,088 × 16 = 401,408"), "blocks × 16", "401,408",
        [("decimal", sp.floor(sp.Integer(62 * 10**9) / BLOCK) * 16), ("binary", sp.floor(sp.Integer(62 * 2**30) / BLOCK) * 16)],
        cause="carried")
claim_n(e.line("available = 80 × 0.9 - 45 = 72 - 45 = 27GB"), "80 × 0.9 - 45", "27", R("0.9") * 80 - 45)
# 27 GB / 2,621,440 bytes = 10,300 (decimal) or 11,059 (binary); 10,800 follows from the rounded 2.5 MB
claim_n(e.line("blocks = 27GB / 2.5MB ≈ 10,800"), "27 GB / block", "10,800",
        [("decimal", sp.Integer(27 * 10**9) / BLOCK), ("binary", sp.Integer(27 * 2**30) / BLOCK)], cause="drift")
e.done()
