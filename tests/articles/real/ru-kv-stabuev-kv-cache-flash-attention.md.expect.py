# Expected verdicts for ru-kv-stabuev-kv-cache-flash-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: 7B model with 32 layers, 32 heads, d_head 128, fp16 (2 bytes); Llama 3 70B with 80 layers, 8 KV heads,
# d_head 128, 2 bytes; contexts 32K = 32,768 and 128K tokens; H100 HBM 3 TB/s, SRAM 30 TB/s; 100 generated tokens.
# Exact values:
# - 7B per token and layer (all 32 heads): 2·32·128·2 = 16,384 B; per token (32 layers): 524,288 B = 512 KiB;
#   per 32K context: 17,179,869,184 B = 16 GiB (17.2 GB).
# - 70B per token and layer: 2·8·128·2 = 4096 B = 4 KiB; per 32K context: 4096·80·32768 = 10,737,418,240 B
#   = 10 GiB = 10.74 GB.
# - 70B with MHA (64 KV heads) at 32K: 85,899,345,920 B = 80 GiB = 85.9 GB.
# Wrong lines:
# - "per token (32 layers) = 16 KB": 512 B × 32 layers keeps one head only; with the stated 32 heads a token takes
#   512 KiB -> wrong (slip: the ×32 heads is dropped).
# - "per 32K context = 512 MB" (7B): 16 KiB × 32768 = 512 MiB from the wrong line above; exact 16 GiB -> wrong (carried).
# - "per 32K context = 10.4 GB" (70B): 10.74 GB or 10 GiB; 10.4 is right under neither reading -> wrong (slip).
# - "MHA на 64 heads вышло бы 32 GB": eight times the 70B cache, 80 GiB (85.9 GB) at 32K -> wrong (slip).
# Ambiguous:
# - "4K токенов ... 16M attention operations": 4096² = 16,777,216, which is 16 Mi exactly but 16.8 M in decimal millions.
# - "per token per layer = 2 * 128 * 2 = 512 bytes": the product is right and matches the heading's per-head formula, but
#   the label says per layer; one layer with 32 heads takes 16,384 bytes.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="ru", topics=["kv", "gqa", "flash", "memory", "code-block"])
KiB, MiB, GiB, GB = 1024, 1024**2, 1024**3, 10**9
ctx = 32768
b7_tok = 2 * 32 * 32 * 128 * 2
b70_tok = 2 * 80 * 8 * 128 * 2

ln = e.line("Для ответа в 4K токенов это 16M attention operations")
e.ambiguous(ln, "4096² = 16,777,216 attention operations: 16 Mi exactly (binary mega) but 16.8 M in decimal millions")
e.given(e.line("при N≥2K он упирается в память"), "N ≥ 2K")
e.given(e.line("bytes_per_token_per_layer = 2 * d_head * dtype_size"), "per-head KV formula")
e.given(e.line("Модель 7B: 32 layers, 32 heads, d_head=128, fp16"), "7B configuration")
ln = e.line("per token per layer = 2 * 128 * 2 = 512 bytes")
e.claim(ln, "2·128·2 (one head)", ["512"], [2 * 128 * 2])
e.ambiguous(ln, "the product 512 is per head, as in the heading's formula, but the label says per layer; one layer with the "
            "stated 32 heads takes 2·32·128·2 = 16,384 bytes")
ln = e.line("per token (32 layers) = 16 KB")
number_claim(e, ln, "KV bytes per token, 32 layers × 32 heads", "16", [("KiB", R(b7_tok, KiB)), ("kB", R(b7_tok, 1000))])
ln = e.line("per 32K context = 512 MB")
number_claim(e, ln, "7B KV cache at 32K", "512", [("MiB", R(b7_tok * ctx, MiB)), ("MB", R(b7_tok * ctx, 10**6))],
             cause="carried")
e.given(e.line("Llama 3 70B (80 layers, d_head=128, GQA with 8 KV heads)"), "70B configuration")
ln = e.line("per token per layer = 2 * 8 * 128 * 2 = 4096 bytes (4 KB)")
e.claim(ln, "70B bytes per token and layer", ["4096"], [2 * 8 * 128 * 2])
number_claim(e, ln, "same in KiB", "4", [("KiB", R(2 * 8 * 128 * 2, KiB)), ("kB", R(2 * 8 * 128 * 2, 1000))])
ln = e.line("per 32K context = 10.4 GB")
number_claim(e, ln, "70B KV cache at 32K", "10.4", [("GiB", R(b70_tok * ctx, GiB)), ("GB", R(b70_tok * ctx, GB))])
ln = e.line("именно эти 10 GB объясняют")
number_claim(e, ln, "70B KV cache at 32K restated", "10", [("GiB", R(b70_tok * ctx, GiB)), ("GB", R(b70_tok * ctx, GB))])
e.given(ln, "A100 with 40 GB, 128K context, batch size 1")
ln = e.line("с MHA на 64 heads вышло бы 32 GB")
mha = 2 * 80 * 64 * 128 * 2 * ctx
number_claim(e, ln, "70B with 64 KV heads at 32K", "32", [("GiB", R(mha, GiB)), ("GB", R(mha, GB))])
ln = e.line("пропускная способность HBM — 3 TB/s")
e.given(ln, "HBM 3 TB/s, SRAM 30 TB/s")
e.claim(ln, "SRAM / HBM bandwidth", ["10"], [R(30, 3)])
e.given(e.line("for each block of Q (tile size ~128 × 128):"), "tile size")
L = e.line("| Версия | Год |")
for k in range(4):
    e.given(L + 2 + k, "cited speedup of a FlashAttention version")
ln = e.line("Naive: `O(N²)` = 5050. Cached: `O(N)` = 100.")
e.given(e.line("Код урока считает операции attention при генерации 100 токенов"), "100 generated tokens")
e.claim(ln, "1+2+…+100 and 100", ["5050", "100"], [sum(range(1, 101)), 100])
e.given(e.line("блоками по 16 tokens"), "16-token blocks, 1 000 completions")
e.given(e.line("| HBM | High Bandwidth Memory"), "HBM sizes and bandwidth")
e.given(e.line("| SRAM | Быстрая per-SM memory"), "SRAM size and bandwidth")
e.done()
