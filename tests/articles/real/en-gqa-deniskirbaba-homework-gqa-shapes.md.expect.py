# Expected verdicts for en-gqa-deniskirbaba-homework-gqa-shapes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: batch_size = 64, seq_len = 100, emb_dim = 512, n_heads = 8, n_heads_kv = 8 // 2 = 4, n_hid = 256,
# seq_len_kv = 25; head size n_hid // n_heads = 32. Only shapes are printed (all tensors are random).
# MHA: emb (64,100,512) @ W (8,1,512,32) broadcasts to (8,64,100,32); scores (8,64,100,100); output permuted to
#   (64,100,8,32) and reshaped to (64,100,256).
# GQA: W_q (8,1,512,32), W_k = W_v (4,1,512,32); Q (8,64,100,32); emb_enc @ W_k = (4,64,25,32), repeat_interleave by
#   8 // 4 = 2 on dim 0 -> (8,64,25,32); scores (8,64,100,25); output (64,100,256).
# The notebook's own quirks (K and V projections swapped in the MHA cell, "/ 32 * 0.5" instead of "/ 32 ** 0.5" in the
# GQA cell) change values, not shapes; the values are never printed. All printed shapes agree; no wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["gqa", "mha", "shapes", "notebook", "homework", "torch-size"])
B, T, D, H, HKV, NHID, TKV = 64, 100, 512, 8, 8 // 2, 256, 25
hd = NHID // H
for needle in ("batch_size = 64", "seq_len = 100", "emb_dim = 512", "n_heads = 8", "n_hid = 256", "seq_len_kv = 25"):
    e.given(e.line(needle), "size")


def size(ln, shape, what):
    text = e.lines[ln - 1]
    inside = text.split("torch.Size([")[1].split("])")[0]
    printed = [p.strip() for p in inside.split(",")]
    e.claim(ln, what, printed, list(shape))


qkv = (H, B, T, hd)
L = e.line("(torch.Size([8, 64, 100, 32]),")
size(L, qkv, "MHA Q.shape")
size(L + 1, qkv, "MHA K.shape")
size(L + 2, qkv, "MHA V.shape")
size(e.line("torch.Size([8, 64, 100, 100])"), (H, B, T, T), "MHA att_w.shape")
size(e.line("torch.Size([64, 100, 256])"), (B, T, H * hd), "MHA att_out.shape")
L = e.line("(torch.Size([8, 1, 512, 32]),")
size(L, (H, 1, D, hd), "W_q.shape")
size(L + 1, (HKV, 1, D, hd), "W_k.shape")
size(L + 2, (HKV, 1, D, hd), "W_v.shape")
L = e.line("(torch.Size([8, 64, 100, 32]),", 2)
size(L, (H, B, T, hd), "GQA Q.shape")
size(L + 1, (HKV * (H // HKV), B, TKV, hd), "GQA K.shape (repeat_interleave)")
size(L + 2, (HKV * (H // HKV), B, TKV, hd), "GQA V.shape (repeat_interleave)")
size(e.line("torch.Size([8, 64, 100, 25])"), (H, B, T, TKV), "GQA att_w.shape")
size(e.line("torch.Size([64, 100, 256])", 2), (B, T, H * hd), "GQA att_out.shape")
e.done()
