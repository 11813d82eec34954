# Expected verdicts for ru-basic-runnerup96-self-attention-demo.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Russian seminar notebook (runnerup96, SBT Deep Learning Seminars, Transformers/self_attention_demo.ipynb) that walks
# the classic three-input self-attention example in PyTorch: code with `#` comments repeating the outputs, the printed
# outputs, and hand-drawn matrix products in plain fences.  It is another author's copy of the illustrated
# self-attention example (the corpus already holds copies of it); its slips are that example's.
# Unscaled dot products: the notebook never divides by sqrt(d_k) and its printed softmax is the unscaled one.
# Inputs: x = [[1,0,1,0],[0,2,0,2],[1,1,1,1]]; W_K = [[0,0,1],[1,1,0],[0,1,0],[1,1,0]];
#   W_Q = [[1,0,1],[1,0,0],[0,0,1],[0,1,1]]; W_V = [[0,2,0],[0,3,0],[1,0,3],[1,1,0]].
# Exact values: K = [[0,1,1],[4,4,0],[2,3,1]], Q = [[1,0,2],[2,2,2],[2,1,3]], V = [[1,2,3],[2,8,0],[2,6,3]];
#   S = Q K^T = [[2,4,4],[4,16,12],[4,12,10]];
#   softmax rows: [0.063379, 0.468311, 0.468311], [6.0337e-6, 0.982007, 0.017986], [2.9539e-4, 0.880537, 0.119168];
#   O = A V = [[1.93662, 6.68311, 1.59507], [1.99999, 7.96399, 0.05398], [1.99970, 7.75989, 0.35839]].
# Wrong lines:
#   - "softmax([2, 4, 4]) = [0.0, 0.5, 0.5]": 0.0 for 0.063379 (0.1 at one place) -- slip.
#   - the typed literal row [0.0, 0.5, 0.5] ("для удобства, аппроксимируем"): same 0.0 -- slip; rows 2, 3 of the
#     literal are right at one place; the 4-place print of the literal: row 1 -- carried, rows 2, 3 ([0.0000, 1.0000,
#     0.0000], [0.0000, 0.9000, 0.1000]; right 0.0000, 0.9820, 0.0180 and 0.0003, 0.8805, 0.1192) -- drift.
#   - "1: 0.0 * [1, 2, 3] = [0.0, 0.0, 0.0]": weight 0.0 restated, a_11 v1 = [0.1, 0.1, 0.2] -- carried; the first
#     summand "[0.0, 0.0, 0.0]" of the hand sum likewise -- carried.
#   - weighted_values tensor (computed from the typed weights): a_11 v1 printed [0, 0, 0] (right [0.0634, 0.1268,
#     0.1901]) -- carried; the other blocks' rows except a_21 v1 -- drift.
#   - "= [2.0, 7.0, 1.5]" and the prose line repeating it (right [1.9, 6.7, 1.6]) -- carried; outputs, in the code
#     comment and in the print: row 1 -- carried, rows 2, 3 (right [2.0000, 7.9640, 0.0540], [1.9997, 7.7599, 0.3584])
#     -- drift.
# Ambiguous: "2: 0.5 * [2, 8, 0] = [1.0, 4.0, 0.0]", "3: 0.5 * [2, 6, 3] = [1.0, 3.0, 1.5]" and the two matching
#   summand lines: explicit arithmetic on correctly rounded weights, right as written, wrong end to end (policy item 5).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ru", topics=["basic", "no-scaling", "pytorch-output", "plain-text-matrix"])
X = M([[1, 0, 1, 0], [0, 2, 0, 2], [1, 1, 1, 1]])
WK = M([[0, 0, 1], [1, 1, 0], [0, 1, 0], [1, 1, 0]])
WQ = M([[1, 0, 1], [1, 0, 0], [0, 0, 1], [0, 1, 1]])
WV = M([[0, 2, 0], [0, 3, 0], [1, 0, 3], [1, 1, 0]])
K, Q, V = X * WK, X * WQ, X * WV
S = Q * K.T
A = softmax_rows(S)
O = A * V


