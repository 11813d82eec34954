# Expected verdicts for zh-mha-x2x5-sd15-cross-attn-shapes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese blog post (x2x5) that walks the tensor shapes of one cross-attention block in the Stable Diffusion 1.5 UNet.
# Inputs: batch 1; an assumed image feature map (1, 320, 32, 32); CLIP text embeddings (1, 77, 768); W_Q 320x320,
# W_K and W_V 768x320, W_O 320x320; 8 heads.
# Exact values: flattened length 32 x 32 = 1024 -> (1, 1024, 320); Q (1, 1024, 320), K and V (1, 77, 320);
# head dim 320 / 8 = 40 -> Q (1, 8, 1024, 40), K/V (1, 8, 77, 40); K^T (1, 8, 40, 77); scores (1, 8, 1024, 77), i.e.
# a 1024 x 77 matrix per head; softmax rows sum to 1; weights x V -> (1, 8, 1024, 40); merged heads 8 x 40 = 320 ->
# (1, 1024, 320); W_O 320x320 keeps (1, 1024, 320).
# Every printed shape follows from these inputs. No wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["mha", "shapes", "cross-attention"])
L = e.line

C, H, W = 320, 32, 32
T_txt, D_txt = 77, 768
heads = 8
hd = R(C, heads)
seq = H * W

e.given(L("**模型**: Stable Diffusion 1.5"), "model SD 1.5")
e.given(L("**批量大小 (Batch Size)**: 1"), "batch 1")
e.given(L("假设特征图维度是 `(1, 320, 32, 32)`"), "assumed feature map (1, 320, 32, 32)")
ln = L("**拉平后维度**: `(1, 1024, 320)`")
e.claim(ln, "flattened sequence length 32 x 32", "1024", seq)
e.given(ln, "channels 320 kept")
e.given(L("-   `1`: 批量大小。"), "batch 1")
ln = L("`1024`: 序列长度 (32 * 32 = 1024)")
e.claim(ln, "32 * 32", "1024", seq)
e.given(L("`320`: 每个小区域的特征向量维度"), "feature width 320")
e.given(L("**固定维度**: `(1, 77, 768)`"), "text embeddings (1, 77, 768)")
e.given(L("-   `1`: 批量大小。", nth=2), "batch 1")
e.given(L("`77`: 序列长度，SD 1.5"), "77 text tokens")
e.given(L("`768`: 每个词元的语义向量维度"), "text width 768")
e.given(L("图像一侧的向量是**320**维，文本一侧是**768**维"), "widths 320 and 768")

ln = L("| **1** | **由图像生成 Query (Q)**")
e.given(ln, "W_Q is 320x320")
e.claim(ln, "Q = (1, 1024, 320) x (320x320): length and width", ["1024", "320"], [seq, C])
ln = L("| **2** | **由文本生成 Key (K)**")
e.given(ln, "W_K is 768x320")
e.claim(ln, "K = (1, 77, 768) x (768x320): length and width", ["77", "320"], [T_txt, C])
ln = L("| **3** | **由文本生成 Value (V)**")
e.given(ln, "W_V is 768x320")
e.claim(ln, "V = (1, 77, 768) x (768x320): length and width", ["77", "320"], [T_txt, C])
e.given(L("-   **Q (图像)**: `(1, 1024, 320)`"), "restated Q shape")
e.given(L("-   **K (文本)**: `(1, 77, 320)`"), "restated K shape")
e.given(L("-   **V (文本)**: `(1, 77, 320)`"), "restated V shape")
e.given(L("（一般是8个头）"), "8 heads")
e.claim(L("**每个头的维度**: 320 / 8 = **40**"), "320 / 8", "40", hd)

ln = L("| **4** | **拆分Q, K, V**")
e.claim(ln, "Q split (1, 8, 1024, 40)", ["8", "1024", "40"], [heads, seq, hd])
e.claim(ln, "K/V split (1, 8, 77, 40)", ["77"], [T_txt])
ln = L("| **5** | **计算注意力分数**")
e.claim(ln, "K^T (1, 8, 40, 77) and scores (1, 8, 1024, 77)", ["40", "77", "1024"], [hd, T_txt, seq])

ln = L("| **6** | **Softmax**")
e.claim(ln, "softmax over the 77 keys; row sum", ["77", "1"], [T_txt, 1])
ln = L("| **7** | **对V加权求和**")
e.claim(ln, "(1024 x 77)(77 x 40) -> (1, 8, 1024, 40)", ["1024", "40"], [seq, hd])
ln = L("| **8** | **合并多头**")
e.claim(ln, "merged width 8 x 40", "320", heads * hd)
ln = L("| **9** | **最终输出**")
e.given(ln, "W_O is 320x320")
e.claim(ln, "output (1, 1024, 320)", ["1024", "320"], [seq, C])
e.given(L("把高维的文本信息（768维）投影到"), "restates 768 -> 320")
e.done()
