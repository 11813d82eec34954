# Expected verdicts for en-kv-vllm-pagedattention-block-memory.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An English tutorial (vLLM learning materials) on PagedAttention memory arithmetic, all in plain-text code blocks.
# Inputs: Llama-2 7B KV cache, 32 layers x 32 heads x head_dim 128 x 2 bytes x 2 (K and V); block size 16 tokens.
#   The article uses binary units (2048 MB = 2 GB, 1024 MB = 1 GB), followed here.
# Values: per token 524,288 B = 0.5 MiB; 4096 tokens = 2048 MB = 2 GB; waste 4096-50 = 4046 (98.78 %), 4096-80 = 4016 (98.05 %);
#   blocks ceil(30/16)=2, ceil(5/16)=1, ceil(20/16)=2, ceil(50/16)=4; 8 x 1 GB = 8 GB, 14+8 = 22, 400 x 0.5 = 200 MB,
#   8 x 200 MB = 1600 MB = 1.5625 GB -> "1.6"; throughput 160 / 800; quiz 536,870,912 B = 512 MB, 2,147,483,648 B = 2048 MB,
#   75 %; 14/64 = 21.875 %; 60,000 / 2048 = 29.3 -> 29 whole requests; 75 / 29 = 2.586.
# Wrong lines:
#   - "Waste: 2048 - 25 = 1975 MB (98.8% waste)": 2048 - 25 = 2023 (slip); the 98.8 % is right for 2023/2048.
#   - "Savings: 1975 MB → 7 MB waste (282x improvement!)": carried from 1975; right 2023 MB and 2023/7 = 289x (carried).
#   - "Memory: ~64KB ... (16 tokens × 32 layers × 128 × 2 × 2 bytes)": the printed product is 262,144 B = 256 KiB
#     (262 kB); 64 matches no reading (slip).
#   - "15 tokens → 1 block → waste 1 token (6.7%)": the list measures waste against the allocated slots (15/32 = 46.9 %,
#     14/64 = 21.9 %), so 1/16 = 6.25 % -> 6.3 % (slip; 6.7 % is 1/15).
# Ambiguous: "Average internal fragmentation: ~12.5%" is a loose quoted figure (the four listed cases average 18.9 %);
#   "~35 GB" / "~5 GB" are assumed round figures (given), their efficiency 5/40 = 12.5 % is checked.
import math
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["kv", "complexity"])
L = e.line
MB = R(1, 2)          # KV per token in MB (binary), as the article states
per_tok = 2 * 32 * 32 * 1 * 128 * 2

# --- KV cache of one request ------------------------------------------------------------------
e.given(L("Example (Llama-2 7B):"), "model")
for s in ("- num_layers = 32", "- num_heads = 32", "- max_seq_len = 4096", "- head_dim = 128", "- dtype = float16 (2 bytes)"):
    e.given(L(s), "config")
ln = L("Per token: 2 × 32 × 32 × 1 × 128 × 2 = 524,288 bytes")
number_claim(e, ln, "bytes per token", "524,288", per_tok)
e.claim(ln, "bytes per token in MiB", "0.5", R(per_tok, 2**20))
ln = L("Full sequence: 0.5 MB × 4096 = 2048 MB = 2 GB")
e.claim(ln, "4096 tokens x 0.5 MB, in MB and GB", ["2048", "2"], [MB * 4096, MB * 4096 / 1024])

# --- pre-allocation waste ---------------------------------------------------------------------
e.given(L('Request 1: "Hi" → Pre-allocated 4096 tokens'), "pre-allocation")
e.given(L("│ Used: 50 tokens"), "used tokens")
e.claim(L("Wasted: 4046 tokens (98.8% waste!)"), "4096 - 50 and share", ["4046", "98.8%"], [4096 - 50, R(4046, 4096)])
e.given(L('Request 2: "Hello" → Pre-allocated 4096 tokens'), "pre-allocation")
e.given(L("│ Used: 80 tokens"), "used tokens")
e.claim(L("Wasted: 4016 tokens (98% waste!)"), "4096 - 80 and share", ["4016", "98%"], [4096 - 80, R(4016, 4096)])
e.given(L("Total GPU Memory: 40 GB"), "GPU memory")
e.given(L("Actual Usage: ~5 GB"), "assumed usage (round figure)")
e.claim(L("Wasted: ~35 GB"), "40 - 5", "35", 40 - 5)
e.claim(L("Efficiency: 12.5%"), "5 / 40", "12.5%", R(5, 40))