def strs(row):
    return [str(v) for v in row]


# --- inputs and their prints -----------------------------------------------------------
for i in range(3):
    e.given(e.line(f"# Input {i + 1}"), f"x row {i + 1}")
L = e.line("tensor([[1., 0., 1., 0.],")
for i in range(3):
    e.given(L + i, f"x printed row {i + 1}")
for name in ("w_key = [", "w_query = [", "w_value = ["):
    L = e.line(name)
    for i in range(4):
        e.given(L + 1 + i, f"{name} row {i + 1}")
for head in ("Веса для key: ", "Веса для query: ", "Веса для value: "):
    L = e.line(head, after=e.line('print("Веса для value'))
    for i in range(4):
        e.given(L + 1 + i, f"{head} printed row {i + 1}")

# --- hand-drawn products X W = K, V, Q -----------------------------------------------------
for label, R_ in (("Keys:", K), ("Values:", V), ("Queries:", Q)):
    L = e.line("```", after=e.line(label))
    e.given(L + 1, f"{label} W row 1")
    for i in range(3):
        ln = L + 2 + i
        e.given(ln, f"{label} x row {i + 1} and W row {i + 2}")
        e.claim(ln, f"{label} row {i + 1} (hand product)", strs(R_.row(i)), R_.row(i))

# --- K, Q, V in code comments and prints ---------------------------------------------------
for head, R_ in (('print("Keys: \\n", keys)', K), ('print("Querys: \\n", querys)', Q), ('print("Values: \\n", values)', V)):
    L = e.line(head)
    for i in range(3):
        e.claim(L + 1 + i, f"{head} comment row {i + 1}", strs(R_.row(i)), R_.row(i))
for head, R_ in (("Keys: ", K), ("Querys: ", Q), ("Values: ", V)):
    L = e.line(head, after=e.line('print("Values: \\n", values)'))
    for i in range(3):
        e.claim(L + 1 + i, f"{head} printed row {i + 1}", strs(R_.row(i)), R_.row(i))

# --- scores ------------------------------------------------------------------------------
L = e.line("            [0, 4, 2]")
KT = K.T
e.claim(L, "K^T row 1", strs(KT.row(0)), KT.row(0))
e.given(L + 1, "q1 restated")
e.claim(L + 1, "K^T row 2", strs(KT.row(1)), KT.row(1))
e.claim(L + 1, "q1 K^T = scores row 1", ["2", "4", "4"], S.row(0))
e.claim(L + 2, "K^T row 3", strs(KT.row(2)), KT.row(2))
L = e.line("# tensor([[ 2.,  4.,  4.]")
for i in range(3):
    e.claim(L + i, f"attn_scores comment row {i + 1}", strs(S.row(i)), S.row(i))
L = e.line("tensor([[ 2.,  4.,  4.]", after=e.line("# tensor([[ 2.,  4.,  4.]"))
for i in range(3):
    e.claim(L + i, f"attn_scores printed row {i + 1}", strs(S.row(i)), S.row(i))

# --- softmax -------------------------------------------------------------------------------
e.given(e.line("softmax([2, 4, 4]) ="), "score row restated")
e.claim(e.line("softmax([2, 4, 4]) ="), "softmax of [2,4,4] at one place", ["0.0", "0.5", "0.5"], A.row(0))
sm = [["6.3379e-02", "4.6831e-01", "4.6831e-01"],
      ["6.0337e-06", "9.8201e-01", "1.7986e-02"],
      ["2.9539e-04", "8.8054e-01", "1.1917e-01"]]
