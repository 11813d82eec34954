# Expected verdicts for en-mha-sriharsha-transformers-part3.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A blog post (Jekyll, part 3 of a "Transformers from Scratch" series) on scaled dot-product and multi-head attention:
# illustrative score rows, a softmax example, the shape flow of 8 heads x 64 = 512, and a two-word example worked by
# hand with 2-dimensional Q, K, V (one head of width d_k = 2).
# Inputs: Q = [[0.9,0.3],[0.6,0.8]], K = [[0.8,0.4],[0.5,0.9]], V = [[1.2,0.7],[0.9,1.1]], d_k = 2 (the embeddings and
#   the projection weights behind Q, K, V are not printed; Q, K, V are taken as given); the softmax example's scores
#   [2.4, 1.2, 0.3]; the "cat" row [0.4, 0.9, 0.5] of the illustrative score matrix, scaled by the section's
#   d_k = 64 (divide by 8); h = 8, d_model = 512.
# Exact values:
#   QK^T = [[0.84, 0.72], [0.80, 1.02]]; / sqrt(2) = [[0.593970, 0.509117], [0.565685, 0.721249]];
#   softmax rows [0.521201, 0.478799] and [0.461187, 0.538813]; output row of "cat" = [1.056360, 0.891520];
#   softmax([2.4, 1.2, 0.3]) = [0.702420, 0.211565, 0.086016];
#   "cat" row / 8 = [0.05, 0.1125, 0.0625]; its softmax = [0.324984, 0.345944, 0.329072];
#   512 / 8 = 64, 8 x 64 = 512, sqrt(64) = 8, sqrt(2) = 1.41421.
# Wrong lines:
#   - "After softmax:  [0.66, 0.24, 0.10]" for [2.4, 1.2, 0.3]: exact [0.70, 0.21, 0.09] -> slip (these are the
#     weights of [2.0, 1.0, 0.1]); the "(sum = 1.0)" on the same line is right.
#   - "3. Softmax: [0.3, 0.5, 0.2]" for the scaled row [0.05, 0.11, 0.06]: exact [0.3, 0.3, 0.3] -> slip
#     (unscaled [0.4, 0.9, 0.5] would give [0.3, 0.4, 0.3], also not the print).
#   - "0.5 × Value[cat]" and "0.2 × Value[sat]" restate the wrong weights -> carried ("0.3 × Value[The]" is right).
#   - "Scaled = [[0.60, 0.51], ...]": 0.84 / sqrt(2) = 0.5940 -> 0.59; 0.84 / 1.41 = 0.5957 -> 0.60 is right only
#     from the author's rounded sqrt(2) = 1.41 -> drift.
# Ambiguous: "Training speed: 100x faster on GPUs!" states a speed-up the article gives no inputs for.
# Given: the illustrative score matrix, the attention weights 0.7 / 0.2 / 0.1 for "it", embeddings, Q, K, V, sizes,
#   headings and list markers.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["mha", "basic", "softmax"])
L = e.line

# --- shapes and sizes ---------------------------------------------------------------------------------
e.given(L("- Q: (seq_len, d_k) - e.g., (10, 64)"), "example shape of Q")
e.claim(L("- K^T: (d_k, seq_len) - e.g., (64, 10)"), "shape of K^T is the transpose", ["64", "10"], [64, 10])
e.claim(L("- Scores: (seq_len, seq_len) - e.g., (10, 10)"), "shape of QK^T", ["10", "10"], [10, 10])
e.claim(L("- If d_k = 64, we divide by √64 = 8"), "sqrt(64)", ["64", "8"], [64, sp.sqrt(64)])
e.given(L("- $h = 8$ attention heads"), "h = 8")
e.given(L("- $d_{model} = 512$ (model dimension)"), "d_model = 512")
e.claim(L("- $d_k = d_v = 64$ (each head uses 512/8 = 64 dimensions)"), "d_k = d_model / h",
        ["64", "512", "8", "64"], [R(512, 8), 512, 8, R(512, 8)])
