# Expected verdicts for en-complexity-j6hnsons-nanochat-d20-param-formula.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A guide in a nanochat fork (J6hnsonS) that counts transformer parameters by hand: 4*d^2 attention, 8*d^2 MLP,
# 12*d^2 per block, untied embedding and LM head, for nanochat's d20 model; a table of depths d4..d32 with fp32 memory;
# three exercises (a 32,000-vocab model, the saving of MQA in d20, the attention share).
# Inputs: d20 = vocab 65,536, d_model 1,280, 20 layers, 10 heads of 128; dN has d_model = 64*N and N layers, vocab 65,536;
#   memory = params * 4 bytes, read as decimal MB / GB (the only reading under which its 1.34 GB and 2.24 GB hold).
# Exact values: d20 embeddings 83,886,080; block 19,660,800; total 560,988,160 (561M); shares 14.95% / 70.09%;
#   table totals d4 36,700,160, d8 92,274,688, d12 185,597,952, d16 335,544,320, d26 1,081,999,360, d32 1,879,048,192;
#   fp32 bytes 146.8 MB, 369.1 MB, 742.4 MB, 1.342 GB, 2.244 GB, 4.328 GB, 7.516 GB; d26 block 12*1664^2 = 33,226,752.
# Wrong lines (4):
#   d4 / d8 / d12 rows: 148 / 368 / 744 MB are the rounded totals 37M / 92M / 186M times 4; from the exact counts the
#     fp32 sizes are 146.8 / 369.1 / 742.4 MB (and 140 / 352 / 708 MiB): wrong under both units -- drift.
#   d26 row: block 33.22M for 33,226,752 (33.23M, truncated) -- slip; 4.32 GB = 1.08B * 4 from the rounded total,
#     exactly 4.328 GB -- drift.
# Ambiguous (2 lines): "32K / 64K" vocabularies: 81.9M and 163.8M hold for 32,000 / 64,000 tokens, but the article's own
#   vocabulary 65,536 is what it elsewhere calls 64K (then 83.9M / 167.8M); which K is meant is not stated.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="en", topics=["complexity", "parameters", "mqa", "table", "thousands-commas", "box-drawing"])
I = sp.Integer
V, D, L = 65536, 1280, 20
emb = I(V * D)
att = I(4 * D * D)
mlp = I(8 * D * D)
blk = att + mlp
total = 2 * emb + L * blk
Mi = I(10) ** 6


def params(v, d, n):
    return I(2 * v * d + n * 12 * d * d)


def g(needle, what, nth=1, after=0):
    ln = e.line(needle, nth, after)
    e.given(ln, what)
    return ln


def n(needle, what, printed, exact, cause="slip", nth=1, after=0):
    ln = e.line(needle, nth, after)
    number_claim(e, ln, what, printed, exact, cause)
    return ln


# formula section: constants of the formulas and list numbering
g("Attention has 4 weight matrices", "4 attention matrices")
for k, s in ((1, "1. Q (Query)"), (2, "2. K (Key)"), (3, "3. V (Value)"), (4, "4. Output")):
    g(s, f"box list item {k}")
g("TOTAL = 4 × (d_model × d_model)", "formula 4*d^2")
g("MLP has 2 weight matrices", "2 MLP matrices, expansion 4")
g("1. Expand:", "box list item 1")
g("2. Project:", "box list item 2")
g("For expansion = 4:", "expansion 4")
g("TOTAL = 2 × (d_model × 4 × d_model)", "formula 8*d^2")
g("= 4 × d_model² + 8 × d_model²", "formula 4d^2 + 8d^2")
g("          = 12 × d_model²", "formula 12*d^2")

g("d20 model", "model name d20")
g("vocab_size = 65,536", "vocab 65,536")
g("d_model = 1,280", "d_model 1,280")
g("n_layers = 20", "20 layers")
g("n_heads = 10", "10 heads")
g("head_dim = 128", "head_dim 128")

g("#### 1️⃣", "step 1")
g("= 65,536 × 1,280", "operands")
n("= 83,886,080 parameters", "embedding parameters", "83,886,080", emb)
g("#### 2️⃣", "step 2")
for s in ("Q: ", "K: ", "V: ", "O: "):
    n(s + "1,280 × 1,280", f"{s[0]} projection 1,280^2", "1,638,400", I(D * D))
