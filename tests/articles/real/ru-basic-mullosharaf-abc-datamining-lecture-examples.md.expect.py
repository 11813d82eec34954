# Expected verdicts for ru-basic-mullosharaf-abc-datamining-lecture-examples.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Two hand-worked examples, both from X = [[0.1,0.2,0.3,0.4],[0.5,0.6,0.7,0.8],[0.9,1.0,1.1,1.2]] (3 tokens, d_model = 4),
# row-vector convention Q = X W_Q, K = X W_K, V = X W_V, weights = row softmax(Q K^T / sqrt(d_k)), output C = weights V.
# Every restated matrix is claimed against the exact value of what it restates (restated inputs are claims that agree).
#
# Example 1 (d_k = 4; W_Q, W_K, W_V 4x4 as printed). Exact: Q = [[0.9,1,1.1,1.2],[2.02,2.28,2.54,2.8],[3.14,3.56,3.98,4.4]],
#   K = [[1,1.1,1.2,1.3],[2.28,2.54,2.8,3.06],[3.56,3.98,4.4,4.82]], V = [[1.1,1.2,1.3,1.4],[2.54,2.8,3.06,3.32],[3.98,4.4,4.82,5.24]].
#   Wrong lines (all against the exact values):
#   - Q rows printed [1.4,1.6,1.8,2.0] / [3.4,3.8,4.2,4.6] / [5.4,6.0,6.6,7.2]: slip (exact above); K rows [1.8..2.4] / [4.2..5.4] /
#     [6.6..8.4]: slip; V rows [2.2..2.8] / [5.0..6.2] / [7.8..9.6]: slip.
#   - Q and K^T restated in the Q K^T display: carried (the author's wrong Q, K).
#   - Q K^T = [[14.8,34.4,54.0],[34.4,81.2,128.0],[54.0,128.0,202.0]]: slip (exact [[4.88,11.344,17.808],[11.216,26.0768,40.9376],
#     [17.552,40.8096,64.0672]]; from the author's own Q, K it would be [[14.48,33.04,51.6],[34,77.6,121.2],...], so also a slip there).
#   - Q K^T restated and halved [[7.4,17.2,27.0],[17.2,40.6,64.0],[27.0,64.0,101.0]]: carried (exact S/2 = [[2.44,5.672,8.904],...]).
#   - softmax rows: row 1 [0.0000,0.0001,0.9999] carried (right from the author's 7.4/17.2/27.0; exact [0.001497,0.037922,0.960581]);
#     rows 2-3 [0.0001,0.0047,0.9952] and [0.0002,0.0133,0.9865] are slips (the author's own scaled rows give [0.0000,0.0000,1.0000]);
#     exact [3.5e-7,0.000593,0.999407] and [7.9e-11,8.9e-6,0.999991].
#   - weights and V restated in the C display: carried. C = [7.8,8.4,9.0,9.6] in every row and in the closing sentence: carried
#     (right from the author's printed weights and V); exact rows [3.92108,4.33453,4.74799,5.16144], [3.97915,4.39905,4.81896,5.23886],
#     [3.97999,4.39999,4.81998,5.23998].
#
# Example 2 (d_k = 2; W_Q, W_K, W_V 4x2 as printed). Exact: Q = [[0.5,0.6],[1.14,1.4],[1.78,2.2]], K = [[0.6,0.7],[1.4,1.66],[2.2,2.62]],
#   V = [[0.7,0.8],[1.66,1.92],[2.62,3.04]]; Q K^T = [[0.72,1.696,2.672],[1.664,3.92,6.176],[2.608,6.144,9.68]];
#   scaled by 1/sqrt(2): [[0.509117,1.19925,1.88939],[1.17663,2.77186,4.36709],[1.84413,4.34446,6.84479]];
#   weights [[0.143473,0.286083,0.570445],[0.0330806,0.163070,0.803849],[0.00618439,0.0753661,0.918450]];
#   C = [[2.06989,2.39821],[2.39994,2.78326],[2.53577,2.94174]].
#   Wrong lines: Q rows 2-3 ([1.1,1.2]: 1.2 is 1.4; [1.7,1.8] is [1.78,2.2]), K rows 2-3 ([1.4,1.5] is [1.4,1.66]; [2.2,2.3] is [2.2,2.62]),
#   V rows 2-3 ([1.5,1.6] is [1.66,1.92]; [2.3,2.4] is [2.62,3.04]): slips; row 1 of each is right.
#   Q rows 2-3 and K^T row 2 restated in Q K^T: carried (K^T row 1 "0.6 & 1.4 & 2.2" is right).
#   Q K^T [[0.82,1.84,2.86],[1.62,3.64,5.66],[2.42,5.44,8.46]]: slip in every row (the author's Q, K give [[0.72,1.6,2.48],[1.5,3.34,5.18],
#     [2.28,5.08,7.88]]). Restated in the scaling display: carried.
#   Scaled [[0.58,1.30,2.02],[1.15,2.57,4.00],[1.71,3.85,6.00]]: rows 1-2 carried (right from the printed Q K^T / 1.414), row 3 slip
#     (8.46/sqrt(2) = 5.98212, printed 6.00). The three per-row softmax inputs restate these rows: carried.
#   Softmax rows [0.09,0.24,0.67], [0.03,0.11,0.86], [0.01,0.05,0.94]: slips (softmax of the author's own rows is [0.137,0.282,0.580],
#     [0.045,0.184,0.771], [0.012,0.103,0.885]); the collected weight matrix and its restatement in the C display: carried.
#   V restated in the C display: rows 2-3 carried. C [[1.84,1.92],[2.07,2.16],[2.21,2.30]]: slip (the author's weights times the
#     author's V give [[1.964,2.064],[2.164,2.264],[2.244,2.344]]; exact above).
#   Right: sqrt(2) ~ 1.414, and sqrt(64) = 8 in the prose.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ru", topics=["basic", "bmatrix", "scaling", "restated-matrices", "carried-errors", "lecture"])