e.given(L("**Input**: (seq_len, 512)"), "input width 512")
for name in ("Q_i = Q", "K_i = K", "V_i = V"):
    e.claim(L(f"  {name} × W"), f"{name[0]} per head width", ["64"], [R(512, 8)])
e.given(L("For each of 8 heads in parallel:"), "8 heads")
e.claim(L("  head_i = Attention(Q_i, K_i, V_i) → (seq_len, 64)"), "head output width", ["64"], [R(512, 8)])
e.claim(L("Concat(head_1, ..., head_8) → (seq_len, 512)"), "concatenated width", ["8", "512"], [8, 8 * 64])
e.claim(L("8 heads × 64 = 512"), "8 x 64", ["8", "64", "512"], [8, 64, 8 * 64])
e.claim(L("Output = Concat × W^O → (seq_len, 512)"), "output width", ["512"], [512])
e.claim(L("the output keeps the input's shape (seq_len, 512)"), "output width", ["512"], [512])
e.given(L("Input: \"The cat sat\" → 3 tokens"), "3 tokens")
e.given(L("Starting shape: (3, 512)"), "input shape")
e.claim(L("  Q, K, V per head: (3, 64)"), "per-head shape", ["3", "64"], [3, R(512, 8)])
e.claim(L("  Each head output: (3, 64)"), "head output shape", ["3", "64"], [3, R(512, 8)])
e.given(L("After concatenating 8 heads:"), "8 heads")
e.claim(L("  (3, 8×64) = (3, 512)"), "concatenated shape", ["3", "8", "64", "512"], [3, 8, 64, 512])
e.claim(L("  (3, 512)", after=L("After final projection:")), "final shape", ["3", "512"], [3, 512])
e.claim(L("6. **8 heads** each work with 64 dimensions (512/8)"), "512 / 8", ["8", "64", "512", "8"],
        [8, R(512, 8), 512, 8])

# --- softmax example -------------------------------------------------------------------------------------
e.given(L("Before softmax: [2.4, 1.2, 0.3]"), "scores of the softmax example")
s = M([["2.4", "1.2", "0.3"]])
p = softmax_rows(s)
ln = L("After softmax:  [0.66, 0.24, 0.10]")
e.claim(ln, "softmax of [2.4, 1.2, 0.3]", ["0.66", "0.24", "0.10"], list(p.row(0)), cause="slip")
e.claim(ln, "the weights sum to 1", ["1.0"], [sum(p.row(0))])

# --- illustrative scores and the "cat" walk-through ------------------------------------------------------
for row in ("    The  [0.8   0.3   0.2]", "    cat  [0.4   0.9   0.5]", "    sat  [0.3   0.6   0.8]"):
    e.given(L(row), "illustrative score row")
cat = M([["0.4", "0.9", "0.5"]])
e.claim(L("1. Compute similarity with all words: [0.4, 0.9, 0.5]"), "the cat row of the score matrix",
        ["0.4", "0.9", "0.5"], list(cat.row(0)))
scaled = cat / 8  # the section's d_k = 64
e.claim(L("2. Scale: [0.05, 0.11, 0.06]"), "cat row / sqrt(64)", ["0.05", "0.11", "0.06"], list(scaled.row(0)))
w = softmax_rows(scaled)
e.claim(L("3. Softmax: [0.3, 0.5, 0.2]"), "softmax of the scaled cat row", ["0.3", "0.5", "0.2"], list(w.row(0)),
        cause="slip")
e.claim(L("   Output[cat] = 0.3 × Value[The] +"), "weight on The", ["0.3"], [w[0, 0]])
e.claim(L("                 0.5 × Value[cat] +"), "weight on cat (restated)", ["0.5"], [w[0, 1]], cause="carried")
e.claim(L("                 0.2 × Value[sat]"), "weight on sat (restated)", ["0.2"], [w[0, 2]], cause="carried")

# --- benefits ----------------------------------------------------------------------------------------------
e.ambiguous(L("**Training speed**: 100x faster on GPUs!"), "a speed-up the article gives no inputs for")
e.claim(L("RNN path length from word 1 to word 100: 99 steps"), "path length 1 -> 100",
        ["1", "100", "99"], [1, 100, 100 - 1])
