# Expected verdicts for en-complexity-hanyu-gpt2-xl-flops-anatomy.md, computed with plain SymPy (see oracle.py); not
# symattn's code.
# The notes count the parameters and the forward-pass matmul FLOPs (2mkn per (m x k)(k x n) product) of GPT-2 XL
# (V = 50,257, T = 1,024, L = 48, D = 1,600, F = 6,400; two-matrix FFN with biases, two 2-parameter norms per block
# and a final one, tied output head), then repeat the FLOP split for GPT-2 small/medium/large (F = 4D) and for
# T = 16,384.  Per block: FFN 4TDF = 41,943,040,000, projections 8TD^2 = 20,971,520,000, QK^T and AV 2T^2D each =
# 3,355,443,200; head 2TDV = 164,682,137,600; XL total 3,506,703,564,800 (57.41 / 28.71 / 9.19 / 4.70 %).
# Parameters: embeddings 82,049,600, blocks 48 x 30,734,400 = 1,475,251,200, total 1,557,304,000.
# Wrong lines (all slips; the three are truncations or a double rounding):
# - the expansion layer 1,600 x 6,400 + 6,400 = 10,246,400 = 10.25M, printed "10.24M" (truncated);
# - the blocks hold 1,475,251,200 = 1.48B parameters, printed "1.47B" (truncated);
# - GPT-2 large: 1,774,570,700,800 FLOPs = 1.77 TFLOPs, printed "1.78" (its percentages are right).
# Notes: the per-layer FFN line writes "2 x 1,600 x 6,400 + 2 x 6,400 x 1,600" without the factor T = 1,024, but the
# 41.9 GFLOPs it prints is the right per-layer cost; "+17.7 percentage points" is 57.4 - 39.8 = 17.6 as written but
# 17.650 end to end, so it agrees; the attention-matrix element counts (50M, 12,885M) and their fp32 sizes (0.2 GB,
# 51.5 GB) count one T x T matrix per layer (L T^2), the reading under which they are right.  The activation sizes
# (0.5 GB, 57 GB) are not derived in the article (ambiguous).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["complexity", "flops", "parameters", "memory", "markdown-table", "prose"])
L_ = e.line

V, T, NL, D, F = 50257, 1024, 48, 1600, 6400


def parts(L, d, t=1024, f=None):
    f = f or 4 * d
    ff = L * 4 * t * d * f
    proj = L * 8 * t * d * d
    att = L * 4 * t * t * d
    out = 2 * t * d * V
    return ff, proj, att, out


def pct(L, d, t=1024, f=None):
    p = parts(L, d, t, f)
    tot = sum(p)
    return [R(100 * x, tot) for x in p], tot


emb = V * D + T * D
blk_attn = 4 * D * D
blk_up = D * F + F
blk_down = F * D + D
blk_ffn = blk_up + blk_down
blk_ln = 2 * 2 * D
blk = blk_attn + blk_ffn + blk_ln
blocks = NL * blk
params = emb + blocks + 2 * D
G, Tr, M, B = 10 ** 9, 10 ** 12, 10 ** 6, 10 ** 9

xl_p, xl_tot = pct(NL, D, f=F)
ff, proj, att, out = parts(NL, D, f=F)

e.given(L_("Headline figures such as"), "headline figures quoted in the introduction")
e.claim(L_("[The 1.56 Billion Parameter Breakdown]"), "total parameters, in billions", ["1.56"], [R(params, B)])
e.claim(L_("[The 3.5 Trillion FLOPs Journey]"), "XL forward FLOPs, in trillions", ["3.5"], [R(xl_tot, Tr)])
e.claim(L_("[The 38× Computational Explosion]"), "16K / 1K total FLOPs", ["38"], [R(sum(parts(NL, D, 16384, F)), xl_tot)],
        rounded_int=True)
for s in ("**Vocabulary size**", "**Context/sequence length**", "**Layers**: 48", "**Embedding Model dimension",
          "**Attention heads**", "**Feed forward dimension"):
    e.given(L_(s), "GPT-2 XL configuration")

