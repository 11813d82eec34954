# Expected verdicts for zh-d2l-masked-softmax-notes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# masked_softmax of torch.rand inputs: only the masked zeros and a row with a single valid key (weight 1) follow
# from the article; the other weights come from unprinted random numbers (claimed nothing for them, but the
# lines are still checkable through their zeros).  Additive attention with all keys equal gives equal weights on
# the valid keys, so the outputs are means of the first 2 and the first 6 value rows.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["masking", "torch-output"])
Z = sp.Integer(0)

L = e.line("tensor([[[0.5980, 0.4020")
e.claim(L, "batch 1 row 1: keys 3-4 masked (valid_len 2)", ["0.0000", "0.0000"], [Z, Z])
e.claim(L + 1, "batch 1 row 2: keys 3-4 masked", ["0.0000", "0.0000"], [Z, Z])
e.claim(L + 3, "batch 2 row 1: key 4 masked (valid_len 3)", ["0.0000"], [Z])
e.claim(L + 4, "batch 2 row 2: key 4 masked", ["0.0000"], [Z])
L = e.line("tensor([[[1.0000, 0.0000")
e.claim(L, "batch 1 row 1: one valid key", ["1.0000", "0.0000", "0.0000", "0.0000"], [1, Z, Z, Z])
e.claim(L + 1, "batch 1 row 2: key 4 masked (valid_len 3)", ["0.0000"], [Z])
e.claim(L + 3, "batch 2 row 1: keys 3-4 masked (valid_len 2)", ["0.0000", "0.0000"], [Z, Z])
e.ambiguous(L + 4, "all four keys valid: the weights come from torch.rand inputs that are not printed")

values = sp.Matrix(10, 4, lambda i, j: 4 * i + j)        # torch.arange(40).reshape(10, 4)
e.claim(e.line("mask 仅保留前两个 key"), "equal weights on 2 valid keys", "1 / 2", R(1, 2))
out1 = sum((values.row(i) for i in range(2)), sp.zeros(1, 4)) / 2
out2 = sum((values.row(i) for i in range(6)), sp.zeros(1, 4)) / 6
e.claim(e.line("(tensor([[[ 2.0000"), "output batch 1 (mean of value rows 1-2)", ["2.0000", "3.0000", "4.0000", "5.0000"], out1)
e.claim(e.line("[[10.0000, 11.0000"), "output batch 2 (mean of value rows 1-6)", ["10.0000", "11.0000", "12.0000", "13.0000"], out2)
starts = [e.line("tensor([[[ 0.,  1.,  2.,  3.],"), e.line("[[ 0.,  1.,  2.,  3.],", after=e.line("[36., 37., 38., 39.]],"))]
for b, s in enumerate(starts):
    for i in range(10):
        printed = [str(4 * i + j) for j in range(4)]
        e.claim(s + i, f"values batch {b + 1} row {i + 1} (arange)", printed, values.row(i))
e.done()
