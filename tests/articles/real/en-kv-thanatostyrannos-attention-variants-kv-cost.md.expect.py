# Expected verdicts for en-kv-thanatostyrannos-attention-variants-kv-cost.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# The module prices the KV cache of Laguna S (L = 48: 12 global + 36 sliding layers with w = 512, n_kv = 8, d_h = 128,
# bf16) and of MHA/MQA/MLA at the same shape, mixing B, KiB, MiB, GiB and decimal GB:
# - 2*8*128*2 = 4096 B = 4 KiB per layer, 192 KiB per token; 131,072 and 1,048,576 tokens give 24 GiB and 192 GiB.
# - MHA 24,576 B, MQA 512 B, MLA (512 + 64)*2 = 1,152 B = 1.125 KiB; whole-stack MHA with 48/72 query heads on the
#   12/36 layers is 512*(12*48 + 36*72) = 1,622,016 B = 1.547 MiB = 8.25 x 192 KiB; 4096/1152 = 3.56.
# - hybrid = 48 KiB/token + a fixed 36*4 KiB*512 = 72 MiB: 1.5703 / 6.0703 / 48.0703 GiB at 32k/128k/1M, ratios
#   3.82 / 3.95 / 3.99; 6.0703 GiB = 6.518 GB -> 32.6 ms (30.7 tok/s), 24 GiB = 25.77 GB -> 128.9 ms (7.76 tok/s).
# - ridge 20.9e12 / 199.9e9 = 104.55 FLOP/byte; AI_MLA = 2*(2*512 + 64)/(576*2) = 1.889 n_q, 60.4 at n_q = 32.
# - small arm: 300M bf16 params = 572.2 MiB, 2*24*8*64*2 = 48 KiB/token, 384 MiB per 8k sequence (batch 2 exceeds the
#   weights), 32k x 8 = 12 GiB = 21.5 x 0.5588 GiB.
# One wrong line: the ridge table's MQA row, 32 / 104.55 = 30.6 %, printed "30%" - right only against the rounded
# "~105" ridge (32/105 = 30.5 %), so it is drift (its MHA row, 0.96 %, is right only against the unrounded ridge, which
# is the end-to-end value).  The 2.27 B / 0.53 B attention-parameter counts need the hidden size, which the article
# does not give (ambiguous).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, grouped_int_claim

e = Expect(__file__, language="en", topics=["kv", "mla", "gqa", "memory", "binary-units", "markdown-table", "code-block"])
L_ = e.line

KiB, MiB, GiB = 2**10, 2**20, 2**30
GB = 10**9
Lyr, Lg, Lw, w, nkv, dh, b = 48, 12, 36, 512, 8, 128, 2
per_layer = 2 * nkv * dh * b
stack = Lyr * per_layer
mha_layer = 2 * 48 * dh * b
mqa_layer = 2 * 1 * dh * b
mla_layer = (512 + 64) * b
mha_stack = 2 * dh * b * (Lg * 48 + Lw * 72)
grow = Lg * per_layer
fixed = Lw * per_layer * w
ctx = {"32k": 32768, "128k": 131072, "1M": 1048576}
ridge = R(209, 10) * 10**12 / (R(1999, 10) * 10**9)

e.given(L_("reference model is Laguna S 2.1: 48 layers"), "48 layers")
e.given(L_("so 12 global layers and 36 windowed layers with `w = 512`"), "12 global / 36 sliding layers, window 512")
e.given(L_("(2 for bf16, 1 for fp8)"), "bytes per element")
e.given(L_("(`L=48`, `n_kv=8`, `d_h=128`, bf16 so `b=2`)"), "reference model shape")
e.claim(L_("per layer, per token = 2 × 8 × 128 × 2 B"), "bytes per token per layer, in B and KiB",
        ["4096", "4"], [per_layer, R(per_layer, KiB)])
e.claim(L_("whole stack          = 48 × 4 KiB"), "per layer (restated) and whole stack, KiB",
        ["4", "192"], [R(per_layer, KiB), R(stack, KiB)])
