# Expected verdicts for en-basic-abivarma-attention-basics-vljepa.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A study note (Markdown, plain fences) on scaled dot-product attention. Its concrete example gives
# Q = K = [[1, 0], [0, 1], [1, 1]], V = [[2, 1], [1, 3], [0, 2]], d_k = 2 (tokens cat, sat, mat).
# Exact values:
#   QK^T = [[1, 0, 1], [0, 1, 1], [1, 1, 2]]; scaled = QK^T / sqrt(2) = [[0.7071, 0, 0.7071], ..., [.., .., 1.4142]];
#   softmax rows = [[0.40111, 0.19778, 0.40111], [0.19778, 0.40111, 0.40111], [0.24826, 0.24826, 0.50349]];
#   output = [[1.00000, 1.79667], [0.79667, 2.20333], [0.74477, 2.00000]].
# Wrong lines:
#   - the three softmax rows (printed 0.38/0.24/0.38, 0.23/0.38/0.38, 0.26/0.26/0.49): slip;
#   - the three output rows (printed 1.76; 0.77, 1.92; 0.98, 1.99): slip -- they do not follow from the author's
#     own weights either (those give [1.00, 1.86], [0.84, 2.13], [0.78, 2.02]);
#   - softmax([50, 48, 52]) ≈ [0.12, 0.00, 0.88]: exact [0.1173, 0.0159, 0.8668], so 0.00 and 0.88 disagree: slip;
#   - softmax([2.2, 2.1, 2.3]) ≈ [0.30, 0.28, 0.42]: from [50, 48, 52]/sqrt(512) exact [0.3325, 0.3043, 0.3632]
#     (from the rounded [2.2, 2.1, 2.3]: [0.3322, 0.3006, 0.3672]); wrong under both readings: slip.
# Ambiguous: the illustrative weights of the ELI5 list and the ASCII heatmap (no inputs), and the printout of
# attention_example.py (random tensors the note does not show).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "scaling", "softmax", "mask"])

for tok in ['"The" → Not relevant', '"cat" → **Very', '"mat" → Somewhat', '"tired" → Related']:
    e.ambiguous(e.line(tok), "illustrative attention weight with no inputs behind it")
for tok in ['K: "The"', 'K: "cat"', 'K: "sat"', 'K: "on"', 'K: "the"', 'K: "mat"']:
    e.ambiguous(e.line(tok), "illustrative heatmap weight with no inputs behind it")

# variance argument: d_k = 512, variance ~512
ln = e.line("for $d_k = 512$")
e.given(ln, "d_k = 512")
e.claim(ln, "variance of a d_k-term dot product = d_k", "~512".lstrip("~"), 512)
e.given(e.line("Without scaling (d_k=512):"), "d_k = 512")
big = M([["50", "48", "52"]])
e.claim(e.line("softmax([50, 48, 52])"), "softmax([50, 48, 52])", ["0.12", "0.00", "0.88"], softmax_rows(big))
ln = e.line("divide by √512 ≈ 22.6")
e.claim(ln, "sqrt(512)", "22.6", sp.sqrt(512))
scaled_big = big / sp.sqrt(512)
ln = e.line("softmax([2.2, 2.1, 2.3])")
e.claim(ln, "[50, 48, 52] / sqrt(512)", ["2.2", "2.1", "2.3"], scaled_big)
e.claim(ln, "softmax of the scaled logits", ["0.30", "0.28", "0.42"], softmax_rows(scaled_big))

# concrete example
e.given(e.line("with $d_k = 2$"), "d_k = 2")
Q = M([[1, 0], [0, 1], [1, 1]])
K = Q
V = M([[2, 1], [1, 3], [0, 2]])
l = e.line("Q = [[1, 0],    K = [[1, 0],")
for i in range(3):
    e.given(l + i, "rows of Q, K, V")
S = Q * K.T
l = e.line("Step 1: QK^T = [[1, 0, 1],")
e.rows([l, l + 1, l + 2], "QK^T", [["1", "0", "1"], ["0", "1", "1"], ["1", "1", "2"]], S)
ln = e.line("Scale by √2 ≈ 1.41")
e.claim(ln, "sqrt(2)", "1.41", sp.sqrt(2))
Ssc = S / sp.sqrt(2)
l = e.line("[[0.71, 0.00, 0.71],")
e.rows([l, l + 1, l + 2], "QK^T / sqrt(2)", [["0.71", "0.00", "0.71"], ["0.00", "0.71", "0.71"], ["0.71", "0.71", "1.41"]], Ssc)
A = softmax_rows(Ssc)
l = e.line("[[0.38, 0.24, 0.38],")
e.rows([l, l + 1, l + 2], "softmax rows", [["0.38", "0.24", "0.38"], ["0.23", "0.38", "0.38"], ["0.26", "0.26", "0.49"]], A)
O = A * V
l = e.line("≈ [[1.00, 1.76],")
e.rows([l, l + 1, l + 2], "output = weights V", [["1.00", "1.76"], ["0.77", "1.92"], ["0.98", "1.99"]], O)

# causal mask comment for seq_len = 3
mask = sp.Matrix(3, 3, lambda i, j: 1 if j > i else 0)
l = e.line("# [[0, 1, 1],")
e.rows([l, l + 1, l + 2], "triu(ones(3, 3), diagonal=1)", [["0", "1", "1"], ["0", "0", "1"], ["0", "0", "0"]], mask)

for needle in ("mask = torch.triu(torch.ones(seq_len, seq_len), diagonal=1)", "masked_fill(mask == 1, -inf)",
               "key.transpose(-2, -1)) / math.sqrt(d_k)", "F.softmax(scores, dim=-1)"):
    e.given(e.line(needle), "code arguments (diagonal offset, mask value, axes)")
for needle in ("Position 0: 0.194", "Position 1: 0.041", "Unscaled variance: 9.44", "Scaled variance:   1.18"):
    e.ambiguous(e.line(needle), "printout of attention_example.py from random tensors the note does not show")
e.done()
