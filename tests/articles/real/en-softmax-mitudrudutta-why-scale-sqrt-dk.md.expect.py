# Expected verdicts for en-softmax-mitudrudutta-why-scale-sqrt-dk.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An English course note (MitudruDutta/step-into-dl, Transforms/03) on scaled dot-product attention, with ASCII score
# and weight tables in ```text blocks, a "why divide by sqrt(d_k)" softmax demo and a PyTorch snippet with shape comments.
# Inputs: score table (The 0.8 0.3 0.1 0.2 / cat 0.2 0.9 0.7 0.1 / ...), d_k unstated for that table; demo scores
#   [25.3, 2.1, -18.7, 31.2] with d_k = 64; the snippet's x has shape (2, 10, 64).
# Exact values:
#   softmax(25.3, 2.1, -18.7, 31.2) = (0.002732, 2.3e-13, 3.1e-22, 0.997268) -> [0.003, 0.000, 0.000, 0.997] right.
#   / sqrt 64 = (3.1625, 0.2625, -2.3375, 3.9) -> [3.16, 0.26, -2.34, 3.90] right (ties at 2 places).
#   softmax of those = (0.317494, 0.017470, 0.001297, 0.663739).
#   Unscaled softmax of the table rows: The (0.377053, 0.228693, 0.187237, 0.206926); cat (0.179617, 0.361706,
#   0.296140, 0.162536).
#   Output shape (2, 10, 64), weights shape (2, 10, 10); RNN distance x1 -> x4 = 3.
# Wrong lines (3):
#   - "Step 3" row "The" 0.45 0.25 0.15 0.15: no scale reproduces it (0.1 and 0.2 get the same 0.15, yet 0.45/0.15 = 3
#     would need sqrt(d_k) = 0.55 < 1); recorded against the unscaled softmax (0.3771, 0.2287, 0.1872, 0.2069); slip.
#     The printed row sum "= 1.0" is right.
#   - "Step 3" row "cat" 0.15 0.40 0.35 0.10: likewise no d_k fits (scan over d_k in (0, 5000] with numpy finds none);
#     unscaled (0.1796, 0.3617, 0.2961, 0.1625); slip.  Row sum "= 1.0" right.
#   - "softmax = [0.21, 0.11, 0.01, 0.47]": exact (0.3175, 0.0175, 0.0013, 0.6637) -> [0.32, 0.02, 0.00, 0.66]; the
#     printed values even sum to 0.80; from the rounded [3.16, 0.26, -2.34, 3.90] still (0.3170, 0.0174, 0.0013,
#     0.6643); slip (re-checked with numpy).
# No ambiguous line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["softmax", "scaling", "ascii-table", "code-comment-shapes"])

T = M([["0.8", "0.3", "0.1", "0.2"], ["0.2", "0.9", "0.7", "0.1"], ["0.1", "0.6", "0.8", "0.4"],
       ["0.2", "0.1", "0.3", "0.9"]])
W = softmax_rows(T)                      # unscaled reading (the sharpest any d_k >= 1 allows)

for tok in ('   "The"  0.8', '   "cat"  0.2', '   "sat"  0.1', '   "on"   0.2'):
    e.given(e.line(tok), f"score row {tok.split()[0]}")
e.claim(e.line('   "The" 0.45'), "softmax row 'The' (no d_k fits; unscaled shown)",
        ["0.45", "0.25", "0.15", "0.15"], W.row(0))
e.claim(e.line('   "The" 0.45'), "row sum", ["1.0"], [R(45 + 25 + 15 + 15, 100)])
e.claim(e.line('   "cat" 0.15'), "softmax row 'cat' (no d_k fits; unscaled shown)",
        ["0.15", "0.40", "0.35", "0.10"], W.row(1))
e.claim(e.line('   "cat" 0.15'), "row sum", ["1.0"], [R(15 + 40 + 35 + 10, 100)])
e.given(e.line("Weight:  0.05  0.35"), "illustrative weights for 'sat' chosen by the author")

x = M([["25.3", "2.1", "-18.7", "31.2"]])
sx = softmax_rows(x)
xs = x / sp.sqrt(64)
sxs = softmax_rows(xs)
e.given(e.line("When dₖ (dimension) is large (e.g., 64):"), "d_k = 64")
e.given(e.line("QKᵀ might produce: [25.3"), "raw scores")
e.given(e.line("  softmax([25.3, 2.1, -18.7, 31.2])"), "raw scores restated")
e.claim(e.line("= [0.003, 0.000, 0.000, 0.997]"), "softmax of the raw scores",
        ["0.003", "0.000", "0.000", "0.997"], sx)
e.given(e.line("[25.3, 2.1, -18.7, 31.2] / √64"), "raw scores / sqrt 64 restated")
e.claim(e.line("= [3.16, 0.26, -2.34, 3.90]"), "scores / 8", ["3.16", "0.26", "-2.34", "3.90"], xs)
e.claim(e.line("softmax = [0.21, 0.11, 0.01, 0.47]"), "softmax of the scaled scores",
        ["0.21", "0.11", "0.01", "0.47"], sxs)

e.claim(e.line("Distance from x₁ to x₄: 3 steps"), "RNN path x1 -> x4", ["3"], [4 - 1])
e.given(e.line("Distance from any token to any other: 1 step"), "attention path length")

e.given(e.line("attention = SelfAttention(embed_dim=64)"), "embed_dim = 64")
e.given(e.line("x = torch.randn(2, 10, 64)"), "x shape (2, 10, 64)")
e.claim(e.line('print(f"Output shape: {output.shape}")'), "output shape", ["2", "10", "64"], [2, 10, 64])
e.claim(e.line('print(f"Attention weights: {weights.shape}")'), "weights shape", ["2", "10", "10"], [2, 10, 10])
e.done()
