# Expected verdicts for en-softmax-shreedharn-temperature-topk-mha-scale.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs and conventions:
#   Multi-head part: d_model = 768, num_heads = 12 -> d_head = 64; 12 x 64 = 768.
#   Scale part (GPT-3.5 as the author sketches it): vocabulary 50,000, width 12,288, FFN width 49,152, 96 layers;
#     per layer 4*12288^2 = 603,979,776 (attention) + 2*12288*49152 = 1,207,959,552 (FFN) + 2*12288 = 24,576 (norms)
#     = 1,811,963,904; 96 layers = 173,948,534,784; total with embedding, output projection (614,400,000 each) and the
#     final norm (12,288) = 175,177,347,072.
#   Temperature part: the article's formula softmax(logits/temperature) applied to the listed probabilities, i.e. the
#     logits are log p (any shift), so T scales the distribution to p_i^(1/T) / sum_j p_j^(1/T). The five listed tokens
#     carry 0.95 of the mass (the first list ends in "..."), so T = 1 leaves the distribution unchanged; for T = 0.1 and
#     T = 2.0 the exact values below use the five listed tokens:
#       T = 0.1: (0.990932, 0.009012, 0.000054, 0.000001, 0.000000);  T = 2.0: (0.307079, 0.242767, 0.188046, 0.153539, 0.108569).
#     Both lines are wrong whatever the unlisted tail: at T = 0.1 every tail token has p <= 0.05 and adds < 1e-13, so
#     animal stays 0.9909, not 0.85; at T = 2.0 the ratio purple/animal is sqrt(0.05/0.4) = 0.354 for any tail, while the
#     printed 0.14/0.28 = 0.5. (Reading the listed numbers themselves as logits does not rescue them either:
#     T = 0.1 would give 0.722, 0.161, 0.059, 0.036, 0.022.)
# Wrong lines: 5
#   "4 × (12,288 × 12,288) = 603.9 million per layer" (slip: 603,979,776 = 603.98 million, which rounds to 604.0; 603.9 is
#     a truncation);
#   "All layers: 96 × 1.8B = 172.8 billion" (drift: right from the rounded 1.8B, exact 96 x 1.811963904B = 173.9 billion);
#   "Total Core Parameters: 614M + 173B + 614M ≈ 175 billion" (drift: the layers' 173B is exactly 173.95B -> 174; 614 and
#     175 agree);
#   "Softmax with T=0.1: [animal: 0.85, big: 0.12, sleeping: 0.02, running: 0.01, purple: 0.00]" (slip: exact 0.99, 0.01,
#     0.00, 0.00, 0.00 -- only purple agrees);
#   "Softmax with T=2.0: [animal: 0.28, big: 0.23, sleeping: 0.19, running: 0.16, purple: 0.14]" (slip: exact 0.31, 0.24,
#     0.19, 0.15, 0.11 -- only sleeping agrees).
# Ambiguous: "Remaining ~1B parameters" (a loose remainder: 175 - 175.18 leaves nothing, 175 - 174.2 leaves ~0.8B).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["softmax", "temperature", "top-k", "top-p", "mha", "parameter-count",
                                            "plain-text"])

# --- multi-head attention shapes
L = e.line("d_model = 768 (total representation size)")
e.given(L, "d_model = 768")
e.given(e.line("num_heads = 12 (number of parallel attention mechanisms)"), "num_heads = 12")
e.claim(e.line("d_head = 768/12 = 64"), "d_head = 768/12", ["64"], [R(768, 12)])
for name in ("W_q", "W_k", "W_v"):
    e.claim(e.line(f"{name} split into 12 pieces: [768×64] each"), f"{name} per-head width 768/12", ["64"], [R(768, 12)])
e.claim(e.line("Result: [64 + 64 + 64 + ... + 64] = 768-dimensional representation"), "12 x 64", ["768"],
        [sp.Integer(12 * 64)])
e.claim(e.line("(12×64=768)"), "12 x 64", ["768"], [sp.Integer(12 * 64)])

# --- parameter scale
V, D, F, NL = 50000, 12288, 49152, 96
attn = 4 * D * D
ffn = D * F + F * D
norms = 2 * D
per_layer = attn + ffn + norms
layers = NL * per_layer
emb = V * D
out = D * V
total = emb + layers + out + D
e.given(e.line("- Vocabulary: 50,000 tokens"), "vocabulary")
e.given(e.line("- Embedding size: 12,288 dimensions (actual GPT-3.5 size)"), "width")
e.claim(e.line("- Parameters: 50,000 × 12,288 = 614.4 million"), "embedding parameters (millions)", ["614.4"],
        [R(emb, 10**6)])
e.given(e.line("96 Transformer Layers × Weight Matrices per layer:"), "96 layers")
e.claim(e.line("- Attention matrices (Q,K,V,O): 4 × (12,288 × 12,288) = 603.9 million per layer"),
        "4 x 12288^2 in millions (exact 603.979776)", ["603.9"], [R(attn, 10**6)])
