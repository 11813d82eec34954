# Expected verdicts for es-basic-albeertocg-tema5-solucion-latex.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A student's LaTeX write-up of the course exercise (same inputs as es-basic-alvarogch-aa2-tema5-ejercicios):
# Q = [[1,0],[0,1],[1,1]], K = [[1,0],[0,1],[0.5,0.5]], V = [[1,2],[3,4],[5,6]], d_k = 2.
# Exact: e^(1/sqrt2) = 2.028115, e^(0.5/sqrt2) = 1.424119 (printed 1.4243: slip; even e^0.3536 = 1.424185);
# row sums 4.452234 (printed 4.4524 = 2.0281 + 1 + 1.4243: carried) and 6.084345 (printed 6.0844: slip);
# weights [0.455527, 0.224606, 0.319866]; output [[2.728677, 3.728677], [3.190520, 4.190520], [3, 4]]:
# the printed 2.7288/3.7288 and 3.1906/4.1906 and several products (0.9110, 1.5995, 1.9194, 1.3665) come from
# the 4-place weights (drift). Ejercicio 4: parameter counts for d_model 1024, d_ff 4096, 24 layers, vocab 32,000.
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
ex = sp.exp

# data
D = e.line("## Datos")
L = e.line("Q=", after=D)
for k in range(3):
    e.given(L + 2 + k, f"Q row {k + 1}")
L = e.line("K=", after=D)
for k in range(3):
    e.given(L + 2 + k, f"K row {k + 1}")
L = e.line("V=", after=D)
for k in range(3):
    e.given(L + 2 + k, f"V row {k + 1}")
L = e.line(r"d_k = 2,\quad \sqrt{d_k}=\sqrt{2}\approx 1.4142")
e.given(L, "d_k = 2")
e.claim(L, "sqrt(2)", ["1.4142"], [sp.sqrt(2)])

# step 1
L = e.line("K^T=")
e.claim(L + 2, "K^T row 1", ["1", "0", "0.5"], K.T.row(0))
e.claim(L + 3, "K^T row 2", ["0", "1", "0.5"], K.T.row(1))
L = e.line("Scores = QK^T =")
e.rows([L + 2, L + 3, L + 4], "scores QK^T", [["1", "0", "0.5"], ["0", "1", "0.5"], ["1", "1", "1"]], S)
e.claim(e.line("El score más alto vale **1.0**"), "maximum score", ["1.0"], [max(S)])
e.claim(e.line("- el Token 1 consigo mismo (1.0)"), "score token 1 with itself", ["1.0"], [S[0, 0]])
e.claim(e.line("- el Token 2 consigo mismo (1.0)"), "score token 2 with itself", ["1.0"], [S[1, 1]])
e.claim(e.line("- el Token 3 con todos (1.0"), "scores of token 3", ["1.0"], [S[2, 0]])

# step 2
L = e.line(r"Scaled\_Scores = \frac{Scores}{\sqrt{2}} =")
e.rows([L + 2, L + 3, L + 4], "scaled scores",
       [["0.7071", "0.0000", "0.3536"], ["0.0000", "0.7071", "0.3536"], ["0.7071", "0.7071", "0.7071"]], Ss)

