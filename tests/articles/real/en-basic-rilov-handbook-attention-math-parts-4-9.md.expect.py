# Expected verdicts for en-basic-rilov-handbook-attention-math-parts-4-9.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Part 4 (commit 138af1f): Q = [1,0,1,0], K1 = [1,1,0,0], K2 = [0,1,1,0], K3 = [1,0,1,1], V = K, d = 4.  Scores [1,1,2],
#   scaled [1/2, 1/2, 1]; e^0.5 = 1.648721, e = 2.718282, sum 6.015724; weights [0.274068, 0.274068, 0.451863] ->
#   0.27 / 0.27 / 0.45 agree.  Context = [w1+w3, w1+w2, w2+w3, w3] = [0.725932, 0.548137, 0.725932, 0.451863]:
#   printed [0.72, 0.54, 0.72, 0.45] -> 0.72 (exact 0.73) and 0.54 (exact 0.55) are sums of the rounded weights
#   (0.27 + 0.45, 0.27 + 0.27).  The explicit sums "context[0..2] = 0.27×1 + ... = 0.72" are right as written from the
#   rounded weights -> ambiguous; the chain's result "context = [0.72, 0.54, 0.72, 0.45]" and the code comment
#   "# tensor([[0.72, 0.54, 0.72, 0.45]])" (the code itself would print 0.7259, 0.5481, ...) are wrong (drift).
# Part 9 (commit cba6c8c): X (3x4), W_Q, W_K, W_V (4x2) as printed, D2 = 2.  Q, K, V, QK^T, the scaled table, the
#   weights A = [[0.163640, 0.672720, 0.163640], [1/3]*3, [0.248302, 0.503396, 0.248302]] and Z = [[0.490920, 1.672720],
#   [1, 4/3], [0.744906, 1.503396]] all agree.  In the softmax illustration e + e^2 + e^3 = 30.192881: printed
#   "total = 30.20" (= 2.72 + 7.39 + 20.09, drift; exact 30.19), also restated as the divisor on the next line (drift).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "code-block", "scaling", "softmax", "output", "tables"])

# ---- Part 4 ---------------------------------------------------------------------------------
q = M([[1, 0, 1, 0]])
K = M([[1, 1, 0, 0], [0, 1, 1, 0], [1, 0, 1, 1]])
raw = q * K.T
S = raw / 2
W = softmax_rows(S)
C = W * K
w1, w2, w3 = W
e.given(e.line("Q  = [1, 0, 1, 0]"), "query")
for lab in ("K1 = [1, 1, 0, 0]", "K2 = [0, 1, 1, 0]", "K3 = [1, 0, 1, 1]"):
    e.given(e.line(lab), "key")
for j in range(3):
    L = e.line(f"score(Q, K{j + 1}) =")
    e.claim(L, f"score K{j + 1}", e.lines[L - 1].split("= ")[-1].strip(), raw[0, j])
e.claim(e.line("√4 = 2"), "sqrt(4)", "2", sp.sqrt(4))
e.claim(e.line("scaled scores = [1/2, 1/2, 2/2] = [0.5, 0.5, 1.0]"), "scaled scores", ["0.5", "0.5", "1.0"], list(S))
e.claim(e.line("With the scaled scores `[0.5, 0.5, 1.0]`"), "scaled scores restated", ["0.5", "0.5", "1.0"], list(S))
e.claim(e.line("e^0.5 = 1.65", nth=1), "e^0.5", ["0.5", "1.65"], [S[0], sp.exp(S[0])])
e.claim(e.line("e^0.5 = 1.65", nth=2), "e^0.5", ["0.5", "1.65"], [S[1], sp.exp(S[1])])
e.claim(e.line("e^1.0 = 2.72"), "e^1", ["1.0", "2.72"], [S[2], sp.exp(S[2])])
den = sum(sp.exp(x) for x in S)
e.claim(e.line("sum = 1.65 + 1.65 + 2.72 = 6.02"), "sum of exponentials", ["1.65", "2.72", "6.02"],
        [sp.exp(S[0]), sp.exp(S[2]), den])
e.claim(e.line("w1 = 1.65 / 6.02 = 0.27"), "w1", ["1.65", "6.02", "0.27"], [sp.exp(S[0]), den, w1])
e.claim(e.line("w2 = 1.65 / 6.02 = 0.27"), "w2", ["1.65", "6.02", "0.27"], [sp.exp(S[1]), den, w2])
e.claim(e.line("w3 = 2.72 / 6.02 = 0.45"), "w3", ["2.72", "6.02", "0.45"], [sp.exp(S[2]), den, w3])
e.claim(e.line("So 45% of the attention goes to"), "weights in percent", ["45%", "27%"], [w3, w1])
for lab in ("V1 = K1 = [1, 1, 0, 0]", "V2 = K2 = [0, 1, 1, 0]", "V3 = K3 = [1, 0, 1, 1]"):
    e.given(e.line(lab), "value = key")
e.claim(e.line("context = 0.27 × V1 + 0.27 × V2 + 0.45 × V3"), "weights restated", ["0.27", "0.27", "0.45"], [w1, w2, w3])
for i in range(3):
    L = e.line(f"context[{i}] =")
    e.ambiguous(L, f"{e.lines[L - 1].split('= ')[-1].strip()} is right from the rounded weights 0.27 / 0.45 as written, "
                f"but end to end context[{i}] = {sp.N(C[0, i], 6)}: explicit arithmetic on rounded operands")
