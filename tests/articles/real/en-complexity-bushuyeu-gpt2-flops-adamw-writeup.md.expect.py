# Expected verdicts for en-complexity-bushuyeu-gpt2-flops-adamw-writeup.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A learner's CS336-style homework draft (ECE496B assignment 1): parameter and forward-FLOP accounting of GPT-2 XL
# (V = 50,257, S = 1,024, L = 48, D = 1,600, H = 25, d_ff = 6,400) and of the GPT-2 family with d_ff = 4 D and a
# three-matrix SwiGLU (matmul = 2mnp FLOPs, GFLOPs/TFLOPs = 10^9/10^12), then AdamW memory/FLOP accounting
# (float32, its own two-matrix FFN: P = L(12D^2 + 2D) + 2VD + D) and an A100 training-time estimate (19.5 TFLOP/s
# x 0.5, B = 1024, 400K steps).  The author's modelling choices (which matrices, which activations) are not judged;
# each product is judged as written.
# Exact values: per block 40,963,200, total 2,127,057,600 params, 8,508,230,400 B = 8.51 GB.
#   S = 1024 GFLOPs (attn proj, QK^T, FFN, LM head, total):
#     small 57.9821, 19.3274, 173.9462, 79.0474, 349.6304; medium 206.1584, 51.5396, 618.4753, 105.3966, 1033.1095;
#     large 483.1838, 96.6368, 1449.5515, 131.7457, 2257.7545; XL 1006.633, 161.0613, 3019.8989, 164.6821, 4513.3365.
#   S = 16,384 (XL) TFLOPs: 16.1061, 41.2317, 48.3184, 2.6349, total 149.5228 (33.13x); QK^T + AV share 55.15%.
#   AdamW: P = 1,635,537,600, 16P = 26,168,601,600 B, activations per sample 2,622,785,536 floats = 10,491,142,144 B,
#   B <= 5.131 -> 5; 15 P = 24.533 GFLOPs; forward 3,342.0214 + 164.6821 = 3,506.7036 GFLOPs, x1024 = 3,590,864.45
#   GFLOPs = 3,590.86 TFLOPs, x3 = 10,772.59 TFLOPs, / 9.75 = 1,104.88 s, x 400,000 = 441,952,548 s = 5,115.19 days
#   = 14.01 years.
# Wrong lines:
#   - small FFN "174.0 GFLOPs": 173,946,175,488 FLOPs = 173.9 GFLOPs (slip: rounded up).
#   - small LM head "79.1 GFLOPs": 79,047,426,048 = 79.0 GFLOPs (slip: rounded up).
#   - "from 7.2% combined": the two score shares are 3.569% each, 7.138% together -> 7.1% (drift: 3.6% + 3.6%).
# Ambiguous (explicit arithmetic on rounded operands, right as written, policy item 5):
#   - "3,506.7 x 1024 = 3,590,861 GFLOPs" (exact 3,590,864.45; the final "3,591 TFLOPs" on the line agrees);
#   - "1,105 x 400,000 = 442,000,000 s / 86,400 = 5,116 days" (exact 441,952,548 s, 5,115.19 days; the chain's end
#     "14.0 years" agrees).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim, agrees


def dec(e, line, what, printed, exact, cause="slip"):
    """A decimal printed with thousands commas ("1,033.1" = 1033.1): agreement at its printed places."""
    assert printed in e.lines[line - 1], (line, printed)
    plain = printed.replace(",", "")
    ent = e._entry(line)
    item = {"what": what + " (thousands commas)", "printed": [printed]}
    if not agrees(plain, exact):
        item.update(wrong=[{"printed": printed, "exact": str(sp.N(exact, 8))}], cause=cause)
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


e = Expect(__file__, language="en", topics=["complexity", "flops", "parameters", "memory", "table"])
G, T = sp.Integer(10) ** 9, sp.Integer(10) ** 12
V = 50257

