# Expected verdicts for en-pe-jrajath94-cme295-positions-kv-bytes.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# Course notes on CME295 lecture 2 (commit 6fc86bb): attention maps, sinusoidal / ALiBi / RoPE toys, layer norm vs
# RMSNorm, the O(n^2) count, Longformer, and a KV-cache byte count for a Llama-3-style 70B model.
# Inputs: PE with omega = 1/100 at positions 3 and 5; ALiBi slope 0.5 on scores [3, 2, 4] at distances [1, 2, 4];
#   x = [2, 4, 6]; n = 4096, w = 512, 16 global tokens; KV: 80 layers, 8 KV heads, d_head 128, 2 bytes, 32,768 tokens.
# Exact values: sin .03 = 0.0299955, cos .03 = 0.9995500, sin .05 = 0.0499792, cos .05 = 0.9987503;
#   sin.03 sin.05 = 0.0014992, cos.03 cos.05 = 0.9983009, their sum = cos .02 = 0.9998000.
#   Layer norm: var 8/3, std 1.632993, [-1.224745, 0, 1.224745]; rms sqrt(56/3) = 4.320494, x/rms =
#   [0.462910, 0.925820, 1.388730]. 4096^2 = 16,777,216; 4096 * 512 = 2,097,152; ratio 8; 16 * 4096 * 2 = 131,072.
#   KV: 2*8*128*2 = 4,096 B per token per layer; x80 = 327,680 B = 320 KiB; x32,768 tokens = 10,737,418,240 B =
#   10.74 GB = 10.0 GiB; MHA (64 heads) 85.9 GB = 80 GiB; MQA 1.34 GB = 1.25 GiB; 100 requests 1.07 TB = 0.98 TiB;
#   4 KV heads 5.37 GB = 5.0 GiB.
# Wrong lines:
#   - "dot = ... = 0.9999" (drift): right from the rounded operands 0.0015 + 0.9984, but the dot product is exactly
#     cos 0.02 = 0.9998 (the next line says so). The intermediate 0.9984 (exact cos.03 cos.05 = 0.9983) is explicit
#     arithmetic on rounded operands: ambiguous.
#   - "32,768 * 320 KB = 10.5 GB" (slip): the 320 KB (= 327,680 B, binary KB) is read as 320,000 B; right under no
#     reading (10.74 GB or 10.0 GiB).
#   - carried from 10.5 GB: "84 GB" (85.9 GB / 80 GiB), the caption's "10.5 GB", the QA's "10.5 GB" and "5.25 GB"
#     (5.37 GB / 5.0 GiB). "1.3 GB" for MQA (1.34 GB) and "1 TB" (1.07 TB) are right.
# Ambiguous: the 0.9984 intermediate (above). The word "eight" tokens (ten are listed) is not a printed numeral.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, number_claim

e = Expect(__file__, language="en", topics=["pe", "alibi", "rope", "kv", "complexity", "ascii-blocks"])
L = e.line
num = lambda *a, **k: number_claim(e, *a, **k)

# --- attention map ---------------------------------------------------------------------------------
ln = L("With 12 layers and 12 heads a model produces 144 attention maps")
e.claim(ln, "12 x 12 maps", ["144"], [12 * 12])
for w in ("The      0.03", "animal   0.72", "did      0.02", "not      0.01", "cross    0.03", "the      0.02",
          "street   0.06", "because  0.04", "too      0.03", "tired    0.04"):
    e.given(L(w), "illustrative head weight for 'it'")
e.given(L('"animal" gets 0.72'), "weight restated")

# --- positions ------------------------------------------------------------------------------------
e.given(L('score("bear", "teddy") gets +0.8'), "illustrative T5 bucket biases")
e.given(L("With slope m = 0.5:"), "ALiBi slope 0.5")
m = R(1, 2)
e.claim(L("distance 1: score - 0.5"), "penalty at distance 1", ["0.5"], [m * 1])
e.claim(L("distance 2: score - 1.0"), "penalty at distance 2", ["1.0"], [m * 2])
e.claim(L("distance 4: score - 2.0"), "penalty at distance 4", ["2.0"], [m * 4])
e.given(L("a model trained on 2,048 tokens penalizes distance 3,000"), "lengths (illustrative)")
ln = L("Toy in two dimensions: q = [1, 0] at position 3")
e.given(ln, "q, k and positions 3, 5")
e.claim(ln, "distance 5 - 3", ["2"], [5 - 3])

