# Expected verdicts for en-kv-vllm-day6-opt13b-block-budget.md, computed with plain SymPy (see oracle.py); not symattn's code.
# English study notes (vLLM learning materials, day 6) on KV-cache block budgeting for OPT-13B on a 40 GB A100, with a
# Python calculator and the output the notes claim for it.
# Inputs: 2 x 40 layers x 40 KV heads x 128 x 2 bytes; 40 GB GPU, 26 GB weights, 3 GB activations, 1 GB overhead;
#   block size 16 (4 in the toy trace); GQA with 8 KV heads; INT8 / INT4 element sizes.
# Values: 819,200 B/token = 800 KiB; 16 tokens = 13,107,200 B = 12.5 MiB; 40-26-3 = 11, -1 = 10 GB;
#   ceil(42/16) = 3, 3 x 12.8 = 38.4, 6/48 = 12.5 %; script: int(10 x 2^30 / 13,107,200) = int(819.2) = 819 blocks,
#   819 x 16 = 13,104 tokens, 819 // (8, 16, 32, 64) = 102, 51, 25, 12; GQA 800 x 8/40 = 160 KB, -80 %;
#   INT8 -50 %, INT4 -75 %; 3 x 100 = 300; ceil(100/16) = 7, ceil(30/16) = 2, 7-2 = 5; 1/16 = 6.25 %.
# Wrong lines (the printed "Expected Output" of the script):
#   - "Number of blocks: 800": the script prints int(10737418240 / 13107200) = 819 (slip).
#   - "Max tokens (if one sequence): 12,800": 819 x 16 = 13,104 (carried).
#   - "max batch size: 100" (128 tokens): 819 // 8 = 102 (carried); "max batch size:  50" (256): 819 // 16 = 51 (carried).
# Ambiguous: the KB -> MB -> GB steps that mix units ("800 KB × 1000 = 800 MB", "16 × 800 KB = 12.8 MB",
#   "10 GB / 12.8 MB = ~780 blocks" / "~800 blocks", "(48 - 42) × 800 KB = 4.8 MB") are right only if 1 MB = 1000 KB of
#   1024 B, while the notes' own script gives 12.50 MB for the same block; "800 × 16 = 12,800" rests on the rounded ~800;
#   "~6% average waste" and "~2x" (suffix length unstated) are loose estimates.
import math
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["kv", "gqa"])
L = e.line
tok = 2 * 40 * 40 * 128 * 2
blk = tok * 16
nblocks = int(sp.floor(R(10 * 2**30, blk)))
UNITS = "unit mix: right only if 1 MB = 1000 KB of 1024 B; the notes' own script gives 12.50 MB per block"

e.given(L("A day of study notes"), "GPU size")
e.given(L("# KV cache management: a block budget for OPT-13B"), "model name")
e.given(L("A toy pool of blocks that hold 4 tokens each"), "toy block size")
e.given(L("Used in: Llama-2, Mistral models"), "model names")
e.given(L("FP16 KV Cache:"), "format name")
e.given(L("INT8 KV Cache:"), "format name")
e.given(L("  = 2 (K and V)"), "factor 2")
e.given(L("    × bytes_per_element (2 for fp16, 4 for fp32)"), "element sizes")
e.given(L("Example (OPT-13B):"), "model name")
e.given(L("  = 2 × 40 layers × 40 heads × 128 head_dim × 2 bytes"), "inputs")
number_claim(e, L("  = 819,200 bytes"), "bytes per token", "819,200", tok)
e.claim(L("  = 800 KB per token!"), "KiB per token", "800", R(tok, 1024))
e.given(L("Sequence of 1000 tokens:"), "length")
e.given(L("  = 800 KB × 1000"), "restated product")
e.ambiguous(L("  = 800 MB per sequence"), "unit mix: 819,200,000 B is 781 MiB or 819 MB; 800 only if 1 MB = 1000 KB")

