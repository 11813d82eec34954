# Expected verdicts for en-flash-jplaulau14-online-softmax-n8-blocks.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# An English FlashAttention deep dive: the N^2 memory wall in numbers, a two-block online-softmax trace for query
# row 0 (N = 8, d = 4, block_size = 4), a memory table from the repository's memory_analysis helper, a GPU
# compute/bandwidth table, an SRAM tile size and a quick-reference code block.
# Inputs: N = 8192, FP16 (2 bytes); 32 heads x 32 layers x batch 32; 32K = 32768 context; scores of row 0 (stated,
#   already scaled): block 0 = [0.8, 0.3, -0.1, 0.5], block 1 = [1.2, -0.4, 0.6, 0.1]; memory table N = 1024, d = 64,
#   block 32, float32 (statistics m, l in float64, 8 bytes); A100 312 TFLOPS / 2.0 TB/s, H100 990 / 3.35;
#   tile 64 x 64 FP16.
# Exact values: 8192^2 x 2 = 134,217,728 B = 128 MiB (134.2 MB decimal); x2 = 256 MiB; 32^3 x 256 = 8,388,608
#   (MiB) = 8 TiB (8.39 TB decimal); 32 x 32768^2 x 2 x 2 = 137,438,953,472 B = 128 GiB (137.4 GB).
#   Block 0: exp([0, -0.5, -0.9, -0.3]) = [1, 0.606531, 0.406570, 0.740818] -> [1.000, 0.607, 0.407, 0.741];
#   l~ = 2.753919 -> 2.754 (the sum of the rounded terms is 2.755).
#   Block 1: exp([0, -1.6, -0.6, -1.1]) = [1, 0.201897, 0.548812, 0.332871] -> [1.000, 0.202, 0.549, 0.333];
#   l~ = 2.083579 -> 2.084; alpha = exp(-0.4) = 0.670320 -> 0.670; alpha l_1 = 1.846007 -> 1.846;
#   l = 3.929586 -> 3.930 (= sum of the 8 exponentials against 1.2).
#   Memory table (binary units, as the helper prints them): S, P = 1024^2 x 4 = 4 MiB each; tiles 32^2 x 4 = 4 KiB;
#   ratio 1024; statistics 2 x 1024 x 8 = 16 KiB; output 1024 x 64 x 4 = 256 KiB; totals 8.25 MiB and 280 KiB,
#   ratio 30.17.  N = 4096: standard 135,266,304 B = 129 MiB (135.3 MB); tiled 1,122,304 B = 1.07 MiB (1.12 MB);
#   block matrices 8 KiB.  GPU ratios 312/2.0 = 156, 990/3.35 = 295.5 -> 296.  Tile 64 x 64 x 2 = 8 KiB.
#   sqrt(128) = 11.31.
# Sizes agree when they agree in decimal or binary units (the article computes in binary throughout).
# Wrong lines (all from one rounding: l after block 0 is 2.754, the author carries 2.755 = sum of rounded terms):
#   - "l~ = 1.000 + 0.607 + 0.407 + 0.741 = 2.755" is right as written on the rounded terms: ambiguous, not wrong.
#   - "l_new = 0 . 0 + 2.755 . 1 = 2.755": restates l after block 0 as 2.755 (exact 2.754): drift.
#   - block-0 output formula "... / 2.755": same value as denominator: drift.
#   - "Store: m_0 = 0.8, l_0 = 2.755": drift.
#   - "m_old = 0.8, l_old = 2.755": drift.
#   - "l_new = 2.755 . 0.670 + 2.084 . 1.000 = 1.846 + 2.084 = 3.930": operand 2.755 drifts (exact 2.754); the results
#     1.846 and 3.930 agree end to end.
#   - block-1 output formula "O_old . 0.670 . 2.755 + ... / 3.930": operand 2.755: drift.
#   - prose "O_old . 0.670 . 2.755": drift.
# Ambiguous: the 2.755 sum line (policy above); "~130 MB" at N = 4096 (129 MiB / 135.3 MB: right only as a
#   two-significant-figure round figure in binary units, the precision is not stated; an ambiguous element on a line
#   whose other values, ~1.1 MB and 8 KB, agree); "roughly 30--40 KB" (a range
#   over "a few more KB" the article does not size).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim, grouped_int_claim

