# Expected verdicts for fr-basic-mbaka11-ift6390-cco-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: E (3x4, rows C, C, O), W_Q, W_K, W_V (4x2) as printed; d_k = 2.
# Exact: Q = V = [[2,1],[2,1],[0,1]], K = [[0,2],[0,2],[2,0]], QK^T = [[2,2,4],[2,2,4],[2,2,0]];
# e^sqrt2 = 4.11325, e^(2 sqrt2) = 16.91883, row sums 25.14533 and 9.22650;
# A rows [0.163579, 0.163579, 0.672842] and [0.445808, 0.445808, 0.108383]; O = [[0.654316, 1], [.., 1], [1.783233, 1]].
# Wrong: 0.6727 (0.6728) and 0.4459 (0.4458) are slips (the author's own rounded operands give 0.6729 and 0.4458);
# 9.226 is 4.113 + 4.113 + 1 from the rounded exponentials (exact 9.2265008 -> 9.227): drift;
# O: 0.655 (exact 0.654; 4 x 0.164 = 0.656, 4 x 0.1636 = 0.654) is a slip, 1.784 = 4 x 0.446 from the rounded weights: drift.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="fr", topics=["basic", "projection", "scaling", "softmax", "output", "latex"])
E = M([[1, 0, 1, 0], [1, 0, 1, 0], [0, 1, 0, 1]])
WQ = M([[1, 0], [0, 1], [1, 1], [0, 0]])
WK = M([[0, 1], [1, 0], [0, 1], [1, 0]])
WV = M([[1, 1], [0, 0], [1, 0], [0, 1]])
Q, K, V = E * WQ, E * WK, E * WV
dk = 2
QK = Q * K.T
S = QK / sp.sqrt(dk)
A = softmax_rows(S)
O = A * V
flat = lambda m: [m[i, j] for i in range(m.rows) for j in range(m.cols)]

e.given(e.line("la molécule SMILES `CCO`"), "d_model = 4, d_k = 2")
e.given(e.line("$$E = \\begin{pmatrix}"), "embeddings E")

# step 1 (E and the weight matrices on each line are inputs; the result is claimed)
L = e.line("$$Q = \\begin{pmatrix}")
e.given(L, "E and W_Q")
e.claim(L, "Q = E W_Q (final matrix)", ["2", "1", "2", "1", "0", "1"], flat(Q))
L = e.line("$$K = \\begin{pmatrix}")
e.given(L, "E and W_K")
e.claim(L, "K = E W_K", ["0", "2", "0", "2", "2", "0"], flat(K))
L = e.line("$$V = \\begin{pmatrix}")
e.given(L, "E and W_V")
e.claim(L, "V = E W_V", ["2", "1", "2", "1", "0", "1"], flat(V))

# step 2
L = e.line("$$QK^\\top = \\begin{pmatrix}")
e.claim(L, "QK^T", ["2", "2", "4", "2", "2", "4", "2", "2", "0"], flat(QK))
L = e.line("$$S = \\frac{QK^\\top}{\\sqrt{2}}")
e.claim(L, "S (decimal form)", ["1.414", "1.414", "2.828", "1.414", "1.414", "2.828", "1.414", "1.414", "0"], flat(S))

# step 3
e.claim(e.line("$e^{\\sqrt{2}} \\approx 4.113$"), "e^sqrt2, e^(2 sqrt2)", ["4.113", "16.919"],
        [sp.exp(sp.sqrt(2)), sp.exp(2 * sp.sqrt(2))])
den1 = 2 * sp.exp(sp.sqrt(2)) + sp.exp(2 * sp.sqrt(2))
den3 = 2 * sp.exp(sp.sqrt(2)) + 1
L = e.line("Somme = $4.113 + 4.113 + 16.919 = 25.145$")
e.claim(L, "restated exponentials", ["4.113", "16.919"], [sp.exp(sp.sqrt(2)), sp.exp(2 * sp.sqrt(2))])
e.claim(L, "row 1 denominator", "25.145", den1)
e.claim(e.line("$A_{1,:} = A_{2,:} ="), "softmax rows 1-2 (4 places)", ["0.1636", "0.1636", "0.6727"], A.row(0))
e.claim(e.line("- $e^0 = 1$"), "e^0", "1", sp.exp(0))
L = e.line("Somme = $4.113 + 4.113 + 1 = 9.226$")
e.claim(L, "restated e^sqrt2", ["4.113"], [sp.exp(sp.sqrt(2))])
e.claim(L, "row 3 denominator (sum of the rounded 4.113)", "9.226", den3, cause="drift")
e.claim(e.line("$A_{3,:} = [0.4459"), "softmax row 3 (4 places)", ["0.4459", "0.4459", "0.1084"], A.row(2))
L = e.line("$$A = \\text{softmax}(S) \\approx")
e.claim(L, "A (3 places)", ["0.164", "0.164", "0.673", "0.164", "0.164", "0.673", "0.446", "0.446", "0.108"], flat(A))

# step 4: A restated, V restated, O
L = e.line("$$O = \\begin{pmatrix}")
e.claim(L, "A restated", ["0.164", "0.673", "0.446", "0.108"], [A[0, 0], A[0, 2], A[2, 0], A[2, 2]])
e.claim(L, "V restated", ["2", "1", "0"], [V[0, 0], V[0, 1], V[2, 0]])
e.claim(L, "O column 2", ["1.0", "1.0", "1.0"], [O[0, 1], O[1, 1], O[2, 1]])
e.claim(L, "O rows 1-2 column 1", ["0.655", "0.655"], [O[0, 0], O[1, 0]])
e.claim(L, "O row 3 column 1 (4 x 0.446 from the rounded weights)", ["1.784"], [O[2, 0]], cause="drift")
L = e.line("Contrôle : la 2e colonne de $V$")
e.claim(L, "2nd column of V", ["1", "1", "1"], V.col(1))
e.claim(L, "row sums of A", "1", sum(A.row(0)))
e.claim(L, "2nd column of O", "1.0", O[0, 1])

# reading
L = e.line("(poids 0.67)")
e.claim(L, "weight of O for a C query", "0.67", A[0, 2])
e.claim(e.line("(poids 0.45 chacun)"), "weights of the C keys for the O query", "0.45", A[2, 0])

# 2.3 architecture bullets
L = e.line("$d_k = 64/4 = 16$")
e.given(L, "d_model = 64, nhead = 4")
e.claim(L, "head dimension", "16", R(64, 4))
L = e.line("Ratio 2:1 avec d_model")
e.given(L, "dim_feedforward = 128")
e.claim(L, "128 / 64", "2", R(128, 64))
e.given(e.line("**dropout=0.1**"), "dropout")
e.given(e.line("**num_layers=2**"), "layers")
e.done()
