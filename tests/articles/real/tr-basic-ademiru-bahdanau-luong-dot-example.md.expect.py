# Expected verdicts for tr-basic-ademiru-bahdanau-luong-dot-example.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Turkish lesson (ademiru, AI Engineering from Scratch — Türkçe, Aşama 5 · Ders 10 "Attention Mechanism — Atılım"):
# Bahdanau additive and Luong dot/general attention in NumPy, a worked Luong-dot example over three encoder states,
# and PyTorch's nn.MultiheadAttention shapes.  The dot example is unscaled (the code's dot_attention has no sqrt(d)),
# followed as printed.
# Inputs: H = [[1.0, 0.0, 0.2], [0.5, 0.5, 0.1], [0.1, 0.9, 0.3]], s = [0.9, 0.1, 0.2].
# Exact values: scores = H s = [0.94, 0.52, 0.24]; softmax = [0.464324, 0.305097, 0.230579] -> printed
#   [0.464 0.305 0.231] at 3 places: right.  The largest weight is at position 0 (as the prose says).
#   MultiheadAttention(embed_dim=128, num_heads=8, batch_first=True) on query (2, 5, 128) and key/value (2, 10, 128):
#   output (2, 5, 128), head-averaged weights (2, 5, 10), a 5x10 alignment per batch item: right.
# Wrong lines: none.  (No real mistake in this lesson's numbers.)
# Ambiguous: "dikkat 2. konuma geçer" -- the shifted decoder state is never given, so the claim cannot be computed.
# Given: the previous lesson's accuracies (5, %89, 80), the year 2014, the formula lines with subscripts, the inputs.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="tr", topics=["basic", "no-scaling", "numpy-output", "shapes"])
H = M([["1.0", "0.0", "0.2"], ["0.5", "0.5", "0.1"], ["0.1", "0.9", "0.3"]])
s = M([["0.9", "0.1", "0.2"]])
scores = (H * s.T).T            # 1 x 3
w = softmax_rows(scores)

e.given(e.line("uzunluk 5'te %89"), "previous lesson: 89% at length 5, near chance at length 80")
e.given(e.line("Bengio 2014'te"), "year of the Bahdanau paper")
e.given(e.line("`s_{t-1}` **sorgu**"), "query s_{t-1} (subscript)")
e.given(e.line("`h_1, ..., h_T`"), "encoder states h_1..h_T (subscripts)")
e.given(e.line("toplamı 1 olan"), "softmax weights sum to 1 (definition)")
e.given(e.line("`c_t = Σ α_{t,i} * h_i`"), "context formula")
e.given(e.line("`d_h = 2 * d_hidden`"), "BiLSTM width formula")
e.given(e.line("Kod çözücünün gizli durumu `s_{t-1}`"), "table row s_{t-1}")
e.given(e.line("`e_{t,i} = v_α^T * tanh"), "Bahdanau score formula")
e.given(e.line("- `s_{t-1}` `(d_s,)`"), "shape of s_{t-1}")
e.given(e.line("Dikkat: Bahdanau `s_{t-1}`"), "Bahdanau uses s_{t-1}, Luong s_t")
for step in ("### Adım 1:", "### Adım 2:", "### Adım 3:"):
    e.given(e.line(step), "step label")

L = e.line("dikkat 0 konumunda toplanıyor")
top = max(range(3), key=lambda j: w[0, j])
e.claim(L, "position of the largest weight (0-based)", "0", top)
e.ambiguous(e.line("dikkat 2. konuma geçer"), "'dikkat 2. konuma geçer' is about a shifted decoder state that is never given")

L = e.line("H = np.array([")
for i in range(3):
    e.given(L + 1 + i, f"H row {i + 1}")
e.given(e.line("s_close_to_cat = np.array"), "decoder state s")
e.given(e.line('print("weights:", w.round(3))'), "rounding to 3 places")
e.claim(e.line("weights: [0.464 0.305 0.231]"), "softmax(H s) at 3 places", ["0.464", "0.305", "0.231"], w)

e.given(e.line("nn.MultiheadAttention(embed_dim=128"), "embed_dim 128, 8 heads")
e.given(e.line("query = torch.randn(2, 5, 128)"), "query shape (2, 5, 128)")
e.given(e.line("key = torch.randn(2, 10, 128)"), "key shape (2, 10, 128)")
e.given(e.line("value = torch.randn(2, 10, 128)"), "value shape (2, 10, 128)")
B, Lq, Lk, E = 2, 5, 10, 128
L = e.line("torch.Size([2, 5, 128]) torch.Size([2, 5, 10])")
e.claim(L, "output shape (batch, L_q, E)", ["2", "5", "128"], [B, Lq, E])
e.claim(L, "weights shape (batch, L_q, L_k), averaged over heads", ["2", "5", "10"], [B, Lq, Lk])
L = e.line("Sorgu tarafında 5 konum")
e.given(L, "restates 5 query positions, 10 key/value positions, 128 dims, 8 heads")
e.claim(L, "alignment matrix L_q x L_k", ["5", "10"], [Lq, Lk])
e.done()
