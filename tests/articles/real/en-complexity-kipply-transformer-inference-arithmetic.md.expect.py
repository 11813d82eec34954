# Expected verdicts for en-complexity-kipply-transformer-inference-arithmetic.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Carol Chen's (kipply) blog post "Transformer Inference Arithmetic" (2022): kv-cache bytes and flops per token, the A100
#   flops-to-bandwidth ratio, weights and kv capacity of a 52B model, latency of a 260B model on 16 GPUs at batch 1 and
#   512, the flops per comms byte, a per-layer flop count, intermediate-memory share, and a 13B FasterTransformer check.
# Inputs: 52B model = 52e9 parameters, d_model 8192, 64 layers, 2 bytes per value; A100 312e12 flop/s, 1.5e12 B/s memory,
#   300e9 B/s comms, 40GB; comms latency 8 us per message, small-batch comms = 4*n_layers*8us; 260B (Gopher) on 16 GPUs,
#   80 layers, d_model 16384; 13B = 40 layers, d_model 5120; measured 22.0 / 13.5 ms, 476 / 159 us (given).
# Exact values: 2*2*64*8192^2 = 17,179,869,184; 312e12/1.5e12 = 208; 24*64*8192^2/1.5e12 = 68.72 ms (17.18 on 4 GPUs);
#   weights 52e9*2 = 104e9 bytes; kv per token 4*64*8192 = 2,097,152 bytes = 0.0021 GB; 16GB/2,097,152 = 7,629 tokens;
#   56/0.002 = 28,000 (56e9/2,097,152 = 26,703); 260B: 2*260e9/(16*1.5e12) = 0.021667 s, 4*80*8us = 2,560 us, batch 512:
#   0.053333 s, 512*8*80*16384/300e9 = 17.90 ms, batch 1 comms throughput 34.95 us; 312e12/300e9 = 1040;
#   64*24*8192^2 = 103,079,215,104 (/2 = 51.54B); 0.43*8/64 = 0.05375; 13B: 2*40*12*5120^2/1.5e12 = 16.78 ms (8.39 on 2),
#   4*40*8us = 1.28 ms; 312e12/(1.5e12*0.9) = 231.1; 22*512/231 = 48.76; 13.5*512/231 = 29.92; 344.06 us, 86.01 us.
# Wrong lines (6):
#   "52\text{e}12 \cdot 2 = 104\text{e}12 bytes": a 52B model has 52e9 parameters, 104e9 bytes (the GB on the line holds) -- slip.
#   "56/0.002 ≈ 23000": 28,000 as written, 26,703 from the exact per-token bytes -- slip.
#   "in the 62ms 512 tokens are generated": the same batch step was just computed as 53 ms (0.0533 s) -- slip.
#   "A_bw/A_f = 208": 1.5e12/312e12 = 1/208; the ratio is A_f/A_bw -- slip.
#   "the last 1.4 ms": 22.0 - 20.7 = 1.3 (1.16 end to end) -- slip; "the remaining 1.5 ms": 13.5 - 11.7 = 1.8 -- slip.
#   "22*(512/231) = 48": 48.76, which rounds to 49 (truncated) -- slip.
# Ambiguous: 16/0.002 ≈ 8000 (right as written from the rounded 0.002 GB, 7,629 tokens end to end, 8,192 in GiB: policy 5);
#   the comms chain 2·4·n_layers·8µs = 4·80·8µs (5,120 us against 2,560 us; the article's formula gives 2,560);
#   "about 100B flops" for 103.08B; the 11% latency share (its inputs are not stated); 18.5 / 20.7 / 9.5 / 11.7 ms from
#   "about 90%" and "more like 87" of the bandwidth and "a similar amount (2ms)" (16.78/0.9 = 18.64, 8.39/0.87 = 9.64).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="en", topics=["kv-cache", "complexity", "flops", "latency", "serving", "katex", "prose-arithmetic"])
I = sp.Integer
L, D, P52 = 64, 8192, I(52) * 10**9
AF, AB, AC = I(312) * 10**12, R(15, 10) * 10**12, I(300) * 10**9
us = R(1, 10**6)
ms = R(1, 10**3)