# --- blocks -----------------------------------------------------------------------------------
e.given(L("(for example 16 tokens)"), "block size 16 tokens (example)")
e.given(L("KV cache size = 2 × num_layers"), "formula (factor 2 for K and V)")
e.given(L('Request: "Hi" (generates 50 tokens)'), "50 tokens")
e.claim(L("Pre-allocate 4096 tokens = 2 GB"), "4096 x 0.5 MB in GB", "2", MB * 4096 / 1024)
e.claim(L("Use: 50 tokens = 25 MB"), "50 x 0.5 MB", "25", MB * 50)
ln = L("Waste: 2048 - 25 = 1975 MB (98.8% waste)")
e.claim(ln, "2048 - 25", "1975", 2048 - 25, cause="slip")
e.claim(ln, "waste share", "98.8%", R(2048 - 25, 2048))
blocks50 = math.ceil(R(50, 16))
e.claim(L("Allocate: 4 blocks × 16 tokens = 64 tokens = 32 MB"), "blocks, slots, MB",
        ["4", "64", "32"], [blocks50, blocks50 * 16, blocks50 * 16 * MB])
e.claim(L("Use: 50 tokens = 25 MB", nth=2), "50 x 0.5 MB", "25", MB * 50)
e.claim(L("Waste: 32 - 25 = 7 MB (21.9% waste)"), "32 - 25 and share", ["7", "21.9%"], [32 - 25, R(7, 32)])
e.claim(L("Savings: 1975 MB → 7 MB waste (282x improvement!)"), "waste before and ratio", ["1975", "282"],
        [2048 - 25, R(2048 - 25, 7)], cause="carried")

e.given(L("- Fixed size (e.g., 16 tokens)"), "block size")
e.given(L("Block Structure for 16 tokens:"), "block size")
e.given(L("│ Keys: [num_layers, 16, hidden_dim]"), "shape")
e.given(L("│ Values: [num_layers, 16, hidden_dim]"), "shape")
ln = L("Memory: ~64KB for Llama-7B")
e.given(ln, "the factors 16 x 32 x 128 x 2 x 2")
prod = 16 * 32 * 128 * 2 * 2
number_claim(e, ln, "block memory from the printed product", "64",
             [("KiB", R(prod, 1024)), ("kB", R(prod, 1000))], cause="slip")

# --- three requests ---------------------------------------------------------------------------
e.given(L("With blocks of 16 tokens, three requests arrive"), "block size")
e.given(L('Request A: "Translate this text" (will generate ~100 tokens)'), "request A")
e.given(L('Request B: "Hi" (will generate ~10 tokens)'), "request B")
e.given(L('Request C: "Write a poem" (will generate ~200 tokens)'), "request C")
e.given(L("Block size: 16 tokens", after=L("Request C: \"Write a poem\"")), "block size")
e.claim(L("Request A: 30 tokens → Needs 2 blocks"), "ceil(30/16)", "2", math.ceil(R(30, 16)))
e.claim(L("Request B: 5 tokens → Needs 1 block"), "ceil(5/16)", "1", math.ceil(R(5, 16)))
e.claim(L("Request C: 20 tokens → Needs 2 blocks"), "ceil(20/16)", "2", math.ceil(R(20, 16)))
e.given(L("Physical Blocks: [0][1][2][3][4][5][6][7][8][9]..."), "physical block ids")
e.given(L("Allocated:       [A0][B0][C0][A1][C1][-][-][-]..."), "allocation map")
e.claim(L("A: [0, 3]     → Block 0 has tokens 0-15, Block 3 has tokens 16-29"), "last token ids", ["15", "29"], [15, 30 - 1])
e.claim(L("B: [1]        → Block 1 has tokens 0-4"), "last token id", "4", 5 - 1)
e.claim(L("C: [2, 4]     → Block 2 has tokens 0-15, Block 4 has tokens 16-19"), "last token ids", ["15", "19"], [15, 20 - 1])
e.claim(L("Request A: Generates 20 more tokens (now 50 total, needs 4 blocks)"), "30+20, blocks",
        ["50", "4"], [30 + 20, math.ceil(R(50, 16))])
e.claim(L("Request B: Generates 8 more tokens (now 13 total, still fits in 1 block)"), "5+8, blocks",
        ["13", "1"], [5 + 8, math.ceil(R(13, 16))])
