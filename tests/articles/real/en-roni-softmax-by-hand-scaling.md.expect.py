# Expected verdicts for en-roni-softmax-by-hand-scaling.md, computed with plain SymPy (see oracle.py); not symattn's code.
# softmax([10, 0, -5]) by hand, then the same scores divided by sqrt(4) and by sqrt(64).
# Exact: softmax([10,0,-5]) = [0.99995430, 0.0000453979, 0.000000305888];
#        softmax([5,0,-2.5]) = [0.992762, 0.006689, 0.000549]; softmax([1.25,0,-0.625]) = [0.694512, 0.198981, 0.106507].
# Every number here is written by hand (LaTeX prose), not a machine print, so the 7-digit values are judged at
# their printed places (DESIGN verdict policy 1); the relative 1e-5 allowed for machine floats (policy 3) does not
# apply to them.  Slips: 0.9999545 (is 0.9999543; the author's own 22026.4658/22027.4725 also gives 0.9999543),
# 0.0003% (is 0.00003%), 0.9999 (1.0000 at 4 places: truncated), 0.9929 (is 0.9928), and the d_k = 64 row
# [0.6011, 0.1711, 0.2278].  The result row and the check sum 1.0000002 (exactly 1) carry 0.9999545.
# "Sum = 149.492" adds the printed 148.41 + 1.00 + 0.082 correctly but is 149.495 end to end: explicit arithmetic
# on rounded operands, ambiguous by the verdict policy (the softmax row after it is judged end to end).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["softmax-row", "scaling", "percentages"])
E = sp.exp


def claim_int_commas(line, what, printed, exact):
    # a rounded integer printed with a thousands separator ("22,026"): compare to the exact value rounded
    assert printed in e.lines[line - 1], (line, printed)
    ent = e._entry(line)
    item = {"what": what, "printed": [printed]}
    if abs(int(printed.replace(",", "")) - sp.N(exact, 30)) > R(1, 2):
        item.update(wrong=[{"printed": printed, "exact": str(sp.N(exact, 8))}], cause="slip")
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


def claim_pct(line, what, digits, exact, cause="slip"):
    # a LaTeX percentage "99.995\%": the printed text carries a backslash before the sign
    assert digits + "\\%" in e.lines[line - 1], (line, digits)
    from oracle import agrees, _show
    ent = e._entry(line)
    item = {"what": what, "printed": [digits + "%"]}
    if not agrees(digits + "%", exact):
        item.update(wrong=[{"printed": digits + "%", "exact": _show(exact)}], cause=cause)
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


def claim_hand(line, what, printed, exact, cause="slip"):
    # a hand-written decimal: it agrees only when it is the exact value rounded to its printed places
    from oracle import parse
    assert all(x in e.lines[line - 1] for x in printed), (line, printed)
    ent = e._entry(line)
    item = {"what": what, "printed": list(printed)}
    bad = []
    for ptxt, x in zip(printed, exact):
        pv, d, _ = parse(ptxt)
        if abs(pv - sp.N(x, 60)) > R(1, 2) * R(10) ** (-d) * (1 + R(1, 10**9)):
            bad.append({"printed": ptxt, "exact": str(sp.N(x, 10))})
    if bad:
        item.update(wrong=bad, cause=cause)
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


