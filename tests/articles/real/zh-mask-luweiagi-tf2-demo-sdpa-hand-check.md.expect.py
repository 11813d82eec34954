# Expected verdicts for zh-mask-luweiagi-tf2-demo-sdpa-hand-check.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (the code cells): q = [[0,1,0],[0,0,1]], k = [[1,2,0],[0,1,1]], v = [[1,0],[2,0]] (batch of two identical copies);
# padding-mask input x = [[7,6,0,0,1],[1,2,3,0,0],[0,0,0,4,5]]; look-ahead mask of size x.shape[1] = 5.
# Exact: q k^T = [[2,1],[0,1]]; / sqrt(3) = [[2/sqrt3, 1/sqrt3],[0, 1/sqrt3]]; softmax rows = [s, 1-s] and [1-s, s] with
# s = 1/(1+exp(-1/sqrt3)) = 0.6404575; output = [[1+(1-s), 0], [1+s, 0]] = [[1.3595425, 0], [1.6404575, 0]].
# float32 prints (8 significant digits) agree under the machine-float rule; 0.5773502 (7 digits) too.
# Wrong lines:
#  - the LaTeX restatement "v = [[2, 1], [0, 1]]" after dropping the batch: the code's v is [[1, 0], [2, 0]] (slip, both rows;
#    the later hand check multiplies by the right v = [[1, 0], [2, 0]]).
#  - look-ahead mask test: create_look_ahead_mask(x.shape[1]) with x of shape (1, 5) must print a 5 x 5 mask, the printed
#    output is 4 x 4, "shape=(4, 4)" (slip). Its four printed rows agree with the first four columns of the first four rows.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="zh", topics=["basic", "mask"])
L = e.line


def nums(line, n):
    """The first n numbers printed on a line, trailing dots of float32 prints ("0") dropped."""
    return [t.rstrip(".") for t in re.findall(r"\d+\.?\d*", e.lines[line - 1])][:n]


q = M([[0, 1, 0], [0, 0, 1]])
k = M([[1, 2, 0], [0, 1, 1]])
v = M([[1, 0], [2, 0]])
S = q * k.T
Ssc = S / sp.sqrt(3)
A = sp.zeros(2, 2)
for i in range(2):
    den = sum(sp.exp(Ssc[i, j]) for j in range(2))
    for j in range(2):
        A[i, j] = sp.exp(Ssc[i, j]) / den
O = A * v

# padding mask
x = [[7, 6, 0, 0, 1], [1, 2, 3, 0, 0], [0, 0, 0, 4, 5]]
e.given(L("x = tf.constant([[7, 6, 0, 0, 1]"), "padding-mask input")
pad = [[1 if t == 0 else 0 for t in row] for row in x]
ln = L("[[[[0. 0. 1. 1. 0.]]]")
for i in range(3):
    e.claim(ln + i, f"padding mask row {i + 1}", nums(ln + i, 5), pad[i])
e.claim(ln + 2, "padding mask shape (3, 1, 1, 5)", ["3", "1", "5"], [3, 1, 5])

# look-ahead mask: size = x.shape[1] = 5
e.given(L("x = tf.random.uniform((1, 5))"), "look-ahead input of shape (1, 5)")
la = [[1 if j > i else 0 for j in range(5)] for i in range(5)]
ln = L("[[0. 1. 1. 1.]")
for i in range(4):
    e.claim(ln + i, f"look-ahead mask row {i + 1} (first four columns)", nums(ln + i, 4), la[i][:4])
e.claim(ln + 3, "look-ahead mask shape for size 5", ["4", "4"], [5, 5])

# first run of print_out
for name in ("temp_q = ", "temp_k = ", "temp_v = "):
    e.given(L(name), name.strip(" ="))
