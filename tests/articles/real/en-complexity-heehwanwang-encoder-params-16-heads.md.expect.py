# Expected verdicts for en-complexity-heehwanwang-encoder-params-16-heads.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# A course homework solution (NLP teaching repository, week 3, problem 1.1-(e)) that counts the parameters of one
# Transformer encoder layer (MHA with biases, two-layer FFN with biases, two LayerNorms) for d_model = 512, 8 heads,
# d_ff = 2048, and again for 16 heads, d_ff = 4096.
# Inputs: d_model = 512, h = 8 -> 16, d_ff = 2048 -> 4096.
# Exact values: each projection 512^2 + 512 = 262,656; MHA 4 x 262,656 = 1,050,624 (any h); FFN(2048) 1,050,624 +
#   1,049,088 = 2,099,712; FFN(4096) 2,101,248 + 2,097,664 = 4,198,912; LN 2 x 1,024 = 2,048; totals 3,152,384 and
#   5,251,584; increase 2,099,200; FFN growth 2,099,200 / 2,099,712 = 99.976 % (-> +100%), ratio 1.99976 (-> 2.0);
#   relative growth 2,099,200 / 3,152,384 = 0.6659087... = 66.59 %; shares (old) 33.33 %, 66.61 %, 0.065 %;
#   (new) 20.006 %, 79.955 %, 0.039 %.
# Wrong lines:
#  - "= 0.66599... × 100%": 2,099,200 / 3,152,384 = 0.66590... (slip; digits 0.66599 printed).
#  - "≈ 66.60%" (working block), "RELATIVE GROWTH: 66.60%" and the summary row "66.60%": exact 66.5909 % -> 66.59 %
#    (carried from the 0.66599 slip).
#  - "FFN: 4,198,912 (79.9%)": 79.955 % -> 80.0 % at one decimal (slip; truncated).
# Ambiguous: "about a 2/3 increase" (a rough fraction), "below 0.1%" (a bound, not a value), and the
#   "(approximately)" bracket 2 x [2 x 512 x 2048 + 2048 + 512] that the article itself marks as approximate.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["complexity", "mha", "parameters", "code-block", "table"])
L = e.line
nc = number_claim

dm = 512
proj = dm * dm + dm                      # 262,656
mha = 4 * proj                           # 1,050,624
def ffn(dff):
    return (dm * dff + dff, dff * dm + dm)
f1o, f2o = ffn(2048)
f1n, f2n = ffn(4096)
ffn_o, ffn_n = f1o + f2o, f1n + f2n
ln = 2 * (2 * dm)
tot_o = mha + ffn_o + ln
tot_n = mha + ffn_n + ln
inc = tot_n - tot_o
rel = R(inc, tot_o)

# --- Part 1 -------------------------------------------------------------------------------
e.given(L("- **d_model** = 512"), "d_model = 512")
e.given(L("- **num_heads** = 8"), "h = 8")
e.given(L("- **d_ff** = 2048"), "d_ff = 2048")
ln_ = L("(d_k = d_v) = 512 / 8 = 64")
e.claim(ln_, "d_k = 512/8", ["64"], [R(512, 8)])
for name in ("Q", "K", "V"):
    nc(e, L(f"- **{name} projection**: W_{name} ∈ ℝ^(512×512) + bias → 512² + 512 = **262,656**"),
       f"{name} projection params", "262,656", proj)
nc(e, L("- **Output projection**: W_O ∈ ℝ^(512×512) + bias → 512² + 512 = **262,656**"), "O projection", "262,656", proj)
ln_ = L("- **Total MHA** = 4 × 262,656 = **1,050,624 parameters**")
nc(e, ln_, "4 x 262,656", "1,050,624", mha)
ln_ = L("- **First layer** (512 → 2048)")
nc(e, ln_, "512 x 2048 + 2048", "1,050,624", f1o)
ln_ = L("- **Second layer** (2048 → 512)")
nc(e, ln_, "2048 x 512 + 512", "1,049,088", f2o)
ln_ = L("- **Total FFN** = 1,050,624 + 1,049,088 = **2,099,712 parameters**")
nc(e, ln_, "FFN total", "2,099,712", ffn_o)
nc(e, L("- **First LayerNorm**: γ₁, β₁ ∈ ℝ^512 → 2 × 512 = **1,024**"), "LN 1", "1,024", 2 * dm)
nc(e, L("- **Second LayerNorm**: γ₂, β₂ ∈ ℝ^512 → 2 × 512 = **1,024**"), "LN 2", "1,024", 2 * dm)
nc(e, L("- **Total LayerNorm** = **2,048 parameters**"), "LN total", "2,048", ln)
nc(e, L("### **BASELINE TOTAL**"), "baseline total", "3,152,384", tot_o)