e = Expect(__file__, language="en", topics=["flash", "softmax", "latex-display", "table", "complexity"])


def sizes(nbytes, unit):
    """Decimal and binary readings of a byte count (unit 1 = K, 2 = M, 3 = G, 4 = T)."""
    names = {1: "KB", 2: "MB", 3: "GB", 4: "TB"}[unit]
    return [(f"decimal {names}", sp.Integer(nbytes) / sp.Integer(10) ** (3 * unit)),
            (f"binary {names[0]}i{names[1]}", sp.Integer(nbytes) / sp.Integer(2) ** (10 * unit))]


# --- memory wall --------------------------------------------------------------------------------
e.given(e.line("a context of $N = 8192$ tokens"), "N = 8192, FP16")
S_bytes = 8192 * 8192 * 2
L = e.line("- The score matrix $S$: $8192")
e.given(L, "8192 x 8192 x 2 bytes")
number_claim(e, L, "S size", "128", sizes(S_bytes, 2))
number_claim(e, e.line("another **128 MB**"), "P size", "128", sizes(S_bytes, 2))
number_claim(e, e.line("Total per head per layer"), "S + P", "256", sizes(2 * S_bytes, 2))
e.given(e.line("Multiply that out for a model with 32 heads"), "32 heads, 32 layers, batch 32")
L = e.line("32 \\times 32 \\times 32 \\times 256")
grouped_int_claim(e, L, "32^3 x 256 MB", "8{,}388{,}608", 32 ** 3 * 256, sep="{,}")
number_claim(e, L, "in TB", "8", [("binary TiB", R(32 ** 3 * 256, 2 ** 20)),
                                                      ("decimal TB", R(32 ** 3 * 256, 10 ** 6))])
L = e.line("Even one head, with a batch of 32")
e.given(L, "batch 32, 32K context, 80 GB HBM")
number_claim(e, L, "S + P at 32K", "128", sizes(32 * 32768 ** 2 * 2 * 2, 3))

# --- worked example -------------------------------------------------------------------------------
e.given(e.line("## Worked Example: $N = 8$"), "N = 8, d = 4, block 4")
e.given(e.line("The example uses $N = 8$ tokens"), "N, d, block size")
e.claim(e.line("- 2 Q blocks"), "Q blocks = 8/4", ["2"], [R(8, 4)])
e.claim(e.line("- 2 K/V blocks"), "K/V blocks = 8/4", ["2"], [R(8, 4)])
e.given(e.line("The $(8 \\times 8)$ matrix never exists"), "8 x 8, 4 x 4")
e.claim(e.line("already scaled by $1/\\sqrt{d} = 1/2$"), "1/sqrt(4)", ["1/2"], [1 / sp.sqrt(4)])
e.given(e.line("$$Q = \\begin{bmatrix}"), "Q matrix (not used further: the scores are supposed)")
e.given(e.line("We follow **query row 0**"), "row 0, blocks 0 and 1")

a = [R("0.8"), R("0.3"), R("-0.1"), R("0.5")]
b = [R("1.2"), R("-0.4"), R("0.6"), R("0.1")]
ma, mb = max(a), max(b)
Pa = [sp.exp(x - ma) for x in a]
Pb = [sp.exp(x - mb) for x in b]
la, lb = sum(Pa), sum(Pb)
m1 = max(ma, mb)
alpha = sp.exp(ma - m1)
l1 = la * alpha + lb
assert sp.simplify(l1 - sum(sp.exp(x - m1) for x in a + b)) == 0

