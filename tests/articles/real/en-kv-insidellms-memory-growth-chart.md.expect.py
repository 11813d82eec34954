# Expected verdicts for en-kv-insidellms-memory-growth-chart.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An explainer page of the "Inside LLMs" book site (chapter 4): an interactive chart of KV-cache growth during generation,
# with Llama 2 70B as its example, with MHA (64 KV heads) and with GQA (8 KV heads).
# Inputs: 80 layers, 64 query heads, 64 KV heads (MHA) or 8 (GQA), head dimension 128, FP16 (2 bytes, stated on the
#   "~67 GB (FP16)" line). Cache per token = 2 (K and V) x layers x KV heads x head dim x bytes.
# Exact values:
#   MHA per token 2 x 80 x 64 x 128 x 2 = 2,621,440 B = 2,621.44 kB = 2,560 KiB;
#   GQA per token 2 x 80 x 8 x 128 x 2 = 327,680 B = 327.68 kB = 320 KiB;
#   128 tokens: MHA 335,544,320 B = 0.336 GB = 0.3125 GiB; GQA 41,943,040 B = 0.042 GB = 0.039 GiB;
#   100K tokens with GQA: 3.2768e10 B = 32.8 GB = 30.5 GiB (33.6 GB / 31.25 GiB with 100K = 102,400).
#   Ratios: 64 / 8 = 8 (ok twice); 128 tokens / 1 token = 128 (ok).
# Wrong lines (each size is tried under decimal kB/GB and binary KiB/GiB; none fits):
#   - "Memory per Token (MHA): ~523 KB": exact 2,621 kB / 2,560 KiB; 523 KB is close to 524,288 B, the per-token cache of
#     a 32-layer, 32-head model (Llama 2 7B), not of this one -> slip.
#   - "Memory per Token (GQA): ~65 KB": 523 / 8 = 65.4 from the wrong MHA figure; exact 328 kB / 320 KiB -> carried.
#   - "~67 GB (FP16) for 128 token context": 523 KB x 128 = 67 MB, not GB; exact 0.34 GB -> slip (unit and per-token value).
#     "~8 GB" with GQA on the same line is 67 / 8 -> carried. "80GB" (the A100) is given.
#   - "about 65 KB ... 100K token context, that would be 6.5 GB": 65 KB x 100,000 = 6.5 GB follows from the wrong 65 KB;
#     exact 32.8 GB (30.5 GiB) -> carried (both numbers on the line).
# No ambiguous lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["kv", "gqa", "mha"])
L = e.line

layers, heads_q, kv_mha, kv_gqa, hd, b = 80, 64, 64, 8, 128, 2
mha_tok = 2 * layers * kv_mha * hd * b
gqa_tok = 2 * layers * kv_gqa * hd * b
assert (mha_tok, gqa_tok) == (2621440, 327680)

e.given(L("- Layers: 80"), "80 layers")
e.given(L("- Q-Heads: 64"), "64 query heads")
e.given(L("- KV-Heads (MHA): 64"), "64 KV heads with MHA")
ln = L("- KV-Heads (GQA): 8")
e.given(ln, "8 KV heads with GQA")
e.claim(ln, "reduction 64 / 8", "8", R(kv_mha, kv_gqa))
e.given(L("- Head Dimension: 128"), "head dimension 128")


def sizes(nbytes, unit):
    """(reading, value) pairs of a byte count in a decimal and a binary unit."""
    dec = {"KB": 10**3, "GB": 10**9}[unit]
    binu = {"KB": 2**10, "GB": 2**30}[unit]
    return [(f"{unit} decimal", R(nbytes, dec)), (f"{unit[0]}iB binary", R(nbytes, binu))]


number_claim(e, L("- Memory per Token (MHA): ~523 KB"), "MHA cache per token (~)", "523",
             sizes(mha_tok, "KB"), cause="slip")
number_claim(e, L("- Memory per Token (GQA): ~65 KB"), "GQA cache per token (~)", "65",
             sizes(gqa_tok, "KB"), cause="carried")

ln = L("after 128 tokens it is already 128× larger")
e.given(ln, "128 generated tokens")
e.claim(ln, "growth factor 128 tokens / 1 token", "128", R(128, 1))

ln = L("requires ~67 GB (FP16) for 128 token context")
number_claim(e, ln, "MHA cache at 128 tokens (~)", "67", sizes(mha_tok * 128, "GB"), cause="slip")
e.given(ln, "an 80 GB A100")
number_claim(e, ln, "GQA cache at 128 tokens (~)", "8", sizes(gqa_tok * 128, "GB"), cause="carried")

ln = L("cuts the cache by up to 8×")
e.claim(ln, "GQA reduction 64 / 8 KV heads", "8", R(kv_mha, kv_gqa))

ln = L("Each additional token costs about 65 KB")
number_claim(e, ln, "GQA cache per token (about)", "65", sizes(gqa_tok, "KB"), cause="carried")
number_claim(e, ln, "GQA cache at 100K tokens", "6.5",
             sizes(gqa_tok * 100000, "GB") + [(r + ", 100K = 102,400", v) for r, v in sizes(gqa_tok * 102400, "GB")],
             cause="carried")
e.done()
