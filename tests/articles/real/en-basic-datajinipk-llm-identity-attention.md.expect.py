# Expected verdicts for en-basic-datajinipk-llm-identity-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Q = K = V = X = [[1,0,1,0],[0,1,0,1],[1,1,0,0]], d_k = 4.  The nine dot products, QK^T = [[2,0,1],[0,2,1],[1,1,2]],
# the scaled matrix, e^1 = 2.718, e^0.5 = 1.649, the sums 5.367 / 6.016 and the weights [0.506, 0.186, 0.307],
# [0.274, 0.274, 0.452] are right.  Output[The] = [w0 + w2, w1 + w2, w0, w1] = [0.81368, 0.49352, 0.50648, 0.18632]:
# printed [0.813, 0.493, 0.506, 0.186]; 0.813 = 0.506 + 0.307 and 0.493 = 0.186 + 0.307 from the rounded weights
# -> drift (0.814, 0.494); Output[cat] is its mirror (drift).  Output[sat] = [0.726, 0.726, 0.274, 0.274] right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "scaling", "softmax", "output"])
X = M([["1.0", "0.0", "1.0", "0.0"], ["0.0", "1.0", "0.0", "1.0"], ["1.0", "1.0", "0.0", "0.0"]])
S = X * X.T
Sc = S / 2
W = softmax_rows(Sc)
O = W * X
names = ["The", "cat", "sat"]
for lab in ('Token 1 "The":  [1.0', 'Token 2 "cat":  [0.0', 'Token 3 "sat":  [1.0'):
    e.given(e.line(lab), "embedding")
L = e.line("Q = K = V = X =")
for i in range(1, 4):
    e.given(L + i, "Q = K = V row")
for i in range(3):
    for j in range(3):
        L = e.line(f"Score({names[i]}, {names[j]}) =")
        e.claim(L, f"score {names[i]}-{names[j]}", e.lines[L - 1].split("= ")[-1].strip(), S[i, j])
L = e.line("The [  2    0    1  ]")
e.rows([L, L + 1, L + 2], "QK^T", [["2", "0", "1"], ["0", "2", "1"], ["1", "1", "2"]], S)
e.claim(e.line("**3. Scaling by √d_k = √4 = 2**"), "sqrt(4)", "2", sp.sqrt(4))
L = e.line("The [ 1.0   0.0   0.5 ]")
e.rows([L, L + 1, L + 2], "scaled", [["1.0", "0.0", "0.5"], ["0.0", "1.0", "0.5"], ["0.5", "0.5", "1.0"]], Sc)
e.claim(e.line("Row 1 (The): softmax([1.0, 0.0, 0.5])"), "scaled row 1", ["1.0", "0.0", "0.5"], list(Sc.row(0)))
e.claim(e.line("e^1.0 = 2.718, e^0.0 = 1.0, e^0.5 = 1.649"), "exp row 1", ["2.718", "1.0", "1.649"],
        [sp.exp(x) for x in Sc.row(0)])
e.claim(e.line("sum = 5.367"), "sum row 1", "5.367", sum(sp.exp(x) for x in Sc.row(0)))
e.claim(e.line("= [0.506, 0.186, 0.307]"), "weights row 1", ["0.506", "0.186", "0.307"], list(W.row(0)))
e.claim(e.line("Row 2 (cat): softmax([0.0, 1.0, 0.5])"), "scaled row 2", ["0.0", "1.0", "0.5"], list(Sc.row(1)))
e.claim(e.line("= [0.186, 0.506, 0.307]"), "weights row 2", ["0.186", "0.506", "0.307"], list(W.row(1)))
e.claim(e.line("Row 3 (sat): softmax([0.5, 0.5, 1.0])"), "scaled row 3", ["0.5", "0.5", "1.0"], list(Sc.row(2)))
e.claim(e.line("e^0.5 = 1.649, e^0.5 = 1.649, e^1.0 = 2.718"), "exp row 3", ["1.649", "1.649", "2.718"],
        [sp.exp(x) for x in Sc.row(2)])
e.claim(e.line("sum = 6.016"), "sum row 3", "6.016", sum(sp.exp(x) for x in Sc.row(2)))
e.claim(e.line("= [0.274, 0.274, 0.452]"), "weights row 3", ["0.274", "0.274", "0.452"], list(W.row(2)))
L = e.line("The [ 0.506  0.186  0.307 ]")
e.rows([L, L + 1, L + 2], "weights", [["0.506", "0.186", "0.307"], ["0.186", "0.506", "0.307"], ["0.274", "0.274", "0.452"]], W)
L = e.line("Output[The] = 0.506×[1,0,1,0]")
e.claim(L, "weights restated", ["0.506", "0.186", "0.307"], list(W.row(0)))
e.claim(L + 1, "scaled rows of V", ["0.506", "0", "0.506", "0", "0", "0.186", "0", "0.186", "0.307", "0.307", "0", "0"],
        list(W[0, 0] * X.row(0)) + list(W[0, 1] * X.row(1)) + list(W[0, 2] * X.row(2)))
e.claim(L + 2, "Output[The] ([0.8137, 0.4935, 0.5065, 0.1863])", ["0.813", "0.493", "0.506", "0.186"], list(O.row(0)),
        cause="drift")
L = e.line("Output[cat] = 0.186×[1,0,1,0]")
e.claim(L, "weights restated", ["0.186", "0.506", "0.307"], list(W.row(1)))
e.claim(L + 1, "Output[cat] ([0.4935, 0.8137, 0.1863, 0.5065])", ["0.493", "0.813", "0.186", "0.506"], list(O.row(1)),
        cause="drift")
L = e.line("Output[sat] = 0.274×[1,0,1,0]")
e.claim(L, "weights restated", ["0.274", "0.274", "0.452"], list(W.row(2)))
e.claim(L + 1, "Output[sat]", ["0.726", "0.726", "0.274", "0.274"], list(O.row(2)))
e.claim(e.line("- Attention weights: [0.506, 0.186, 0.307]"), "weights of The", ["0.506", "0.186", "0.307"], list(W.row(0)))
e.claim(e.line("- most of all to itself (50.6%)"), "w(The, The)", "50.6%", W[0, 0])
e.claim(e.line('- next to "sat" (30.7%)'), "w(The, sat)", "30.7%", W[0, 2])
e.claim(e.line('- least to "cat" (18.6%)'), "w(The, cat)", "18.6%", W[0, 1])
e.done()
