# Expected verdicts for en-mask-samyamoyrakshit-decoder-causal-cross-attention-trace.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Notes on a Transformer DecoderLayer (config d_model = 256, 8 heads, d_k = 32, d_ff = 1024, 4 layers): which mask each
#   attention uses, why cross-attention output follows the query length, a shape trace for tgt length 3 and source
#   length 4, and why encoder pad positions need memory_mask.  Every shape line follows from that config and is right.
# The softmax rows the author writes down for hand-picked scores (one head) are mostly not softmaxes of those scores:
#   masked self-attention [1.2 | 0.6 1.4 | 0.3 0.7 1.6]: rows 1, 2 right (1.00; 0.31 0.69); row 3 exact
#     [0.1623, 0.2421, 0.5956], printed [0.12, 0.18, 0.70] (slip);
#   cross-attention scores [0.3 0.5 0.8 0.1], [0.7 0.2 0.4 0.3], [0.2 0.9 0.6 0.1]: exact
#     [0.2133, 0.2605, 0.3516, 0.1746], [0.3314, 0.2010, 0.2455, 0.2221], [0.1848, 0.3722, 0.2757, 0.1672];
#     printed [0.15 0.25 0.45 0.15], [0.40 0.15 0.25 0.20], [0.10 0.45 0.30 0.15] (slips); the weighted-sum line
#     repeats row 2's 0.40/0.15/0.25/0.20 (carried);
#   encoder row 0 [0.3, 0.5, 0.2, -inf, -inf] -> exact [0.3199, 0.3907, 0.2894, 0, 0], printed [0.28, 0.40, 0.32, 0, 0]
#     (slip); row 3 [0.2, 0.3, 0.5, ...] -> exact [0.2894, 0.3199, 0.3907], printed [0.20, 0.30, 0.50] (slip), repeated
#     in output_3 = 0.20 V + 0.30 V + 0.50 V (carried);
#   decoder query over [0.35, 0.40, 0.15, 0.05, 0.05] -> exact [0.2298, 0.2416, 0.1881, 0.1702, 0.1702], printed
#     [0.30, 0.35, 0.20, 0.08, 0.07] (slip); its "15% garbage" (the two artifact weights) is 34% exactly (carried);
#     with the artifacts masked, [0.35, 0.40, 0.15] -> exact [0.3484, 0.3663, 0.2853], printed [0.38, 0.43, 0.19] (slip).
# Wrong lines: 11 (8 slips, 3 carried).  Scores, token lists, config values, step/sub-layer/layer labels and the
#   example lengths in prose are given.  No ambiguous lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["mask", "causal", "cross-attention", "padding", "softmax", "shapes"])


def find(needle, nth=1, after=0):
    return e.line(needle, nth, after)


def sm(xs):
    xs = [sp.nsimplify(x) for x in xs]
    den = sum(sp.exp(x) for x in xs)
    return [sp.exp(x) / den for x in xs]


def shapes(ln, printed, exact, what="shape bookkeeping"):
    e.claim(ln, what, printed, exact)


B, T, S, D, H, DK, FF = 1, 3, 4, 256, 8, 32, 1024

# --- labels
for needle in ("(sub-layer 1)", "(sub-layer 2)", "## Sub-layer 1: masked self-attention (`tgt_mask`)",
               "## Sub-layer 2: cross-attention (`memory_mask`)", "### Step 1 — Linear projections",
               "### Step 2 — Split into 8 heads", "### Step 3 — Scaled dot-product", "### Step 4 — Weighted sum",
               "### Step 5 — Linear projections", "### Step 6 — Split heads", "### Step 7 — Rectangular",
               "### Step 8 — The weighted sum", "### Step 9 — Combine", "## Sub-layer 3: Feed-Forward Network",
               "### Step 10 — Expand", "### Step 11 — Residual", "**Result of sub-layer 1**", "**Result of sub-layer 2**",
               "## Sub-layer 1: masked self-attention (the target", "## Sub-layer 2: cross-attention (the target",
               "- Previous target tokens (sub-layer 1", "- Full source sentence (sub-layer 2", "- Non-linear transformation (sub-layer 3",
               "| Sub-layer 1 |", "| Sub-layer 2 |", "| Sub-layer 3 |", "| Mask type |"):
    e.given(find(needle), "step / sub-layer label")