e.given(L("GPU Memory Breakdown (A100 40GB):"), "GPU")
e.given(L("1. Model Weights: ~26 GB (OPT-13B in fp16)"), "weights")
e.given(L("2. Activation Memory: ~2-4 GB"), "activations (range)")
e.given(L("3. KV Cache: Remaining memory"), "item label")
e.given(L("   = 40 GB - 26 GB - 3 GB"), "subtraction")
e.claim(L("   = ~11 GB available"), "40 - 26 - 3", "11", 40 - 26 - 3)
e.given(L("4. OS/Driver overhead: ~1 GB"), "overhead")
e.claim(L("Usable for KV cache: ~10 GB"), "11 - 1", "10", 11 - 1)

e.given(L("Block size: 16 tokens (configurable)"), "block size")
e.ambiguous(L("Block memory: 16 × 800 KB = 12.8 MB"), UNITS)
e.given(L("Available KV cache: 10 GB"), "available")
e.ambiguous(L("Number of blocks: 10 GB / 12.8 MB = ~780 blocks"),
            "unit reading: 781 with 1 GB = 1000 MB, 800 with 1024 MB; from bytes the script gets 819")
e.given(L("Sequence with 42 tokens:"), "length")
e.claim(L("  Needs: ⌈42 / 16⌉ = 3 blocks"), "ceil(42/16)", "3", math.ceil(R(42, 16)))
e.claim(L("  Actual memory: 3 × 12.8 MB = 38.4 MB"), "3 x 12.8", "38.4", 3 * R("12.8"))
ln = L("  Waste: (48 - 42) × 800 KB = 4.8 MB (12.5%)")
e.claim(ln, "waste share 6/48", "12.5%", R(48 - 42, 48))
e.ambiguous(ln, "4.8 MB: " + UNITS)

# toy trace
e.given(L("  GPU blocks: 10 total, all free"), "pool")
e.given(L("  Block size: 4 tokens"), "toy block size")
start = L("Operation 1: allocate(seq_1, 2 blocks)")
end = L("  - Free GPU blocks: [6, 7, 8, 9, 0, 1, 2, 3, 4, 5]")
special = {L("Operation 2: Seq 1 grows from 8 → 9 tokens"): ("2 blocks x 4 tokens", ["8"], [2 * 4]),
           L("  - Current: 2 blocks (8 tokens)"): ("2 x 4", ["8"], [2 * 4]),
           L("  - After: need 3 blocks (9 tokens)"): ("ceil(9/4)", ["3"], [math.ceil(R(9, 4))])}
for i in range(start, end + 1):
    if i in special:
        what, p, x = special[i]
        e.claim(i, what, p, x)
    elif any(ch.isdigit() for ch in e.lines[i - 1]):
        e.given(i, "block ids and counts of the trace")

# the script: numeric literals are inputs
s0 = L("#!/usr/bin/env python3")
s1 = L("print(f\"  Avg length {avg_len:4d} tokens")
for i in range(s0, s1 + 1):
    if any(ch.isdigit() for ch in e.lines[i - 1]):
        e.given(i, "code literal")

