# Expected verdicts for en-complexity-xullnn-llama70b-inference-physics.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# The article: back-of-the-envelope inference budgets (prefill/decode FLOPs, weights, KV cache, bandwidth, MoE).
# Its inputs: Llama 3.1 70B = 70e9 params, 80 layers, hidden 8192, BF16 (2 bytes); 10K = 10000 tokens; 200 TFLOPS
# for TTFT; 10 tok/s; workspace 0.12 x weights; optimistic weight traffic 0.2 x; A100 2 TB/s (2039 GB/s), 312 TFLOPS;
# H100 1000 TFLOPS; DeepSeek-V3 671B total / 37B active; Qwen3 235B / 22B active in FP8 (1 byte).
# Its own convention: sizes in decimal GB (params * 1e9 * bytes), KV per token = layers * hidden * 2 * bytes (it uses
# the full hidden size, no GQA: the numbers are judged under the article's stated formula).
# Exact values: prefill attention 4*80*10000^2*8192 = 2.62144e14; dense 1.4e15; total 1.662144e15 -> TTFT 8.31 s;
# decode attention 2.62144e10 (26.2 GFLOPs), total 166.2 GFLOPs, 1.662 TFLOPS at 10 tok/s; KV 26,214,400,000 B =
# 26.2 GB; batch 8 = 209.7 GB; KV write 2,621,440 B = 2.6 MB; weights+KV = 166.2 GB/token; 2000/166.2 = 12.0 tok/s;
# optimistic 28 + 26.2 = 54.2 GB; 37/671 = 5.51 %; 671e9*2 = 1342 GB -> ceil(1342/80) = 17 GPUs of 80 GB.
# Wrong lines:
#  - "requires 8x H100 80GB or 17x A100 80GB": 1342 GB on 80 GB cards needs 17 of either (8 x 80 = 640 GB, as the
#    article itself says later) -> slip (right: 17).
#  - "0.74 TFLOPS (5x less than 70B dense!)": 1.4 / 0.74 = 1.89 -> slip (right: ~1.9x).
#  - "has 9x parameters": 671 / 70 = 9.59, which rounds to 10 -> slip (truncated; right: ~10x).
# Ambiguous: "10K -> 100M ops" / "100K -> 10B ops" (seq^2 entries, while the formula just above is 4*seq^2*hidden);
# "166 * 10 = 1660", "(140 + 26) * 10 = 1660", "54 * 10 = 540" (right as written from the rounded 166/26/54, end to end
# 1662.1 and 542.1; trailing zeros may be significant or not); "~21 TB/s" (per-GPU H100 bandwidth never stated);
# "100-1000 FLOPs/byte" (a quoted range with no inputs).
# Note (not a number): "1400 GB/s required (exceeds A100 @ 2 TB/s!)" - 1400 < 2000, the comparison is false, the
# numbers on the line are right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="en", topics=["kv-cache", "complexity", "flops", "sizes", "serving"])
L = e.line
I = sp.Integer
P70, LAY, HID, SEQ = I(70 * 10**9), 80, 8192, 10000
G = I(10) ** 9
dense_prefill = 2 * P70 * SEQ                       # 1.4e15
attn_prefill = I(4 * LAY * SEQ**2 * HID)            # 2.62144e14
prefill = dense_prefill + attn_prefill              # 1.662144e15
dense_dec = 2 * P70                                 # 1.4e11
attn_dec = I(4 * LAY * SEQ * HID)                   # 2.62144e10
decode = dense_dec + attn_dec                       # 1.662144e11
weights = P70 * 2                                   # 1.4e11 B
kv = I(1 * SEQ * LAY * HID * 2 * 2)                 # 2.62144e10 B
work = weights * R(12, 100)                         # 1.68e10 B
kv_write = I(LAY * HID * 2 * 2)                     # 2,621,440 B


def c(line, what, printed, exact, **kw):
    e.claim(line, what, printed, exact, **kw)