e.claim(e.line("- Feed-forward matrices (W1,W2): (12,288 × 49,152) + (49,152 × 12,288) = 1.2 billion per layer"),
        "FFN parameters (billions)", ["1.2"], [R(ffn, 10**9)])
number_claim(e, e.line("- Layer normalization: 2 × 12,288 = 24,576 parameters per layer"), "2 x 12288", "24,576", norms)
e.claim(e.line("- Per layer total: ~1.8 billion parameters"), "per-layer total (billions)", ["1.8"],
        [R(per_layer, 10**9)])
e.claim(e.line("- All layers: 96 × 1.8B = 172.8 billion"), "96 layers (billions; exact 173.9485)", ["172.8"],
        [R(layers, 10**9)], cause="drift")
e.claim(e.line("- Linear projection: 12,288 × 50,000 = 614.4 million"), "output projection (millions)", ["614.4"],
        [R(out, 10**6)])
e.given(e.line("- Layer normalization: 12,288 parameters"), "final norm")
L = e.line("Total Core Parameters: 614M + 173B + 614M ≈ 175 billion")
number_claim(e, L, "embedding (millions)", "614", R(emb, 10**6))
number_claim(e, L, "all layers (billions; exact 173.95)", "173", R(layers, 10**9), cause="drift")
number_claim(e, L, "total (billions)", "175", R(total, 10**9))
e.ambiguous(e.line("Remaining ~1B parameters: Position embeddings, additional biases, etc."),
            "a loose remainder: the sketched parts already add up to 175.18B (174.2B with the printed 173B)")
e.claim(e.line("- 175 billion parameters × 4 bytes/float = 700 GB of raw weights"), "175e9 x 4 bytes in GB", ["700"],
        [R(175 * 10**9 * 4, 10**9)])

# --- temperature
p = [R(4, 10), R(25, 100), R(15, 100), R(1, 10), R(5, 100)]


def temper(T):
    w = [sp.Pow(x, 1 / sp.nsimplify(T)) for x in p]
    s = sum(w)
    return [x / s for x in w]


e.given(e.line("Raw probabilities: [animal: 0.4, big: 0.25, sleeping: 0.15, running: 0.1, purple: 0.05, ...]"),
        "next-token probabilities")
e.given(e.line("Original probabilities: [animal: 0.4, big: 0.25, sleeping: 0.15, running: 0.1, purple: 0.05]"),
        "probabilities again")
e.claim(e.line("Softmax with T=0.1: [animal: 0.85"), "softmax(log p / 0.1) over the listed tokens",
        ["0.85", "0.12", "0.02", "0.01", "0.00"], temper(R(1, 10)))
e.claim(e.line("Unchanged: [animal: 0.4, big: 0.25, sleeping: 0.15, running: 0.1, purple: 0.05]"),
        "T = 1 leaves the distribution unchanged", ["0.4", "0.25", "0.15", "0.1", "0.05"], p)
e.claim(e.line("Softmax with T=2.0: [animal: 0.28"), "softmax(log p / 2) over the listed tokens",
        ["0.28", "0.23", "0.19", "0.16", "0.14"], temper(2))

# --- top-k / top-p
e.given(e.line("Original: [animal: 0.4, big: 0.25, sleeping: 0.15, running: 0.1, purple: 0.05, flying: 0.03, ...]"),
        "probabilities with tail")
e.given(e.line("Filtered: [animal: 0.4, big: 0.25, sleeping: 0.15]"), "top-3 kept")
top3 = [x / sum(p[:3]) for x in p[:3]]
e.claim(e.line("Renormalized: [animal: 0.5, big: 0.31, sleeping: 0.19]"), "top-3 renormalised",
        ["0.5", "0.31", "0.19"], top3)
e.claim(e.line("Result: [animal: 1.0]"), "top-1 renormalised", ["1.0"], [sp.Integer(1)])
e.given(e.line("Sorted probabilities: [animal: 0.4, big: 0.25, sleeping: 0.15, running: 0.1, purple: 0.05, ...]"),
        "sorted probabilities")
e.claim(e.line("Cumulative: animal(0.4) + big(0.25) + sleeping(0.15) = 0.8 ← stop here"), "0.4 + 0.25 + 0.15",
        ["0.8"], [sum(p[:3])])
e.given(e.line("Kept: [animal: 0.4, big: 0.25, sleeping: 0.15]  "), "top-p 0.8 kept")
e.claim(e.line("Renormalized: [animal: 0.5, big: 0.31, sleeping: 0.19]", nth=2), "top-p 0.8 renormalised",
        ["0.5", "0.31", "0.19"], top3)
e.claim(e.line("Cumulative: animal(0.4) + big(0.25) + sleeping(0.15) + running(0.1) = 0.9"),
        "0.4 + 0.25 + 0.15 + 0.1", ["0.9"], [sum(p[:4])])
e.given(e.line("Kept: [animal: 0.4, big: 0.25, sleeping: 0.15, running: 0.1]"), "top-p 0.9 kept")
e.done()