# its claimed output
e.given(L("OPT-13B Configuration:", after=s1), "title")
e.claim(L("  Per token: 800.00 KB"), "819200 / 1024", "800.00", R(tok, 1024))
e.claim(L("  Per block (16 tokens): 12.50 MB"), "13107200 / 2^20", "12.50", R(blk, 2**20))
e.given(L("Capacity on A100 40GB:", after=s1), "title")
e.claim(L("  Available for KV cache: 10.00 GB"), "40 - 26 - 3 - 1", "10.00", 40 - 26 - 3 - 1)
e.claim(L("  Number of blocks: 800"), "int(10 GiB / block bytes)", "800", nblocks, cause="slip")
number_claim(e, L("  Max tokens (if one sequence): 12,800"), "blocks x 16", "12,800", nblocks * 16, cause="carried")
for n, b, m, cause in ((128, 8, "100", "carried"), (256, 16, " 50", "carried"), (512, 32, " 25", "slip"),
                       (1024, 64, " 12", "slip")):
    ln = L(f"  Avg length {n:4d} tokens")
    e.given(ln, "average length")
    e.claim(ln, "blocks per sequence", f"{b:3d}".strip(), math.ceil(R(n, 16)))
    e.claim(ln, "max batch = blocks // blocks per sequence", m.strip(), nblocks // b, cause=cause)

# GQA
e.given(L("  - num_heads = 40", after=L("Standard Multi-Head Attention:")), "heads")
e.given(L("  - KV cache: 2 × 40 heads × ..."), "MHA cache")
e.given(L("  - num_kv_heads = 8 (shared across query heads)"), "KV heads")
e.given(L("  - num_heads = 40 (for queries)"), "query heads")
e.claim(L("  - KV cache: 2 × 8 heads × ... (5x smaller!)"), "40 / 8", "5", R(40, 8))
e.given(L("  Standard: 800 KB/token"), "MHA per token")
e.claim(L("  GQA (8 KV heads): 160 KB/token"), "800 x 8 / 40", "160", 800 * R(8, 40))
e.claim(L("  Reduction: 80%!"), "1 - 8/40", "80%", 1 - R(8, 40))
e.given(L("  - 2 bytes per element"), "fp16")
e.given(L("  - 1 byte per element"), "int8")
e.claim(L("  - 50% memory reduction"), "1 - 1/2", "50%", 1 - R(1, 2))
e.given(L("INT4 KV Cache (experimental):"), "int4")
e.given(L("  - 0.5 bytes per element"), "int4 size")
e.claim(L("  - 75% memory reduction"), "1 - 0.5/2", "75%", 1 - R(1, 2) / 2)
e.given(L("  FP16: 800 KB/token"), "fp16 per token")
e.claim(L("  INT8: 400 KB/token → 2x more sequences"), "800 / 2, ratio", ["400", "2"], [800 / 2, 2])
e.claim(L("  - 3 requests × 100 token prefix = 300 tokens"), "3 x 100", "300", 300)
e.given(L("  - With sharing: 100 tokens + 3 × suffix"), "shared prefix")
e.ambiguous(L("  - Reduction: ~2x for this example"), "depends on the suffix length, which is not stated")
e.given(L("  Request: max_tokens=100"), "max tokens")
e.given(L("  Actually generates: 30 tokens"), "generated")
e.claim(L("  Eager: 7 blocks allocated (100/16 rounded up)"), "ceil(100/16)", "7", math.ceil(R(100, 16)))
e.claim(L("  Lazy: 2 blocks allocated (30/16 rounded up)"), "ceil(30/16)", "2", math.ceil(R(30, 16)))
e.claim(L("  Savings: 5 blocks freed for other requests"), "7 - 2", "5", 7 - 2)

# quiz
e.given(L("Why does one OPT-13B token take 800 KB?"), "question")
ln = L("2 (K and V) × 40 layers × 40 heads × 128 head_dim × 2 bytes (FP16) = 819,200 bytes = 800 KB")
number_claim(e, ln, "bytes per token", "819,200", tok)
e.claim(ln, "KiB", "800", R(tok, 1024))
ln = L("GQA shares KV heads across multiple query heads.")
e.given(ln, "40 query heads, 8 KV heads")
e.claim(ln, "40 / 8", "5", R(40, 8))
e.given(L("Why are blocks of 16 a sensible default?"), "question")
e.ambiguous(L("- Waste in partial blocks: ~6% average"), "loose estimate, not derived from stated inputs")
e.claim(L("- Metadata overhead: 1/16 = 6.25% overhead for block table"), "1/16", "6.25%", R(1, 16))
e.given(L("Why do only about 800 blocks fit"), "question")
e.claim(L("Available = 40 GB - 26 GB (model) - 3 GB (activation) - 1 GB (overhead) = 10 GB"), "40-26-3-1", "10",
        40 - 26 - 3 - 1)
e.ambiguous(L("Block size = 16 tokens × 800 KB = 12.8 MB"), UNITS)
e.ambiguous(L("Blocks = 10 GB / 12.8 MB = ~800 blocks"),
            "unit reading: 800 with 1 GB = 1024 MB, 781 with 1000 MB; from bytes the script gets 819")
e.ambiguous(L("Total capacity = 800 × 16 = 12,800 tokens"), "right from the rounded ~800; 13,107 from the exact 819.2")
e.done()
