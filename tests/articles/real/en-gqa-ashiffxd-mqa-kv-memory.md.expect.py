# Expected verdicts for en-gqa-ashiffxd-mqa-kv-memory.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: 8 heads, d_head = 64, seq_len = 2048 (and 10,000 in the KV-cache block); K and V per layer; MQA keeps one
# K/V head. The only element size the article states is "16-bit floats" (2 bytes), given for this very configuration
# in "Working out the memory saving"; sizes are accepted in decimal (MB, kB) or binary (MiB, KiB) units.
# Exact: MHA K+V at 2048 tokens = 8*2*2048*64 = 2,097,152 values = 4,194,304 B (4.19 MB = 4 MiB);
#        MQA = 2*2048*64 = 262,144 values = 524,288 B (524 kB = 512 KiB = 0.52 MB);
#        at 10,000 tokens: MHA 8*2*10000*64 = 10,240,000 values = 20,480,000 B (20.48 MB = 19.53 MiB);
#        MQA 1,280,000 values = 2,560,000 B (2.56 MB = 2.44 MiB). Ratios 8; matrices 8*3 = 24, 8+1+1 = 10.
# Wrong lines (each counts one byte per value, i.e. half the 16-bit size the article itself prints as ~4 MB / ~0.5 MB):
#   "~2 MB per layer" (exact 4,194,304 B: 4.19 MB / 4 MiB); "~256 KB per layer" (524,288 B: 524 kB / 512 KiB);
#   "~10 MB per layer" (20,480,000 B: 20.48 MB / 19.53 MiB); "~1.25 MB per layer" (2,560,000 B: 2.56 MB / 2.44 MiB).
# Ambiguous: "~58% for K+V" (= 1 - 10/24 of all matrices; K+V alone drop 16 -> 2, i.e. 87.5%); "8x faster generation"
# (a speed claim); "LLaMA 2 ... 8 groups for 32 heads" (a model fact not derivable here).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["gqa", "mqa", "kv", "code-block", "table"])
B = 2  # 16-bit floats
mha_2048 = 8 * 2 * 2048 * 64
mqa_2048 = 2 * 2048 * 64
mha_10k = 8 * 2 * 10000 * 64
mqa_10k = 2 * 10000 * 64


def mb(line, what, printed, values):
    nbytes = values * B
    number_claim(e, line, what, printed, [("decimal MB", R(nbytes, 10**6)), ("binary MiB", R(nbytes, 2**20))])


def kb(line, what, printed, values):
    nbytes = values * B
    number_claim(e, line, what, printed, [("decimal kB", R(nbytes, 10**3)), ("binary KiB", R(nbytes, 2**10))])


e.claim(e.line("8 Heads × 3 Matrices (Q, K, V) = 24 separate matrices!"), "8 * 3", ["24"], [sp.Integer(24)])
e.given(e.line("With 8 heads and d_head=64:"), "8 heads, d_head 64")
e.given(e.line("Total K+V storage = 8 × 2 × [seq_len × 64]"), "MHA K+V formula")
mb(e.line("For seq_len=2048: ~2 MB per layer!"), "MHA K+V at 2048 tokens, 16-bit", "2", mha_2048)
e.claim(e.line("= 10 matrices instead of 24!"), "8 + 1 + 1 and 8 * 3", ["10", "24"], [sp.Integer(10), sp.Integer(24)])
e.given(e.line("K+V storage = 1 × 2 × [seq_len × 64]"), "MQA K+V formula")
kb(e.line("For seq_len=2048: ~256 KB per layer!"), "MQA K+V at 2048 tokens, 16-bit", "256", mqa_2048)
e.claim(e.line("8x memory reduction for K+V!"), "MHA / MQA K+V", ["8"], [R(mha_2048, mqa_2048)])

e.given(e.line("### Example: 8 Heads, d_model=512, d_head=64, seq_len=2048"), "example configuration")
number_claim(e, e.line("K+V per head = 2 × [2048 × 64] = 262,144 values"), "2 * 2048 * 64", "262,144", mqa_2048)
number_claim(e, e.line("8 heads = 8 × 262,144 = 2,097,152 values"), "8 * 262,144", "2,097,152", mha_2048)
mb(e.line("Size: ~4 MB (16-bit floats)"), "MHA K+V bytes", "4", mha_2048)
number_claim(e, e.line("K+V total = 2 × [2048 × 64] = 262,144 values"), "2 * 2048 * 64", "262,144", mqa_2048)
mb(e.line("Size: ~0.5 MB (16-bit floats)"), "MQA K+V bytes", "0.5", mqa_2048)
e.claim(e.line("Savings: 8x reduction!"), "MHA / MQA", ["8"], [R(mha_2048, mqa_2048)])

e.claim(e.line("Standard: 8 heads × (Q + K + V) = 24 matrices"), "8 * 3", ["24"], [sp.Integer(24)])
e.claim(e.line("MQA: 8 × Q + 1 × K + 1 × V = 10 matrices"), "8 + 1 + 1", ["10"], [sp.Integer(10)])
e.ambiguous(e.line("Parameter reduction: ~58% for K+V!"), "58% = 1 - 10/24 is the drop in all projection matrices; "
            "for K+V alone the count goes 16 -> 2 (87.5%): the label does not match the number")

e.given(e.line("KV Cache = 8 heads × 2 (K+V) × seq_len × d_head"), "MHA cache formula")
mb(e.line("For seq_len=10,000: ~10 MB per layer"), "MHA cache at 10,000 tokens, 16-bit", "10", mha_10k)
e.given(e.line("KV Cache = 1 × 2 (K+V) × seq_len × d_head"), "MQA cache formula")
mb(e.line("For seq_len=10,000: ~1.25 MB per layer"), "MQA cache at 10,000 tokens, 16-bit", "1.25", mqa_10k)
e.ambiguous(e.line("8x smaller cache! = 8x faster generation!"), "the cache ratio 8 agrees; '8x faster generation' is "
            "a speed claim that cannot be derived from the article")
e.claim(e.line("Huge! (8x for KV cache)"), "cache ratio", ["8"], [R(mha_10k, mqa_10k)])
e.claim(e.line("1. **8x less KV cache memory** during inference"), "cache ratio", ["8"], [R(mha_10k, mqa_10k)])

e.given(e.line("Standard MHA: 8 heads, 8 K, 8 V"), "MHA heads")
e.given(e.line("Multi-Query: 8 heads, 1 K, 1 V"), "MQA heads")
e.claim(e.line("Grouped-Query: 8 heads, 2 K, 2 V (4 heads per group)"), "8 / 2 heads per group", ["4"],
        [sp.Integer(8) / 2])
e.ambiguous(e.line("| **LLaMA 2** | Grouped-Query | 8 groups for 32 heads |"), "model specification (LLaMA 2 "
            "head counts), not derivable from the article")
e.claim(e.line("reducing KV cache size by 8x"), "cache ratio", ["8"], [R(mha_2048, mqa_2048)])
e.done()