ln = L("[[[0.64045745 0.35954252]", 1)
e.claim(ln, "weights row 1 (batch 1)", ["0.64045745", "0.35954252"], A.row(0))
e.claim(ln + 1, "weights row 2 (batch 1)", ["0.35954252", "0.64045745"], A.row(1))
e.claim(ln + 3, "weights row 1 (batch 2)", ["0.64045745", "0.35954252"], A.row(0))
e.claim(ln + 4, "weights row 2 (batch 2)", ["0.35954252", "0.64045745"], A.row(1))
ln = L("[[[1.3595425 0.       ]", 1)
e.claim(ln, "output row 1 (batch 1)", ["1.3595425", "0"], O.row(0))
e.claim(ln + 1, "output row 2 (batch 1)", ["1.6404574", "0"], O.row(1))
e.claim(ln + 3, "output row 1 (batch 2)", ["1.3595425", "0"], O.row(0))
e.claim(ln + 4, "output row 2 (batch 2)", ["1.6404574", "0"], O.row(1))

# step by step: inputs echoed
for name in ("q = tf.constant(", "k = tf.constant(", "v = tf.constant("):
    e.given(L(name, after=L("第一步")), name[0] + " input")
for label, mat, anchor in (("q", q, "[[[0. 1. 0.]"), ("k", k, "[[[1. 2. 0.]"), ("v", v, "[[[1. 0.]")):
    ln = L(anchor)
    for b, off in ((1, 0), (2, 3)):
        for r in range(mat.rows):
            e.claim(ln + off + r, f"printed {label} batch {b} row {r + 1}", nums(ln + off + r, mat.cols), mat.row(r))

# LaTeX q, k, v without the batch
ln = L("q=\\begin{bmatrix}", 1)
e.claim(ln + 1, "q row 1 (LaTeX)", ["0", "1", "0"], q.row(0))
e.claim(ln + 2, "q row 2 (LaTeX)", ["0", "0", "1"], q.row(1))
e.claim(ln + 5, "k row 1 (LaTeX)", ["1", "2", "0"], k.row(0))
e.claim(ln + 6, "k row 2 (LaTeX)", ["0", "1", "1"], k.row(1))
e.claim(ln + 9, "v row 1 (LaTeX; code v row 1 is [1, 0])", ["2", "1"], v.row(0))
e.claim(ln + 10, "v row 2 (LaTeX; code v row 2 is [2, 0])", ["0", "1"], v.row(1))

# matmul_qk
ln = L("[[[2. 1.]")
e.claim(ln, "q k^T row 1 (batch 1)", ["2", "1"], S.row(0))
e.claim(ln + 1, "q k^T row 2 (batch 1)", ["0", "1"], S.row(1))
e.claim(ln + 3, "q k^T row 1 (batch 2)", ["2", "1"], S.row(0))
e.claim(ln + 4, "q k^T row 2 (batch 2)", ["0", "1"], S.row(1))
ln = L("qk^T=\\begin{bmatrix}")
e.claim(ln + 1, "q row 1 again", ["0", "1", "0"], q.row(0))
e.claim(ln + 2, "q row 2 again", ["0", "0", "1"], q.row(1))
e.claim(ln + 5, "k row 1 again", ["1", "2", "0"], k.row(0))
e.claim(ln + 6, "k row 2 again", ["0", "1", "1"], k.row(1))
e.claim(ln + 9, "q row 1 again", ["0", "1", "0"], q.row(0))
e.claim(ln + 10, "q row 2 again", ["0", "0", "1"], q.row(1))
e.claim(ln + 13, "k^T row 1", ["1", "0"], k.T.row(0))
e.claim(ln + 14, "k^T row 2", ["2", "1"], k.T.row(1))
e.claim(ln + 15, "k^T row 3", ["0", "1"], k.T.row(2))
e.claim(ln + 18, "q k^T row 1", ["2", "1"], S.row(0))
e.claim(ln + 19, "q k^T row 2", ["0", "1"], S.row(1))