e.given(find("position `i` must not see the later token `i+1`"), "offset named")
e.claim(find('Source (English):  ["We", "are", "friends", "<pad>", "<pad>"]   # src_seq_len = 5'), "source length", ["5"], [5])
e.claim(find('Target (Bengali):  ["আমরা", "বন্ধু", "হই"]'), "target length", ["3"], [3])
e.given(find("(batch_size, tgt_seq_len, d_model)   # e.g., 2 tokens"), "example length")
e.given(find("(batch_size, src_seq_len, d_model)   # e.g., 3 tokens"), "example length")
e.given(find("However long the source is (3 tokens, 100 tokens, 1000 tokens)"), "example lengths")
L = find("The config is ours: `d_model=256`, `num_heads=8`, `d_k=32`, `d_ff=1024`.")
e.given(L, "config d_model, heads, d_ff")
e.claim(L, "d_k = d_model / heads", ["32"], [D // H])
e.given(find("Compared with the encoder's 2 sub-layers, the decoder has **3**"), "sub-layer counts")

# --- input block
e.given(find("tgt: (batch=1, tgt_seq_len=3, d_model=256)"), "decoder input")
e.given(find("encoder_output: (1, src_seq_len=4, 256)"), "encoder output")
shapes(find("tgt_mask: (1, 1, 3, 3)"), ["1", "1", "3", "3"], [1, 1, T, T], "tgt_mask shape")
shapes(find("memory_mask: (1, 1, 1, 4)  ← source padding mask (all 1s here, no pads)"), ["1", "1", "1", "4", "1"], [1, 1, 1, S, 1],
       "memory_mask shape, all ones")
# --- sub-layer 1 shapes
L0 = find("### Step 1 — Linear projections")
shapes(find("tgt: (1, 3, 256)", 1, L0), ["1", "3", "256"], [B, T, D])
shapes(find("Q, K, V: (1, 3, 256) each"), ["1", "3", "256"], [B, T, D])
for k, nm in enumerate("QKV"):
    shapes(find(f"{nm}: (1, 3, 256) → (1, 8, 3, 32)", 1, find("### Step 2 — Split into 8 heads")),
           ["1", "3", "256", "8", "32"], [B, T, D, H, DK])
e.given(find("scores = Q @ K^T / sqrt(32)"), "scale sqrt(d_k)")
shapes(find("(1, 8, 3, 32) @ (1, 8, 32, 3) = (1, 8, 3, 3)"), ["1", "8", "3", "32"], [B, H, T, DK])
sc = [[R(12, 10), R(8, 10), R(5, 10)], [R(6, 10), R(14, 10), R(9, 10)], [R(3, 10), R(7, 10), R(16, 10)]]
L = find("query <sos>:     [ 1.2    0.8    0.5 ]")
for i in range(3):
    e.given(L + i, f"self-attention scores row {i} (one head)")
L = find("query <sos>:     [ 1.2    -inf   -inf ]")
e.claim(L, "masked row 0", ["1.2"], [sc[0][0]])
e.claim(L + 1, "masked row 1", ["0.6", "1.4"], sc[1][:2])
e.claim(L + 2, "masked row 2", ["0.3", "0.7", "1.6"], sc[2])
L = find("query <sos>:     [ 1.00   0.00   0.00 ]")
e.claim(L, "softmax row 0", ["1.00", "0.00", "0.00"], sm(sc[0][:1]) + [0, 0])
e.claim(L + 1, "softmax row 1", ["0.31", "0.69", "0.00"], sm(sc[1][:2]) + [0])
e.claim(L + 2, "softmax of [0.3, 0.7, 1.6]", ["0.12", "0.18", "0.70"], sm(sc[2]), cause="slip")
L0 = find("### Step 4 — Weighted sum")
shapes(find("attn_output = weights @ V", 1, L0), ["1", "8", "3", "32"], [B, H, T, DK])
shapes(find("attn_output = combine_heads(attn_output)", 1, L0), ["1", "3", "256"], [B, T, D])
shapes(find("attn_output = W_o(attn_output)", 1, L0), ["1", "3", "256"], [B, T, D])
shapes(find("tgt = self.norm1(tgt + self.dropout1(attn_output))", 1, L0), ["1", "3", "256"], [B, T, D])
# --- sub-layer 2
shapes(find("Q = self.W_q(tgt)                # Q from DECODER — (1, 3, 256)"), ["1", "3", "256"], [B, T, D])
shapes(find("K = self.W_k(encoder_output)     # K from ENCODER — (1, 4, 256)"), ["1", "4", "256"], [B, S, D])
shapes(find("V = self.W_v(encoder_output)     # V from ENCODER — (1, 4, 256)"), ["1", "4", "256"], [B, S, D])
shapes(find("Mind the lengths: Q has 3 positions (target) while K/V have 4 (source)."), ["3", "4"], [T, S], "lengths")
L0 = find("### Step 6 — Split heads")
shapes(find("Q: (1, 3, 256) → (1, 8, 3, 32)     ← 3 queries", 1, L0), ["1", "3", "256", "8", "32"], [B, T, D, H, DK])
shapes(find("K: (1, 4, 256) → (1, 8, 4, 32)     ← 4 keys", 1, L0), ["1", "4", "256", "8", "32"], [B, S, D, H, DK])
shapes(find("V: (1, 4, 256) → (1, 8, 4, 32)     ← 4 values", 1, L0), ["1", "4", "256", "8", "32"], [B, S, D, H, DK])
e.given(find("scores = Q @ K^T / sqrt(32)", 2), "scale sqrt(d_k)")
shapes(find("(1, 8, 3, 32) @ (1, 8, 32, 4) = (1, 8, 3, 4)"), ["1", "8", "3", "32", "4"], [B, H, T, DK, S])
shapes(find("3 queries × 4 keys = NOT square!"), ["3", "4"], [T, S], "grid size")
cs = [[R(3, 10), R(5, 10), R(8, 10), R(1, 10)], [R(7, 10), R(2, 10), R(4, 10), R(3, 10)], [R(2, 10), R(9, 10), R(6, 10), R(1, 10)]]
L = find("query <sos>:     [ 0.3    0.5    0.8        0.1   ]")
for i in range(3):
    e.given(L + i, f"cross-attention scores row {i} (one head)")
L = find("query <sos>:     [ 0.15   0.25   0.45       0.15  ]")
for i, pr in enumerate((["0.15", "0.25", "0.45", "0.15"], ["0.40", "0.15", "0.25", "0.20"], ["0.10", "0.45", "0.30", "0.15"])):
    e.claim(L + i, f"softmax of cross-attention row {i}", pr, sm(cs[i]), cause="slip")
L0 = find("### Step 8 — The weighted sum")
shapes(find("(1, 8, 3, 4) @ (1, 8, 4, 32) = (1, 8, 3, 32)", 1, L0), ["1", "8", "3", "4", "32"], [B, H, T, S, DK])
shapes(find("3 queries          4 values      src_seq_len gone!", 1, L0), ["3", "4"], [T, S], "counts")
e.claim(find('output_আমরা = 0.40 × V("We") + 0.15 × V("are") + 0.25 × V("friends") + 0.20 × V("<eos>")'),
        "weights of row 1 restated", ["0.40", "0.15", "0.25", "0.20"], sm(cs[1]), cause="carried")
shapes(find("= 32-dim vector per head"), ["32"], [DK], "head width")
shapes(find("The `src_seq_len=4` axis is **summed out**"), ["4"], [S], "source length")
L0 = find("### Step 9 — Combine")
shapes(find("cross_output = combine_heads(cross_output)", 1, L0), ["1", "3", "256"], [B, T, D])
shapes(find("cross_output = W_o(cross_output)", 1, L0), ["1", "3", "256"], [B, T, D])
shapes(find("tgt = self.norm2(tgt + self.dropout2(cross_output))", 1, L0), ["1", "3", "256"], [B, T, D])
# --- FFN
L0 = find("### Step 10 — Expand")
shapes(find("tgt:               (1, 3, 256)", 1, L0), ["1", "3", "256"], [B, T, D])
shapes(find("linear1:           (1, 3, 256) @ (256, 1024) = (1, 3, 1024)", 1, L0), ["1", "3", "256", "1024"], [B, T, D, FF])
shapes(find("relu:              (1, 3, 1024)", 1, L0), ["1", "3", "1024"], [B, T, FF])
shapes(find("dropout:           (1, 3, 1024)", 1, L0), ["1", "3", "1024"], [B, T, FF])
shapes(find("linear2:           (1, 3, 1024) @ (1024, 256) = (1, 3, 256)", 1, L0), ["1", "3", "1024", "256"], [B, T, FF, D])
e.given(find("FFN(tgt₁) = max(0, tgt₁ W₁ + b₁) W₂ + b₂"), "ReLU threshold 0")
shapes(find('tgt₁ ("আমরা"):   (256,)'), ["256"], [D])
shapes(find("× W₁ + b₁:       (1024,)    ← expand"), ["1024"], [FF])
shapes(find("ReLU:             (1024,)    ← zero negatives"), ["1024"], [FF])
shapes(find("× W₂ + b₂:       (256,)     ← compress back"), ["256"], [D])
shapes(find("tgt = self.norm3(tgt + self.dropout3(ff_output))    → (1, 3, 256)"), ["1", "3", "256"], [B, T, D])
shapes(find("Input:   tgt (1, 3, 256)         + encoder_output (1, 4, 256)"), ["1", "3", "256", "4"], [B, T, D, S])
shapes(find("Output:  tgt (1, 3, 256)         ← enriched"), ["1", "3", "256"], [B, T, D])
e.given(find("## The whole decoder stack — 4 layers"), "layer count")
e.given(find("for layer in self.layers:       # 4 layers"), "layer count")
L = find("tgt₀: (1, 3, 256)  ← input (target embedding + PE)")
shapes(L, ["1", "3", "256"], [B, T, D])
for k in range(4):
    e.given(L + 1 + 2 * k, f"layer index {k}")
    shapes(L + 2 + 2 * k, ["1", "3", "256"], [B, T, D])
e.claim(find("Note: encoder_output (1, 4, 256) is the SAME for all 4 layers."), "memory shape; layer count",
        ["1", "4", "256"], [B, S, D])
e.given(find("| | EncoderLayer (2 sub-layers) | DecoderLayer (3 sub-layers) |"), "sub-layer counts")

# --- padding vs masking
shapes(find("src_mask shape: (batch, 1, 1, src_len)     ← masks KEY dimension only"), ["1"], [1])
es = [[R(3, 10), R(5, 10), R(2, 10)], [R(1, 10), R(4, 10), R(3, 10)], [R(2, 10), R(2, 10), R(6, 10)],
      [R(2, 10), R(3, 10), R(5, 10)], [R(1, 10), R(4, 10), R(5, 10)]]
L = find('Q  "I"      [ 0.3    0.5    0.2   -inf   -inf ]   ← row 0 (query "I")')
for i in range(5):
    e.given(L + i, f"encoder scores row {i} (with its row label)")
e.given(find('**A real token as the query** (row 0 = "I")'), "row label")
e.claim(find("[0.3, 0.5, 0.2, -inf, -inf] → softmax → [0.28, 0.40, 0.32, 0, 0]"), "softmax of row 0",
        ["0.3", "0.5", "0.2", "0.28", "0.40", "0.32", "0", "0"], es[0] + sm(es[0]) + [0, 0], cause="slip")
e.claim(find("pad keys = 0 weight ✓"), "pad weight", ["0"], [0])
e.given(find("**A pad token as the query** (row 3 = `<pad>`)"), "row label")
e.claim(find("[0.2, 0.3, 0.5, -inf, -inf] → softmax → [0.20, 0.30, 0.50, 0, 0]"), "softmax of row 3",
        ["0.2", "0.3", "0.5", "0.20", "0.30", "0.50", "0", "0"], es[3] + sm(es[3]) + [0, 0], cause="slip")
e.claim(find('output₃ = 0.20 × V("I") + 0.30 × V("love") + 0.50 × V("AI")'), "row 3 weights restated",
        ["0.20", "0.30", "0.50"], sm(es[3]), cause="carried")
shapes(find("= some 256-dim vector"), ["256"], [D], "model width")
e.given(find("src = self.norm1(src + self.dropout1(attn_output))        # residual"), "code (norm1)")
e.given(find("src = self.norm2(src + self.dropout2(ff_output))           # residual"), "code (norm2)")
e.given(find("For pad position 3, step by step:"), "position label")
e.given(find("(embedding for token ID 0)"), "pad ID")
e.given(find("The same happens in all 4 encoder layers"), "layer count")
e.given(find("The FFN has no idea that position 3 is padding"), "position label")
e.given(find("# DecoderLayer.forward() — sub-layer 2: cross-attention"), "sub-layer label")
shapes(find("K = W_k(encoder_output)   # K from ENCODER output (all 5 positions"), ["5"], [5], "source length")
shapes(find("V = W_v(encoder_output)   # V from ENCODER output (all 5 positions"), ["5"], [5], "source length")
art = [R(35, 100), R(40, 100), R(15, 100), R(5, 100), R(5, 100)]
e.given(find("      0.35      0.40        0.15       0.05           0.05"), "cross-attention scores incl. artifacts")
w = sm(art)
e.claim(find("softmax → [0.30, 0.35, 0.20, 0.08, 0.07]"), "softmax over 5 keys",
        ["0.30", "0.35", "0.20", "0.08", "0.07"], w, cause="slip")
e.claim(find("15% garbage leaking into decoder output!"), "weight on the two artifacts", ["15%"], [w[3] + w[4]],
        cause="carried")
e.claim(find("      0.35      0.40        0.15       -inf           -inf"), "scores with the artifacts masked",
        ["0.35", "0.40", "0.15"], art[:3])
e.claim(find("softmax → [0.38, 0.43, 0.19, 0.0, 0.0]"), "softmax over the 3 real keys",
        ["0.38", "0.43", "0.19", "0.0", "0.0"], sm(art[:3]) + [0, 0], cause="slip")
e.claim(find("| Real token attending to pad **key** (in encoder) |"), "masked weight", ["0"], [0])
e.claim(find("| Decoder attending to pad encoder positions |"), "masked weight", ["0"], [0])
e.done()
