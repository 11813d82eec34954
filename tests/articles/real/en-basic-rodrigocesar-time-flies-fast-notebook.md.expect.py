# Expected verdicts for en-basic-rodrigocesar-time-flies-fast-notebook.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A PyTorch notebook that sets every weight by hand: "Time flies fast" -> ids [1, 3, 4, 5, 2] (with <bos>/<eos>),
# token + position embeddings (4 dims) -> X (5x4); nn.Linear (y = x W^T, no bias) with the printed W_Q, W_K, W_V
# (2x4) -> Q, K, V (5x2); scores = Q K^T / sqrt(2); row softmax; Z = weights V.  Then a second head with its own
# weights, concatenation [Z_0 | Z_1] (5x4) and an output projection out_proj (y = z W_O^T).
# Exact values are computed from the printed decimal inputs; the prints are float32 at 4 decimals.
# Every printed number agrees with the exact value (see the claims); the notebook is a clean control case.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "mha", "notebook", "code-output", "torch-print", "embeddings"])

vocab = {"<pad>": 0, "<bos>": 1, "<eos>": 2, "time": 3, "flies": 4, "fast": 5}
ids = [vocab["<bos>"]] + [vocab[t] for t in "Time flies fast".lower().split()] + [vocab["<eos>"]]
TOK = M([["0.00", "0.00", "0.00", "0.00"], ["0.10", "0.20", "0.30", "0.40"], ["0.20", "0.10", "-0.10", "0.00"],
         ["0.50", "0.10", "0.00", "-0.20"], ["0.30", "-0.10", "0.40", "0.10"], ["0.05", "0.60", "-0.20", "0.10"]])
POS = M([["0.00", "0.00", "0.00", "0.00"], ["0.01", "0.02", "0.03", "0.04"], ["0.02", "0.01", "-0.01", "0.00"],
         ["0.03", "0.00", "0.01", "-0.02"], ["0.04", "-0.01", "0.02", "-0.01"], ["0.05", "0.02", "0.00", "0.01"],
         ["0.06", "0.03", "-0.02", "0.02"], ["0.07", "0.01", "0.01", "0.03"]])
tokv = sp.Matrix.vstack(*[TOK.row(i) for i in ids])
posv = sp.Matrix.vstack(*[POS.row(i) for i in range(len(ids))])
X = tokv + posv
WQ = M([["0.5", "0.0", "0.5", "0.0"], ["0.0", "0.5", "0.0", "-0.5"]])
WK = M([["0.4", "-0.1", "0.3", "0.0"], ["-0.2", "0.6", "0.1", "0.2"]])
WV = M([["0.3", "0.1", "-0.2", "0.2"], ["0.1", "-0.3", "0.4", "0.0"]])
HD = 2


def head(wq, wk, wv):
    q, k, v = X * wq.T, X * wk.T, X * wv.T
    s = q * k.T / sp.sqrt(HD)
    a = softmax_rows(s)
    return q, k, v, s, a, a * v


Q, K, V, S, A, Z = head(WQ, WK, WV)
WQ1 = M([["0.2", "0.2", "0.4", "0.0"], ["0.1", "0.3", "-0.1", "0.3"]])
WK1 = M([["0.1", "0.3", "0.2", "-0.1"], ["0.2", "0.1", "-0.2", "0.2"]])
WV1 = M([["0.2", "-0.1", "0.1", "0.3"], ["-0.1", "0.2", "0.0", "0.1"]])
Z1 = head(WQ1, WK1, WV1)[5]
CAT = Z.row_join(Z1)
WO = M([["0.5", "0.0", "0.3", "0.0"], ["0.0", "0.4", "0.0", "0.6"], ["0.2", "-0.1", "0.5", "0.0"],
        ["0.1", "0.0", "0.0", "0.3"]])
ZM = CAT * WO.T


def nums(line_text):
    import re
    body = line_text.split("tensor(")[-1]
    body = body.split("grad_fn")[0]
    return re.findall(r"-?\d+\.\d+", body)


def tensor_block(marker, mat, what, nth=1, cause="slip", skip=0):
    L = e.line(marker, nth=nth) + skip
    for i in range(mat.rows):
        text = e.lines[L - 1 + i]
        printed = nums(text)
        e.claim(L + i, f"{what} row {i + 1}", printed, [mat[i, j] for j in range(mat.cols)], cause=cause)


# inputs in code
e.given(e.line('sentence = "Time flies fast"'), "the sentence")
e.given(e.line('"<pad>": 0,'), "vocabulary ids")
e.given(e.line("emb_dim = 4"), "emb_dim = 4")
e.given(e.line("context_len = 8"), "context_len = 8")
L = e.line("[ 0.00,  0.00,  0.00,  0.00],  # <pad>")
for k in range(6):
    e.given(L + k, "token embedding table row")
L = e.line("[ 0.00,  0.00,  0.00,  0.00],  # position 0")
for k in range(8):
    e.given(L + k, "position embedding table row")
e.given(e.line("head_dim = 2  # small for readability"), "head_dim = 2")
for name in ("W_Q.weight.copy_", "W_K.weight.copy_", "W_V.weight.copy_"):
    L = e.line(name)
    e.given(L + 1, f"{name[:3]} row 1")
    e.given(L + 2, f"{name[:3]} row 2")
e.given(e.line("num_heads = 2"), "two heads")
e.claim(e.line("d_out = num_heads * head_dim  # 4"), "d_out = 2 * 2", ["4"], [2 * 2])
L = e.line("Q_layers[0].weight.copy_(")
for k in range(12):
    if "[" in e.lines[L - 1 + k]:
        e.given(L + k, "per-head weight row")
L = e.line("out_proj.weight.copy_(")
for k in range(1, 5):
    e.given(L + k, "out_proj row")

# outputs
e.claim(e.line("Token IDs: tensor([1, 3, 4, 5, 2])"), "token ids", ["1", "3", "4", "5", "2"], ids)
tensor_block("Token embeddings:", tokv, "token embeddings", nth=2, skip=1)
tensor_block(" tensor([[ 0.0000,  0.0000,  0.0000,  0.0000],", posv, "positional embeddings")
tensor_block("Input embeddings X (token + position):", X, "X = token + position", nth=2, skip=1)
e.claim(e.line("Shape X: torch.Size([5, 4])"), "shape of X", ["5", "4"], [X.rows, X.cols])
tensor_block(" tensor([[ 0.2000, -0.1000],", Q, "Q = X W_Q^T")
tensor_block(" tensor([[ 0.1100,  0.2100],", K, "K = X W_K^T")
tensor_block(" tensor([[ 0.0700,  0.0700],", V, "V = X W_V^T")
tensor_block(" tensor([[ 0.0007,  0.0326,", S, "scores = Q K^T / sqrt(2)")
tensor_block(" tensor([[0.1982, 0.2046,", A, "softmax rows")
tensor_block(" tensor([[0.0912, 0.0094],", Z, "Z = weights V")
e.claim(e.line("Concatenated heads Z (shape): torch.Size([5, 4])"), "concat shape", ["5", "4"], [CAT.rows, CAT.cols])
tensor_block(" tensor([[0.0650, 0.0160, 0.0497, 0.0152],", ZM, "multi-head output")
e.done()
