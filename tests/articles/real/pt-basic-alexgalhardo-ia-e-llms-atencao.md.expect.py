# Expected verdicts for pt-basic-alexgalhardo-ia-e-llms-atencao.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Portuguese beginner notes with decimal commas, all arithmetic in ```text blocks.
# Softmax of the logits (2, 1, 0): e^2 = 7.38906, e = 2.71828, 1, sum 11.10734 -> (0.665241, 0.244728, 0.090031);
#   cross-entropy -ln(0.665241) = 0.407606 (-ln of the rounded 0.665 is 0.407968: both print 0.408).
# One-query attention, unscaled (the text computes plain dot products): q = (1,0), keys (1,0), (0,1), (1,1)
#   -> scores (1, 0, 1) -> weights (e, 1, e)/(2e+1) = (0.422319, 0.155362, 0.422319);
#   values 10, 20, 30 -> output (40e + 20)/(2e + 1) = 20 exactly (the weights are symmetric around 20).
# Temperature: logits/T for T = 0.5 -> (4, 2, 0) -> (0.866813, 0.117310, 0.015876);
#   T = 2 -> (1, 0.5, 0) -> (0.506480, 0.307196, 0.186324).  Every printed number agrees: no wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="pt", topics=["basic", "softmax", "cross-entropy", "temperature", "causal-mask",
                                            "decimal-comma", "code-block"])

z = M([[2, 1, 0]])
p = softmax_rows(z)

e.given(e.line("Com as notas (2, 1, 0):"), "logits (2, 1, 0)")
L = e.line("e^2 = 7,389")
e.claim(L, "exp of the logits and their sum", ["7,389", "2,718", "1,000", "11,107"],
        [sp.exp(2), sp.E, 1, sp.exp(2) + sp.E + 1])
L = e.line("softmax = (0,665, 0,245, 0,090)")
e.claim(L, "softmax(2, 1, 0) and its sum", ["0,665", "0,245", "0,090", "1"], list(p) + [1])
e.claim(e.line("-ln(0,665) = 0,408"), "cross-entropy -ln p1 (restated p1 and the loss)", ["0,665", "0,408"],
        [p[0], -sp.log(p[0])])

# attention for one query
e.given(e.line("consulta q = (1, 0)"), "query q = (1, 0)")
e.given(e.line("chaves   k1 = (1, 0)"), "keys k1, k2, k3")
q = M([[1, 0]])
K = M([[1, 0], [0, 1], [1, 1]])
s = q * K.T
e.claim(e.line("notas    q.k1 = 1"), "dot products q.k_j (unscaled, as the text computes)",
        ["1", "0", "1"], list(s))
w = softmax_rows(s)
L = e.line("pesos    softmax(1, 0, 1)")
e.claim(L, "softmax(1, 0, 1)", ["0,422", "0,155", "0,422"], list(w))
e.given(e.line("valores  v1 = 10"), "values 10, 20, 30")
v = M([[10], [20], [30]])
out = (w * v)[0]
L = e.line("0,422 x 10 + 0,155 x 20 + 0,422 x 30 = 20,0")
e.claim(L, "weights restated and the output (exactly 20)", ["0,422", "0,155", "20,0"], [w[0], w[1], out])

# temperature
e.given(e.line("Para os logits (2, 1, 0):"), "logits (2, 1, 0)")
L = e.line("T = 0,5   logits (4, 2, 0)")
e.claim(L, "logits / 0.5", ["4", "2", "0"], [4, 2, 0])
e.claim(L, "softmax at T = 0.5", ["0,867", "0,117", "0,016"], list(softmax_rows(z / R(1, 2))))
L = e.line("T = 1,0   logits (2, 1, 0)")
e.claim(L, "softmax at T = 1 (restated)", ["0,665", "0,245", "0,090"], list(p))
L = e.line("T = 2,0   logits (1, 0,5, 0)")
e.claim(L, "logits / 2", ["1", "0,5", "0"], [1, R(1, 2), 0])
e.claim(L, "softmax at T = 2", ["0,506", "0,307", "0,186"], list(softmax_rows(z / 2)))

e.done()
