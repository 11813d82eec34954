# Expected verdicts for en-complexity-austin-transformer-flops-kv-accounting.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Part 4 of the "How to Scale Your Model" book (jax-ml): per-layer training FLOPs and params of the MLP, the QKVO
#   projections and dot-product attention (6 FLOPs per multiply-add-per-parameter-token: 2 forward + 4 backward),
#   the 6·params·tokens rule, the attention/matmul ratio T/8D, activation memory, KV-cache bytes and worked problems.
# Exact values: sums 3·6 = 18, 4·6 = 24, 2·6 = 12; (4·18 + 24) = 96, 12/96 = 1/8 -> T/8D; 8 × 8k = 64K;
#   Gemma-27B 8 × 4608 = 36,864 ("around 32k": ambiguous, a hedged round figure);
#   2·20·4e6·8192·64 = 8.389e13 B = 84 TB (decimal, 4M = 4e6); /20 = 4.194e12 = 4.2 TB;
#   KV 2·8192·64·8192 = 8,589,934,592 B = 8 GiB; Q1 per token 2·64·4096 = 524,288 B = 512 KiB (kB read as KiB);
#   Q1 ratio 4/(4+12) = 1/4; Q5 2D = T -> 8192; Q7 3026e12/2 = 1.513e15, 2.79e6·1.513e15·3600 = 1.5197e25 -> 1.52e25,
#   6·37e9·14.8e12 = 3.2856e24 -> 3.3e24.
# Wrong line (1):
#   - Q1 total parameters "= 16e9, or 16B": the written operands give 64·256.004e6 + 0.256e9 = 16.64e9 (17e9 at the
#     printed precision; "16B" truncates it) and the exact D = 4096 gives 17,442,275,328 ≈ 17.4e9. slip.
# Ambiguous: Gemma "around 32k" (8D = 36,864; hedged figure); Q4 "compute bound at S=240" (the hardware intensity
#   240 is not stated here, and with G = 1 the intensity T/2 reaches 240 only at T = 480; the article itself says it
#   depends on the reading); Q7 "21.7%" is 3.3e24/1.52e25 as written, but end to end 3.2856e24/1.5197e25 = 21.62 %.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["complexity", "flops", "kv-cache", "memory", "mha", "gqa"])
L = e.line

e.given(L("Every training matmul costs 6"), "6 FLOPs per term: 2 forward + 4 backward")
# MLP table
for ln in [i for i, t in enumerate(e.lines, 1) if "& 6BTDF & DF" in t]:
    e.given(ln, "one MLP matmul: 6BTDF FLOPs, DF params (the rule)")
e.given(L("\\sigma\\left(A_{in1}\\right)"), "elementwise gate O(BTF)")
ln = L("& \\approx 18BTDF & 3DF")
e.claim(ln, "MLP sums 3 × 6BTDF and 3 × DF", ["18", "3"], [3 * 6, 3])
# projection table
for ln in [i for i, t in enumerate(e.lines, 1) if "& 6BTDNH & DNH" in t]:
    e.given(ln, "one projection: 6BTDNH FLOPs, DNH params")
ln = L("& 24BTDNH & 4DNH")
e.claim(ln, "QKVO sums 4 × 6BTDNH and 4 × DNH", ["24", "4"], [4 * 6, 4])
for ln in [i for i, t in enumerate(e.lines, 1) if "& 6BTSNH" in t]:
    e.given(ln, "QK / AV matmul: 6BTSNH")
e.given(L("\\textrm{softmax}_S \\;\\; L["), "softmax O(BTSN)")
ln = L("& \\approx 12BTSNH = 12BT^2NH")
e.claim(ln, "dot-product attention 2 × 6BTSNH", ["12", "12"], [2 * 6, 2 * 6])
# rule of thumb
B, T, D, F, N, H = sp.symbols("B T D F N H", positive=True)
assert sp.expand(18*B*T*D*F + 24*B*T*D*N*H - 6*B*T*(3*D*F + 4*D*N*H)) == 0
ln = L("18BTDF + 24BTDNH = 6 *BT * (3DF + 4DNH)")
e.claim(ln, "18 = 6·3, 24 = 6·4", ["18", "24"], [6 * 3, 6 * 4])
e.given(L("= 6 * \\textrm{num tokens}"), "the 6·tokens·params reading")
e.given(L("take the usual $$F=4D$$"), "F = 4D, D = NH")
ln = L("\\frac{\\textrm{attention FLOPs}}{\\textrm{matmul FLOPs}}")
ratio = sp.simplify((12*B*T**2*N*H / (18*B*T*D*F + 24*B*T*D*N*H)).subs({F: 4*D, N: D/H}))
assert sp.simplify(ratio - T / (8 * D)) == 0
e.claim(ln, "4·18 + 24 = 96 and 12/96 = 1/8", ["96", "96", "8"], [4 * 18 + 24, 4 * 18 + 24, R(96, 12)])
ln = L("So attention only dominates the training FLOPs once")
e.claim(ln, "T > 8D", "8", R(96, 12))
e.claim(ln, "8 × 8k = 64K", "64", 8 * 8)
e.given(ln, "D ~ 8k")
ln = L("For a smaller model such as Gemma-27B")
e.given(ln, "Gemma-27B D = 4608")
e.ambiguous(ln, "'around 32k' for Gemma-27B: 8 × 4608 = 36,864, a hedged round figure (32k = 2^15 is the nearest "
                "power of two); cannot be decided as a claim")
