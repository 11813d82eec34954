# Expected verdicts for ko-kv-cinkeun-gpt2-small-cache.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs as the note states them: GPT-2 Small, 12 layers, hidden 768, 12 heads (d_k = 64), FP32 (4 bytes), K and V
# per token per layer; for Llama 2 70B: 80 layers, hidden 8,192, 64 heads (head dim 128), 8 KV groups, FP16, L = 1024.
# - Per token per layer 2 × 768 = 1,536 floats = 6,144 B = 6 KiB; per token over 12 layers 73,728 B = 72 KiB; L = 1024
#   and 2048: 72 MiB and 144 MiB; L = 10: 720 KiB; L = 512: 36 MiB: all right (the note counts in binary units).
# - L = 100: 7,372,800 B = 7.37 MB = 7.03 MiB, printed 7.2 MB (7200 KiB divided by 1000, a unit mix) -> wrong, in the
#   mermaid growth chart and again in the 5.2 table (slips).
# - 5.2: 50·3·768² = 88.5M ("88M"), 100·3·768² = 177M, ratio 0.5; 1+…+100 = 5,050 and 5050/100 = 50.5 ("50×", an exact
#   tie at 0 places); 500/10 = 50; 2.5/0.05 = 50: right.
# - MQA 72 → 72/12 = 6 MB, 12×; GQA 12 heads / 4 groups = 3 per group, 72 × 4/12 = 24 MB, 3×; int8 72/4 = 18 MB,
#   fp16 72/2 = 36 MB: right.
# - 9.1 (ChatGPT turns): token counts are not stated -> ambiguous.
# - 9.2: 500 tokens = 36,864,000 B = 36.86 MB (35.16 MiB), printed 36 MB; 550 tokens = 40,550,400 B = 40.55 MB
#   (38.67 MiB), printed 39.6 MB: both are 72 "KB" × tokens / 1000 -> wrong (slips).
# - 9.3: 80 × 2 × 8,192 × 1,024 × 2 B = 2,684,354,560 B = 2.68 GB (2.5 GiB), printed 2.6 GB (truncated) -> wrong;
#   80 × 2 × 1,024 × 1,024 × 2 B = 335,544,320 B = 335.5 MB (320 MiB), printed 327 MB -> wrong; 8192/1024 = 8× right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="ko", topics=["kv-cache", "mqa", "gqa", "memory", "code-comments"])
layers, d, heads = 12, 768, 12
per_tok_layer = 2 * d * 4
per_tok = layers * per_tok_layer


def sizes(nbytes, unit):
    base = {"KB": (10**3, 2**10), "MB": (10**6, 2**20), "GB": (10**9, 2**30)}[unit]
    return [(f"decimal {unit}", sp.Integer(nbytes) / base[0]), (f"binary {unit}", sp.Integer(nbytes) / base[1])]


def n(line, what, printed, exact, cause="slip"):
    number_claim(e, line, what, printed, exact, cause)


e.given(e.line("- Layers: 12"), "12 layers")
e.given(e.line("- Hidden size (d): 768"), "hidden 768")
e.given(e.line("- Heads: 12"), "12 heads")
e.claim(e.line("- d_k = d_v = d / heads = 64"), "768 / 12", ["64"], [sp.Integer(d) / heads])
e.given(e.line("  K: [d] = 768 floats"), "K width")
e.given(e.line("  V: [d] = 768 floats"), "V width")
L = e.line("  Total: 1,536 floats = 6 KB (FP32)")
n(L, "2 × 768 floats", "1,536", [("", sp.Integer(2 * d))])
n(L, "1,536 × 4 bytes in KB", "6", sizes(per_tok_layer, "KB"))
L = e.line("  Total: L × 1,536 floats = L × 6 KB")
n(L, "2 × 768 floats", "1,536", [("", sp.Integer(2 * d))])
n(L, "per-token bytes in KB", "6", sizes(per_tok_layer, "KB"))
n(e.line("Per token:  12 × 6 KB = 72 KB"), "12 layers per token in KB", "72", sizes(per_tok, "KB"))
n(e.line("For L=1024: 12 × 1024 × 6 KB = 72 MB"), "L = 1024 in MB", "72", sizes(1024 * per_tok, "MB"))
n(e.line("For L=2048: 12 × 2048 × 6 KB = 144 MB"), "L = 2048 in MB", "144", sizes(2048 * per_tok, "MB"))

# growth chart
n(e.line("B[Token 1: L=1, Memory=72 KB]"), "L = 1 in KB", "72", sizes(per_tok, "KB"))
n(e.line("C[Token 10: L=10, Memory=720 KB]"), "L = 10 in KB", "720", sizes(10 * per_tok, "KB"))
n(e.line("D[Token 100: L=100, Memory=7.2 MB]"), "L = 100 in MB", "7.2", sizes(100 * per_tok, "MB"))
n(e.line("E[Token 512: L=512, Memory=36 MB]"), "L = 512 in MB", "36", sizes(512 * per_tok, "MB"))
n(e.line("F[Token 1024: L=1024, Memory=72 MB]"), "L = 1024 in MB", "72", sizes(1024 * per_tok, "MB"))
n(e.line("G[Token 2048: L=2048, Memory=144 MB]"), "L = 2048 in MB", "144", sizes(2048 * per_tok, "MB"))