e.claim(L_("#### **The 1.56 Billion Parameter Breakdown**"), "total parameters, in billions", ["1.56"], [R(params, B)])
e.claim(L_("GPT-2 XL is usually quoted at"), "total parameters, in billions", ["1.56"], [R(params, B)])
ln = L_("**Token & Position Embeddings: 82M")
e.claim(ln, "embedding parameters (M)", ["82"], [R(emb, M)], rounded_int=True)
e.claim(ln, "embedding share", ["5.3"], [R(100 * emb, params)])
e.claim(L_("**Token embeddings**: 50,257 tokens"), "V x D in millions", ["80.4"], [R(V * D, M)])
e.claim(L_("**Position embeddings**: 1,024"), "T x D in millions", ["1.6"], [R(T * D, M)])
ln = L_("**Transformer Layers: 1.47B")
e.claim(ln, "block parameters in billions (1,475,251,200)", ["1.47"], [R(blocks, B)])
e.claim(ln, "block share", ["94.7"], [R(100 * blocks, params)])
e.claim(L_("*Multi-Head Attention (10.2M"), "attention parameters per block (M)", ["10.2"], [R(blk_attn, M)])
e.claim(L_("**Q, K, V projections**: 3 × (1,600 × 1,600)"), "3 D^2 (M)", ["7.68"], [R(3 * D * D, M)])
e.claim(L_("**Output projection**: 1,600 × 1,600"), "D^2 (M)", ["2.56"], [R(D * D, M)])
e.claim(L_("*Feed Forward Network (20.5M"), "FFN parameters per block (M)", ["20.5"], [R(blk_ffn, M)])
e.claim(L_("**Expansion layer (linear projection up)**"), "D F + F = 10,246,400 (M)", ["10.24"], [R(blk_up, M)])
e.claim(L_("**Contraction layer (linear project down)**"), "F D + D = 10,241,600 (M)", ["10.24"], [R(blk_down, M)])
number_claim(e, L_("*Layer Normalization (6,400 parameters"), "norm parameters per block", "6,400", sp.Integer(blk_ln))
number_claim(e, L_("**Two layer norms (e.g.,RMSNorm)**"), "2 x 2 x 1,600", "6,400", sp.Integer(blk_ln))
number_claim(e, L_("**Final Layer Norm"), "2 x 1,600", "3,200", sp.Integer(2 * D))
ln = L_("inside a block the feed-forward part owns")
e.claim(ln, "FFN and attention shares of a block's weights", ["67", "33"],
        [R(100 * blk_ffn, blk), R(100 * blk_attn, blk)], rounded_int=True)
e.claim(ln, "FFN : attention ratio", ["2"], [R(blk_ffn, blk_attn)], rounded_int=True)
ln = L_("**Total memory**: `1.56B × 4 bytes`")
e.claim(ln, "parameters (B) and fp32 bytes (GB)", ["1.56", "6.2"], [R(params, B), R(4 * params, G)])

e.given(L_(">3.14×2.71 → 1 FLOP"), "illustration of one FLOP")
e.given(L_(">(3.14 × 2.71) + 1.23 → 2 FLOPs"), "illustration of two FLOPs")
e.given(L_("> A GPU that can perform 1×10^12"), "definition of a TFLOPS")
e.given(L_("the FLOPs = 2 × M × N × K"), "counting rule")

ln = L_("**Feed Forward Networks: 2.01 TFLOPs (57.4%)**")
e.claim(ln, "FFN FLOPs (T) and share", ["2.01", "57.4"], [R(ff, Tr), xl_p[0]])
e.claim(L_("The `4×` widening (1,600 → 6,400)"), "F / D", ["4"], [R(F, D)])
e.claim(L_("- Per layer cost: 2 × 1,600 × 6,400"), "FFN FLOPs per layer 4TDF (G)", ["41.9"], [R(4 * T * D * F, G)])
ln = L_("- Total across all layers: 41.9 GFLOPs × 48")
e.claim(ln, "FFN per layer (G), all layers (T)", ["41.9", "2.01"], [R(4 * T * D * F, G), R(ff, Tr)])
ln = L_("**Attention Linear Projections: 1.01 TFLOPs (28.7%)**")
e.claim(ln, "projection FLOPs (T) and share", ["1.01", "28.7"], [R(proj, Tr), xl_p[1]])
e.claim(L_("- Per projection cost: 2 × 1,024 × 1,600 × 1,600"), "2TD^2 (G)", ["5.24"], [R(2 * T * D * D, G)])
e.claim(L_("- Per layer cost (4 projections): 4 × 5.24"), "one projection, four (G)", ["5.24", "20.97"],
        [R(2 * T * D * D, G), R(8 * T * D * D, G)])
e.claim(L_("- Total across all layers: 20.97 GFLOPs × 48"), "per layer (G), all layers (T)", ["20.97", "1.007"],
        [R(8 * T * D * D, G), R(proj, Tr)])
