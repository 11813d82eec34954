# Expected verdicts for zh-basic-luyunix-score-softmax-weighted-sum.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese course note (lesson 3 of an attention series): score -> softmax -> weighted sum of V, worked by hand on
# scores [2, 1, 0] with V1 = [10, 0], V2 = [0, 20], V3 = [5, 5], and again as a PyTorch snippet whose inputs
# q = [1, 0], k = [[2, 0], [1, 0], [0, 1]] produce the same raw (unscaled) scores [2, 1, 0].
# Exact values: exp = [7.389056, 2.718282, 1]; weights = [0.665241, 0.244728, 0.090031];
#   weighted rows 10 w1 = 6.652410, 20 w2 = 4.894570, 5 w3 = 0.450153; context = [7.102563, 5.344723].
# Wrong lines:
#   - "context ≈ [7.10, 5.35]": the second entry is 5.344723 -> 5.34; 5.35 is 4.90 + 0.45 from the rounded rows
#     -> drift (the chain's result judged end to end);
#   - "`context≈[7.102,5.345]`": the first entry is 7.102563 -> 7.103; 7.102 is truncated -> slip.
# Ambiguous: "0.245V₂ = [0.00, 4.90]" is right as written (0.245 x 20) but 20 w2 = 4.8946 -> 4.89 end to end
#   (explicit arithmetic on a rounded operand).
# Right: exp values, weights (both times), 6.65 / 0.45 rows, 7.10, 5.345, shapes, 0.5 = 50%, 0.5 + 0.3 + 0.19 = 0.99.
# The 21-token sentence, 0.5/0.3/0.19, 0.8/0.1/0.1 and 0.3/0.5/0.2 are the teacher's illustrative numbers (given).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["basic", "softmax", "unscaled", "drift", "truncation", "code-block"])

q = M([["1.0", "0.0"]])
k = M([["2.0", "0.0"], ["1.0", "0.0"], ["0.0", "1.0"]])
V = M([["10", "0"], ["0", "20"], ["5", "5"]])
S = q * k.T
W = softmax_rows(S)
ex = [sp.exp(S[0, j]) for j in range(3)]
rows = [W[0, j] * V.row(j) for j in range(3)]
C = W * V

# --- the it example ----------------------------------------------------------------------
L = e.line("整句大约有 21 个 token")
e.given(L, "about 21 tokens; slide weights 0.5, 0.3, 0.19")
for n, text in ((1, "1. `scores = score(Q,K)`"), (2, "2. `weights = softmax(scores)`"),
                (3, "3. `context = Σ weights_i × V_i`")):
    e.given(e.line(text), f"step {n}")
e.given(e.line("课堂口语里常把 0.5、0.3 混着叫"), "teacher's numbers")
e.given(e.line("| 名称 | 允许的数值 | 是否总和为 1 | 用途 |"), "weights sum to 1")
e.given(e.line("| `weights` | 通常在 0 到 1 之间 | 是 |"), "weights in [0, 1]")

# --- hand calculation ----------------------------------------------------------------------
e.given(e.line("比如 `scores=[2,1,0]`，Softmax 不是除以 3"), "scores [2, 1, 0]")
e.claim(e.line("exp(scores) = [7.389, 2.718, 1.000]"), "exp of the scores", ["7.389", "2.718", "1.000"], ex)
e.claim(e.line("weights     = [0.665, 0.245, 0.090]"), "softmax of [2, 1, 0]", ["0.665", "0.245", "0.090"], W)
e.given(e.line("分数相差 1，权重并不只差 1"), "score gap 1")
e.given(e.line("V₁ = [10, 0]"), "value 1")
e.given(e.line("V₂ = [ 0,20]"), "value 2")
e.given(e.line("V₃ = [ 5, 5]"), "value 3")
L = e.line("0.665V₁ = [6.65, 0.00]")
e.claim(L, "weight 1 restated", ["0.665"], [W[0, 0]])
e.claim(L, "w1 x V1 (6.6524)", ["6.65", "0.00"], rows[0])
e.ambiguous(e.line("0.245V₂ = [0.00, 4.90]"), "0.245 x 20 = 4.90 is right as written on the rounded weight, but "
            "20 w2 = 4.8946 -> 4.89 end to end (explicit arithmetic on a rounded operand)")
L = e.line("0.090V₃ = [0.45, 0.45]")
e.claim(L, "weight 3 restated", ["0.090"], [W[0, 2]])
e.claim(L, "w3 x V3 (0.450153)", ["0.45", "0.45"], rows[2])
e.claim(e.line("context ≈ [7.10, 5.35]"), "context = W V (5.3447 -> 5.34; 5.35 from the rounded rows)",
        ["7.10", "5.35"], C, cause="drift")
L = e.line("老师反复说的“0.5 乘 `robot` 的词向量")
e.given(L, "teacher's 0.5 and 0.3")
e.claim(L, "0.5 as a percentage", ["50%"], [R(1, 2)])
e.given(e.line("如果句子有 21 个 token，就是 `L=21`"), "L = 21")
e.given(e.line("剩下权重的总和就不再是 1"), "weights sum to 1")

# --- classroom points ----------------------------------------------------------------------
L = e.line("课件为什么只写 0.8、0.1、0.1 三个数")
e.given(L, "illustrative weights 0.8, 0.1, 0.1; 30 words give 30 weights")
L = e.line("图里只留下 0.5、0.3、0.19 几个大数")
e.given(L, "slide weights 0.5, 0.3, 0.19")
e.claim(L, "0.5 + 0.3 + 0.19", ["0.99"], [R(5, 10) + R(3, 10) + R(19, 100)])
e.given(e.line("以 `welcome to Wuhan` 为例"), "illustrative weights 0.8/0.1/0.1 and 0.3/0.5/0.2")

# --- code --------------------------------------------------------------------------------------
e.given(e.line("q = torch.tensor([[1.0, 0.0]])"), "query in code")
e.given(e.line("k = torch.tensor([[[2.0, 0.0], [1.0, 0.0], [0.0, 1.0]]])"), "keys in code")
e.given(e.line("v = torch.tensor([[[10.0, 0.0], [0.0, 20.0], [5.0, 5.0]]])"), "values in code")
e.given(e.line("scores = torch.bmm(k, q.unsqueeze(-1)).squeeze(-1)"), "axis indices")
e.given(e.line("weights = torch.softmax(scores, dim=-1)"), "axis index")
e.given(e.line("weighted_values = weights.unsqueeze(-1) * v"), "axis index")
e.given(e.line("context = weighted_values.sum(dim=1)"), "axis index")
e.given(e.line('print("weights:", weights, "sum:", weights.sum(-1))'), "axis index")

L = e.line("`scores=[2,1,0]`；`weights` 约为 `[0.665,0.245,0.090]`")
e.claim(L, "q . k scores", ["2", "1", "0"], S)
e.claim(L, "weights restated", ["0.665", "0.245", "0.090"], W)
e.claim(L, "sum of the weights", ["1"], [sum(W)])
e.claim(L, "context (7.102563 -> 7.103; the printed 7.102 is truncated)", ["7.102", "5.345"], C)
for printed, val in (("1", S.rows), ("3", S.cols), ("2", V.cols)):
    e.claim(L, f"shape entry {printed}", [printed], [val])

e.given(e.line("**问题：一句话有 21 个候选位置，课件只画出 3 个较大权重"), "21 positions, 3 drawn weights")
e.given(e.line("会产生 21 个权重，每个候选位置一个"), "21 weights for 21 positions")
e.done()
