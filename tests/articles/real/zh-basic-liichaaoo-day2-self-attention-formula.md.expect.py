# Expected verdicts for zh-basic-liichaaoo-day2-self-attention-formula.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese self-study day (liichaaoo/ai-learning, "path-engineer" week 2, day 2): the formula step by step with shapes
# (L = 4, d_model = d_k = d_v = 8), a why-scale aside with two softmax examples, PyTorch code, a causal-mask pattern, and a
# hand example with L = 2, d_k = 2: Q = [[1,0],[0,1]], K = [[1,0],[1,1]], V = [[1,2],[3,4]].
# Exact values: Q K^T = [[1,1],[0,1]]; / sqrt(2) = [[0.707107, 0.707107], [0, 0.707107]];
#   A = [[1/2, 1/2], [0.330238, 0.669762]]; output = [[2, 3], [2.339524, 3.339524]] -> [2.34, 3.34].
#   softmax([1,2,3]) = [0.090031, 0.244728, 0.665241]; softmax([10,20,30]) = [2.06e-9, 4.54e-5, 0.9999546].
# Wrong lines (1): "softmax([10, 20, 30]) ≈ [2e-9, 5e-5, 0.999]": the last weight is 0.9999546, which is 1.000 at three
#   places; 0.999 is truncated -> slip (2e-9 and 5e-5 agree at their one significant digit).
# No ambiguous lines: "0.33 * [1, 2] + 0.67 * [3, 4] = [2.34, 3.34]" is explicit arithmetic on the rounded weights but is
#   also right end to end (2.3395, 3.3395).
# The illustrative weight grid (rows summing to 1), the mask pattern (lower triangle of ones), shapes, times, section and
# day numbers, "2-5 倍" and "10 倍" are givens or agree.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["basic", "softmax", "mask", "truncation", "code-block"])
L = e.line

# --- shapes ---------------------------------------------------------------------------------------
e.given(L("- 序列长度 `L = 4`（4 个 token）"), "L = 4")
e.given(L("- 隐藏维度 `d_model = 8`"), "d_model = 8")
e.given(L("Q、K、V 的维度同样取 `d_k = d_v = 8`"), "d_k = d_v = 8")
e.claim(L("输入 x : (4, 8)"), "x shape (L, d_model)", ["4", "8", "4", "8"], [4, 8, 4, 8])
for w in ("W_Q", "W_K", "W_V"):
    e.claim(L(f"{w}   : (8, 8)"), f"{w} shape", ["8", "8"], [8, 8])
for v in ("Q", "K", "V"):
    e.claim(L(f"{v} = x @ W_{v}   # (4, 8)"), f"{v} shape", ["4", "8"], [4, 8])
e.claim(L("scores = Q @ K.T   # (4, 8) · (8, 4) = (4, 4)"), "(4,8)(8,4) = (4,4)",
        ["4", "8", "8", "4", "4", "4"], [4, 8, 8, 4, 4, 4])
e.claim(L("attn_weights = softmax(scores, axis=-1)   # (4, 4)"), "weights shape, rows sum to 1", ["4", "4", "1"], [4, 4, 1])
e.claim(L("output = attn_weights @ V   # (4, 4) · (4, 8) = (4, 8)"), "(4,4)(4,8) = (4,8)",
        ["4", "4", "4", "8", "4", "8"], [4, 4, 4, 8, 4, 8])
e.given(L("scores = (Q @ K.T) / np.sqrt(d_k)   # 假设 d_k = 8"), "d_k = 8, divide by sqrt(8)")

# --- why scale ----------------------------------------------------------------------------------------
e.given(L("`d_k` 一大（例如 64、128）"), "example sizes 64, 128")
ln = L("softmax([1.0, 2.0, 3.0])    ≈ [0.09, 0.24, 0.67]")
e.given(ln, "logits [1, 2, 3]")
e.claim(ln, "softmax([1,2,3])", ["0.09", "0.24", "0.67"], list(softmax_rows(M([[1, 2, 3]])).row(0)))
ln = L("softmax([10, 20, 30])       ≈ [2e-9, 5e-5, 0.999]")
e.given(ln, "logits [10, 20, 30]")
e.claim(ln, "softmax([10,20,30]) (last weight 0.9999546 -> 1.000; 0.999 is truncated)",
        ["2e-9", "5e-5", "0.999"], list(softmax_rows(M([[10, 20, 30]])).row(0)), cause="slip")

# --- illustrative weights: each row sums to 1 -------------------------------------------------------------
ln = L("Q_0  [ 0.1    0.2    0.5    0.2 ]   ← 行加起来 = 1")
e.given(ln, "illustrative weights")
e.claim(ln, "row sum", ["1"], [sum(sp.Rational(x) for x in ("0.1", "0.2", "0.5", "0.2"))])
for row in ("Q_1  [ 0.3    0.4    0.2    0.1 ]", "Q_2  [ 0.05   0.05   0.8    0.1 ]", "Q_3  [ 0.1    0.1    0.1    0.7 ]"):
    e.given(L(row), "illustrative weights (sum to 1)")