e.given(e.line("### Iteration 1: K/V Block $j = 0$"), "block indices")
e.given(e.line("- $Q_0 = Q[0\\!:\\!4]$"), "tile rows 0:4")
e.given(e.line("**Scores for row 0 only:**"), "row index")
e.given(e.line("Suppose $S_{00}[\\text{row 0}]"), "stated scores of block 0")
e.given(e.line("**Statistics of this block for row 0:**"), "row index")
e.claim(e.line("$$\\tilde{m} = \\max(0.8, 0.3, -0.1, 0.5) = 0.8$$"), "block max", ["0.8"], [ma])
e.claim(e.line("$$\\tilde{P} = \\exp([0.8, 0.3, -0.1, 0.5] - 0.8)"), "shifted scores",
        ["0.0", "-0.5", "-0.9", "-0.3"], [x - ma for x in a])
e.claim(e.line("$$= [1.000, 0.607, 0.407, 0.741]$$"), "P~ block 0", ["1.000", "0.607", "0.407", "0.741"], Pa)
e.ambiguous(e.line("$$\\tilde{\\ell} = 1.000 + 0.607 + 0.407 + 0.741 = 2.755$$"),
            "1.000 + 0.607 + 0.407 + 0.741 = 2.755 is right as written on the rounded terms; end to end "
            "l~ = 2.753919 -> 2.754")
e.given(e.line("$$m_{\\text{old}} = -\\infty, \\quad \\ell_{\\text{old}} = 0$$"), "initial state")
e.claim(e.line("$$m_{\\text{new}} = \\max(-\\infty, 0.8) = 0.8$$"), "m_new", ["0.8"], [ma])
e.claim(e.line("$$\\alpha = \\exp(-\\infty - 0.8) = 0$$"), "alpha", ["0"], [0])
e.claim(e.line("$$\\beta = \\exp(0.8 - 0.8) = 1$$"), "beta", ["1"], [1])
e.claim(e.line("$$\\ell_{\\text{new}} = 0 \\cdot 0 + 2.755 \\cdot 1 = 2.755$$"),
        "l after block 0 (operand and result; exact 2.753919)", ["2.755", "2.755"], [la, la], cause="drift")
e.given(e.line("**Output for row 0:**"), "row index")
L = e.line("= \\frac{\\mathbf{0} + [1.000, 0.607, 0.407, 0.741] \\cdot V_0}{2.755}$$")
e.claim(L, "P~ block 0 restated", ["1.000", "0.607", "0.407", "0.741"], Pa)
e.claim(L, "denominator l_new (exact 2.753919)", ["2.755"], [la], cause="drift")
e.given(e.line("The numerator mixes the four rows of $V_0$"), "V_0 (index subscript)")
L = e.line("**Store:** $m_0 = 0.8$")
e.claim(L, "stored m_0", ["0.8"], [ma])
e.claim(L, "stored l_0 (exact 2.753919)", ["2.755"], [la], cause="drift")

e.given(e.line("### Iteration 2: K/V Block $j = 1$"), "block indices")
e.given(e.line("- Same $Q_0$ as before"), "tile rows 4:8")
e.given(e.line("**Scores for row 0:**"), "row index")
e.given(e.line("Suppose $S_{01}[\\text{row 0}]"), "stated scores of block 1")
e.claim(e.line("$$\\tilde{m} = \\max(1.2, -0.4, 0.6, 0.1) = 1.2$$"), "block max", ["1.2"], [mb])
e.claim(e.line("$$\\tilde{P} = \\exp([1.2, -0.4, 0.6, 0.1] - 1.2)"), "shifted scores",
        ["0.0", "-1.6", "-0.6", "-1.1"], [x - mb for x in b])