e.claim(L("Attention path length: 1 step (direct)"), "direct path", ["1"], [1])
for name in ("  Animal: 0.7", "  Street: 0.2", "  Cross: 0.1"):
    e.given(L(name), "illustrative attention weight")

# --- the two-word example --------------------------------------------------------------------------------
Q = M([["0.9", "0.3"], ["0.6", "0.8"]])
K = M([["0.8", "0.4"], ["0.5", "0.9"]])
V = M([["1.2", "0.7"], ["0.9", "1.1"]])
dk = 2
e.given(L("**Input**: \"Cat sat\" (2 words)"), "two words")
e.given(L("**Step 1: Embeddings** (simplified to 4-dim)"), "embedding width 4")
e.given(L("cat: [1.0, 0.5, 0.2, 0.8]"), "embedding of cat (not used: the weights are not printed)")
e.given(L("sat: [0.3, 0.9, 0.7, 0.4]"), "embedding of sat (not used: the weights are not printed)")
e.given(L("**Step 2: Project to Q, K, V** (simplified to 2-dim per head)"), "head width 2")
e.given(L("Q: [[0.9, 0.3], [0.6, 0.8]]"), "Q")
e.given(L("K: [[0.8, 0.4], [0.5, 0.9]]"), "K")
e.given(L("V: [[1.2, 0.7], [0.9, 1.1]]"), "V")
ln = L("QK^T = [[0.9, 0.3], [0.6, 0.8]] × [[0.8, 0.5], [0.4, 0.9]]")
e.claim(ln, "Q restated", ["0.9", "0.3", "0.6", "0.8"], list(Q))
e.claim(ln, "K^T", ["0.8", "0.5", "0.4", "0.9"], [K.T[0, 0], K.T[0, 1], K.T[1, 0], K.T[1, 1]])
S = Q * K.T
e.claim(L("     = [[0.84, 0.72], [0.80, 1.02]]"), "QK^T", ["0.84", "0.72", "0.80", "1.02"], list(S))
ln = L("**Step 4: Scale** (d_k = 2, so √d_k = 1.41)")
e.given(ln, "d_k = 2")
e.claim(ln, "sqrt(d_k)", ["1.41"], [sp.sqrt(dk)])
Ss = S / sp.sqrt(dk)
ln = L("Scaled = [[0.60, 0.51], [0.57, 0.72]]")
e.claim(ln, "scaled score (1,1)", ["0.60"], [Ss[0, 0]], cause="drift")
e.claim(ln, "scaled scores (1,2), (2,1), (2,2)", ["0.51", "0.57", "0.72"], [Ss[0, 1], Ss[1, 0], Ss[1, 1]])
A = softmax_rows(Ss)
e.claim(L("  cat → [0.52, 0.48]  (52% to itself, 48% to \"sat\")"), "weights of cat",
        ["0.52", "0.48", "52%", "48%"], [A[0, 0], A[0, 1], A[0, 0], A[0, 1]])
e.claim(L("  sat → [0.46, 0.54]  (46% to \"cat\", 54% to itself)"), "weights of sat",
        ["0.46", "0.54", "46%", "54%"], [A[1, 0], A[1, 1], A[1, 0], A[1, 1]])
e.claim(L("Output[cat] = 0.52 × V[cat] + 0.48 × V[sat]"), "weights restated", ["0.52", "0.48"], [A[0, 0], A[0, 1]])
e.claim(L("            = 0.52 × [1.2, 0.7] + 0.48 × [0.9, 1.1]"), "weights and value rows restated",
        ["0.52", "1.2", "0.7", "0.48", "0.9", "1.1"], [A[0, 0], V[0, 0], V[0, 1], A[0, 1], V[1, 0], V[1, 1]])
O = A * V
e.claim(L("            = [1.06, 0.89]"), "output row of cat", ["1.06", "0.89"], list(O.row(0)))

# --- remaining lines with digits: headings, list markers, front matter ------------------------------------
for i, text in enumerate(e.lines, start=1):
    if i > 1 and i not in e.verdicts and any(ch.isdigit() for ch in text):
        e.given(i, "heading, list marker, label or front matter")

e.done()
