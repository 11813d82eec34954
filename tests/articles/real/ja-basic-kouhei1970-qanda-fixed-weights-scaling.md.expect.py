# Expected verdicts for ja-basic-kouhei1970-qanda-fixed-weights-scaling.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Q2: X = first three rows of I_4 (3 x 4); nn.Linear computes x W^T with W_q = I, W_k = 2I, W_v = the printed symmetric 4x4
#   band matrix, so Q = X, K = 2X, V = rows 1-3 of W_v.  Scores Q K^T / sqrt(4) = I_3 (exact); softmax of [1,0,0] gives
#   e/(e+2) = 0.576117 and 1/(e+2) = 0.211942 (printed 0.5761 / 0.2119, right); output = A V, e.g. row 1 =
#   [0.682088, 0.605971, 0.317912, 0.105971] -> printed 0.6821 0.6060 0.3179 0.1060 (right).  Row sums 1.0000 (right).
# Q4: scores [10,5,2,1]; softmax = [0.9928546, 0.0066898, 0.00033307, 0.00012253] (printed 4-significant and float32, right);
#   / sqrt(64) = 8 -> [1.25, 0.625, 0.25, 0.125], softmax [0.448875, 0.240265, 0.165132, 0.145728] (right).
#   Prose: e^10 = 22026.47 (22026 right), e^1 = 2.718 (2.7 right), ratio e^9 = 8103.08 printed "約8000倍" (ambiguous: an
#   order-of-magnitude "about"); e^1.25 = 3.490 (3.5 right), e^0.125 = 1.133 (1.1 right), ratio e^1.125 = 3.08 "約3倍" (right
#   as a rounded integer).
# Wrong lines: none.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ja", topics=["basic", "printed-output", "scaling", "softmax", "notebook", "prose-arithmetic"])
NUM = re.compile(r"-?\d+\.\d*(?:e[-+]?\d+)?|-?\d+")


def eq(text, after=0):
    for i, t in enumerate(e.lines[after:], start=after + 1):
        if t.strip() == text:
            return i
    raise SystemExit(f"no line equal to {text!r}")


def tensor_nums(ln):
    t = e.lines[ln - 1]
    t = t.split("grad_fn")[0]
    t = t[t.index("["):]
    return [s.rstrip(".") for s in NUM.findall(t)]


X = M([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0]])
Wq = sp.eye(4)
Wk = 2 * sp.eye(4)
Wv = M([["1.0", "0.5", "0.0", "0.0"], ["0.5", "1.0", "0.5", "0.0"], ["0.0", "0.5", "1.0", "0.5"], ["0.0", "0.0", "0.5", "1.0"]])
Q = X * Wq.T
K = X * Wk.T
V = X * Wv.T
S = Q * K.T / sp.sqrt(4)
A = softmax_rows(S)
O = A * V

# code inputs
for tag in ("# 単語1", "# 単語2", "# 単語3"):
    e.given(e.line(tag), f"X row {tag[-1]}")
e.given(e.line("W_k.weight.copy_(torch.eye(d_model) * 2)"), "W_k = 2 I")
for needle in ("[1.0, 0.5, 0.0, 0.0],", "[0.5, 1.0, 0.5, 0.0],", "[0.0, 0.5, 1.0, 0.5],", "[0.0, 0.0, 0.5, 1.0],"):
    e.given(e.line(needle), "W_v row")

# printed X (twice) and shape
L0 = eq("入力 X:")
for i in range(3):
    e.claim(L0 + 1 + i, f"X row {i + 1} printed", tensor_nums(L0 + 1 + i), list(X.row(i)))
for i in range(3):
    e.claim(L0 + 4 + i, f"X row {i + 1} printed (batched)", tensor_nums(L0 + 4 + i), list(X.row(i)))
e.claim(e.line("形状: torch.Size([1, 3, 4])"), "shape of X", ["1", "3", "4"], [1, 3, 4])

