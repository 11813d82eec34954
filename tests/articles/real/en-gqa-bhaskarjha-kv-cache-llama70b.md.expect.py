# Expected verdicts for en-gqa-bhaskarjha-kv-cache-llama70b.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article: an Obsidian-style GenAI note on attention variants that sizes the KV-cache of LLaMA 3.1 70B by hand
#   (80 layers, 64 query heads, 8 KV heads, d_head = 128, bf16 = 2 bytes) for GQA and for MHA, and then gives a
#   Python function kv_cache_size_bytes with the output the script is "expected" to print for MHA / GQA / MQA.
# Hand arithmetic (units read as binary, KB = 2^10 B, MB = 2^20 B, GB = 2^30 B, 1K tokens = 1024: the only reading
#   under which 4 KB × 1024 = 320 MB etc. all hold):
#   per token per layer 2·8·128·2 = 4096 B = 4 KiB; per token 4·80 = 320 KiB; 1K → 320 MiB, 8K → 2.5 GiB,
#   32K → 10 GiB, 128K → 40 GiB; MHA per token 2·64·128·2·80 = 2621440 B = 2.5 MiB, 128K → 320 GiB; 64/8 = 8×.
# Code output: the script prints size / 1e9 with one decimal ("{size / 1e9:.1f} GB"); exact bytes
#   2·80·seq·kv·128·2 for seq = 1024, 32768, 131072:
#   MHA  2.684354560 / 85.899345920 / 343.597383680 GB  → prints 2.7 / 85.9 / 343.6
#   GQA  0.335544320 / 10.737418240 / 42.949672960 GB   → prints 0.3 / 10.7 / 42.9
#   MQA  0.041943040 / 1.342177280 / 5.368709120 GB     → prints 0.0 / 1.3 / 5.4
# Wrong lines (3): the three rows of the "Expected output" comment disagree with what the code prints
#   (2.6, 83.9, 335.5; 10.5, 41.9; 5.2 are the byte counts divided by 1.024e9, a mixed unit; the code divides by 1e9),
#   slip on each row.
# Ambiguous lines (1): the TL;DR's "8-96×" KV-cache reduction: 8× is the GQA step of this note, but no 96× follows
#   from anything in it (its own MHA→MQA ratio is 64×).
# Given: formulas, complexities, model sizes, years, FlashAttention speed-ups quoted from papers, code parameters.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["gqa", "kv-cache", "mha", "mqa", "cache-size", "code-output"])
L = e.line

layers, q_heads, kv, d_head, bts = 80, 64, 8, 128, 2
KiB, MiB, GiB = 2**10, 2**20, 2**30
per_layer = 2 * kv * d_head * bts
per_token = per_layer * layers
mha_token = 2 * q_heads * d_head * bts * layers

e.ambiguous(L("reduced KV-cache memory by 8-96×"),
            "8× is this note's GQA saving, but 96× follows from nothing in it (its MHA→MQA ratio is 64×)")

ln = L("Per token per layer = 2 × 8 × 128 × 2 =")
number_claim(e, ln, "2·8·128·2 bytes", "4,096", per_layer)
e.claim(ln, "per layer in KB (KiB)", ["4"], [R(per_layer, KiB)])
e.claim(L("Per token total     = 4 KB × 80 layers = 320 KB"), "per token in KB", ["320"], [R(per_token, KiB)])
e.claim(L("1K tokens  → 320 MB"), "1K tokens (MiB)", ["320"], [R(per_token * 1024, MiB)])
e.claim(L("8K tokens  → 2.5 GB"), "8K tokens (GiB)", ["2.5"], [R(per_token * 8192, GiB)])
e.claim(L("32K tokens → 10 GB"), "32K tokens (GiB)", ["10"], [R(per_token * 32768, GiB)])
e.claim(L("128K tokens → 40 GB"), "128K tokens (GiB)", ["40"], [R(per_token * 131072, GiB)])
e.claim(L("Per token = 2 × 64 × 128 × 2 × 80 = 2.5 MB per token"), "MHA per token (MiB)", ["2.5"],
        [R(mha_token, MiB)])
e.claim(L("128K tokens → 320 GB  ← impossible!"), "MHA 128K tokens (GiB)", ["320"], [R(mha_token * 131072, GiB)])
e.claim(L("GQA SAVINGS: 8× reduction"), "64 / 8 KV heads", ["8"], [R(q_heads, kv)])


def out(kv_heads):
    return [R(2 * layers * s * kv_heads * d_head * bts, 10**9) for s in (1024, 32768, 131072)]


e.claim(L("# MHA (64 KV heads)          2.6 GB"), "printed MHA row vs size/1e9 (.1f)",
        ["2.6", "83.9", "335.5"], out(64))
e.claim(L("# GQA (8 KV heads)           0.3 GB"), "printed GQA row vs size/1e9 (.1f)",
        ["0.3", "10.5", "41.9"], out(8))
e.claim(L("# MQA (1 KV head)            0.0 GB"), "printed MQA row vs size/1e9 (.1f)",
        ["0.0", "1.3", "5.2"], out(1))

e.claim(L("(e.g., 64× for LLaMA with 64 heads)"), "MQA reduction = number of heads", ["64"], [R(q_heads, 1)])
e.claim(L("showing 4x KV-cache reduction with GQA"), "32 query heads / 8 KV heads", ["4"], [R(32, 8)])

# --- everything else with digits: formulas, sizes, code, years, headings, quoted speed-ups ------------------------
for i, text in enumerate(e.lines, start=1):
    if i > 1 and i not in e.verdicts and any(ch.isdigit() for ch in text):
        e.given(i, "formula, size, code, year, heading or quoted figure")
e.done()