ln = L_("a 128k context (131,072 tokens) would need exactly **24.0 GiB**")
e.claim(ln, "131,072 tokens x 192 KiB, GiB", ["24.0"], [R(131072 * stack, GiB)])
ln = L_("advertised 1,048,576-token context **192 GiB**")
e.claim(ln, "1,048,576 tokens x 192 KiB, GiB", ["192"], [R(1048576 * stack, GiB)])
e.given(ln, "measured fast tier >= 62 GiB")
e.given(L_("Laguna uses 48 query heads on global layers and 72"), "per-layer query heads")
ln = L_("is wrong for 36 of 48 layers")
e.given(ln, "36 of 48 layers are sliding")
e.claim(ln, "per-token KV (restated), KiB", ["192"], [R(stack, KiB)])
e.claim(L_("**192 KiB/token is exact,"), "per-token KV (restated), KiB", ["192"], [R(stack, KiB)])
e.claim(L_("48/8 = **6** on global layers"), "group size on global layers", ["6"], [R(48, 8)])
e.claim(L_("**9** on sliding layers."), "group size on sliding layers", ["9"], [R(72, 8)])
e.given(L_("`kv_lora_rank = 512` and `qk_rope_head_dim = 64`"), "Kimi MLA ranks")
e.claim(L_("**576 elements per token per layer**"), "MLA elements and KiB per token per layer",
        ["576", "1.125"], [512 + 64, R(mla_layer, KiB)])
e.given(L_("(`d_h = 128`, `n_q = 48` on a global layer)"), "comparison shape")
ln = L_("MHA   : 2 × 48 × 128 × 2 B")
grouped_int_claim(e, ln, "MHA bytes per token per layer", "24 576", mha_layer, " ")
e.claim(ln, "MHA KiB per token per layer", ["24.0"], [R(mha_layer, KiB)])
ln = L_("GQA-6 : 2 ×  8 × 128 × 2 B")
grouped_int_claim(e, ln, "GQA bytes per token per layer", "4 096", per_layer, " ")
e.claim(ln, "GQA KiB per token per layer", ["4.0"], [R(per_layer, KiB)])
e.claim(L_("MQA   : 2 ×  1 × 128 × 2 B"), "MQA bytes and KiB per token per layer", ["512", "0.5"],
        [mqa_layer, R(mqa_layer, KiB)])
ln = L_("MLA   :    (512 + 64) × 2 B")
grouped_int_claim(e, ln, "MLA bytes per token per layer", "1 152", mla_layer, " ")
e.claim(ln, "MLA KiB per token per layer", ["1.125"], [R(mla_layer, KiB)])
e.claim(L_("every layer treated as global: MHA 1.547 MiB/token"), "whole-stack MHA with 48/72 query heads, MiB",
        ["1.547"], [R(mha_stack, MiB)])
e.given(L_("Laguna's actual per-layer query counts of 48 and 72"), "query heads per layer type; 48 x 24 KiB named only")
e.claim(L_("GQA-8 192 KiB/token — an **8.25× reduction**"), "stack totals (KiB) and MHA/GQA ratio",
        ["192", "8.25", "24", "576", "54"],
        [R(stack, KiB), R(mha_stack, stack), R(Lyr * mqa_layer, KiB), 512 + 64, R(Lyr * mla_layer, KiB)])
e.claim(L_("4096/1152 = **3.56×**"), "GQA-8 / MLA bytes", ["4096", "1152", "3.56"],
        [per_layer, mla_layer, R(per_layer, mla_layer)])
e.claim(L_("the growing term is `12 × 4 KiB = 48 KiB per token`"), "growing term, KiB per token", ["48"], [R(grow, KiB)])
e.claim(L_("`36 × 4 KiB × 512 = 72 MiB`"), "fixed term, MiB", ["72"], [R(fixed, MiB)])
for key, lab in (("32k", "| 32k |"), ("128k", "| 128k |"), ("1M", "| 1M |")):
    T = ctx[key]
    allg = T * stack
    hyb = T * grow + fixed
    ln = L_(lab)
    row = e.lines[ln - 1].split("|")
    printed = [row[2].split()[0], row[3].replace("*", "").split()[0], row[4].strip().rstrip("×")]
    e.claim(ln, f"{key}: all-global GiB, hybrid GiB, ratio", printed, [R(allg, GiB), R(hyb, GiB), R(allg, hyb)])
ln = L_("`L / L_global` = 48/12 = **4×**")
e.claim(ln, "asymptotic saving", ["4"], [R(Lyr, Lg)])
e.given(ln, "3:1 hybrid ratio")
ln = L_("At 1M tokens Laguna-S needs 48 GiB of KV")
e.claim(ln, "1M-token hybrid KV and spare in a 62 GiB tier", ["48", "14"],
        [R(1048576 * grow + fixed, GiB), 62 - R(1048576 * grow + fixed, GiB)], rounded_int=True)
