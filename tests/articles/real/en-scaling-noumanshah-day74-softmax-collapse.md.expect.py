# Expected verdicts for en-scaling-noumanshah-day74-softmax-collapse.md, computed with plain SymPy (see oracle.py); not symattn's code.
# - Dot products 0, −1, 0, 0 and the five products 0.8, −0.77, −0.3, 1.17, 1.08 are right; √64 = 8.
# - softmax([12, 2, −1]) = [0.9999523, 0.0000454, 0.0000023]: e^12 = 162754.8 (162754), e^2 = 7.4, e^−1 = 0.37 are
#   right; the probabilities printed [0.99995, 0.00004, 0.00001]: the first is right, 0.00004 is 0.0000454 cut
#   (0.00005) and 0.00001 is 0.0000023 (0.00000) -> wrong line.
# - Scaled [1.5, 0.25, −0.125] and e^1.5 = 4.48, e^0.25 = 1.28, e^−0.125 = 0.88 are right, but the probabilities
#   are [0.674, 0.193, 0.133], printed [0.59, 0.17, 0.24] (not even the printed exponentials divided by their sum,
#   4.48 / 6.64 = 0.67) -> wrong line.  The scores 6, 9, −7, 12 are illustrative.  Two wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["scaling", "softmax", "dot-product"])
ex = sp.exp
pairs = [("q = [ 1, -1 ]", "k = [ 1,  1 ]", "(-1 \\times 1) = 0$$", [1, -1], [1, 1], "0"),
         ("q = [ 2, -1 ]", "k = [ 1,  3 ]", "= 2 - 3 = -1$$", [2, -1], [1, 3], "-1"),
         ("q = [ 1, -1,  1, -1 ]", "k = [ 1,  1,  1,  1 ]", "1 - 1 + 1 - 1 = 0$$", [1, -1, 1, -1], [1, 1, 1, 1], "0"),
         ("q = [ 2, -1,  2, -1 ]", "k = [ 1,  2,  1,  2 ]", "= 2 - 2 + 2 - 2 = 0$$", [2, -1, 2, -1], [1, 2, 1, 2], "0")]
for ql, kl, res, q, k, p in pairs:
    e.given(e.line(ql), "q")
    e.given(e.line(kl), "k")
    L = e.line(res)
    e.claim(L, "q·k", p.split()[-1] if False else p, sum(a * b for a, b in zip(q, k)))
e.given(e.line("-1.2, 0.5, 0.9, -0.7, 1.4, ..."), "illustrative values")
e.given(e.line("q = [ 0.8, -1.1"), "q slice")
e.given(e.line("k = [ 1.0,  0.7"), "k slice")
for lab, p, a, b in (("0.8×1.0   = 0.8", "0.8", "0.8", "1.0"), ("-1.1×0.7  = -0.77", "-0.77", "-1.1", "0.7"),
                     ("0.5×-0.6  = -0.3", "-0.3", "0.5", "-0.6"), ("1.3×0.9   = 1.17", "1.17", "1.3", "0.9"),
                     ("-0.9×-1.2 = 1.08", "1.08", "-0.9", "-1.2")):
    L = e.line(lab)
    e.claim(L, "product", p, sp.Rational(a) * sp.Rational(b))
e.claim(e.line("dot product is about **√64 = 8**"), "sqrt(64)", "8", sp.sqrt(64))
e.given(e.line("6, 9, -7, 12"), "illustrative scores")
z = [12, 2, -1]
P = [ex(v) / sum(ex(u) for u in z) for v in z]
e.given(e.line("scores = [12, 2, -1]"), "scores")
e.claim(e.line("exp(12) ≈ 162754"), "e^12", "162754", ex(12), rounded_int=True)
e.claim(e.line("exp(2)  ≈ 7.4"), "e^2", "7.4", ex(2))
e.claim(e.line("exp(-1) ≈ 0.37"), "e^-1", "0.37", ex(-1))
e.claim(e.line("[0.99995, 0.00004, 0.00001]"), "softmax([12, 2, -1])", ["0.99995", "0.00004", "0.00001"], P)
e.given(e.line("For dₖ = 64:"), "d_k = 64")
e.claim(e.line("$$\\sqrt{d_k} = 8$$"), "sqrt(64)", "8", sp.sqrt(64))
zs = [R(v, 8) for v in z]
e.claim(e.line("[12/8, 2/8, -1/8] = [1.5, 0.25, -0.125]"), "scaled", ["1.5", "0.25", "-0.125"], zs)
e.claim(e.line("exp(1.5)   ≈ 4.48"), "e^1.5", "4.48", ex(zs[0]))
e.claim(e.line("exp(0.25)  ≈ 1.28"), "e^0.25", "1.28", ex(zs[1]))
e.claim(e.line("exp(-0.125)≈ 0.88"), "e^-0.125", "0.88", ex(zs[2]))
Ps = [ex(v) / sum(ex(u) for u in zs) for v in zs]
e.claim(e.line("[0.59, 0.17, 0.24]"), "softmax of the scaled scores ([0.674, 0.193, 0.133])", ["0.59", "0.17", "0.24"], Ps)
e.done()