omega = R(1, 100)
e.given(L("One frequency, d = 2, omega = 1/100"), "omega and positions")
s3, c3, s5, c5 = sp.sin(3 * omega), sp.cos(3 * omega), sp.sin(5 * omega), sp.cos(5 * omega)
e.claim(L("PE(3) = [sin(0.03), cos(0.03)]"), "PE(3)", ["0.03", "0.030", "0.9996"], [3 * omega, s3, c3])
e.claim(L("PE(5) = [sin(0.05), cos(0.05)]"), "PE(5)", ["0.05", "0.050", "0.9988"], [5 * omega, s5, c5])
ln = L("dot = 0.030*0.050 + 0.9996*0.9988")
e.claim(ln, "sin product", ["0.0015"], [s3 * s5])
e.ambiguous(ln, "0.9984 = 0.9996*0.9988 from the rounded cosines; cos(0.03)cos(0.05) = 0.99830 (explicit "
                "arithmetic on rounded operands)")
e.claim(ln, "dot product PE(3).PE(5) (end to end)", ["0.9999"], [s3 * s5 + c3 * c5], cause="drift")
e.claim(L("cos((5-3)*0.01) = cos(0.02) = 0.9998"), "cos of the distance", ["0.02", "0.9998"],
        [2 * omega, sp.cos(2 * omega)])
e.claim(L("PE(103).PE(105) = cos(2*0.01)"), "shift-invariance", ["0.01"], [omega])

ln = L("Each head has its own fixed slope (e.g. m = 1/2, 1/4, 1/8")
e.claim(ln, "first three slopes of 8 heads", ["1/2", "1/4", "1/8"],
        [sp.Integer(2) ** R(-8 * h, 8) for h in (1, 2, 3)])
e.given(ln, "scores [3.0, 2.0, 4.0], distances [1, 2, 4], m = 0.5")
scores, dist = [R(3), R(2), R(4)], [1, 2, 4]
e.given(L("before:  [3.0, 2.0, 4.0]"), "scores")
e.claim(L("penalty: [0.5, 1.0, 2.0]"), "penalties", ["0.5", "1.0", "2.0"], [m * t for t in dist])
e.claim(L("after:   [2.5, 1.0, 2.0]"), "biased scores", ["2.5", "1.0", "2.0"],
        [s - m * t for s, t in zip(scores, dist)])
ln = L("The token at distance 4 loses 2.0")
e.claim(ln, "loss at distance 4", ["2.0"], [m * 4])
e.claim(ln, "penalty at distance 2500", ["1250"], [m * 2500])
e.given(ln, "3,000 tokens, training length 2,048, distance 2,500")
e.given(L("heads with small slopes (m = 1/256)"), "smallest slope of 8 heads")
e.given(L("The frequencies theta_i = 10000^(-2i/d)"), "RoPE base")

# --- layer norm / RMSNorm ---------------------------------------------------------------------------
x = [R(2), R(4), R(6)]
mu = sum(x) / 3
var = sum((t - mu) ** 2 for t in x) / 3
std = sp.sqrt(var)
rms = sp.sqrt(sum(t ** 2 for t in x) / 3)
ln = L("mean = 4.  variance =")
e.claim(ln, "mean and variance", ["4", "8/3", "2.67"], [mu, var, var])
e.claim(L("std = 1.63"), "std", ["1.63"], [std])
e.claim(L("layer norm: [(2-4)/1.63"), "layer norm output", ["-1.22", "0", "1.22"], [(t - mu) / std for t in x])
e.claim(L("rms = sqrt((4 + 16 + 36)/3)"), "rms", ["4", "16", "36", "18.67", "4.32"],
        [4, 16, 36, sum(t ** 2 for t in x) / 3, rms])
e.claim(L("RMSNorm: [2/4.32, 4/4.32, 6/4.32]"), "RMSNorm output", ["0.46", "0.93", "1.39"], [t / rms for t in x])