ln = L_("**Attention Computation: 0.32 TFLOPs (9.2%)**")
e.claim(ln, "QK^T + AV FLOPs (T) and share", ["0.32", "9.2"], [R(att, Tr), xl_p[2]])
for k in (1, 2):
    ln = L_("FLOPs per layer = 2 × 1024", k)
    number_claim(e, ln, "2 T^2 D per layer", "3,355,443,200", sp.Integer(2 * T * T * D))
    ln = L_("- Total across all layers: 3,355,443,200 × 48", k)
    number_claim(e, ln, "2 T^2 D per layer", "3,355,443,200", sp.Integer(2 * T * T * D))
    e.claim(ln, "48 x 2 T^2 D (T)", ["0.16"], [R(NL * 2 * T * T * D, Tr)])
ln = L_("**Output Projection: 0.16 TFLOPs (4.7%)**")
e.claim(ln, "head FLOPs (T) and share", ["0.16", "4.7"], [R(out, Tr), xl_p[3]])
e.claim(L_("- FLOPs: 2 × 1,024 × 1,600 × 50,257"), "2TDV (T)", ["0.16"], [R(out, Tr)])

e.claim(L_("**🥇 Feed forward (57.4%)**"), "FFN share", ["57.4"], [xl_p[0]])
ln = L_("**🥈 Attention projections (28.7%)**")
e.claim(ln, "projection share", ["28.7"], [xl_p[1]])
e.ambiguous(ln, "'close to 30%' is a rough bound, not a computed value")
ln = L_("**🥉 The attention mechanism itself (9.2%)**")
e.claim(ln, "attention share", ["9.2"], [xl_p[2]])
e.ambiguous(ln, "'under 10%' is a bound, not a computed value")
e.claim(L_("**🏅 Vocabulary projection (4.7%)**"), "head share", ["4.7"], [xl_p[3]])

rows = {"**Small**": (12, 768), "**Medium**": (24, 1024), "**Large**": (36, 1280), "**XL**": (48, 1600)}
printed = {"**Small**": ["0.29", "39.8", "19.9", "13.3", "27.1"],
           "**Medium**": ["0.83", "49.9", "24.9", "12.5", "12.7"],
           "**Large**": ["1.78", "54.5", "27.2", "10.9", "7.4"],
           "**XL**": ["3.51", "57.4", "28.7", "9.2", "4.7"]}
for name, (Ln, d) in rows.items():
    ln = L_(f"| {name} | {Ln} | {d} |")
    p, tot = pct(Ln, d)
    e.given(ln, f"{name} layers and d_model")
    e.claim(ln, f"{name} total FLOPs (T)", [printed[name][0]], [R(tot, Tr)])
    e.claim(ln, f"{name} FLOP shares", printed[name][1:], p)

s_p, _ = pct(12, 768)
ln = L_("- Small: 39.8% → XL: 57.4% (+17.7")
e.claim(ln, "FFN shares small / XL and the change", ["39.8", "57.4", "17.7"], [s_p[0], xl_p[0], xl_p[0] - s_p[0]])
ln = L_("- Small: 27.1% → XL: 4.7% (-22.4")
e.claim(ln, "head shares and the change", ["27.1", "4.7", "-22.4"], [s_p[3], xl_p[3], xl_p[3] - s_p[3]])
ln = L_("- Small: 13.3% → XL: 9.2% (-4.1")
e.claim(ln, "attention shares and the change", ["13.3", "9.2", "-4.1"], [s_p[2], xl_p[2], xl_p[2] - s_p[2]])
ln = L_("- Small: 19.9% → XL: 28.7% (+8.8")
e.claim(ln, "projection shares and the change", ["19.9", "28.7", "8.8"], [s_p[1], xl_p[1], xl_p[1] - s_p[1]])
ln = L_("Small models therefore spend most (27%)")
e.claim(ln, "head share small, FFN share XL", ["27", "57"], [s_p[3], xl_p[0]], rounded_int=True)

e.given(L_("Now stretch GPT-2 XL's window from 1,024 to 16,384"), "T = 16,384")
l_p, l_tot = pct(NL, D, 16384, F)
lp = parts(NL, D, 16384, F)
names = ["**Feed Forward**", "**Attention Projections**", "**Attention Computation**", "**Output Projection**"]
prn = {"**Attention Computation**": ("9.2", "61.8", "256", "+52.6", 2),
       "**Feed Forward**": ("57.4", "24.1", "16", "-33.3", 0),
       "**Attention Projections**": ("28.7", "12.1", "16", "-16.6", 1),
       "**Output Projection**": ("4.7", "2.0", "16", "-2.7", 3)}