NUM = re.compile(r"-?\d+(?:\.\d+)?")


def blocks(anchor_line):
    """The bmatrix blocks of the display that starts at anchor_line: a list of [(line, [numbers])]."""
    out, cur = [], None
    i = anchor_line
    while True:
        text = e.lines[i - 1]
        if i > anchor_line and text.strip() == "$$":
            break
        if "\\begin{bmatrix}" in text:
            cur = []
        elif "\\end{bmatrix}" in text:
            out.append(cur)
            cur = None
        elif cur is not None:
            row = [t.strip().rstrip("\\").strip() for t in text.split("&")]
            cur.append((i, row))
        i += 1
    return out


def claim_block(block, what, exact, causes):
    """causes: one cause for all rows, or a list per row."""
    for k, (ln, row) in enumerate(block):
        cause = causes[k] if isinstance(causes, list) else causes
        e.claim(ln, f"{what} row {k + 1}", row, exact.row(k), cause)


X = M([["0.1", "0.2", "0.3", "0.4"], ["0.5", "0.6", "0.7", "0.8"], ["0.9", "1.0", "1.1", "1.2"]])

# ---------------- Example 1 (d_k = 4) ----------------
for tok in ['- "Я" -> $x_1', '- "люблю" -> $x_2', '- "книги" -> $x_3']:
    e.given(e.line(tok), "token vector " + tok)
e.given(e.line("$d_{model} = 4$"), "d_model = 4")
e.given(e.line("Пусть для простоты $d_k = 4$"), "d_k = 4")
WQ1 = M([["0.1", "0.2", "0.3", "0.4"], ["0.5", "0.6", "0.7", "0.8"], ["0.9", "1.0", "1.1", "1.2"], ["1.3", "1.4", "1.5", "1.6"]])
WK1 = M([["0.2", "0.3", "0.4", "0.5"], ["0.6", "0.7", "0.8", "0.9"], ["1.0", "1.1", "1.2", "1.3"], ["1.4", "1.5", "1.6", "1.7"]])
WV1 = M([["0.3", "0.4", "0.5", "0.6"], ["0.7", "0.8", "0.9", "1.0"], ["1.1", "1.2", "1.3", "1.4"], ["1.5", "1.6", "1.7", "1.8"]])
Q1, K1, V1 = X * WQ1, X * WK1, X * WV1
S1 = Q1 * K1.T
Sc1 = S1 / sp.sqrt(4)
A1 = softmax_rows(Sc1)
C1 = A1 * V1

(bx,) = blocks(e.line("X = \\begin{bmatrix}"))
for ln, _ in bx:
    e.given(ln, "X row")
bw = blocks(e.line("W_Q = \\begin{bmatrix}"))
for b in bw:
    for ln, _ in b:
        e.given(ln, "weight matrix row")
for name, W, R_ in (("Q", WQ1, Q1), ("K", WK1, K1), ("V", WV1, V1)):
    b = blocks(e.line(f"{name} = XW_{name} = \\begin{{bmatrix}}"))
    claim_block(b[0], f"X restated in {name}", X, "slip")
    claim_block(b[1], f"W_{name} restated", W, "slip")
    claim_block(b[2], f"{name} = X W_{name}", R_, "slip")