# activations
act = 2 * 20 * 4 * 10**6 * 8192 * 64
act_bin = 2 * 20 * 4 * 2**20 * 8192 * 64
ln = L("Suppose a batch holds $$B * T=4M$$")
e.given(ln, "B·T = 4M, L = 64, D = 8192, 20 nodes, bf16")
number_claim(e, ln, "2·20·B·T·D·L bytes in TB", "84",
             [("4M = 4e6, TB", R(act, 10**12)), ("4M = 2^22, TB", R(act_bin, 10**12)),
              ("4M = 2^22, TiB", R(act_bin, 2**40))])
ln = L("* **Block remat** keeps only")
number_claim(e, ln, "one checkpoint per layer (84 TB / 20) in TB", "4.2",
             [("4M = 4e6, TB", R(act, 20 * 10**12)), ("4M = 2^22, TB", R(act_bin, 20 * 10**12))])
e.given(ln, "6ND -> 8ND (stated rule)")
e.given(L("* **Big matmuls only**"), "20 -> about 7 saved tensors (stated)")
# KV cache
ln = L("A KV cache is an array of shape")
e.given(ln, "int8, 8k context, 64 layers, KH = 8192")
e.claim(ln, "2·8192·64·8192 bytes in GiB", "8", R(2 * 8192 * 64 * 8192, 2**30))
# Question 1
e.given(L("**Question 1:** Take $D=4096$"), "D = 4096, F = 4D, V = 32,000, L = 64, int8 KVs")
ln = L("1. The total parameters is roughly")
Dx = 4096
exact_params = 64 * (3 * Dx * 4 * Dx + 4 * Dx * Dx + Dx) + 2 * Dx * 32000
as_written = 64 * (3 * 4000 * 16000 + 4 * 4000 * 4000 + 4000) + 2 * 4000 * 32000
assert as_written == 16_640_256_000 and exact_params == 17_442_275_328
e.claim(ln, "total parameters (16e9; written operands give 16.64e9)", "16e9", exact_params, cause="slip", rounded_int=True)
e.claim(ln, "total parameters in billions (16B)", "16", R(exact_params, 10**9), cause="slip", rounded_int=True)
ln = L("2. The attention share is")
e.claim(ln, "3DF = 12D^2 with F = 4D; 4/(4+12)", ["12", "1/4", "1/4"], [3 * 4, R(4, 4 + 12), R(4, 4 + 12)])
ln = L("3. Per token the KV cache is")
e.given(ln, "2·L·N·H with L = 64, NH = 4096")
number_claim(e, ln, "2·64·4096 bytes per token", "512",
             [("KiB", R(2 * 64 * 4096, 1024)), ("kB", R(2 * 64 * 4096, 1000))])
# Question 4 (symbolic)
Bs, Ts, Ss, Ks, Gs, Hs = sp.symbols("B T S K G H", positive=True)
assert sp.expand(2 * (2 * Bs * Ts * Ks * Gs * Hs) + 2 * (2 * Bs * Ss * Ks * Hs)
                 - 4 * Bs * Hs * Ks * (Ts * Gs + Ss)) == 0
for needle in ("\\text{Q[B,T,N,H]} \\rightarrow_\\text{reshape}", "$$U=\\text{softmax}_S",
               "\\text{U[B, T, S, K, G]} \\cdot"):
    pass  # shape-only lines (no digits)
ln = L("The bytes moved are")
e.claim(ln, "bytes 2·sizeof(Q) + 2·sizeof(KV) in bf16: coefficient 4 = 2·2", ["4", "4", "4"], [2 * 2, 2 * 2, 2 * 2])
ln = L("In prefill $$S=T$$")
e.given(ln, "symbolic intensities TG/(G+1) and SG/(G+S); T = 1 in generation")
ln = L("Depending on the reading of the question")
e.ambiguous(ln, "'compute bound at S=240': the hardware intensity 240 is not stated in this article, and for "
                "G = 1 the prefill intensity T/2 reaches 240 only at T = 480; the article says it depends on the reading")
# Question 5
ln = L("Set $$24BTDNH == 12BT^2NH$$")
e.claim(ln, "24/12 = 2 -> 2D = T; D = 4096 -> 8192", ["2", "8192"], [R(24, 12), 2 * 4096])
# Question 7
e.given(L("**Question 7:** DeepSeek v3 reports"), "2.79M H800 hours, 14.8T tokens, 37B active params")
ln = L("The H800 spec sheet lists 3,026 TFLOPs/s")
e.given(ln, "3,026 TFLOPs/s FP8 with sparsity; 2.79e6 hours")
total = R("2.79e6") * R("3026e12") / 2 * 3600
e.claim(ln, "half of 3,026 TFLOPs/s", "1.513e15", R("3026e12") / 2)
e.claim(ln, "2.79e6 · 1.513e15 · 3600", "1.52e25", total)
ln = L("The run itself needs about")
need = 6 * R("37e9") * R("14.8e12")
e.claim(ln, "6 · 37e9 · 14.8e12", "3.3e24", need)
ln = L("so the utilization is about")
e.ambiguous(ln, "'21.7%' is 3.3e24 / 1.52e25 on the rounded operands as written; end to end "
                "3.2856e24 / 1.5197e25 = 21.62 %")
e.given(L("**Question 5:** At what sequence length"), "QKVO projections")
missing = [i for i, t in enumerate(e.lines[1:], 2) if any(c.isdigit() for c in t) and i not in e.verdicts]
# reviewed: a LaTeX spacing "\\[3pt]", headings and the question text ("6 ×" rule title, "bf16", "Question 4")
assert len(missing) == 4, missing
for i in missing:
    e.given(i, "heading / LaTeX spacing / question text, no computed value")
e.done()
