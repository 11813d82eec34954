# Expected verdicts for zh-kv-tcsnyy-gqa-kvcache-flops.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Article: a Chinese interview note (excerpt) on MHA/MQA/GQA/MLA, SwiGLU width, the KV-cache size of MiniMind
# (104M, FP16) and a FLOPs rule of thumb. Inputs as printed: MiniMind has 8 query heads and 2 KV heads, 8 layers,
# head_dim 64, 2 bytes per value; MLA's cache is quoted as ~6.7% of MHA's (DeepSeek-V2 data).
# Exact values:
# - KV bytes = 2 × b × 2 × 8 × s × 64 × 2 = 8,388,608 B at s = 2048, b = 1 -> 8.39 MB ("约 8.4 MB": ok, decimal MB);
#   s = 32768 -> 134,217,728 B -> "约 134 MB": ok.
# - GQA 8 -> 2 KV heads saves 1 − 2/8 = 75%: ok; the code comments' head counts 8, 2 and 2 × (8 // 2) = 8: ok.
# - MLA: 1 − 6.7% = 93.3% ("约 93.3%": ok; "约 93%" in the summary: ok).
# - SwiGLU width 8/3 = 2.667 -> "≈ 2.67": ok.
# - FLOPs: 2 × 8e9 × 2048 = 3.2768e13 -> "约 32.8 TFLOPs": ok.
# Ambiguous: "参数量增加约 33%" for SwiGLU (the article does not say against which FFN width; with three matrices at
# 4·d it would be +50%, at the 8/3·d it names below +0%, and the note itself later says the counts are about equal);
# "反向约 4×" (4× of what is not stated: 4·P·S FLOPs, or 4× the forward pass).
# No wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["kv-cache", "gqa", "memory", "complexity"])
L = e.line

for lab in ("| MHA | Multi-Head Attention |", "| MQA | Multi-Query Attention |",
            "| GQA | Grouped-Query Attention |"):
    e.given(L(lab), "table row: definitions and model names")
mla = R(67, 1000)
e.given(L("| MLA | Multi-head Latent Attention |"), "MLA cache ~6.7% of MHA (quoted DeepSeek-V2 data)")
e.claim(L("KV Cache 因此能省下约 93.3%"), "MLA saving 1 − 6.7%", "93.3%", 1 - mla)
e.given(L("`num_key_value_heads=2`（Q 头=8）"), "MiniMind: 2 KV heads, 8 query heads")
e.given(L("num_attention_heads=8, num_key_value_heads=2"), "MiniMind head counts")
H, G = 8, 2
e.claim(L("# q: [batch, 8, seq_len, head_dim]"), "query heads after view", "8", H)
e.claim(L("# k,v: [batch, 2, seq_len, head_dim]"), "KV heads before repeat", "2", G)
e.claim(L("# k,v: [batch, 8, seq_len, head_dim]"), "KV heads after repeat_interleave 2 × (8 // 2)", "8",
        G * (H // G))
ln = L("从 8 头降至 2 头")
e.claim(ln, "KV cache saving 1 − 2/8", "75%", 1 - R(G, H))
e.ambiguous(L("参数量增加约 33%"),
            "the comparison width is not stated: three matrices at 4·d_model give +50%, at 8/3·d_model +0%, and the "
            "note itself later says the parameter counts are about equal")
ln = L("普通 FFN 的中间层宽")
e.given(ln, "FFN width 4·d_model")
e.claim(ln, "SwiGLU width 8/3", "2.67", R(8, 3))
e.given(L("对 8B 模型而言"), "8B model (vague range of GB)")
e.given(L("（MiniMind 104M, FP16）"), "MiniMind 104M, FP16")
e.given(L(r"\times 2\text{ bytes}$$"), "KV formula, 2 bytes per value")
e.given(L("- 2（K + V）× batch × 2 KV头 × 8层"), "2 (K+V), 2 KV heads, 8 layers, head_dim 64, 2 bytes")
kv = lambda s, b=1: 2 * b * 2 * 8 * s * 64 * 2
ln = L("- 当 s=2048, b=1")
e.given(ln, "s = 2048, b = 1")
e.claim(ln, "KV cache at s = 2048 in MB (decimal)", "8.4", R(kv(2048), 10**6))
ln = L("- 当 s=32768")
e.given(ln, "s = 32768")
e.claim(ln, "KV cache at s = 32768 in MB (decimal)", "134", R(kv(32768), 10**6), rounded_int=True)
e.claim(L("KV Cache 减少约 93%"), "MLA saving (summary)", "93%", 1 - mla)
ln = L("14. **Transformer FLOPs 估算**")
e.given(ln, "forward FLOPs ≈ 2·P·S; 8B parameters; seq_len 2048")
e.ambiguous(ln, "'反向约 4×' does not say 4× of what (4·P·S FLOPs, or 4× the forward pass)")
e.claim(ln, "forward FLOPs 2 × 8e9 × 2048 in TFLOPs", "32.8", R(2 * 8 * 10**9 * 2048, 10**12))
e.done()
