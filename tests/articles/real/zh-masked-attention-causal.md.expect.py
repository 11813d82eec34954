# Expected verdicts for zh-masked-attention-causal.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The raw scores are random (torch.randn / untrained layers) and only printed: they are the inputs.  The masked
# matrices must copy the lower triangle (the -inf entries are not numbers and are not claimed); the softmax
# rows follow from the printed masked scores (already scaled by 1/sqrt(head_dim) in the code), masked entries 0.
# The final MHA output depends on the unprinted linear layers: ambiguous.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["causal-mask", "torch-output"])

def rows_at(start, n):
    return list(range(start, start + n))

def masked_softmax(row, k):
    """softmax over the first k entries, zeros after."""
    ex = [sp.exp(R(v)) for v in row[:k]]
    tot = sum(ex)
    return [x / tot for x in ex] + [sp.Integer(0)] * (len(row) - k)

qkt = [["0.0697", "0.7932", "-0.1177", "0.0812"], ["0.3271", "-1.1111", "-0.8723", "1.2537"],
       ["1.7847", "-0.2803", "1.3621", "-1.1000"], ["0.5083", "0.5289", "1.9308", "-0.0894"]]
L = e.line("tensor([[ 0.0697,  0.7932")
for i in range(4):
    e.given(L + i, f"qkt row {i + 1} (torch.randn)")
L = e.line("tensor([[1., 0., 0., 0.],")
for i, ln in enumerate(rows_at(L, 4)):
    e.claim(ln, f"tril(ones) row {i + 1}", ["1"] * (i + 1), [sp.Integer(1)] * (i + 1))
L = e.line("tensor([[ 0.0697,    -inf")
for i, ln in enumerate(rows_at(L, 4)):
    e.claim(ln, f"masked qkt row {i + 1} keeps the lower part", qkt[i][:i + 1], M([qkt[i][:i + 1]]))

sc = [["-0.6861", "-0.4718", "0.1760", "1.3923"], ["-1.2248", "0.4526", "-0.5432", "-0.7217"],
      ["0.4861", "-0.9307", "2.0020", "0.5808"], ["0.7300", "-0.1123", "1.0948", "1.0201"]]
L = e.line("tensor([[-0.6861, -0.4718")
for i in range(4):
    e.given(L + i, f"scores row {i + 1} (torch.randn)")
L = e.line("tensor([[-0.6861,    -inf")
for i, ln in enumerate(rows_at(L, 4)):
    e.claim(ln, f"scores + mask2 row {i + 1}", sc[i][:i + 1], M([sc[i][:i + 1]]))

heads = [[["0.5530", "0.6123", "0.3896", "-0.0834"], ["0.0271", "0.2272", "0.1394", "-0.1029"],
          ["0.4198", "0.2406", "0.1581", "0.0425"], ["0.4801", "0.2925", "0.1978", "0.0919"]],
         [["-0.4385", "-0.1696", "-0.2063", "-0.5110"], ["-0.3161", "-0.0823", "-0.0555", "-0.2165"],
          ["-0.1579", "0.0111", "0.0187", "-0.1701"], ["0.0276", "0.0543", "0.0457", "-0.0404"]]]
L = e.line("tensor([[[ 0.5530,  0.6123")
for h, start in enumerate((L, L + 5)):
    for i in range(4):
        e.given(start + i, f"head {h + 1} scaled scores row {i + 1}")
L = e.line("tensor([[[ 0.5530,    -inf")
for h, start in enumerate((L, L + 5)):
    for i in range(4):
        e.claim(start + i, f"head {h + 1} masked row {i + 1}", heads[h][i][:i + 1], M([heads[h][i][:i + 1]]))
probs = [[["1.0000", "0.0000", "0.0000", "0.0000"], ["0.4501", "0.5499", "0.0000", "0.0000"],
          ["0.3838", "0.3208", "0.2954", "0.0000"], ["0.3066", "0.2542", "0.2312", "0.2080"]],
         [["1.0000", "0.0000", "0.0000", "0.0000"], ["0.4418", "0.5582", "0.0000", "0.0000"],
          ["0.2961", "0.3506", "0.3533", "0.0000"], ["0.2513", "0.2581", "0.2559", "0.2348"]]]
L = e.line("tensor([[[1.0000, 0.0000")
for h, start in enumerate((L, L + 5)):
    for i in range(4):
        e.claim(start + i, f"head {h + 1} softmax row {i + 1}", probs[h][i], masked_softmax(heads[h][i], i + 1))
L = e.line("tensor([[[-0.3421")
for i in range(4):
    e.ambiguous(L + i, "MHA output depends on the untrained value and output projections, never printed")
e.done()
