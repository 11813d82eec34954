# Expected verdicts for en-basic-datajinipk-nlp-practice-projections.md, computed with plain SymPy (see oracle.py); not symattn's code.
# X = [[1,0,1,0],[0,1,0,1],[0.5,0.5,0.5,0.5]], W_Q, W_K, W_V as printed, d_k = 2.
# Q = [[2,0],[0,2],[1,1]], K = [[0,2],[2,0],[1,1]], V = [[2,0],[0,2],[1,1]], QK^T = [[0,4,2],[4,0,2],[2,2,2]] and the
# scaled matrix (2.83 = 2√2, 1.41 = √2) are right.
# - "e^2.83 = 16.95, e^1.41 = 4.10": the exponentials of the rounded scores; exactly e^{2√2} = 16.919 (16.92) and
#   e^{√2} = 4.113 (4.11) -> drift; "sum = 22.05" is their sum, exactly 22.032 (22.03) -> drift.
# - Weights [0.0454, 0.7679, 0.1867] -> [0.05, 0.77, 0.19] right, row 3 = 1/3 each right.
# - Outputs: exactly "The" = [0.2775, 1.7226] -> [0.28, 1.72], "cat" = [1.72, 0.28]; the printed [0.29, 1.73] and
#   [1.73, 0.29] come from the rounded weights (0.10 + 0.19, 1.54 + 0.19) -> drift, also in the final matrix;
#   "sat" = [1.00, 1.00] right.  Six wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "projections", "scaling", "softmax", "output"])
X = M([["1.0", "0.0", "1.0", "0.0"], ["0.0", "1.0", "0.0", "1.0"], ["0.5", "0.5", "0.5", "0.5"]])
WQ = M([[1, 0], [0, 1], [1, 0], [0, 1]])
WK = M([[0, 1], [1, 0], [0, 1], [1, 0]])
WV = M([[1, 0], [0, 1], [1, 0], [0, 1]])
Q, K, V = X * WQ, X * WK, X * WV
S = Q * K.T
Sc = S / sp.sqrt(2)
W = softmax_rows(Sc)
O = W * V

for lab in ("Token 1 (The):   [1.0", "Token 2 (cat):   [0.0", "Token 3 (sat):   [0.5"):
    e.given(e.line(lab), "embedding")
e.given(e.line("**Weight matrices (d_k = d_v = 2):**"), "d_k = d_v = 2")
L = e.line("W_Q = [[1, 0],      W_K = [[0, 1]")
for i in range(4):
    e.given(L + i, "W_Q, W_K, W_V rows")
e.claim(e.line("√d_k = √2 ≈ 1.414, to be applied"), "sqrt(2)", "1.414", sp.sqrt(2))
L = e.line('[[1, 0, 1, 0],          [[1, 0],                [[2, 0],')
e.claim(L, "Q row 1", ["2", "0"], list(Q.row(0)))
e.claim(L + 1, "Q row 2", ["0", "2"], list(Q.row(1)))
e.claim(L + 2, "Q row 3", ["1", "1"], list(Q.row(2)))
e.given(L + 3, "W_Q last row")
L = e.line('[[0, 2],     # "The"              [[2, 0],')
e.rows([L, L + 1, L + 2], "K | V", [["0", "2", "2", "0"], ["2", "0", "0", "2"], ["1", "1", "1", "1"]], K.row_join(V))
L = e.line("K^T:  [[0, 2, 1],")
e.rows([L, L + 1], "K^T", [["0", "2", "1"], ["2", "0", "1"]], K.T)
L = e.line("Q × K^T = [[2×0 + 0×2")
e.rows([L, L + 1, L + 2], "QK^T", [["0", "4", "2"], ["4", "0", "2"], ["2", "2", "2"]], S)
e.claim(e.line("√d_k = √2 ≈ 1.414", after=e.line("**Step 3")), "sqrt(2)", "1.414", sp.sqrt(2))
L = e.line("[[0.00, 2.83, 1.41],")
e.rows([L, L + 1, L + 2], "scaled", [["0.00", "2.83", "1.41"], ["2.83", "0.00", "1.41"], ["1.41", "1.41", "1.41"]], Sc)
e.claim(e.line('Row 1 ("The" attending): softmax([0.00, 2.83, 1.41])'), "scaled row 1 restated",
        ["0.00", "2.83", "1.41"], list(Sc.row(0)))
L = e.line("e^0 = 1.00, e^2.83 = 16.95, e^1.41 = 4.10")
e.claim(L, "exp of row 1 (16.919, 4.113; exponentials of the rounded scores)", ["1.00", "16.95", "4.10"],
        [sp.exp(x) for x in Sc.row(0)], cause="drift")
e.claim(e.line("sum = 22.05"), "sum (22.032)", "22.05", sum(sp.exp(x) for x in Sc.row(0)), cause="drift")
e.claim(e.line('= [0.05, 0.77, 0.19]  # "The"'), "weights row 1", ["0.05", "0.77", "0.19"], list(W.row(0)))
e.claim(e.line('Row 2 ("cat" attending): softmax([2.83, 0.00, 1.41])'), "scaled row 2 restated",
        ["2.83", "0.00", "1.41"], list(Sc.row(1)))
e.claim(e.line('= [0.77, 0.05, 0.19]  # "cat"'), "weights row 2", ["0.77", "0.05", "0.19"], list(W.row(1)))
e.claim(e.line('Row 3 ("sat" attending): softmax([1.41, 1.41, 1.41])'), "scaled row 3 restated",
        ["1.41", "1.41", "1.41"], list(Sc.row(2)))
e.claim(e.line('= [0.33, 0.33, 0.33]  # "sat"'), "weights row 3", ["0.33", "0.33", "0.33"], list(W.row(2)))
L = e.line("The    [[0.05, 0.77, 0.19],")
e.rows([L, L + 1, L + 2], "weights matrix", [["0.05", "0.77", "0.19"], ["0.77", "0.05", "0.19"], ["0.33", "0.33", "0.33"]], W)
L = e.line("V = [[2, 0],")
e.rows([L, L + 1, L + 2], "V restated", [["2", "0"], ["0", "2"], ["1", "1"]], V)
e.claim(e.line('Output for "The":'), "output The ([0.2775, 1.7226]; from the rounded weights)",
        ["0.05", "0.77", "0.19", "0.29", "1.73"], list(W.row(0)) + list(O.row(0)), cause="drift")
e.claim(e.line('Output for "cat":'), "output cat ([1.7226, 0.2775]; from the rounded weights)",
        ["0.77", "0.05", "0.19", "1.73", "0.29"], list(W.row(1)) + list(O.row(1)), cause="drift")
e.claim(e.line('Output for "sat":'), "output sat", ["0.33", "0.33", "0.33", "1.00", "1.00"],
        list(W.row(2)) + list(O.row(2)))
L = e.line("[[0.29, 1.73],   #")
e.rows([L, L + 1, L + 2], "final output", [["0.29", "1.73"], ["1.73", "0.29"], ["1.00", "1.00"]], O,
       causes={0: "drift", 1: "drift"})
e.claim(e.line('| "The" | "cat" | 0.77 |'), "max weight of The", "0.77", W[0, 1])
e.claim(e.line('| "cat" | "The" | 0.77 |'), "max weight of cat", "0.77", W[1, 0])
e.claim(e.line('| "sat" | All equally | 0.33 each |'), "weights of sat", "0.33", W[2, 0])
e.done()
