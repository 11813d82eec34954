# Expected verdicts for ru-basic-dmaltsev-token-journey-sat.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the raw scores of "sat" against the 7 tokens, [0.42, 0.78, 0.15, 0.31, 0.22, 0.28, 0.05]; the article says they
# are divided by sqrt(64) = 8 and then put through softmax.  Exact: softmax(s / 8) = [0.144677, 0.151336, 0.139876,
# 0.142701, 0.141105, 0.142167, 0.138138] - almost uniform.  Every printed weight (0.18, 0.35, 0.10, 0.13, 0.11, 0.12, 0.01)
# is wrong; no reading rescues them (unscaled softmax(s) = [0.155, 0.221, 0.118, 0.138, 0.127, 0.134, 0.107]) - a slip.
# Their percentages sit on the same lines; the "New sat = 0.18 × ..." blend restates the wrong weights (carried).
# "Total: 1.00 (100 percent)" is the sum of a softmax row: 1 (ok).  Residual sums 0.45 + 0.41 = 0.86 etc. are ok.
# Token ids, embeddings, Q/K/V excerpts, FFN vectors and logits are inputs (given).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ru", topics=["basic", "softmax", "scaling", "code-block", "mixed-language"])
scores = [R(x) for x in ("0.42", "0.78", "0.15", "0.31", "0.22", "0.28", "0.05")]
w = list(softmax_rows(sp.Matrix([[s / sp.sqrt(64) for s in scores]])))

e.given(e.line("[464, 3797, 3332, 319, 262, 2603, 13]"), "token ids")
for tok in ('Токен 464 ("The"):', 'Токен 3797 ("cat"):', 'Токен 3332 ("sat"):', 'Токен 319 ("on"):',
            'Токен 262 ("the"):', 'Токен 2603 ("mat"):', 'Токен 13 ("."):'):
    e.given(e.line(tok), f"embedding excerpt {tok}")
e.claim(e.line("Так получается матрица 7×768"), "matrix shape (7 tokens, 768 dims)", ["7", "768"], [7, 768])
e.given(e.line("Q = [ 0.34, -0.12,  0.78, ...]"), "query excerpt of sat")
e.given(e.line("K = [-0.23,  0.56, -0.41, ...]"), "key excerpt of sat")
e.given(e.line("V = [ 0.67, -0.89,  0.12, ...]"), "value excerpt of sat")
for k, tok in enumerate(['"The" (pos 0): score', '"cat" (pos 1): score', '"sat" (pos 2): score', '"on"  (pos 3): score',
                         '"the" (pos 4): score', '"mat" (pos 5): score', '"."   (pos 6): score']):
    e.given(e.line(tok), f"raw score {k}")
e.claim(e.line("square root of 64, that is 8"), "sqrt(64)", ["64", "8"], [64, sp.sqrt(64)])
labels = ['sat attending to "The": 0.18', 'sat attending to "cat": 0.35', 'sat attending to "sat": 0.10',
          'sat attending to "on":  0.13', 'sat attending to "the": 0.11', 'sat attending to "mat": 0.12',
          'sat attending to ".":   0.01']
printed = [("0.18", "18"), ("0.35", "35"), ("0.10", "10"), ("0.13", "13"), ("0.11", "11"), ("0.12", "12"), ("0.01", "1")]
for k, (needle, (p, pct)) in enumerate(zip(labels, printed)):
    ln = e.line(needle)
    e.claim(ln, f"softmax weight {k} of s/8", [p], [w[k]])
    e.claim(ln, f"the same weight in percent ({pct} percent)", [pct], [100 * w[k]], cause="carried", rounded_int=True)
ln = e.line("Total: 1.00 (100 percent)")
e.claim(ln, "sum of the softmax row", ["1.00", "100"], [sum(w), 100 * sum(w)])
ln = e.line("New sat = 0.18 × V_The")
e.claim(ln, "blend weights restated (The, cat, sat)", ["0.18", "0.35", "0.10"], w[:3], cause="carried")
ln = e.line("        + 0.13 × V_on")
e.claim(ln, "blend weights restated (on, the, mat)", ["0.13", "0.11", "0.12"], w[3:6], cause="carried")
ln = e.line("        + 0.01 × V_period")
e.claim(ln, "blend weight restated (period)", ["0.01"], [w[6]], cause="carried")
e.given(e.line("widens the 768 dimensions to 3072"), "FFN widths 768 -> 3072 -> 768")
e.given(e.line("Input:  [0.45, -0.23, 0.67, ..., -0.11]"), "FFN input excerpt")
e.given(e.line("Output: [0.41, -0.28, 0.71, ..., -0.09]"), "FFN output excerpt")
e.given(e.line("= [0.45, -0.23, ..., -0.11] + [0.41, -0.28, ..., -0.09]"), "residual operands restated")
e.claim(e.line("= [0.86, -0.51, ..., -0.20]"), "residual sum (shown entries)", ["0.86", "-0.51", "-0.20"],
        [R("0.45") + R("0.41"), R("-0.23") + R("-0.28"), R("-0.11") + R("-0.09")])
e.given(e.line("[0.12, -0.34, 0.56, ..., -0.78]"), "last-token vector excerpt")
e.claim(e.line("Multiply by the LM head weight matrix (768 × 50257)"), "LM head shape", ["768", "50257"], [768, 50257])
e.claim(e.line("Result: 50257 numbers"), "one logit per vocabulary entry", ["50257"], [50257])
for tok in ('Token 13  ("."):', 'Token 290 (" and"):', 'Token 3797 ("cat"):', 'Token 198 ("\\n"):',
            'Token 50256 ("<|endoftext|>"):'):
    e.given(e.line(tok), f"logit {tok}")
ln = e.line("The end-of-text token leads with 4.56")
e.claim(ln, "the three largest listed logits, in order", ["4.56", "3.12", "2.34"],
        sorted([R("-0.23"), R("2.34"), R("-1.45"), R("3.12"), R("4.56")], reverse=True)[:3])
e.done()