# --- O(n^2), Longformer, sliding windows -----------------------------------------------------------
num(L("n = 4,096:  full attention"), "4096^2", "16,777,216", 4096 ** 2)
num(L("sliding window w = 512"), "n * w", "2,097,152", 4096 * 512)
e.claim(L("ratio: 8x fewer"), "ratio", ["8"], [R(4096 ** 2, 4096 * 512)])
ln = L("Longformer keeps the window and adds a few global tokens")
e.given(ln, "n = 4,096, w = 512, 16 global tokens")
e.claim(ln, "window scores in millions", ["2.1"], [R(4096 * 512, 10 ** 6)])
e.claim(ln, "global scores in thousands", ["131"], [R(16 * 4096 * 2, 1000)], rounded_int=True)
ln = L("Stacked windows grow the receptive field")
e.given(ln, "w = 4,096 (4K), 32 layers")
e.claim(ln, "layer-2 reach in K tokens", ["8"], [R(2 * 4096, 1024)])

# --- KV cache ---------------------------------------------------------------------------------------
e.claim(L("32 query heads -> 8 KV heads.  Cache = 8 units (4x smaller)."), "GQA shrink", ["4"], [R(32, 8)])
e.claim(L("32 query heads -> 1 KV head.   Cache = 1 unit (32x smaller)."), "MQA shrink", ["32"], [R(32, 1)])
e.given(L("32 query heads -> 32 KV heads. Cache = 32 units."), "MHA head counts")
e.given(L("For a Llama-3-style 70B model with 80 layers"), "80 layers, 8 KV heads, d_head 128, 2 bytes")
per_tl = 2 * 8 * 128 * 2
per_t = per_tl * 80
total = per_t * 32768
num(L("per token per layer: 2 * 8 * 128 * 2"), "bytes per token per layer", "4,096", per_tl)
ln = L("per token, 80 layers: 327,680 bytes = 320 KB")
num(ln, "bytes per token", "327,680", per_t)
e.claim(ln, "per token in KB (binary KB, 327,680 / 1024)", ["320"], [R(per_t, 1024)])
ln = L("32K-token context:  32,768 * 320 KB = 10.5 GB per request")
e.given(ln, "32K = 32,768 tokens; 320 KB restated")
num(ln, "per request", "10.5", [("decimal GB", R(total, 10 ** 9)), ("GiB", R(total, 2 ** 30))], cause="slip")
ln = L("With MHA (64 KV heads): 8x more, 84 GB per request.")
e.claim(ln, "MHA factor", ["8"], [R(64, 8)])
num(ln, "MHA per request", "84", [("decimal GB", R(total * 8, 10 ** 9)), ("GiB", R(total * 8, 2 ** 30))],
    cause="carried")
e.claim(ln, "MQA per request in GB (decimal)", ["1.3"], [R(total, 8 * 10 ** 9)])
e.claim(ln, "100 requests with GQA in TB (decimal)", ["1"], [R(total * 100, 10 ** 12)], rounded_int=True)
ln = L("In this GQA layout each group of 4 query heads")
e.claim(ln, "group size and group count", ["4", "8"], [R(32, 8), 8])
ln = L("320 KB per token for a 70B GQA model. 10.5 GB per 32K request.")
e.claim(ln, "caption: per token in KB (binary)", ["320"], [R(per_t, 1024)])
num(ln, "caption: per request", "10.5", [("decimal GB", R(total, 10 ** 9)), ("GiB", R(total, 2 ** 30))],
    cause="carried")
ln = L("The toy 70B: 8 KV heads give 10.5 GB per 32K request. Halve to 4 heads and it is 5.25 GB.")
num(ln, "QA: per request with 8 KV heads", "10.5",
    [("decimal GB", R(total, 10 ** 9)), ("GiB", R(total, 2 ** 30))], cause="carried")
num(ln, "QA: per request with 4 KV heads", "5.25",
    [("decimal GB", R(total, 2 * 10 ** 9)), ("GiB", R(total, 2 * 2 ** 30))], cause="carried")
e.done()
