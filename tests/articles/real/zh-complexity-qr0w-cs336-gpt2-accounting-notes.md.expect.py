# Expected verdicts for zh-complexity-qr0w-cs336-gpt2-accounting-notes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A learner's Chinese notes on CS336 assignment 1: GPT-2 XL parameter count (V = 50,257, L = 48, d = 1,600, H = 25,
# d_ff = 6,400, untied LM head, three-matrix SwiGLU), matmul FLOPs (2mnp) with the attention share at S = 1,024 and
# 16,384, then AdamW memory (float32, 16P + 4A) and an A100 training-time estimate (19.5 TFLOP/s x 0.5, B = 1024,
# 400K steps, backward = 2 x forward).
# Exact values: per layer 40,963,200; P = 2,127,057,600 (2.13B); 4P = 8,508,230,400 B = 8.51 GB = 7.92 GiB.
#   XL forward at S = 1,024: 4.5133 TFLOPs; shares attention (QK^T + AV) 7.138%, projections 22.304%, FFN 66.911%,
#   LM head 3.649%.  At S = 16,384: 149.5228 TFLOPs (33.13x); attention 55.151%, FFN 32.315%, LM head 1.762%.
#   16P = 34,032,921,600 B = 34.03 GB = 31.70 GiB.  A per sequence with (a)'s 8BSd: 4,142,548,992 floats (16.57 GB);
#   with (b)'s 6Sd: 3,985,262,592 (15.94 GB).  Training: 3 x 4.5133 = 13.540 TFLOPs per sequence, x1024 = 13,864.97
#   TFLOPs a step, x 400,000 = 5.546e21 FLOPs, / 9.75e12 = 5.688e8 s = 6,583.6 days = 18.04 years.
# Wrong line:
#   - "内存（FP32）= 2.13B × 4 bytes = 8.52 GB": 2.13 x 4 = 8.52 from the rounded 2.13B; end to end 8.508 GB (8.51) or
#     7.92 GiB, right under no reading (drift, the final result of its chain).
# Ambiguous:
#   - the Q19.d rows of GPT-2 Small, Medium and Large: the notes never state their layer counts or widths (with the
#     standard 12/768, 24/1024, 36/1280 and d_ff = 4d every cell agrees);
#   - Q23.b's per-layer activation count 6·S·d + 2·H·S² + 3·S·d_ff contradicts the 8BSd of its own formula in Q23.a;
#     the lines built on it (9.83M ... ≈ 82M, and "16B GB": 15.94 GB with 6, 16.57 GB with 8) are undecidable;
#   - Q23.d's explicit arithmetic on rounded operands: 1024 × 13.53 ≈ 13,855 (end to end 13.54 and 13,865),
#     400000 × 13855 × 10^12 = 5.54 × 10^21 (end to end 5.546e21 -> 5.55), 5.54e21 / 9.75e12 = 5.68 × 10^8 s (end to
#     end 5.69e8; its "≈ 6580 days" agrees at three figures with 6,583.6); the chain's end "≈ 18 年" agrees (18.04).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["complexity", "flops", "parameters", "memory", "table", "latex-display"])
G, T = sp.Integer(10) ** 9, sp.Integer(10) ** 12
V, NL, D, H, FF = 50257, 48, 1600, 25, 6400

# --- Q19.a -------------------------------------------------------------------------------
number_claim(e, e.line("| **Token Embedding** |"), "V d", "80,411,200", V * D)
number_claim(e, e.line("- Q/K/V Projection (×3)"), "3 d^2", "7,680,000", 3 * D * D)
number_claim(e, e.line("- Output Projection       |"), "d^2", "2,560,000", D * D)
number_claim(e, e.line("- RMSNorm (×2)           |"), "2 d", "3,200", 2 * D)
number_claim(e, e.line("- FFN w1, w3              |"), "2 d_ff d", "20,480,000", 2 * FF * D)
number_claim(e, e.line("- FFN w2                  |"), "d d_ff", "10,240,000", D * FF)
blk = 4 * D * D + 2 * D + 3 * D * FF
number_claim(e, e.line("| **Per Layer Total** |"), "per-layer parameters", "40,963,200", blk)
number_claim(e, e.line("| **All Layers**      |"), "48 layers", "1,966,233,600", NL * blk)
number_claim(e, e.line("| **Final RMSNorm**   |"), "final RMSNorm", "1,600", D)
number_claim(e, e.line("| **LM Head**         | (vocab_size, d_model)"), "LM head", "80,411,200", V * D)
P = 2 * V * D + NL * blk + D
ln = e.line("总参数 = 80,411,200 + 1,966,233,600")
e.claim(ln, "total parameters in billions", ["2.13"], [R(P, 10**9)])
ln = e.line("内存（FP32）= 2.13B × 4 bytes = 8.52 GB")
number_claim(e, ln, "fp32 memory (2.13 x 4 from the rounded count)", "8.52",
             [("GB = 10^9 B", R(4 * P, 10**9)), ("GiB", R(4 * P, 2**30))], cause="drift")

