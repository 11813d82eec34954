# Expected verdicts for en-illustrated-self-attention-colab.md, computed with plain SymPy (see oracle.py); not symattn's code.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "no-scaling"])
X = M([[1, 0, 1, 0], [0, 2, 0, 2], [1, 1, 1, 1]])
WK = M([[0, 0, 1], [1, 1, 0], [0, 1, 0], [1, 1, 0]])
WQ = M([[1, 0, 1], [1, 0, 0], [0, 0, 1], [0, 1, 1]])
WV = M([[0, 2, 0], [0, 3, 0], [1, 0, 3], [1, 1, 0]])
K, Q, V = X * WK, X * WQ, X * WV
S = Q * K.T                       # the article says it uses plain dot-product scores (no scaling)
A = softmax_rows(S)
O = A * V


def strs(row):
    return [str(v) for v in row]


# inputs
L = e.line("x = [")
for i in range(3):
    e.given(L + 1 + i, f"x row {i+1}")
L = e.line("tensor([[1., 0., 1., 0.]")
for i in range(3):
    e.given(L + i, f"x printed row {i+1}")
for name in ("w_key = [", "w_query = [", "w_value = ["):
    L = e.line(name)
    for i in range(4):
        e.given(L + 1 + i, f"{name} row {i+1}")

# Step 3: plain-text products  X x W = result
for label, W, R_ in (("Obtaining the keys", WK, K), ("Obtaining the values", WV, V),
                     ("Obtaining the querys", WQ, Q)):
    L = e.line(label) + 2          # first line of the block: W row 1 only
    e.given(L, f"{label}: W row 1")
    for i in range(3):
        e.given(L + 1 + i, f"{label}: X row {i+1}, W row {i+2}")
        e.claim(L + 1 + i, f"{label}: result row {i+1}", strs(R_.row(i)), R_.row(i))

# printed keys / querys / values in comments
for label, R_ in (('print("Keys', K), ('print("Querys', Q), ('print("Values', V)):
    L = e.line(label)
    for i in range(3):
        e.claim(L + 1 + i, f"{label} comment row {i+1}", strs(R_.row(i)), R_.row(i))

# Step 4: scores of query 1
L = e.line("            [0, 4, 2]")
KT = K.T
e.claim(L, "K^T row 1", strs(KT.row(0)), KT.row(0))
e.claim(L + 1, "K^T row 2", strs(KT.row(1)), KT.row(1))
e.claim(L + 1, "scores of query 1", ["2", "4", "4"], S.row(0))
e.claim(L + 2, "K^T row 3", strs(KT.row(2)), KT.row(2))
L = e.line("# tensor([[ 2.,  4.,  4.]")
for i in range(3):
    e.claim(L + i, f"attn_scores comment row {i+1}", strs(S.row(i)), S.row(i))

# Step 5: softmax
e.claim(e.line("softmax([2, 4, 4]) ="), "softmax of [2,4,4]", ["0.0", "0.5", "0.5"], A.row(0))
sm = [["6.3379e-02", "4.6831e-01", "4.6831e-01"],
      ["6.0337e-06", "9.8201e-01", "1.7986e-02"],
      ["2.9539e-04", "8.8054e-01", "1.1917e-01"]]
L = e.line("# tensor([[6.3379e-02")
e.rows([L, L + 1, L + 2], "softmax comment", sm, A)
L = e.line("tensor([[6.3379e-02", nth=2)
e.rows([L, L + 1, L + 2], "softmax printed", sm, A)
approx = [["0.0", "0.5", "0.5"], ["0.0", "1.0", "0.0"], ["0.0", "0.9", "0.1"]]
L = e.line("approximate the above") + 1
e.rows([L + 1, L + 2, L + 3], "approximated softmax literal", approx, A)
L = e.line("tensor([[0.0000, 0.5000, 0.5000]")
e.rows([L, L + 1, L + 2], "approximated softmax printed (4 places)",
       [["0.0000", "0.5000", "0.5000"], ["0.0000", "1.0000", "0.0000"], ["0.0000", "0.9000", "0.1000"]],
       A, cause="drift")

