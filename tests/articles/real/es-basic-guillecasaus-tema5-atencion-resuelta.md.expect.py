# Expected verdicts for es-basic-guillecasaus-tema5-atencion-resuelta.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A student's own answers (Guillecasaus) to a Spanish course sheet: self-attention by hand and sizing a Transformer.
# Inputs: Q = [[1,0],[0,1],[1,1]], K = [[1,0],[0,1],[0.5,0.5]], V = [[1,2],[3,4],[5,6]], d_k = 2 (scaled by sqrt 2).
#   QK^T = [[1,0,0.5],[0,1,0.5],[1,1,1]]; scaled = [[0.70711,0,0.35355],[0,0.70711,0.35355],[0.70711]*3];
#   e^{0.70711} = 2.02812, e^{0.35355} = 1.42412 (4 places: 1.4241); row sums 4.45223 and 6.08434;
#   softmax rows [0.45553, 0.22461, 0.31987], [0.22461, 0.45553, 0.31987], [1/3]*3;
#   output A V = [[2.72868, 3.72868], [3.19052, 4.19052], [3, 4]].
#   Q[0] = [10,0]: scores [10,0,5], scaled [7.0711, 0, 3.5355], e^{7.0711} = 1177.40, e^{3.5355} = 34.313,
#   weight 0.97088.  Sizing: vocab 32000, d_model 1024, 16 heads, 24 layers, d_ff 4096 -> 335,077,376 parameters,
#   x 4 bytes = 1,340,309,504 bytes = 1.34 GB (decimal), x 4 = 5.36 GB, 80 / 5.36 = 14.9; 10-20 tokens/parameter
#   -> 3.35B-6.7B tokens; tying saves 32,768,000 = 9.78 % of 335,077,376.
# Wrong lines (5):
#   "exp(0.3536) = 1.4243" (twice): e^{0.35355} = 1.42412 -> 1.4241 (slip; even e^{0.3536} = 1.42419 gives 1.4242);
#   "Suma = 4.4524" (twice): 2.02812 + 1 + 1.42412 = 4.45223 -> 4.4522 (carried from 1.4243);
#   "Suma = 6.0844": 3 x 2.02812 = 6.08434 -> 6.0843 (slip);
#   Output rows 1 and 2 "[2.7288, 3.7288]" and "[3.1906, 4.1906]": exact 2.7287, 3.7287, 3.1905, 4.1905
#   (drift: right from the 4-decimal weights, 0.4555 + 0.6738 + 1.5995 = 2.7288).
# Ambiguous: "1180" (how e^{7.071} = 1177.4 was rounded is not stated); "0.9999" (the rounded weights' sum, right as
#   written, the exact row sum is 1); "1.2-1.5 mil millones de tokens" and "entre 2 y 5 veces" (rough ranges).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="es", topics=["basic", "softmax", "complexity", "params", "homework"])

Q = M([["1", "0"], ["0", "1"], ["1", "1"]])
K = M([["1", "0"], ["0", "1"], ["0.5", "0.5"]])
V = M([["1", "2"], ["3", "4"], ["5", "6"]])
r2 = sp.sqrt(2)
S = Q * K.T
Ss = S / r2
A = softmax_rows(Ss)
O = A * V
E = Ss.applyfunc(sp.exp)


def ln(needle, nth=1, after=0):
    return e.line(needle, nth, after)


# --- inputs ---------------------------------------------------------------------------
L = ln("Q = [[1, 0],")
for k in range(3):
    e.given(L + k, f"Q row {k + 1}")
L = ln("K = [[1, 0],")
for k in range(3):
    e.given(L + k, f"K row {k + 1}")
L = ln("V = [[1, 2],")
for k in range(3):
    e.given(L + k, f"V row {k + 1}")
e.given(ln("dimensión d_k = 2"), "d_k = 2")
L = ln("K^T = [[1,    0,   0.5],")
e.given(L, "K^T row 1 (restated)")
e.given(L + 1, "K^T row 2 (restated)")

