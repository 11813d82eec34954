# Expected verdicts for es-basic-alvarogch-aa2-tema5-ejercicios.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Ejercicio 1 inputs: Q = [[1,0],[0,1],[1,1]], K = [[1,0],[0,1],[0.5,0.5]], V = [[1,2],[3,4],[5,6]], d_k = 2.
# Exact: e^(1/sqrt2) = 2.028115, e^(0.5/sqrt2) = 1.424119 (not 1.4243: slip; even e^0.3536 = 1.424185),
# row sums 4.452234 (printed 4.4524 = 2.0281 + 1 + 1.4243: carried) and 6.084345 (printed 6.0844; 3 x 2.0281 = 6.0843: slip);
# weights [0.455527, 0.224606, 0.319866] (printed values agree); output [[2.728677, 3.728677], [3.190520, 4.190520], [3, 4]]:
# the printed 2.7288/3.7288 and 3.1906/4.1906 are sums of products of the 4-place weights (drift), as are
# several of the printed products (0.9110, 1.5995, 1.9194, 1.3665, 1.8220, 0.6666, 0.9999, 1.3332, 1.6665, 1.9998).
# Ejercicio 4: integer parameter counts with thousands commas, all exact.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="es", topics=["basic", "softmax", "scaling", "output", "params", "memory"])
Q = M([["1", "0"], ["0", "1"], ["1", "1"]])
K = M([["1", "0"], ["0", "1"], ["0.5", "0.5"]])
V = M([["1", "2"], ["3", "4"], ["5", "6"]])
dk = 2
S = Q * K.T
Ss = S / sp.sqrt(dk)
A = softmax_rows(Ss)
O = A * V
ex = lambda x: sp.exp(x)

# statement
e.given(e.line("para una secuencia de 3 tokens, con d_k = 2"), "3 tokens, d_k = 2")
for needle in ("Q = [[1, 0],", "K = [[1, 0],", "V = [[1, 2],"):
    L = e.line(needle)
    e.given(L, needle[0] + " row 1")
    e.given(L + 1, needle[0] + " row 2")
    e.given(L + 2, needle[0] + " row 3")
e.given(e.line("con 4 decimales como mínimo"), "4 decimals")

# step 1
L = e.line("K^T = [[1,    0,   0.5],")
e.claim(L, "K^T row 1", ["1", "0", "0.5"], K.T.row(0))
e.claim(L + 1, "K^T row 2", ["0", "1", "0.5"], K.T.row(1))
e.claim(e.line("Resultado (3x3):"), "shape of the scores", ["3", "3"], [S.rows, S.cols])
L = e.line("Scores = [[1.0, 0.0, 0.5],")
e.rows([L, L + 1, L + 2], "scores QK^T", [["1.0", "0.0", "0.5"], ["0.0", "1.0", "0.5"], ["1.0", "1.0", "1.0"]], S)
L = e.line("**Respuesta**: empatan el Token 0")
e.claim(L, "maximum scores", ["1.0", "1.0", "1.0"], [S[0, 0], S[1, 1], S[2, 2]])

# step 2
e.given(e.line("Cada score se divide entre sqrt(d_k), con d_k = 2."), "d_k = 2")
e.claim(e.line("sqrt(2) = 1.4142"), "sqrt(2)", "1.4142", sp.sqrt(2))
L = e.line("Scaled_Scores = [[0.7071")
e.rows([L, L + 1, L + 2], "scaled scores",
       [["0.7071", "0.0000", "0.3536"], ["0.0000", "0.7071", "0.3536"], ["0.7071", "0.7071", "0.7071"]], Ss)

# step 3
def exp_line(line, arg, value, what):
    e.claim(line, what + " (argument)", [arg], [Ss[0, 0] if arg == "0.7071" else (0 if arg == "0.0000" else Ss[0, 2])])
    target = {"0.7071": ex(Ss[0, 0]), "0.0000": ex(0), "0.3536": ex(Ss[0, 2])}[arg]
    e.claim(line, what, [value], [target])

for k, row in enumerate([["0.7071", "0.0000", "0.3536"], ["0.0000", "0.7071", "0.3536"], ["0.7071", "0.7071", "0.7071"]]):
    for j, arg in enumerate(row):
        L = e.line(f"exp(scaled_scores[{k}][{j}]) = exp({arg})")
        val = {"0.7071": "2.0281", "0.0000": "1.0000", "0.3536": "1.4243"}[arg]
        exp_line(L, arg, val, f"exp of scaled score [{k}][{j}]")
