# Expected verdicts for zh-mha-henyan224-two-head-cat-sit.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article: the multi-head half of a Chinese blog post (the positional-encoding half is left out).  A two-head
#   example worked by hand, d_model = 4, h = 2, d_k = 2, for the tokens 猫, 坐, with scaled dot-product attention per head,
#   the concatenation of the heads, then the parameter count 3d^2 vs 4d^2 for d_model = 512, h = 8, and the head-count
#   ablation table (d_k = 512 / h).
# Inputs: X = [[1, 0, 1, 1], [0, 1, 1, 0]]; head 1: W1Q = [[1,0],[0,1],[1,0],[0,0]], W1K = [[0,1],[1,0],[0,1],[1,0]],
#   W1V = [[1,1],[0,0],[1,0],[0,1]]; head 2: W2Q = [[0,1],[1,0],[0,0],[1,1]], W2K = [[1,0],[0,0],[1,1],[0,1]],
#   W2V = [[0,1],[1,0],[0,1],[1,0]]; W^O is never given, so no output is printed.
# Exact values: Q1 = [[2,0],[1,1]], K1 = [[1,2],[1,1]], V1 = [[2,2],[1,0]], S1 = [[2,2],[3,2]], S1/sqrt2 =
#   [[1.41421, 1.41421], [2.12132, 1.41421]], A1 = [[1/2, 1/2], [0.669762, 0.330238]], head1 = [[1.5, 1], [1.669762,
#   1.339524]];  Q2 = [[1,2],[1,0]], K2 = [[2,2],[1,1]], V2 = [[1,2],[1,1]], S2 = [[6,3],[2,1]], S2/sqrt2 = [[4.24264,
#   2.12132], [1.41421, 0.707107]], A2 = [[0.892952, 0.107048], [0.669762, 0.330238]], head2 = [[1, 1.892952], [1, 1.669762]].
#   Every matrix, weight, percentage and head output printed agrees at its printed places.
# Ambiguous lines (4): the softmax worksheets exponentiate the 2-place scores: e^1.41 = 4.096 -> 4.10 (e^sqrt2 = 4.1133 ->
#   4.11), e^2.12 = 8.331 -> 8.33 (e^(3/sqrt2) = 8.3422 -> 8.34), e^4.24 = 69.41 -> 69.4 (e^(6/sqrt2) = 69.59 -> 69.6), and the
#   sums 8.20, 12.43, 77.7, 6.13 (exact 8.2265, 12.4555, 77.93, 6.1414): right as written from the rounded operands, wrong
#   end to end, so ambiguous (explicit arithmetic on rounded operands); the weights those lines end with are right.
# Parameters: 512/8 = 64, 3*512^2 = 786,432, 4*512^2 = 1,048,576, W^O adds d^2 / 3d^2 = 33%: all right.  The BLEU drop
#   "约 0.9" for h = 1 is a result quoted from the paper, not computable here (noted; that row's d_k = 512 is right).
# No wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["mha", "multi-head", "concat", "parameters", "by-hand", "latex"])
L = e.line

X = M([[1, 0, 1, 1], [0, 1, 1, 0]])
W1Q, W1K, W1V = M([[1, 0], [0, 1], [1, 0], [0, 0]]), M([[0, 1], [1, 0], [0, 1], [1, 0]]), M([[1, 1], [0, 0], [1, 0], [0, 1]])
W2Q, W2K, W2V = M([[0, 1], [1, 0], [0, 0], [1, 1]]), M([[1, 0], [0, 0], [1, 1], [0, 1]]), M([[0, 1], [1, 0], [0, 1], [1, 0]])


def softmax_rows(S):
    out = sp.zeros(*S.shape)
    for i in range(S.rows):
        den = sum(sp.exp(S[i, k]) for k in range(S.cols))
        for j in range(S.cols):
            out[i, j] = sp.exp(S[i, j]) / den
    return out


Q1, K1, V1 = X * W1Q, X * W1K, X * W1V
Q2, K2, V2 = X * W2Q, X * W2K, X * W2V
S1, S2 = Q1 * K1.T, Q2 * K2.T
T1, T2 = S1 / sp.sqrt(2), S2 / sp.sqrt(2)
A1, A2 = softmax_rows(T1), softmax_rows(T2)
H1, H2 = A1 * V1, A2 * V2
C = H1.row_join(H2)


def flat(m):
    return [m[i, j] for i in range(m.rows) for j in range(m.cols)]


def strs(m):
    return [str(v) for v in flat(m)]