n("Total:           6,553,600", "attention per layer", "6,553,600", att)
g("4 × d_model²", "formula 4*d^2", after=95)
g("= 4 × 1,280²", "operands")
ln = e.line("= 4 × 1,638,400")
e.given(ln, "4 x 1,280^2 restated")
number_claim(e, ln, "1,280^2", "1,638,400", I(D * D))
n("= 6,553,600 ✓", "attention per layer by formula", "6,553,600", att)
g("#### 3️⃣", "step 3")
n("Expand:  1,280 × 5,120", "expand matrix", "6,553,600", I(D * 4 * D))
e.given(e.line("Expand:  1,280 × 5,120"), "5,120 = 4 x 1,280")
n("Project: 5,120 × 1,280", "project matrix", "6,553,600", I(D * 4 * D))
n("Total:                13,107,200", "MLP per layer", "13,107,200", mlp)
g("8 × d_model²", "formula 8*d^2", after=111)
g("= 8 × 1,280²", "operands")
ln = e.line("= 8 × 1,638,400")
e.given(ln, "8 x 1,280^2 restated")
number_claim(e, ln, "1,280^2", "1,638,400", I(D * D))
n("= 13,107,200 ✓", "MLP per layer by formula", "13,107,200", mlp)
g("#### 4️⃣", "step 4")
ln = e.line("= 6,553,600 + 13,107,200")
number_claim(e, ln, "attention restated", "6,553,600", att)
number_claim(e, ln, "MLP restated", "13,107,200", mlp)
n("= 19,660,800 parameters", "block parameters", "19,660,800", blk)
g("12 × d_model²", "formula 12*d^2", after=126)
g("= 12 × 1,280²", "operands")
ln = e.line("= 12 × 1,638,400")
e.given(ln, "12 x 1,280^2 restated")
number_claim(e, ln, "1,280^2", "1,638,400", I(D * D))
n("= 19,660,800 ✓", "block by formula", "19,660,800", blk)
g("#### 5️⃣", "step 5")
ln = e.line("= 20 × 19,660,800")
e.given(ln, "20 layers")
number_claim(e, ln, "block restated", "19,660,800", blk)
n("= 393,216,000 parameters", "all blocks", "393,216,000", L * blk)
g("#### 6️⃣", "step 6")
g("= 1,280 × 65,536", "operands")
n("= 83,886,080 parameters", "LM head parameters", "83,886,080", emb, nth=2)
g("#### 7️⃣", "step 7")
ln = e.line("= 83,886,080 + 393,216,000 + 83,886,080")
number_claim(e, ln, "embedding restated", "83,886,080", emb)
number_claim(e, ln, "blocks restated", "393,216,000", L * blk)
n("= 560,988,160 parameters", "total parameters", "560,988,160", total)
n("≈ 561M parameters", "total in millions", "561", total / Mi)

# picture
g("NANOCHAT d20 MODEL", "model name d20")
n("Total: 561M Parameters", "total in millions", "561", total / Mi)
g("│ 20 Blocks │", "20 blocks")
ln = e.line("│ 83.9M │")
e.claim(ln, "wte / blocks / lm_head in millions", ["83.9", "393.2", "83.9"], [emb / Mi, L * blk / Mi, emb / Mi])
ln = e.line("│ 15.0% │")
e.claim(ln, "shares of the total", ["15.0%", "70.1%"], [emb / total, L * blk / total])
n("19.66M params", "block in millions", "19.66", blk / Mi)
ln = e.line("│   6.55M     │")
e.claim(ln, "attention / MLP per block in millions", ["6.55", "13.11"], [att / Mi, mlp / Mi])
ln = e.line("│   33.3%     │")
e.claim(ln, "attention / MLP shares of a block", ["33.3%", "66.7%"], [att / blk, mlp / blk])