# scaling
e.claim(L("dk = tf.Tensor(3.0"), "d_k", ["3.0"], [3])
ln = L("[[[1.1547005  0.57735026]")
e.claim(ln, "scaled row 1 (batch 1)", ["1.1547005", "0.57735026"], Ssc.row(0))
e.claim(ln + 1, "scaled row 2 (batch 1)", ["0", "0.57735026"], Ssc.row(1))
e.claim(ln + 3, "scaled row 1 (batch 2)", ["1.1547005", "0.57735026"], Ssc.row(0))
e.claim(ln + 4, "scaled row 2 (batch 2)", ["0", "0.57735026"], Ssc.row(1))
ln = L("\\frac{qk^T}{\\sqrt{d_k}}=\\frac")
e.claim(ln + 2, "q k^T row 1 (scaling display)", ["2", "1"], S.row(0))
e.claim(ln + 3, "q k^T row 2 (scaling display)", ["0", "1"], S.row(1))
e.claim(ln + 5, "sqrt(d_k) argument", ["3"], [3])
e.claim(ln + 7, "scaled row 1 (LaTeX)", ["1.1547005", "0.57735026"], Ssc.row(0))
e.claim(ln + 8, "scaled row 2 (LaTeX)", ["0", "0.57735026"], Ssc.row(1))

# softmax
ln = L("attention_weights = tf.Tensor(")
e.claim(ln + 1, "weights row 1 (batch 1)", ["0.64045745", "0.35954252"], A.row(0))
e.claim(ln + 2, "weights row 2 (batch 1)", ["0.35954252", "0.64045745"], A.row(1))
e.claim(ln + 4, "weights row 1 (batch 2)", ["0.64045745", "0.35954252"], A.row(0))
e.claim(ln + 5, "weights row 2 (batch 2)", ["0.35954252", "0.64045745"], A.row(1))
for nth in (1, 2):
    top = L("{\\begin{bmatrix}", 1, after=L("\\text{attention_weights}&=") if nth == 1 else L("z&=\\text{softmax}"))
    e.claim(top + 1, "q k^T row 1 (softmax display)", ["2", "1"], S.row(0))
    e.claim(top + 2, "q k^T row 2 (softmax display)", ["0", "1"], S.row(1))
    e.claim(top + 4, "sqrt(d_k) argument", ["3"], [3])
for nth in (1, 2):
    ln = L("&=\\text{softmax}\\begin{pmatrix}", nth)
    e.claim(ln + 1, "scaled row 1 (softmax display)", ["1.1547005", "0.57735026"], Ssc.row(0))
    e.claim(ln + 2, "scaled row 2 (softmax display)", ["0", "0.57735026"], Ssc.row(1))
for nth in (1, 2):
    ln = L("\\frac{\\text{exp}(1.1547005)}", nth)
    e.claim(ln, "scores inside the softmax fractions, row 1", ["1.1547005", "0.5773502"], Ssc.row(0))
    e.claim(ln + 1, "scores inside the softmax fractions, row 2", ["0", "0.5773502"], Ssc.row(1))
for nth in (1, 2):
    ln = L("0.64045745 & 0.35954252\\\\", nth)
    e.claim(ln, "weights row 1 (LaTeX)", ["0.64045745", "0.35954252"], A.row(0))
    e.claim(ln + 1, "weights row 2 (LaTeX)", ["0.35954252", "0.64045745"], A.row(1))

# output
ln = L("output = tf.Tensor(")
e.claim(ln + 1, "output row 1 (batch 1)", ["1.3595425", "0"], O.row(0))
e.claim(ln + 2, "output row 2 (batch 1)", ["1.6404574", "0"], O.row(1))
e.claim(ln + 4, "output row 1 (batch 2)", ["1.3595425", "0"], O.row(0))
e.claim(ln + 5, "output row 2 (batch 2)", ["1.6404574", "0"], O.row(1))
start = L("z&=\\text{softmax}")
for nth in (1, 2, 3):
    ln = L("1 & 0\\\\", nth, after=start)
    e.claim(ln, "v row 1 (hand check)", ["1", "0"], v.row(0))
    e.claim(ln + 1, "v row 2 (hand check)", ["2", "0"], v.row(1))
ln = L("1.3595425 & 0\\\\")
e.claim(ln, "output row 1 (LaTeX)", ["1.3595425", "0"], O.row(0))
e.claim(ln + 1, "output row 2 (LaTeX)", ["1.6404574", "0"], O.row(1))
e.claim(L("z_1&=\\begin{bmatrix}") + 1, "z_1", ["1.3595425", "0"], O.row(0))
e.claim(L("z_2&=\\begin{bmatrix}") + 1, "z_2", ["1.6404574", "0"], O.row(1))
e.done()