# --- set-up -------------------------------------------------------------------------------
e.given(L("8 个评委（8 头）"), "analogy: 8 reviewers = 8 heads")
e.given(L("d_model = 4（简化为 4 维"), "d_model = 4")
e.given(L("h = 2（2 个头）"), "h = 2")
e.claim(L("d_k = d_v = d_model / h = 2"), "d_k = 4 / 2", ["2"], [R(4, 2)])
e.given(L("X = \\begin{bmatrix} 1 & 0 & 1 & 1"), "X (2 x 4)")
e.given(L("其中“猫”对应第一行"), "rows of X restated")
e.given(L("都是 $4 \\times 2$"), "weight shape 4 x 2")
for name in ("W_1^Q = ", "W_1^K = ", "W_1^V = ", "W_2^Q = ", "W_2^K = ", "W_2^V = "):
    e.given(L(name), name.strip(" ="))
e.given(L("同样是 $4 \\times 2$"), "weight shape 4 x 2")

# --- projections ----------------------------------------------------------------------------
for lab, m in (("Q_1 = X", Q1), ("K_1 = X", K1), ("V_1 = X", V1), ("Q_2 = X", Q2), ("K_2 = X", K2), ("V_2 = X", V2)):
    e.claim(L(lab), f"{lab[:3]} = X W", strs(m), flat(m))

# --- head 1 ------------------------------------------------------------------------------------
ln = L("Q_1 K_1^T = ")
e.claim(ln, "K1^T and Q1 K1^T", strs(K1.T) + strs(S1), flat(K1.T) + flat(S1))
e.claim(L("\\div \\sqrt{d_k} = \\sqrt{2} \\approx 1.41"), "sqrt 2", ["1.41"], [sp.sqrt(2)])
e.claim(L("\\frac{Q_1 K_1^T}{\\sqrt{2}}"), "S1 / sqrt2", ["1.41", "1.41", "2.12", "1.41"], flat(T1))
e.ambiguous(L("第一行 [1.41, 1.41]"), "e^1.41 ≈ 4.10 and the sum 8.20 are right from the 2-place score 1.41, but "
            "e^sqrt2 = 4.1133 -> 4.11 and 2 e^sqrt2 = 8.2265 -> 8.23 end to end (arithmetic on rounded operands); "
            "the weights [0.50, 0.50] are right")
e.ambiguous(L("第二行 [2.12, 1.41]"), "e^2.12 ≈ 8.33, e^1.41 ≈ 4.10 and the sum 12.43 are right from the rounded scores, "
            "but e^(3/sqrt2) = 8.3422, e^sqrt2 = 4.1133, sum 12.4555 -> 8.34, 4.11, 12.46 end to end (arithmetic on rounded "
            "operands); the weights [0.67, 0.33] are right")
e.claim(L("A_1 = \\begin{bmatrix}"), "A1", ["0.50", "0.50", "0.67", "0.33"], flat(A1))
e.claim(L("\\text{head}_1 = \\begin{bmatrix}"), "A1, V1 and head1 = A1 V1",
        ["0.50", "0.50", "0.67", "0.33"] + strs(V1) + ["1.50", "1.00", "1.67", "1.34"], flat(A1) + flat(V1) + flat(H1))
e.claim(L("> **头 1 的分布**"), "head-1 weights in percent", ["50%", "67%", "33%"], [A1[0, 0], A1[1, 0], A1[1, 1]])

# --- head 2 ------------------------------------------------------------------------------------
ln = L("Q_2 K_2^T = ")
e.claim(ln, "K2^T and Q2 K2^T", strs(K2.T) + strs(S2), flat(K2.T) + flat(S2))
e.given(L("**缩放**（$\\div \\sqrt{2}$）"), "scale by sqrt(d_k), d_k = 2")
e.claim(L("\\frac{Q_2 K_2^T}{\\sqrt{2}}"), "S2 / sqrt2", ["4.24", "2.12", "1.41", "0.71"], flat(T2))
e.ambiguous(L("第一行 [4.24, 2.12]"), "e^4.24 ≈ 69.4, e^2.12 ≈ 8.33 and the sum 77.7 are right from the 2-place scores, "
            "but e^(6/sqrt2) = 69.59, e^(3/sqrt2) = 8.342, sum 77.93 -> 69.6, 8.34, 77.9 end to end (arithmetic on "
            "rounded operands); the weights [0.89, 0.11] are right")
e.ambiguous(L("第二行 [1.41, 0.71]"), "e^1.41 ≈ 4.10 and the sum 6.13 are right from the 2-place scores, but e^sqrt2 = "
            "4.1133 and e^sqrt2 + e^(1/sqrt2) = 6.1414 -> 4.11, 6.14 end to end (arithmetic on rounded operands); "
            "e^0.71 ≈ 2.03 and the weights [0.67, 0.33] are right")
