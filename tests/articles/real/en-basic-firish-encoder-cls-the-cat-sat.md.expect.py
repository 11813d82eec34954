# Expected verdicts for en-basic-firish-encoder-cls-the-cat-sat.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: token embeddings [CLS] [0.10, 0.00, 0.10], the [0.00, 0.20, 0.00], cat [0.30, 0.10, 0.00], sat [0.20, 0.00, 0.20];
# position vectors [0.01, 0.00, 0.01], [0.00, 0.01, 0.00], [0.01, 0.01, 0.00], [0.00, 0.00, 0.01]; W_Q = I, W_K = W_V = 0.5 I;
# d_k = 3.  X + P = [[0.11, 0, 0.11], [0, 0.21, 0], [0.31, 0.11, 0], [0.20, 0, 0.21]]; Q = X + P, K = V = (X + P)/2.
# Row "cat": scores [0.01705, 0.01155, 0.0541, 0.031], scaled by sqrt(3) [0.00984, 0.00667, 0.03123, 0.01790],
# softmax exactly [0.2484, 0.2476, 0.2536, 0.2504]: the printed weights [0.24, 0.24, 0.27, 0.25] are a slip on the
# first three (0.25, 0.25, 0.25 at 2 places); "27% to itself" and the weights restated in cat_new carry it; the
# output [0.0780, 0.0400, 0.0400] = [0.08, 0.04, 0.04] agrees (it also follows from the printed weights).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "pe", "projection", "scaling", "softmax", "output", "mha"])
names = ["[CLS]", "the", "cat", "sat"]
E = M([["0.10", "0.00", "0.10"], ["0.00", "0.20", "0.00"], ["0.30", "0.10", "0.00"], ["0.20", "0.00", "0.20"]])
P = M([["0.01", "0.00", "0.01"], ["0.00", "0.01", "0.00"], ["0.01", "0.01", "0.00"], ["0.00", "0.00", "0.01"]])
WQ = sp.eye(3)
WK = sp.eye(3) * R(1, 2)
WV = sp.eye(3) * R(1, 2)
X = E + P
Q, K, V = X * WQ, X * WK, X * WV
dk = 3
s = Q.row(2) * K.T                  # row of "cat"
sc = s / sp.sqrt(dk)
a = softmax_rows(sc)
out = a * V


def fmt_row(row, places):
    return [f"{float(v):.{places}f}" for v in row]


# overview and tokenizer: sizes and IDs are inputs
e.given(e.line('"The cat sat" → [101, 1996, 4937, 2938, 102]'), "token IDs")
for tag in ("| Embedding lookup ", "| + Positional encoding", "| Transformer blocks (×12)", "| Pooling   ", "| Normalize  "):
    e.given(e.line(tag), "BERT-base shape")
e.given(e.line("**4 tokens × 3 dimensions**"), "toy sizes and BERT sizes")
e.given(e.line("vocabulary of ~30,000 entries"), "vocabulary size")
e.given(e.line("IDs:     101   1996  4937  2938   102"), "token IDs")

# embeddings
for i, nm in enumerate(names):
    e.given(e.line(f"({nm}", after=e.line("Embedding table (learned")) if i == 0 else
            e.line(f"({nm})", after=e.line("Embedding table (learned")), f"embedding {nm}")
L = e.line("X = [[0.10, 0.00, 0.10],")
e.rows([L, L + 1, L + 2, L + 3], "X restated", [fmt_row(E.row(i), 2) for i in range(4)], E)

# positional encoding
for i in range(4):
    e.given(e.line(f"pos_{i} = ["), f"position vector {i}")
for i, nm in enumerate(names):
    L = e.line(f"{nm}:", after=e.line("X = X + position_vectors:"))
    e.claim(L, f"{nm} embedding and position restated", fmt_row(E.row(i), 2) + fmt_row(P.row(i), 2),
            list(E.row(i)) + list(P.row(i)))
    e.claim(L, f"{nm}: embedding + position", fmt_row(X.row(i), 2), X.row(i))
e.given(e.line("position 0   → [0.01, 0.00, 0.01, ...]"), "learned-table illustration")
e.given(e.line("position 1   → [0.00, 0.01, 0.00, ...]"), "learned-table illustration")
e.given(e.line("position 511 → [0.03, -0.02, 0.01, ...]"), "learned-table illustration")
e.given(e.line("BERT-base has **12** such blocks"), "12 blocks")