e.claim(L("Request C: Generates 30 more tokens (now 50 total, needs 4 blocks)"), "20+30, blocks",
        ["50", "4"], [20 + 30, math.ceil(R(50, 16))])
e.given(L("Physical Blocks: [0][1][2][3][4][5][6][7][8][9]...", nth=2), "physical block ids")
e.given(L("Allocated:       [A0][B0][C0][A1][C1][A2][C2][A3]..."), "allocation map")
e.claim(L("A: [0, 3, 5, 7]   → 4 blocks for 50 tokens"), "blocks for 50 tokens", "4", math.ceil(R(50, 16)))
e.given(L("B: [1]            → Still 1 block (has room for 16)"), "block table of B")
e.claim(L("C: [2, 4, 6, 8]   → 4 blocks for 50 tokens"), "blocks for 50 tokens", "4", math.ceil(R(50, 16)))

# --- efficiency comparison --------------------------------------------------------------------
e.given(L("Setting: Llama-2 7B, 8 requests at a time"), "scenario")
e.given(L("- Max sequence length: 2048"), "max length")
e.given(L("- KV cache per token: 0.5 MB"), "per token")
e.claim(L("- Per-request allocation: 2048 × 0.5 MB = 1024 MB = 1 GB"), "2048 x 0.5 MB", ["1024", "1"],
        [2048 * MB, 2048 * MB / 1024])
e.claim(L("- 8 requests: 8 GB"), "8 x 1 GB", "8", 8 * 2048 * MB / 1024)
e.given(L("- Model weights: 14 GB"), "weights")
e.claim(L("- Total: 22 GB"), "14 + 8", "22", 14 + 8)
e.claim(L("- Actual average usage: ~400 tokens per request = 200 MB × 8 = 1.6 GB"), "400 x 0.5 MB, x 8 in GB",
        ["200", "1.6"], [400 * MB, 8 * 400 * MB / 1024])
e.claim(L("- Memory efficiency: 1.6 / 8 = 20%"), "1.6 / 8", "20%", R("1.6") / 8)
e.given(L("- Block size: 16 tokens"), "block size")
e.claim(L("- Average sequence length: 400 tokens → 25 blocks per request"), "400 / 16", "25", R(400, 16))
e.claim(L("- Per-request allocation: 25 × 16 × 0.5 MB = 200 MB"), "25 x 16 x 0.5", "200", 25 * 16 * MB)
e.claim(L("- 8 requests: 1.6 GB"), "8 x 200 MB in GB", "1.6", 8 * 200 * MB * 2 / 1024)
e.given(L("- Model weights: 14 GB", nth=2), "weights")
e.claim(L("- Total: 15.6 GB"), "14 + 1.5625", "15.6", 14 + R(1600, 1024))
e.claim(L("- Memory efficiency: 1.6 / 1.6 = 100%"), "1.6 / 1.6", "100%", 1)
e.claim(L("Savings: 8 GB → 1.6 GB (5x reduction!)"), "8 / 1.5625", "5", 8 / R(1600, 1024), rounded_int=True)
e.claim(L("Can fit: 8 requests → 40 requests (5x more throughput!)"), "8 x 5", ["40", "5"], [8 * 5, 5])

# --- fragmentation ----------------------------------------------------------------------------
e.given(L("Block size: 16 tokens", after=L("### Waste inside the last block")), "block size")
e.claim(L("- 15 tokens → 1 block → waste 1 token (6.7%)"), "blocks, waste, share of the allocated slots",
        ["1", "6.7%"], [math.ceil(R(15, 16)), R(16 - 15, 16)], cause="slip")
e.claim(L("- 17 tokens → 2 blocks → waste 15 tokens (46.9%)"), "blocks, waste, share",
        ["2", "15", "46.9%"], [math.ceil(R(17, 16)), 32 - 17, R(15, 32)])
e.claim(L("- 32 tokens → 2 blocks → waste 0 tokens (0%)"), "blocks, waste, share",
        ["2", "0", "0%"], [2, 0, 0])
e.claim(L("- 50 tokens → 4 blocks → waste 14 tokens (21.9%)"), "blocks, waste, share",
        ["4", "14", "21.9%"], [math.ceil(R(50, 16)), 64 - 50, R(14, 64)])
e.ambiguous(L("Average internal fragmentation: ~12.5%"),
            "a loose quoted average (the four listed cases average 18.9 %), and 80-90 % is a rough range")