L = e.line("context[3] =")
e.claim(L, "context[3]", ["0.27", "0.27", "0.45", "0.45"], [w1, w2, w3, C[0, 3]])
e.claim(e.line("context = [0.72, 0.54, 0.72, 0.45]"), "context vector", ["0.72", "0.54", "0.72", "0.45"], list(C), cause="drift")
e.given(e.line("Q = torch.tensor([[1.0, 0.0, 1.0, 0.0]])"), "Q in code")
L = e.line("K = torch.tensor([[1, 1, 0, 0],")
e.given(L, "K row 1 in code")
e.given(L + 1, "K row 2 in code")
e.given(L + 2, "K row 3 in code")
e.claim(e.line('print("Weights:", weights)'), "weights (code comment)", ["0.27", "0.27", "0.45"], list(W))
e.claim(e.line('print("Context:", context)'), "context (code comment)", ["0.72", "0.54", "0.72", "0.45"], list(C), cause="drift")

# ---- Part 9 ---------------------------------------------------------------------------------
P9 = e.line("# Deep Learning for Generative AI — Part 9")
e.given(e.line('"cats chase mice"      →   N = 3 words'), "N")
e.given(e.line("| **N** | Number of words in the input | 3 |"), "N")
e.given(e.line("| **D1** | Length of each word's **starting** vector"), "D1")
e.given(e.line("| **D2** | Length of each word's **rich** vector"), "D2")
X = M([[1, 0, 1, 0], [0, 2, 0, 1], [1, 1, 0, 0]])
WQ = M([[1, 0], [0, 1], [1, 0], [0, 1]])
WK = M([[0, 1], [1, 0], [1, 0], [0, 1]])
WV = M([[1, 0], [0, 1], [1, 1], [0, 0]])
Q, K9, V = X * WQ, X * WK, X * WV
R9 = Q * K9.T
S9 = R9 / sp.sqrt(2)
A = softmax_rows(S9)
Z = A * V
L = e.line("X =  cats   [ 1   0   1   0 ]")
for i in range(3):
    e.given(L + i, f"X row {i + 1}")
L = e.line("W_Q = [ 1 0 ]     W_K = [ 0 1 ]")
for i in range(4):
    e.given(L + i, f"W_Q, W_K, W_V row {i + 1}")
L = e.line("cats    [ 2  0 ]     [ 1  1 ]     [ 2  1 ]")
for i, name in enumerate(["cats", "chase", "mice"]):
    row = e.lines[L + i - 1].replace("[", " ").replace("]", " ").split()[1:]
    e.claim(L + i, f"Q, K, V of {name}", row, list(Q.row(i)) + list(K9.row(i)) + list(V.row(i)))
e.claim(e.line("One entry checked: the query of **cats**"), "q_cats", ["2", "0"], list(Q.row(0)))
L = e.line("scores = Q Kᵀ =   cats query")
for i in range(3):
    row = e.lines[L + i - 1].split("[")[1].split("]")[0].split()
    e.claim(L + i, f"QK^T row {i + 1}", row, list(R9.row(i)))
e.claim(e.line("cats' query `[2, 0]` · chase's key `[2, 1]`"), "score cats-chase", "4", R9[0, 1])
e.claim(e.line("(here √2 ≈ 1.41)"), "sqrt(2)", "1.41", sp.sqrt(2))
L = e.line("scores ÷ √2 =  [ 1.41  2.83  1.41 ]")
for i in range(3):
    row = e.lines[L + i - 1].split("[")[1].split("]")[0].split()
    e.claim(L + i, f"scaled row {i + 1}", row, list(S9.row(i)))
tot = sp.E + sp.exp(2) + sp.exp(3)
e.claim(e.line("e^1 = 2.72    e^2 = 7.39    e^3 = 20.09     total = 30.20"), "exponentials and total",
        ["2.72", "7.39", "20.09", "30.20"], [sp.E, sp.exp(2), sp.exp(3), tot], cause="drift")
e.claim(e.line("weights = 2.72/30.20, 7.39/30.20"), "weights of [1,2,3]",
        ["2.72", "7.39", "20.09", "30.20", "0.09", "0.24", "0.67"],
        [sp.E, sp.exp(2), sp.exp(3), tot, sp.E / tot, sp.exp(2) / tot, sp.exp(3) / tot], cause="drift")
L = e.line("A =   cats     [ 0.16   0.67   0.16 ]")
for i in range(3):
    row = e.lines[L + i - 1].split("[")[1].split("]")[0].split()
    e.claim(L + i, f"A row {i + 1}", row, list(A.row(i)))
e.claim(e.line("because all its scores were equal (3)"), "chase scores", "3", R9[1, 0])
L = e.line("z_cats = 0.16 × v_cats + 0.67 × v_chase")
e.claim(L, "weights of cats", ["0.16", "0.67"], [A[0, 0], A[0, 1]])
e.claim(L + 1, "weights and values", ["0.16", "2", "1", "0.67", "0", "2", "1", "1"],
        [A[0, 0], V[0, 0], V[0, 1], A[0, 1], V[1, 0], V[1, 1], V[2, 0], V[2, 1]])
e.claim(L + 2, "z_cats", ["0.49", "1.67"], list(Z.row(0)))
L = e.line("cats    [ 0.49  1.67 ]")
for i in range(3):
    row = e.lines[L + i - 1].split("[")[1].split("]")[0].split()
    e.claim(L + i, f"Z row {i + 1}", row, list(Z.row(i)))
e.done()