# --- 3.6 (a) parameters ------------------------------------------------------------------
e.given(e.line("GPT-2 XL config: vocab_size=50,257"), "GPT-2 XL configuration")
D, FF, NL = 1600, 6400, 48
number_claim(e, e.line("| RMSNorm (×2) | 2 × d_model | 3,200 |"), "2 d_model", "3,200", 2 * D)
number_claim(e, e.line("| Q/K/V projections | 3 × d_model² |"), "3 d_model^2", "7,680,000", 3 * D * D)
number_claim(e, e.line("| Output projection | d_model² |"), "d_model^2", "2,560,000", D * D)
number_claim(e, e.line("| SwiGLU (W1, W2, W3) |"), "3 d_model d_ff", "30,720,000", 3 * D * FF)
blk = 2 * D + 4 * D * D + 3 * D * FF
number_claim(e, e.line("**Per block total**"), "per-block parameters", "40,963,200", blk)
number_claim(e, e.line("| Token embedding | vocab_size × d_model |"), "V d_model", "80,411,200", V * D)
L = e.line("| 48 Transformer blocks |")
number_claim(e, L, "48 x 40,963,200", "1,966,233,600", NL * blk)
number_claim(e, e.line("| Final RMSNorm | d_model | 1,600 |"), "final RMSNorm", "1,600", D)
number_claim(e, e.line("| LM head | d_model × vocab_size |"), "LM head", "80,411,200", V * D)
P1 = V * D + NL * blk + D + V * D
L = e.line("**2,127,057,600 ≈ 2.13B**")
number_claim(e, L, "total parameters", "2,127,057,600", P1)
e.claim(L, "total in billions", ["2.13"], [R(P1, 10**9)])
L = e.line("Memory (float32): 2,127,057,600 × 4 bytes")
number_claim(e, L, "fp32 bytes in GB", "8.51", [("GB = 10^9 B", R(4 * P1, 10**9)), ("GiB", R(4 * P1, 2**30))])

# --- 3.6 (c) ---------------------------------------------------------------------------------
e.claim(e.line("so it costs about 3× the attention projections"), "FFN / attention projections = 24SD^2 / 8SD^2",
        ["3"], [R(3 * 2 * D * 4 * D, 4 * 2 * D * D)])

# --- 3.6 (d) family --------------------------------------------------------------------------
sizes = {"Small": (12, 768), "Medium": (24, 1024), "Large": (36, 1280), "XL": (48, 1600)}
printed = {
    "Small": ("58.0", "19.3", "174.0", "79.1", "349.6"),
    "Medium": ("206.2", "51.5", "618.5", "105.4", "1,033.1"),
    "Large": ("483.2", "96.6", "1,449.6", "131.7", "2,257.8"),
    "XL": ("1,006.6", "161.1", "3,019.9", "164.7", "4,513.3"),
}
S = 1024
parts = {}
for name, (nl, d) in sizes.items():
    f = 4 * d
    ap, qk, ffn, lm = nl * 4 * 2 * S * d * d, nl * 2 * S * S * d, nl * 3 * 2 * S * d * f, 2 * S * d * V
    tot = ap + 2 * qk + ffn + lm
    parts[name] = (ap, qk, ffn, lm, tot)
    h = e.line(f"**GPT-2 {name}** (")
    e.given(h, f"GPT-2 {name}: {nl} layers, d_model {d}")
    pa, pq, pf, pl, pt = printed[name]
    dec(e, e.line("- Attn projections:", after=h), f"{name} attention projections GFLOPs", pa, R(ap, G))
    dec(e, e.line("- QK^T:", after=h), f"{name} QK^T GFLOPs", pq, R(qk, G))
    dec(e, e.line("- Attn × V: same", after=h), f"{name} attn x V GFLOPs", pq, R(qk, G))
    dec(e, e.line("- FFN (SwiGLU):", after=h), f"{name} SwiGLU GFLOPs", pf, R(ffn, G))
    dec(e, e.line("- LM head:", after=h), f"{name} LM head GFLOPs", pl, R(lm, G))
    dec(e, e.line("- **Total:", after=h), f"{name} total GFLOPs", pt, R(tot, G))

rows = {"| Attn projections (QKV+O) | 16.6%": 0, "| QK^T scores | 5.5%": 1, "| Attention × V | 5.5%": 1,
        "| FFN (SwiGLU) | 49.8%": 2, "| LM head | 22.6%": 3}
for needle, k in rows.items():
    ln = e.line(needle)
    cells = [c.strip() for c in e.lines[ln - 1].split("|")[2:-1]]
    e.claim(ln, f"share table row {needle.split('|')[1].strip()}", cells,
            [R(parts[n][k], parts[n][4]) for n in sizes])
ln = e.line("| **Total GFLOPs** |")
for n, p in zip(sizes, ["350", "1,033", "2,258", "4,513"]):
    number_claim(e, ln, f"{n} total GFLOPs (integer)", p, R(parts[n][4], G))
ln = e.line("the SwiGLU block grows its share (50% → 67%)")
s, x = parts["Small"], parts["XL"]
e.claim(ln, "FFN share small -> XL", ["50%", "67%"], [R(s[2], s[4]), R(x[2], x[4])])
e.claim(ln, "score-product share small -> XL", ["11%", "7%"], [R(2 * s[1], s[4]), R(2 * x[1], x[4])])
e.claim(ln, "LM head share small -> XL", ["23%", "4%"], [R(s[3], s[4]), R(x[3], x[4])])

