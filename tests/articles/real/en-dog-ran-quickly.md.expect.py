# Expected verdicts for en-dog-ran-quickly.md, computed with plain SymPy (see oracle.py); not symattn's code.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "no-scaling", "single-query"])
q = M([["0.22", "0.64", "0.73"]])
k_dog = M([["0.54", "0.36", "0.74"]])
v_dog = M([["0.12", "0.84", "0.51"]])
v_q = M([["0.62", "0.24", "0.33"]])
e.given(e.line("Q_{quickly} = ["), "q")
e.given(e.line("K_{dog} = ["), "k_dog")
e.given(e.line("V_{dog} = ["), "v_dog")
e.given(e.line("V_{quickly} = ["), "v_quickly")

L = e.line("= (0.22)(0.54)")
e.given(L, "products written out from q and k_dog")
L = e.line("= 0.1188 + 0.2304")
e.claim(L, "elementwise products", ["0.1188", "0.2304", "0.5402"],
        [q[i] * k_dog[i] for i in range(3)])
s_dog = (q * k_dog.T)[0]
e.claim(L, "score(dog, quickly)", ["0.889"], s_dog)
# the article assumes the self score of "quickly" is 1.2 and applies softmax to the raw scores
e.given(e.line("≈ 1.2"), "assumed self score 1.2")
s_q = R("1.2")
a_dog = sp.exp(s_dog) / (sp.exp(s_dog) + sp.exp(s_q))
a_q = 1 - a_dog
e.claim(e.line(r"\alpha_{dog} = \frac"), "alpha_dog", ["0.42"], a_dog)
e.claim(e.line(r"\alpha_{quickly} = \frac"), "alpha_quickly", ["0.58"], a_q)
L = e.line(r"= 0.42 \cdot [0.12")
e.given(L, "values restated")
e.claim(L, "weights restated", ["0.42", "0.58"], [a_dog, a_q])
out = a_dog * v_dog + a_q * v_q
e.claim(e.line("= [0.41, 0.49, 0.41]"), "output(quickly)", ["0.41", "0.49", "0.41"], out)
e.done()
