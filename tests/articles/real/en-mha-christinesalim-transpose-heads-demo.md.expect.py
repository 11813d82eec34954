# Expected verdicts for en-mha-christinesalim-transpose-heads-demo.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Multi-head split shown on a toy tensor: arange(24) reshaped to [batch 1, tokens 3, heads 2, features 4]
# (entry = 8*token + 4*head + feature), then transpose(1, 2) to [1, 2, 3, 4] (heads first).  The same tensor is used
# as queries and keys, so each head's scores are the Gram matrix of its 3 token rows:
#   head 0 rows (0..3), (8..11), (16..19): 14, 62, 110 / 62, 366, 670 / 110, 670, 1230;
#   head 1 rows (4..7), (12..15), (20..23): 126, 302, 478 / 302, 734, 1166 / 478, 1166, 1854.
# Shapes [1, 3, 2, 4], [1, 2, 3, 4], [1, 2, 3, 3] and the closing 8-head, 6-token, 64-feature example
# ([batch, 6, 8, 64] -> [batch, 8, 6, 64], 8 matrices of 6x6) all follow.  No wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, sp

e = Expect(__file__, language="en", topics=["mha", "head-split", "transpose", "attention-scores"])
L = e.line

B, T, H, D = 1, 3, 2, 4
X = [[[[8 * t + 4 * h + f for f in range(D)] for h in range(H)] for t in range(T)]]  # [B, T, H, D]
e.given(L("batch_size = 1      # Just 1 batch"), "batch 1")
e.given(L("num_tokens = 3      # 3 tokens"), "3 tokens")
e.given(L("num_heads = 2       # 2 attention heads"), "2 heads")
e.given(L("head_dim = 4        # 4 features per head"), "4 features per head")
e.given(L("tensor_before = torch.arange("), "arange(24) reshaped to [1, 3, 2, 4]")


def shape(ln, what, printed, exact):
    e.claim(ln, what, printed, exact)


before, after = [B, T, H, D], [B, H, T, D]
shape(L("queries = tensor_before  # [1, 3, 2, 4]"), "queries shape (comment)", ["1", "3", "2", "4"], before)
shape(L("keys = tensor_before     # [1, 3, 2, 4]"), "keys shape (comment)", ["1", "3", "2", "4"], before)
shape(L("queries_transposed = queries.transpose(1, 2)  # [1, 2, 3, 4]"), "transposed queries shape (comment)",
      ["1", "2", "3", "4"], after)
shape(L("keys_transposed = keys.transpose(1, 2)        # [1, 2, 3, 4]"), "transposed keys shape (comment)",
      ["1", "2", "3", "4"], after)

out = L("## What it prints")
shape(L("Shape: torch.Size([1, 3, 2, 4])", after=out), "shape before transpose", ["1", "3", "2", "4"], before)
top = L("Data organized by TOKENS first:", after=out)
offs = [1, 2, 4, 5, 7, 8]
rows = [X[0][t][h] for t in range(T) for h in range(H)]
for k, (o, row) in enumerate(zip(offs, rows)):
    t, h = divmod(k, H)
    e.claim(top + o, f"tensor_before[0, {t}, {h}, :]", [str(v) for v in row], row)
shape(L("Shape: torch.Size([1, 2, 3, 4])", after=out), "shape after transpose", ["1", "2", "3", "4"], after)
top = L("Data reorganized by HEADS first:", after=out)
offs = [1, 2, 3, 5, 6, 7]
rows_after = [X[0][t][h] for h in range(H) for t in range(T)]
for k, (o, row) in enumerate(zip(offs, rows_after)):
    h, t = divmod(k, T)
    e.claim(top + o, f"tensor_after[0, {h}, {t}, :]", [str(v) for v in row], row)
shape(L("queries shape: torch.Size([1, 3, 2, 4])"), "queries shape, no transpose", ["1", "3", "2", "4"], before)
shape(L("keys shape: torch.Size([1, 3, 2, 4])"), "keys shape, no transpose", ["1", "3", "2", "4"], before)
shape(L("queries shape: torch.Size([1, 2, 3, 4])"), "queries shape, transposed", ["1", "2", "3", "4"], after)
shape(L("keys shape: torch.Size([1, 2, 3, 4])"), "keys shape, transposed", ["1", "2", "3", "4"], after)
shape(L("Attention scores shape: torch.Size([1, 2, 3, 3])"), "scores shape", ["1", "2", "3", "3"], [B, H, T, T])
shape(L("Each head has its own 3x3 attention matrix!", after=out), "per-head matrix size", ["3", "3"], [T, T])

top = L("Attention scores:", after=out)
offs = [1, 2, 3, 5, 6, 7]
for h in range(H):
    Q = sp.Matrix([X[0][t][h] for t in range(T)])  # 3 x 4
    S = Q * Q.T
    lines = offs[3 * h: 3 * h + 3]
    e.rows([top + o for o in lines], f"head {h} scores Q K^T",
           [[str(v) for v in S.row(i)] for i in range(T)], S)

ln = L("- 8 heads, each with 6 tokens and 64 features")
e.given(ln, "8 heads, 6 tokens, 64 features per head")
e.claim(L("- Before: `[batch, 6, 8, 64]`"), "shape before transpose", ["6", "8", "64"], [6, 8, 64])
e.claim(L("- After: `[batch, 8, 6, 64]`"), "shape after transpose", ["8", "6", "64"], [8, 6, 64])
e.claim(L("- Result: 8 independent 6×6 attention matrices"), "one tokens x tokens matrix per head", ["8", "6", "6"], [8, 6, 6])
e.done()