for nm, (a, b, sc, ch, i) in prn.items():
    ln = L_(f"| {nm} | **{a}%**")
    e.claim(ln, f"{nm} shares at 1K and 16K, scaling, change", [a, b, sc, ch],
            [xl_p[i], l_p[i], R(lp[i], parts(NL, D, f=F)[i]), l_p[i] - xl_p[i]])
ln = L_("**Total FLOPs**: 3.5 TFLOPs → 133.4")
e.claim(ln, "totals (T)", ["3.5", "133.4"], [R(xl_tot, Tr), R(l_tot, Tr)])
e.claim(ln, "ratio of totals", ["38"], [R(l_tot, xl_tot)], rounded_int=True)
e.claim(L_("Attention's share jumps from 9% to 62%"), "attention shares", ["9", "62"], [xl_p[2], l_p[2]], rounded_int=True)
e.claim(L_("- **Sequence length scaling**: 1,024 → 16,384"), "16,384 / 1,024", ["16"], [R(16384, 1024)])
e.claim(L_("- **Linear components**"), "linear scaling", ["16"], [16])
e.claim(L_("- **Quadratic components**"), "16^2", ["16", "256"], [16, 256])
ln = L_("- **Attention matrices**: 50M → 12,885M")
e.claim(ln, "L T^2 elements at 1K (M)", ["50"], [R(NL * T * T, M)], rounded_int=True)
e.claim(ln, "ratio", ["256"], [256])
number_claim(e, ln, "L T^2 at T = 16,384, in millions", "12,885", R(NL * 16384 ** 2, M))
e.given(L_("- **Storage requirement**: Each attention head"), "16K x 16K per head (qualitative)")

ln = L_("- GPT-2 Small → XL: d_model grows 2.1x")
e.claim(ln, "D ratio, L ratio", ["2.1", "4"], [R(1600, 768), 4])
e.claim(ln, "FFN FLOP ratio (~17x)", ["17"], [R(parts(48, 1600, f=6400)[0], parts(12, 768)[0])], rounded_int=True)
e.claim(L_("- Dominates short-sequence/context window workloads (57%"), "FFN share", ["57"], [xl_p[0]], rounded_int=True)
e.claim(L_("- 1K → 16K context window"), "T ratio and T^2 ratio", ["16", "256"], [16, 256])
e.claim(L_("- Becomes dominant for long sequences (62%"), "attention share at 16K", ["62"], [l_p[2]], rounded_int=True)
e.claim(L_("- Model weights: Static ~6 GB"), "fp32 weights (GB)", ["6"], [R(4 * params, G)], rounded_int=True)
e.ambiguous(L_("- Short sequences (1K): ~0.5 GB activations"), "activation memory is not derived in the article")
e.ambiguous(L_("- Long sequences (16K): ~57 GB activations"), "activation memory is not derived in the article")
e.claim(L_("- 1K context: 0.2 GB attention matrices"), "fp32 L T^2 (GB)", ["0.2"], [R(4 * NL * T * T, G)])
e.claim(L_("- 16K context: 51.5 GB attention matrices"), "fp32 L T^2 at 16K (GB), ratio", ["51.5", "256"],
        [R(4 * NL * 16384 ** 2, G), 256])
e.claim(L_("#### **The 3.5 Trillion FLOPs Journey**"), "XL forward FLOPs, in trillions", ["3.5"], [R(xl_tot, Tr)])
e.claim(L_("#### **The 38× Computational Explosion**"), "16K / 1K total FLOPs", ["38"],
        [R(sum(parts(NL, D, 16384, F)), xl_tot)], rounded_int=True)
for s_ in ("one 1,600-wide row per token id", "Every one of the 48 blocks holds", "In fp32 (32 bits, i.e. 4 bytes",
           "for a forward pass over 1,024 input tokens", "- Each projection: (1,024 × 1,600) @ (1,600 × 1,600)",
           "- Matrix multiplication: (1,024 × 1,600) @ (1,600 × 1,024)",
           "- Matrix multiplication: (1,024 × 1,024)  @  (1,024 × 1,600)", "maps hidden states to 50,257",
           "- Input shape: (1,024 × 1,600)", "- Weight shape: (1,600 × 50,257)", "- Output shape: (1,024 × 50,257)",
           "| Component | 1K Context | 16K Context |"):
    e.given(L_(s_), "shapes / sizes restated from the configuration")
e.done()