den = [sum(ex(Ss[i, j]) for j in range(3)) for i in range(3)]
e.claim(e.line("Suma = 4.4524", 1), "row 1 sum (2.0281 + 1 + 1.4243)", "4.4524", den[0], cause="carried")
e.claim(e.line("Suma = 4.4524", 2), "row 2 sum (2.0281 + 1 + 1.4243)", "4.4524", den[1], cause="carried")
e.claim(e.line("Suma = 6.0844"), "row 3 sum (3 x 2.0281 = 6.0843)", "6.0844", den[2])
e.claim(e.line("Softmax = [0.4555, 0.2246, 0.3199]"), "softmax row 1", ["0.4555", "0.2246", "0.3199"], A.row(0))
e.claim(e.line("Softmax = [0.2246, 0.4555, 0.3199]"), "softmax row 2", ["0.2246", "0.4555", "0.3199"], A.row(1))
e.claim(e.line("Softmax = [0.3333, 0.3333, 0.3333]"), "softmax row 3", ["0.3333", "0.3333", "0.3333"], A.row(2))
L = e.line("Attention_Weights = [[0.4555")
e.rows([L, L + 1, L + 2], "attention weights",
       [["0.4555", "0.2246", "0.3199"], ["0.2246", "0.4555", "0.3199"], ["0.3333", "0.3333", "0.3333"]], A)
e.claim(e.line("comprueba que cada fila suma 1.0"), "row sums", "1.0", sum(A.row(0)))
L = e.line("Comprobación: 0.4555+0.2246+0.3199 = 1.0")
e.claim(L, "restated row 1 weights", ["0.4555", "0.2246", "0.3199"], A.row(0))
e.claim(L, "row 1 sum", "1.0", sum(A.row(0)))

# step 4
e.claim(e.line("Resultado (3x2):"), "shape of the output", ["3", "2"], [O.rows, O.cols])
L = e.line("Output = [[2.7288, 3.7288],")
e.rows([L, L + 1, L + 2], "output (sums of products of the 4-place weights)",
       [["2.7288", "3.7288"], ["3.1906", "4.1906"], ["3.0000", "4.0000"]], O, cause="drift")

for k, wts in enumerate([["0.4555", "0.2246", "0.3199"], ["0.2246", "0.4555", "0.3199"], ["0.3333", "0.3333", "0.3333"]]):
    L = e.line(f"Output[{k}] = {wts[0]}×[1,2]")
    e.claim(L, f"weights of row {k + 1} restated", wts, A.row(k))
    e.given(L, "rows of V")
    prods = [A[k, j] * V[j, c] for j in range(3) for c in range(2)]
    printed = {0: ["0.4555", "0.9110", "0.6738", "0.8984", "1.5995", "1.9194"],
               1: ["0.2246", "0.4492", "1.3665", "1.8220", "1.5995", "1.9194"],
               2: ["0.3333", "0.6666", "0.9999", "1.3332", "1.6665", "1.9998"]}[k]
    e.claim(L + 1, f"weighted values of row {k + 1} (products of the 4-place weights)", printed, prods, cause="drift")
    res = {0: ["2.7288", "3.7288"], 1: ["3.1906", "4.1906"], 2: ["3.0000", "4.0000"]}[k]
    e.claim(L + 2, f"output row {k + 1}", res, O.row(k), cause="drift")

# reflection
L = e.line("al Token 2 le tocan pesos iguales")
e.claim(L, "uniform weights of token 3", "1/3", A[2, 0])
e.given(L, "query [1,1]")
e.claim(L, "output of token 3", ["3.0", "4.0"], O.row(2))
L = e.line("(V[0]+V[1]+V[2])/3 = ([1,2]+[3,4]+[5,6])/3 = [3,4]")
e.claim(L, "mean of V", ["3", "4"], (V.row(0) + V.row(1) + V.row(2)) / 3)
e.given(e.line("si Q[0] pasa de [1, 0] a [10, 0]"), "Q[0] -> [10, 0]")
L = e.line("pasa de 1 a 10, diez veces más (10x)")
e.given(L, "K[0] = [1,0]")
e.claim(L, "old and new raw score", ["1", "10"], [S[0, 0], 10 * S[0, 0]])

# Ejercicio 4
for needle in ("| GPU disponible |", "| Datos de entrenamiento |", "| Tiempo de entrenamiento máximo |",
               "| Latencia de inferencia |", "| Longitud máxima de contexto requerida |"):
    e.given(e.line(needle), "constraint")
for needle in ("| d_model (dimensión del modelo) | 1024", "| num_layers (capas) | 24",
               "| seq_length (longitud máxima) | 4096", "| vocab_size (tamaño del vocabulario) | 32000", "| dropout | 0.1"):
    e.given(e.line(needle), "hyper-parameter")
