# Expected verdicts for fr-mask-hloiseau-attention-quatre-positions.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: Q = [[1,0],[0,1],[1,1],[1,-1]], K = Q, V = [[1,0],[0,1],[2,1],[1,2]] (the article's code block), d_k = 2.
# Conventions (the script 09_attention.py): scores = Q K^T / sqrt(2); causal mask (positions j > i set to -inf, so
# their weight is exactly 0); softmax along each row over the visible positions; output = weights @ V; printed with
# np.round(..., 3), so "0.33" is 0.330 and "1." / "0." are the exact 1 and 0 of the masked rows.
# The variant Q[3] = [0, 1] (K kept as the original Q) changes only the last weight row: exact
# [0.180203, 0.365472, 0.365472, 0.0888524].
# The prose "0,330 x [1, 0] + 0,670 x [0, 1] = [0,330, 0,670]" uses decimal commas (0,330 is 0.330).
# Every printed number agrees with the exact value. No wrong line.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="fr", topics=["mask", "causal", "numpy-print", "scaling", "decimal-comma", "variant"])
NUM = re.compile(r"(?<![\w.])-?\d+\.\d*")


def nums(line):
    return [t.rstrip(".") if t.endswith(".") else t for t in NUM.findall(e.lines[line - 1])]


Q = M([[1, 0], [0, 1], [1, 1], [1, -1]])
K = Q
V = M([[1, 0], [0, 1], [2, 1], [1, 2]])


def masked_weights(Q):
    S = Q * K.T / sp.sqrt(2)
    A = sp.zeros(4, 4)
    for i in range(4):
        den = sum(sp.exp(S[i, k]) for k in range(i + 1))
        for j in range(i + 1):
            A[i, j] = sp.exp(S[i, j]) / den
    return A


A = masked_weights(Q)
O = A * V

e.given(e.line("Q = np.array([[1., 0.]"), "Q (K = Q.copy())")
e.given(e.line("V = np.array([[1., 0.]"), "V")

L = e.line("Poids d'attention :") + 1
e.rows([L + i for i in range(4)], "causal attention weights (np.round 3)", [nums(L + i) for i in range(4)], A)
L = e.line("Valeurs combinées :") + 1
e.rows([L + i for i in range(4)], "combined values weights @ V (np.round 3)", [nums(L + i) for i in range(4)], O)

L = e.line("environ `0,330` et `0,670`")
e.claim(L, "row-2 weights (decimal comma)", ["0,330", "0,670"], [A[1, 0], A[1, 1]])
L = e.line("0,330 × [1, 0] + 0,670 × [0, 1] = [0,330, 0,670]")
e.claim(L, "row-2 weights used in the mix", ["0,330", "0,670"], [A[1, 0], A[1, 1]])
e.claim(L, "row-2 combined value", [["0,330", "0,670"]], [[O[1, 0], O[1, 1]]])

e.given(e.line("Q[3] = [0., 1.]"), "variant: last query set to [0, 1], keys unchanged")
Q2 = Q.copy()
Q2[3, 0], Q2[3, 1] = 0, 1
A2 = masked_weights(Q2)
L = e.line("[0.180, 0.365, 0.365, 0.089]")
e.claim(L, "variant last weight row", ["0.180", "0.365", "0.365", "0.089"], [A2[3, j] for j in range(4)])
e.done()
