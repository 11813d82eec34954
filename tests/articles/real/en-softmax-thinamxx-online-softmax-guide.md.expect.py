# Expected verdicts for en-softmax-thinamxx-online-softmax-guide.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Input: the row x = [6, 7, 8, 3].  Safe softmax: max 8, e^(x-8) = [e^-2, e^-1, 1, e^-5] = [0.135335, 0.367879, 1, 0.006738],
# sum l = 1.5099527 (-> 1.5100 at 4 places), softmax = [0.089629, 0.243636, 0.662272, 0.004462].
# Wrong lines:
#  - the softmax rows "[0.0897, 0.2438, 0.6631, 0.0044]": the right row is [0.0896, 0.2436, 0.6623, 0.0045].  0.0897, 0.2438
#    and 0.6631 are wrong under every reading (0.1353/1.5099 = 0.08961, 0.3679/1.5099 = 0.24366, 1/1.5099 = 0.66230; the same
#    with 1.51) -> slip; 0.0044 is 0.0067/1.5099 = 0.004437 from rounded operands, exactly 0.004462 -> 0.0045 (drift).
#    The same slips recur on the x_0..x_2 lines of the step-by-step block ("0.1353 / 1.51 = 0.0897" etc.), and its final
#    "y = [...]" restates them (carried) with 0.0044 again drifting.
#  - online pass: "l_3 = 1.3679 * 0.3679 + 1 = 1.5099": l_3 = (1 + e^-1) e^-1 + 1 = e^-2 + e^-1 + 1 = 1.503215 -> 1.5032
#    (1.3679 * 0.3679 + 1 = 1.50325 as written): the author copied the full-row sum (slip).  "l_4 = 1.5099 * 1 + 0.0067"
#    restates it (carried); the l_4 result 1.51 is right end to end (1.509953), although 1.5099 + 0.0067 = 1.5166.
# Ambiguous (policy rule 5): "0.1353 + 0.3679 + 1 + 0.0067 = 1.5099" is right as written from the rounded exponentials,
# exactly 1.509953 -> 1.5100; the same 1.5099 restated as the divisor; "0.0067 / 1.51 = 0.0044" is right as written,
# exactly 0.004462.  The naive fused attempt "l_2 = l_1 + exp(7 - 7) = 1 + 1 = 2" is the article's deliberately uncorrected
# formula, and its arithmetic is right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["softmax", "numerical-stability", "online-softmax", "code-block"])
L = e.line
E = sp.exp

x = [6, 7, 8, 3]
ex = [E(v - 8) for v in x]
l = sum(ex)
p = [t / l for t in ex]

e.given(L("If an entry is huge (say $x_i = 1000000$)"), "example of a huge logit")
# ---- block 1: safe softmax
b1 = L("x = [6, 7, 8, 3]", 1)
e.given(b1, "x = [6, 7, 8, 3]")
e.claim(L("    = 8", after=b1), "max(x)", ["8"], [8])
e.claim(L("l_N = exp(6 - 8) + exp(7 - 8)", after=b1), "x - max restated", ["6", "8", "7", "3"], [6, 8, 7, 3])
e.claim(L("    = exp(-2) + exp(-1) + exp(0) + exp(-5)", after=b1), "shifted logits", ["-2", "-1", "0", "-5"],
        [v - 8 for v in x])
ln = L("    = 0.1353 + 0.3679 + 1 + 0.0067 = 1.5099", after=b1)
e.ambiguous(ln, "0.1353 + 0.3679 + 1 + 0.0067 = 1.5099 is right as written from the rounded exponentials; "
                "exactly e^-2 + e^-1 + 1 + e^-5 = 1.509953 -> 1.5100")
ln = L("  = [0.1353 / 1.5099, 0.3679 / 1.5099", after=b1)
e.ambiguous(ln, "the numerators 0.1353, 0.3679, 0.0067 are e^-2, e^-1, e^-5 rounded; the divisor 1.5099 restates the sum of the rounded exponentials; exactly 1.509953 -> 1.5100")
ln = L("  = [0.0897, 0.2438, 0.6631, 0.0044]", after=b1)
e.claim(ln, "softmax p0..p2", ["0.0897", "0.2438", "0.6631"], p[:3])
e.claim(ln, "softmax p3 (0.0067/1.5099 = 0.004437 from rounded operands)", ["0.0044"], [p[3]], cause="drift")

# ---- block 2: three passes, step by step
b2 = L("x = [6, 7, 8, 3]", 2)
e.given(b2, "x = [6, 7, 8, 3]")
e.claim(L("m_1 = max(m_0, x[0]) = max(-float('inf'), 6) = 6", after=b2), "m_1", ["6"], [6])
e.claim(L("m_2 = max(m_1, x[1]) = max(6, 7) = 7", after=b2), "m_2", ["7"], [7])
e.claim(L("m_3 = max(m_2, x[2]) = max(7, 8) = 8", after=b2), "m_3", ["8"], [8])
e.claim(L("m_4 = max(m_3, x[3]) = max(8, 3) = 8", after=b2), "m_4", ["8"], [8])
e.given(L("l_0 = 0", after=b2), "l_0 = 0")
e.claim(L("l_1 = l_0 + exp(x[0] - m_4) = 0 + exp(6 - 8) = 0.1353", after=b2), "l_1 = e^-2", ["0.1353"], [ex[0]])
e.claim(L("l_2 = l_1 + exp(x[1] - m_4)", after=b2), "l_1, e^-1, l_2", ["0.1353", "0.3679", "0.5032"],
        [ex[0], ex[1], ex[0] + ex[1]])