L = e.line("| num_heads (cabezas de atención) | 16")
e.given(L, "16 heads")
e.claim(L, "head dimension 1024/16", "64", R(1024, 16))
L = e.line("| d_ff (dimensión feed-forward) | 4096")
e.claim(L, "d_ff = 4 * d_model", "4096", 4 * 1024)
e.given(e.line("~ 4x tamaño del modelo en FP32"), "training memory ~4x")

vocab, d, layers, dff = 32000, 1024, 24, 4096
emb = vocab * d
att = 4 * d * d + 4 * d
ffn = d * dff + dff + dff * d + d
ln = 2 * (2 * d)
per = att + ffn + ln
tot_layers = layers * per
total = emb + tot_layers
for needle in ("vocab_size = 32,000", "d_model = 1,024", "num_heads = 16", "num_layers = 24", "d_ff = 4,096"):
    e.given(e.line(needle), needle.split(" =")[0])
number_claim(e, e.line("Params_embedding = 32,000 * 1,024 = 32,768,000"), "embedding params", "32,768,000", emb)
L = e.line("Params_attention = 4 * 1,024 * 1,024 + 4 * 1,024")
e.given(L, "attention formula with values")
number_claim(e, L + 1, "4 d^2", "4,194,304", 4 * d * d)
number_claim(e, L + 1, "4 d", "4,096", 4 * d)
number_claim(e, L + 2, "attention params", "4,198,400", att)
L = e.line("Params_ffn = 1,024 * 4,096 + 4,096 + 4,096 * 1,024 + 1,024")
e.given(L, "ffn formula with values")
number_claim(e, L + 1, "d d_ff", "4,194,304", d * dff)
number_claim(e, L + 1, "d_ff bias", "4,096", dff)
number_claim(e, L + 1, "d", "1,024", d)
number_claim(e, L + 2, "ffn params", "8,393,728", ffn)
number_claim(e, e.line("Params_layernorm = 2 * (2 * 1,024) = 4,096"), "layernorm params", "4,096", ln)
number_claim(e, e.line("Total_por_capa = 4,198,400"), "params per layer", "12,596,224", per)
number_claim(e, e.line("Total_capas = 24 * 12,596,224"), "params of 24 layers", "302,309,376", tot_layers)
e.given(e.line("Params_output = 0  (reutilizamos embedding)"), "weight tying")
number_claim(e, e.line("Total = 32,768,000 + 302,309,376 + 0"), "total params", "335,077,376", total)
number_claim(e, e.line("En millones de parámetros: **335 M**"), "total in millions", "335", R(total, 10**6))
L = e.line("Memoria modelo (FP32) = 335,077,376 * 4 bytes")
number_claim(e, L, "bytes", "1,340,309,504", 4 * total)
e.claim(L, "GB (10^9 bytes)", "1.34", R(4 * total, 10**9))
L = e.line("Memoria entrenamiento (aprox.) = 1.34 * 4 = 5.36 GB")
e.claim(L, "training memory, 4 x model", "5.36", R(4 * 4 * total, 10**9))
L = e.line("(solo usa ~6.7% de la VRAM disponible)")
e.claim(L, "share of 80 GB", "6.7%", R(4 * 4 * total, 10**9) / 80)
for needle in ("| BERT-base | 110M", "| GPT-2 Small | 124M", "| GPT-2 Medium | 355M", "| LLaMA-7B | 7B"):
    e.given(e.line(needle), "reference model")
L = e.line("con ~335M parámetros queda cerca de GPT-2 Medium (355M)")
number_claim(e, L, "total in millions", "335", R(total, 10**6))
e.given(L, "reference sizes")
e.claim(L, "x BERT-base (110M)", "3", R(total, 110 * 10**6), rounded_int=True)
e.claim(L, "x GPT-2 Small (124M)", "3", R(total, 124 * 10**6), rounded_int=True)
e.given(e.line("(Regla: ~10-20 tokens por parámetro.)"), "rule of thumb")
L = e.line("5 GB de texto son unos 1.3B tokens")
e.given(L, "1.3B tokens for 5 GB (assumption)")
e.claim(L, "tokens per parameter", "3.9", R(13, 10) * 10**9 / total)
e.given(e.line("de 1024 a 1536 o 2048"), "alternative widths")
e.ambiguous(e.line("Ahorra unos ~32M parámetros"),
            "ballpark '~32M' and '64M → 32M' for the 32,768,000-parameter embedding (65.5M with a separate output): "
            "approximate, truncated figures whose intended precision cannot be decided")
e.done()
