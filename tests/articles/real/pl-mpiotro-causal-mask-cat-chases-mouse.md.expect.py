# Expected verdicts for pl-mpiotro-causal-mask-cat-chases-mouse.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: E (3x2), W_Q = W_K = W_V = I, d_k = 2, causal mask, W_FFN (2x2), W_vocab (2x5).
# The article rounds the scaled scores to 2 places and takes the masked softmax of row 2 from the rounded 0.14 / 0.74
# (0.354 / 0.646 -> 0.35 / 0.65); from the exact scores 0.2/sqrt2 and 1.04/sqrt2 the row is 0.3557 / 0.6443 -> 0.36 / 0.64
# (drift).  Everything computed from that row (output row 2) is carried.  FFN row 3 is 0.6156 / 0.8539 exactly; the printed
# 0.86 comes from the rounded 0.73 / 0.25 (0.855) -> drift; h_mouse, the logits and the restated copies carry it.
# Final probabilities are judged end to end: exact [0.2133, 0.3062, 0.1886, 0.1766, 0.1153]; the printed 0.30 is wrong even
# from the author's own logits (0.3070), so it is a slip; 0.11 follows from the author's logits (0.1148) -> carried.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="pl", topics=["basic", "mask", "causal", "softmax", "output", "ffn", "logits"])
E = M([["1.0", "0.0"], ["0.2", "1.0"], ["0.8", "0.0"]])
WF = M([["0.5", "1.0"], ["1.0", "0.5"]])
WV = M([["1.0", "0.2", "0.8", "0.0", "0.0"], ["0.0", "1.0", "0.0", "0.5", "0.0"]])
S = E * E.T
Ssc = S / sp.sqrt(2)
masked = sp.Matrix(3, 3, lambda i, j: Ssc[i, j] if j <= i else -sp.oo)
A = sp.zeros(3, 3)
for i in range(3):
    den = sum(sp.exp(Ssc[i, k]) for k in range(i + 1))
    for j in range(i + 1):
        A[i, j] = sp.exp(Ssc[i, j]) / den
O = A * E
F = O * WF
h = F.row(2)
logits = h * WV
den = sum(sp.exp(x) for x in logits)
P = [sp.exp(x) / den for x in logits]


def row(line, what, printed, exact, cause="slip"):
    e.claim(line, what, printed, list(exact), cause=cause)


def cells(ln):
    """The numbers of one LaTeX matrix row as printed."""
    return [c.strip() for c in e.lines[ln - 1].replace("\\\\", "").split("&")]


# inputs
e.given(e.line("$d_{model} = 2$"), "d_model = 2")
L = e.line("$$W_{vocab} = ")
e.given(L + 1, "W_vocab row 1")
e.given(L + 2, "W_vocab row 2")
L = e.line("$$E = \\begin{bmatrix}")
for k in range(3):
    e.given(L + 1 + k, f"E row {k + 1}")
for k, tok in enumerate(['"cat"', '"chases"', '"mouse"']):
    e.given(e.line(f"- $E[{k}]"), f"E[{k}] {tok}")
e.given(e.line("(cat=1.0, mouse=0.8, chases=0.2)"), "first coordinates restated")
e.given(e.line("(chases=1.0, reszta=0.0)"), "second coordinates restated")
for name in ("W_Q", "W_K", "W_V"):
    L = e.line(f"$${name} = \\begin{{bmatrix}}")
    e.given(L + 1, f"{name} row 1")
    e.given(L + 2, f"{name} row 2")
for name in ("$$Q = E", "$$K = E", "$$V = E"):
    L = e.line(name)
    for k in range(3):
        row(L + 1 + k, f"{name[2]} = E I row {k + 1}", cells(L + 1 + k), E.row(k))
e.given(e.line("przy $d_k = 2$."), "d_k = 2")

# QK^T
L = e.line("$$QK^T = \\begin{bmatrix}")
for k in range(3):
    row(L + 1 + k, f"Q restated row {k + 1}", cells(L + 1 + k), E.row(k))
L2 = e.line("1.0 & 0.2 & 0.8 \\\\", after=L)
row(L2, "K^T row 1", ["1.0", "0.2", "0.8"], E.T.row(0))
row(L2 + 1, "K^T row 2", ["0.0", "1.0", "0.0"], E.T.row(1))
L3 = e.line("1.0 & 0.2 & 0.8 \\\\", after=L2)
row(L3, "QK^T row 1", ["1.0", "0.2", "0.8"], S.row(0))
row(L3 + 1, "QK^T row 2", ["0.2", "1.04", "0.16"], S.row(1))
row(L3 + 2, "QK^T row 3", ["0.8", "0.16", "0.64"], S.row(2))
e.claim(e.line("\\sqrt{2} \\approx 1.414"), "sqrt(2)", "1.414", sp.sqrt(2))
L = e.line("$$\\frac{QK^T}{\\sqrt{2}} = \\begin{bmatrix}")
row(L + 1, "QK^T/sqrt2 row 1", ["0.71", "0.14", "0.57"], Ssc.row(0))
row(L + 2, "QK^T/sqrt2 row 2", ["0.14", "0.74", "0.11"], Ssc.row(1))
row(L + 3, "QK^T/sqrt2 row 3", ["0.57", "0.11", "0.45"], Ssc.row(2))

# masked scores (written twice) and the mask
L = e.line("+ \\text{Mask} = \\begin{bmatrix}")
for base, what in ((L + 1, "scaled scores before the mask"), (e.line("\\end{bmatrix} = \\begin{bmatrix}", after=L) + 1,
                                                            "masked scaled scores")):
    row(base, f"{what} row 1", ["0.71"], [Ssc[0, 0]])
    row(base + 1, f"{what} row 2", ["0.14", "0.74"], [Ssc[1, 0], Ssc[1, 1]])
    row(base + 2, f"{what} row 3", ["0.57", "0.11", "0.45"], Ssc.row(2))