# --- Q19.b / c ---------------------------------------------------------------------------
e.given(e.line("设 batch=1, seq_len=1024, d=1600, h=25, d_k=64, d_ff=6400"), "sizes for the FLOP table")
for needle in ["| Q Projection               |", "| K Projection               |", "| V Projection               |",
               "| Attention Scores (Q @ K^T) |", "| Attention × V             |", "| Output Projection          |",
               "| FFN w1                     |", "| FFN w3                     |", "| FFN w2                     |",
               "| **LM Head**          | (seq, d) × (d, vocab)"]:
    e.given(e.line(needle), "matmul written as a product of the stated sizes (no value computed)")
e.given(e.line("而且中间维度 d_ff = 4 * d_model"), "d_ff = 4 d_model (6400 = 4 x 1600)")


# --- Q19.d / e ---------------------------------------------------------------------------
def parts(nl, d, ff, s):
    proj = nl * 4 * 2 * s * d * d
    att = nl * 2 * 2 * s * s * d
    ffn = nl * 3 * 2 * s * d * ff
    lm = 2 * s * d * V
    return proj, att, ffn, lm, proj + att + ffn + lm


for name, cfg in [("Small", (12, 768)), ("Medium", (24, 1024)), ("Large", (36, 1280))]:
    e.ambiguous(e.line(f"| GPT-2 {name} "), f"GPT-2 {name}'s layer count and width are not stated in the notes "
                f"(with the standard {cfg[0]} layers x d_model {cfg[1]}, d_ff = 4d, every cell agrees)")
p1, a1, f1, l1, t1 = parts(NL, D, FF, 1024)
ln = e.line("| GPT-2 XL     | 4.51 TFLOPs")
e.claim(ln, "XL total TFLOPs", ["4.51"], [R(t1, T)])
e.claim(ln, "XL shares: attention, projections, FFN, LM head", ["7.1%", "22.3%", "66.9%", "3.6%"],
        [R(a1, t1), R(p1, t1), R(f1, t1), R(l1, t1)])
p2, a2, f2, l2, t2 = parts(NL, D, FF, 16384)
ln = e.line("| Total FLOPs | 4.51 TFLOPs  | 149.52 TFLOPs")
e.claim(ln, "total TFLOPs at 1,024 and 16,384, growth", ["4.51", "149.52", "33.1"], [R(t1, T), R(t2, T), R(t2, t1)])
e.claim(e.line("| Attention % | 7.1%"), "attention share", ["7.1%", "55.2%"], [R(a1, t1), R(a2, t2)])
e.claim(e.line("| FFN %       | 66.9%"), "FFN share", ["66.9%", "32.3%"], [R(f1, t1), R(f2, t2)])
e.claim(e.line("| LM Head %   | 3.6%"), "LM head share", ["3.6%", "1.8%"], [R(l1, t1), R(l2, t2)])
ln = e.line("上下文拉长到 16 倍以后")
e.claim(ln, "16,384 / 1,024", ["16"], [R(16384, 1024)])
e.claim(ln, "growth of the total (a rounded ratio, 33.13)", ["33"], [R(t2, t1)], rounded_int=True)

# --- Q23.a -------------------------------------------------------------------------------
e.given(e.line("- $d_{ff}$ = d_ff (通常 = $4d$)"), "d_ff usually 4d")
e.claim(e.line("每层激活： $$A_{layer} = 8BSd"), "BSd terms of the table: 2+3+1+1+1", ["8"],
        [sp.Integer(2 + 3 + 1 + 1 + 1)])
e.claim(e.line("\\text{Memory}_{peak} = 4P + 4P + 8P + 4A = 16P + 4A"), "4 + 4 + 8", ["16"], [sp.Integer(16)])

