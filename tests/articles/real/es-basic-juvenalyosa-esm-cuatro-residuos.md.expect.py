# Expected verdicts for es-basic-juvenalyosa-esm-cuatro-residuos.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Spanish bioinformatics lesson (juvenalyosa/bioinformatica-practica, lesson 17.3, protein language models) that works
# scaled dot-product attention by hand on the peptide C A K C.  Decimal commas, mostly in LaTeX braces ("0{,}472"),
# tuples separated by ";" and pmatrix inputs.
# Inputs: d_k = 2, Q = [[2,0],[0,1],[0.5,1],[2,0]], K = [[2,0],[0,1],[0,1],[2,0]], V = [[1,0],[0,1],[0,1],[1,0]].
# Exact values:
#   q1.K^T = (4,0,0,4); /sqrt2 -> (2.828427, 0, 0, 2.828427); sqrt2 = 1.414214.
#   e^{2 sqrt2} = 16.918828; row sum 2 e^{2 sqrt2} + 2 = 35.837656; A_1 = (0.472095, 0.027904, 0.027904, 0.472095);
#   z_1 = (0.944190, 0.055809).
#   Lysine q3 = (0.5, 1): q3.K^T = (1,1,1,1), /sqrt2 = 0.707107, uniform weights 0.25, output (0.5, 0.5).
#   Alanine q2 = (0, 1): scores (0, 0.707107, 0.707107, 0); weights (0.165124, 0.334876, 0.334876, 0.165124).
#   20 heads x (76 + 2)^2 = 121 680; sqrt(64) = 8; 480 / 20 = 24; residues 1 and 17 are 16 positions apart.
# Wrong lines (1):
#   "Paso 2": the denominator printed 35{,}9 is wrong: the exact row sum is 35.837656 -> 35,8 (and the printed operands
#   16,9 + 1 + 1 + 16,9 also give 35,8).  It is what e^{2,83} = 16.9455 (from the author's rounded score 2,83) gives:
#   2 x 16.9455 + 2 = 35.891 -> 35,9.  Cause: drift.  The weights 0,472 / 0,028 on the same line are right end to end.
#   (Re-checked with numpy: 2*np.exp(2*np.sqrt(2))+2 = 35.8377, 2*np.exp(2.83)+2 = 35.8910.)
# Every other printed number agrees; no ambiguous line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, agrees, sp, softmax_rows, grouped_int_claim

e = Expect(__file__, language="es", topics=["basic", "softmax-row", "decimal-comma", "latex-brace-comma", "pmatrix"])


def brace_claim(line, what, printed, exact, cause="slip"):
    """Numbers printed as LaTeX '0{,}472' (decimal comma in braces) or plain; recorded like Expect.claim."""
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


Q = M([["2", "0"], ["0", "1"], ["0.5", "1"], ["2", "0"]])
K = M([["2", "0"], ["0", "1"], ["0", "1"], ["2", "0"]])
V = M([["1", "0"], ["0", "1"], ["0", "1"], ["1", "0"]])
dk = 2
raw = Q * K.T
S = raw / sp.sqrt(dk)
A = softmax_rows(S)
Z = A * V

# --- intuition -------------------------------------------------------------------------
e.given(e.line("el residuo 1 y el 17 forman"), "residues 1 and 17")
brace_claim(e.line("pesar de estar a 16 posiciones"), "17 - 1", ["16"], [17 - 1])
e.given(e.line("Imagine 76 asistentes"), "76 positions (ubiquitin length)")

# --- worked example ----------------------------------------------------------------------
e.given(e.line("Usamos el péptido `C A K C`, con $d_k=2$"), "d_k = 2")
L = e.line("Q=\\begin{pmatrix}")
e.given(L, "Q")
e.given(L + 1, "K")
e.given(L + 2, "V")

L = e.line("**Paso 1 (Cys1).**")
brace_claim(L, "q1 . K^T", ["4", "0", "0", "4"], list(raw.row(0)))
L = e.line("Dividido entre $\\sqrt2=1{,}414$")
brace_claim(L, "sqrt 2", ["1{,}414"], [sp.sqrt(2)])
brace_claim(L, "scaled scores of Cys1", ["2{,}83", "0", "0", "2{,}83"], list(S.row(0)))

