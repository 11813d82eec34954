# Expected verdicts for es-basic-vladimiracunadev-atencion-paso-a-paso.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: one query q = [1, 0], K = [[1, 0], [0, 1], [0.9, 0.1]], V = [[10, 0], [0, 10], [5, 5]], d_k = 2.
# - Dot products [1, 0, 0.9], √2 = 1.414, scaled [0.7071, 0, 0.6364] and e^0.7071 = 2.028 are right.
# - e^{0,636} printed 1,889: exactly e^{0.9/√2} = 1.88966 (1,890); 1,889 is e^0.636 of the rounded score -> drift.
#   The sum 4,917 is 2,028 + 1 + 1,889 from the rounded terms; exactly 4.91777 (4,918) -> drift.
# - α = [0.412405, 0.203344, 0.384251] -> (0,412, 0,203, 0,384) right; "suma = 1,000" right (a softmax sums to 1).
# - Output = α·V = [6.04531, 3.95469]: the partial products 4,12 / 1,92 / 2,03 are right, but 6,04 is
#   4,12 + 1,92 from the rounded weights; exactly 6,05 -> drift.  3,95 is right.
# - Causal-mask example (scores given in the article): softmax([0.32, 0.67]) = [0.4134, 0.5866], printed
#   [0,327, 0,673]; softmax([0.16, 0.15, 0.69]) = [0.2711, 0.2684, 0.4605], printed [0,164, 0,145, 0,691]:
#   both rows look like the scores divided by their sum, not a softmax -> slips.  The first row (1, 0, 0) is right.
# - Side remarks: (2, −1, 0,5) / 1,5 = (1,33, −0,67, 0,33) right; 512 / 8 = 64 right; the typical magnitudes
#   ~1,4 / ~8 / ~23 are √2, √64, √512 (22.6) -> right; the self-check (0,00 · 1,00 · 0,10) is right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="es", topics=["basic", "scaling", "softmax", "output", "causal-mask"])
q = M([["1.0", "0.0"]])
K = M([["1.0", "0.0"], ["0.0", "1.0"], ["0.9", "0.1"]])
V = M([["10.0", "0.0"], ["0.0", "10.0"], ["5.0", "5.0"]])
s = q * K.T
sc = s / sp.sqrt(2)
w = softmax_rows(sc)
out = w * V

e.given(e.line("Q = [ 1,0   0,0 ]"), "query")
for lab in ("K = [ 1,0   0,0 ]", "[ 0,0   1,0 ]   ← clave 1", "[ 0,9   0,1 ]   ← clave 2",
            "V = [ 10,0   0,0 ]", "[  0,0  10,0 ]  ← valor 1", "[  5,0   5,0 ]  ← valor 2"):
    e.given(e.line(lab), "K/V row")
e.claim(e.line("Q·K₀ = 1,0·1,0"), "q·k0", "1,00", s[0, 0])
e.claim(e.line("Q·K₁ = 1,0·0,0"), "q·k1", "0,00", s[0, 1])
e.claim(e.line("Q·K₂ = 1,0·0,9"), "q·k2", "0,90", s[0, 2])
e.claim(e.line("√d_k = √2 = 1,414"), "sqrt(2)", "1,414", sp.sqrt(2))
e.claim(e.line("scores escalados = (0,707"), "scaled scores", ["0,707", "0,000", "0,636"], list(sc))
L = e.line("| 2 | ~1,4 |")
e.claim(L, "typical |q·k| for d_k = 2", "1,4", sp.sqrt(2))
e.claim(e.line("| 64 | ~8 |"), "typical |q·k| for d_k = 64", "8", sp.sqrt(64))
e.claim(e.line("| 512 | ~23 |"), "typical |q·k| for d_k = 512", "23", sp.sqrt(512), rounded_int=True)
e.claim(e.line("e^{0,707} = 2,028"), "e^(1/√2)", "2,028", sp.exp(sc[0]))
e.claim(e.line("e^{0,000} = 1,000"), "e^0", "1,000", sp.exp(sc[1]))
e.claim(e.line("e^{0,636} = 1,889"), "e^(0.9/√2) (1.88966; e^0.636 of the rounded score)", "1,889",
        sp.exp(sc[2]), cause="drift")
e.claim(e.line("suma = 4,917"), "sum of exponentials (4.91777; sum of the rounded terms)", "4,917",
        sum(sp.exp(x) for x in sc), cause="drift")
L = e.line("α = (0,412")
e.claim(L, "weights", ["0,412", "0,203", "0,384"], list(w))
e.claim(L, "weights sum", "1,000", sum(w))
e.claim(e.line("(2, −1, 0,5)` se obtiene"), "scores / their sum", ["1,33", "-0,67", "0,33"],
        [R(2) / R(3, 2), R(-1) / R(3, 2), R(1, 2) / R(3, 2)])
L = e.line("salida = 0,412·(10,0)")
e.claim(L, "weights restated", ["0,412", "0,203", "0,384"], list(w))
e.claim(L + 1, "weights restated", ["0,412", "0,203", "0,384"], list(w))
e.claim(e.line("= ( 4,12 + 0,00 + 1,92"), "partial products",
        ["4,12", "0,00", "1,92", "0,00", "2,03", "1,92"],
        [w[0] * 10, w[1] * 0, w[2] * 5, w[0] * 0, w[1] * 10, w[2] * 5])
e.claim(e.line("= ( 6,04 ,  3,95 )"), "output (6.04531, 3.95469; 6,04 from the rounded weights)",
        ["6,04", "3,95"], list(out), cause="drift")
L = e.line("scores = [ 0,71   −∞")
e.given(L, "masked scores row 1")
e.given(L + 1, "masked scores row 2")
e.given(L + 2, "masked scores row 3")
La = e.line("α      = [ 1,000  0,000  0,000 ]")
e.claim(La, "masked softmax row 1", ["1,000", "0,000", "0,000"], [1, 0, 0])
r2 = softmax_rows(M([["0.32", "0.67"]]))
e.claim(La + 1, "masked softmax row 2 ([0.4134, 0.5866])", ["0,327", "0,673", "0,000"], list(r2) + [0])
r3 = softmax_rows(M([["0.16", "0.15", "0.69"]]))
e.claim(La + 2, "masked softmax row 3 ([0.2711, 0.2684, 0.4605])", ["0,164", "0,145", "0,691"], list(r3))
L = e.line("Con `d_model = 512` y `h = 8`")
e.given(L, "d_model 512, h 8")
e.claim(L, "d_model / h", "64", R(512, 8))
q2 = M([["0.0", "1.0"]])
e.claim(e.line("Los tres productos escalares valen"), "self-check dot products", ["0,00", "1,00", "0,10"],
        list(q2 * K.T))
e.done()