# --- 3.6 (e) S = 16,384 ---------------------------------------------------------------------
S2 = 16384
ap2, qk2, ffn2, lm2 = NL * 4 * 2 * S2 * D * D, NL * 2 * S2 * S2 * D, NL * 3 * 2 * S2 * D * FF, 2 * S2 * D * V
tot2 = ap2 + 2 * qk2 + ffn2 + lm2
h = e.line("**GPT-2 XL** (48 layers, d_model=1600, 25 heads, d_ff=6400, S=16,384)")
e.given(h, "GPT-2 XL at S = 16,384")
e.claim(e.line("- Attn projections:", after=h), "attention projections TFLOPs", ["16.11"], [R(ap2, T)])
e.claim(e.line("- QK^T:", after=h), "QK^T TFLOPs", ["41.23"], [R(qk2, T)])
e.claim(e.line("- Attn × V: same", after=h), "attn x V TFLOPs", ["41.23"], [R(qk2, T)])
e.claim(e.line("- FFN (SwiGLU):", after=h), "SwiGLU TFLOPs", ["48.32"], [R(ffn2, T)])
e.claim(e.line("- LM head:", after=h), "LM head TFLOPs", ["2.63"], [R(lm2, T)])
ln = e.line("- **Total: 149.5 TFLOPs**")
e.claim(ln, "total and S=1024 total", ["149.5", "4.5"], [R(tot2, T), R(x[4], T)])
e.claim(ln, "growth factor (a rounded ratio, 33.13)", ["33"], [R(tot2, x[4])], rounded_int=True)
rows2 = {"| Attn projections (QKV+O) | 22.3% | 10.8% |": (0, ap2), "| QK^T scores | 3.6% | 27.6% |": (1, qk2),
         "| Attention × V | 3.6% | 27.6% |": (1, qk2), "| FFN (SwiGLU) | 66.9% | 32.3% |": (2, ffn2),
         "| LM head | 3.6% | 1.8% |": (3, lm2)}
for needle, (k, v2) in rows2.items():
    ln = e.line(needle)
    cells = [c.strip() for c in e.lines[ln - 1].split("|")[2:-1]]
    e.claim(ln, f"S=1,024 vs S=16,384 share row {needle.split('|')[1].strip()}", cells,
            [R(x[k], x[4]), R(v2, tot2)])
ln = e.line("a context 16× longer makes each of them 256× dearer")
e.claim(ln, "growth of each score product", ["256"], [R(qk2, x[1])])
e.claim(ln, "combined score share at S=1,024 (exact 7.138%)", ["7.2%"], [R(2 * x[1], x[4])], cause="drift")
e.claim(ln, "combined score share at S=16,384", ["55.2%"], [R(2 * qk2, tot2)])
ln = e.line("falls from 67% to 32%")
e.claim(ln, "FFN share 1,024 -> 16,384", ["67%", "32%"], [R(x[2], x[4]), R(ffn2, tot2)])
e.claim(ln, "growth of the whole pass (a rounded ratio, 33.13)", ["33"], [R(tot2, x[4])], rounded_int=True)

