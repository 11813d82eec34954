# Expected verdicts for en-mha-pomagrenate-cat-sleeps-two-heads.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article: a blog post on multi-head attention with a toy example worked by hand: "Cat sleeps", d_model = 4, h = 2,
#   d_k = 2, X = [[1, 2, 0, 0], [0, 0, 1, 2]]; head 1 keeps the first two columns (Q1 = K1 = V1 = [[1, 2], [0, 0]]),
#   head 2 the last two (Q2 = K2 = V2 = [[0, 0], [1, 2]]); scaled dot-product attention per head, then the concatenation
#   Z; W^O is never given.
# Exact values: S1 = Q1 K1^T = [[5, 0], [0, 0]], S1/sqrt2 = [[3.5355, 0], [0, 0]], A1 = [[0.971679, 0.028321], [1/2, 1/2]],
#   head1 = A1 V1 = [[0.971679, 1.943359], [1/2, 1]];  S2 = [[0, 0], [0, 5]], A2 = [[1/2, 1/2], [0.028321, 0.971679]],
#   head2 = A2 V2 = [[1/2, 1], [0.971679, 1.943359]].
# Head 1 (scores, 5/1.41 ≈ 3.5, weights 0.97/0.03 = 97%/3%, 0.5/0.5, output) is right throughout.
# Wrong lines (2):
# - Head_2 = [[0.00, 0.00], [0.97, 1.94]]: head 2 is not head 1 "inverted": "Cat" has a zero query, so its scores are
#   [0, 0] and its weights [0.5, 0.5], giving 0.5·[0, 0] + 0.5·[1, 2] = [0.50, 1.00], not [0.00, 0.00] (slip); the second
#   row is right.
# - Z = Concat(Head_1, Head_2) repeats that row: first row's last two entries 0.00, 0.00 for 0.50, 1.00 (carried).
# Given: the set-up sizes, X, the head projections (consistent with X), the illustrative "33% to each", the "7/10" review.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["mha", "multi-head", "concat", "by-hand", "latex"])
L = e.line

X = M([[1, 2, 0, 0], [0, 0, 1, 2]])
Q1 = X[:, 0:2]
Q2 = X[:, 2:4]
S1, S2 = Q1 * Q1.T, Q2 * Q2.T
A1, A2 = softmax_rows(S1 / sp.sqrt(2)), softmax_rows(S2 / sp.sqrt(2))
H1, H2 = A1 * Q1, A2 * Q2
Z = H1.row_join(H2)


def flat(m):
    return [m[i, j] for i in range(m.rows) for j in range(m.cols)]


e.given(L("(e.g., 33% to each)"), "illustrative even split")
e.given(L("7/10."), "a critic's rating in the analogy")
e.given(L("* **Sequence length:** 2"), "sequence length 2")
e.given(L("* **Embedding Dimension"), "d_model = 4")
e.given(L("* **Number of Heads"), "h = 2")
e.claim(L("$4 / 2 = 2$ dimensions"), "d_k = 4 / 2", ["2"], [R(4, 2)])
e.given(L("(size $2 \\times 4$):"), "X is 2 x 4")
e.given(L("$$X = \\begin{bmatrix} 1 & 2 & 0 & 0"), "X")
e.given(L("project it down to 2 dimensions per head"), "head width 2")
e.given(L("(size $2 \\times 2$):"), "Q1, K1, V1 are 2 x 2")
e.given(L("$$Q_1 = K_1 = V_1 = "), "head-1 projection = first two columns of X")
e.given(L("$$Q_2 = K_2 = V_2 = "), "head-2 projection = last two columns of X")

# head 1
e.claim(L("\\times \\begin{bmatrix} 1 & 0 \\\\ 2 & 0 \\end{bmatrix} = "), "K1^T and S1 = Q1 K1^T",
        ["1", "0", "2", "0", "5", "0", "0", "0"], flat(Q1.T) + flat(S1))
e.claim(L("scores itself at 5"), "S1 row 1", ["5", "0"], [S1[0, 0], S1[0, 1]])
ln = L("Since $d_k = 2 \\rightarrow \\sqrt{2} \\approx 1.41$")
e.claim(ln, "sqrt(d_k)", ["1.41"], [sp.sqrt(2)])
e.claim(L("5/1.41 & 0"), "S1 / sqrt2", ["3.5"], [S1[0, 0] / sp.sqrt(2)])
e.claim(L("* Row 1 (Cat):"), "A1 row 1 (and in percent)", ["0.97", "0.03", "97%", "3%"],
        [A1[0, 0], A1[0, 1], A1[0, 0], A1[0, 1]])
e.claim(L("* Row 2 (sleeps):"), "A1 row 2", ["0.5", "0.5"], [A1[1, 0], A1[1, 1]])
e.claim(L("\\text{Softmax}_1 = "), "A1", ["0.97", "0.03", "0.5", "0.5"], flat(A1))
e.claim(L("\\text{Head}_1 = "), "A1, V1 and Head_1 = A1 V1",
        ["0.97", "0.03", "0.5", "0.5", "1", "2", "0", "0", "0.97", "1.94", "0.50", "1.00"],
        flat(A1) + flat(Q1) + flat(H1))

# head 2
ln = L("\\text{Head}_2 = \\begin{bmatrix} 0.00 & 0.00")
e.claim(ln, "Head_2 row 1 = 0.5 [0, 0] + 0.5 [1, 2]", ["0.00", "0.00"], [H2[0, 0], H2[0, 1]], cause="slip")
e.claim(ln, "Head_2 row 2", ["0.97", "1.94"], [H2[1, 0], H2[1, 1]])

# concat
e.claim(L("* $Head_1$ dimensions are $2 \\times 2$."), "Head_1 shape", ["2", "2"], [H1.rows, H1.cols])
e.claim(L("* $Head_2$ dimensions are $2 \\times 2$."), "Head_2 shape", ["2", "2"], [H2.rows, H2.cols])
e.claim(L("Joining them gives a matrix $Z$ of size $2 \\times 4$"), "Z shape", ["2", "4"], [Z.rows, Z.cols])
ln = L("$$Z = \\text{Concat}")
e.claim(ln, "Z row 1, head-1 half", ["0.97", "1.94"], [Z[0, 0], Z[0, 1]])
e.claim(ln, "Z row 1, head-2 half (repeats Head_2 row 1)", ["0.00", "0.00"], [Z[0, 2], Z[0, 3]], cause="carried")
e.claim(ln, "Z row 2", ["0.50", "1.00", "0.97", "1.94"], [Z[1, 0], Z[1, 1], Z[1, 2], Z[1, 3]])
e.given(L("an output matrix $W^O$ (size $4 \\times 4$)"), "W^O is 4 x 4")
e.done()
