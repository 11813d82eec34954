# Expected verdicts for en-simplified-self-attention-studying.md, computed with plain SymPy (see oracle.py); not symattn's code.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "qkv-identity"])


def nums(line):
    return re.findall(r"-?\d+\.\d+", e.lines[line - 1])


X = M([["1.8", "0.1", "0.5"], ["0.3", "1.2", "0.8"], ["1.8", "-0.3", "0.8"]])
dk = 3
S = X * X.T
Ssc = S / sp.sqrt(dk)
A = softmax_rows(Ssc)
C = A * X

L = e.line("X = \\begin{bmatrix}")
for i in range(3):
    e.given(L + 1 + i, f"X row {i+1}")
# Step 1
L = e.line("`attention_scores = Queries @ Keys.T`")
L = e.line("\\begin{bmatrix}", after=L)
for i in range(3):
    e.given(L + 1 + i, f"Queries (= X) row {i+1}")
L = e.line("\\begin{bmatrix}", after=L + 4)
for i in range(3):
    e.claim(L + 1 + i, f"Keys.T row {i+1}", nums(L + 1 + i), X.T.row(i))
L = e.line("\\begin{bmatrix}", after=L + 4)
e.claim(L + 1, "scores row 1", nums(L + 1), S.row(0))
e.claim(L + 2, "scores row 2", nums(L + 2), S.row(1))
e.claim(L + 3, "scores row 3", nums(L + 3), S.row(2))
# the index label mixes 1-based rows and 0-based columns, but the words fix the entry: row "am", column "I"
e.claim(e.line("entry `[row 2, col 0]`"), "score of am (query) on I (key)", ["1.06"], [S[1, 0]])
e.claim(e.line("The largest score, `3.97`"), "largest score", ["3.97"], [max(S)])
# Step 2
e.claim(e.line("($d_k=3$)"), "d_k", ["3"], [dk])
e.claim(e.line("Scaling by `sqrt(3)"), "sqrt(3)", ["3", "1.732"], [dk, sp.sqrt(dk)])
L = e.line("\\text{Scaled Scores} = ")
e.claim(L + 1, "scaled row 1", nums(L + 1), Ssc.row(0))
e.claim(L + 2, "scaled row 2 (entry 1)", ["0.61"], [Ssc[1, 0]])
e.claim(L + 2, "scaled row 2 (1.70/1.732, 1.12/1.732)", ["0.98", "0.65"], [Ssc[1, 1], Ssc[1, 2]], cause="carried")
e.claim(L + 3, "scaled row 3 (entry 1)", ["2.08"], [Ssc[2, 0]])
e.claim(L + 3, "scaled row 3 (1.12/1.732)", ["0.65"], [Ssc[2, 1]], cause="carried")
e.claim(L + 3, "scaled row 3 (3.97/1.732 = 2.29)", ["2.30"], [Ssc[2, 2]])
L = e.line("\\text{Attention Weights} = ")
# none of the three rows is the softmax of the author's own scaled rows either
e.rows([L + 1, L + 2, L + 3], "attention weights", [nums(L + 1), nums(L + 2), nums(L + 3)], A)
L = e.line('the "studying" row')
e.claim(L, "studying row restated", ["0.45", "0.18", "0.37"], A.row(2), cause="carried")
e.claim(L, "studying row as percentages", ["45%", "18%", "37%"], A.row(2), cause="carried")
# Step 3
L = e.line("`context_vectors = attention_weights @ Values`")
L = e.line("\\begin{bmatrix}", after=L)
e.rows([L + 1, L + 2, L + 3], "weights restated", [nums(L + 1), nums(L + 2), nums(L + 3)], A, cause="carried")
L = e.line("\\begin{bmatrix}", after=L + 4)
for i in range(3):
    e.given(L + 1 + i, f"Values (= X) row {i+1}")
L = e.line("\\begin{bmatrix}", after=L + 4)
# from the author's own weights the rows would be [1.65, 0.03, 0.67], [1.20, 0.40, 0.73], [1.53, 0.15, 0.67]
e.claim(L + 1, "context row 1", nums(L + 1), C.row(0))
e.claim(L + 2, "context row 2 (entry 1)", ["1.20"], [C[1, 0]], cause="carried")
e.claim(L + 2, "context row 2 (entries 2-3)", ["0.39", "0.83"], [C[1, 1], C[1, 2]])
e.claim(L + 3, "context row 3 (entry 1)", ["1.53"], [C[2, 0]], cause="carried")
e.claim(L + 3, "context row 3 (entries 2-3)", ["-0.02", "0.60"], [C[2, 1], C[2, 2]])
e.claim(e.line('The "studying" vector'), "studying context restated", ["1.53", "-0.02", "0.60"], C.row(2),
        cause="carried")
e.done()
