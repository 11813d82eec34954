# Expected verdicts for zh-mha-liichaaoo-day3-multihead-shapes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese self-study day (liichaaoo/ai-learning, "path-engineer" week 2, day 3) on multi-head attention: shape
# tracking for single head vs H = 8 heads with B = 2, L = 4, d_model = 64 (d_k = 8), the parameter count 4 d_model^2,
# a PyTorch module with a fused W_qkv (64 -> 192) and W_O (64 -> 64) tested on x of shape (2, 10, 64), a printed
# shape trace, and an MHA / MQA / GQA head-count table.
# Exact values: d_k = 64 / 8 = 8; scores (2, 8, 4, 4); concat H d_k = 64; 4 * 64^2 = 16384; the module's parameters
#   64 * 192 + 64 * 64 = 16384; trace shapes (2,10,64), (2,10,8,8), (2,8,10,8), (2,8,10,10); GQA 8 / 2 = 4 per KV head.
# Wrong lines: none. Ambiguous lines: none.
# Times, day / section / stage numbers, the telescope count, "Llama 2/3", the video range and "50%" are givens.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["mha", "shapes", "complexity", "gqa", "code-block"])
L = e.line
B, Ls, D, H = 2, 4, 64, 8
dk = D // H

# --- single head -----------------------------------------------------------------------------------
e.given(L("输入 x:        (B, L, d_model)        例如 (2, 4, 64)"), "B = 2, L = 4, d_model = 64")
e.claim(L("Q = x · W_Q:   (B, L, d_model)        (2, 4, 64)"), "Q shape", ["2", "4", "64"], [B, Ls, D])
e.claim(L("scores = Q · K^T:                    (B, L, L)         (2, 4, 4)"), "scores shape", ["2", "4", "4"], [B, Ls, Ls])
e.claim(L("scores / √d_k → softmax → · V:        (B, L, d_model)   (2, 4, 64)"), "output shape", ["2", "4", "64"], [B, Ls, D])

# --- multi head -------------------------------------------------------------------------------------
e.given(L("### 1.2 多头（H=8）"), "H = 8")
e.claim(L("**做法**：把 `d_model = 64` 切成 **8 个头，每头 8 维**"), "d_k = 64 / 8", ["64", "8", "8"], [D, H, R(D, H)])
e.claim(L("   64   = 8 · 8"), "d_model = H d_k", ["64", "8", "8"], [H * dk, H, dk])
e.claim(L("输入 x:                       (B, L, d_model)        (2, 4, 64)"), "x shape", ["2", "4", "64"], [B, Ls, D])
e.claim(L("Q: (B, L, d_model) → (B, L, H, d_k) → (B, H, L, d_k)        (2, 8, 4, 8)"), "split Q shape",
        ["2", "8", "4", "8"], [B, H, Ls, dk])
e.claim(L("scores = Q · K^T:           (B, H, L, L)        (2, 8, 4, 4)"), "scores shape", ["2", "8", "4", "4"], [B, H, Ls, Ls])
e.claim(L("attn = softmax(scores/√d_k):                    (2, 8, 4, 4)"), "attn shape", ["2", "8", "4", "4"], [B, H, Ls, Ls])
e.claim(L("head_out = attn · V:        (B, H, L, d_k)      (2, 8, 4, 8)"), "head output shape", ["2", "8", "4", "8"], [B, H, Ls, dk])
e.claim(L("concat: (B, H, L, d_k) → (B, L, H·d_k) = (B, L, d_model)    (2, 4, 64)"), "concat shape", ["2", "4", "64"], [B, Ls, H * dk])
e.claim(L("output = concat · W_O:      (B, L, d_model)     (2, 4, 64)"), "output shape", ["2", "4", "64"], [B, Ls, D])
e.claim(L("> 总参数量：单头 4·d_model² = 4·64² = 16384"), "4 d_model^2 (single head)", ["4", "4", "64", "16384"], [4, 4, D, 4 * D**2])
e.claim(L("> 多头 (H=8)：4·d_model² = 4·64² = 16384"), "4 d_model^2 (8 heads: 8 x 3 x 64 x 8 + 64 x 64 ... = 4 d^2)",
        ["8", "4", "4", "64", "16384"], [H, 4, 4, D, 3 * H * D * dk + D * D])

# --- code -------------------------------------------------------------------------------------------
e.given(L(":param d_model: 总维度（如 512）"), "example 512")
e.given(L(":param n_heads: 头数（如 8）"), "example 8")
e.given(L("mha = MultiHeadAttention(d_model=64, n_heads=8, causal=True)"), "d_model 64, 8 heads")
e.given(L("x = torch.randn(2, 10, 64)        # batch=2, L=10, d=64"), "x of shape (2, 10, 64)")
e.claim(L("print(y.shape)                    # torch.Size([2, 10, 64])"), "module output shape", ["2", "10", "64"], [2, 10, 64])
W_qkv, W_O = D * 3 * D, D * D
e.claim(L('print(f"参数量: {n_params}")     # 64*64*4 = 16384'), "parameters of W_qkv (64x192) + W_O (64x64)",
        ["64", "64", "4", "16384"], [D, D, 4, W_qkv + W_O])
e.given(L("mha = nn.MultiheadAttention(embed_dim=64, num_heads=8, batch_first=True)"), "built-in, 64 / 8")

# --- shape trace ------------------------------------------------------------------------------------
e.given(L("trace_shapes(torch.randn(2, 10, 64), n_heads=8)"), "trace input (2, 10, 64), 8 heads")
T = L("打印结果：")
e.claim(L("输入 x          torch.Size([2, 10, 64])", after=T), "x", ["2", "10", "64"], [2, 10, 64])
e.claim(L("Q (投影后)      torch.Size([2, 10, 64])", after=T), "Q", ["2", "10", "64"], [2, 10, 64])
e.claim(L("Q (切分头)      torch.Size([2, 10, 8, 8])", after=T), "split", ["2", "10", "8", "8"], [2, 10, 8, 64 // 8])
e.claim(L("Q (转置后)      torch.Size([2, 8, 10, 8])", after=T), "transposed", ["2", "8", "10", "8"], [2, 8, 10, 8])
e.claim(L("scores          torch.Size([2, 8, 10, 10])", after=T), "scores", ["2", "8", "10", "10"], [2, 8, 10, 10])

# --- GQA table --------------------------------------------------------------------------------------
e.claim(L("MHA       8                    8        ← 一对一"), "MHA heads", ["8", "8"], [8, 8])
e.claim(L("MQA       8                    1        ← 全部共享"), "MQA heads", ["8", "1"], [8, 1])
e.claim(L("GQA       8                    2        ← 4 个 Q 头共享 1 组 KV"), "GQA: 8 / 2 = 4 query heads per KV group",
        ["8", "2", "4", "1"], [8, 2, R(8, 2), 1])

# --- labels, times, section numbers, code constants ---------------------------------------------------
rest = []
for i, t in enumerate(e.lines):
    if i > 0 and re.search(r"\d", t) and (i + 1) not in e.verdicts:
        e.given(i + 1, "label, time, section/day number, code constant or external figure (no arithmetic claim)")
        rest.append(i + 1)
if "--list" in sys.argv:
    for n in rest:
        print(n, e.lines[n - 1])
e.done()
