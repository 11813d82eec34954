# Expected verdicts for pt-mask-theguitarvity-causal-masking.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the scaled scores [[1.0, 2.0, 0.5], [0.5, 1.5, 2.0], [2.0, 1.0, 0.0]] and a causal (lower-triangular) mask.
# Masked softmax rows, exact: [1, 0, 0], [0.268941, 0.731059, 0], [0.665241, 0.244728, 0.090031].
# e^0.5 + e^1.5 = 6.130423 (printed 6.131 = 1.649 + 4.482: drift from the rounded exponentials);
# e^2 + e + 1 = 11.107338. The 3x3 "leakage" weights are declared illustrative (given).
# Masks: torch.tril(ones(4,4)), torch.triu(ones(4,4), diagonal=1), the 3x3 and 6x6 lower-triangular masks.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="pt", topics=["mask", "softmax"])
ex = sp.exp
tril = lambda n: sp.Matrix(n, n, lambda i, j: 1 if j <= i else 0)
triu1 = lambda n: sp.Matrix(n, n, lambda i, j: 1 if j > i else 0)

# motivation: position 2 of a 5-token sentence would see the future positions 3, 4, 5
L = e.line("a posição 2 de uma frase de 5 tokens")
e.given(L, "position 2 of 5 tokens")
e.claim(L, "future positions after 2 among 1..5", ["3", "4", "5"], [3, 4, 5])

# illustrative leakage weights
e.given(e.line('"O gato dormia" (3 tokens)'), "3-token sentence, illustrative weights")
L = e.line('Q="O"        0.5')
W = M([["0.5", "0.3", "0.2"], ["0.2", "0.5", "0.3"], ["0.3", "0.3", "0.4"]])
for k in range(3):
    e.given(L + k, f"illustrative weight row {k + 1}")
e.claim(e.line("já entrega 0.2 de peso"), "weight of 'dormia' in row 'O' (restated)", ["0.2"], [W[0, 2]])

# 4x4 mask, written out and from torch.tril / torch.triu
e.given(e.line("Com 4 tokens:"), "n = 4")
L = e.line("[1, 0, 0, 0],   # posição 0")
T4 = tril(4)
for k in range(4):
    row = [str(T4[k, j]) for j in range(4)]
    e.claim(L + k, f"causal mask row {k + 1}", row, T4.row(k))
e.claim(L + 1, "positions seen by position 1", ["0", "1"], [0, 1])
e.given(e.line("n = 4"), "n = 4")
L = e.line("# tensor([[1., 0., 0., 0.],")
for k in range(4):
    row = [str(T4[k, j]) for j in range(4)]
    e.claim(L + k, f"torch.tril(ones(4, 4)) row {k + 1}", row, T4.row(k))
U4 = triu1(4)
L = e.line("# tensor([[0., 1., 1., 1.],")
for k in range(4):
    row = [str(U4[k, j]) for j in range(4)]
    e.claim(L + k, f"torch.triu(ones(4, 4), diagonal=1) row {k + 1}", row, U4.row(k))

# -inf versus zero
e.claim(e.line("Como $e^0 = 1$ e não zero"), "e^0", ["1"], [ex(0)])
e.claim(e.line("já que `mask[i,i] = 1` sempre"), "diagonal of the causal mask", ["1"], [T4[1, 1]])

# numeric example
S = M([["1.0", "2.0", "0.5"], ["0.5", "1.5", "2.0"], ["2.0", "1.0", "0.0"]])
e.given(e.line("de uma sequência de 3 tokens:"), "3 tokens")
L = e.line("    [1.0, 2.0, 0.5],")
for k in range(3):
    e.given(L + k, f"scaled scores row {k + 1}")
L = e.line("mask = [", after=e.line("### Passo 1: Aplicar a máscara causal"))
T3 = tril(3)
for k in range(3):
    row = [str(T3[k, j]) for j in range(3)]
    e.claim(L + 1 + k, f"3x3 causal mask row {k + 1}", row, T3.row(k))
L = e.line("scores_mascarados = [", after=e.line("### Passo 1: Aplicar a máscara causal"))
e.claim(L + 1, "masked scores row 1 (kept entry)", ["1.0"], [S[0, 0]])
e.claim(L + 2, "masked scores row 2 (kept entries)", ["0.5", "1.5"], [S[1, 0], S[1, 1]])
e.claim(L + 3, "masked scores row 3 (nothing masked)", ["2.0", "1.0", "0.0"], S.row(2))

masked = sp.Matrix(3, 3, lambda i, j: S[i, j] if j <= i else -sp.oo)
A = sp.zeros(3, 3)
for i in range(3):
    den = sum(ex(S[i, j]) for j in range(i + 1))
    for j in range(3):
        A[i, j] = ex(S[i, j]) / den if j <= i else 0

# row 0
e.claim(e.line("scores[0,:] = [1.0, -inf, -inf]"), "row 1 kept score", ["1.0"], [S[0, 0]])
L = e.line("exp(1.0) = 2.718, exp(-inf) = 0")
e.claim(L, "exp(1.0)", ["2.718"], [ex(S[0, 0])])
e.claim(L, "exp(-inf) twice", ["0", "0"], [0, 0])
e.claim(e.line("soma = 2.718"), "row 1 sum of exponentials", ["2.718"], [ex(S[0, 0])])
e.claim(e.line("softmax = [2.718/2.718, 0/2.718, 0/2.718] = [1.0, 0.0, 0.0]"), "masked softmax row 1",
        ["1.0", "0.0", "0.0"], A.row(0))
e.claim(e.line("A posição 0 dá 100% da atenção"), "weight of position 0 on itself", ["100%"], [A[0, 0]])

# row 1
e.claim(e.line("scores[1,:] = [0.5, 1.5, -inf]"), "row 2 kept scores", ["0.5", "1.5"], [S[1, 0], S[1, 1]])
L = e.line("exp(0.5) = 1.649, exp(1.5) = 4.482")
e.claim(L, "exp(0.5), exp(1.5)", ["1.649", "4.482"], [ex(S[1, 0]), ex(S[1, 1])])
e.claim(L, "exp(-inf)", ["0"], [0])
e.claim(e.line("soma = 6.131"), "row 2 sum (1.649 + 4.482 from the rounded exponentials)", ["6.131"],
        [ex(S[1, 0]) + ex(S[1, 1])], cause="drift")
e.claim(e.line("= [0.269, 0.731, 0.0]"), "masked softmax row 2", ["0.269", "0.731", "0.0"], A.row(1))

# row 2
e.claim(e.line("scores[2,:] = [2.0, 1.0, 0.0]"), "row 3 scores", ["2.0", "1.0", "0.0"], S.row(2))
L = e.line("exp(2.0) = 7.389, exp(1.0) = 2.718, exp(0.0) = 1.0")
e.claim(L, "exp of row 3 scores", ["7.389", "2.718", "1.0"], [ex(S[2, 0]), ex(S[2, 1]), ex(S[2, 2])])
e.claim(e.line("soma = 11.107"), "row 3 sum", ["11.107"], [sum(ex(S[2, j]) for j in range(3))])
e.claim(e.line("= [0.665, 0.245, 0.090]"), "softmax row 3", ["0.665", "0.245", "0.090"], A.row(2))

# 6x6 ASCII mask
e.given(e.line("de uma sequência de 6 tokens"), "6 tokens")
T6 = tril(6)
L = e.line("i=0  [   1")
for k in range(6):
    e.claim(L + k, f"6x6 causal mask row {k + 1} (allowed entries)", ["1"] * (k + 1), [T6[k, j] for j in range(k + 1)])
e.done()
