# Expected verdicts for es-mask-australingai-transformer-por-dentro.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: X (3×4) = [[1,0,1,0],[0,2,0,1],[1,1,1,1]], Wq = I, Wk = permutation (1 2)(3 4), Wv = [[1,0],[0,1],[1,0],[0,1]],
# d_k = 4 (scaled by 2), row softmax; causal mask; sinusoidal PE with d = 4; parameter counts 4d², 8d², 12Nd², 16Nd².
# - Q = X, K = [[0,1,0,1],[2,0,1,0],[1,1,1,1]], V = [[2,0],[0,3],[2,2]]; QKᵀ = [[0,3,2],[3,0,3],[2,3,4]].
# - A = [[0.121952, 0.546549, 0.331499], [0.449816, 0.100368, 0.449816], [0.186324, 0.307196, 0.506480]];
#   A·V = [[0.906901, 2.302646], [1.799265, 1.200735], [1.385608, 1.934548]]: all two-place prints agree.
# - Masked: row 2 = [0.817574, 0.182426, 0]; outputs the [2, 0], cat [1.635149, 0.547278], sat as unmasked: agree.
# - Gradient powers 0.9^12 = 0.282430, 0.9^48 = 0.006362, 1.1^48 = 97.017; LN of [2 0 1 1]: sd 0.707107, ±1.414199
#   (with ε = 1e-5); PE entries; parameter counts 1,048,576 ... 124,318,464; -ln 0.5 = 0.693147, -ln 0.01 = 4.605170: agree.
# Ambiguous lines (no wrong lines):
# - "la fila de "the" daría [2 0 2 1]" with Q = K = X: exact row is [2, 0, 2] for the article's three tokens; the fourth
#   entry is a leftover of an earlier four-token version ("on") and has no value here.
# - "16 millones con 4.096": 4096² = 16,777,216 (16.8 million) given in words as a rough count.
# - "los embeddings 600 M": 50,257 · 12,288 = 617,558,016, a one-significant-figure round number.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="es", topics=["basic", "mask", "mha", "pe", "params", "markdown-table", "decimal-comma"])
X = M([[1, 0, 1, 0], [0, 2, 0, 1], [1, 1, 1, 1]])
Wq = sp.eye(4)
Wk = M([[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]])
Wv = M([[1, 0], [0, 1], [1, 0], [0, 1]])
Q, K, V = X * Wq, X * Wk, X * Wv
S = Q * K.T
Ssc = S / 2
A = softmax_rows(Ssc)
O = A * V
mask = sp.Matrix(3, 3, lambda i, j: -sp.oo if j > i else 0)
Sm = Ssc + mask
Am = sp.zeros(3, 3)
for i in range(3):
    den = sum(sp.exp(Sm[i, k]) for k in range(i + 1))
    for j in range(i + 1):
        Am[i, j] = sp.exp(Sm[i, j]) / den
Om = Am * V


def cells(line_no):
    return [c.strip().replace("*", "") for c in e.lines[line_no - 1].strip().strip("|").split("|")[1:]]


def table_rows(first, what, exact, cause="slip"):
    for i in range(exact.rows):
        ln = first + i
        e.claim(ln, f"{what} row {i + 1}", cells(ln), list(exact.row(i)), cause)


L = e.line("| **the** | 1 | 0 | 1 | 0 |")
for k in range(3):
    e.given(L + k, f"X row {k + 1}")
e.given(e.line("Wq = I, Wk = permutación (1 2)(3 4)"), "weight matrices Wq, Wk, Wv")
L = e.line("| Q = X Wq |")
table_rows(L + 2, "Q", Q)
L = e.line("| K = X Wk |")
table_rows(L + 2, "K", K)
e.claim(e.line("Por eso \"the\", que en X es"), "X row the and key row the", ["1", "0", "1", "0", "0", "1", "0", "1"],
        list(X.row(0)) + list(K.row(0)))