# --- step 1 ---------------------------------------------------------------------------
L = ln("Scores = [[1.0,  0.0,  0.5],")
e.rows([L, L + 1, L + 2], "QK^T", [["1.0", "0.0", "0.5"], ["0.0", "1.0", "0.5"], ["1.0", "1.0", "1.0"]], S)
e.claim(ln("scores[2][2] = 1.0"), "largest score", ["1.0"], [S[2, 2]])

# --- step 2 ---------------------------------------------------------------------------
e.claim(ln("sqrt(2) = 1.4142"), "sqrt 2", ["1.4142"], [r2])
L = ln("Scaled_Scores = [[0.7071,")
e.rows([L, L + 1, L + 2], "QK^T / sqrt 2",
       [["0.7071", "0.0000", "0.3536"], ["0.0000", "0.7071", "0.3536"], ["0.7071", "0.7071", "0.7071"]], Ss)

# --- step 3: the three rows written out -------------------------------------------------
starts = [ln("**Fila 1** (Token 1 como query):"), ln("**Fila 2** (Token 2 como query):"),
          ln("**Fila 3** (Token 3 como query):")]
printed_soft = [["0.4555", "0.2246", "0.3199"], ["0.2246", "0.4555", "0.3199"], ["0.3333", "0.3333", "0.3333"]]
for i, st in enumerate(starts):
    for j in range(3):
        L = ln(f"exp(scaled_scores[{i}][{j}])", after=st)
        text = e.lines[L - 1]
        arg, val = text.split("exp(")[2].split(")")[0], text.rsplit("= ", 1)[1].strip()
        e.claim(L, f"scaled score ({i},{j})", [arg], [Ss[i, j]])
        cause = "slip"
        e.claim(L, f"exp of scaled score ({i},{j})", [val], [E[i, j]], cause=cause)
    L = ln("Suma = ", after=st)
    total = sum(E.row(i))
    e.claim(L, f"row {i + 1} sum of exponentials", [e.lines[L - 1].split("= ")[1].strip()], [total],
            cause="carried" if i < 2 else "slip")
    L = ln("Softmax = [", after=st)
    e.claim(L, f"softmax row {i + 1}", printed_soft[i], A.row(i))

L = ln("Attention_Weights = [[0.4555,")
e.rows([L, L + 1, L + 2], "attention weights", printed_soft, A)
L = ln("**Comprobación de que cada fila suma 1:**")
e.claim(L, "row sums of the weights", ["1.0000"], [sum(A.row(0))])
e.ambiguous(L, "0.9999 adds the rounded weights 0.3333 x 3 (right as written); the exact row sum is 1")

# --- step 4 ---------------------------------------------------------------------------
L = ln("Output = [[2.7288, 3.7288],")
e.rows([L, L + 1, L + 2], "output A V", [["2.7288", "3.7288"], ["3.1906", "4.1906"], ["3.0000", "4.0000"]], O,
       cause="drift")

# --- reflection ---------------------------------------------------------------------------
L = ln("reparte su atención a partes iguales")
e.claim(L, "weights of token 3", ["0.3333"], [A[2, 0]])
e.claim(L, "output of token 3", ["3.0", "4.0"], list(O.row(2)))
e.claim(L, "mean of the values", ["[3,4]"[1], "[3,4]"[3]], [3, 4])
L = ln("Si Q[0] pasa de [1, 0] a [10, 0]")
q0 = M([["10", "0"]])
s0 = q0 * K.T
e.given(L, "new query [10, 0]")
e.claim(L, "scores of [10,0]", ["10", "5"], [s0[0], s0[2]])
e.claim(L, "scaled scores of [10,0]", ["7.071", "3.536"], [s0[0] / r2, s0[2] / r2])
e.claim(L, "e^{3.536}", ["34.3"], [sp.exp(s0[2] / r2)])
w0 = sp.exp(s0[0] / r2) / sum(sp.exp(x / r2) for x in s0)
e.claim(L, "first weight", ["0.97"], [w0])
e.ambiguous(L, "1180 stands for e^{7.071} = 1177.4; the rounding used (3 significant figures?) is not stated")

