# Expected verdicts for ko-basic-ratsgo-nlpbook-self-attention-three-queries.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (수식1, 수식3-8, 코드1): X = [[1,0,1,0],[0,2,0,2],[1,1,1,1]], W_Q, W_K, W_V as printed; d_K = 3.
# Q = [[1,0,2],[2,2,2],[2,1,3]], K = [[0,1,1],[4,4,0],[2,3,1]], V = [[1,2,3],[2,8,0],[2,6,3]];
# Q K^T = [[2,4,4],[4,16,12],[4,12,10]]; softmax(QK^T/sqrt3) rows = [0.136126, 0.431937, 0.431937],
# [0.000890448, 0.908843, 0.0902669], [0.00744489, 0.754708, 0.237848]; outputs = [1.86387, 6.31937, 1.70419],
# [1.99911, 7.81412, 0.273472], [1.99256, 7.47964, 0.735877] -- every printed 5-place weight and 4-place output agrees.
# One slip: 수식12 restates the first weight as 0.13163 (digits swapped from 0.13613 of 수식11); the product on the
# same line is still right, so only the weight claim is wrong.
# Multi-head sizes: 2 words, d_v = 3, 8 heads -> 2x3 per head, 2x24 concatenated, W^O 24x4 for a 4-dim target, final
# output 2x4: the closing "3차원짜리 벡터" contradicts the 4-dim target set two sentences earlier (slip).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ko", topics=["basic", "scaling", "softmax", "output", "multi-head"])
X = M([[1, 0, 1, 0], [0, 2, 0, 2], [1, 1, 1, 1]])
WQ = M([[1, 0, 1], [1, 0, 0], [0, 0, 1], [0, 1, 1]])
WK = M([[0, 0, 1], [1, 1, 0], [0, 1, 0], [1, 1, 0]])
WV = M([[0, 2, 0], [0, 3, 0], [1, 0, 3], [1, 1, 0]])
Q, K, V = X * WQ, X * WK, X * WV
S = Q * K.T
dk = 3
P = softmax_rows(S / sp.sqrt(dk))
O = P * V
fl = lambda m: [m[i, j] for i in range(m.rows) for j in range(m.cols)]
s = lambda xs: [str(x) for x in xs]

e.given(e.line("단어 임베딩 차원수($d$)를 4"), "d = 4, 3 words")
e.claim(e.line("모두 9개의 벡터가"), "3 vectors each of Q, K, V = 9", ["3", "9"], [3, 3 * 3])
e.given(e.line("\\mathbf{X}=\\begin{bmatrix} 1 & 0 & 1 & 0"), "X")
e.claim(e.line("\\begin{bmatrix} 1 & 0 & 1 & 0 \\end{bmatrix}\\times"), "query of X_1 (W_Q given)",
        ["1", "0", "2"], list(Q.row(0)))
e.claim(e.line("\\begin{bmatrix} 0 & 2 & 0 & 2 \\end{bmatrix}\\times"), "query of X_2", ["2", "2", "2"], list(Q.row(1)))
e.claim(e.line("\\begin{bmatrix} 1 & 1 & 1 & 1 \\end{bmatrix}\\times"), "query of X_3", ["2", "1", "3"], list(Q.row(2)))
L6 = e.line("=\\begin{bmatrix} 1 & 0 & 2 \\\\\\\\ 2 & 2 & 2 \\\\\\\\ 2 & 1 & 3 \\end{bmatrix}")
e.claim(L6, "Q = X W_Q", s(fl(Q)), fl(Q))
L7 = e.line("=\\begin{bmatrix} 0 & 1 & 1 \\\\\\\\ 4 & 4 & 0 \\\\\\\\ 2 & 3 & 1 \\end{bmatrix}")
e.claim(L7, "K = X W_K", s(fl(K)), fl(K))
L8 = e.line("=\\begin{bmatrix} 1 & 2 & 3 \\\\\\\\ 2 & 8 & 0 \\\\\\\\ 2 & 6 & 3 \\end{bmatrix}")
e.claim(L8, "V = X W_V", s(fl(V)), fl(V))

# query 1
L10 = e.line("\\begin{bmatrix} 1 & 0 & 2 \\end{bmatrix}\\times")
e.claim(L10, "K^T", s(fl(K.T)), fl(K.T))
e.claim(L10, "q1 K^T", ["2", "4", "4"], list(S.row(0)))
e.claim(e.line("첫 원소(2)에는"), "q1 K^T restated", ["2", "4", "4"], list(S.row(0)))
for n in range(3):
    e.given(e.line("($d_{\\text{K}}=3$)", n + 1), "d_K = 3")