e.claim(e.line("$$= [1.000, 0.202, 0.549, 0.333]$$"), "P~ block 1", ["1.000", "0.202", "0.549", "0.333"], Pb)
e.claim(e.line("$$\\tilde{\\ell} = 1.000 + 0.202 + 0.549 + 0.333 = 2.084$$"), "l~ block 1", ["2.084"], [lb])
L = e.line("$$m_{\\text{old}} = 0.8, \\quad \\ell_{\\text{old}} = 2.755$$")
e.claim(L, "m_old", ["0.8"], [ma])
e.claim(L, "l_old (exact 2.753919)", ["2.755"], [la], cause="drift")
e.claim(e.line("$$m_{\\text{new}} = \\max(0.8, 1.2) = 1.2$$"), "m_new", ["1.2"], [m1])
e.claim(e.line("$$\\alpha = \\exp(0.8 - 1.2) = \\exp(-0.4) = 0.670$$"), "alpha", ["-0.4", "0.670"],
        [ma - m1, alpha])
e.claim(e.line("$$\\beta = \\exp(1.2 - 1.2) = 1.000$$"), "beta", ["1.000"], [sp.exp(mb - m1)])
L = e.line("Here the new block holds a larger score")
e.given(L, "1.2 > 0.8, 0.8 rather than 1.2 (restated maxima)")
e.claim(L, "alpha restated", ["0.670"], [alpha])
L = e.line("$$\\ell_{\\text{new}} = 2.755 \\cdot 0.670 + 2.084")
e.claim(L, "l_old operand (exact 2.753919)", ["2.755"], [la], cause="drift")
e.claim(L, "alpha, l~, beta operands", ["0.670", "2.084", "1.000"], [alpha, lb, 1])
e.claim(L, "alpha l_old, l~, l_new", ["1.846", "2.084", "3.930"], [la * alpha, lb, l1])
e.given(e.line("**Output for row 0:**", 2), "row index")
e.given(e.line("(\\tilde{P} \\cdot \\beta) V_1}{\\ell_{\\text{new}}}$$"), "V_1 (index subscript)")
L = e.line("$$= \\frac{O_{\\text{old}} \\cdot 0.670 \\cdot 2.755")
e.claim(L, "alpha, P~ block 1, l_new", ["0.670", "1.000", "0.202", "0.549", "0.333", "3.930"],
        [alpha] + Pb + [l1])
e.claim(L, "l_old operand (exact 2.753919)", ["2.755"], [la], cause="drift")
L = e.line("Multiplying $O_{\\text{old}} \\cdot 0.670 \\cdot 2.755$")
e.claim(L, "alpha restated", ["0.670"], [alpha])
e.claim(L, "l_old restated (exact 2.753919)", ["2.755"], [la], cause="drift")
L = e.line("**Store:** $m_0 = 1.2$")
e.claim(L, "stored m_0, l_0", ["1.2", "3.930"], [m1, l1])
e.given(e.line("### What row 0 ends with"), "row index")
L = e.line("$$m_0 = 1.2 = \\max(\\text{all 8 scores")
e.claim(L, "global max", ["1.2"], [max(a + b)])
e.claim(e.line("$$\\ell_0 = 3.930 = \\sum_{j=0}^{7}"), "global sum of exponentials", ["3.930"],
        [sum(sp.exp(x - m1) for x in a + b)])
e.given(e.line("whole $(1 \\times 8)$ row of scores"), "1 x 8 row")