# Step 6: weighted values of query 1, a_1j * v_j, judged end to end (the weights were rounded to 1 place)
for n, w in enumerate(("0.0", "0.5", "0.5")):
    L = e.line(f"{n+1}: {w} * [")
    e.claim(L, f"weight a_1{n+1} restated", [w], [A[0, n]])
    e.given(L, f"v{n+1} restated")
    e.claim(L, f"weighted value {n+1} = a_1{n+1} * v{n+1}",
            [["0.0", "0.0", "0.0"], ["1.0", "4.0", "0.0"], ["1.0", "3.0", "1.5"]][n], A[0, n] * V.row(n),
            cause="drift")
# printed weighted_values: block j (value j), row i (query i) = A[i, j] * V[j]
L = e.line("tensor([[[0.0000, 0.0000, 0.0000]")
wv_print = [[["0.0000"] * 3, ["0.0000"] * 3, ["0.0000"] * 3],
            [["1.0000", "4.0000", "0.0000"], ["2.0000", "8.0000", "0.0000"], ["1.8000", "7.2000", "0.0000"]],
            [["1.0000", "3.0000", "1.5000"], ["0.0000", "0.0000", "0.0000"], ["0.2000", "0.6000", "0.3000"]]]
ln = L
for j in range(3):
    for i in range(3):
        e.claim(ln, f"weighted_values[{j}][{i}] = A[{i},{j}] * v{j+1}", wv_print[j][i], A[i, j] * V.row(j),
                cause="drift")
        ln += 1
    ln += 1  # blank line between blocks

# Step 7: the sum chain, judged end to end
L = e.line("  [0.0, 0.0, 0.0]")
e.claim(L, "summand 1 = a_11 * v1", ["0.0", "0.0", "0.0"], A[0, 0] * V.row(0), cause="drift")
e.claim(L + 1, "summand 2 = a_12 * v2", ["1.0", "4.0", "0.0"], A[0, 1] * V.row(1), cause="drift")
e.claim(L + 2, "summand 3 = a_13 * v3", ["1.0", "3.0", "1.5"], A[0, 2] * V.row(2), cause="drift")
e.claim(L + 4, "Output 1 (sum)", ["2.0", "7.0", "1.5"], O.row(0), cause="drift")
e.claim(e.line("is Output 1"), "Output 1", ["2.0", "7.0", "1.5"], O.row(0), cause="drift")

# Step 8: outputs comment
L = e.line("# tensor([[2.0000, 7.0000, 1.5000]")
e.rows([L, L + 1, L + 2], "outputs comment",
       [["2.0000", "7.0000", "1.5000"], ["2.0000", "8.0000", "0.0000"], ["2.0000", "7.8000", "0.3000"]],
       O, cause="drift")

# Bonus: TensorFlow prints
L = e.line("[[ 2.  4.  4.]")
e.rows([L, L + 1, L + 2], "tf attn_scores", [["2", "4", "4"], ["4", "16", "12"], ["4", "12", "10"]], S)
L = e.line("[[6.3378938e-02")
e.rows([L, L + 1, L + 2], "tf softmax (float32)",
       [["6.3378938e-02", "4.6831051e-01", "4.6831051e-01"],
        ["6.0336647e-06", "9.8200780e-01", "1.7986100e-02"],
        ["2.9538720e-04", "8.8053685e-01", "1.1916770e-01"]], A)
L = e.line("[[2.        7.        1.5")
e.rows([L, L + 1, L + 2], "tf outputs (float32)",
       [["2", "7", "1.5"], ["2", "8", "0"], ["2", "7.7999997", "0.3"]], O, cause="drift")
e.done()
