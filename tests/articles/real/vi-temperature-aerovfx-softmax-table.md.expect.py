# Expected verdicts for vi-temperature-aerovfx-softmax-table.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs stated by the article: z = [2.0, 1.0, 0.1]; logits [-5, 3, 0, 10, -2]; logits [2, 3, 8] at T = 0.5, 1, 2, 5, 10.
# - exp/ratio lines (2.1, 3.2): e^2, e^3, e^8, e^1, e^1.5, e^4, e^0.5, e^0.75 and the ratios e^1, e^6, e^0.5, e^3, e^0.25,
#   e^1.5 are all right at their printed places.
# - "sum = 7.39 + 2.72 + 1.11 = 11.22": right as written from the rounded exponentials, but e^2 + e + e^0.1 = 11.212
#   (11.21): arithmetic on rounded operands, an intermediate -> ambiguous.  The softmax [0.659, 0.242, 0.099] is right
#   end to end (0.6590, 0.2424, 0.0986) and so is its check sum 1.000.
# - softmax([-5, 3, 0, 10, -2]) is [0.0000003, 0.0009, 0.00005, 0.9990, 0.000006]; the printed
#   [0.0001, 0.0336, 0.0017, 0.9645, 0.0002] is a slip.  "Sum = 1.0000" is true of any softmax (exactly 1) -> ok.
# - Temperature table for [2, 3, 8]: the T = 0.5 row prints 1.0000 for 0.999948 (0.9999 at 4 places, a hair outside the
#   half-unit: 1 - p = 5.15e-5) -> wrong; its 0.0000 entries and entropy 0.00 are right.  The T = 1
#   row is [0.0025, 0.0067, 0.9909] (0.0024/0.0066 cut), T = 2 [0.0440, 0.0725, 0.8835], T = 5 [0.1805, 0.2204, 0.5991],
#   T = 10 [0.2546, 0.2814, 0.4640]: four wrong rows (slips).  The entropy column fits neither nats nor bits
#   (T = 2: 0.44 nats / 0.63 bits, printed 0.57); the rows are judged on their probabilities only.
# - 25-token example: logits come from np.random (seed 42, the call is only described), so P(token_max) = 0.6231 and
#   P(token_2nd) = 0.2292 cannot be derived from the kept text -> ambiguous; the ratio of the two top probabilities for
#   logits 14 and 13 is e^1 = 2.718 -> "2.72x" ok.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="vi", topics=["temperature", "softmax"])
E = sp.E
ex = sp.exp

e.claim(e.line("e = 2.71828182845904523536"), "Euler's e", "2.71828182845904523536", E)
L = e.line("e^x:    7.39")
e.claim(L, "e^2, e^3, e^8", ["7.39", "20.09", "2980.96"], [ex(2), ex(3), ex(8)])
e.claim(e.line("- x: 3 is 1.5× of 2"), "3/2", "1.5", R(3, 2))
e.claim(e.line("- e^x: 20.09 is 2.7×"), "e^3/e^2", "2.7", ex(1))
e.claim(e.line("- x: 8 is 4× of 2"), "8/2", "4", 4)
e.claim(e.line("- e^x: 2980.96 is 403×"), "e^8/e^2", "403", ex(6), rounded_int=True)

z = [R(2), R(1), R("0.1")]
e.given(e.line("\\mathbf{z} = [2.0, 1.0, 0.1]"), "logits z")
e.claim(e.line("= [7.39, 2.72, 1.11]$$"), "exp(z)", ["7.39", "2.72", "1.11"], [ex(v) for v in z])
e.ambiguous(e.line("\\text{sum} = 7.39 + 2.72 + 1.11 = 11.22"),
            "7.39 + 2.72 + 1.11 = 11.22 is right as written from the rounded exponentials; e^2 + e + e^0.1 = 11.212 (11.21)")
P = softmax_rows(sp.Matrix([z]))
e.claim(e.line("= [0.659, 0.242, 0.099]$$"), "softmax(z)", ["0.659", "0.242", "0.099"], list(P.row(0)))
e.claim(e.line("$$0.659 + 0.242 + 0.099 = 1.000"), "sum of softmax", "1.000", 1)

e.given(e.line("Logits (arbitrary units):  [-5, 3, 0, 10, -2]"), "logits")
P2 = softmax_rows(M([[-5, 3, 0, 10, -2]]))
e.claim(e.line("Probabilities:            [0.0001"), "softmax([-5, 3, 0, 10, -2])",
        ["0.0001", "0.0336", "0.0017", "0.9645", "0.0002"], list(P2.row(0)))
e.claim(e.line("- Sum = 1.0000"), "softmax sums to 1", "1.0000", 1)

e.given(e.line("Original logits:  [2, 3, 8]"), "logits")
e.claim(e.line("  e^2 = 7.39"), "e^2", "7.39", ex(2))
e.claim(e.line("  e^3 = 20.09"), "e^3", "20.09", ex(3))
e.claim(e.line("  e^8 = 2980.96"), "e^8", "2980.96", ex(8))
e.claim(e.line("  Ratio: 1 : 2.7 : 403"), "ratios at T = 1", ["2.7", "403"], [ex(1), ex(6)], rounded_int=True)
e.claim(e.line("  e^(2/2) = e^1 = 2.72"), "e^1", "2.72", ex(1))
e.claim(e.line("  e^(3/2) = e^1.5 = 4.48"), "e^1.5", "4.48", ex(R(3, 2)))
e.claim(e.line("  e^(8/2) = e^4 = 54.60"), "e^4", "54.60", ex(4))
e.claim(e.line("  Ratio: 1 : 1.6 : 20"), "ratios at T = 2", ["1.6", "20"], [ex(R(1, 2)), ex(3)], rounded_int=True)
e.claim(e.line("  e^(2/4) = e^0.5 = 1.65"), "e^0.5", "1.65", ex(R(1, 2)))
e.claim(e.line("  e^(3/4) = e^0.75 = 2.12"), "e^0.75", "2.12", ex(R(3, 4)))
e.claim(e.line("  e^(8/4) = e^2 = 7.39"), "e^2", "7.39", ex(2))
e.claim(e.line("  Ratio: 1 : 1.3 : 4.5"), "ratios at T = 4", ["1.3", "4.5"], [ex(R(1, 4)), ex(R(3, 2))])

e.given(e.line("logits = np.array([2.0, 3.0, 8.0])"), "logits")
e.given(e.line("temperatures = [0.5, 1.0, 2.0, 5.0, 10.0]"), "temperatures")
for T, row in (("0.5", ["0.0000", "0.0000", "1.0000"]), ("1.0", ["0.0024", "0.0066", "0.9910"]),
               ("2.0", ["0.0427", "0.0704", "0.8869"]), ("5.0", ["0.2006", "0.2437", "0.5557"]),
               ("10.0", ["0.2689", "0.2969", "0.4342"])):
    t = R(T)
    p = softmax_rows(M([[2, 3, 8]]) / t)
    L = e.line(f"| T = {T} |")
    e.claim(L, f"softmax([2, 3, 8] / {T})", row, list(p.row(0)))
    if T == "0.5":
        H = -sum(x * sp.log(x) for x in p)
        e.claim(L, "entropy at T = 0.5", "0.00", H)

e.ambiguous(e.line("# P(token_max) = 0.6231"), "the 25 logits come from np.random (seed 42) and are not printed")
e.ambiguous(e.line("# P(token_2nd) = 0.2292"), "the 25 logits come from np.random (seed 42) and are not printed")
e.claim(e.line("# Ratio: 2.72x"), "P(max)/P(2nd) for logits 14 and 13", "2.72", ex(1))
e.done()