L = e.line("# tensor([[6.3379e-02")
e.rows([L, L + 1, L + 2], "softmax in code comment", sm, A)
L = e.line("attn_scores_softmax = [")
e.claim(L + 1, "typed weight row 1 (one place)", ["0.0", "0.5", "0.5"], A.row(0))
e.claim(L + 2, "typed weight row 2 (one place)", ["0.0", "1.0", "0.0"], A.row(1))
e.claim(L + 3, "typed weight row 3 (one place)", ["0.0", "0.9", "0.1"], A.row(2))
L = e.line("tensor([[6.3379e-02", after=e.line("print(attn_scores_softmax)", 2))
e.rows([L, L + 1, L + 2], "softmax printed", sm, A)
L = e.line("tensor([[0.0000, 0.5000, 0.5000]")
e.rows([L, L + 1, L + 2], "typed weights printed at 4 places",
       [["0.0000", "0.5000", "0.5000"], ["0.0000", "1.0000", "0.0000"], ["0.0000", "0.9000", "0.1000"]],
       A, cause="drift", causes={0: "carried"})

# --- weighted values of query 1 (hand lines) ------------------------------------------------
L = e.line("1: 0.0 * [1, 2, 3]")
e.claim(L, "a_11 restated", ["0.0"], [A[0, 0]], cause="carried")
e.given(L, "v1 restated")
e.claim(L, "a_11 v1", ["0.0", "0.0", "0.0"], A[0, 0] * V.row(0), cause="carried")
for n, text in ((2, "2: 0.5 * [2, 8, 0]"), (3, "3: 0.5 * [2, 6, 3]")):
    L = e.line(text)
    e.given(L, f"a_1{n} restated as 0.5 (the one-place rounding above) and v{n} restated")
    e.ambiguous(L, f"0.5 x v{n} is right on the weight rounded to one place; end to end a_1{n} v{n} = "
                   f"{[float(sp.N(v, 4)) for v in A[0, n - 1] * V.row(n - 1)]} (policy item 5)")

# weighted_values tensor: block j (value j), row i (query i) = A[i, j] * v_j
L = e.line("tensor([[[0.0000, 0.0000, 0.0000]")
wv_print = [[["0.0000"] * 3, ["0.0000"] * 3, ["0.0000"] * 3],
            [["1.0000", "4.0000", "0.0000"], ["2.0000", "8.0000", "0.0000"], ["1.8000", "7.2000", "0.0000"]],
            [["1.0000", "3.0000", "1.5000"], ["0.0000", "0.0000", "0.0000"], ["0.2000", "0.6000", "0.3000"]]]
ln = L
for j in range(3):
    for i in range(3):
        e.claim(ln, f"weighted_values[{j}][{i}] = a_{i + 1}{j + 1} v{j + 1}", wv_print[j][i], A[i, j] * V.row(j),
                cause="carried" if (i, j) == (0, 0) else "drift")
        ln += 1
    ln += 1  # blank line between blocks

# --- output1 by hand ---------------------------------------------------------------------------
L = e.line("  [0.0, 0.0, 0.0]")
e.claim(L, "summand a_11 v1", ["0.0", "0.0", "0.0"], A[0, 0] * V.row(0), cause="carried")
e.ambiguous(e.line("+ [1.0, 4.0, 0.0]"), "summand 0.5 x v2 restated: right on the rounded weight, wrong end to end (policy item 5)")
e.ambiguous(e.line("+ [1.0, 3.0, 1.5]"), "summand 0.5 x v3 restated: right on the rounded weight, wrong end to end (policy item 5)")
e.claim(e.line("= [2.0, 7.0, 1.5]"), "output1 (end to end, one place)", ["2.0", "7.0", "1.5"], O.row(0), cause="carried")
e.claim(e.line("Вектор ```[2.0, 7.0, 1.5]```"), "output1 restated in prose", ["2.0", "7.0", "1.5"], O.row(0),
        cause="carried")

# --- all outputs ---------------------------------------------------------------------------------
outs = [["2.0000", "7.0000", "1.5000"], ["2.0000", "8.0000", "0.0000"], ["2.0000", "7.8000", "0.3000"]]
L = e.line("# tensor([[2.0000, 7.0000, 1.5000]")
e.rows([L, L + 1, L + 2], "outputs in code comment", outs, O, cause="drift", causes={0: "carried"})
L = e.line("tensor([[2.0000, 7.0000, 1.5000]", after=L + 2)
e.rows([L, L + 1, L + 2], "outputs printed", outs, O, cause="drift", causes={0: "carried"})
e.done()
