# Expected verdicts for zh-basic-zhizhunbao-transformer-math-hand-exercise.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese "knowledge map" math sheet on the Transformer (zhizhunbao/aisd): a symbol table with the base sizes
# (d_model 512, h 8, d_k = d_v = 64, d_ff 2048), parameter tables for MHA / FFN / the LR schedule, and two hand
# exercises: (1) scaled dot-product attention on Q = [[1,0],[0,1],[1,1]], K = V = [[1,0],[0,1],[0.5,0.5]], d_k = 2;
# (2) the encoder parameter count of Transformer-base (V = 37000, N = 6).
# Exact values: Q K^T = [[1,0,1/2],[0,1,1/2],[1,1,1]]; / sqrt(2) = [[0.707107,0,0.353553],[0,0.707107,0.353553],[0.707107]*3];
#   softmax row 1 = [0.455527, 0.224606, 0.319866] -> [0.46, 0.22, 0.32]; row 2 = [0.224606, 0.455527, 0.319866];
#   row 3 = [1/3]*3. 512^-0.5 = 0.044194; 10000^-0.5 = 0.01. Exercise 2: 18,944,000; 1,048,576; 2,097,152; 2,048;
#   3,147,776; 18,886,656; total 37,830,656 -> 37.8M.
# Wrong lines (2): the softmax rows 1 and 2 printed as [0.42, 0.21, 0.30] and [0.21, 0.42, 0.30] (they do not even sum
#   to 1; exact [0.46, 0.22, 0.32]) -> slip (the scaled scores they come from are right).
# Ambiguous (1): "第 3 个 token 的 Q 和每个 K 的点积都一样（都是 0.707）" calls 0.707 the dot product; the dot products of
#   step 1 are 1 and 0.707 is the scaled score 1/sqrt(2), so which quantity the sentence claims is not determined.
# Everything else (sizes, products, parameter counts, 0.044, 0.01, the third softmax row) agrees.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="zh", topics=["basic", "softmax", "mha", "complexity", "latex"])
L = e.line

dm, h, dff = 512, 8, 2048
dk = dm // h

# --- symbol table ---------------------------------------------------------------------------
e.given(L("NeurIPS 2017"), "paper reference (year)")
e.given(L("| 原始论文 512 |"), "d_model = 512")
e.given(L("| 原始论文 8 |"), "h = 8")
e.claim(L("$d_k = d_{model}/h = 64$"), "d_k = 512/8", ["64"], [R(dm, h)])
e.claim(L("$d_v = d_{model}/h = 64$"), "d_v = 512/8", ["64"], [R(dm, h)])
e.given(L("| 原始论文 2048 |"), "d_ff = 2048")
e.given(L("| position index | $0, 1, ..., n-1$ |"), "index range")
e.given(L("| dimension index | $0, 1, ..., d_{model}/2 - 1$ |"), "index range")

# --- formula 1 --------------------------------------------------------------------------------
e.given(L("### 公式 1: Scaled"), "section label")
e.claim(L("$\\sqrt{64} = 8$"), "sqrt(64)", ["8"], [sp.sqrt(64)])
e.given(L("| 每行和为 1 |"), "rows sum to 1")
for n in (1, 2, 3, 4):
    e.given(L(f"\\text{{Step {n}: ", after=L("**推导过程：**")), f"step label {n}")
e.given(L("若 Q、K 的元素彼此独立、均值 0、方差 1"), "mean 0, variance 1, d_k = 64 example, variance back to 1")

# --- formula 2 --------------------------------------------------------------------------------
e.given(L("### 公式 2: Multi-Head"), "section label")
e.given(L("\\text{MultiHead}(Q, K, V) = \\text{Concat}(\\text{head}_1, ..., \\text{head}_h) W^O"), "head index 1")
e.given(L("\\text{where } \\text{head}_i"), "formula")
for q in ("Query", "Key", "Value"):
    e.claim(L(f"| 第 $i$ 个头的 {q} 投影 | $512 \\times 64$ |"), f"W_i^{q[0]} shape d_model x d_k", ["512", "64"], [dm, dk])
e.claim(L("| 拼接后的输出投影 | $512 \\times 512$ |"), "W^O shape h d_v x d_model", ["512", "512"], [h * dk, dm])
P2 = L("**推导过程：**", nth=2)
for n in (1, 2, 3, 4):
    e.given(L(f"\\text{{Step {n}: ", after=P2), f"step label {n}")
