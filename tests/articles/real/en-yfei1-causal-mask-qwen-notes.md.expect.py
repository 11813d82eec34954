# Expected verdicts for en-yfei1-causal-mask-qwen-notes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Example 1: a given 4x4 score matrix (already scaled), causal mask, row softmax.
#   tok2: softmax([-0.1, 2.3, 1.1]) = [0.065175, 0.718436, 0.216389] -> printed [0.07, 0.76, 0.17]: slip;
#   tok3: softmax([1.2, 0.5, 1.8, 2.0]) = [0.180367, 0.089568, 0.328650, 0.401415] -> [0.17, 0.08, 0.31, 0.38]
#   wrong in every entry: slip.
# Example 2: Q, K, V given, scores / sqrt(4), causal mask, softmax, weights @ V; all right.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["mask", "causal-mask", "softmax-row", "table"])
NUM = re.compile(r"-?(?<![\w.])\d+(?:\.\d+)?")
oo = -sp.oo


def nums(text):
    return NUM.findall(text)


e.given(e.line("`hidden_size=1024, num_q_heads=16"), "model sizes (Qwen3-0.6B)")
L = e.line("- **Why √d_k?**")
e.claim(L, "sqrt(64)", ["8"], [sp.sqrt(64)])
L = e.line("Raw score matrix (Q @ K^T / √d_k):") + 2
S = M([nums(e.lines[L - 1 + i].split("[", 1)[1]) for i in range(4)])
for i in range(4):
    e.given(L + i, f"score row tok{i} (given)")
Lm = e.line("After causal mask (upper triangle") + 2
Smask = sp.Matrix(4, 4, lambda i, j: S[i, j] if j <= i else oo)
for i in range(4):
    e.claim(Lm + i, f"masked row tok{i} (kept entries)", nums(e.lines[Lm - 1 + i].split("[", 1)[1].split("]")[0]),
            [S[i, j] for j in range(i + 1)])
A = softmax_rows(Smask)
for i in range(4):
    L = e.line(f"tok{i}: softmax([")
    inside, result = e.lines[L - 1].split(" = ")
    e.claim(L, f"scores restated tok{i}", nums(inside.split("(", 1)[1]), [S[i, j] for j in range(i + 1)])
    e.claim(L, f"weights tok{i}", nums(result), A.row(i))

Q = M([[1, 0, 0, 0], [0, 1, 0, 0], [1, 1, 0, 0]])
K = M([[1, 0, 0, 0], [0, 1, 0, 0], [1, 0, 1, 0]])
V = M([["0.1", "0.2", "0.3", "0.4"], ["0.5", "0.6", "0.7", "0.8"], ["0.9", "1.0", "1.1", "1.2"]])
L = e.line("Q = [[1,0,0,0],")
for i in range(3):
    e.given(L + i, "Q, K, V rows")
raw = Q * K.T
sc = raw / sp.sqrt(4)
A2 = softmax_rows(sp.Matrix(3, 3, lambda i, j: sc[i, j] if j <= i else oo))
O2 = A2 * V
e.given(e.line("**Scores** = `(Q @ K^T) / √4`"), "the scaling by sqrt(4)")
for i in range(3):
    L = e.line(f"| {i} → `[")
    c = [x.strip().strip("`") for x in e.lines[L - 1].strip().strip("|").split("|")]
    e.claim(L, f"raw scores row {i}", nums(c[1]), raw.row(i))
    e.claim(L, f"scaled row {i}", nums(c[2]), sc.row(i))
    e.claim(L, f"masked row {i} (kept entries)", nums(c[3]), [sc[i, j] for j in range(i + 1)])
L = e.line("| Token | Weights |") + 2
for i in range(3):
    c = [x.strip().strip("`") for x in e.lines[L - 1 + i].strip().strip("|").split("|")]
    e.claim(L + i, f"weights row {i}", nums(c[1]), A2.row(i))
for i in range(3):
    L = e.line(f"tok {i}: ")
    left, right = e.lines[L - 1].split(" = ")
    coeffs = [x for x in nums(left) if "." in x]
    e.claim(L, f"weights restated row {i}", coeffs, [A2[i, j] for j in range(i + 1)])
    e.claim(L, f"output row {i}", nums(right), O2.row(i))
e.done()