e.claim(e.line("the [2 0], cat [0 3], sat [2 2]"), "V rows", ["2", "0", "0", "3", "2", "2"], list(V))
e.ambiguous(e.line("la fila de \"the\" daría [2 0 2 1]"),
            "with Q = K = X the row of \"the\" is [2, 0, 2] for the three tokens of the article; the printed fourth entry 1 "
            "belongs to a fourth token (\"on\") of an earlier version and has no value here")
L = e.line("| Q Kᵀ | the | cat | sat |")
table_rows(L + 2, "QKᵀ", S)
e.claim(e.line("0·0 + 2·1 + 0·0 + 1·1 = 3"), "QKᵀ[cat, the] expanded", ["0", "0", "2", "1", "0", "0", "1", "1", "3"],
        [Q[1, 0], K[0, 0], Q[1, 1], K[0, 1], Q[1, 2], K[0, 2], Q[1, 3], K[0, 3], S[1, 0]])
ln = e.line("9 con 3 tokens, 16 millones con 4.096")
e.claim(ln, "n² for n = 3", ["9"], [9])
e.ambiguous(ln, "16 millones for 4096² = 16,777,216 is a rough count in words (16.8 million)")
L = e.line("| A = softmax(Q Kᵀ / √4) |")
table_rows(L + 2, "A", A)
ln = e.line("**Dividir por √d_k = 2.**")
e.claim(ln, "√d_k and scaled row cat", ["2", "1,5", "0", "1,5"], [2] + list(Ssc.row(1)))
e.claim(ln, "raw row cat", ["3"], [S[1, 0]])
ln = e.line("Para \"cat\": e^{1,5} = 4,48")
ex = [sp.exp(v) for v in Ssc.row(1)]
e.claim(ln, "exps, sum and weights of row cat", ["4,48", "4,48", "9,96", "0,45", "0,10", "0,45"],
        [ex[0], ex[2], sum(ex)] + list(A.row(1)))
e.claim(e.line("\"cat\" queda como 0,45·the"), "weights of cat", ["0,45", "0,10", "0,45"], list(A.row(1)))
e.claim(e.line("  [0,45 0,10 0,45]  x   cat [0 3]"), "weights of cat (ascii)", ["0,45", "0,10", "0,45"], list(A.row(1)))
e.claim(e.line("  = [1,80 1,20]   nueva \"cat\""), "output cat", ["1,80", "1,20"], list(O.row(1)))
e.claim(e.line("  0,45*2 + 0,10*0 + 0,45*2 = 1,80"), "output cat dim 1", ["0,45", "0,10", "0,45", "1,80"],
        [A[1, 0], A[1, 1], A[1, 2], O[1, 0]])
e.claim(e.line("  0,45*0 + 0,10*3 + 0,45*2 = 1,20"), "output cat dim 2", ["0,45", "0,10", "0,45", "1,20"],
        [A[1, 0], A[1, 1], A[1, 2], O[1, 1]])
L = e.line("| salida A·V | dim 1 | dim 2 |")
table_rows(L + 2, "A·V", O)
L = e.line("| con máscara | the | cat | sat |")
table_rows(L + 2, "masked A", Am)
e.claim(e.line("un score de cero daría peso e^0 = 1"), "e^0", ["0", "1"], [0, 1])
ln = e.line("\"cat\" pasa de [1,80 1,20] a [1,64 0,55]")
e.claim(ln, "unmasked and masked cat, full masked output",
        ["1,80", "1,20", "1,64", "0,55", "2,00", "0", "1,64", "0,55", "1,39", "1,93"],
        list(O.row(1)) + list(Om.row(1)) + list(Om.row(0)) + list(Om.row(1)) + list(Om.row(2)))
e.claim(e.line("512/8 = 64 por cabeza"), "d_k per head", ["512", "8", "64"], [512, 8, R(512, 8)])
e.claim(e.line("con h = 2, habría dos cabezas de dimensión 2"), "head dim and matrix size", ["2", "2", "3", "3"],
        [2, R(4, 2), 3, 3])
