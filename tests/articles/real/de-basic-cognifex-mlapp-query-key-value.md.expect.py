# Expected verdicts for de-basic-cognifex-mlapp-query-key-value.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (the Python block): X = [[1,0],[0.6,0.8],[0.8,0.6],[0,1]] (Der, Hund, jagt, Katze), W_Q = [[3,1.5],[0,3]],
#   W_K = [[3,0.75],[1.5,3]], W_V = [[0.5,0],[0,1]], d_k = 2. Convention as in the code: q = W_Q x_Hund (column
#   vector), keys k_j = W_K x_j, values v_j = W_V x_j, scores k_j·q / √2, softmax over the four keys.
# q = (3, 12/5) -> 3,00 | 2,40; k_j·q = 63/5, 378/25, 63/4, 189/20 = 12,60 / 15,12 / 15,75 / 9,45;
#   / √2 = 8.909545, 10.691455, 11.136932, 6.682159 -> 8,910 / 10,691 / 11,137 / 6,682;
#   weights = 0.0612573, 0.3639410, 0.5681975, 0.0066041 -> 0,0613 / 0,3639 / 0,5682 / 0,0066, sum 1;
#   weighted value = (0.367090, 0.638675) -> 0,3671 | 0,6387. The numbers in the list use decimal commas, the code
#   comments decimal points. No wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="de", topics=["basic", "decimal-comma", "list", "code-comment-output"])

X = M([["1.0", "0.0"], ["0.6", "0.8"], ["0.8", "0.6"], ["0.0", "1.0"]])
WQ = M([["3.0", "1.5"], ["0.0", "3.0"]])
WK = M([["3.0", "0.75"], ["1.5", "3.0"]])
WV = M([["0.5", "0.0"], ["0.0", "1.0"]])
q = WQ * X.row(1).T                   # column vector
Kp = X * WK.T                         # keys as rows
scores_raw = Kp * q                   # 4 x 1
scores = scores_raw / sp.sqrt(2)
den = sum(sp.exp(s) for s in scores)
w = [sp.exp(s) / den for s in scores]
Vp = X * WV.T
out = sp.Matrix([w]) * Vp             # 1 x 2

e.given(e.line("X = np.array("), "token matrix X")
e.given(e.line("W_Q = np.array("), "W_Q")
e.given(e.line("W_K = np.array("), "W_K")
e.given(e.line("W_V = np.array("), "W_V")
e.given(e.line("np.sqrt(2)"), "d_k = 2")
e.given(e.line("Abfrage: Token Hund, Vektor (0,60 | 0,80)"), "query token Hund = X[1] (restated input)")

e.claim(e.line("Abfrage projiziert: (3,00 | 2,40)"), "projected query q", ["3,00", "2,40"], list(q))
e.claim(e.line("Skalarprodukte: 12,60 / 15,12 / 15,75 / 9,45"), "dot products k_j·q",
        ["12,60", "15,12", "15,75", "9,45"], list(scores_raw))
e.claim(e.line("geteilt durch die Wurzel aus zwei:"), "scores / √2",
        ["8,910", "10,691", "11,137", "6,682"], list(scores))
L = e.line("Softmax: 0,0613 / 0,3639 / 0,5682 / 0,0066")
e.claim(L, "softmax weights", ["0,0613", "0,3639", "0,5682", "0,0066"], w)
e.claim(L, "sum of the weights", "1,0000", sum(w))
e.claim(e.line("gewichteter Wert: (0,3671 | 0,6387)"), "weighted value", ["0,3671", "0,6387"], list(out))
e.claim(e.line("# [0.0613 0.3639 0.5682 0.0066]"), "printed weights (code comment)",
        ["0.0613", "0.3639", "0.5682", "0.0066"], w)
e.claim(e.line("# [0.3671 0.6387]"), "printed weighted value (code comment)", ["0.3671", "0.6387"], list(out))
e.done()
