# Expected verdicts for es-bugcatcher-dog-ran-quickly.md, computed with plain SymPy (see oracle.py); not symattn's code.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="es", topics=["basic", "softmax", "output"])
q = M([["0.22", "0.64", "0.73"]])
k_dog = M([["0.54", "0.36", "0.74"]])
v_dog = M([["0.12", "0.84", "0.51"]])
v_q = M([["0.62", "0.24", "0.33"]])
e.given(e.line("Q_{quickly} = ["), "Q quickly")
e.given(e.line("K_{dog} = ["), "K dog")
e.given(e.line("V_{dog} = ["), "V dog")
e.given(e.line("V_{quickly} = ["), "V quickly")
# the article states the score of "quickly" with itself as an assumption (about 1.2) and does not scale
s_dog = (q * k_dog.T)[0]
s_q = R("1.2")
e.given(e.line("(0.22)(0.54)"), "operands of the dot product (restated inputs)")
L = e.line("= 0.1188")
e.claim(L, "products", ["0.1188", "0.2304", "0.5402"],
        [R("0.22") * R("0.54"), R("0.64") * R("0.36"), R("0.73") * R("0.74")])
e.claim(L, "score(dog, quickly)", "0.889", s_dog)
e.given(e.line("≈ 1.2"), "assumed score for quickly")
w = softmax_rows(M([[s_dog, s_q]]))
L = e.line(r"\alpha_{dog} = \frac")
e.claim(L, "restated score", "0.889", s_dog)
e.given(L, "assumed score 1.2")
e.claim(L, "alpha dog", "0.42", w[0])
L = e.line(r"\alpha_{quickly} = \frac")
e.claim(L, "restated score", "0.889", s_dog)
e.claim(L, "alpha quickly", "0.58", w[1])
L = e.line("= 0.42 \\cdot")
e.claim(L, "restated weights", ["0.42", "0.58"], [w[0], w[1]])
e.given(L, "restated values")
out = w[0] * v_dog + w[1] * v_q
e.claim(e.line("= [0.41, 0.49, 0.41]"), "output quickly", ["0.41", "0.49", "0.41"], out)
e.done()