# --- throughput -------------------------------------------------------------------------------
e.given(L("GPU: A100 (40GB)"), "GPU")
e.given(L("Model: Llama-2 7B"), "model")
e.given(L("Workload: Average 500 tokens/request"), "workload")
e.given(L("- Max concurrent requests: 8 (limited by memory)"), "concurrency")
e.claim(L("- Throughput: 8 requests × 20 tokens/sec = 160 tokens/sec"), "8 x 20", "160", 8 * 20)
e.given(L("- Max concurrent requests: 40 (memory efficient)"), "concurrency")
e.claim(L("- Throughput: 40 requests × 20 tokens/sec = 800 tokens/sec"), "40 x 20", "800", 40 * 20)
e.claim(L("Speedup: 5x higher throughput!"), "800 / 160", "5", R(800, 160))

# --- quiz -------------------------------------------------------------------------------------
e.given(L("- Model: 32 layers, 32 heads, 128 head_dim, FP16"), "model")
e.given(L("- Sequence: 1024 tokens"), "length")
e.given(L("- Traditional approach: Pre-allocate 4096 tokens"), "pre-allocation")
e.given(L("a) KV cache size for actual sequence (1024 tokens)"), "question")
e.given(L("b) KV cache size with traditional approach (4096 pre-allocated)"), "question")
a = 2 * 32 * 32 * 1024 * 128 * 2
b = 2 * 32 * 32 * 4096 * 128 * 2
ln = L("a) 2 × 32 × 32 × 1024 × 128 × 2 = 536,870,912 bytes = 512 MB")
number_claim(e, ln, "bytes", "536,870,912", a)
e.claim(ln, "MiB", "512", R(a, 2**20))
ln = L("b) 2 × 32 × 32 × 4096 × 128 × 2 = 2,147,483,648 bytes = 2048 MB = 2 GB")
number_claim(e, ln, "bytes", "2,147,483,648", b)
e.claim(ln, "MiB and GiB", ["2048", "2"], [R(b, 2**20), R(b, 2**30)])
e.claim(L("c) (2048 - 512) / 2048 = 75% waste"), "waste share", "75%", R(2048 - 512, 2048))
e.given(L("Block size: 16 tokens", after=L("### Block question")), "block size")
e.given(L("Request generates: 50 tokens"), "length")
e.claim(L("Blocks needed: ⌈50 / 16⌉ = 4 blocks"), "ceil(50/16)", "4", math.ceil(R(50, 16)))
e.claim(L("Allocated space: 4 × 16 = 64 tokens"), "4 x 16", "64", 64)
e.claim(L("Wasted: 64 - 50 = 14 tokens"), "64 - 50", "14", 14)
e.claim(L("Fragmentation: 14 / 64 = 21.9%"), "14 / 64", "21.9%", R(14, 64))
e.given(L("GPU Memory: 80 GB (H100)"), "GPU")
e.given(L("Model size: 20 GB"), "weights")
e.given(L("KV cache per token: 1 MB"), "per token")
e.given(L("Average sequence length: 800 tokens"), "length")
e.given(L("Traditional (pre-allocate 2048):"), "pre-allocation")
e.claim(L("- Per request: 2048 MB"), "2048 x 1 MB", "2048", 2048)
e.claim(L("- Available: 60 GB"), "80 - 20", "60", 80 - 20)
ln = L("- Concurrent: 60,000 / 2048 = 29 requests")
e.given(ln, "60 GB written as 60,000 MB")
e.claim(ln, "whole requests that fit, floor(60000/2048)", "29", sp.floor(R(60000, 2048)))
e.given(L("PagedAttention (block size 16):"), "block size")
e.claim(L("- Per request: 50 blocks × 16 MB = 800 MB"), "800/16 blocks, 16 x 1 MB, 50 x 16",
        ["50", "16", "800"], [R(800, 16), 16, 50 * 16])
e.claim(L("- Available: 60 GB", nth=2), "80 - 20", "60", 80 - 20)
ln = L("- Concurrent: 60,000 / 800 = 75 requests")
e.given(ln, "60 GB written as 60,000 MB")
e.claim(ln, "60000 / 800", "75", R(60000, 800))
e.claim(L("Throughput gain: 75 / 29 = 2.59x"), "75 / 29", "2.59", R(75, 29))
e.done()