b = blocks(e.line("QK^T = \\begin{bmatrix}"))
claim_block(b[0], "Q restated", Q1, "carried")
claim_block(b[1], "K^T restated", K1.T, "carried")
claim_block(b[2], "Q K^T", S1, "slip")
e.given(e.line("При $d_k = 4$"), "d_k = 4")
b = blocks(e.line("\\frac{QK^T}{\\sqrt{d_k}} = \\frac{1}{\\sqrt{4}} \\begin{bmatrix}"))
claim_block(b[0], "Q K^T restated", S1, "carried")
claim_block(b[1], "Q K^T / sqrt(4)", Sc1, "carried")
b = blocks(e.line("\\text{softmax}\\left(\\begin{bmatrix}"))
claim_block(b[0], "scaled scores restated", Sc1, "carried")
claim_block(b[1], "softmax weights", A1, ["carried", "slip", "slip"])
b = blocks(e.line("C = \\text{softmax}\\left(\\frac{QK^T}{\\sqrt{d_k}}\\right)V"))
claim_block(b[0], "weights restated", A1, "carried")
claim_block(b[1], "V restated", V1, "carried")
claim_block(b[2], "context vectors C", C1, "carried")
L = e.line("примерно равен $[7.8, 8.4, 9.0, 9.6]$")
for k in range(3):
    e.claim(L, f"context vector of token {k + 1} (sentence)", ["7.8", "8.4", "9.0", "9.6"], C1.row(k), "carried")

# ---------------- Section 2.2 prose ----------------
e.claim(e.line("\\sqrt{64} = 8"), "sqrt(64)", "8", sp.sqrt(64))

# ---------------- Example 2 (d_k = 2) ----------------
A2_after = e.line("### Числовой пример масштабированного")
for tok in ['- "Я" -> $x_1', '- "люблю" -> $x_2', '- "книги" -> $x_3']:
    e.given(e.line(tok, after=A2_after), "token vector " + tok)
e.given(e.line("$d_{model} = 4$", after=A2_after), "d_model = 4")
e.given(e.line("Теперь возьмём $d_k = 2$"), "d_k = 2")
WQ2 = M([["0.1", "0.2"], ["0.3", "0.4"], ["0.5", "0.6"], ["0.7", "0.8"]])
WK2 = M([["0.2", "0.3"], ["0.4", "0.5"], ["0.6", "0.7"], ["0.8", "0.9"]])
WV2 = M([["0.3", "0.4"], ["0.5", "0.6"], ["0.7", "0.8"], ["0.9", "1.0"]])
Q2, K2, V2 = X * WQ2, X * WK2, X * WV2
S2 = Q2 * K2.T
Sc2 = S2 / sp.sqrt(2)
A2 = softmax_rows(Sc2)
C2 = A2 * V2

(bx,) = blocks(e.line("X = \\begin{bmatrix}", after=A2_after))
for ln, _ in bx:
    e.given(ln, "X row")
for b in blocks(e.line("W_Q = \\begin{bmatrix}", after=A2_after)):
    for ln, _ in b:
        e.given(ln, "weight matrix row")
for name, W, R_ in (("Q", WQ2, Q2), ("K", WK2, K2), ("V", WV2, V2)):
    b = blocks(e.line(f"{name} = XW_{name} = \\begin{{bmatrix}}", after=A2_after))
    claim_block(b[0], f"X restated in {name}", X, "slip")
    claim_block(b[1], f"W_{name} restated", W, "slip")
    claim_block(b[2], f"{name} = X W_{name}", R_, "slip")
b = blocks(e.line("QK^T = \\begin{bmatrix}", after=A2_after))
claim_block(b[0], "Q restated", Q2, "carried")
claim_block(b[1], "K^T restated", K2.T, "carried")
claim_block(b[2], "Q K^T", S2, "slip")
e.given(e.line("Ключи имеют размерность $d_k = 2$"), "d_k = 2")
e.claim(e.line("\\sqrt{2} \\approx 1.414"), "sqrt(2)", "1.414", sp.sqrt(2))
b = blocks(e.line("\\frac{QK^T}{\\sqrt{d_k}} = \\frac{1}{\\sqrt{2}} \\begin{bmatrix}"))
claim_block(b[0], "Q K^T restated", S2, "carried")
claim_block(b[1], "Q K^T / sqrt(2)", Sc2, ["carried", "carried", "slip"])
first = e.line("Первая строка:")
for k, label in enumerate(("Первая строка:", "Вторая строка:", "Третья строка:")):
    b = blocks(e.line("\\text{softmax}\\left(\\begin{bmatrix}", after=e.line(label)))
    (ln, row), = b[0]
    e.claim(ln, f"scaled row {k + 1} restated", row, Sc2.row(k), "carried")
    (ln, row), = b[1]
    e.claim(ln, f"softmax of row {k + 1}", row, A2.row(k), "slip")
b = blocks(e.line("\\text{softmax}\\left(\\frac{QK^T}{\\sqrt{d_k}}\\right) \\approx \\begin{bmatrix}"))
claim_block(b[0], "collected weight matrix", A2, "carried")
b = blocks(e.line("C = \\text{softmax}\\left(\\frac{QK^T}{\\sqrt{d_k}}\\right)V", after=A2_after))
claim_block(b[0], "weights restated", A2, "carried")
claim_block(b[1], "V restated", V2, "carried")
claim_block(b[2], "output C", C2, "slip")
e.done()