# --- 4.3 AdamW accounting ---------------------------------------------------------------------
ln = e.line("Per-block total: 2BSD + 3BSD")
e.claim(ln, "BSD terms 2+3+1+1+1+4+4", ["16"], [sp.Integer(2 + 3 + 1 + 1 + 1 + 4 + 4)])
e.given(e.line("GPT-2 XL: L=48, D=1600, H=25, S=1024, V=50257, F=6400."), "GPT-2 XL sizes for (b)")
H = 25
P = NL * (12 * D * D + 2 * D) + 2 * V * D + D
e.given(e.line("P = 48·(12·1600² + 2·1600) + 2·50257·1600 + 1600"), "P written out")
ln = e.line("= 48·(30,720,000 + 3,200) + 160,822,400 + 1,600")
number_claim(e, ln, "12 * 1600^2", "30,720,000", 12 * D * D)
number_claim(e, ln, "2 * 1600", "3,200", 2 * D)
number_claim(e, ln, "2 * 50257 * 1600", "160,822,400", 2 * V * D)
ln = e.line("= 1,474,713,600 + 160,824,000")
number_claim(e, ln, "48 * 30,723,200", "1,474,713,600", NL * (12 * D * D + 2 * D))
number_claim(e, ln, "160,822,400 + 1,600", "160,824,000", 2 * V * D + D)
number_claim(e, ln, "P", "1,635,537,600", P)
e.claim(ln, "P in billions", ["1.64"], [R(P, 10**9)])
ln = e.line("Fixed cost = 16P")
number_claim(e, ln, "16 P bytes", "26,168,601,600", 16 * P)
e.claim(ln, "16 P in GB", ["26.17"], [R(16 * P, 10**9)])
ln = e.line("Per-block: 16·1024·1600 + 25·1024²")
number_claim(e, ln, "16 S D", "26,214,400", 16 * 1024 * D)
number_claim(e, ln, "H S^2", "26,214,400", H * 1024 * 1024)
number_claim(e, ln, "per-block activations", "52,428,800", 16 * 1024 * D + H * 1024 ** 2)
act_blk = 16 * 1024 * D + H * 1024 ** 2
number_claim(e, e.line("All blocks: 48 × 52,428,800"), "48 blocks", "2,516,582,400", NL * act_blk)
ln = e.line("Model-level: 2·1024·1600 + 2·1024·50257")
number_claim(e, ln, "2 S D", "3,276,800", 2 * 1024 * D)
number_claim(e, ln, "2 S V", "102,926,336", 2 * 1024 * V)
number_claim(e, ln, "model-level activations", "106,203,136", 2 * 1024 * D + 2 * 1024 * V)
act = NL * act_blk + 2 * 1024 * D + 2 * 1024 * V
ln = e.line("Total per sample: 2,622,785,536 floats")
number_claim(e, ln, "activation floats per sample", "2,622,785,536", act)
number_claim(e, ln, "activation bytes per sample", "10,491,142,144", 4 * act)
e.claim(ln, "per-sample GB", ["10.49"], [R(4 * act, 10**9)])
e.claim(e.line("Memory (GB) ≈ **10.49 · batch_size + 26.17**"), "memory model coefficients", ["10.49", "26.17"],
        [R(4 * act, 10**9), R(16 * P, 10**9)])
ln = e.line("80 ≥ 10.49·B + 26.17")
bmax = (80 * sp.Integer(10) ** 9 - 16 * P) / (4 * act)
e.claim(ln, "batch bound", ["5.13"], [bmax])
e.claim(ln, "largest integer batch", ["5"], [sp.floor(bmax)])
e.claim(e.line("Total: **~15 FLOPs per parameter per step**"), "3+4+1+1+4+2", ["15"], [sp.Integer(15)])
e.claim(e.line("For GPT-2 XL: 15 × 1.64B"), "15 P in GFLOPs", ["24.5"], [R(15 * P, G)])

# --- 4.3 (d) training time ------------------------------------------------------------------
blkF = NL * (24 * 1024 * D * D + 4 * 1024 * 1024 * D)
lmF = 2 * 1024 * D * V
fwd = blkF + lmF
ln = e.line("All blocks: L·(24SD² + 4S²D)")
number_claim(e, ln, "D^2 restated", "2,560,000", D * D)
number_claim(e, ln, "S^2", "1,048,576", 1024 * 1024)
dec(e, ln, "all blocks GFLOPs", "3,342.0", R(blkF, G))
e.claim(e.line("LM head: 2·S·D·V = 2·1024·1600·50257"), "LM head GFLOPs", ["164.7"], [R(lmF, G)])
dec(e, e.line("Total forward (B=1): **3,506.7 GFLOPs**"), "forward GFLOPs", "3,506.7", R(fwd, G))
ln = e.line("With B=1024: 3,506.7 × 1024")
e.ambiguous(ln, "3,506.7 x 1024 = 3,590,860.8 -> 3,590,861 is right as written on the rounded 3,506.7, but the exact "
                "forward FLOPs give 3,590,864.45 GFLOPs (explicit arithmetic on a rounded operand); the line's "
                "'3,591 TFLOPs' agrees end to end (3,590.86)")
number_claim(e, e.line("Backward ≈ 2× forward: 7,182 TFLOPs"), "backward TFLOPs", "7,182", R(2 * 1024 * fwd, T))
number_claim(e, e.line("Total per step: 3,591 + 7,182"), "step TFLOPs", "10,773", R(3 * 1024 * fwd, T))
ln = e.line("A100 at 50% MFU: 19.5 × 0.5")
e.claim(ln, "19.5 x 0.5", ["9.75"], [R(39, 2) / 2])
step_s = R(3 * 1024 * fwd, T) / R(975, 100)
number_claim(e, e.line("Time per step: 10,773 / 9.75"), "seconds per step", "1,105", step_s)
ln = e.line("Total for 400K steps: 1,105 × 400,000")
e.ambiguous(ln, "1,105 x 400,000 = 442,000,000 s and / 86,400 = 5,115.7 -> 5,116 days are right as written from "
                "the rounded 1,105 s, but end to end they are 441,952,548 s and 5,115.19 days (explicit arithmetic "
                "on rounded operands); the chain's end '14.0 years' agrees (14.01)")
e.done()
