# Expected verdicts for en-rope-poptropicasahil-yarn-context-notes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Reading notes on RoPE and context extension.  Numeric parts:
# - APE "position fingerprints" (dims 4-7 at positions 4, 8, 50): the d_model of that figure is not printed; the
#   values fit d_model = 20 (e.g. sin(4*10000^(-4/20)) = 0.592), not the 512 of the usual default: ambiguous.
# - RoPE frequencies theta_i = 10000^(-2(i-1)/128) for d = 128 (64 pairs): theta_1 = 1, theta_2 = 0.86596 -> 0.8660,
#   theta_3 = 0.74989 -> 0.7499 are right; theta_64 = 10000^(-126/128) = 1.1548e-4, printed "≈ 0.0100": wrong (slip).
# - Angles at m = 5: 5, 4.33 (5*0.86596 = 4.3298; the line writes "0.8660 · 1", a typo for 5 · 0.8660, but its
#   result is right), 3.75 (3.7494) are right; "5 · 0.0100 = 0.05" restates the wrong theta_64 and gives 0.05 where
#   5*theta_64 = 5.774e-4: wrong (carried).
# - Printed output of the RoPE code (head_dim 512 // 8 = 64, 32 pairs): theta = 1.0000, 0.7499, 0.5623, ...,
#   theta_32 = 10000^(-62/64) = 1.334e-4 -> 0.0001; angles pos * theta: 1.00 / 0.0001, 10.00 / 0.0013,
#   100.00 / 0.0133; with q = k = e_0 the rotated dot product is cos(n - m): cos 1 = 0.5403, cos 8 = -0.1455,
#   cos 98 = -0.8193.  All right.
# - Interpolation 2048/8192 = 1/4: 0.00 0.25 0.50 0.75 1.00; 8191 -> 2047.75; 2048 -> 512, 8192 -> 2048;
#   100..103 -> 25.0, 25.25, 25.5, 25.75; 16K/2K = 8; dynamic linear scale L/2048 = 1.0, 2.0, 4.0.  All right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="en", topics=["rope", "positional-encoding", "context-extension"])
L = e.line

e.given(L("PE_{(pos,2i)} &="), "APE formula")
e.given(L("ω_i &= 10000^{-2i/d_{model}}"), "APE frequency")
for ln_text in ("Position 4:  [", "Position 8:  [", "Position 50: ["):
    e.ambiguous(L(ln_text), "APE fingerprint values: the figure's d_model is not printed (values fit d_model = 20)")