e.claim(L("A_2 = \\begin{bmatrix}"), "A2", ["0.89", "0.11", "0.67", "0.33"], flat(A2))
e.claim(L("\\text{head}_2 = \\begin{bmatrix}"), "A2, V2 and head2 = A2 V2",
        ["0.89", "0.11", "0.67", "0.33"] + strs(V2) + ["1.00", "1.89", "1.00", "1.67"], flat(A2) + flat(V2) + flat(H2))
e.claim(L("> **头 2 的分布**"), "head-2 weights in percent", ["89%", "11%"], [A2[0, 0], A2[0, 1]])

# --- comparison table, concat, projection ------------------------------------------------------------
e.claim(L("\"猫\"        0.50  0.50"), "row 猫 of A1 and A2", ["0.50", "0.50", "0.89", "0.11"],
        [A1[0, 0], A1[0, 1], A2[0, 0], A2[0, 1]])
e.claim(L("\"坐\"        0.67  0.33"), "row 坐 of A1 and A2", ["0.67", "0.33", "0.67", "0.33"],
        [A1[1, 0], A1[1, 1], A2[1, 0], A2[1, 1]])
e.claim(L("\\text{Concat} = [\\text{head}_1 ; \\text{head}_2]"), "concat(head1, head2) and its shape",
        ["1.50", "1.00", "1.00", "1.89", "1.67", "1.34", "1.00", "1.67", "2", "4"], flat(C) + [C.rows, C.cols])
e.claim(L("每个头给出 2 维"), "2 heads x 2 dims = 4", ["2", "2", "4"], [2, 2, 4])
e.given(L("最后再乘一个 $4 \\times 4$"), "W^O shape 4 x 4")
e.claim(L("\\text{Output} = \\text{Concat} \\cdot W^O"), "output shape", ["2", "4"], [C.rows, 4])

# --- parameter count -------------------------------------------------------------------------------
e.given(L("常有人以为 8 个头就要 8 倍参数"), "the misconception being refuted")
e.given(L("W_Q: (d \\times d), \\quad W_K"), "symbolic: three d x d matrices, 3d^2")
e.given(L("\\text{每头}: W_i^Q"), "symbolic per-head shapes")
e.given(L("\\text{每头参数} = 3"), "symbolic: 3 d d/h")
e.given(L("\\text{h 个头总参数}"), "symbolic: h * 3d^2/h = 3d^2")
e.given(L("另外还有输出矩阵"), "symbolic: W^O has d^2")
e.claim(L("\\text{多头总参数} = 3d^2 + d^2 = 4d^2"), "3 + 1 = 4 (coefficient of d^2)", ["4"], [3 + 1])
e.given(L("| $d_{model}$ | 512 |"), "d_model = 512")
e.given(L("| $h$（头数） | 8 |"), "h = 8")
e.claim(L("| $d_k = d_v$ | 512 / 8 = 64 |"), "d_k = 512 / 8", ["64"], [R(512, 8)])
number_claim(e, L("| 单头参数量 |"), "3 * 512^2", "786,432", 3 * 512**2)
number_claim(e, L("| 多头参数量 |"), "4 * 512^2", "1,048,576", 4 * 512**2)
e.claim(L("大约多了 **33%**"), "W^O share d^2 / 3d^2", ["33%"], [R(1, 3)])
e.claim(L("> **一句话**"), "W^O share d^2 / 3d^2", ["33%"], [R(1, 3)])
e.given(L("# PyTorch 中，不管 num_heads"), "symbolic remark 4d^2")
e.given(L("num_heads=8)   # 4d²"), "code: embed_dim 512, 8 heads")
e.given(L("num_heads=1)   # 也是 4d²"), "code: embed_dim 512, 1 head")
e.given(L("所以按实际代码比较"), "symbolic remark 3d^2 vs 4d^2")

# --- head-count ablation -------------------------------------------------------------------------
ln = L("| 1 | 512 | 降低约 0.9 |")
e.claim(ln, "d_k = 512 / 1", ["512"], [512])
e.ambiguous(ln, "the BLEU drop 0.9 for h = 1 is quoted from the paper's Table 3, not computable from the article")
for row, h, dk in (("| 4 | 128 |", 4, "128"), ("| **8** | **64** |", 8, "64"), ("| 16 | 32 |", 16, "32"),
                   ("| 32 | 16 |", 32, "16")):
    e.claim(L(row), f"d_k = 512 / {h}", [dk], [R(512, h)])
e.given(L("头太少（h=1）"), "h = 1")
e.claim(L("头太多（h=32）"), "d_k = 512 / 32", ["16"], [R(512, 32)])
e.given(L("**h=8 最合适**"), "h = 8")
e.done()
