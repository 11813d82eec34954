# Expected verdicts for en-softmax-jbg05-gpt2-temperature-table.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A personal blog post (Juan Belza Garcia) that builds GPT-2 from scratch: sizes, a parameter count, a temperature
# table for softmax(logits / T) on logits [5, 3, 1], and the size of the KV cache.
# Inputs: d_vocab = 50257, d_model = 768, n_ctx = 1024, h = 12, d_head = 64, L = 12, d_mlp = 3072; logits [5, 3, 1].
# Exact values:
#   12 * 64 = 768, 4 * 768 = 3072; embeddings 50257*768 + 1024*768 = 39,383,808 (39.4M);
#   per layer 4*768^2 + 2*768*3072 = 7,077,888 (+ 9,984 biases = 7,087,872) -> 7.1M either way;
#   total 39,383,808 + 12*7,077,888 = 124,318,464 (124,439,808 with biases and the final LayerNorm) -> 124M.
#   (Adding the rounded 39.4 + 12*7.1 = 124.6 would give 125; the printed 124M is right end to end.)
#   Scaled logits [10, 6, 2], [5, 3, 1], [2.5, 1.5, 0.5]: ok.
#   softmax([10, 6, 2]) = [0.98169, 0.017980, 0.00032932];
#   softmax([5, 3, 1])  = [0.86681, 0.11731, 0.015876];
#   softmax([2.5, 1.5, 0.5]) = [0.66524, 0.24473, 0.090031].
#   KV cache 2*12*1024*768 = 18,874,368 floats -> 19M ok.
# Wrong lines (all slips of the author, each on its own line; the probabilities do not follow from the printed logits):
#   T = 0.5: 0.997 -> 0.982, 0.003 -> 0.018 (0.000 is right, 0.00033);
#   T = 1.0: 0.843 -> 0.867, 0.155 -> 0.117, 0.002 -> 0.016;
#   T = 2.0: 0.666 -> 0.665, 0.242 -> 0.245, 0.091 -> 0.090.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, softmax_rows, M

e = Expect(__file__, language="en", topics=["softmax", "basic", "mha", "kv", "parameter-count", "temperature"])
L = e.line

e.given(L("a BPE vocabulary of 50,257 entries"), "vocabulary size (thousands comma)")
e.given(L("$d_{\\text{vocab}} = 50257$, $d_{\\text{model}} = 768$."), "d_vocab, d_model")
e.given(L("with a context length of $n_{\\text{ctx}} = 1024$"), "n_ctx")
e.given(L("For GPT-2: $d_{\\text{head}} = 64$."), "d_head")
e.claim(L("hence weight 0 after the softmax"), "weight of a -inf score", "0", 0)
ln = L("For GPT-2: $h = 12$ heads")
e.given(ln, "h = 12, d_head = 64")
e.claim(ln, "h * d_head", "768", 12 * 64)
e.claim(L("= 4 \\cdot d_{\\text{model}} = 3072$ for GPT-2"), "d_mlp = 4 d_model", "3072", 4 * 768)
for needle in ("- $L = 12$ layers", "- $d_{\\text{model}} = 768$", "- $d_{\\text{head}} = 64$", "- $h = 12$ heads",
               "- $d_{\\text{mlp}} = 3072$", "- $d_{\\text{vocab}} = 50257$", "- $n_{\\text{ctx}} = 1024$"):
    e.given(L(needle), "configuration entry")

emb = 50257 * 768 + 1024 * 768
layer = 4 * 768 * 768 + 768 * 3072 + 3072 * 768
e.claim(L("- Embeddings: $50257 \\times 768"), "embedding parameters in millions", "39.4", R(emb, 10**6))
e.claim(L("- Each layer: $(4 \\times 768"), "per-layer parameters in millions (biases add 9,984)", "7.1", R(layer, 10**6))
e.claim(L("- Total: $39.4M + 12"), "total parameters in millions (end to end)", "124", R(emb + 12 * layer, 10**6),
        rounded_int=True)

e.given(L("The author illustrates it on $\\text{logits} = [5, 3, 1]$"), "logits [5, 3, 1]")
z = [5, 3, 1]
for T, needle, scaled, probs in ((R(1, 2), "- $T = 0.5$:", ["10", "6", "2"], ["0.997", "0.003", "0.000"]),
                                 (R(1), "- $T = 1.0$:", ["5", "3", "1"], ["0.843", "0.155", "0.002"]),
                                 (R(2), "- $T = 2.0$:", ["2.5", "1.5", "0.5"], ["0.666", "0.242", "0.091"])):
    ln = L(needle)
    s = sp.Matrix([[R(v) / T for v in z]])
    e.given(ln, f"temperature T = {T}")
    e.claim(ln, f"logits / T at T = {T}", scaled, s)
    e.claim(ln, f"softmax(logits / T) at T = {T}", probs, softmax_rows(s), cause="slip")

e.claim(L("For GPT-2: $2 \\times 12 \\times 1024 \\times 768 \\approx 19M$"), "KV cache floats per sequence in millions",
        "19", R(2 * 12 * 1024 * 768, 10**6), rounded_int=True)
e.done()
