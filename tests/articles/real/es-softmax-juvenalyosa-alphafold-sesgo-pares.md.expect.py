# Expected verdicts for es-softmax-juvenalyosa-alphafold-sesgo-pares.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Spanish structural-bioinformatics lesson (juvenalyosa/bioinformatica-practica, lesson 15.2, AlphaFold2) that works one
# softmax attention row by hand, first plain and then with an additive pair bias b_13 = +2 (AlphaFold2's Evoformer).
# Decimal commas in LaTeX braces ("2{,}718"), tuples separated by ";", a thin-space thousands group "154\,449".
# Inputs: q_1.k_j = (2, 1, 0), c = 4, bias (0, 0, 2); N_res = 393 for p53.
# Exact values:
#   sqrt 4 = 2; scaled scores (1, 0.5, 0); e^1 = 2.718282, e^0.5 = 1.648721, e^0 = 1; sum 5.367003;
#   weights (0.506480, 0.307196, 0.186324).
#   With the bias: arguments (1, 0.5, 2); e^2 = 7.389056; sum 11.756059; weights (0.231223, 0.140244, 0.628533).
#   393^2 = 154449.
# Every printed number agrees: the article has no wrong line and no ambiguous line.
# (Re-checked with numpy: softmax([1, .5, 0]) = [0.5065, 0.3072, 0.1863]; softmax([1, .5, 2]) = [0.2312, 0.1402, 0.6285].)
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, agrees, sp, softmax_rows, grouped_int_claim

e = Expect(__file__, language="es", topics=["softmax", "bias", "decimal-comma", "latex-brace-comma", "protein"])


def brace_claim(line, what, printed, exact, cause="slip"):
    """Numbers printed as LaTeX '2{,}718' (decimal comma in braces) or plain; recorded like Expect.claim."""
    text = e.lines[line - 1]
    ent = e._entry(line)
    bad = []
    for p, x in zip(printed, exact):
        assert p in text, (line, p)
        if not agrees(p.replace("{,}", ","), x):
            bad.append({"printed": p, "exact": str(sp.N(x, 6))})
    item = {"what": what, "printed": list(printed)}
    if bad:
        item.update(wrong=bad, cause=cause)
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


qk = sp.Matrix([[2, 1, 0]])
c = 4
z0 = qk / sp.sqrt(c)
b = sp.Matrix([[0, 0, 2]])
z1 = z0 + b
a0 = softmax_rows(z0)
a1 = softmax_rows(z1)

# --- 7.1 pair representation size --------------------------------------------------------
e.given(e.line("(393 para p53)"), "N_res = 393")
grouped_int_claim(e, e.line("$393^2=154\\,449$"), "393^2 pair cells", "154\\,449", 393 ** 2, sep="\\,")

# --- 7.2 hand example ----------------------------------------------------------------------
L = e.line("**Cálculo a mano.**")
e.given(L, "c = 4 and q_1.k_j = (2, 1, 0)")
L = e.line("$\\sqrt4=2$ quedan")
brace_claim(L, "sqrt 4", ["2"], [sp.sqrt(c)])
brace_claim(L, "scaled scores", ["1", "0{,}5", "0"], list(z0))
brace_claim(L, "exponentials", ["2{,}718", "1{,}649"], [sp.E, sp.exp(R(1, 2))])
brace_claim(L, "sum of exponentials", ["5{,}367"], [sp.E + sp.exp(R(1, 2)) + 1])
brace_claim(e.line("Los pesos son $\\alpha_{1\\cdot}="), "weights without bias",
            ["0{,}506", "0{,}307", "0{,}186"], list(a0))
L = e.line("$b_{13}=+2$. Los argumentos pasan a")
e.given(L, "bias b_13 = +2")
brace_claim(L, "biased arguments", ["1", "0{,}5", "2"], list(z1))
brace_claim(L, "exponentials with bias", ["2{,}718", "1{,}649", "7{,}389"], [sp.exp(x) for x in z1])
brace_claim(L, "sum with bias", ["11{,}756"], [sum(sp.exp(x) for x in z1)])
brace_claim(e.line("los pesos a $(0{,}231"), "weights with bias", ["0{,}231", "0{,}140", "0{,}629"], list(a1))

# --- code cell (inputs restated) -------------------------------------------------------------
e.given(e.line("qk = [2, 1, 0]"), "qk (code)")
e.given(e.line("a0 = attention_weights(qk, 4)"), "c = 4 (code)")
e.given(e.line("a1 = attention_weights(qk, 4, b=[0, 0, 2])"), "bias (code)")
e.given(e.line("v = np.array([[1.0, 0.0]"), "toy values (code)")
e.done()