# --- code ---------------------------------------------------------------------------------------------------
e.given(L("x = torch.randn(2, 4, 8)        # batch=2, L=4, d_model=8"), "batch 2, L 4, d_model 8")
e.given(L("attn = SelfAttention(d_model=8, d_k=8)"), "d_model = d_k = 8")
e.claim(L("print(y.shape)                  # torch.Size([2, 4, 8])"), "output shape (B, L, d_k)", ["2", "4", "8"], [2, 4, 8])

# --- causal mask pattern -------------------------------------------------------------------------------------
tril = sp.Matrix(4, 4, lambda i, j: 1 if j <= i else 0)
for i in range(4):
    ln = L(f"Q_{i}   [    ")
    e.claim(ln, f"mask row {i} (lower triangle)", [str(v) for v in tril.row(i)], list(tril.row(i)))
e.given(L("如果位置 `2`（`sat`）的注意力能看到位置 `4`（`the`）"), "positions 2 and 4")

# --- hand example ---------------------------------------------------------------------------------------------
Q = M([[1, 0], [0, 1]])
K = M([[1, 0], [1, 1]])
V = M([[1, 2], [3, 4]])
S = Q * K.T
Ss = S / sp.sqrt(2)
A = softmax_rows(Ss)
O = A * V
e.given(L("取序列长度 L=2，d_k=2："), "L = 2, d_k = 2")
e.given(L("Q = [[1, 0],     K = [[1, 0],     V = [[1, 2],"), "Q, K, V row 1")
e.given(L("     [0, 1]]          [1, 1]]          [3, 4]]"), "Q, K, V row 2")
ln = L("Q · K^T = [[1·1+0·0,  1·1+0·1],     = [[1, 1],")
e.given(ln, "expanded products of row 1")
e.claim(ln, "Q K^T row 1", ["1", "1"], list(S.row(0)))
ln = L("[0·1+1·0,  0·1+1·1]]        [0, 1]]")
e.given(ln, "expanded products of row 2")
e.claim(ln, "Q K^T row 2", ["0", "1"], list(S.row(1)))
e.claim(L("**Step 2**：除以 `√d_k = √2 ≈ 1.414`"), "sqrt(2)", ["2", "1.414"], [2, sp.sqrt(2)])
e.claim(L("scores = [[0.707, 0.707],"), "scaled row 1", ["0.707", "0.707"], list(Ss.row(0)))
e.claim(L("[0.000, 0.707]]", after=L("scores = [[0.707, 0.707],")), "scaled row 2", ["0.000", "0.707"], list(Ss.row(1)))
ln = L("第 1 行：softmax([0.707, 0.707]) = [0.5, 0.5]")
e.claim(ln, "row 1 scores restated", ["0.707", "0.707"], list(Ss.row(0)))
e.claim(ln, "softmax row 1", ["0.5", "0.5"], list(A.row(0)))
ln = L("第 2 行：softmax([0.000, 0.707]) = [0.330, 0.670]")
e.claim(ln, "row 2 scores restated", ["0.000", "0.707"], list(Ss.row(1)))
e.claim(ln, "softmax row 2", ["0.330", "0.670"], list(A.row(1)))
e.claim(L("A = [[0.500, 0.500],"), "A row 1", ["0.500", "0.500"], list(A.row(0)))
e.claim(L("[0.330, 0.670]]", after=L("A = [[0.500, 0.500],")), "A row 2", ["0.330", "0.670"], list(A.row(1)))
ln = L("output[0] = 0.5 * [1, 2] + 0.5 * [3, 4] = [2.0, 3.0]")
e.claim(ln, "weights restated", ["0.5", "0.5"], list(A.row(0)))
e.claim(ln, "output row 1", ["2.0", "3.0"], list(O.row(0)))
ln = L("output[1] = 0.33 * [1, 2] + 0.67 * [3, 4] = [2.34, 3.34]")
e.claim(ln, "weights restated at 2 places", ["0.33", "0.67"], list(A.row(1)))
e.claim(ln, "output row 2 (2.3395, 3.3395)", ["2.34", "3.34"], list(O.row(1)))
e.claim(L("output = [[2.00, 3.00],"), "output row 1", ["2.00", "3.00"], list(O.row(0)))
e.claim(L("[2.34, 3.34]]", after=L("output = [[2.00, 3.00],")), "output row 2", ["2.34", "3.34"], list(O.row(1)))

# --- everything else with a digit: labels, times, code constants, references ---------------------------------
rest = []
for i, t in enumerate(e.lines):
    if i > 0 and re.search(r"\d", t) and (i + 1) not in e.verdicts:
        e.given(i + 1, "label, time, section/day number, code constant or external figure (no arithmetic claim)")
        rest.append(i + 1)
if "--list" in sys.argv:
    for n in rest:
        print(n, e.lines[n - 1])
e.done()