s = [10, 0, -5]
p = softmax_rows(sp.Matrix([s]))
tot = E(10) + 1 + E(-5)
e.given(e.line("Apply softmax to the scores [10, 0, -5]"), "scores")
e.claim(e.line("$e^{10} = 22026.4658$"), "e^10", "22026.4658", E(10))
e.claim(e.line("$e^{0} = 1.0000$"), "e^0", "1.0000", sp.Integer(1))
e.claim(e.line("$e^{-5} = 0.0067$"), "e^-5", "0.0067", E(-5))
L = e.line(r"$$\text{Sum} = 22026.4658")
e.claim(L, "summands restated", ["22026.4658", "1.0000", "0.0067"], [E(10), 1, E(-5)])
e.claim(L, "sum of the exponentials", "22027.4725", tot)
L = e.line(r"\text{softmax}(10) = \frac")
e.claim(L, "operands restated", ["22026.4658", "22027.4725"], [E(10), tot])
claim_hand(L, "softmax(10)", ["0.9999545"], [p[0]])
claim_pct(L, "softmax(10) in percent", "99.995", p[0])
L = e.line(r"\text{softmax}(0) = \frac")
e.claim(L, "softmax(0)", "0.0000454", p[1])
claim_pct(L, "softmax(0) in percent", "0.005", p[1])
L = e.line(r"\text{softmax}(-5) = \frac")
e.claim(L, "softmax(-5)", "0.0000003", p[2])
claim_pct(L, "softmax(-5) in percent", "0.0003", p[2])
L = e.line(r"\text{softmax}([10, 0, -5]) = [")
claim_hand(L, "softmax([10, 0, -5])", ["0.9999545", "0.0000454", "0.0000003"], list(p), cause="carried")
L = e.line("**Check:**")
claim_hand(L, "restated weights", ["0.9999545", "0.0000454", "0.0000003"], list(p), cause="carried")
claim_hand(L, "sum of the weights", ["1.0000002"], [sum(p)], cause="carried")
e.claim(L, "approximately 1", "1", sum(p), rounded_int=True)
e.claim(e.line("about ~99.995% of the mass"), "share of the top score", "99.995%", p[0])
L = e.line("**22,026 times**")
claim_int_commas(L, "e^10 as an integer", "22,026", E(10))
e.claim(L, "e^0", "1", sp.Integer(1))
L = e.line("**3.3 million times**")
e.claim(L, "e^10 / e^-5 in millions", "3.3", E(15) / 10**6)
e.claim(L, "e^-5", "0.0067", E(-5))
e.ambiguous(e.line("with $d_k = 64$, scores in [-8, 8]"), "a rough range for random scores, not a computed value")
e.given(e.line("For scores like [10, 0, -5]:"), "scores")
e.claim(e.line("- Softmax outputs: [0.9999, 0.0000, 0.0000]"), "softmax([10, 0, -5]) at 4 places",
        ["0.9999", "0.0000", "0.0000"], p)
e.given(e.line("Original scores: [10, 0, -5]"), "scores")
L = e.line(r"If $d_k = 4$, scale factor $= \sqrt{4} = 2$")
e.claim(L, "sqrt(4)", "2", sp.sqrt(4))
e.claim(e.line(r"Scaled scores: $\frac{[10, 0, -5]}{2} = [5, 0, -2.5]$"), "scores / 2", ["5", "0", "-2.5"],
        [R(10, 2), 0, R(-5, 2)])
p2 = softmax_rows(sp.Matrix([[5, 0, R(-5, 2)]]))
e.claim(e.line("- $e^5 = 148.41$"), "e^5", "148.41", E(5))
e.claim(e.line("- $e^0 = 1.00$"), "e^0", "1.00", sp.Integer(1))
e.claim(e.line("- $e^{-2.5} = 0.082$"), "e^-2.5", "0.082", E(R(-5, 2)))
e.ambiguous(e.line("Sum = 149.492"), "148.41 + 1.00 + 0.082 added right from rounded operands; the exact sum is 149.495 "
                                     "(explicit arithmetic on rounded operands: ambiguous by the policy)")
e.claim(e.line("Softmax output: [0.9929, 0.0067, 0.0005]"), "softmax([5, 0, -2.5])", ["0.9929", "0.0067", "0.0005"], p2)
e.claim(e.line(r"- Scale factor $= \sqrt{64} = 8$"), "sqrt(64)", "8", sp.sqrt(64))
e.claim(e.line("- Scaled scores: [1.25, 0, -0.625]"), "scores / 8", ["1.25", "0", "-0.625"],
        [R(10, 8), 0, R(-5, 8)])
p3 = softmax_rows(sp.Matrix([[R(10, 8), 0, R(-5, 8)]]))
e.claim(e.line("- Softmax: [0.6011, 0.1711, 0.2278]"), "softmax([1.25, 0, -0.625])", ["0.6011", "0.1711", "0.2278"], p3)
e.ambiguous(e.line("(roughly [-3, 3])"), "a rough typical range, not a computed value")
e.done()
