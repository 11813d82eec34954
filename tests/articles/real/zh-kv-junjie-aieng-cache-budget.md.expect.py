# Expected verdicts for zh-kv-junjie-aieng-cache-budget.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: 7B model with 32 layers, 32 heads, d_head 128, fp16 (2 bytes); Llama 3 70B with 80 layers, 8 KV heads,
# d_head 128, 2 bytes; contexts 32K = 32,768 and 128K tokens; H100 HBM 3 TB/s, SRAM 30 TB/s; 100 generated tokens.
# Exact values:
# - 7B per token and layer (all 32 heads): 2·32·128·2 = 16,384 B; per token (32 layers): 524,288 B = 512 KiB;
#   per 32K context: 17,179,869,184 B = 16 GiB (17.2 GB).
# - 70B per token and layer: 2·8·128·2 = 4096 B = 4 KiB; per 32K context: 4096·80·32768 = 10,737,418,240 B
#   = 10 GiB = 10.74 GB.
# - 70B with MHA (64 KV heads) at 32K: 85,899,345,920 B = 80 GiB = 85.9 GB.
# Wrong lines (this is the Chinese translation of the lesson; the numbers are the lesson's own):
# - "per token (32 layers) = 16 KB": 512 B × 32 layers keeps one head only; with the stated 32 heads a token takes
#   512 KiB -> wrong (slip: the ×32 heads is dropped).
# - "per 32K context = 512 MB" (7B): 16 KiB × 32768 = 512 MiB from the wrong line above; exact 16 GiB -> wrong (carried).
# - "per 32K context = 10.4 GB" (70B): 10.74 GB or 10 GiB; 10.4 is right under neither reading -> wrong (slip).
# - "64 个头的多头注意力 MHA ... 32 GB": eight times the 70B cache, 80 GiB (85.9 GB) at 32K -> wrong (slip).
# Ambiguous:
# - "4K 词元 ... 1600 万次注意力操作": 4000² = 16,000,000 exactly if 4K is read as 4000, but 4096² = 16,777,216 (1678 万).
# - "per token per layer = 2 * 128 * 2 = 512 bytes": the product is right and matches the heading's per-head formula, but
#   the label says per layer; one layer with 32 heads takes 16,384 bytes.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv", "gqa", "flash", "memory"])
KiB, MiB, GiB, GB = 1024, 1024**2, 1024**3, 10**9
ctx = 32768
b7_tok = 2 * 32 * 32 * 128 * 2
b70_tok = 2 * 80 * 8 * 128 * 2

ln = e.line("回复长度为 4K 词元时，大约要做 1600 万次注意力操作")
e.ambiguous(ln, "4K² attention operations: 4000² = 16,000,000 (1600 万) exactly, but 4096² = 16,777,216 (1678 万)")
ln = e.line("N≥2K 之后")
e.given(ln, "N ≥ 2K; cited 4-10x utilisation gap")
e.given(e.line("bytes_per_token_per_layer = 2 * d_head * dtype_size"), "per-head KV formula")
e.given(e.line("以一个 7B 模型为例（32 层，32 个注意力头"), "7B configuration")
ln = e.line("per token per layer = 2 * 128 * 2 = 512 bytes")
e.claim(ln, "2·128·2 (one head)", ["512"], [2 * 128 * 2])
e.ambiguous(ln, "the product 512 is per head, as in the heading's formula, but the label says per layer; one layer with the "
            "stated 32 heads takes 2·32·128·2 = 16,384 bytes")
ln = e.line("per token (32 layers) = 16 KB")
number_claim(e, ln, "KV bytes per token, 32 layers × 32 heads", "16", [("KiB", R(b7_tok, KiB)), ("kB", R(b7_tok, 1000))])
ln = e.line("per 32K context = 512 MB")
number_claim(e, ln, "7B KV cache at 32K", "512", [("MiB", R(b7_tok * ctx, MiB)), ("MB", R(b7_tok * ctx, 10**6))],
             cause="carried")
e.given(e.line("再看 Llama 3 70B（80 层"), "70B configuration")
ln = e.line("per token per layer = 2 * 8 * 128 * 2 = 4096 bytes (4 KB)")
e.claim(ln, "70B bytes per token and layer", ["4096"], [2 * 8 * 128 * 2])
number_claim(e, ln, "same in KiB", "4", [("KiB", R(2 * 8 * 128 * 2, KiB)), ("kB", R(2 * 8 * 128 * 2, 1000))])
ln = e.line("per 32K context = 10.4 GB")
number_claim(e, ln, "70B KV cache at 32K", "10.4", [("GiB", R(b70_tok * ctx, GiB)), ("GB", R(b70_tok * ctx, GB))])
ln = e.line("正是这 10 GB 的占用")
number_claim(e, ln, "70B KV cache at 32K restated", "10", [("GiB", R(b70_tok * ctx, GiB)), ("GB", R(b70_tok * ctx, GB))])
e.given(ln, "A100 with 40 GB, 128K context, batch size 1")
ln = e.line("64 个头的多头注意力 MHA，显存占用会涨到 32 GB")
mha = 2 * 80 * 64 * 128 * 2 * ctx
number_claim(e, ln, "70B with 64 KV heads at 32K", "32", [("GiB", R(mha, GiB)), ("GB", R(mha, GB))])
ln = e.line("H100 的 HBM 带宽是 3 TB/s")
e.given(ln, "HBM 3 TB/s, SRAM 30 TB/s")
e.claim(ln, "SRAM / HBM bandwidth", ["10"], [R(30, 3)])
e.given(e.line("for each block of Q (tile size ~128 × 128):"), "tile size")
ln = e.line("朴素方法：`O(N²)` = 5050")
e.given(ln, "100 generated tokens")
e.claim(ln, "1+2+…+100 and 100", ["5050", "100"], [sum(range(1, 101)), 100])
e.done()