e.claim(L("l_3 = l_2 + exp(x[2] - m_4)", after=b2), "l_2, l_3", ["0.5032", "1.5032"], [ex[0] + ex[1], ex[0] + ex[1] + 1])
e.claim(L("l_4 = l_3 + exp(x[3] - m_4)", after=b2), "l_3, e^-5, l_4", ["1.5032", "0.0067", "1.51"],
        [ex[0] + ex[1] + 1, ex[3], l])
ln = L("x_0 = exp(x[0] - m_4) / l_4", after=b2)
e.claim(ln, "l_4, e^-2", ["1.51", "0.1353"], [l, ex[0]])
e.claim(ln, "p0 (0.1353/1.51 = 0.08960)", ["0.0897"], [p[0]])
ln = L("x_1 = exp(x[1] - m_4) / l_4", after=b2)
e.claim(ln, "l_4, e^-1", ["1.51", "0.3679"], [l, ex[1]])
e.claim(ln, "p1 (0.3679/1.51 = 0.24364)", ["0.2438"], [p[1]])
ln = L("x_2 = exp(x[2] - m_4) / l_4", after=b2)
e.claim(ln, "l_4", ["1.51"], [l])
e.claim(ln, "p2 (1/1.51 = 0.66225)", ["0.6631"], [p[2]])
ln = L("x_3 = exp(x[3] - m_4) / l_4", after=b2)
e.ambiguous(ln, "1.51 and 0.0067 are right; 0.0067 / 1.51 = 0.004437 -> 0.0044 is right as written from rounded operands; exactly 0.004462 -> 0.0045")
ln = L("y = [0.0897, 0.2438, 0.6631, 0.0044]", after=b2)
e.claim(ln, "p0..p2 restated", ["0.0897", "0.2438", "0.6631"], p[:3], cause="carried")
e.claim(ln, "p3 (chain result from rounded operands)", ["0.0044"], [p[3]], cause="drift")

# ---- block 3: fused max and sum
b3 = L("x = [6, 7, 8, 3]", 3)
e.given(b3, "x = [6, 7, 8, 3]")
e.claim(L("m_1 = max(0, 6) = 6", 1, after=b3), "m_1", ["6"], [6])
e.claim(L("l_1 = exp(6 - 6) = 1", after=b3), "l_1", ["1"], [1])
e.claim(L("m_2 = max(6, 7) = 7", 1, after=b3), "m_2", ["7"], [7])
e.claim(L("l_2 = l_1 + exp(7 - 7) = 1 + 1 = 2", after=b3), "naive uncorrected l_2 = 1 + 1 (the article's 'problem' case)",
        ["2"], [2])
fix = L("# Now, let's reiterate the above computation steps:", after=b3)
e.claim(L("m_1 = max(0, 6) = 6", 1, after=fix), "m_1", ["6"], [6])
e.claim(L("l_1 = 0 + exp(6 - 6) = 1", after=fix), "l_1", ["1"], [1])
e.claim(L("m_2 = max(6, 7) = 7", 1, after=fix), "m_2", ["7"], [7])
e.claim(L("l_2 = l_1 * exp(6 - 7) + exp(7 - 7)", after=fix), "x - m restated", ["6", "7"], [6, 7])
l2 = 1 * E(-1) + 1
e.claim(L("    = 1 * exp(-1) + 1 = 1.3679", after=fix), "l_2 = e^-1 + 1", ["-1", "1.3679"], [-1, l2])
e.claim(L("m_3 = max(7, 8) = 8", after=fix), "m_3", ["8"], [8])
l3 = l2 * E(-1) + 1
ln3 = L("l_3 = l_2 * exp(7 - 8) + exp(8 - 8)", after=fix)
e.claim(ln3, "m_2 - m_3 restated", ["7", "8"], [7, 8])
e.claim(L("    = 1.3679 * exp(-1) + 1", after=ln3), "l_2 restated", ["1.3679"], [l2])
e.claim(L("    = 1.3679 * 0.3679 + 1", after=ln3), "l_2 and e^-1", ["1.3679", "0.3679"], [l2, E(-1)])
e.claim(L("    = 1.5099", after=ln3), "l_3 = e^-2 + e^-1 + 1 (1.50325 as written)", ["1.5099"], [l3])
e.claim(L("m_4 = max(8, 3) = 8", after=fix), "m_4", ["8"], [8])
ln4 = L("l_4 = l_3 * exp(8 - 8) + exp(3 - 8)", after=fix)
e.claim(ln4, "m and x restated", ["8", "3"], [8, 3])
ln = L("    = 1.5099 * 1 + 0.0067", after=ln4)
e.claim(ln, "e^0 and e^-5", ["0.0067"], [E(-5)])
e.claim(ln, "l_3 restated", ["1.5099"], [l3], cause="carried")
e.claim(L("    = 1.51", after=ln4), "l_4 = l (end to end)", ["1.51"], [l3 * 1 + E(-5)])
e.done()
