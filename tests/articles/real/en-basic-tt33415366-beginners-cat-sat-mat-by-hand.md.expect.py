# Expected verdicts for en-basic-tt33415366-beginners-cat-sat-mat-by-hand.md, computed with plain SymPy (see oracle.py); not symattn's code.
# One attention row by hand, in box-drawing text blocks: Q = K = V = [[1.0, 0.5], [0.5, 1.0], [0.8, 0.7]], d = 2, query "cat".
# Scores [1.25, 1.0, 1.15] (exact), scaled [0.883883, 0.707107, 0.813173]; exponentials [2.420281, 2.028115, 2.255051], sum
# 6.703447, weights [0.361050, 0.302548, 0.336402] -> every printed weight, percentage and the sum 6.70 agree.  The printed
# e^{0.813} = 2.25 is right from the rounded 0.813 (2.254662) but the exact exponential rounds to 2.26: explicit arithmetic
# on a rounded operand, ambiguous.  In the weighted sum, 0.303 x 0.5 = 0.152 is right as written (0.1515) but end to end
# the term is 0.151274 (0.151): ambiguous; the result [0.782, 0.719] is the chain's final value and its first component is
# wrong end to end: 0.361050 + 0.151274 + 0.269121 = 0.781446 -> 0.781 (drift: 0.361 + 0.152 + 0.269 = 0.782 from the
# rounded terms); 0.718554 -> 0.719 is right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "scaling", "softmax", "output", "ascii-table"])
X = M([["1.0", "0.5"], ["0.5", "1.0"], ["0.8", "0.7"]])
q = X.row(0)
s = q * X.T
d = 2
sc = s / sp.sqrt(d)
ex = [sp.exp(v) for v in sc]
tot = sum(ex)
w = softmax_rows(sc)
terms = [w[k] * X.row(k) for k in range(3)]
out = w * X

for nm in ("\"cat\" → [1.0, 0.5]", "\"sat\" → [0.5, 1.0]", "\"mat\" → [0.8, 0.7]"):
    e.given(e.line(nm), "embedding")
names = ["cat", "sat", "mat"]
for k, nm in enumerate(names):
    L = e.line(f"Q(\"cat\") • K(\"{nm}\")")
    vals = e.lines[L - 1].split("=")[1]
    for ch in "[],•│":
        vals = vals.replace(ch, " ")
    e.claim(L, f"q_cat and k_{nm} restated", vals.split(), [q[0], q[1], X[k, 0], X[k, 1]])
    toks = e.lines[L].replace("│", " ").replace("=", " ").replace("+", " ").split()
    e.claim(L + 1, f"factors of q_cat . k_{nm}", [t for tk in toks for t in tk.split("×")],
            [q[0], X[k, 0], q[1], X[k, 1]])
    toks = e.lines[L + 1].replace("│", " ").replace("=", " ").replace("+", " ").split()
    e.claim(L + 2, f"products and score {nm}", toks, [q[0] * X[k, 0], q[1] * X[k, 1], s[k]])
e.claim(e.line("Raw scores: [1.25, 1.0, 1.15]"), "raw scores", ["1.25", "1.0", "1.15"], list(s))
e.given(e.line("d = 2 (dimension"), "d = 2")
e.claim(e.line("√d = √2 ≈ 1.414"), "sqrt(2)", ["2", "1.414"], [d, sp.sqrt(2)])
e.claim(e.line("Scaled scores: [1.25, 1.0, 1.15] / 1.414"), "scores and sqrt(2) restated",
        ["1.25", "1.0", "1.15", "1.414"], list(s) + [sp.sqrt(2)])
e.claim(e.line("= [0.884, 0.707, 0.813]"), "scaled scores", ["0.884", "0.707", "0.813"], list(sc))
e.ambiguous(e.line("exp([0.884, 0.707, 0.813]) = [2.42, 2.03, 2.25]"),
            "e^0.813 = 2.2547 -> 2.25 is right from the rounded scaled score, but the exact e^(1.15/sqrt 2) = 2.255051 "
            "rounds to 2.26 (explicit arithmetic on a rounded operand); 2.42 and 2.03 agree")
L = e.line("sum = 2.42 + 2.03 + 2.25 = 6.70")
e.claim(L, "e^(1.25/sqrt2), e^(1/sqrt2) restated", ["2.42", "2.03"], ex[:2])
e.claim(L, "sum of the exponentials", "6.70", tot)
L = e.line("Softmax: [2.42, 2.03, 2.25] / 6.70")
e.claim(L, "exponentials and their sum restated", ["2.42", "2.03", "6.70"], ex[:2] + [tot])
e.claim(e.line("= [0.361, 0.303, 0.336]"), "attention weights", ["0.361", "0.303", "0.336"], list(w))
for k, (nm, pct) in enumerate(zip(names, ["36.1%", "30.3%", "33.6%"])):
    e.claim(e.line(f"\"{nm}\": {pct}"), f"weight of {nm} in percent", pct, w[k])
for k, lab in enumerate(["= 0.361 × [1.0, 0.5]", "+ 0.303 × [0.5, 1.0]", "+ 0.336 × [0.8, 0.7]"]):
    L = e.line(lab)
    pw = lab.split()[1]
    e.claim(L, f"weight of {names[k]} and its value restated", [pw] + [str(v) for v in lab.split("[")[1].rstrip("]").split(", ")],
            [w[k], X[k, 0], X[k, 1]])
e.ambiguous(e.line("= [0.361, 0.181] + [0.152, 0.303] + [0.269, 0.235]"),
            "0.303 x 0.5 = 0.1515 -> 0.152 is right as written from the rounded weight; end to end the term is "
            f"{sp.N(terms[1][0], 6)} (0.151); the other five products agree")
e.claim(e.line("= [0.782, 0.719]"), "context vector of cat (sum of the rounded terms)", ["0.782", "0.719"], list(out),
        cause="drift")
e.given(e.line("no longer just [1.0, 0.5]"), "v_cat restated")
L = e.line("cat  │ 36%  │ 30%  │ 34%  │")
e.claim(L, "weights of row cat in whole percent", ["36%", "30%", "34%"], list(w))
e.done()
