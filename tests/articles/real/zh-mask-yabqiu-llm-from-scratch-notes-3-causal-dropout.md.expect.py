# Expected verdicts for zh-mask-yabqiu-llm-from-scratch-notes-3-causal-dropout.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese reading note on causal attention (tril + renormalisation, -inf mask), dropout scaling and a small
# CausalAttention class, on the six 3-d embeddings of "Your journey starts with one step".
# Inputs: the attention weights printed at 4 decimals (they come from nn.Linear weights of seed 789, never printed);
#   dropout rates 0.5 and 0.3 on a 3x4 matrix of ones; batch of two copies of the 6x3 input.
# Exact values: tril keeps the printed entries on and below the diagonal; renormalising the printed rows gives
#   row 2 [0.551622, 0.448378], row 3 [0.380063, 0.309688, 0.310248], row 4 [0.275867, 0.246052, 0.246199,
#   0.231882], row 5 [0.217469, 0.198336, 0.198455, 0.188711, 0.197029], row 6 = row 6 /1.0001 (rounds back to the
#   printed row), row 1 = [1, 0, ...]; dropout scale 1/(1-0.5) = 2, 1/(1-0.3) = 1.428571; 3 x 4 = 12 entries,
#   12 x 0.3 = 3.6; shapes (2, 6, 3) and (2, 6, 2).
# No wrong line.  Ambiguous: the six printed softmax rows and the first block of context vectors (unprinted random
#   nn.Linear weights); renormalised rows 2-5 (both copies) and the dropped-out rows 2-6, whose 4th decimal differs
#   from the value recomputed from the 4-decimal printed weights (torch used the unrounded weights; e.g. row 2
#   0.5517 vs 0.5516 from the printed operands, 2 x 0.2460 = 0.4920 vs printed 0.4921), and the all-zero dropout row
#   (which entries are dropped depends on the RNG stream).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="zh", topics=["mask", "basic", "torch-output"])

Wp = [["0.1921", "0.1646", "0.1652", "0.1550", "0.1721", "0.1510"],
      ["0.2041", "0.1659", "0.1662", "0.1496", "0.1665", "0.1477"],
      ["0.2036", "0.1659", "0.1662", "0.1498", "0.1664", "0.1480"],
      ["0.1869", "0.1667", "0.1668", "0.1571", "0.1661", "0.1564"],
      ["0.1830", "0.1669", "0.1670", "0.1588", "0.1658", "0.1585"],
      ["0.1935", "0.1663", "0.1666", "0.1542", "0.1666", "0.1529"]]
W = M(Wp)
T = sp.Matrix(6, 6, lambda i, j: W[i, j] if j <= i else 0)
Nrm = sp.Matrix(6, 6, lambda i, j: T[i, j] / sum(T.row(i)))
Z = "0.0000"

e.given(e.line("attn_weights = torch.softmax(attn_cores / keys.shape[-1] ** 0.5, dim=-1)"), "sqrt as ** 0.5")
L = e.line("inputs = torch.tensor([")
for i in range(6):
    e.given(L + 1 + i, f"x^{i + 1}")
e.given(e.line("torch.manual_seed(789)"), "seed 789")
e.given(e.line("sa_v2 = SelfAttentionV2(3, 2)"), "d_in = 3, d_out = 2")

random_w = "softmax weights of nn.Linear layers drawn with seed 789; the layer weights are never printed"
L = e.line("tensor([[0.1921, 0.1646")
for i in range(6):
    e.ambiguous(L + i, random_w)

L = e.line("tensor([[0.1921, 0.0000")
for i in range(6):
    printed = Wp[i][: i + 1] + [Z] * (5 - i)
    e.claim(L + i, f"tril row {i + 1}", printed, T.row(i))

e.claim(e.line("归一化后每一行之和为 1"), "row sums after renormalising", ["1"], [sum(Nrm.row(5))])
printedN = [["1.0000"] + [Z] * 5,
            ["0.5517", "0.4483"] + [Z] * 4,
            ["0.3800", "0.3097", "0.3103"] + [Z] * 3,
            ["0.2758", "0.2460", "0.2462", "0.2319"] + [Z] * 2,
            ["0.2175", "0.1983", "0.1984", "0.1888", "0.1971", Z],
            ["0.1935", "0.1663", "0.1666", "0.1542", "0.1666", "0.1529"]]
rounded_ops = ("torch renormalised the unrounded weights; recomputed from the 4-decimal printed weights this row "
               "differs in the 4th decimal, so the printed digits cannot be decided from the article")
for first in ("tensor([[1.0000, 0.0000", ):
    for nth in (1, 2):
        L = e.line(first, nth=nth)
        for i in range(6):
            if i in (0, 5):
                e.claim(L + i, f"renormalised row {i + 1}", printedN[i], Nrm.row(i))
            else:
                e.ambiguous(L + i, rounded_ops)