e.given(L_("In bf16 (`b = 2`) the intensity"), "bytes per element")
ln = L_("A measured 20.9 TFLOP/s bf16 GEMM")
e.given(ln, "measured GEMM throughput and copy bandwidth")
e.claim(L_("gives **≈105 FLOP per byte**"), "ridge point", ["105"], [ridge], rounded_int=True)
e.claim(L_("only 63% of the ~33 TFLOPS"), "measured / cited GEMM throughput", ["63%"], [R(209, 330)])
rows = [("| MHA | 1 | 1 |", 1, "0.96%"), ("| Laguna global layers |", R(48, 8), "5.7%"),
        ("| Laguna sliding layers |", R(72, 8), "8.6%"), ("| GQA-8 at `n_q`=32", R(32, 8), "3.8%"),
        ("| MQA at `n_q`=32 |", 32, "30%")]
for lab, G, frac in rows:
    ln = L_(lab)
    cells = [c.strip() for c in e.lines[ln - 1].split("|")]
    e.claim(ln, "group size and bf16 intensity", [cells[2], cells[3]], [G, G])
    e.claim(ln, "fraction of the ridge (20.9e12 / 199.9e9)", [frac], [G / ridge],
            cause="drift")
e.claim(L_("Laguna-S hybrid @128k :  6.07 GiB = 6.518 GB"), "hybrid 128k: GiB, GB, ms/token, tok/s",
        ["6.07", "6.518", "32.6"],
        [R(131072 * grow + fixed, GiB), R(131072 * grow + fixed, GB),
         R(131072 * grow + fixed, 1) * 1000 / (R(1999, 10) * GB)])
e.claim(L_("Laguna-S hybrid @128k :  6.07 GiB = 6.518 GB"), "hybrid 128k tokens per second", ["31"],
        [R(1999, 10) * GB / (131072 * grow + fixed)], rounded_int=True)
ln = L_("Same model, all-global:  24.0 GiB = 25.77 GB")
e.claim(ln, "all-global 128k: GiB and GB", ["24.0", "25.77"], [R(131072 * stack, GiB), R(131072 * stack, GB)])
e.claim(ln, "all-global 128k: ms/token and tokens per second", ["129", "8"],
        [R(131072 * stack, 1) * 1000 / (R(1999, 10) * GB), R(1999, 10) * GB / (131072 * stack)], rounded_int=True)
ai_mla = R(2 * (2 * 512 + 64), (512 + 64) * 2)
ln = L_("`AI_MLA ≈ 1.89 × n_q`")
e.given(ln, "Kimi ranks and bf16")
e.claim(ln, "MLA intensity per query head", ["1.89"], [ai_mla])
ln = L_("that is **≈60 FLOP/byte**, against **4** for GQA-8")
e.claim(ln, "MLA intensity at n_q = 32, GQA-8 intensity", ["60", "4"], [32 * ai_mla, R(32, 8)], rounded_int=True)
ln = L_("**15×** higher arithmetic intensity while the cache is only 3.6× smaller")
e.claim(ln, "intensity ratio", ["15"], [32 * ai_mla / 4], rounded_int=True)
e.claim(ln, "cache ratio GQA-8 / MLA", ["3.6"], [R(per_layer, mla_layer)])
e.claim(L_("would take batch ≈105"), "batch that reaches the ridge", ["105"], [ridge], rounded_int=True)
ln = L_("Laguna has `G=6` on 12 layers and `G=9` on 36")
e.claim(ln, "group sizes", ["6", "9"], [R(48, 8), R(72, 8)])
e.claim(L_("mis-predicts 75% of the layers"), "sliding share of layers", ["75%"], [R(Lw, Lyr)])
e.ambiguous(L_("hold 2.27 B attention parameters"),
            "attention parameter counts need the hidden size, which the excerpt does not give")
e.ambiguous(L_("the 12 global layers' 0.53 B"),
            "attention parameter counts need the hidden size, which the excerpt does not give")
e.given(L_("(24 layers, `n_kv=8`, `d_h=64`, bf16, all-global, 300M params)"), "small-arm shape")
small_kv = 2 * 24 * 8 * 64 * 2
weights = 300 * 10**6 * 2
e.claim(L_("weights are 572 MiB and KV is 48 KiB/token"), "small-arm weights MiB and KV KiB/token", ["572", "48"],
        [R(weights, MiB), R(small_kv, KiB)], rounded_int=True)
batch = next(B for B in range(1, 100) if B * 8192 * small_kv > weights)
ln = L_("**batch 2 on an 8k context**")
e.claim(ln, "first batch whose 8k KV exceeds the weights", ["2"], [batch])
e.claim(ln, "32k x batch 8 KV (GiB) and weights (GiB)", ["12", "0.56"], [R(32768 * 8 * small_kv, GiB), R(weights, GiB)])
e.claim(L_("21× ratio."), "KV / weights", ["21"], [R(32768 * 8 * small_kv, weights)], rounded_int=True)
e.done()
