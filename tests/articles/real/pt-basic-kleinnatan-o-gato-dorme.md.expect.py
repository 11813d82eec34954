# Expected verdicts for pt-basic-kleinnatan-o-gato-dorme.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the three 4-d vectors o = (2,0,0,0), gato = (0,3,1,0), dorme = (0,1,1,0); attention "without weights"
# (Q = K = V = the vectors), scores / sqrt(d) with d = 4, row softmax, weighted sum of the same vectors.
# Exact: dorme row scores [0, 4, 2] -> [0, 2, 1] -> softmax [0.0900306, 0.665241, 0.244728];
# z = [0.180061, 2.24045, 0.909969, 0]; full 3x3 weights (the "Buraco 1" table):
#   o:     [0.786986, 0.106507, 0.106507]
#   gato:  [0.00637746, 0.946584, 0.0470387]
#   dorme: [0.0900306, 0.665241, 0.244728]
# Also: nn.Embedding(1024, 128) has 131072 weights; 128 / 4 heads = 32 per head; n*n products: 128 -> 16384,
# 1000 -> 10^6, 100000 -> 10^10.  The per-layer distance table was measured on the trained model (not printed
# inputs): ambiguous.  The illustrative "99,9%" of a saturated softmax: ambiguous.  The "22 posições" of a sentence shown only in a figure: ambiguous.
# No wrong lines.  Numbers use decimal commas ("0,18", "5,5"), thousands dots ("131.072", "16.384") and
# LaTeX "0{,}09".
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees, parse, dotted_int_claim

e = Expect(__file__, language="pt", topics=["basic", "softmax", "percent", "output", "mha", "complexity"])

X = M([[2, 0, 0, 0], [0, 3, 1, 0], [0, 1, 1, 0]])
d = 4
S = X * X.T
A = softmax_rows(S / sp.sqrt(d))
z = A.row(2) * X


def latex_comma_claim(line, what, printed, exact):
    """Numbers printed as LaTeX '0{,}09' (a decimal comma in braces)."""
    text = e.lines[line - 1]
    ent = e._entry(line)
    bad = []
    for p, x in zip(printed, exact):
        assert p in text, (line, p)
        if not agrees(p.replace("{,}", ","), x):
            bad.append({"printed": p, "exact": str(sp.N(x, 6))})
    item = {"what": what, "printed": list(printed)}
    if bad:
        item.update(wrong=bad, cause="slip")
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


# embedding table
e.given(e.line("nn.Embedding(1024, 128)"), "vocabulary 1024, width 128")
dotted_int_claim(e, e.line("são 131.072 pesos"), "embedding weights 1024 x 128", "131.072", 1024 * 128)
e.ambiguous(e.line("voltar 22 posições"), "the sentence is shown only in a figure; the distance cannot be recounted")

# inputs
e.given(e.line("| `o` | (2, 0, 0, 0) |"), "vector o")
e.given(e.line("| `gato` | (0, 3, 1, 0) |"), "vector gato")
e.given(e.line("| `dorme` | (0, 1, 1, 0) |"), "vector dorme")
e.given(e.line("quantos números tem cada vetor (aqui, 4)"), "d = 4")

# step 1: dot products of dorme with each word
e.claim(e.line("`0·2 + 1·0 + 1·0 + 0·0 = 0`"), "dorme · o", "0", S[2, 0])
e.claim(e.line("`0 + 3 + 1 + 0 = 4`"), "dorme · gato", "4", S[2, 1])
e.claim(e.line("`0 + 1 + 1 + 0 = 2`"), "dorme · dorme", "2", S[2, 2])

# step 2: divide by sqrt(d)
L = e.line("Como `√4 = 2`")
e.claim(L, "sqrt(4)", "2", sp.sqrt(4))
e.claim(L, "scaled scores of dorme", ["0", "2", "1"], [S[2, j] / 2 for j in range(3)])

# step 3: softmax
L = e.line("**9%, 67% e 24%**")
e.claim(L, "softmax of dorme", ["9%", "67%", "24%"], [A[2, j] for j in range(3)])

# step 4: weighted sum
L = e.line("$$z = 0{,}09")
latex_comma_claim(L, "restated weights", ["0{,}09", "0{,}67", "0{,}24"], [A[2, j] for j in range(3)])
e.given(L, "restated vectors")
e.claim(e.line("Sai `(0,18, 2,24, 0,91, 0)`"), "output z of dorme", ["0,18", "2,24", "0,91", "0"], z)

# figure alt text restating the four steps
L = e.line('alt="Os quatro passos')
e.claim(L, "dot products (figure)", ["0", "4", "2"], [S[2, j] for j in range(3)])
e.claim(L, "scaled scores (figure)", ["0", "2", "1"], [S[2, j] / 2 for j in range(3)])
e.claim(L, "softmax (figure)", ["9%", "67%", "24%"], [A[2, j] for j in range(3)])

e.ambiguous(e.line("com 99,9% numa palavra"), "illustrative figure for a saturated softmax; no scores are given for it")

# Buraco 1: the full weight table
L = e.line("| `o` | **79%** | 11% | 11% |")
e.rows([L, L + 1, L + 2], "attention without weights (3x3)",
       [["79%", "11%", "11%"], ["1%", "95%", "5%"], ["9%", "67%", "24%"]], A)

# heads
L = e.line("cada cabeça trabalha com 32")
e.given(L, "4 heads, width 128")
e.claim(L, "head width 128 / 4", "32", R(128, 4))
e.given(e.line("vocabulário de 1.024"), "vocabulary size restated")

# per-layer statistics of the trained model
e.given(e.line("frase de 34 tokens"), "sentence length")
L = e.line("| 1 | 5,5 tokens | 17% |")
for k in range(4):
    e.ambiguous(L + k, "measured on the trained model's attention maps; not recomputable from the article")

# window cost n x n
dotted_int_claim(e, e.line("| 128 (o nosso) | 16.384 |"), "128 x 128 products", "16.384", 128 * 128)
e.claim(e.line("| 1.000 | 1 milhão |"), "1000 x 1000 products in millions", "1", R(1000 * 1000, 10**6))
e.claim(e.line("| 100.000 | 10 bilhões |"), "100000 x 100000 products in billions", "10", R(100000 * 100000, 10**9))
e.done()
