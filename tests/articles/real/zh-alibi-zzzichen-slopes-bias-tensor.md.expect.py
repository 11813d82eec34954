# Expected verdicts for zh-alibi-zzzichen-slopes-bias-tensor.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: n_heads = 8, seq_len = 10; slopes m_h = (2^(-8/8))^h = 2^-h, h = 1..8 (the code's geometric series);
# bias matrix B[i, k] = -(i - k) for k <= i, 0 above the diagonal (the loop sets B[i, i-j] = -j);
# biases[i, k, h] = B[i, k] * m_h, printed as a [10, 10, 8] float32 tensor (query i, key k, head h), each key row
# wrapped over two lines (5 + 3 heads).
# Every print is machine output and agrees with the exact values: the slopes 0.0312 / 0.0156 / 0.0078 / 0.0039 are
# 1/32, 1/64, 1/128, 1/256 rounded (1/32 = 0.03125 is a tie), the e-notation entries such as -1.4062e-01 (= -9/64,
# a tie) and -1.1719e-02 (= -3/256) likewise.  The shapes line [10, 10, 1] / [1, 1, 8] is right.
# Wrong lines: none.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["alibi", "slopes", "bias", "torch-print"])
NUM = re.compile(r"-?\d+\.\d+e[+-]\d+|-?\d+\.\d+|-?\d+(?=\.)")
slopes = [R(1, 2 ** h) for h in range(1, 9)]


def nums(ln):
    text = e.lines[ln - 1]
    if "tensor(" in text:
        text = text.split("tensor(", 1)[1]
    return NUM.findall(text)


e.given(e.line("seq_len = 10"), "sequence length 10")
e.given(e.line("n_heads = 8"), "8 heads")
L = e.line("tensor([0.5000, 0.2500")
e.claim(L, "slopes 2^-h, h = 1..8", nums(L), slopes)

start = e.line("tensor([[ 0.,  0.,  0.")
for i in range(10):
    ln = start + i
    row = [-(i - k) if k <= i else 0 for k in range(10)]
    e.claim(ln, f"distance matrix row {i}", nums(ln), [sp.Integer(v) for v in row])

L = e.line("torch.Size([10, 10, 1]) torch.Size([1, 1, 8])")
e.claim(L, "shapes", ["10", "10", "1", "1", "1", "8"], [10, 10, 1, 1, 1, 8])

first = e.line("tensor([[[ 0.0000e+00")
ln = first
for i in range(10):
    for k in range(10):
        d = -(i - k) if k <= i else 0
        vals = [d * s for s in slopes]
        while not nums(ln):
            ln += 1
        p1 = nums(ln)
        p2 = nums(ln + 1)
        assert len(p1) == 5 and len(p2) == 3, (ln, p1, p2)
        e.claim(ln, f"bias[{i}, {k}, heads 1-5]", p1, vals[:5])
        e.claim(ln + 1, f"bias[{i}, {k}, heads 6-8]", p2, vals[5:])
        ln += 2
e.done()