# --- Q23.b -------------------------------------------------------------------------------
S = 1024
e.claim(e.line("- $P \\approx 2.13 \\times 10^9$"), "P", ["2.13"], [R(P, 10**9)])
e.given(e.line("- $V = 50257$, $S = 1024$, $L = 48$"), "GPT-2 XL sizes")
e.ambiguous(e.line("6 \\cdot S \\cdot d + 2 \\cdot H \\cdot S^2"), "the per-layer count uses 6·S·d while the notes' own "
            "formula in Q23.a is 8BSd + 2BHS^2 + 3BSd_ff: a stated input contradicted")
e.ambiguous(e.line("= 9.83M + 52.4M + 19.7M \\approx 82M"), "9.83M and 82M follow the 6·S·d that contradicts Q23.a's "
            "8BSd (with 8: 13.1M and 85.2M); 52.4M and 19.7M agree either way")
A8 = NL * (8 * S * D + 2 * H * S * S + 3 * S * FF) + S * D + S * V + S
A6 = NL * (6 * S * D + 2 * H * S * S + 3 * S * FF) + S * D + S * V + S
ln = e.line("- 总激活（48层）：$48 \\times 82M")
e.claim(ln, "activations per sequence in billions (3.985 with 6Sd, 4.143 with 8Sd)", ["4"], [R(A8, 10**9)],
        rounded_int=True)
e.ambiguous(e.line("- 激活内存 = $4 \\times 4B \\times B$ bytes = $16B$ GB"), "4 x 4B = 16 as written; end to end the "
            "activations are 15.94 GB per sequence with Q23.b's 6·S·d but 16.57 GB (17) with Q23.a's 8BSd")
ln = e.line("31.7 + 16B \\leq 80")
number_claim(e, ln, "16P in memory units", "31.7", [("GB = 10^9 B", R(16 * P, 10**9)), ("GiB", R(16 * P, 2**30))])
e.claim(e.line("B \\leq 3"), "floor((80 - 31.7) / 16) (3.25 with every size in GiB)", ["3"],
        [sp.floor((80 - R(16 * P, 2**30)) / (R(4 * A6, 2**30)))])
e.claim(e.line("\\boxed{\\text{max batch\\_size} \\approx 3}"), "max batch size", ["3"],
        [sp.floor((80 - R(16 * P, 2**30)) / (R(4 * A6, 2**30)))])

# --- Q23.c -------------------------------------------------------------------------------
for needle in ["1. $m = \\beta_1 m", "2. $v = \\beta_2 v", "4. $\\theta = \\theta - \\alpha_t",
               "5. $\\theta = \\theta - \\alpha\\lambda\\theta$"]:
    e.given(e.line(needle), "the author's operation count for this update")
e.claim(e.line("总计：$\\approx 13$ FLOPs per parameter"), "3 + 4 + 4 + 2", ["13"], [sp.Integer(13)])
e.claim(e.line("\\boxed{\\text{FLOPs}_{AdamW} \\approx 13P}"), "13 P", ["13"], [sp.Integer(13)])

# --- Q23.d -------------------------------------------------------------------------------
e.given(e.line("已知A100 峰值: 19.5 TFLOP/s"), "A100 19.5 TFLOP/s, 50% MFU, 400K steps, batch 1024, backward 2x")
e.claim(e.line("- 前向 FLOPs（之前计算）"), "forward TFLOPs per sequence", ["4.51"], [R(t1, T)])
e.ambiguous(e.line("= 1024 \\times (4.51 + 2 \\times 4.51)"), "3 x 4.51 = 13.53 and 1024 x 13.53 = 13,854.7 ≈ 13,855 "
            "are right as written on the rounded 4.51; end to end 13.540 TFLOPs and 13,864.97 TFLOPs a step "
            "(explicit arithmetic on a rounded operand)")
e.ambiguous(e.line("400000 \\times 13855 \\times 10^{12}"), "5.542e21 as written from 13,855; end to end 5.546e21 "
            "-> 5.55e21 (explicit arithmetic on a rounded operand)")
e.claim(e.line("19.5 \\times 0.5 = 9.75"), "19.5 x 0.5", ["9.75"], [R(975, 100)])
e.ambiguous(e.line("\\frac{5.54 \\times 10^{21}}{9.75 \\times 10^{12}}"), "5.54e21 / 9.75e12 = 5.682e8 s as written; "
            "end to end 5.688e8 s -> 5.69e8 (explicit arithmetic on rounded operands); '≈ 6580 days' agrees at three "
            "figures with 6,583.6")
secs = R(3 * 1024 * 400000 * t1, 1) / R(975 * 10**10, 1)
e.claim(e.line("\\boxed{\\approx 18 年}"), "training time in years (18.04)", ["18"], [secs / 86400 / 365],
        rounded_int=True)
e.done()
