# Expected verdicts for en-gqa-scalemind-kv-cache-bill.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: 32 layers, 32 query heads, head_dim 128, FP16 (2 bytes), one sequence of 32,768 tokens; 32 or 8 KV heads.
# - MHA: 2 · 32 · 32 · 128 · 2 · 32,768 = 17,179,869,184 bytes = 16 GiB exactly -> "about 16 GiB" ok.
# - GQA with 8 KV heads: 4,294,967,296 bytes = 4 GiB -> ok.
# - The table's "1" in the MQA row sits in the query-heads column of the stored copy (its head counts are empty
#   cells); MQA has one KV head -> ambiguous (the cell layout is broken in the stored page).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["gqa", "kv-cache", "memory", "mqa"])


def cache(kv_heads):
    return sp.Integer(2 * 32 * kv_heads * 128 * 2 * 32768)


L = e.line("Take a decoder with 32 layers, 32 query heads")
e.given(L, "32 layers, 32 query heads, head_dim 128")
L = e.line("a single active sequence of 32,768 tokens needs about 16 GiB")
e.given(L, "FP16, 32,768 tokens")
number_claim(e, L, "MHA KV cache in GiB", "16", [("GiB", cache(32) / 2**30)])
L = e.line("Change one architectural number, 32 KV heads down to 8")
e.given(L, "32 -> 8 KV heads, same 32,768 tokens")
number_claim(e, L, "GQA-8 KV cache in GiB", "4", [("GiB", cache(8) / 2**30)])
e.ambiguous(e.line("| MQA | 1 | All query heads share one K/V head. |"),
            "the head counts of this table are empty cells in the stored copy; the 1 (one KV head for MQA) sits in "
            "the query-heads column")
e.done()
