# Expected verdicts for es-mask-lelyliliana-transformers-generativos.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Spanish course unit (Unidad 25) on a tiny causal transformer. The worked example is a 3-position causal attention
# done by hand: Q = sqrt(2)*[[1,0],[0,1],[1,1]], K = ln(2)*[[1,0],[0,1],[1,1]], V = [[2,0],[0,2],[2,2]], d_cabeza = 2,
# so QK^T/sqrt(2) = ln(2)*[[1,0,1],[0,1,1],[1,1,2]]. Causal mask: row 1 keeps key 1 (output V1 = [2,0]); row 2 scores
# [0, ln2, (ln2 masked)] -> exponents [1,2,0] -> weights [1/3,2/3,0] -> output [2/3,4/3]; row 3 exponents [2,2,4] ->
# weights [1/4,1/4,1/2] -> output [1.5,1.5]. Lab A: replacing V3 by [100,-100] changes rows 1-2 by 0 with the mask; without
# it rows 1 and 2 both weight V3 by 2/5, so the change is (2/5)*[98,-102] = [39.2,-40.8], max |change| 40.8.
# Also: families 32/8/8 give 64/16/16 documents (breve + detallado); targets 32*(5+9) = 448 and 8*(5+9) = 112;
# CE of p = 2/3 is -ln(2/3) = 0.405465 nats and perplexity exp(CE) = 1.5; temperature: softmax([ln4, ln2, 0]) = [4/7,2/7,1/7],
# and at T = 2 exp(z/2) = [2, sqrt2, 1]. The parameter count 11066 matches PyTorch defaults (biases in every Linear,
# affine LayerNorm) but the article never says whether layers have biases, so it is ambiguous.
# Every checkable number is right; no mistakes in this article.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="es", topics=["causal-mask", "by-hand", "symbolic-inputs", "decimal-comma", "temperature"])

B = M([[1, 0], [0, 1], [1, 1]])
Q = sp.sqrt(2) * B
K = sp.log(2) * B
V = M([[2, 0], [0, 2], [2, 2]])
dk = 2
S = Q * K.T / sp.sqrt(dk)


def causal_softmax(S):
    n = S.rows
    W = sp.zeros(n, n)
    for i in range(n):
        den = sum(sp.exp(S[i, k]) for k in range(i + 1))
        for j in range(i + 1):
            W[i, j] = sp.simplify(sp.exp(S[i, j]) / den)
    return W


W = causal_softmax(S)
O = W * V
Wfull = softmax_rows(S)

e.given(e.line("tiene 26 entradas"), "vocabulary size 26")
e.given(e.line("dimensión 32, a la que"), "d_model 32, 24 positions")
L = e.line("Hay 32/8/8 familias")
e.claim(L, "documents = 2 versions per family", ["64", "16", "16"], [2 * 32, 2 * 8, 2 * 8])
e.given(e.line("puntuaciones = Q @ K.T"), "formula")
L = e.line("Q = sqrt(2) ×")
e.given(L, "Q (input)")
e.given(L + 1, "K (input)")
e.given(L + 2, "V (input)")
L = e.line("En la segunda posición las puntuaciones")
e.claim(L, "row 2 scaled score for key 1 (0; the others are ln(2))", ["0"], [S[1, 0]])
e.claim(L, "row 2 unnormalised exponents with key 3 masked [1,2,0]", ["1", "2", "0"],
        [sp.exp(S[1, 0]), sp.exp(S[1, 1]), 0])
e.claim(L, "row 2 causal weights", ["1/3", "2/3", "0"], W.row(1))
e.claim(L, "row 2 output", ["2/3", "4/3"], O.row(1))
e.claim(L, "row 3 causal weights", ["1/4", "1/4", "1/2"], W.row(2))
e.claim(L, "row 3 output", ["1.5", "1.5"], O.row(2))
e.given(e.line("si V₃ pasa a ser"), "replacement V3 = [100, -100]")
V2 = M([[2, 0], [0, 2], [100, -100]])
dmask = max(abs(x) for x in (W * V2 - W * V)[:2, :])
dfull = max(abs(sp.nsimplify(x)) for x in (Wfull * V2 - Wfull * V)[:2, :])
L = e.line("las salidas anteriores se mueven")
e.claim(L, "max change of rows 1-2 with the causal mask", ["0"], [dmask])
e.claim(L, "max change of rows 1-2 without the mask", ["40,8"], [sp.simplify(dfull)])
e.given(e.line("Usa dos cabezas de 16"), "architecture sizes")
e.ambiguous(e.line("Hay **11066 parámetros**"),
            "parameter count depends on unstated bias/LayerNorm conventions (11066 with biases in every Linear and affine LayerNorm)")
L = e.line("Si la probabilidad es 2/3")
CE = -sp.log(R(2, 3))
e.claim(L, "CE = -ln(2/3)", ["0,405465"], [CE])
e.claim(L, "perplexity exp(CE)", ["1,5"], [sp.exp(CE)])
e.claim(e.line("Son 448 objetivos"), "targets = families * (5 + 9)", ["448", "112"], [32 * (5 + 9), 8 * (5 + 9)])
L = e.line("Con logits `[ln(4), ln(2), 0]`")
z = M([[sp.log(4), sp.log(2), 0]])
e.claim(L, "softmax at T=1", ["4/7", "2/7", "1/7"], softmax_rows(z))
e.claim(L, "exp(z/2) at T=2 (2 and 1; sqrt(2) is symbolic)", ["2", "1"], [sp.exp(z[0] / 2), sp.exp(z[2] / 2)])
e.done()