def g(needle, what, nth=1, after=0):
    ln = e.line(needle, nth, after)
    e.given(ln, what)
    return ln


g("GPT-2's code called it `past`", "GPT-2 (a name)")
g("{% katex(block=true) %} 2\\cdot 2 \\cdot n_\\text{layers}", "formula 2*2*n_layers*n_heads*d_head")
g("One 2 is for the two vectors", "factors 2 and 16-bit")
g("t_\\text{e}\\in \\mathbb{R}^{1\\times d_\\text{model}}", "shapes (symbolic)")
g("2 \\cdot 2 \\cdot n_\\text{layers}  \\cdot {d_\\text{model}}^2", "formula 2*2*n_layers*d^2")
g("takes \\\\(2 \\cdot {d_\\text{model}}^2\\\\) flops", "2*d^2 flops")
g("A matrix-vector product costs", "2mn and 2mnp")
g("Take Anthropic's 52B", "52B, d_model 8192, 64 layers")
number_claim(e, e.line("2 \\cdot 2 \\cdot 64 \\cdot 8192^2 ="), "kv flops for all layers", "17,179,869,184", I(4 * L * D * D))
g("An A100 GPU delivers", "A100 312e12 flop/s, 1.5e12 B/s")
g("\\text{memory} = 2 \\cdot 2", "formula memory time")
g("\\text{compute} = 2 \\cdot 2", "formula compute time")
ln = e.line("leaves a fixed ratio of 208")
e.given(ln, "factor 6")
e.claim(ln, "flops / bandwidth ratio", ["208", "208"], [AF / AB, AF / AB])
ln = e.line("A full forward pass of the 52B model then takes")
fwd = I(24 * L * D * D) / AB
e.claim(ln, "forward pass (ms), on 4 GPUs (ms)", ["69", "17"], [fwd / ms, fwd / 4 / ms], rounded_int=True)
e.claim(ln, "208 restated, double, 1.5 times", ["208", "416", "312", "1.5"], [AF / AB, 2 * AF / AB, R(3, 2) * AF / AB, R(312, 208)])
e.claim(e.line("Computing kv for one token is exactly 1/6th"), "kv share of the forward flops", ["1/6"], [R(4, 24)])
ln = e.line("That does not mean 1/6th of the time is saved")
e.given(ln, "formulas with 2*2 and 2*12, 312e12")
e.claim(ln, "saving per token", ["1/6", "1/6"], [R(4, 24), R(4, 24)])

g("A standard A100 has 40GB", "40GB, 80GB, 2e12, 1.5e12")
g("the weights of the 52B model take", "52B")
ln = e.line("52\\text{e}12 \\cdot 2 = 104\\text{e}12")
e.given(ln, "2 bytes per parameter")
e.claim(ln, "weight bytes in units of 1e12 (52B = 52e9 parameters)", ["104"], [2 * P52 / 10**12])
e.claim(ln, "weights (GB)", ["104"], [2 * P52 / 10**9])
ln = e.line("at least three GPUs are needed")
e.claim(ln, "weights restated (GB)", ["104"], [2 * P52 / 10**9])
e.claim(ln, "three GPUs of 40GB, minus the weights", ["120", "16"], [I(3 * 40), I(120 - 104)])
g("2\\cdot n_\\text{layers} \\cdot n_\\text{heads} \\cdot d_\\text{head}  \\cdot 2\\\\", "formula")
g("4\\cdot n_\\text{layers} \\cdot n_\\text{heads} \\cdot d_\\text{head} \\\\", "formula 4*n_layers*n_heads*d_head")
g(" = 4\\cdot 64 \\cdot 8192\\\\", "operands (n_heads*d_head = 8192)")
kvb = I(4 * L * D)
number_claim(e, e.line(" = 2,097,152 \\text{bytes}"), "kv bytes per token", "2,097,152", kvb)
number_claim(e, e.line("\\approx 0.002 GB"), "kv per token (GB)",
             "0.002", [("GB = 10^9 bytes", kvb / 10**9), ("GiB = 2^30 bytes", kvb / 2**30)])