e.claim(e.line("= [ 0.13613, 0.43194, 0.43194 ]"), "softmax row 1", ["2", "4", "4", "0.13613", "0.43194", "0.43194"],
        list(S.row(0)) + list(P.row(0)))
e.claim(e.line("$0.13613 * [1, 2, 3] + 0.43194"), "weights and values restated",
        ["0.13613", "0.43194", "0.43194"] + s(fl(V)), list(P.row(0)) + fl(V))
L12 = e.line("\\begin{bmatrix} 0.13163 & 0.43194")
e.claim(L12, "weights restated (0.13163: digits of 0.13613 swapped)", ["0.13163", "0.43194", "0.43194"],
        list(P.row(0)), cause="slip")
e.claim(L12, "output row 1", ["1.8639", "6.3194", "1.7042"], list(O.row(0)))

# query 2
e.claim(e.line("첫 원소(4)는 두번째 쿼리"), "q2 K^T restated", ["4", "16", "12"], list(S.row(1)))
L13 = e.line("\\begin{bmatrix} 2 & 2 & 2 \\end{bmatrix}\\times")
e.claim(L13, "K^T", s(fl(K.T)), fl(K.T))
e.claim(L13, "q2 K^T", ["4", "16", "12"], list(S.row(1)))
e.claim(e.line("= [ 0.00089, 0.90884, 0.09027 ]"), "softmax row 2", ["4", "16", "12", "0.00089", "0.90884", "0.09027"],
        list(S.row(1)) + list(P.row(1)))
L15 = e.line("\\begin{bmatrix} 0.00089 & 0.90884")
e.claim(L15, "weights restated", ["0.00089", "0.90884", "0.09027"], list(P.row(1)))
e.claim(L15, "output row 2", ["1.9991", "7.8141", "0.2735"], list(O.row(1)))

# query 3
e.claim(e.line("첫 원소(4)는 세번째 쿼리"), "q3 K^T restated", ["4", "12", "10"], list(S.row(2)))
L16 = e.line("\\begin{bmatrix} 2 & 1 & 3 \\end{bmatrix}\\times")
e.claim(L16, "K^T", s(fl(K.T)), fl(K.T))
e.claim(L16, "q3 K^T", ["4", "12", "10"], list(S.row(2)))
e.claim(e.line("= [ 0.00744, 0.75471, 0.23785 ]"), "softmax row 3", ["4", "12", "10", "0.00744", "0.75471", "0.23785"],
        list(S.row(2)) + list(P.row(2)))
L18 = e.line("\\begin{bmatrix} 0.00744 & 0.75471")
e.claim(L18, "weights restated", ["0.00744", "0.75471", "0.23785"], list(P.row(2)))
e.claim(L18, "output row 3", ["1.9926", "7.4796", "0.7359"], list(O.row(2)))

# PyTorch part: code 1 restates the inputs, then three printed tensors
for lab in ("[1.0, 0.0, 1.0, 0.0],", "[0.0, 2.0, 0.0, 2.0],", "[1.0, 1.0, 1.0, 1.0],"):
    e.given(e.line(lab), "x row")
e.given(e.line("w_query = torch.tensor(["), "W_Q follows")
L = e.line("tensor([[ 2.,  4.,  4.],")
e.rows([L, L + 1, L + 2], "attn_scores", [["2", "4", "4"], ["4", "16", "12"], ["4", "12", "10"]], S)
L = e.line("tensor([[1.3613e-01")
e.rows([L, L + 1, L + 2], "attn_scores_softmax",
       [["1.3613e-01", "4.3194e-01", "4.3194e-01"], ["8.9045e-04", "9.0884e-01", "9.0267e-02"],
        ["7.4449e-03", "7.5471e-01", "2.3785e-01"]], P)
L = e.line("tensor([[1.8639, 6.3194, 1.7042],")
e.rows([L, L + 1, L + 2], "weighted_values",
       [["1.8639", "6.3194", "1.7042"], ["1.9991", "7.8141", "0.2735"], ["1.9926", "7.4796", "0.7359"]], O)

# multi-head sizes
words, dv, heads, target = 2, 3, 8, 4
Lmh = e.line("입력 단어 2개, 밸류 차원수 3, 헤드 8개")
e.given(Lmh, "2 words, value dim 3, 8 heads")
e.claim(Lmh, "per-head output shape words x d_v", ["2", "3"], [words, dv])
e.claim(Lmh, "concatenated shape words x (heads*d_v)", ["2", "24"], [words, heads * dv])
e.claim(e.line("$\\mathbf{W}^O$는 $24 \\times 4$"), "W^O shape for a 4-dim target", ["4", "24", "4"],
        [target, heads * dv, target])
e.claim(e.line("3차원짜리 벡터가 최종 결과로"), "final per-word output size (target dim is 4)", ["3"], [target], cause="slip")
e.done()