# --- memory table -----------------------------------------------------------------------------------
N, d, B, bpe = 1024, 64, 32, 4
stdS, tileS, stats, outO = N * N * bpe, B * B * bpe, 2 * N * 8, N * d * bpe
e.given(e.line("helper gives these figures for $N = 1024$"), "N = 1024, d = 64, block 32, float32, float64 stats")
L = e.line("| Score matrix | $1024^2 \\times 4 = 4$ MB")
number_claim(e, L, "standard S", "4", sizes(stdS, 2))
number_claim(e, L, "tiled S", "4", sizes(tileS, 1))
number_claim(e, L, "ratio", "1024", R(stdS, tileS))
L = e.line("| Probability matrix | 4 MB")
number_claim(e, L, "standard P", "4", sizes(stdS, 2))
number_claim(e, L, "tiled P", "4", sizes(tileS, 1))
number_claim(e, L, "ratio", "1024", R(stdS, tileS))
L = e.line("| Statistics $(m, \\ell)$")
number_claim(e, L, "standard statistics", "0", 0)
number_claim(e, L, "tiled statistics (2 N x 8 bytes)", "16", sizes(stats, 1))
L = e.line("| Output | 256 KB")
number_claim(e, L, "output", "256", sizes(outO, 1))
number_claim(e, L, "ratio", "1", 1)
L = e.line("| **Total** | ~8.25 MB")
std_total, tile_total = 2 * stdS + outO, 2 * tileS + stats + outO
number_claim(e, L, "standard total", "8.25", sizes(std_total, 2))
number_claim(e, L, "tiled total", "280", sizes(tile_total, 1))
number_claim(e, L, "ratio", "30", R(std_total, tile_total))
L = e.line("The ratio grows with $N$. At $N = 4096$")
N2 = 4096
std2 = 2 * N2 * N2 * bpe + N2 * d * bpe
tile2 = 2 * tileS + 2 * N2 * 8 + N2 * d * bpe
e.ambiguous(L, "'~130 MB' for 135,266,304 B = 129 MiB (135.3 MB decimal): right only as a two-significant-figure "
               "round figure in binary units; the precision of '~' is not stated")
number_claim(e, L, "tiled at N = 4096", "1.1", sizes(tile2, 2))
number_claim(e, L, "block matrices", "8", sizes(2 * tileS, 1))

# --- GPU table ---------------------------------------------------------------------------------------
L = e.line("| A100 | 312 | 2.0 | 156:1 |")
e.given(L, "A100 312 TFLOPS, 2.0 TB/s")
number_claim(e, L, "A100 ratio", "156", R(312, 2))
L = e.line("| H100 | 990 | 3.35 | 296:1 |")
e.given(L, "H100 990 TFLOPS, 3.35 TB/s")
number_claim(e, L, "H100 ratio", "296", R(990) / R("3.35"))

# --- SRAM tile ---------------------------------------------------------------------------------------
e.given(e.line("A streaming multiprocessor typically has 48 KB"), "48 KB SRAM, B_r = 64, d = 64, FP16")
number_claim(e, e.line("$$64 \\times 64 \\times 2 \\text{ bytes} = 8 \\text{ KB}$$"), "Q tile", "8",
             sizes(64 * 64 * 2, 1))
L = e.line("A $K_j$ tile of the same shape takes 8 KB")
number_claim(e, L, "K tile", "8", sizes(64 * 64 * 2, 1))
e.ambiguous(e.line("That comes to roughly 30--40 KB"),
            "'roughly 30--40 KB' is a range: three 8 KB tiles (24 KB) plus 'a few more KB' the article does not size")

# --- scale factor --------------------------------------------------------------------------------------
L = e.line("for $d = 128$, scores would be roughly")
number_claim(e, L, "sqrt(128)", "11", sp.sqrt(128))

# --- quick reference ---------------------------------------------------------------------------------
e.given(e.line("|-- Memory comparison (N=1024"), "N, d, block size, dtype")
number_claim(e, e.line("|   |-- Standard: ~8.25 MB"), "standard total", "8.25", sizes(std_total, 2))
number_claim(e, e.line("|   |-- Tiled: ~280 KB"), "tiled total", "280", sizes(tile_total, 1))
number_claim(e, e.line("|   |-- Ratio: ~30x"), "ratio", "30", R(std_total, tile_total))
e.given(e.line("|   |-- Tiles -> shared memory (SRAM, 48 KB)"), "48 KB")

e.done()