ln = e.line("\\\\(16/0.002 \\approx 8000\\\\)")
e.given(ln, "batch 4 x 2048 tokens")
e.ambiguous(ln, "16/0.002 = 8000 as written from the rounded 0.002 GB; 16e9 / 2,097,152 = 7,629 tokens end to end "
                "(8,192 if GB means GiB): arithmetic on a rounded operand (policy 5)")
ln = e.line("\\\\(56/0.002 \\approx 23000\\\\)")
e.claim(ln, "kv room on four GPUs (GB)", ["56"], [I(4 * 40 - 104)])
number_claim(e, ln, "tokens in 56GB at 0.002 GB each", "23000",
             [("56 / 0.002 as written", R(56, 1) / R(2, 1000)), ("56e9 / 2,097,152", I(56) * 10**9 / kvb)])
g("The last A100 constant is a communication bandwidth of 300GB/s", "300GB/s comms")
e.claim(e.line("The last A100 constant is a communication bandwidth of 300GB/s"), "600 = 300 in + 300 out", ["600"], [I(600)])
g("to get a shard \\\\(o_s", "formulas (N-1)d/N and 4(N-1)d/N, W_1 4 x d")
g("take about 8 microseconds per message", "8 us per message, 300GB/s, V100")
g("For a small batch (say 1)", "batch 1")
g("\\text{compute} = \\frac{2 \\cdot P\\cdot\\text{b}}", "formula 2P / (N A_bm)")
g("\\text{comms} =  4 \\cdot n_\\text{layers} \\cdot  8\\mu\\text{s}", "formula comms = 4*n_layers*8us")
g("The \\\\(2 \\cdot P\\\\) is because every two-byte", "2P and 4*n_layers (symbolic)")
g("For large batches (say 512)", "batch 512")
g("\\text{compute} = B \\cdot \\frac{2 \\cdot P  \\cdot \\text{FLOP}}", "formula")
g("\\text{comms} = B \\cdot  \\frac{2\\cdot n_\\text{layers} \\cdot 4", "formula comms = B*2*n_layers*4*d/A_c")
g("Here \\\\(A_f\\\\) is the accelerator's flops", "2P, N-1 (symbolic)")
P260, N16, L80, D16 = I(260) * 10**9, 16, 80, 16384
small = 2 * P260 / (N16 * AB)
ln = e.line("Now a Gopher sized 260B model on 16 GPUs")
e.given(ln, "260B, 16 GPUs")
e.claim(ln, "small-batch step (ms)", ["22"], [small / ms], rounded_int=True)
e.claim(ln, "comms throughput at batch 1 (us)", ["35"], [I(8 * L80 * D16) / AC / us], rounded_int=True)
ln = e.line("\\frac{2 \\cdot 260\\text{e}9}{16\\cdot 1.5\\text{e}12}")
e.claim(ln, "memory time (s, ms)", ["0.0217", "22"], [small, small / ms], rounded_int=True)
ln = e.line("\\text{comms} = 2 \\cdot 4 \\cdot n_\\text{layers} \\cdot 8\\mu\\text{s}=")
e.ambiguous(ln, "the chain equates 2·4·n_layers·8µs (5,120 µs at 80 layers) with 4·80·8µs = 2560µs; the article's small-batch "
                "formula comms = 4·n_layers·8µs gives 2,560 µs ≈ 3 ms, the leading 2 gives 5,120 µs ≈ 5 ms")
