# Expected verdicts for zh-pe-yukoto0718-d2l-positional-encoding-notes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the notebook's PositionalEncoding, P[pos, 2i] = sin(pos / 10000^(2i/d)), P[pos, 2i+1] = cos(...), with
# d = num_hiddens = 100 in the first sketch ("100个数字") and d = encoding_dim = 32 in the hand computation.
#  - The sketches write the third and fourth entries as sin(pos/100), cos(pos/100): the denominator of pair i = 1 is
#    10000^(2/d) = 1.2023 for d = 100 and 1.7783 for d = 32; 100 is the value for d = 4 -> wrong on every line that prints
#    it (slip where it first appears in each sketch, carried on the repeated lines).
#  - Hand computation at pos = 1, d = 32: sin 1 = 0.841, cos 1 = 0.540 ok; 10000^(2/32) = 10^(1/4) = 1.778, not "4.64"
#    (slip), 1/1.778 = 0.5623, not "0.215" (slip: even 1/4.64 = 0.2155 rounds to 0.216), sin/cos of it 0.533/0.846, not
#    0.213/0.977 (carried: they are sin/cos of the printed 0.215); 10000^(4/32) = 10^(1/2) = 3.162, not "10.0" (slip),
#    1/3.162 = 0.3162, not 0.1, and sin/cos 0.311/0.950, not 0.100/0.995 (carried).  The summary vector repeats them.
#  - Adding the position-0 encoding [0, 1, 0, 1] to [0.1, 0.3, 0.5, 0.2] gives [0.1, 1.3, 0.5, 1.2] -> ok; 3 x 3 = 9
#    scores -> ok.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="zh", topics=["pe", "sinusoidal", "self-attention"])
L = e.line


def den(i, d):
    """10000^(2i/d), the divisor of pair i."""
    return sp.Integer(10000) ** R(2 * i, d)


e.given(L("num_hiddens, num_heads = 100, 5 "), "d = 100, 5 heads")
e.given(L("batch_size, num_queries, valid_lens = 2, 4, torch.tensor([3, 2]) "), "batch 2, 4 queries, valid lengths")
e.given(L("# 形状: (2, 4, 100) "), "input shape")
e.given(L("# 输出形状检查: (2, 4, 100)，与输入形状相同"), "output shape")

# sketch 1: d = 100 ("100个数字")
e.given(L('# 输入："我 爱 自然语言处理"（5个词）'), "five positions")
for pos in range(5):
    ln = L(f"位置{pos}: [sin({pos}), cos({pos}), sin({pos}/100)")
    e.claim(ln, f"divisor of dims 2-3 for d = 100 (position {pos})", ["100"], [den(1, 100)],
            cause="slip" if pos == 0 else "carried")

# embedding + position-0 encoding
emb = M([["0.1", "0.3", "0.5", "0.2"]])
pe0 = sp.Matrix([[sp.sin(0), sp.cos(0), sp.sin(0), sp.cos(0)]])
e.given(L('词嵌入:    [0.1, 0.3, 0.5, 0.2]'), "word vector")
e.claim(L('位置编码:  [0.0, 1.0, 0.0, 1.0]'), "position-0 encoding", ["0.0", "1.0", "0.0", "1.0"], pe0)
e.claim(L('结果:      [0.1, 1.3, 0.5, 1.2]'), "word vector + PE(0)", ["0.1", "1.3", "0.5", "1.2"], emb + pe0)

# attention score count
e.claim(L("（这里有9个点积！）"), "3 x 3 dot products", ["9"], [3 * 3])
e.claim(L("# 第3步：9个数字组成3×3矩阵"), "3 x 3 = 9 scores", ["9"], [3 * 3])

# plot cell
e.given(L("encoding_dim, num_steps = 32, 60"), "d = 32, 60 positions")
e.given(L("<Figure size 600x250 with 1 Axes>"), "matplotlib figure repr (figsize 6 x 2.5)")

# sketch 2 and the hand computation: d = 32
e.given(L("encoding_dim = 32  # 每个位置有32个数字"), "d = 32")
e.given(L("num_steps = 60     # 总共60个位置"), "60 positions")
start = L("num_steps = 60     # 总共60个位置")
for k, pos in enumerate((0, 1, 2, 59)):
    ln = L(f"位置{pos}:", after=start)
    e.claim(ln, f"divisor of dims 2-3 for d = 32 (position {pos})", ["100"], [den(1, 32)],
            cause="slip" if k == 0 else "carried")

x = sp.Integer(1)
e.claim(L("维度0: sin(1 / 10000^(0/32))"), "sin(1)", ["0.841"], [sp.sin(x / den(0, 32))])
e.claim(L("维度1: cos(1 / 10000^(0/32))"), "cos(1)", ["0.540"], [sp.cos(x / den(0, 32))])
ln = L("维度2: sin(1 / 10000^(2/32))")
e.claim(ln, "10000^(2/32)", ["4.64"], [den(1, 32)], cause="slip")
e.claim(ln, "1 / 10000^(2/32)", ["0.215"], [x / den(1, 32)], cause="slip")
e.claim(ln, "sin(1 / 10000^(2/32))", ["0.213"], [sp.sin(x / den(1, 32))], cause="carried")
ln = L("维度3: cos(1 / 10000^(2/32))")
e.claim(ln, "10000^(2/32)", ["4.64"], [den(1, 32)], cause="carried")
e.claim(ln, "1 / 10000^(2/32)", ["0.215"], [x / den(1, 32)], cause="carried")
e.claim(ln, "cos(1 / 10000^(2/32))", ["0.977"], [sp.cos(x / den(1, 32))], cause="carried")
ln = L("维度4: sin(1 / 10000^(4/32))")
e.claim(ln, "10000^(4/32)", ["10.0"], [den(2, 32)], cause="slip")
e.claim(ln, "1 / 10000^(4/32)", ["0.1"], [x / den(2, 32)], cause="carried")
e.claim(ln, "sin(1 / 10000^(4/32))", ["0.100"], [sp.sin(x / den(2, 32))], cause="carried")
ln = L("维度5: cos(1 / 10000^(4/32))")
e.claim(ln, "10000^(4/32)", ["10.0"], [den(2, 32)], cause="carried")
e.claim(ln, "1 / 10000^(4/32)", ["0.1"], [x / den(2, 32)], cause="carried")
e.claim(ln, "cos(1 / 10000^(4/32))", ["0.995"], [sp.cos(x / den(2, 32))], cause="carried")
ln = L("# 所以位置1是: [0.841, 0.540, 0.213, 0.977, 0.100, 0.995, ...]")
pe1 = [f(x / den(i, 32)) for i in range(3) for f in (sp.sin, sp.cos)]
e.claim(ln, "PE(1) dims 0-1", ["0.841", "0.540"], pe1[:2])
e.claim(ln, "PE(1) dims 2-5 (repeating the values above)", ["0.213", "0.977", "0.100", "0.995"], pe1[2:], cause="carried")
e.done()