# --- Part 2 -------------------------------------------------------------------------------
e.given(L("- **d_model** = 512 (kept)"), "d_model = 512")
e.given(L("- **num_heads** = 16"), "h = 16 (twice 8)")
e.given(L("- **d_ff** = 4096"), "d_ff = 4096 (twice 2048)")
e.claim(L("(d_k = d_v) = 512 / 16 = **32**"), "d_k = 512/16", ["32", "64"], [R(512, 16), R(512, 8)])
e.claim(L("the head count doubles (8 → 16)"), "restated head counts", ["8", "16"], [8, 16])
e.claim(L("only the per-head width shrinks (64 → 32)"), "widths 64 -> 32, sum 512", ["64", "32", "512"],
        [R(512, 8), R(512, 16), 16 * R(512, 16)])
for name in ("Q", "K", "V"):
    ln_ = L(f"- **W_{name}**: ℝ^(512×512) + bias → 512² + 512 = 262,144 + 512 = **262,656**")
    nc(e, ln_, f"W_{name}: 512^2", "262,144", dm * dm)
    nc(e, ln_, f"W_{name}: total", "262,656", proj)
nc(e, L("**Q, K, V together**: 3 × 262,656 = **787,968 parameters**"), "3 x 262,656", "787,968", 3 * proj)
ln_ = L("- **W_O**: ℝ^(512×512) + bias → 512² + 512 = 262,144 + 512 = **262,656**")
nc(e, ln_, "W_O: 512^2", "262,144", dm * dm)
nc(e, ln_, "W_O total", "262,656", proj)
nc(e, L("**Total MHA (NEW)** = 787,968 + 262,656 = **1,050,624 parameters**"), "MHA new", "1,050,624", mha)
e.given(L("**d_ff is now 4096** (twice 2048)"), "d_ff restated")
ln_ = L("- Count: 512 × 4096 + 4096 = 2,097,152 + 4,096 = **2,101,248**")
nc(e, ln_, "512 x 4096", "2,097,152", dm * 4096)
nc(e, ln_, "W1 new total", "2,101,248", f1n)
ln_ = L("- Count: 4096 × 512 + 512 = 2,097,152 + 512 = **2,097,664**")
nc(e, ln_, "4096 x 512", "2,097,152", 4096 * dm)
nc(e, ln_, "W2 new total", "2,097,664", f2n)
nc(e, L("**Total FFN (NEW)** = 2,101,248 + 2,097,664 = **4,198,912 parameters**"), "FFN new", "4,198,912", ffn_n)
ln_ = L("**Against the baseline**: FFN was 2,099,712 → now 4,198,912")
nc(e, ln_, "FFN old restated", "2,099,712", ffn_o)
nc(e, ln_, "FFN new restated", "4,198,912", ffn_n)
nc(e, L("- **Growth**: 4,198,912 - 2,099,712 = **2,099,200 parameters**"), "FFN growth", "2,099,200", ffn_n - ffn_o)
e.claim(L("- **Ratio**: 4,198,912 / 2,099,712 ≈ **2.0×"), "FFN ratio", ["2.0"], [R(ffn_n, ffn_o)])
nc(e, L("- **First LayerNorm**: γ₁, β₁ ∈ ℝ^512 → 2 × 512 = **1,024**", nth=2), "LN 1 (new)", "1,024", 2 * dm)
nc(e, L("- **Second LayerNorm**: γ₂, β₂ ∈ ℝ^512 → 2 × 512 = **1,024**", nth=2), "LN 2 (new)", "1,024", 2 * dm)
nc(e, L("- **Total LayerNorm (NEW)** = **2,048 parameters**"), "LN new", "2,048", ln)