big = 512 * 2 * P260 / (N16 * AF)
ln = e.line("For a large batch of 512, for a total of 53 ms")
e.claim(ln, "batch-512 step (ms)", ["53"], [big / ms], rounded_int=True)
e.claim(ln, "the same step restated (ms)", ["62"], [big / ms], rounded_int=True)
e.claim(ln, "comms latency (ms)", ["3"], [I(4 * L80 * 8) * us / ms], rounded_int=True)
ln = e.line("512 \\cdot \\frac{2 \\cdot 260\\text{e}9}{16 \\cdot 312\\text{e}12}")
e.claim(ln, "compute (s, ms)", ["0.053", "53"], [big, big / ms], rounded_int=True)
ln = e.line("512 \\cdot \\frac{ 8 \\cdot 80 \\cdot 16384}{300\\text{e}9}")
e.given(ln, "80 layers, d_model 16384")
e.claim(ln, "comms at batch 512 (ms)", ["18"], [512 * I(8 * L80 * D16) / AC / ms], rounded_int=True)
g("\\text{mem bandwidth time} = \\frac{2 \\cdot P}", "formula")
g("\\text{flops time} = B \\cdot \\frac{2 \\cdot P}", "formula")
ln = e.line("\\\\(A_\\text{bw}/A_f = 208\\\\)")
e.claim(ln, "A_bw / A_f", ["208"], [AB / AF])
e.ambiguous(ln, "11% latency share of the 52B batch-512 comms: the article never computes it (4*64*8us = 2.05 ms against "
                "512*8*64*8192/300e9 = 7.16 ms of throughput is 22%)")
g("|                | \\\\(q, k, v\\\\)", "table header (w_1, w_2)")
g("| flops          |", "flops 3B d^2, B d^2, 4B d^2 (symbolic)")
g("| flops/byte     |", "flops per byte 3d, d, 4d (symbolic)")
ln = e.line("\\\\(312\\text{e}12 \\div 300\\text{e}9 = 1040\\\\)")
e.given(ln, "1024 and 512 embedding sizes")
e.claim(ln, "flops per comms byte", ["1040"], [AF / AC])
g("should give back \\\\(2P\\\\)", "2P")
g("- qkv:", "2*3*d^2")
g("- output projection:", "2*d^2")
g("- feed-forward:", "4 x d, 2*8*d^2")
ln = e.line("F = n_\\text{layers} \\cdot (2 \\cdot 3")
e.given(ln, "terms 2*3, 2, 16")
ln = e.line(" = n_\\text{layers} \\cdot 24 \\cdot {d_\\text{model}}^2")
e.claim(ln, "2*3 + 2 + 16", ["24"], [I(2 * 3 + 2 + 16)])
ln = e.line("For our 8192 model this should be about 100B flops")
e.ambiguous(ln, "'about 100B' for 103,079,215,104: a round figure, not a rounding at any stated precision")
g("F = 64\\cdot 24\\cdot 8192^2", "operands")
F = I(L * 24 * D * D)
e.claim(e.line(" = 103079215104 \\text{flops}"), "F", ["103079215104"], [F])
ln = e.line("103079215104 over two is about 51.5B")
e.given(ln, "52B, nearly a billion embedding parameters, 2*12, 'less than 2%'")
e.claim(ln, "F, F/2 (B)", ["103079215104", "51.5", "51.5"], [F, F / 2 / 10**9, F / 2 / 10**9])
ln = e.line("even 100 of them per layer")
e.given(ln, "100 vector operations, 'a hundred million' flops")
e.claim(ln, "1e8 of the counted flops", ["0.1%"], [I(10**8) / F])
g("(which is a 1/3 of the time)", "1/3 (from the paper's table)")
g("That paper's model has 336M params", "336M, 1024, 24")
ln = e.line("gives 43% of the time")
e.given(ln, "43% (measured)")
e.claim(ln, "d_model ratio and its square", ["8", "8", "64"], [I(D) / 1024, I(D) / 1024, (I(D) / 1024) ** 2])
ln = e.line("0.43\\cdot 8 \\div(1\\cdot64) = 0.05375")
e.claim(ln, "intermediate share for 52B", ["0.05375"], [R(43, 100) * 8 / 64])
e.claim(e.line("about 5% of the 52B model's"), "share (%)", ["5%"], [R(43, 100) * 8 / 64])
ln = e.line("13B is 40 layers, 40 heads")
e.claim(ln, "40 heads x 128", ["5120"], [I(40 * 128)])
t13 = I(2 * 40 * 12 * 5120 ** 2) / AB
ln = e.line("With a 512 context length, batch size 1 and 10 tokens")
e.given(ln, "512 context, batch 1, 10 tokens, 2 GPUs")
e.claim(ln, "2-GPU step, comms, 1-GPU step (ms)", ["8.4", "1", "16.8"], [t13 / 2 / ms, I(4 * 40 * 8) * us / ms, t13 / ms],
        rounded_int=True)