# step 3
e.claim(e.line("### Fila 1: [0.7071, 0.0000, 0.3536]"), "scaled row 1", ["0.7071", "0.0000", "0.3536"], Ss.row(0))
e.claim(e.line("### Fila 2: [0.0000, 0.7071, 0.3536]"), "scaled row 2", ["0.0000", "0.7071", "0.3536"], Ss.row(1))
e.claim(e.line("### Fila 3: [0.7071, 0.7071, 0.7071]"), "scaled row 3", ["0.7071", "0.7071", "0.7071"], Ss.row(2))
L = e.line("- exp(0.7071)=2.0281")
e.claim(L, "exp(0.7071): argument and value", ["0.7071", "2.0281"], [Ss[0, 0], ex(Ss[0, 0])])
L = e.line("- exp(0.0000)=1.0000")
e.claim(L, "exp(0): argument and value", ["0.0000", "1.0000"], [Ss[0, 1], ex(Ss[0, 1])])
L = e.line("- exp(0.3536)=1.4243")
e.claim(L, "exp(0.3536): argument", ["0.3536"], [Ss[0, 2]])
e.claim(L, "exp(0.5/sqrt 2)", ["1.4243"], [ex(Ss[0, 2])])
den = [sum(ex(Ss[i, j]) for j in range(3)) for i in range(3)]
e.claim(e.line("Suma=4.4524", 1), "row 1 sum (2.0281 + 1 + 1.4243)", ["4.4524"], [den[0]], cause="carried")
e.claim(e.line("Suma=4.4524", 2), "row 2 sum (2.0281 + 1 + 1.4243)", ["4.4524"], [den[1]], cause="carried")
e.claim(e.line("- exp(0.7071)=2.0281 (x3)"), "exp(0.7071), three times", ["0.7071", "2.0281"], [Ss[2, 0], ex(Ss[2, 0])])
e.claim(e.line("Suma=6.0844"), "row 3 sum (3 x 2.0281 = 6.0843)", ["6.0844"], [den[2]])
e.claim(e.line("Softmax = **[0.4555, 0.2246, 0.3199]**"), "softmax row 1", ["0.4555", "0.2246", "0.3199"], A.row(0))
e.claim(e.line("Softmax = **[0.2246, 0.4555, 0.3199]**"), "softmax row 2", ["0.2246", "0.4555", "0.3199"], A.row(1))
e.claim(e.line("Softmax = **[0.3333, 0.3333, 0.3333]**"), "softmax row 3", ["0.3333", "0.3333", "0.3333"], A.row(2))
L = e.line(r"Attention\_Weights =")
e.rows([L + 2, L + 3, L + 4], "attention weights",
       [["0.4555", "0.2246", "0.3199"], ["0.2246", "0.4555", "0.3199"], ["0.3333", "0.3333", "0.3333"]], A)

# step 4
P4 = e.line("## Paso 4: Output = Attention_Weights · V")
L = e.line("V=", after=P4)
for k in range(3):
    e.given(L + 2 + k, f"V row {k + 1} (restated)")
chains = {
    (0, 0): ("- Col1: 0.4555·1 + 0.2246·3 + 0.3199·5", ["0.4555", "0.2246", "0.3199"], ["0.4555", "0.6738", "1.5995"], "2.7288"),
    (0, 1): ("- Col2: 0.4555·2 + 0.2246·4 + 0.3199·6", ["0.4555", "0.2246", "0.3199"], ["0.9110", "0.8984", "1.9194"], "3.7288"),
    (1, 0): ("- Col1: 0.2246·1 + 0.4555·3 + 0.3199·5", ["0.2246", "0.4555", "0.3199"], ["0.2246", "1.3665", "1.5995"], "3.1906"),
    (1, 1): ("- Col2: 0.2246·2 + 0.4555·4 + 0.3199·6", ["0.2246", "0.4555", "0.3199"], ["0.4492", "1.8220", "1.9194"], "4.1906"),
}
for (i, c), (needle, w, prods, res) in chains.items():
    L = e.line(needle)
    e.claim(L, f"weights of row {i + 1} restated", w, A.row(i))
    e.claim(L, f"weighted values of row {i + 1}, column {c + 1} (products of the 4-place weights)", prods,
            [A[i, j] * V[j, c] for j in range(3)], cause="drift")
    e.claim(L, f"output [{i + 1}, {c + 1}]", [res], [O[i, c]], cause="drift")