def ri(line, what, printed, exact, cause="slip"):
    e.claim(line, what, printed, exact, cause=cause, rounded_int=True)


# --- dense layers
e.given(L("**Formula**: `2 * weight_params * tokens`"), "formula")
e.given(L("- Every multiply-accumulate counts as 2 operations"), "2 ops per MAC")
ln = L("- 70B model, 1 token:")
c(ln, "2 * 70e9 * 1 in GFLOPs", "140", dense_dec / G)
ln = L("- 70B model, 10 tokens/sec:")
c(ln, "2 * 70e9 * 10 in TFLOPS", "1.4", dense_dec * 10 / 10**12)
# --- attention
e.given(L("1. **Q, K, V projections**"), "formula")
e.given(L("3. **Softmax**"), "formula")
e.given(L("**Per layer, keeping only the quadratic terms**"), "formula 4 * seq^2 * hidden")
e.ambiguous(L("- Prompt length 10K"), "100M = (10^4)^2 counts score entries; under the 4*seq^2*hidden formula just "
            "above it would be 4e8*hidden (hidden not stated here): which quantity 'ops' means is undecidable")
ln = L("- Prompt length 100K")
c(ln, "(100K / 10K)^2", "100", I(100000) ** 2 / I(10000) ** 2)
e.ambiguous(ln, "10B = (10^5)^2 score entries, the same undecided reading of 'ops' as the 10K line")
e.given(L("**Formula**: `2 * active_params * 1e9 * prompt + 4"), "prefill formula")
e.given(L("**Example (Llama 3.1 70B, 10K prompt)**"), "70B, 10K prompt")
ln = L("- Dense: `2 * 70e9 * 10000")
c(ln, "2 * 70e9 * 10000", ["1.4e15", "1.4"], [dense_prefill, dense_prefill / 10**15])
ln = L("- Attention: `4 * 80 * 10000² * 8192")
c(ln, "4 * 80 * 10000^2 * 8192 (and in PFLOPs)", ["2.6e14", "0.26"], [attn_prefill, attn_prefill / 10**15])
c(L("- **Total**: ~1.66 PFLOPs"), "prefill total in PFLOPs", "1.66", prefill / 10**15)
ln = L("**TTFT at 200 TFLOPS**")
c(ln, "prefill FLOPs / 200e12 in s", "8.3", prefill / (200 * I(10) ** 12))
# --- decode
e.given(L("**Formula**: `2 * active_params * 1e9 + 4"), "decode formula")
e.given(L("**avg_seq**"), "prompt + new/2")
e.given(L("**Example (Llama 3.1 70B, 10K context)**"), "70B, 10K context")
c(L("- Dense: `2 * 70e9 = 140 GFLOPs`"), "2 * 70e9 in GFLOPs", "140", dense_dec / G)
ri(L("- Attention: `4 * 80 * 10000 * 8192 = 26 GFLOPs`"), "4 * 80 * 10000 * 8192 in GFLOPs", "26", attn_dec / G)
ri(L("- **Total per token**: ~166 GFLOPs"), "decode FLOPs per token in GFLOPs", "166", decode / G)
c(L("**At 10 tok/s**"), "decode FLOPs * 10 in TFLOPS", "1.66", decode * 10 / 10**12)
# --- weights
e.given(L("**Formula**: `params * 1e9 * bytes_per_precision`"), "formula")
e.given(L("- BF16/FP16: 2 bytes"), "2 bytes")
e.given(L("- FP8/INT8: 1 byte"), "1 byte")
e.given(L("- INT4: 0.5 bytes"), "0.5 bytes")
e.given(L("**Example (Llama 3.1 70B, BF16)**"), "70B BF16")
c(L("- `70e9 * 2 = 140 GB`"), "70e9 * 2 bytes in GB", "140", weights / G)
c(L("- Fits on: 2× A100 80GB"), "80 GB cards for 140 GB: ceil(140/80)", "2", sp.ceiling(weights / G / 80))
# --- KV cache
e.given(L("**Per-token formula**"), "formula")
e.given(L("- The 2 is for the separate K and V tensors"), "K and V")
e.given(L("**Whole cache**"), "formula")
e.given(L("**Example (Llama 3.1 70B, 10K context, BF16, batch=1)**"), "70B, 10K, batch 1")
c(L("- `1 * 10000 * 80 * 8192 * 2 * 2 = 26.2 GB`"), "1*10000*80*8192*2*2 bytes in GB (decimal, the article's unit)",
  "26.2", kv / G)
