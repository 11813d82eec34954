# Expected verdicts for zh-basic-yabqiu-llm-from-scratch-notes-2.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese reading note on chapter 3 of "Build a Large Language Model (From Scratch)": simplified self-attention on
# six 3-d token embeddings, then one scaled dot-product attention step with seeded 3x2 weights.
# Inputs: X = [[0.43,0.15,0.89],[0.55,0.87,0.66],[0.57,0.85,0.64],[0.22,0.58,0.33],[0.77,0.25,0.10],[0.05,0.80,0.55]];
#   W_query/W_key/W_value as printed by torch at 4 decimals (seed 123), d_out = 2.
# Part 1 (no weights, no scaling): S = X X^T, row 2 = [0.9544, 1.4950, 1.4754, 0.8434, 0.7070, 1.0865] (exact);
#   sum-normalised row 2 = [0.14545, 0.22784, 0.22485, 0.12853, 0.10775, 0.16558];
#   softmax rows and A X all agree with the printed 4-decimal tensors (e.g. z(2) = [0.44187, 0.65148, 0.56831]).
# Part 2 (from the printed W): q2 = [0.430674, 1.455102], k2 = [0.443395, 1.141829], v2 = [0.395124, 1.003693],
#   q2.k2 = 1.852436, q2 K^T = [1.270548, 1.852436, 1.811159, 1.079539, 0.557771, 1.543993],
#   softmax(./sqrt 2) = [0.150022, 0.226385, 0.219873, 0.131068, 0.090629, 0.182023], z(2) = [0.306096, 0.820992].
# Wrong line (1): "如 1.4950, 1.4574, 1.0865" restates the row-2 scores with 1.4574 for 1.4754 (x2.x3) -- slip.
# Ambiguous (3): query_2 (0.4306 vs 0.43067 from the printed W), key_2 (1.1419 vs 1.14183) and the score 0.5577
#   (vs 0.55777) differ only in the 4th decimal: torch computed them from the unrounded float32 weights, which the
#   article prints rounded to 4 places, so the last digit cannot be decided from the article.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["basic", "torch-output"])
X = M([["0.43", "0.15", "0.89"], ["0.55", "0.87", "0.66"], ["0.57", "0.85", "0.64"],
       ["0.22", "0.58", "0.33"], ["0.77", "0.25", "0.10"], ["0.05", "0.80", "0.55"]])
S = X * X.T
A = softmax_rows(S)
C = A * X
s2 = S.row(1)

# --- part 1: simplified self-attention ------------------------------------------------------
e.given(e.line("按单词切分并嵌入到 3 维空间"), "embedding dimension 3")
L = e.line("inputs = torch.tensor([")
for i in range(6):
    e.given(L + 1 + i, f"x^{i + 1}")
e.claim(e.line("`0.43*0.55+0.15*0.87+0.89*0.66=0.9544`"), "x1.x2 by hand", ["0.9544"], [S[0, 1]])
e.claim(e.line("tensor([0.9544, 1.4950"), "attn_scores_2", ["0.9544", "1.4950", "1.4754", "0.8434", "0.7070", "1.0865"], s2)
e.claim(e.line("上面的结果里 `1.4950` 也确实最大"), "largest score x2.x2", ["1.4950"], [S[1, 1]])
L = e.line("6/(6+4)=0.6")
e.given(L, "interval [0,1], sum 1, apples 6 and 4")
e.claim(L, "6/(6+4), 4/(6+4)", ["0.6", "0.4"], [R(6, 10), R(4, 10)])
L = e.line("如 1.4950, 1.4574, 1.0865")
e.given(L, "interval [0,1]")
e.claim(L, "row-2 scores above 1 restated", ["1.4950", "1.4574", "1.0865"], [S[1, 1], S[1, 2], S[1, 5]], cause="slip")
e.given(e.line("```python {hl_lines=1}"), "code-fence highlight attribute (line number), not maths")
e.claim(e.line("tensor([0.1455"), "scores / sum", ["0.1455", "0.2278", "0.2249", "0.1285", "0.1077", "0.1656"],
        s2 / sum(s2))
e.claim(e.line("Sum: tensor(1.0000)"), "sum of normalised weights", ["1.0000"], [sp.Integer(1)])
e.given(e.line("```python {hl_lines=1}", nth=2), "code-fence highlight attribute (line number), not maths")
e.claim(e.line("tensor([0.1385, 0.2379"), "softmax(attn_scores_2)",
        ["0.1385", "0.2379", "0.2333", "0.1240", "0.1082", "0.1581"], A.row(1))
e.claim(e.line("Sum: tensor(1.)"), "sum of softmax weights", ["1"], [sp.Integer(1)])
e.claim(e.line("# 嵌入维度是 3"), "embedding dimension", ["3", "3"], [X.cols, X.cols])
e.claim(e.line("# 6 个 Token"), "number of tokens / loop count", ["6", "6"], [X.rows, X.rows])
e.claim(e.line("tensor([0.4419, 0.6515, 0.5683])"), "context z(2)", ["0.4419", "0.6515", "0.5683"], C.row(1))
e.given(e.line("```text {hl_lines=[3 11 19]}"), "code-fence highlight attribute (line numbers), not maths")