e.given(L("\\text{Concat} = [\\text{head}_1; \\text{head}_2"), "head indices")
d = sp.Symbol("d", positive=True)
e.claim(L("**参数量：** 多头注意力的参数量"), "h(3 d d/h) + d d = 4 d^2 (coefficients 3 and 4)", ["3", "4"],
        [3, sp.simplify((h * 3 * d * d / h + d * d) / d**2)])

# --- formula 3 --------------------------------------------------------------------------------
e.given(L("### 公式 3: 位置编码"), "section label")
e.given(L("PE_{(pos, 2i)} = \\sin"), "sinusoid formula (10000, 2i)")
e.given(L("PE_{(pos, 2i+1)} = \\cos"), "sinusoid formula (10000, 2i+1)")
e.given(L("| 第几个 token | 0, 1, 2, ..., n-1 |"), "index range")
e.given(L("| 第几对维度 | 0, 1, ..., $d_{model}/2 - 1$ |"), "index range")
e.given(L("| $10000^{2i/d_{model}}$ |"), "i = 0 has the highest frequency")

# --- formula 4 --------------------------------------------------------------------------------
e.given(L("### 公式 4: Feed-Forward"), "section label")
e.claim(L("先放大到 2048 维，再压回 512 维"), "d_ff and d_model restated", ["2048", "512"], [dff, dm])
e.given(L("\\text{FFN}(x) = \\max(0, xW_1 + b_1)W_2 + b_2"), "formula")
e.claim(L("| 放大层权重 | $512 \\times 2048$ |"), "W_1 shape", ["512", "2048"], [dm, dff])
e.claim(L("| 压缩层权重 | $2048 \\times 512$ |"), "W_2 shape", ["2048", "512"], [dff, dm])
e.given(L("| $\\max(0, \\cdot)$ |"), "ReLU")

# --- formula 5 --------------------------------------------------------------------------------
e.given(L("### 公式 5: 学习率调度"), "section label")
e.given(L("lr = d_{model}^{-0.5}"), "schedule formula (exponents -0.5, -1.5)")
e.claim(L("$512^{-0.5} \\approx 0.044$"), "512^-0.5 = 0.044194", ["0.044"], [sp.Integer(512) ** R(-1, 2)])
e.given(L("| 升温步数 | 4000 |"), "warmup 4000")
e.claim(L("step=10000 时约 0.01"), "10000^-0.5", ["0.01"], [sp.Integer(10000) ** R(-1, 2)])

# --- exercise 1 ---------------------------------------------------------------------------------
Q = M([[1, 0], [0, 1], [1, 1]])
K = M([["1", "0"], ["0", "1"], ["0.5", "0.5"]])
S = Q * K.T
Ss = S / sp.sqrt(2)
A = softmax_rows(Ss)
e.given(L("### 练习 1: 计算 Scaled"), "exercise label, 3 tokens, d_k = 2")
e.given(L("**题目：** 3 个 token 的 Q、K、V 如下"), "3 tokens, d_k = d_v = 2")
e.given(L("$Q = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\\\ 1 & 1 \\end{bmatrix}, \\quad K"), "Q, K, V")
e.claim(L("$QK^T = \\begin{bmatrix} 1 & 0 & 0.5"), "Q K^T", [["1", "0", "0.5"], ["0", "1", "0.5"], ["1", "1", "1"]], S)
e.claim(L("2. 再除以 $\\sqrt{d_k} = \\sqrt{2} \\approx 1.414$"), "sqrt(2)", ["2", "1.414"], [2, sp.sqrt(2)])
e.claim(L("$\\frac{QK^T}{\\sqrt{2}} = \\begin{bmatrix} 0.707"), "scaled scores",
        [["0.707", "0", "0.354"], ["0", "0.707", "0.354"], ["0.707", "0.707", "0.707"]], Ss)