e.given(L("\\theta_{i} = 10000^{-2i/d_{model}}"), "RoPE frequency formula")
ln = L("Take $d=128$: that gives 64 dimension pairs")
e.claim(ln, "pairs for d = 128", ["64"], [128 // 2])
th = lambda k, d: sp.Integer(10000) ** R(-2 * k, d)  # theta_{k+1}
e.claim(L("\\theta_1 &= 10000^{-0/128} = 1"), "theta_1", ["1"], [th(0, 128)])
e.claim(L("\\theta_2 &= 10000^{-2/128}"), "theta_2 = 10000^(-2/128)", ["0.8660"], [th(1, 128)])
e.claim(L("\\theta_3 &= 10000^{-4/128}"), "theta_3 = 10000^(-4/128)", ["0.7499"], [th(2, 128)])
e.claim(L("\\theta_{64} &= 10000^{-126/128}"), "theta_64 = 10000^(-126/128)", ["0.0100"], [th(63, 128)])
e.given(L("Now put the token at position $m=5$"), "m = 5")
e.claim(L("- Dims 0,1 rotate by:"), "5 * theta_1", ["5"], [5 * th(0, 128)])
e.claim(L("- Dims 2,3 rotate by:"), "5 * theta_2 (written 0.8660 · 1)", ["0.8660", "4.33"], [th(1, 128), 5 * th(1, 128)])
e.claim(L("- Dims 4,5 rotate by:"), "5 * theta_3", ["0.7499", "3.75"], [th(2, 128), 5 * th(2, 128)])
e.claim(L("- Dims 127,128 rotate by:"), "theta_64 restated, 5 * theta_64", ["0.0100", "0.05"],
        [th(63, 128), 5 * th(63, 128)], cause="carried")

e.claim(L("head_dim = hidden_size // num_heads # 512 // 8 = 64"), "512 // 8", ["64"], [512 // 8])
e.given(L("hidden_size = 512", after=L("# Example usage")), "hidden_size 512, 8 heads (example)")
e.claim(L("Embedding dimension: 64, Number of frequency pairs: 32"), "head_dim, pairs", ["64", "32"], [64, 32])
e.claim(L("Dimension pair 0 (dims 0,1): θ_1 = 1.0000"), "theta_1 (head_dim 64)", ["1.0000"], [th(0, 64)])
e.claim(L("Dimension pair 1 (dims 2,3): θ_2 = 0.7499"), "theta_2 = 10000^(-2/64)", ["0.7499"], [th(1, 64)])
e.claim(L("Dimension pair 2 (dims 4,5): θ_3 = 0.5623"), "theta_3 = 10000^(-4/64)", ["0.5623"], [th(2, 64)])
e.claim(L("Dimension pair 31 (dims 62,63): θ_32 = 0.0001"), "theta_32 = 10000^(-62/64)", ["62", "63", "32", "0.0001"],
        [62, 63, 32, th(31, 64)])
for pos, first, last in ((1, "1.00", "0.0001"), (10, "10.00", "0.0013"), (100, "100.00", "0.0133")):
    ln = L(f"Position {pos:3d}: First pair rotates")
    e.claim(ln, f"angles at position {pos}: pos*theta_1, pos*theta_32", [first, last], [pos * th(0, 64), pos * th(31, 64)])
for m, n, printed in ((2, 3, "0.5403"), (2, 10, "-0.1455"), (2, 100, "-0.8193")):
    ln = L(f"Dot product for positions ({m},{n}) with distance={n - m}:")
    e.claim(ln, f"rotated e_0 . e_0 = cos({n - m})", [str(n - m), printed], [n - m, sp.cos(n - m)])

ln = L("self.scale = 1/4  # Scale factor")
e.given(ln, "kaiokendev scale 1/4")
e.given(L("        max_position_embeddings = 8192"), "extended length 8192")
e.claim(L("# Now position 2048 → 512, position 8192 → 2048"), "positions scaled by 1/4", ["512", "2048"],
        [R(2048, 4), R(8192, 4)])
ln = L("Without any finetuning the model stayed coherent up to 7000 tokens")
e.given(ln, "7000 tokens (reported result)")
e.claim(L("After dividing by 4, position 8192 looks like position 2048."), "8192 / 4", ["2048"], [R(8192, 4)])
e.given(L("original_context = 2048"), "2048 trained")
e.given(L("target_context = 8192"), "8192 target")
ln = L("Interpolated positions (first 5): ['0.00'")
e.claim(ln, "positions 0..4 times 2048/8192", ["0.00", "0.25", "0.50", "0.75", "1.00"],
        [R(i * 2048, 8192) for i in range(5)])
e.claim(L("Key insight: Position 8191 maps to 2047.75"), "last position and its image", ["8191", "2047.75"],
        [8192 - 1, R(8191 * 2048, 8192)])
ln = L("Take a 4x compression:")
e.claim(ln, "100..103 divided by 4", ["25.0", "25.25", "25.5", "25.75"], [R(p, 4) for p in (100, 101, 102, 103)])
e.claim(L("(e.g., 8 for 2K→16K extension)"), "16K / 2K", ["8"], [R(16 * 1024, 2 * 1024)])
e.claim(L("- Positions 0-2048: Use exact trained positions (scale=1.0)"), "scale within 2K", ["1.0"], [1])
e.claim(L("- Position 4096: scale=2.0"), "4096 / 2048", ["2.0"], [R(4096, 2048)])
e.claim(L("- Position 8192: scale=4.0"), "8192 / 2048", ["4.0"], [R(8192, 2048)])
e.given(L("0.1\\ln(s) + 1"), "YaRN temperature rule quoted; nothing computed from it")
e.done()