g("the bandwidth should have been 1.555", "1.555 vs 1.5")
ln = e.line("Measured on 1 GPU: 22.0ms")
e.given(ln, "22.0 ms measured, about 90%, 2.2 ms activations")
e.claim(ln, "estimate as a share of 22.0", ["76%"], [t13 / ms / 22])
e.claim(ln, "unexplained remainder 22.0 - 20.7 (ms)", ["1.4"], [R(220, 10) - R(207, 10)])
e.ambiguous(ln, "18.5 ms from 'about 90%' of the bandwidth (16.78/0.9 = 18.64) and 20.7 = 18.5 + 2.2: inputs stated approximately")
ln = e.line("Measured on 2 GPUs: 13.5")
e.given(ln, "13.5 ms measured, 87 vs 90, 2ms, 40-50 us per layer")
e.claim(ln, "estimate as a share of 13.5", ["62%"], [t13 / 2 / ms / R(135, 10)])
e.claim(ln, "remaining time 13.5 - 11.7 (ms)", ["1.5"], [R(135, 10) - R(117, 10)])
e.ambiguous(ln, "9.5 ms from 'more like 87' (8.39/0.87 = 9.64) and 11.7 after 'a similar amount of time (2ms)' (9.5 + 2 = 11.5, "
                "9.5 + 2.2 = 11.7); 1.7ish ms for 40 layers of 40-50 us")
g("The benchmark printed `180.86 ms", "measured benchmark output")
ln = e.line("312e12/(1.5e12x0.9)=231")
e.given(ln, "63 ms claimed context time")
r = AF / (AB * R(9, 10))
e.claim(ln, "effective ratio", ["231"], [r], rounded_int=True)
e.claim(ln, "1-GPU forward estimate (ms)", ["48"], [22 * R(512, 231)], rounded_int=True)
e.claim(ln, "2-GPU forward estimate (ms)", ["30"], [R(135, 10) * R(512, 231)], rounded_int=True)
ln = e.line("storing kv costs 18 microseconds per layer")
e.given(ln, "18 us per layer, 0.2 ms Memsets, 476 and 159 us measured")
e.claim(ln, "kv storing over 40 layers (ms)", ["0.7"], [I(18 * 40) * us / ms])
mlp = I(512 * 4 * 5120 ** 2 * 2) / AF
proj = I(512 * 5120 ** 2 * 2) / AF
e.claim(ln, "MLP multiply, share of 476, projection, share of 159", ["344", "72%", "86", "54%"],
        [mlp / us, mlp / us / 476, proj / us, proj / us / 159], rounded_int=True)
g("Figure 14 of a cited paper", "512x4000x4000 below 150TFLOPs/s (a reported measurement)")
g("52B model is served on 8 or 16 GPUs instead of 4", "exercise: 52B, 8 / 16 / 4 GPUs")
g("embedding dimension size of 512", "exercise: 512")
g("AWS has 400gb/s", "exercise: 400gb/s")
ln = e.line("Try the large batch speed for a 52B on 4xGPUs at batch size 256")
e.claim(ln, "compute and comms (ms)", ["21", "4"],
        [256 * 2 * P52 / (4 * AF) / ms, 256 * I(8 * L * D) / AC / ms], rounded_int=True)
e.done()