ri(L("- Batch 8: `8 * 26.2 = 210 GB`"), "8 x the KV cache in GB", "210", 8 * kv / G)
e.given(L("- Per-layer activations:"), "formula")
e.given(L("- What remains is a workspace of roughly 10-15%"), "rough share")
e.given(L("**Formula (rough)**: `weight_bytes * 0.12`"), "0.12")
c(L("- `140 GB * 0.12 = 16.8 GB`"), "140 GB * 0.12", "16.8", work / G)
# --- total VRAM (first time)
e.given(L("**Example (Llama 3.1 70B, 10K ctx, batch=1)**"), "70B, 10K ctx, batch 1")
e.given(L("- Weights: 140 GB"), "weights restated")
ri(L("- KV cache: 26 GB"), "KV cache in GB", "26", kv / G)
ri(L("- Workspace: 17 GB"), "workspace in GB", "17", work / G)
ln = L("- **Total**: ~183 GB")
ri(ln, "weights + KV + workspace in GB", "183", (weights + kv + work) / G)
c(ln, "80 GB cards for 183 GB: ceil", "3", sp.ceiling((weights + kv + work) / G / 80))
# --- bandwidth
ln = L("- Decode: `140 GFLOPs / 140 GB = 1 FLOP/byte`")
c(ln, "140 GFLOPs / 140 GB", "1", dense_dec / weights)
e.ambiguous(L("- Dense matrix products in training:"), "quoted range 100-1000 FLOPs/byte with no inputs")
e.given(L("**Formula**: `active_params * 1e9 * weight_bytes / batch`"), "formula")
e.given(L("**Example (70B BF16, batch=1)**"), "70B BF16 batch 1")
c(L("- `70e9 * 2 / 1 = 140 GB per token`"), "70e9 * 2 / 1 in GB", "140", weights / G)
ln = L("- At 10 tok/s: `140 * 10 = 1400 GB/s`")
c(ln, "140 GB * 10 tok/s", "1400", weights * 10 / G)
e.given(ln, "A100 2 TB/s (note: 1400 GB/s does not exceed 2 TB/s; the comparison is wrong, not a number)")
e.given(L("**Spread over a batch (batch=8)**"), "batch 8")
c(L("- `140 / 8 = 17.5 GB per token`"), "140 / 8", "17.5", weights / G / 8)
c(L("- At 10 tok/s: `175 GB/s`"), "17.5 * 10", "175", weights / G / 8 * 10)
e.given(L("**Reading the stored KV**"), "formula")
e.given(L("**Writing the new KV**"), "formula")
e.given(L("**Example (70B BF16, 10K ctx)**"), "70B BF16 10K")
c(L("- Read: `80 * 10000 * 8192 * 2 * 2 = 26.2 GB`"), "80*10000*8192*2*2 bytes in GB", "26.2", kv / G)
c(L("- Write: `80 * 8192 * 2 * 2 = 2.6 MB`"), "80*8192*2*2 bytes in MB (decimal)", "2.6", kv_write / 10**6)
e.given(L("**Example (70B, 10K ctx, batch=1, 10 tok/s)**"), "70B, 10K, batch 1, 10 tok/s")
e.given(L("- Weights: `140 GB`"), "weights restated")
ri(L("- KV: `26 GB`"), "KV read in GB", "26", kv / G)
ri(L("- Total: `166 GB per token`"), "weights + KV in GB per token", "166", (weights + kv) / G)
e.ambiguous(L("- Bandwidth: `166 * 10 = 1660 GB/s`"), "166 * 10 = 1660 is right on the rounded 166; end to end "
            "(140 + 26.2144) * 10 = 1662.1 GB/s: agrees only if the trailing zero is not significant")