ln = e.line("0,9^12 = 0,28   0,9^48 = 0,006")
e.claim(ln, "0.9^12, 0.9^48", ["0,28", "0,006"], [R(9, 10) ** 12, R(9, 10) ** 48])
e.claim(e.line("1,1^48 = 97"), "1.1^48", ["97"], [R(11, 10) ** 48], rounded_int=True)
v = [2, 0, 1, 1]
mu = R(sum(v), 4)
var = sum((x - mu) ** 2 for x in v) / 4
eps = R(1, 10**5)
ln = e.line("**Para el vector [2 0 1 1]:**")
e.claim(ln, "mean, variance, sd", ["1", "0,5", "0,71"], [mu, var, sp.sqrt(var)])
e.claim(ln, "normalized", ["1,41", "-1,41", "0", "0"], [(x - mu) / sp.sqrt(var + eps) for x in v])
e.given(e.line("PE(pos, 2i) = sen(pos / 10000^{2i/d})"), "PE formula, d = 4")
L = e.line("| pos | dim 1 (sen) |")
for pos in range(4):
    ln = L + 2 + pos
    e.claim(ln, f"PE row pos={pos}", cells(ln), [sp.sin(pos), sp.cos(pos), sp.sin(R(pos, 100)), sp.cos(R(pos, 100))])
d1, N1, d2, N2 = 512, 6, 768, 12
Mi = R(1, 10**6)
e.claim(e.line("| **Atención por bloque** |"), "4d²", ["1,05", "2,36"], [4 * d1**2 * Mi, 4 * d2**2 * Mi])
e.claim(e.line("| **Feed-forward por bloque** |"), "8d²", ["2,10", "4,72"], [8 * d1**2 * Mi, 8 * d2**2 * Mi])
e.claim(e.line("| **N bloques de encoder** |"), "12Nd²", ["18,9", "84,9"], [12 * N1 * d1**2 * Mi, 12 * N2 * d2**2 * Mi])
e.claim(e.line("| **N bloques de decoder** |"), "16Nd²", ["25,2"], [16 * N1 * d1**2 * Mi])
ln = e.line("| **Embeddings** |")
e.claim(ln, "37k·512 and 50257·768", ["19", "38,6"], [37000 * 512 * Mi, 50257 * 768 * Mi], rounded_int=True)
ln = e.line("| **Total aprox.** |")
tot1 = (12 * N1 + 16 * N1) * d1**2 + 37000 * 512
tot2 = 12 * N2 * d2**2 + 50257 * 768 + 1024 * 768
e.claim(ln, "totals ~63 M and ~124 M", ["63", "124"], [tot1 * Mi, tot2 * Mi], rounded_int=True)
ln = e.line("los bloques son 174.000 M y los embeddings 600 M")
e.claim(ln, "12·96·12288² in thousands of M (174.000 M, thousands dot)", ["174"], [12 * 96 * 12288**2 * Mi / 1000],
        rounded_int=True)
e.ambiguous(ln, "embeddings 600 M: 50,257 · 12,288 = 617,558,016 (617.6 M), a round number to one significant figure")
ln = e.line("12·12·768² = 84,9 M; 50.257·768 = 38,6 M; 1024·768 = 0,8 M")
e.claim(ln, "hand counts", ["84,9", "38,6", "0,8"], [12 * 12 * 768**2 * Mi, 50257 * 768 * Mi, 1024 * 768 * Mi])
e.claim(e.line("(196 parches)"), "ViT patches", ["196", "768"], [(224 // 16) ** 2, 16 * 16 * 3])
ln = e.line("si el modelo le dio 0,5 al correcto, 0,69")
e.claim(ln, "-ln 0.5 and -ln 0.01", ["0,69", "4,6"], [-sp.log(R(1, 2)), -sp.log(R(1, 100))])
e.done()