# --- Part 3 table ----------------------------------------------------------------------------
ln_ = L("| Component | Original (8 heads, d_ff=2048) | NEW (16 heads, d_ff=4096) | Change |")
e.given(ln_, "column headers restate the two configurations")
ln_ = L("| **Multi-Head Attention** | 1,050,624 | 1,050,624 | **0** (No change) |")
nc(e, ln_, "MHA both", "1,050,624", mha)
e.claim(ln_, "MHA change", ["0"], [0])
ln_ = L("| **Feed-Forward Network** | 2,099,712 | 4,198,912 | **+2,099,200** (+100%) |")
nc(e, ln_, "FFN old", "2,099,712", ffn_o)
nc(e, ln_, "FFN new", "4,198,912", ffn_n)
nc(e, ln_, "FFN change", "2,099,200", ffn_n - ffn_o)
e.claim(ln_, "FFN change in percent", ["+100%"], [R(ffn_n - ffn_o, ffn_o)])
ln_ = L("| **Layer Normalization** | 2,048 | 2,048 | **0** (No change) |")
nc(e, ln_, "LN both", "2,048", ln)
e.claim(ln_, "LN change", ["0"], [0])
ln_ = L("| **TOTAL** | **3,152,384** | **5,251,584** | **+2,099,200** |")
nc(e, ln_, "total old", "3,152,384", tot_o)
nc(e, ln_, "total new", "5,251,584", tot_n)
nc(e, ln_, "total change", "2,099,200", inc)
ln_ = L("### **NEW TOTAL** = 1,050,624 + 4,198,912 + 2,048 = **5,251,584 parameters**")
nc(e, ln_, "new total", "5,251,584", tot_n)

# --- Part 4 --------------------------------------------------------------------------------
nc(e, L("Original Total = 3,152,384"), "original total", "3,152,384", tot_o)
nc(e, L("New Total = 5,251,584"), "new total", "5,251,584", tot_n)
nc(e, L("Increase = 5,251,584 - 3,152,384 = 2,099,200"), "increase", "2,099,200", inc)
e.given(L("Percentage Increase = (2,099,200 / 3,152,384) × 100%"), "ratio written out")
e.claim(L("= 0.66599... × 100%"), "2,099,200 / 3,152,384", ["0.66599"], [rel])
e.claim(L("≈ 66.60%"), "relative growth in percent", ["66.60%"], [rel], cause="carried")
ln_ = L("### **RELATIVE GROWTH: 66.60%**")
e.claim(ln_, "relative growth restated", ["66.60%"], [rel], cause="carried")
e.ambiguous(ln_, "'about a 2/3 increase' is a rough fraction, not a computed value")

# --- Part 5 --------------------------------------------------------------------------------
e.claim(L("Doubling the heads (8 → 16)"), "head counts restated", ["8", "16"], [8, 16])
e.claim(L("- 8 heads: each head works in 512/8 = 64 dimensions"), "512/8", ["64"], [R(512, 8)])
e.claim(L("- 16 heads: each head works in 512/16 = 32 dimensions"), "512/16", ["32"], [R(512, 16)])
e.claim(L("- The heads together still cover 512, so W_Q, W_K, W_V, W_O stay **512×512**"), "16 x 32 = 512",
        ["512"], [16 * 32])
e.given(L("- Total MHA params = 4 × (d_model² + d_model)"), "general MHA formula")
e.claim(L("More heads therefore cost nothing in parameters"), "widths restated", ["32", "64"], [R(512, 16), R(512, 8)])
e.given(L("and d_ff was doubled (2048 → 4096)"), "d_ff restated")
nc(e, L("- First layer:  512 × 2048 + 2048 = 1,050,624"), "code: W1 old", "1,050,624", f1o)
nc(e, L("- Second layer: 2048 × 512 + 512  = 1,049,088"), "code: W2 old", "1,049,088", f2o)
nc(e, L("- Total:                            2,099,712"), "code: FFN old", "2,099,712", ffn_o)
nc(e, L("- First layer:  512 × 4096 + 4096 = 2,101,248"), "code: W1 new", "2,101,248", f1n)
nc(e, L("- Second layer: 4096 × 512 + 512  = 2,097,664"), "code: W2 new", "2,097,664", f2n)
nc(e, L("- Total:                            4,198,912"), "code: FFN new", "4,198,912", ffn_n)
e.claim(L("Ratio: 4,198,912 / 2,099,712 ≈ 2.0 (exactly doubled!)"), "code: ratio", ["2.0"], [R(ffn_n, ffn_o)])
e.given(L("FFN_params = d_model × d_ff + d_ff + d_ff × d_model + d_model"), "FFN formula")
e.given(L("= 2 × d_model × d_ff + d_ff + d_model"), "FFN formula simplified")
e.given(L("New FFN = 2 × 512 × 4096 + 4096 + 512"), "formula with d_ff = 4096 (no result printed)")
e.ambiguous(L("= 2 × [2 × 512 × 2048 + 2048 + 512]  (approximately)"),
            "the article marks this bracket as approximate (it equals 4,199,424, not 4,198,912)")