L = e.line("- Col1: (1/3)·1 + (1/3)·3 + (1/3)·5 = **3.0000**")
e.claim(L, "uniform weights of row 3", ["1/3"], [A[2, 0]])
e.claim(L, "output [3, 1]", ["3.0000"], [O[2, 0]])
L = e.line("- Col2: (1/3)·2 + (1/3)·4 + (1/3)·6 = **4.0000**")
e.claim(L, "uniform weights of row 3", ["1/3"], [A[2, 1]])
e.claim(L, "output [3, 2]", ["4.0000"], [O[2, 1]])
L = e.line("Output=", after=P4)
e.rows([L + 2, L + 3, L + 4], "output matrix (row 1 and 2 from the 4-place weights)",
       [["2.7288", "3.7288"], ["3.1906", "4.1906"], ["3.0000", "4.0000"]], O, cause="drift")

# reflection
L = e.line("los pesos son uniformes [1/3,1/3,1/3]")
e.claim(L, "uniform weights of token 3", ["1/3"], [A[2, 0]])
e.claim(L, "mean of the rows of V", ["3", "4"], (V.row(0) + V.row(1) + V.row(2)) / 3)
L = e.line("**Si Q[0] cambia de [1,0] a [10,0]:**")
e.given(L, "Q[0] -> [10, 0]")
L = e.line("se multiplican más o menos por 10")
Q2 = Q.copy(); Q2[0, 0] = 10
e.claim(L, "factor on the first-row scores", ["10"], [(Q2 * K.T)[0, 0] / S[0, 0]])

# Ejercicio 4, parameter counts
vocab, d, layers, dff = 32000, 1024, 24, 4096
emb = vocab * d
att = 4 * d * d + 4 * d
ffn = d * dff + dff + dff * d + d
ln = 2 * (2 * d)
per = att + ffn + ln
tot_layers = layers * per
total = emb + tot_layers
number_claim(e, e.line("Params_embedding = 32,000 * 1,024 = 32,768,000"), "embedding params", "32,768,000", emb)
e.ambiguous(e.line("= 41024*1024 + 4096 = 4,198,400"),
            "operands garbled by Markdown emphasis (4*1024*1024 printed as 41024*1024): the chain as printed "
            "is not an equation, although the result 4,198,400 = 4d^2 + 4d")
e.ambiguous(e.line("= 10244096 + 4096 + 40961024 + 1024 = 8,393,728"),
            "operands garbled by Markdown emphasis (1024*4096 printed as 10244096): the chain as printed "
            "is not an equation, although the result 8,393,728 = 2 d d_ff + d_ff + d")
L = e.line("Params_layernorm = 2*(2d_model) = 2(2048) = 4,096")
number_claim(e, L, "2 d_model", "2048", 2 * d)
number_claim(e, L, "layernorm params", "4,096", ln)
number_claim(e, e.line("Total por capa = 4,198,400 + 8,393,728 + 4,096 = 12,596,224"), "params per layer", "12,596,224", per)
number_claim(e, e.line("24 * 12,596,224 = 302,309,376"), "params of 24 layers", "302,309,376", tot_layers)
e.given(e.line("Con weight tying: 0 extra"), "weight tying")
L = e.line("32,768,000 + 302,309,376 = 335,077,376 ≈ 335M")
number_claim(e, L, "total params", "335,077,376", total)
number_claim(e, L, "total in millions", "335", R(total, 10**6))
e.claim(e.line("Modelo FP32 = 335,077,376 * 4 bytes ≈ 1.34 GB"), "model memory GB (10^9 bytes)", ["1.34"], [R(4 * total, 10**9)])
e.claim(e.line("Entrenamiento aprox (x4) ≈ 5.36 GB"), "training memory, 4 x model", ["5.36"], [R(16 * total, 10**9)])
e.given(e.line("¿Cabe en 80GB?"), "80 GB")
e.given(e.line("GPT-2 Medium (~355M)"), "reference size")
L = e.line("5GB ≈ ~1.3B tokens (aprox)")
e.given(L, "1.3B tokens for 5 GB (assumption), rule of thumb 10-20")
e.claim(L, "tokens per parameter", ["3.9"], [R(13, 10) * 10**9 / total])
e.done()