Lm = e.line("0 & -\\infty & -\\infty \\\\")
for k in range(3):
    e.given(Lm + k, f"causal mask row {k + 1}")

# weights
L = e.line("$$\\text{Attention Weights} = \\text{softmax}")
row(L + 1, "masked softmax row 1", ["1.0", "0.0", "0.0"], A.row(0))
row(L + 2, "masked softmax row 2 (from the rounded 0.14 / 0.74)", ["0.35", "0.65", "0.0"], A.row(1), cause="drift")
row(L + 3, "masked softmax row 3", ["0.40", "0.25", "0.35"], A.row(2))
e.claim(e.line("więc waga = 1.0"), "weight of cat on itself", "1.0", A[0, 0])
Lb = e.line("siebie waży bardziej (0.65)")
e.claim(Lb, "chases on itself", "0.65", A[1, 1], cause="carried")
e.claim(Lb, "chases on cat", "0.35", A[1, 0], cause="carried")
Lb = e.line("najwięcej wagi dostaje")
e.claim(Lb, "mouse weights", ["0.40", "0.35", "0.25"], [A[2, 0], A[2, 2], A[2, 1]])

# output
L = e.line("$$\\text{Attention Out} = ", 2)
row(L + 2, "weights restated row 1", ["1.0", "0.0", "0.0"], A.row(0))
row(L + 3, "weights restated row 2", ["0.35", "0.65", "0.0"], A.row(1), cause="carried")
row(L + 4, "weights restated row 3", ["0.40", "0.25", "0.35"], A.row(2))
Lv = e.line("\\begin{bmatrix}", after=L + 4)
for k in range(3):
    row(Lv + 1 + k, f"V restated row {k + 1}", cells(Lv + 1 + k), E.row(k))
Lo = e.line("\\begin{bmatrix}", after=Lv + 1)
row(Lo + 1, "output row 1", ["1.0", "0.0"], O.row(0))
row(Lo + 2, "output row 2", ["0.48", "0.65"], O.row(1), cause="carried")
row(Lo + 3, "output row 3", ["0.73", "0.25"], O.row(2))
row(e.line("- **\"cat\"** — bez zmian"), "cat output", ["1.0", "0.0"], O.row(0))
Lc = e.line("- **\"chases\"** — z")
row(Lc, "chases input", ["0.2", "1.0"], E.row(1))
row(Lc, "chases output", ["0.48", "0.65"], O.row(1), cause="carried")
Lc = e.line("- **\"mouse\"** — z")
row(Lc, "mouse input", ["0.8", "0.0"], E.row(2))
row(Lc, "mouse output", ["0.73", "0.25"], O.row(2))

# FFN
L = e.line("$$W_{FFN} = \\begin{bmatrix}")
e.given(L + 1, "W_FFN row 1")
e.given(L + 2, "W_FFN row 2")
L = e.line("$$\\text{FFN Out} = ")
row(L + 2, "output restated row 1", ["1.0", "0.0"], O.row(0))
row(L + 3, "output restated row 2", ["0.48", "0.65"], O.row(1), cause="carried")
row(L + 4, "output restated row 3", ["0.73", "0.25"], O.row(2))
Lw = e.line("\\begin{bmatrix}", after=L + 4)
row(Lw + 1, "W_FFN restated row 1", ["0.5", "1.0"], WF.row(0))
row(Lw + 2, "W_FFN restated row 2", ["1.0", "0.5"], WF.row(1))
Lf = e.line("0.50 & 1.00")
row(Lf, "FFN out row 1", ["0.50", "1.00"], F.row(0))
row(Lf + 1, "FFN out row 2", ["0.89", "0.81"], F.row(1))
row(Lf + 2, "FFN out row 3 (0.86 from the rounded 0.73 / 0.25)", ["0.62", "0.86"], F.row(2), cause="drift")

# next token
row(e.line("$$\\text{h_mouse} = "), "h_mouse", ["0.62", "0.86"], h, cause="carried")
L = e.line("$$\\text{logits}=")
row(L, "h_mouse restated", ["0.62", "0.86"], h, cause="carried")
e.given(L + 2, "W_vocab restated row 1")
e.given(L + 3, "W_vocab restated row 2")
row(L + 6, "logits = h_mouse W_vocab", ["0.62", "0.984", "0.496", "0.43", "0.0"], logits, cause="carried")
L = e.line("$$ P = softmax(logits)")
e.claim(L, "logits restated", ["0.62", "0.984", "0.496", "0.43"], list(logits)[:4], cause="carried")
e.claim(L, "P[cat]", "0.21", P[0])
e.claim(L, "P[chases] (0.307 even from the printed logits)", "0.30", P[1], cause="slip")
e.claim(L, "P[mouse], P[quickly]", ["0.19", "0.18"], [P[2], P[3]])
e.claim(L, "P[sleeping] (0.115 exactly; 0.1148 from the printed logits)", "0.11", P[4], cause="carried")
for tok, pct, k, cause in (("cat", "21%", 0, "slip"), ("chases", "30%", 1, "carried"), ("mouse", "19%", 2, "slip"),
                           ("quickly", "18%", 3, "slip"), ("sleeping", "11%", 4, "carried")):
    e.claim(e.line(f"| {tok} | {pct}"), f"P[{tok}] in percent", pct, P[k], cause=cause)
e.done()
