# Expected verdicts for de-mask-smashburger-argmin-tf-attention.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# A German course lesson (argmin, "Attention: Queries, Keys und Values", commit 2370f4e) that works a 2x2
# scaled dot-product attention by hand, then the same with a causal mask. Decimal commas in LaTeX braces (0{,}731).
# Inputs: d_k = 4 (scale sqrt 4 = 2); Q = K = [[1,1,0,0],[0,0,1,1]]; V = [[2,0],[0,2]].
# Exact values: Q K^T = [[2,0],[0,2]]; S = Q K^T / 2 = [[1,0],[0,1]]; e = 2.718282, e + 1 = 3.718282;
#   softmax rows [e/(e+1), 1/(e+1)] = [0.731059, 0.268941] and its mirror; A V rows [1.462117, 0.537883] and mirror.
#   Causal mask: S_12 = -inf, so row 1 of the masked scores is (S_11, -inf) = (1, -inf) -> weights (1, 0), output (2, 0).
# Wrong line (1): "Zeile 1 wird (2, -\infty) -> (1, 0)": the masked score row is (1, -inf) (S_11 = 1 after the
#   division by 2; 2 is the unscaled Q K^T entry) -- the author's slip (a later commit of the lesson prints (1, -\infty));
#   the weights (1, 0) and the output (2, 0) on the same line are right.
# Ambiguous (2): "e^{300} ist als float64 nicht mehr darstellbar" is a statement about the float64 range, not a value
#   derived from the lesson's inputs (in fact e^300 = 1.94e130 is representable; float64 overflows above e^709.78);
#   "bei Scores ab etwa 700" is a rough threshold.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees

e = Expect(__file__, language="de", topics=["mask", "basic", "softmax", "latex-pmatrix", "decimal-comma"])


def ln(needle, nth=1, after=0):
    return e.line(needle, nth, after)


def latex_comma_claim(line, what, printed, exact, cause="slip"):
    """Numbers printed as LaTeX '0{,}731' (a decimal comma in braces) or plain integers."""
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


Q = M([[1, 1, 0, 0], [0, 0, 1, 1]])
K = M([[1, 1, 0, 0], [0, 0, 1, 1]])
V = M([[2, 0], [0, 2]])
dk = 4
QK = Q * K.T
S = QK / sp.sqrt(dk)
A = softmax_rows(S)
O = A * V

e.given(ln("Zeilensumme 1"), "softmax rows sum to 1 (definition)")
e.ambiguous(ln("$e^{300}$ ist als `float64`"),
            "a statement about the float64 range, not a value derived from the lesson's inputs (e^300 = 1.94e130 is "
            "representable; float64 overflows only above e^709.78)")
e.given(ln("Token 3 kann also nicht"), "token index")
e.given(ln("genau das Gewicht 0"), "e^-inf = 0 (definition)")

L = ln("Gegeben ($d_k = 4$")
e.given(L, "d_k = 4")
latex_comma_claim(L, "sqrt(d_k)", ["2"], [sp.sqrt(dk)])
e.given(ln("$$Q = \\begin{pmatrix}1&1&0&0"), "Q, K, V")
L = ln("**Schritt 1 — Scores:**")
latex_comma_claim(L, "Q K^T entries", ["2", "0", "0", "2"], [QK[0, 0], QK[0, 1], QK[1, 0], QK[1, 1]])
L = ln("**Schritt 2 — Skalierung:**")
latex_comma_claim(L, "S = Q K^T / 2 (divisor and entries)", ["2", "1", "0", "0", "1"],
                  [sp.sqrt(dk), S[0, 0], S[0, 1], S[1, 0], S[1, 1]])
L = ln("**Schritt 3 — Softmax zeilenweise:**")
latex_comma_claim(L, "e^1 and e^0", ["2{,}718", "1"], [sp.E, sp.exp(0)])
L = ln("Zeile 1: $\\frac{(2{,}718,\\,1)}{3{,}718}")
latex_comma_claim(L, "row 1 exponentials and their sum", ["2{,}718", "3{,}718"], [sp.E, sp.E + 1])
latex_comma_claim(L, "softmax row 1", ["0{,}731", "0{,}269"], [A[0, 0], A[0, 1]])
latex_comma_claim(L, "softmax row 2", ["0{,}269", "0{,}731"], [A[1, 0], A[1, 1]])
L = ln("**Schritt 4 — Mischen:**")
latex_comma_claim(L, "weights restated", ["0{,}731", "0{,}269"], [A[0, 0], A[0, 1]])
latex_comma_claim(L, "output row 1", ["1{,}462", "0{,}538"], [O[0, 0], O[0, 1]])
latex_comma_claim(L, "output row 2", ["0{,}538", "1{,}462"], [O[1, 0], O[1, 1]])
# causal mask: S_12 = -inf; row 1 of the masked scores is (S_11, -inf) = (1, -inf)
Am = sp.Matrix([[1, 0], [A[1, 0], A[1, 1]]])
Om = Am * V
L = ln("**Mit kausaler Maske:**")
assert "(2, -\\infty)" in e.lines[L - 1]
latex_comma_claim(L, "masked score row 1 '(2, -inf)': finite entry S_11", ["2"], [S[0, 0]])
latex_comma_claim(L, "masked weights row 1 (1, 0) and output row 1 (2, 0)", ["1", "0", "2", "0"],
                  [Am[0, 0], Am[0, 1], Om[0, 0], Om[0, 1]])
e.ambiguous(ln("bei Scores ab etwa 700"),
            "a rough threshold (float64 exp overflows above 709.78); 'etwa 700' is not a computed value")
e.given(ln("sodass die Zeilen nicht auf 1 summieren"), "row sum 1 (definition)")
e.given(ln("mit 0 statt $-\\infty$"), "0 as a score (remark)")
e.done()