# insights
g("### 1. Inside a block", "heading 1")
g("MLP params      = 8 × d_model²", "formula 8*d^2")
g("Attention params = 4 × d_model²", "formula 4*d^2")
e.claim(e.line("Ratio = 2:1"), "MLP : attention", ["2"], [mlp / att])
e.claim(e.line("MLP holds 66.7%"), "MLP share of a block", ["66.7%"], [mlp / blk])
g("### 2. Embedding and head", "heading 2")
g("### 3. Block size grows", "heading 3")
e.claim(e.line("Double d_model → 4×"), "factor for doubling d_model", ["4"], [I(4)])
ln = e.line("d_model = 1,280 → block = 12 × 1,280² = 19.66M")
e.given(ln, "operands 12, 1,280")
e.claim(ln, "block in millions", ["19.66"], [blk / Mi])
ln = e.line("d_model = 2,560 → block")
e.given(ln, "operands 12, 2,560")
e.claim(ln, "block at d_model 2,560 (M) and factor", ["78.64", "4"], [I(12 * 2560 ** 2) / Mi, I(12 * 2560 ** 2) / blk])
g("### 4. Embeddings grow", "heading 4")
e.claim(e.line("Double vocab_size → 2×"), "factor for doubling vocab", ["2"], [I(2)])
for k, printed in ((32, "81.9"), (64, "163.8")):
    ln = e.line(f"vocab = {k}K → embeddings")
    e.given(ln, f"vocab {k}K, d_model 1280, factor 2")
    e.ambiguous(ln, f"{k}K as {k},000 gives {sp.N(I(2 * k * 1000 * D) / Mi, 5)}M ({printed} agrees), as {k * 1024:,} "
                    f"gives {sp.N(I(2 * k * 1024 * D) / Mi, 5)}M; the article's own vocabulary 65,536 is its '64K'")

# code
g("def count_parameters(", "default expansion 4")
g("embeddings = 2 * vocab_size * d_model", "factor 2 (untied)")
g("attention = 4 * d_model * d_model", "factor 4")
g("mlp = 2 * expansion * d_model * d_model", "factor 2")
ln = e.line('print(f"d20:')
e.given(ln, "d20 inputs 65536, 1280, 20; /1e6")
e.claim(ln, "d20 total (M)", ["561"], [params(65536, 1280, 20) / Mi], rounded_int=True)
ln = e.line('print(f"d12:')
e.given(ln, "d12 inputs 65536, 768, 12; /1e6")
e.claim(ln, "d12 total (M)", ["186"], [params(65536, 768, 12) / Mi], rounded_int=True)
ln = e.line('print(f"d32:')
e.given(ln, "d32 inputs 65536, 2048, 32; /1e6")
number_claim(e, ln, "d32 total (M)", "1,879", params(65536, 2048, 32) / Mi)

# pitfalls section (formula constants only)
for needle, what in (("### ❌ Pitfall 1", "heading 1"), ("### ❌ Pitfall 2", "heading 2"), ("### ❌ Pitfall 3", "heading 3"),
                     ("### ❌ Pitfall 4", "heading 4"), ("have 0 parameters", "0 parameters"),
                     ("# RMSNorm (functional) has 0", "0 parameters"), ("total = 2 × (vocab × d_model) + blocks", "factor 2"),
                     ("mlp_params = d_model × (4 × d_model)", "factor 4"), ("mlp_params = 2 × d_model × (4 × d_model)", "factors 2, 4")):
    g(needle, what)

