# Expected verdicts for zh-softmax-elarwei-day03-scaling-onehot.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# Inputs: unit-variance components, d = 64 and d = 512; softmax examples [1, 2, 3] and [10, 20, 30];
#   torch demo with batch 2, 4 queries, 6 keys, d_k = d_v = 64.
# - std of q.k = sqrt(d): sqrt(64) = 8, sqrt(512) = 22.627 -> "≈ 22.6" (right).  The "typical range"
#   -24 ~ +24 / -68 ~ +68 is 3 standard deviations, a convention the article never states -> ambiguous.
# - softmax([1,2,3]) = (0.0900, 0.2447, 0.6652) -> [0.09, 0.24, 0.67] right;
#   softmax([10,20,30]) = (2.06e-9, 4.54e-5, 0.99995) -> [0.00, 0.00, 1.00] right.
# - scaled std: 8 / sqrt(64) = 1.
# - shapes (2, 4, 64) and (2, 4, 6); the row sums of a softmax are exactly 1.  The printed weight row
#   (0.1842, ...) comes from unseeded torch.randn -> ambiguous (its six values do add up to 1.0000).
# Wrong lines: 0.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["softmax", "scaling", "torch-print"])

L = e.line("| 64 | √64 = 8 | -24 ~ +24 |")
e.given(L, "d = 64")
e.claim(L, "sqrt(64)", ["8"], [sp.sqrt(64)])
e.ambiguous(L, "typical range -24 ~ +24 is 3 sigma; the article does not say how wide 'typical' is")
L = e.line("| 512 | √512 ≈ 22.6 | -68 ~ +68 |")
e.given(L, "d = 512")
e.claim(L, "sqrt(512)", ["22.6"], [sp.sqrt(512)])
e.ambiguous(L, "typical range -68 ~ +68 is 3 sigma (67.9); the width of 'typical' is not stated")

L = e.line("softmax([1, 2, 3])   → [0.09, 0.24, 0.67]")
e.given(L, "logits [1, 2, 3]")
e.claim(L, "softmax([1,2,3])", ["0.09", "0.24", "0.67"], softmax_rows(M([["1", "2", "3"]])))
L = e.line("softmax([10, 20, 30]) → [0.00, 0.00, 1.00]")
e.given(L, "logits [10, 20, 30]")
e.claim(L, "softmax([10,20,30])", ["0.00", "0.00", "1.00"], softmax_rows(M([["10", "20", "30"]])))

L = e.line("当 d_k = 512 时，标准差约为 22.6")
e.given(L, "d_k = 512")
e.claim(L, "sqrt(512)", ["22.6"], [sp.sqrt(512)])
L = e.line("**快速验算**")
e.given(L, "d_k = 64")
e.claim(L, "unscaled std sqrt(64), scaled std", ["8", "1"], [sp.sqrt(64), sp.sqrt(64) / sp.sqrt(64)])

e.given(e.line("batch_size = 2"), "batch 2")
e.given(e.line("n_queries = 4  #"), "4 queries")
e.given(e.line("n_keys = 6     #"), "6 keys")
e.given(e.line("d_k = 64", after=e.line("n_keys = 6")), "d_k 64")
e.given(e.line("d_v = 64"), "d_v 64")
e.claim(e.line("# (2, 4, 64)"), "output shape comment", ["2", "4", "64"], [2, 4, 64])
e.claim(e.line("# (2, 4, 6)"), "weights shape comment", ["2", "4", "6"], [2, 4, 6])
e.claim(e.line("输出形状: torch.Size([2, 4, 64])"), "printed output shape", ["2", "4", "64"], [2, 4, 64])
e.claim(e.line("权重形状: torch.Size([2, 4, 6])"), "printed weights shape", ["2", "4", "6"], [2, 4, 6])
L = e.line("每个查询的权重和: tensor([[1., 1., 1., 1.],")
e.claim(L, "row sums of softmax, batch 0", ["1"] * 4, [1] * 4)
L = e.line("[1., 1., 1., 1.]])")
e.claim(L, "row sums of softmax, batch 1", ["1"] * 4, [1] * 4)
L = e.line("tensor([0.1842, 0.0823, 0.2451, 0.1253, 0.1891, 0.1740])")
e.ambiguous(L, "weights from unseeded torch.randn Q, K; not recomputable (they do sum to 1.0000)")
e.done()