ln = L("**Sanity check**: A100 has 2 TB/s")
ri(ln, "2000 GB/s / 166.2 GB per token", "12", I(2000) * G / (weights + kv))
e.given(L("**Weight traffic that remains**"), "0.2")
e.given(L("**Example (70B, 10K ctx, batch=1, 10 tok/s)**", 2), "70B, 10K, batch 1, 10 tok/s")
c(L("- Weights: `140 * 0.2 = 28 GB`"), "140 * 0.2", "28", weights / G * R(2, 10))
ri(L("- KV: `26 GB`", 2), "KV read in GB", "26", kv / G)
ri(L("- Total: `54 GB per token`"), "28 + 26.2 in GB", "54", (weights * R(2, 10) + kv) / G)
e.ambiguous(L("- Bandwidth: `54 * 10 = 540 GB/s`"), "54 * 10 = 540 is right on the rounded 54; end to end "
            "54.2144 * 10 = 542.1 GB/s: agrees only if the trailing zero is not significant")
e.given(L("**Assumption**: 80% of the weights"), "80 % cached")
e.given(L("- GPU L2 cache: 40-80 MB"), "L2 size range")
# --- MoE
e.given(L("- Total: 671B parameters"), "671B")
ln = L("- Active: 37B parameters per token")
c(ln, "37 / 671", "5.5%", R(37, 671))
ln = L("- **Example**: `671e9 * 2 = 1342 GB`")
c(ln, "671e9 * 2 bytes in GB", "1342", I(671 * 10**9 * 2) / G)
c(ln, "80 GB H100s for 1342 GB: ceil(1342/80)", "8", sp.ceiling(R(1342, 80)))
c(ln, "80 GB A100s for 1342 GB: ceil(1342/80)", "17", sp.ceiling(R(1342, 80)))
e.given(L("- **Formula**: `2 * active_params * 1e9 * throughput`"), "formula")
ln = L("- **Example**: `2 * 37e9 * 10 = 0.74 TFLOPS`")
c(ln, "2 * 37e9 * 10 in TFLOPS", "0.74", I(2 * 37 * 10**9 * 10) / 10**12)
ri(ln, "70B dense (1.4 TFLOPS) / MoE (0.74 TFLOPS)", "5", R(14, 10) / R(74, 100))
ln = L("**Example**: DeepSeek-V3 (671B) runs at similar speed")
ri(ln, "671B / 70B", "9", R(671, 70))
# --- validation: Llama
e.given(L("- Parameters: 70B"), "70B")
e.given(L("- Minimum VRAM: 140 GB"), "published 140 GB")
e.given(L("- Recommended: 2× A100 80GB"), "published 2 x 80 GB")
c(L("- Weights: `70e9 * 2 = 140 GB` ✓"), "70e9 * 2 bytes in GB", "140", weights / G)
ri(L("- KV (10K ctx, batch=1): `1 * 10000"), "1*10000*80*8192*2*2 bytes in GB", "26", kv / G)
ri(L("- Workspace: `140 * 0.12 = 17 GB`"), "140 * 0.12 in GB", "17", work / G)
ln = L("- **Total**: 183 GB (fits on 3×")
ri(ln, "weights + KV + workspace in GB", "183", (weights + kv + work) / G)
c(ln, "80 GB cards for 183 GB", "3", sp.ceiling((weights + kv + work) / G / 80))
c(L("- Decode: `2 * 70e9 * 10 = 1.4 TFLOPS`"), "2 * 70e9 * 10 in TFLOPS", "1.4", dense_dec * 10 / 10**12)
ri(L("- A100 (BF16): 312 TFLOPS peak"), "312 * 0.4", "125", R(312 * 4, 10))
e.ambiguous(L("- Conservative: `(140 + 26) * 10 = 1660 GB/s`"), "(140 + 26) * 10 = 1660 is right on the rounded "
            "26; end to end 1662.1 GB/s: agrees only if the trailing zero is not significant")
