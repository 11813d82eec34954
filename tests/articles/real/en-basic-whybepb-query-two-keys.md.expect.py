# Expected verdicts for en-basic-whybepb-query-two-keys.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: query [0.5, 0.5], keys [[0.1, 0.2], [0.2, 0.3]], values [[0.6, 0.8], [0.7, 0.9]]; the article plainly
# computes UNSCALED attention (scores = keys · query, softmax, weights · values), so that is the convention judged.
# Exact: scores [3/20, 1/4]; exp = [1.161834, 1.284025], sum 2.445860; weights = [1/(1+e^0.1), e^0.1/(1+e^0.1)]
# = [0.475021, 0.524979]; output = [0.652498, 0.852498].
# Wrong lines:
# - "weights = [0.4752, 0.5248]": exact 0.4750 / 0.5250 (even 1.1618 / 2.4458 = 0.47502), a slip.
# - the two "output_dim… = 0.4752*0.6 + 0.5248*0.7 = …" lines restate those weights (carried); their results
#   0.6525 and 0.8525 agree end to end.
# Ambiguous: "sum_exp = 2.4458" is 1.1618 + 1.2840 from the rounded exps; the exact sum 2.445860 rounds to 2.4459.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["basic", "softmax", "code-block", "unscaled"])
q = M([["0.5", "0.5"]])
Kx = M([["0.1", "0.2"], ["0.2", "0.3"]])
Vx = M([["0.6", "0.8"], ["0.7", "0.9"]])
s = Kx * q.T                      # 2x1 scores
ex = [sp.exp(s[0]), sp.exp(s[1])]
den = ex[0] + ex[1]
w = [ex[0] / den, ex[1] / den]
out = [w[0] * Vx[0, 0] + w[1] * Vx[1, 0], w[0] * Vx[0, 1] + w[1] * Vx[1, 1]]

for k in (1, 2):
    e.given(e.line("query = [0.5, 0.5]", k), "query")
    e.given(e.line("keys = [[0.1, 0.2], [0.2, 0.3]]", k), "keys")
    e.given(e.line("values = [[0.6, 0.8], [0.7, 0.9]]", k), "values")
e.claim(e.line("print(result)  # ["), "printed result (machine floats)", ["0.6524979187478941", "0.852497918747894"], out)
e.claim(e.line("score_1 = 0.5*0.1"), "score_1 and its terms", ["0.05", "0.10", "0.15"],
        [R(1, 20), R(1, 10), s[0]])
e.claim(e.line("score_2 = 0.5*0.2"), "score_2 and its terms", ["0.10", "0.15", "0.25"],
        [R(1, 10), R(3, 20), s[1]])
e.claim(e.line("scores = [0.15, 0.25]"), "scores", ["0.15", "0.25"], [s[0], s[1]])
e.claim(e.line("exp_scores = [exp(0.15), exp(0.25)]"), "exp scores", ["0.15", "0.25", "1.1618", "1.2840"],
        [s[0], s[1]] + ex)
e.ambiguous(e.line("sum_exp = 2.4458"), "2.4458 = 1.1618 + 1.2840 from the rounded exps; the exact sum e^0.15 + e^0.25 = "
            "2.445860 rounds to 2.4459 (arithmetic on rounded operands)")
e.claim(e.line("weights = [0.4752, 0.5248]"), "softmax weights", ["0.4752", "0.5248"], w)
L = e.line("output_dim1 = 0.4752*0.6")
e.claim(L, "weights restated", ["0.4752", "0.5248"], w, cause="carried")
e.claim(L, "output dim 1", ["0.6525"], [out[0]])
L = e.line("output_dim2 = 0.4752*0.8")
e.claim(L, "weights restated", ["0.4752", "0.5248"], w, cause="carried")
e.claim(L, "output dim 2", ["0.8525"], [out[1]])
e.claim(e.line("output = [0.6525, 0.8525]"), "output", ["0.6525", "0.8525"], out)
e.done()