L = e.line("**Paso 2.**")
brace_claim(L, "e^{2 sqrt2} (printed as e^{2,83})", ["16{,}9"], [sp.exp(2 * sp.sqrt(2))])
brace_claim(L, "row sum 2 e^{2 sqrt2} + 2 (exact 35.837656; 35,9 comes from e^{2,83})", ["35{,}9"],
            [2 * sp.exp(2 * sp.sqrt(2)) + 2], cause="drift")
brace_claim(L, "softmax row of Cys1", ["0{,}472", "0{,}028", "0{,}028", "0{,}472"], list(A.row(0)))

L = e.line("**Paso 3.**")
brace_claim(L, "weights restated", ["0{,}472", "0{,}028"], [A[0, 0], A[0, 1]])
brace_claim(L, "z_1", ["0{,}944", "0{,}056"], list(Z.row(0)))

L = e.line("**La lisina** tiene")
e.given(L, "q3 = (0.5, 1) restated")
brace_claim(L, "lysine raw scores", ["1", "1", "1", "1"], list(raw.row(2)))
brace_claim(L, "lysine scaled score", ["0{,}707"], [S[2, 0]])
L = e.line("que atiende **por igual**")
brace_claim(L, "lysine weights and output", ["0{,}25", "0{,}5", "0{,}5"], [A[2, 0], Z[2, 0], Z[2, 1]])
e.given(e.line("La consulta de la alanina (fila 2) es $(0, 1)$"), "q2 restated")

e.given(e.line("# Ejemplo del libro: atención con cuatro residuos (C A K C), d_k = 2"), "d_k = 2 (code comment)")
e.given(e.line("Q = np.array("), "Q (code)")
e.given(e.line("K = np.array("), "K (code)")
e.given(e.line("V = np.array("), "V (code)")

L = e.line("El cálculo reproduce las cifras del libro")
brace_claim(L, "softmax row of Cys1 (restated)", ["0{,}472", "0{,}028", "0{,}028", "0{,}472"], list(A.row(0)))
L = e.line("la lisina reparte $0{,}25$")
brace_claim(L, "z_1 and lysine weight (restated)", ["0{,}944", "0{,}056", "0{,}25"], [Z[0, 0], Z[0, 1], A[2, 0]])
L = e.line("2 y 3 (0,335 cada una)")
brace_claim(L, "alanine weights on positions 2 and 3", ["0,335"], [A[1, 1]])
L = e.line("pequeñas (0,707 frente a 0)")
brace_claim(L, "alanine scaled scores", ["0,707", "0"], [S[1, 1], S[1, 0]])

# --- ESM-2 configurations (inputs) ---------------------------------------------------------
for tag in ("`t6_8M`", "`t12_35M`", "`t33_650M`", "`t36_3B`", "`t48_15B`"):
    e.given(e.line(f"| ESM-2 {tag}"), f"ESM-2 {tag} configuration")
e.given(e.line("¿Cuántos pesos $A_{ij}$ calcula una capa de ESM-2 35M"), "question (c): ESM-2 35M")
L = e.line("(c) $20 \\text{ cabezas}\\times78^2")
grouped_int_claim(e, L, "20 heads x 78^2 (76 residues + 2 special tokens)", "121\\,680", 20 * 78 ** 2, sep="\\,")

# --- why divide by sqrt(d_k) -------------------------------------------------------------------
e.given(e.line("de media 0 y varianza 1, el producto escalar"), "assumption: mean 0, variance 1")
e.given(e.line("suma $d_k$ términos de media 0"), "variance of each term is 1")
brace_claim(e.line("$d_k=64$ la desviación típica sería 8"), "sqrt(64)", ["8"], [sp.sqrt(64)])
e.given(e.line("Dividir entre $\\sqrt{d_k}$ devuelve la varianza a 1."), "variance back to 1")
brace_claim(e.line("crece como $\\sqrt{d_k}$ (≈ 8 con"), "sqrt(64) in the simulation", ["8"], [sp.sqrt(64)])
e.given(e.line("> $d_k=64$) y la posición favorita"), "d_k = 64 restated")
brace_claim(e.line("$d_k = 480/20 = 24$"), "480 / 20", ["24"], [R(480, 20)])
e.done()