# weights
L = e.line("W_Q = [[1.0, 0.0, 0.0],")
for k in range(3):
    e.given(L + k, "W_Q, W_K, W_V rows")

# Q and K
L = e.line("Q (what each token is looking for):")
for i, nm in enumerate(names):
    e.claim(L + 1 + i, f"Q row {nm} = (x + p) W_Q", fmt_row(Q.row(i), 2), Q.row(i))
KP = [["0.055", "0.00", "0.055"], ["0.00", "0.105", "0.00"], ["0.155", "0.055", "0.00"], ["0.10", "0.00", "0.105"]]
L = e.line("K (what each token advertises):")
for i, nm in enumerate(names):
    e.claim(L + 1 + i, f"K row {nm} = (x + p) W_K", KP[i], K.row(i))

# scores for "cat"
L = e.line("scores = Q × K^T (4×3 times 3×4 = 4×4 matrix)")
e.claim(L, "shapes: Q 4x3, K^T 3x4, scores 4x4", ["4", "3", "3", "4", "4", "4"], [4, 3, 3, 4, 4, 4])
e.claim(e.line("its query [0.31, 0.11, 0.00] dotted"), "q_cat restated", ["0.31", "0.11", "0.00"], Q.row(2))
tags = ["cat·[CLS] =", "cat·the   =", "cat·cat   =", "cat·sat   ="]
res = ["0.017", "0.012", "0.054", "0.031"]
for j, tag in enumerate(tags):
    L = e.line(tag)
    text = e.lines[L - 1]
    ops = []
    for term in text.split("=")[1].split("+"):
        x, y = term.strip().split("×")
        ops += [x.strip(), y.strip()]
    exact_ops = [v for m in range(3) for v in (Q[2, m], K[j, m])]
    e.claim(L, f"operands q_cat,m and k_{names[j]},m", ops, exact_ops)
    e.claim(L, f"score cat·{names[j]}", res[j], s[j])

# scaling
L = e.line("divided by √3 ≈ 1.73")
e.claim(L, "d_k", "3", dk)
e.claim(L, "sqrt(3)", "1.73", sp.sqrt(3))
e.claim(e.line("cat's scaled scores:"), "scaled scores of cat", ["0.010", "0.007", "0.031", "0.018"], sc)

# softmax
e.claim(e.line("cat's attention weights:"), "softmax of cat's scaled scores (0.2484, 0.2476, 0.2536, 0.2504)",
        ["0.24", "0.24", "0.27", "0.25"], a)
L = e.line('"cat" pays 27% attention to itself')
e.claim(L, "weight of cat on itself in percent (restates 0.27)", "27%", a[2], cause="carried")
e.ambiguous(L, "'~24-25% to each other token' is a range (exact 24.84%, 24.76%, 25.04%), not a single value")

# weighted sum
L = e.line("cat_new = 0.24 × V_[CLS]")
e.claim(L, "weights restated in the weighted sum", ["0.24", "0.24", "0.27", "0.25"], a, cause="carried")
e.claim(e.line("Before attention: cat = [0.31, 0.11, 0.00]"), "cat before attention (x + p)",
        ["0.31", "0.11", "0.00"], X.row(2))
e.claim(e.line("After attention:  cat = [0.08, 0.04, 0.04]"), "cat after attention = weights · V",
        ["0.08", "0.04", "0.04"], out)
e.given(e.line("gives a new 4×3 matrix"), "output shape 4x3 (prose)")

# multi-head sizes
L = e.line("BERT-base: 12 heads, each working in 64 dimensions")
e.claim(L, "12 heads x 64 dims", "768", 12 * 64)
e.given(e.line("1. Split 768-dim space into 12 chunks of 64 dims each"), "BERT-base head split")
e.given(e.line("2. Each head has its own W_Q, W_K, W_V (768 → 64)"), "per-head projection")
e.claim(e.line("4. Concatenate all outputs: 12 × 64 = 768 dims"), "concat width", "768", 12 * 64)
e.given(e.line("5. Multiply by W_O (768 × 768)"), "W_O size")
e.done()
