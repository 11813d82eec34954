# Expected verdicts for en-softmax-sanjivsawdekar-temperature-hello.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: logits z = (2.5, 2.0, 1.5) for "Hello", "Hi", "Hey"; P = softmax(z / tau) for tau = 1, 0.5, 2.0.
# The scaled exponents printed in the fractions (5.0, 4.0, 3.0 and 1.25, 1.0, 0.75) are z / tau and agree.
# Exact probabilities:
#   tau = 1:   (0.506480, 0.307196, 0.186324) -> 0.51, 0.31, 0.19;  printed 0.49 | 0.32, 0.18
#   tau = 0.5: (0.665241, 0.244728, 0.090031) -> 0.67, 0.24, 0.09;  printed 0.76 | 0.19, 0.05
#   tau = 2.0: (0.419229, 0.326496, 0.254275) -> 0.42, 0.33, 0.25;  printed 0.37 | 0.34, 0.29
# Wrong lines: 6 (every printed probability; slips, none follows from an earlier printed value).
# The final-selection table (0.42, 0.34, 0.24) and the random number 0.65 are assumed inputs (given).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["softmax", "temperature", "latex", "table"])
z = M([["2.5", "2.0", "1.5"]])
P1 = softmax_rows(z)
P05 = softmax_rows(z / R(1, 2))
P2 = softmax_rows(z / 2)

e.given(e.line("\"Hello\" \\u2192 \\( z_1 = 2.5 \\)"), "logit Hello")
e.given(e.line("\"Hi\" \\u2192 \\( z_2 = 2.0 \\)"), "logit Hi")
e.given(e.line("\"Hey\" \\u2192 \\( z_3 = 1.5 \\)"), "logit Hey")

e.given(e.line("#### **No temperature (\\u03C4 = 1)**"), "tau = 1")
e.claim(e.line(r"P(\text{Hello}) = \frac{e^{2.5}}{e^{2.5} + e^{2.0} + e^{1.5}} = 0.49"), "P(Hello) at tau = 1",
        ["0.49"], [P1[0]])
e.claim(e.line(r"P(\text{Hi}) = 0.32, \quad P(\text{Hey}) = 0.18"), "P(Hi), P(Hey) at tau = 1", ["0.32", "0.18"],
        [P1[1], P1[2]])

e.given(e.line("#### **Low temperature (\\u03C4 = 0.5)**"), "tau = 0.5")
L = e.line(r"P(\text{Hello}) = \frac{e^{5.0}}{e^{5.0} + e^{4.0} + e^{3.0}} = 0.76")
e.claim(L, "z / 0.5", ["5.0", "4.0", "3.0"], list(z / R(1, 2)))
e.claim(L, "P(Hello) at tau = 0.5", ["0.76"], [P05[0]])
e.claim(e.line(r"P(\text{Hi}) = 0.19, \quad P(\text{Hey}) = 0.05"), "P(Hi), P(Hey) at tau = 0.5", ["0.19", "0.05"],
        [P05[1], P05[2]])

e.given(e.line("#### **High temperature (\\u03C4 = 2.0)**"), "tau = 2.0")
L = e.line(r"P(\text{Hello}) = \frac{e^{1.25}}{e^{1.25} + e^{1.0} + e^{0.75}} = 0.37")
e.claim(L, "z / 2", ["1.25", "1.0", "0.75"], list(z / 2))
e.claim(L, "P(Hello) at tau = 2.0", ["0.37"], [P2[0]])
e.claim(e.line(r"P(\text{Hi}) = 0.34, \quad P(\text{Hey}) = 0.29"), "P(Hi), P(Hey) at tau = 2.0", ["0.34", "0.29"],
        [P2[1], P2[2]])

e.given(e.line("| \"apple\"  | 0.42 |"), "assumed filtered probability")
e.given(e.line("| \"banana\" | 0.34 |"), "assumed filtered probability")
e.given(e.line("| \"carrot\" | 0.24 |"), "assumed filtered probability")
e.given(e.line("If the random number (say 0.65)"), "example random draw")
e.done()