# --- exercise 4: sizing ------------------------------------------------------------------
vocab, d, H, layers, dff = 32000, 1024, 16, 24, 4096
e.given(ln("1x NVIDIA A100 (80 GB VRAM)"), "hardware and data budget")
L = ln("| num_heads (cabezas de atención) | 16 |")
e.claim(L, "d_k per head", ["64"], [R(d, H)])
L = ln("| d_ff (dimension feed-forward) | 4096 |")
e.claim(L, "4 d_model", ["4096"], [4 * d])
for needle in ("| d_model (dimensión del modelo) | 1024 |", "| num_layers (capas) | 24 |",
               "| seq_length (longitud maxima) | 4096 |", "| vocab_size (tamaño del vocabulario) | 32000 |",
               "| dropout | 0.1 |"):
    e.given(ln(needle), "chosen hyperparameter")

emb = vocab * d
att = 4 * d * d + 4 * d
ffn = d * dff + dff + dff * d + d
lnp = 2 * (2 * d)
per = att + ffn + lnp
total = emb + layers * per
L = ln("Params_embedding = 32000 * 1024 = 32,768,000")
number_claim(e, L, "embedding parameters", "32,768,000", emb)
L = ln("Params_attention = 4 * 1024 * 1024 + 4 * 1024 =")
number_claim(e, L, "4 d^2", "4,194,304", 4 * d * d)
number_claim(e, L, "attention parameters", "4,198,400", att)
L = ln("Params_ffn      = 1024 * 4096")
number_claim(e, L, "FFN parameters", "8,393,728", ffn)
L = ln("Params_layernorm = 2 * (2 * 1024) = 4,096")
number_claim(e, L, "LayerNorm parameters", "4,096", lnp)
L = ln("Total por capa  =")
number_claim(e, L, "parameters per layer", "12,596,224", per)
L = ln("24 capas = 24 * 12,596,224 = 302,309,376")
number_claim(e, L, "24 layers", "302,309,376", layers * per)
L = ln("Total = 32,768,000 + 302,309,376 = 335,077,376 parametros")
number_claim(e, L, "total parameters", "335,077,376", total)
number_claim(e, ln("Total = 335,077,376 parametros", after=L), "total parameters (restated)", "335,077,376", total)
e.claim(ln("En millones: 335 M"), "total in millions", ["335"], [R(total, 10**6)], rounded_int=True)
L = ln("Memoria modelo (FP32) = 335,077,376 * 4 bytes")
number_claim(e, L, "FP32 bytes", "1,340,309,504", 4 * total)
e.claim(L, "FP32 GB (decimal)", ["1.34"], [R(4 * total, 10**9)])
L = ln("Memoria entrenamiento (aprox.) = 1.34 * 4 = 5.36 GB")
e.claim(L, "training memory x 4", ["5.36"], [R(16 * total, 10**9)])
e.claim(ln("(~15x disponible)"), "80 GB / 5.36 GB", ["15"], [80 / R("5.36")], rounded_int=True)

L = ln("| BERT-base | 110M |")
for k in range(4):
    e.given(L + k, "reference model row")
L = ln("Con ~335M parametros")
e.claim(L, "own model size", ["335"], [R(total, 10**6)], rounded_int=True)
e.given(L, "GPT-2 Medium 355M, 24 layers, 1024, 16 heads (reference)")
L = ln("5 GB de texto en español")
e.ambiguous(L, "1.2-1.5 billion tokens for 5 GB is a rough estimate (bytes per token not stated)")
e.claim(L, "10 tokens per parameter", ["3.35"], [R(10 * total, 10**9)])
e.claim(L, "20 tokens per parameter", ["6.7"], [R(20 * total, 10**9)])
e.ambiguous(L, "'entre 2 y 5 veces' is a rough ratio (3.35/1.5 = 2.2 to 6.7/1.2 = 5.6)")
e.given(ln("(por ejemplo 1536 o 2048)"), "candidate widths")
L = ln("Sí usaría weight tying")
number_claim(e, L, "tied parameters", "32,768,000", emb)
e.claim(L, "share of the total", ["10%"], [R(emb, total)])

e.done()
