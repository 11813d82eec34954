# Expected verdicts for zh-complexity-lq147258369-llama2-13b-param-count.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Chinese study note counting Llama 2 13B's parameters (after a Medium post): module print and ModelArgs (given),
# then embedding 32,000 × 5,120, the MHA block (W_Q = 5120 × (128 × 40); 3 × that + 5120 × 5120), the SwiGLU MLP
# (3 × 5120 × 13,824), RMSNorm (2 × 5120 per layer, 5120 before the head), the LM head and the total.
# Exact values: 163,840,000; 26,214,400; 104,857,600 (1.05亿 -> "1亿" ok); 212,336,640 (2.12亿 -> "2亿" ok);
# total 163,840,000 + 40 × 317,204,480 + 5,120 + 163,840,000 = 13,015,864,320 (ok).
# Wrong: the LM head's "163,840,000 1亿" — 1.6384亿 rounds to 2亿, so "1亿" is truncated (slip); the embedding line,
# with the same count, prints no 亿 figure.
# The trailing sections (position encodings, KV-cache questions, GQA remarks) compute nothing and were dropped.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["complexity", "parameters", "mha"])
L = e.line

e.given(L("[以13B为例]"), "13B")
e.given(L("先看 Llama 2 13B"), "13B")
# the module print and the ModelArgs block: configuration, given
for i, text in enumerate(e.lines, start=1):
    if any(k in text for k in ("Embedding(32000, 5120)", "Linear(in_features=", "(0-39): 40 x LlamaDecoderLayer")):
        e.given(i, "module shapes printed by transformers")
for key in ("dim=5120,", "n_layers=40,", "n_heads=40,", "vocab_size=32000,", "multiple_of=256,", "norm_eps=1e-5,",
            "max_seq_len=1024,", "dropout=0.0"):
    e.given(L(key), "ModelArgs")

V, D, H, HD, FF, NL = 32000, 5120, 40, 128, 13824, 40
embed = V * D
number_claim(e, L("args.vocab_size * args.dim= 32,000 x 5,120"), "embedding 32,000 × 5,120", "163,840,000", embed)
ln = L("13B有40个attention heads，每个头有128维")
e.given(ln, "40 heads, 128 per head; 70B uses GQA")
e.claim(ln, "5120 / 40 heads", "128", R(D, H))
wq = D * (HD * H)
number_claim(e, L("#W_Q的参数量=5120 x (128 x 40)"), "W_Q", "26,214,400", wq)
attn = 3 * D * (HD * H) + D * D
ln = L("#所以参数量是3x5120 x (128 x 40) + 5120 x 5120")
number_claim(e, ln, "attention block", "104,857,600", attn)
e.claim(ln, "attention block in 亿 ('1亿')", "1", R(attn, 10**8), rounded_int=True)
mlp = 3 * D * FF
ln = L("# mlp参数量= 3 x 5120 x 13,824")
number_claim(e, ln, "MLP block", "212,336,640", mlp)
e.claim(ln, "MLP block in 亿 ('2亿')", "2", R(mlp, 10**8), rounded_int=True)
e.given(L("per_layer_rms_norm_ parameters = 2 x 5120"), "RMSNorm weights 2 × 5120 per layer, 5120 before the head")
head = D * V
ln = L("lm_head_parameters = 5,120 x 32,000")
number_claim(e, ln, "LM head", "163,840,000", head)
e.claim(ln, "LM head in 亿 ('1亿'; 1.6384亿 rounds to 2亿, truncated)", "1", R(head, 10**8), rounded_int=True)
total = embed + NL * (attn + mlp + 2 * D) + D + head
number_claim(e, L("Total parameters = 163,840,000 + 40 x"), "total", "13,015,864,320", total)
e.done()