# table
g("| Model | d_model |", "table header (fp32)")
for name, d, nl, printed, cause in (
        ("d4", 256, 4, ("0.79", "37", "148"), {}),
        ("d8", 512, 8, ("3.15", "92", "368"), {}),
        ("d12", 768, 12, ("7.08", "186", "744"), {}),
        ("d16", 1024, 16, ("12.58", "336", "1.34"), {}),
        ("d20", 1280, 20, ("19.66", "561", "2.24"), {}),
        ("d26", 1664, 26, ("33.22", "1.08", "4.32"), {}),
        ("d32", 2048, 32, ("50.33", "1.88", "7.52"), {})):
    ln = e.line(f"| {name}  ") if name != "d20" else e.line("| **d20** |")
    e.given(ln, f"{name}: d_model {d}, {nl} layers")
    b = I(12 * d * d)
    tot = params(65536, d, nl)
    e.claim(ln, f"{name} block params (M)", [printed[0]], [b / Mi], cause="slip")
    if printed[1].startswith("1."):
        e.claim(ln, f"{name} total params (B)", [printed[1]], [tot / 10 ** 9])
    else:
        number_claim(e, ln, f"{name} total params (M)", printed[1], tot / Mi)
    mem = 4 * tot
    if "." in printed[2]:
        e.claim(ln, f"{name} fp32 memory (GB = 10^9 bytes)", [printed[2]], [mem / 10 ** 9], cause="drift")
    else:
        number_claim(e, ln, f"{name} fp32 memory (MB)", printed[2],
                     [("MB = 10^6 bytes", mem / Mi), ("MiB = 2^20 bytes", mem / 2 ** 20)], cause="drift")
g("params × 4 bytes (fp32)", "4 bytes per fp32 parameter")

# exercises
g("### Exercise 1", "exercise 1")
g("- vocab_size = 32,000", "vocab 32,000")
g("- d_model = 512", "d_model 512")
g("- n_layers = 6", "6 layers")
g("- expansion = 4", "expansion 4")
n("Embeddings: 2 × 32,000 × 512", "embeddings", "32,768,000", I(2 * 32000 * 512))
n("One block: 12 × 512²", "block", "3,145,728", I(12 * 512 ** 2))
n("All blocks: 6 × 3,145,728", "all blocks", "18,874,368", I(6 * 12 * 512 ** 2))
ln = e.line("Total: 32,768,000 + 18,874,368")
tot1 = I(2 * 32000 * 512 + 6 * 12 * 512 ** 2)
number_claim(e, ln, "total", "51,642,368", tot1)
e.claim(ln, "total (M)", ["51.6"], [tot1 / Mi])
g("### Exercise 2", "exercise 2")
g("(n_kv_heads = 1)", "one KV head")
n("Original K params", "K params", "1,638,400", I(D * D))
n("Original V params", "V params", "1,638,400", I(D * D))
for s in ("MQA K params", "MQA V params"):
    ln = e.line(s)
    e.given(ln, "head_dim 128")
    number_claim(e, ln, f"{s}", "163,840", I(D * 128))
    e.claim(ln, "reduction factor", ["10"], [I(D * D) / (D * 128)])
n("Saved per block:", "saved per block", "2,949,120", I(2 * (D * D - D * 128)))
ln = e.line("Saved total: 20 × 2,949,120")
saved = I(20 * 2 * (D * D - D * 128))
number_claim(e, ln, "saved in all layers", "58,982,400", saved)
e.claim(ln, "saved (M)", ["59"], [saved / Mi], rounded_int=True)
ln = e.line("New total: 561M - 59M = 502M")
e.claim(ln, "total, saving, new total (M) and reduction", ["561", "59", "502", "10.5%"],
        [total / Mi, saved / Mi, (total - saved) / Mi, saved / total], rounded_int=True)
g("### Exercise 3", "exercise 3")
n("Attention per block: 6,553,600", "attention per block", "6,553,600", att)
n("All attention: 20 × 6,553,600", "all attention", "131,072,000", L * att)
n("Total model: 560,988,160", "total", "560,988,160", total)
ln = e.line("Percentage: 131,072,000 / 560,988,160")
e.claim(ln, "attention share", ["23.4%"], [L * att / total])

# summary
g("One Block:        12 × D²", "formula 12*D^2")
g("All Blocks:       L × 12 × D²", "formula L*12*D^2")
g("TOTAL = 2(V × D) + L × 12 × D²", "formula")
g("TOTAL ≈ 2VD + 12LD²", "formula")
g("For nanochat d20:", "d20")
g("= 2(65536)(1280) + 12(20)(1280²)", "operands")
ln = e.line("= 167,772,160 + 393,216,000")
number_claim(e, ln, "2VD", "167,772,160", 2 * emb)
number_claim(e, ln, "12LD^2", "393,216,000", L * blk)
n("= 560,988,160 ✓", "total", "560,988,160", total)
e.done()
