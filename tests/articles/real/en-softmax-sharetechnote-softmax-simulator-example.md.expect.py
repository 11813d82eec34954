# Expected verdicts for en-softmax-sharetechnote-softmax-simulator-example.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An English tutorial page (ShareTechnote web simulation) on softmax with temperature and the max-subtracted
# stable form, with one fully worked example in plain-text equation lines.
# Inputs (stated by the article): logits z = [2.00, 1.00, 0.10, -1.00], temperature T = 1.00.
# Exact values:
#   z / T = [2, 1, 0.1, -1]; max = 2; shifted = [0, -1, -1.9, -3]
#   exp(shifted) = [1, 0.367879, 0.149569, 0.049787]; D = 1.567235
#   P = [0.638060, 0.234729, 0.095435, 0.031768]  (printed 0.64, 0.23, 0.10, 0.03: all right)
#   The printed chain divides by the rounded D = 1.57; end to end every printed value is still right.
# Wrong lines: none.  Ambiguous lines: none.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="en", topics=["softmax", "temperature", "stable-softmax"])

z = [R("2.00"), R("1.00"), R("0.10"), R("-1.00")]
T = R("1.00")
scaled = [v / T for v in z]
mx = max(scaled)
shifted = [v - mx for v in scaled]
ex = [sp.exp(v) for v in shifted]
D = sum(ex)
P = [x / D for x in ex]

e.given(e.line("outputs together add up to 1"), "general property: softmax outputs sum to 1")
e.given(e.line("Take the logits [2.00, 1.00, 0.10, -1.00] with T = 1.00."), "logits and temperature")
e.claim(e.line("Scaled logits = z / T ="), "z / T", ["2.00", "1.00", "0.10", "-1.00"], scaled)
e.claim(e.line("max = max([2.00"), "max of the scaled logits", ["2.00"], [mx])
e.claim(e.line("Shifted logits = scaled - max"), "scaled - max", ["0.00", "-1.00", "-1.90", "-3.00"], shifted)
e.claim(e.line("Exponentials = [exp(0.00)"), "exp of the shifted logits", ["1.00", "0.37", "0.15", "0.05"], ex)
e.claim(e.line("D = sum exponentials"), "D = sum of the exponentials", ["1.57"], [D])
for i, pr in enumerate(["0.64", "0.23", "0.10", "0.03"]):
    e.claim(e.line(f"P{i} = exp(z{i} / T - max) / D"), f"P{i} = softmax(z / T)[{i}]", [pr], [P[i]])
e.given(e.line("a temperature control (starting at 1.00)"), "simulator default temperature 1.00")
e.done()