for title, mat, what in (("Query (Q) - 探索用の表現:", Q, "Q"), ("Key (K) - マッチング用の表現:", K, "K"),
                         ("Value (V) - 取り出す情報:", V, "V")):
    L0 = eq(title)
    for i in range(3):
        e.claim(L0 + 1 + i, f"{what} row {i + 1}", tensor_nums(L0 + 1 + i), list(mat.row(i)))
L = e.line("- Kはマッチング用にスケール調整（×2）", after=e.line("【観察】", 2))
e.claim(L, "K = 2 x Q (output line)", ["2"], [K[0, 0] / Q[0, 0]])

L0 = eq("Attention Scores (Q × K^T / √d):", after=eq("Value (V) - 取り出す情報:"))
for i in range(3):
    e.claim(L0 + 1 + i, f"scaled scores row {i + 1}", tensor_nums(L0 + 1 + i), list(S.row(i)))
L0 = eq("Attention Weights (softmax適用後):")
for i in range(3):
    e.claim(L0 + 1 + i, f"weights row {i + 1}", tensor_nums(L0 + 1 + i), list(A.row(i)))
L = e.line("各行の合計: tensor(")
e.claim(L, "row sums", tensor_nums(L), [sum(A.row(i)) for i in range(3)])
L0 = eq("最終出力 (Attention Weights × Value):")
for i in range(3):
    e.claim(L0 + 1 + i, f"output row {i + 1}", tensor_nums(L0 + 1 + i), list(O.row(i)))

# Q4
s = M([[10, 5, 2, 1]])
e.given(e.line("scores = torch.tensor([[10.0, 5.0, 2.0, 1.0]])"), "scores")
L = e.line("tensor([[10.,  5.,  2.,  1.]])")
e.claim(L, "scores printed", tensor_nums(L), list(s.row(0)))
w1 = softmax_rows(s)
L = e.line("tensor([[9.9285e-01")
e.claim(L, "softmax unscaled", tensor_nums(L), list(w1.row(0)))
L = e.line("最大値の位置への重み: 0.992855")
e.claim(L, "max weight unscaled", ["0.992855"], [w1[0, 0]])
L = e.line("最小値の位置への重み: 0.000123")
e.claim(L, "min weight unscaled", ["0.000123"], [w1[0, 3]])
e.given(e.line("d_k = 64"), "d_k")
L = e.line("スケーリング後のスコア (÷√64 = ÷8):")
e.claim(L, "sqrt(64)", ["64", "8"], [64, sp.sqrt(64)])
s2 = s / sp.sqrt(64)
L = e.line("tensor([[1.2500")
e.claim(L, "scaled scores", tensor_nums(L), list(s2.row(0)))
w2 = softmax_rows(s2)
L = e.line("tensor([[0.4489")
e.claim(L, "softmax scaled", tensor_nums(L), list(w2.row(0)))
e.claim(e.line("最大値の位置への重み: 0.448875"), "max weight scaled", ["0.448875"], [w2[0, 0]])
e.claim(e.line("最小値の位置への重み: 0.145728"), "min weight scaled", ["0.145728"], [w2[0, 3]])
L = e.line("スケーリングなし: [[9.9285465e-01")
e.claim(L, "float32 print unscaled", ["9.9285465e-01", "6.6898018e-03", "3.3306563e-04", "1.2252800e-04"], list(w1.row(0)))
L = e.line("スケーリングあり: [[0.44887468")
e.claim(L, "float32 print scaled", ["0.44887468", "0.24026531", "0.16513178", "0.14572828"], list(w2.row(0)))

# prose examples
L = e.line("$e^{10} \\approx 22026$")
e.claim(L, "e^10 and e^1", ["22026", "2.7"], [sp.exp(10), sp.E], rounded_int=True)
e.ambiguous(L, "'約8000倍' for e^10 / e^1 = e^9 = 8103.08: an 'about' rounded to one significant figure, not a stated precision")
L = e.line("$e^{1.25} \\approx 3.5$")
e.claim(L, "e^1.25 and e^0.125", ["3.5", "1.1"], [sp.exp(R(5, 4)), sp.exp(R(1, 8))])
e.claim(L, "ratio e^1.125 ('約3倍')", ["3"], [sp.exp(R(9, 8))], rounded_int=True)
e.done()