L = e.line("tensor([[0.9995")
printedS = [["0.9995", "0.9544", "0.9422", "0.4753", "0.4576", "0.6310"],
            ["0.9544", "1.4950", "1.4754", "0.8434", "0.7070", "1.0865"],
            ["0.9422", "1.4754", "1.4570", "0.8296", "0.7154", "1.0605"],
            ["0.4753", "0.8434", "0.8296", "0.4937", "0.3474", "0.6565"],
            ["0.4576", "0.7070", "0.7154", "0.3474", "0.6654", "0.2935"],
            ["0.6310", "1.0865", "1.0605", "0.6565", "0.2935", "0.9450"]]
e.rows(list(range(L, L + 6)), "attn_scores", printedS, S)
L = e.line("tensor([[0.2098")
printedA = [["0.2098", "0.2006", "0.1981", "0.1242", "0.1220", "0.1452"],
            ["0.1385", "0.2379", "0.2333", "0.1240", "0.1082", "0.1581"],
            ["0.1390", "0.2369", "0.2326", "0.1242", "0.1108", "0.1565"],
            ["0.1435", "0.2074", "0.2046", "0.1462", "0.1263", "0.1720"],
            ["0.1526", "0.1958", "0.1975", "0.1367", "0.1879", "0.1295"],
            ["0.1385", "0.2184", "0.2128", "0.1420", "0.0988", "0.1896"]]
e.rows(list(range(L, L + 6)), "attn_weights", printedA, A)
L = e.line("tensor([[0.4421")
printedC = [["0.4421", "0.5931", "0.5790"], ["0.4419", "0.6515", "0.5683"], ["0.4431", "0.6496", "0.5671"],
            ["0.4304", "0.6298", "0.5510"], ["0.4671", "0.5910", "0.5266"], ["0.4177", "0.6503", "0.5645"]]
e.rows(list(range(L, L + 6)), "all_context_vecs", printedC, C)

# --- part 2: trainable weights ----------------------------------------------------------------
Wq = M([["0.2961", "0.5166"], ["0.2517", "0.6886"], ["0.0740", "0.8665"]])
Wk = M([["0.1366", "0.1025"], ["0.1841", "0.7264"], ["0.3153", "0.6871"]])
Wv = M([["0.0756", "0.1966"], ["0.3164", "0.4017"], ["0.1186", "0.8274"]])
x2 = X.row(1)
q2, k2, v2 = x2 * Wq, x2 * Wk, x2 * Wv
K, V = X * Wk, X * Wv
sc = q2 * K.T
w2 = softmax_rows(sc / sp.sqrt(2))
z2 = w2 * V

e.claim(e.line("d_in = inputs.shape[1]  # 维度 3"), "d_in", ["3"], [X.cols])
e.given(e.line("d_out = 2               # 定义输出维度为 2"), "d_out = 2")
e.given(e.line("torch.manual_seed(123)"), "seed 123")
e.claim(e.line("# 每个的形状都是 [3,2]"), "weight shape", ["3", "2"], [Wq.rows, Wq.cols])
e.given(e.line("特意取 d_in=3、d_out=2"), "d_in = 3, d_out = 2, seed 123 restated")
for name, W, first in (("W_query", Wq, "tensor([[0.2961"), ("W_key", Wk, "tensor([[0.1366"),
                       ("W_value", Wv, "tensor([[0.0756")):
    L = e.line(first)
    for i in range(3):
        e.given(L + i, f"{name} row {i + 1} (printed at 4 decimals)")
e.claim(e.line("# x_2 形状是 [3], W_query 形状是 [3,2]"), "shapes of x_2, W_query, query_2",
        ["3", "3", "2", "2"], [X.cols, Wq.rows, Wq.cols, q2.cols])
rounding = ("torch computed this from the unrounded float32 weights of seed 123; the article prints those weights "
            "rounded to 4 decimals, and the value from the printed weights differs only in the 4th decimal")
e.ambiguous(e.line("query_2=tensor([0.4306, 1.4551]"), rounding + " (0.430674 -> 0.4307)")
e.ambiguous(e.line("key_2=tensor([0.4433, 1.1419]"), rounding + " (1.141829 -> 1.1418)")
e.claim(e.line("value_2=tensor([0.3951, 1.0037]"), "value_2", ["0.3951", "1.0037"], v2)
e.given(e.line("把 3 维的嵌入投影成 2 维"), "3 -> 2 dimensions restated")
e.claim(e.line("keys.shape=torch.Size([6, 2]), values.shape"), "shapes of keys and values",
        ["6", "2", "6", "2"], [K.rows, K.cols, V.rows, V.cols])
e.claim(e.line("6 个 token 都被映射到了 2 维空间"), "6 tokens, 2 dimensions", ["6", "2"], [K.rows, K.cols])
e.claim(e.line("# tensor(1.8524, grad_fn=<DotBackward0>)"), "q2.k2", ["1.8524"], [(q2 * k2.T)[0]])
e.ambiguous(e.line("# tensor([1.2705, 1.8524, 1.8111"), rounding + " (entry 5: 0.557771 -> 0.5578; the other "
            "five entries agree)")
e.claim(e.line("第 2 个值 `1.8524` 与上面相同"), "second score restated", ["2", "1.8524"], [2, sc[1]])
e.given(e.line("attn_weights_2 = torch.softmax(attn_scores_2 / d_k**0.5"), "sqrt written as **0.5")
e.claim(e.line("# tensor([0.1500, 0.2264"), "softmax(scores / sqrt 2)",
        ["0.1500", "0.2264", "0.2199", "0.1311", "0.0906", "0.1820"], w2)
e.claim(e.line("# tensor([0.3061, 0.8210]"), "context z(2)", ["0.3061", "0.8210"], z2)
e.done()