# 5.2 table
L = e.line("| Total FLOPs | 50 × 3 × 768 × 768 ≈ 88M")
a, b = 50 * 3 * 768 * 768, 100 * 3 * 768 * 768
n(L, "50·3·768² in M", "88", [("decimal M", R(a, 10**6))])
n(L, "100·3·768² in M", "177", [("decimal M", R(b, 10**6))])
e.claim(L, "ratio", ["0.5"], [R(a, b)])
L = e.line("| Attention scores | Sum of 1+2+...+100 = 5,050 | 100 | 50× |")
n(L, "1 + 2 + ... + 100", "5,050", [("", sp.Integer(sum(range(1, 101))))])
n(L, "5050 / 100", "50", [("", R(5050, 100))])
e.claim(e.line("| **Total Time** | ~500 ms (CPU) | ~10 ms (CPU) | **50×** |"), "500 / 10", ["50"], [R(500, 10)])
n(e.line("| **Memory** | Minimal | 72 KB × 100 = 7.2 MB | Trade-off |"), "100 tokens in MB", "7.2",
  sizes(100 * per_tok, "MB"))
e.given(e.line("# ~2.5 seconds"), "timing without cache")
e.given(e.line("# ~0.05 seconds"), "timing with cache")
e.claim(e.line("# ~50x"), "2.5 / 0.05", ["50"], [R("2.5") / R("0.05")])

# 8.x
e.claim(e.line("# 1 head → 1× memory (12× reduction!)"), "12 heads / 1", ["12"], [sp.Integer(12)])
L = e.line("- KV Cache 크기: 72 MB → 6 MB (12배 감소!)")
e.claim(L, "72 / 12 and the factor", ["72", "6", "12"], [sp.Integer(1024 * per_tok) / 2**20, R(72, 12), 12])
e.given(e.line("MHA와 MQA의 중간이다 (e.g., 12 heads → 4 KV groups)"), "12 heads, 4 KV groups")
e.claim(e.line("# Each group of 3 Q heads shares 1 KV head"), "12 / 4", ["3"], [R(12, 4)])
e.claim(e.line("- KV Cache: 72 MB → 24 MB (3배 감소)"), "72 × 4/12 and the factor", ["72", "24", "3"],
        [sp.Integer(72), 72 * R(4, 12), R(12, 4)])
n(e.line("K, V: float32 → 72 MB (L=1024, GPT-2 Small)"), "L = 1024 in MB", "72", sizes(1024 * per_tok, "MB"))
L = e.line("K, V: int8 → 18 MB (4× reduction)")
n(L, "int8 cache in MB", "18", sizes(1024 * per_tok // 4, "MB"))
e.claim(L, "4 bytes / 1 byte", ["4"], [4])
L = e.line("K, V: float16 → 36 MB (2× reduction)")
n(L, "fp16 cache in MB", "36", sizes(1024 * per_tok // 2, "MB"))
e.claim(L, "4 bytes / 2 bytes", ["2"], [2])

# 9.x
for needle in ('User: "Hello"', 'Bot:  "Hi there! How can I..."', 'User: "Tell me about AI"', 'Bot:  "AI is a field of..."'):
    e.ambiguous(e.line(needle), "the number of tokens in each turn is not stated")
n(e.line("  Prefix (context): 500 tokens    → Cache: 36 MB"), "500 tokens in MB", "36", sizes(500 * per_tok, "MB"))
n(e.line("  Generate: 50 tokens             → Cache grows to 39.6 MB"), "550 tokens in MB", "39.6",
  sizes(550 * per_tok, "MB"))
for needle in ("Layers: 80", "Hidden: 8,192", "Heads: 64", "GQA: 8 KV groups"):
    e.given(e.line(needle), "Llama 2 70B config")
L = e.line("  Without GQA: 80 × 2 × 8,192 × 1,024 × 2 bytes = 2.6 GB")
n(L, "MHA cache in GB", "2.6", sizes(80 * 2 * 8192 * 1024 * 2, "GB"))
L = e.line("  With GQA:    80 × 2 × 1,024 × 1,024 × 2 bytes = 327 MB")
n(L, "8 KV heads × 128 = KV width", "1,024", [("", sp.Integer(8 * (8192 // 64)))])
n(L, "GQA cache in MB", "327", sizes(80 * 2 * 1024 * 1024 * 2, "MB"))
e.claim(e.line("→ 8× memory reduction with GQA!"), "8192 / 1024", ["8"], [R(8192, 1024)])
e.done()
