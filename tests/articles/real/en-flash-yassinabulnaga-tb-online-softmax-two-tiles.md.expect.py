# Expected verdicts for en-flash-yassinabulnaga-tb-online-softmax-two-tiles.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article: the header comment of a SystemVerilog testbench that traces, by hand, the online-softmax unit of a
#   FlashAttention FPGA accelerator over two tiles of one query row, plus the lines that drive those tiles.
# Inputs: tile width BC = 16; tile 1 scores {2, 1, 0 x 14}; tile 2 scores {3, 0 x 15}; initial running max -128.
# Exact values:
#   tile 1: m_new = 2; P~ = [1, e^-1, e^-2 x 14]; ell_tile = 1 + e^-1 + 14 e^-2 = 3.262574 (3.263 at 3 places);
#           the old state is discarded (alpha clamped to 0 by the design), so ell_new = ell_tile = 3.262574.
#   tile 2: m_old = 2, m_new = 3, alpha = e^-1 = 0.367879; P~ = [1, e^-3 x 15]; ell_tile = 1 + 15 e^-3 = 1.746806
#           (1.747 at 3 places).
# Wrong lines (end to end from the inputs):
#   - "ell_tile ≈ 1.0 + 0.368 + 14×0.135 ≈ 3.258": 3.258 for 3.263, drift (1 + 0.368 + 14 x the rounded 0.135 = 3.258).
#   - "ell_new = 0*ell_old + ell_tile ≈ 3.258": repeats the tile sum above, carried.
#   - "ell_tile ≈ 1.0 + 15×0.050 ≈ 1.750": 1.750 for 1.747, drift (15 x the rounded 0.050 = 0.750).
# Ambiguous: "alpha = exp(-128 - 2.0) → clamped to 0": exp(-130) is about 3.5e-57, not 0; the 0 is the design's
#   clamp of a first tile's rescaling factor (a rule of the hardware, stated as such), not an arithmetic result.
# Given: the tile scores, the initial max, BC, the driven hex words with their decimal comments (the article does not
#   state the fixed-point scale, so the comments are read as the intended inputs).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["flash", "online-softmax", "code-comment", "systemverilog"])

E = sp.E
BC = 16
# tile 1
s1 = [2, 1] + [0] * (BC - 2)
m1 = max(s1)
p1 = [sp.exp(x - m1) for x in s1]
ell1 = sum(p1)
# tile 2
s2 = [3] + [0] * (BC - 1)
m2 = max(m1, max(s2))
alpha2 = sp.exp(m1 - m2)
p2 = [sp.exp(x - m2) for x in s2]
ell_tile2 = sum(p2)

e.given(e.line("// Test 1: Single tile, row 0. Scores = {2.0, 1.0, 0, 0, ..., 0}"), "tile 1 scores (row 0)")
L = e.line("m starts at -128 (init), so m_new = 2.0")
e.given(L, "initial running max -128")
e.claim(L, "m_new after tile 1", ["2.0"], [m1])
e.ambiguous(e.line("alpha = exp(-128 - 2.0)"),
            "exp(-130) is about 3.5e-57; 'clamped to 0' is the design's rule for a first tile, not an arithmetic value")
e.claim(e.line("P_tilde[0] = exp(2-2) = 1.0"), "P~[0] of tile 1", ["1.0"], [p1[0]])
e.claim(e.line("P_tilde[1] = exp(1-2) = exp(-1) ≈ 0.368"), "P~[1] of tile 1", ["0.368"], [p1[1]])
e.claim(e.line("P_tilde[2:15] = exp(0-2) = exp(-2) ≈ 0.135"), "P~[2..15] of tile 1", ["0.135"], [p1[2]])
L = e.line("ell_tile ≈ 1.0 + 0.368 + 14×0.135 ≈ 3.258")
e.claim(L, "terms of ell_tile (tile 1)", ["1.0", "0.368", "14", "0.135"], [p1[0], p1[1], BC - 2, p1[2]])
e.claim(L, "ell_tile of tile 1", ["3.258"], [ell1], cause="drift")
L = e.line("ell_new = 0*ell_old + ell_tile ≈ 3.258")
e.claim(L, "ell_new after tile 1 (= ell_tile, old state discarded)", ["3.258"], [ell1], cause="carried")

e.given(e.line("// Test 2: Second tile, same row. Scores = {3.0, 0, ..., 0}"), "tile 2 scores")
L = e.line("m_old = 2.0 (from test 1), m_new = 3.0")
e.claim(L, "m_old, m_new for tile 2", ["2.0", "3.0"], [m1, m2])
e.claim(e.line("alpha = exp(2-3) = exp(-1) ≈ 0.368"), "alpha for tile 2", ["0.368"], [alpha2])
e.claim(e.line("P_tilde[0] = exp(3-3) = 1.0"), "P~[0] of tile 2", ["1.0"], [p2[0]])
e.claim(e.line("P_tilde[1:15] = exp(0-3) = exp(-3) ≈ 0.050"), "P~[1..15] of tile 2", ["0.050"], [p2[1]])
L = e.line("ell_tile ≈ 1.0 + 15×0.050 ≈ 1.750")
e.claim(L, "terms of ell_tile (tile 2)", ["1.0", "15", "0.050"], [p2[0], BC - 1, p2[1]])
e.claim(L, "ell_tile of tile 2", ["1.750"], [ell_tile2], cause="drift")
e.claim(e.line("ell_new = 0.368 × ell_old_from_test1 + ell_tile"), "alpha in the ell_new update", ["0.368"], [alpha2])

e.given(e.line("localparam BR = 16;"), "BR")
e.given(e.line("localparam BC = 16;"), "BC (tile width)")
e.given(e.line("row_idx = 4'd0;"), "row index 0")
e.given(e.line("score_row[0] = 16'sh0200;    // 2.0"), "tile 1 score 0 (hex word, commented 2.0)")
e.given(e.line("score_row[1] = 16'sh0100;    // 1.0"), "tile 1 score 1 (hex word, commented 1.0)")
e.given(e.line("for (int i = 2; i < BC; i++) score_row[i] = 16'sh0000;"), "tile 1 scores 2..15 zero")
e.given(e.line("score_row[0] = 16'sh0300;    // 3.0"), "tile 2 score 0 (hex word, commented 3.0)")
e.given(e.line("score_row[1] = 16'sh0000;"), "tile 2 score 1 zero")
e.done()