ln = L("行 1: $\\text{softmax}([0.707, 0, 0.354])")
e.claim(ln, "scores of row 1 restated", ["0.707", "0", "0.354"], list(Ss.row(0)))
e.claim(ln, "softmax row 1 (exact 0.4555, 0.2246, 0.3199)", ["0.42", "0.21", "0.30"], list(A.row(0)), cause="slip")
ln = L("行 2: $\\text{softmax}([0, 0.707, 0.354])")
e.claim(ln, "scores of row 2 restated", ["0", "0.707", "0.354"], list(Ss.row(1)))
e.claim(ln, "softmax row 2 (exact 0.2246, 0.4555, 0.3199)", ["0.21", "0.42", "0.30"], list(A.row(1)), cause="slip")
ln = L("行 3: $\\text{softmax}([0.707, 0.707, 0.707])")
e.claim(ln, "scores of row 3 restated", ["0.707", "0.707", "0.707"], list(Ss.row(2)))
e.claim(ln, "softmax row 3 = 1/3 each", ["0.333", "0.333", "0.333"], list(A.row(2)))
e.ambiguous(L("**要点：** 第 3 个 token 的 Q 和每个 K 的点积都一样（都是 0.707）"),
            "calls 0.707 the dot product: the dot products of step 1 are 1, 0.707 is the scaled score 1/sqrt(2); "
            "which quantity the sentence claims is not determined")
for n, text in ((1, "1. 先算 $QK^T$"), (2, None), (3, "3. 逐行 softmax"), (4, "4. 最后乘 $V$")):
    if text:
        e.given(L(text), f"step number {n}")

# --- exercise 2 ---------------------------------------------------------------------------------
Vv, N = 37000, 6
emb = Vv * dm
mha = 4 * dm**2
ffn = 2 * dm * dff
ln_ = 2 * 2 * dm
layer = mha + ffn + ln_
enc = N * layer
total = emb + enc
e.given(L("### 练习 2: 数参数"), "exercise label")
e.given(L("$d_{model}=512, h=8, d_{ff}=2048, N=6$"), "Transformer-base sizes, V = 37000")
ln = L("1. 词嵌入层：")
e.claim(ln, "factors", ["37000", "512"], [Vv, dm])
number_claim(e, ln, "embedding parameters", "18,944,000", emb)
ln = L("2. 每层多头注意力：")
e.claim(ln, "factors", ["4", "512"], [4, dm])
number_claim(e, ln, "MHA parameters per layer", "1,048,576", mha)
ln = L("3. 每层 FFN：")
e.claim(ln, "factors", ["2", "512", "2048"], [2, dm, dff])
number_claim(e, ln, "FFN parameters per layer", "2,097,152", ffn)
ln = L("4. 每层 LayerNorm（×2）：")
e.claim(ln, "LayerNorm parameters per layer (2 x 2 x 512)", ["2048"], [ln_])
ln = L("5. 每层合计：")
number_claim(e, ln, "MHA restated", "1,048,576", mha)
number_claim(e, ln, "FFN restated", "2,097,152", ffn)
number_claim(e, ln, "LayerNorm restated", "2,048", ln_)
number_claim(e, ln, "per-layer total", "3,147,776", layer)
ln = L("6. Encoder 6 层：")
e.claim(ln, "N", ["6"], [N])
number_claim(e, ln, "per-layer total restated", "3,147,776", layer)
number_claim(e, ln, "encoder parameters", "18,886,656", enc)
ln = L("7. 总计（含嵌入）：")
number_claim(e, ln, "embedding restated", "18,944,000", emb)
number_claim(e, ln, "encoder restated", "18,886,656", enc)
e.claim(ln, "total in millions (37,830,656)", ["37.8"], [R(total, 10**6)])
e.given(L("> 📖 Paper: Vaswani et al., Table 3"), "reference (table number)")

# references, the formula-relation diagram and the quick-reference table: labels and formulas, no arithmetic claim
import re
D0 = L("## 公式关系图")
D1 = L("## 公式速查表")
for i, t in enumerate(e.lines):
    n = i + 1
    if n in e.verdicts or not re.search(r"\d", t) or i < 2:
        continue
    if "📖 Paper" in t or "📚 Book" in t:
        e.given(n, "reference (section, equation or chapter number)")
    elif D0 < n < D1 and ("公式" in t or "W₁" in t):
        e.given(n, "diagram label (formula number, subscripts)")
    elif n > D1 and t.startswith("|"):
        e.given(n, "quick-reference formula row (formula numbers and constants, no arithmetic claim)")

# every line with a digit (after the source line) must carry a verdict
missing = [i + 1 for i, t in enumerate(e.lines) if i > 1 and re.search(r"\d", t) and (i + 1) not in e.verdicts]
if missing:
    raise SystemExit(f"lines without a verdict: {missing}")
e.done()