e.given(e.line("attn_weights = torch.softmax(masked_attn_cores / keys.shape[-1] ** 0.5, dim=1)"), "sqrt as ** 0.5")

e.given(e.line("1) 计算注意力权重之后，2)"), "list labels 1) 2)")
L = e.line("按 50% 生成一个 6x6")
e.given(L, "dropout rate 50%")
e.claim(L, "mask size and token count", ["6", "6", "6"], [6, 6, 6])
e.given(e.line("torch.manual_seed(123)  # 让同样"), "seed 123")
L = e.line("dropout = torch.nn.Dropout(0.5)  # 50% dropout 率")
e.given(L, "dropout p = 0.5")
e.claim(L, "0.5 as a percentage", ["50%"], [R(1, 2)])
e.given(e.line("example = torch.ones(3, 4)"), "3x4 matrix of ones")
L = e.line("tensor([[2., 2., 0., 2.],")
for i in range(3):
    e.claim(L + i, f"dropout(0.5) row {i + 1}: kept entries scaled by 1/(1-0.5)", ["2"], [1 / (1 - R(1, 2))])
L = e.line("一半元素被置为 0，其余元素按 1/0.5=2 放大")
e.given(L, "p = 0.5, dropped entries 0, ones")
e.claim(L, "scale 1/0.5", ["2", "2"], [1 / R(1, 2), 1 / R(1, 2)])
L = e.line("tensor([[1.4286, 1.4286")
for i in range(3):
    e.claim(L + i, f"dropout(0.3) row {i + 1}: kept entries scaled by 1/(1-0.3)", ["1.4286"], [1 / (1 - R(3, 10))])
L = e.line("这次只 drop 了 2 个元素")
e.given(L, "p = 0.3; the naive 'at least 3'")
e.claim(L, "dropped count, entries, 12*0.3, 1/(1-0.3)", ["2", "12", "3.6", "1.4286"],
        [2, 3 * 4, 12 * R(3, 10), 1 / (1 - R(3, 10))])
e.given(e.line("torch.manual_seed(123)", nth=2), "seed 123")
e.given(e.line("dropout = torch.nn.Dropout(0.5)", nth=2), "dropout p = 0.5")
L = e.line("tensor([[2.0000, 0.0000")
e.claim(L, "dropout row 1: 1.0000 x 2", ["2.0000"] + [Z] * 5, [2 * Nrm[0, 0]] + [0] * 5)
e.ambiguous(L + 1, "every entry dropped: which entries are dropped depends on the RNG stream of seed 123")
for i in range(2, 6):
    e.ambiguous(L + i, "kept entries are 2x the unrounded renormalised weights; recomputed from the printed "
                       "4-decimal weights some differ in the 4th decimal (e.g. 2 x 0.2460 = 0.4920 vs 0.4921)")

e.claim(e.line("b, num_tokens, d_in = x.shape  # 2, 6, 3"), "batch shape", ["2", "6", "3"], [2, 6, 3])
e.given(e.line("attn_weights = torch.softmax(attn_scores / keys.shape[-1] ** 0.5, dim=-1)"), "sqrt as ** 0.5")
L = e.line("inputs = torch.tensor([", nth=2)
for i in range(6):
    e.given(L + 1 + i, f"x^{i + 1} (second listing)")
e.claim(e.line("用来模型一个 batch 为 2 的输入"), "two stacked copies", ["2"], [2])
e.claim(e.line("# shape: [2, 6, 3]"), "stacked batch shape", ["2", "6", "3"], [2, 6, 3])
e.given(e.line("torch.manual_seed(123)", nth=3), "seed 123")
e.given(e.line("d_in, d_out = 3, 2"), "d_in = 3, d_out = 2")
e.claim(e.line("# 6, num_of_tokens"), "context length", ["6"], [6])
e.given(e.line("ca = CausalAttention(d_in, d_out, context_length, 0.0)"), "dropout 0.0")
Cp = [["-0.4519", "0.2216"], ["-0.5874", "0.0058"], ["-0.6300", "-0.0632"],
      ["-0.5675", "-0.0843"], ["-0.5526", "-0.0981"], ["-0.5299", "-0.1081"]]
L = e.line("tensor([[[-0.4519,  0.2216],")
for i in range(6):
    e.ambiguous(L + i, "context vectors from nn.Linear weights drawn with seed 123, never printed")
L = e.line("[[-0.4519,  0.2216],", nth=2)
for i in range(6):
    e.claim(L + i, f"second batch copy row {i + 1} equals the first (same input, dropout 0.0)", Cp[i], M([Cp[i]]))
e.claim(e.line("context_vecs.shape: torch.Size([2, 6, 2])"), "output shape", ["2", "6", "2"], [2, 6, 2])
e.done()