ri(L("- A100: 2039 GB/s × 0.6 util"), "2039 * 0.6", "1223", R(2039 * 6, 10))
# --- validation: DeepSeek-V3
e.given(L("### DeepSeek-V3 (671B total, 37B active, BF16)"), "671B / 37B")
e.given(L("- Requires 8× H100 80GB"), "published requirement")
e.given(L("- Reaches ~30-50 tok/s aggregate"), "published throughput range")
c(L("- Weights: `671e9 * 2 = 1342 GB`"), "671e9 * 2 bytes in GB", "1342", I(1342))
c(L("- 8× H100 80GB = 640 GB"), "8 * 80", "640", I(8 * 80))
c(L("- Decode: `2 * 37e9 * 10 = 0.74 TFLOPS` ✓"), "2 * 37e9 * 10 in TFLOPS", "0.74", R(74, 100))
c(L("- H100 (BF16): 1000 TFLOPS peak × 0.4 = 400 TFLOPS"), "1000 * 0.4", "400", I(400))
e.ambiguous(L("- Aggregate bandwidth across 8 GPUs: ~21 TB/s"), "the per-GPU H100 bandwidth behind ~21 TB/s is never "
            "stated (8 x 2.6?)")
e.given(L("**Compute (10 tok/s per stream)**"), "10 tok/s")
e.given(L("**Compute (10 tok/s)**"), "10 tok/s")
e.given(L("**Bandwidth (10 tok/s, batch=1)**"), "10 tok/s, batch 1")
e.given(L("### Llama 3.1 70B (BF16)"), "model name")
# --- Qwen3
e.given(L("### Qwen3-235B-A22B-FP8"), "235B total, 22B active")
c(L("- Weights: `235e9 * 1 = 235 GB`"), "235e9 * 1 byte in GB", "235", I(235))
c(L("- Compute (10 tok/s): `2 * 22e9 * 10"), "2 * 22e9 * 10 in TFLOPS", "0.44", I(2 * 22 * 10**9 * 10) / 10**12)
c(L("- Bandwidth: Reduced 2× due to FP8"), "BF16 bytes / FP8 bytes", "2", I(2) / 1)
# --- formula summary block
for key in ("Weights:     params * 1e9", "KV Cache:    batch", "Workspace:   weight_bytes * 0.12",
            "Prefill FLOPs:  2 *", "Decode FLOPs:   2 *", "TFLOPS:         Decode_FLOPs", "Weight read:   active",
            "KV read:       layers", "KV write:      layers", "Total (cons):", "Total (opt):", "Prefill_time:",
            "TTFT:          Prefill_time * 1000 + 80"):
    e.given(L(key), "formula")
e.given(L("2. **QK^T**"), "formula (list item 2)")
e.given(L("4. **Attention @ V**"), "formula (list item 4)")
e.given(L("1. The dense pass through every layer"), "list item")
e.given(L("2. Attention over all prompt tokens at once"), "list item")
e.given(L("1. Dense pass for a single token"), "list item")
e.given(L("2. Attention of one query against the whole context"), "list item")
e.given(L("**Example (70B BF16)**:"), "70B BF16")
e.given(L("**Example (DeepSeek-V3)**:"), "model name")
e.given(L("- **Formula**: `total_params * 1e9 * bytes`"), "formula")
e.done()
