# Expected verdicts for en-temperature-freeacademy-softmax-temperature.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: logits [2.5, 1.0, -0.5]; softmax with temperature T = 1 and T = 2.0.
# - e^2.5 = 12.1825, e^1 = 2.71828, e^-0.5 = 0.606531 -> 12.18, 2.72, 0.61 ok; 12.18 + 2.72 + 0.61 = 15.51 (exact
#   sum 15.5073) ok.
# - Exact probabilities 0.785597, 0.175290, 0.039113.  "P(cat) = 12.18 / 15.51 = 0.785" is right as written
#   (0.78530) but the exact value rounds to 0.786 -> ambiguous (arithmetic on rounded operands); P(dog) 0.175 and
#   P(bird) 0.039 ok.  "Result: [0.785, 0.175, 0.039]" ends the chain -> wrong (drift, 0.785 vs 0.786).
# - T = 2.0: scaled logits [1.25, 0.5, -0.25] ok; softmax = [0.589801, 0.278600, 0.131600]; printed
#   [0.52, 0.31, 0.17] -> wrong (slip; all three entries).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["temperature", "softmax", "plain-text"])
z = M([["2.5", "1.0", "-0.5"]])
p1 = softmax_rows(z)
p2 = softmax_rows(z / 2)
ex = [sp.exp(v) for v in z]

e.given(e.line("Logits: [2.5, 1.0, -0.5]"), "logits")
e.given(e.line("Logits: [2.5, 1.0, -0.5]", 2), "logits (restated)")
e.claim(e.line("e^2.5 = 12.18"), "e^2.5", "12.18", ex[0])
e.claim(e.line("e^1.0 = 2.72"), "e^1", "2.72", ex[1])
e.claim(e.line("e^-0.5 = 0.61"), "e^-0.5", "0.61", ex[2])
e.claim(e.line("12.18 + 2.72 + 0.61 = 15.51"), "sum of exponentials", ["15.51"], [sum(ex)])
e.ambiguous(e.line("P(cat) = 12.18 / 15.51 = 0.785"), "12.18 / 15.51 = 0.78530 is right as written from the rounded "
            "operands, but P(cat) = 0.785597 rounds to 0.786 (explicit arithmetic on rounded operands)")
e.claim(e.line("P(dog) = 2.72 / 15.51 = 0.175"), "P(dog)", ["0.175"], [p1[1]])
e.claim(e.line("P(bird) = 0.61 / 15.51 = 0.039"), "P(bird)", ["0.039"], [p1[2]])
e.claim(e.line("Result: [0.785, 0.175, 0.039]"), "softmax(logits) = [0.785597, 0.175290, 0.039113]",
        ["0.785", "0.175", "0.039"], list(p1), cause="drift")
L = e.line("Logits: [2.5, 1.0, -0.5], T = 2.0")
e.given(L, "logits and T = 2.0")
e.claim(e.line("Scaled logits: [1.25, 0.5, -0.25]"), "logits / 2", ["1.25", "0.5", "-0.25"], list(z / 2))
e.claim(e.line("Result: [0.52, 0.31, 0.17]"), "softmax(logits / 2) = [0.5898, 0.2786, 0.1316]", ["0.52", "0.31", "0.17"],
        list(p2))
e.done()