e.given(L("LayerNorm params = 2 × d_model (γ and β vectors)"), "LN formula")
nc(e, L("With d_model = 512 fixed, each LayerNorm keeps 2 × 512 = 1,024."), "LN per layer", "1,024", 2 * dm)

e.claim(L("#### Baseline (3.15M total):"), "baseline total in millions", ["3.15"], [R(tot_o, 10**6)])
ln_ = L("MHA:       1,050,624 (33.3%)")
nc(e, ln_, "MHA count", "1,050,624", mha)
e.claim(ln_, "MHA share old", ["33.3%"], [R(mha, tot_o)])
ln_ = L("FFN:       2,099,712 (66.6%)")
nc(e, ln_, "FFN count", "2,099,712", ffn_o)
e.claim(ln_, "FFN share old", ["66.6%"], [R(ffn_o, tot_o)])
ln_ = L("LayerNorm:     2,048 (0.1%)")
nc(e, ln_, "LN count", "2,048", ln)
e.claim(ln_, "LN share old", ["0.1%"], [R(ln, tot_o)])
e.claim(L("#### New configuration (5.25M total):"), "new total in millions", ["5.25"], [R(tot_n, 10**6)])
ln_ = L("MHA:       1,050,624 (20.0%)")
nc(e, ln_, "MHA count", "1,050,624", mha)
e.claim(ln_, "MHA share new", ["20.0%"], [R(mha, tot_n)])
ln_ = L("FFN:       4,198,912 (79.9%)")
nc(e, ln_, "FFN count", "4,198,912", ffn_n)
e.claim(ln_, "FFN share new", ["79.9%"], [R(ffn_n, tot_n)])
ln_ = L("LayerNorm:     2,048 (0.04%)")
nc(e, ln_, "LN count", "2,048", ln)
e.claim(ln_, "LN share new", ["0.04%"], [R(ln, tot_n)])
e.claim(L("- The FFN share grows further (80% vs 67%)"), "FFN shares", ["80%", "67%"],
        [R(ffn_n, tot_n), R(ffn_o, tot_o)])
e.claim(L("- The attention share falls (20% vs 33%)"), "MHA shares", ["20%", "33%"], [R(mha, tot_n), R(mha, tot_o)])
e.ambiguous(L("- LayerNorm stays below 0.1%"), "a bound ('below 0.1%'), not a value")

# --- Summary -------------------------------------------------------------------------------
nc(e, L("| **Original Total Parameters** | 3,152,384 |"), "summary old", "3,152,384", tot_o)
nc(e, L("| **NEW Total Parameters** | 5,251,584 |"), "summary new", "5,251,584", tot_n)
nc(e, L("| **Absolute Increase** | +2,099,200 |"), "summary increase", "2,099,200", inc)
e.claim(L("| **Percentage Increase** | **66.60%** |"), "summary percent", ["66.60%"], [rel], cause="carried")
nc(e, L("✅ **MHA**: unchanged (1,050,624)"), "MHA", "1,050,624", mha)
ln_ = L("✅ **FFN**: doubled (2,099,712 → 4,198,912)")
nc(e, ln_, "FFN old", "2,099,712", ffn_o)
nc(e, ln_, "FFN new", "4,198,912", ffn_n)
nc(e, L("✅ **LayerNorm**: unchanged (2,048)"), "LN", "2,048", ln)
e.claim(L("✅ **Total increase**: 2.1M parameters (~66.6% increase)"), "increase in millions and percent",
        ["2.1", "66.6%"], [R(inc, 10**6), rel])

# --- restated inputs and headers --------------------------------------------------------------
e.given(L("#### Layer Normalization (2 layers):"), "two LayerNorms")
e.given(L("**First FFN layer (512 → 4096)**:"), "layer shape")
e.given(L("- **W₁**: ℝ^(512×4096) + bias"), "matrix shape")
e.given(L("**Second FFN layer (4096 → 512)**:"), "layer shape")
e.given(L("- **W₂**: ℝ^(4096×512) + bias"), "matrix shape")
e.given(L("**Unchanged** (it only sees d_model = 512):"), "d_model restated")
e.given(L("Percentage Increase = ((New Total - Original Total) / Original Total) × 100%"), "formula")
e.given(L("Original FFN (d_ff = 2048):"), "d_ff restated")
e.given(L("New FFN (d_ff = 4096):"), "d_ff restated")
e.ambiguous(L("        ≈ 2 × Original FFN"), "a rough '≈ 2 ×' with no stated precision")
e.done()
