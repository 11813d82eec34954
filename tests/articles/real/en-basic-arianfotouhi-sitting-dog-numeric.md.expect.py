# Expected verdicts for en-basic-arianfotouhi-sitting-dog-numeric.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article gives query/key/value vectors for "The", "dog", "sitting" (3-dim, so d_k = 3) and works out the
# context vector of "sitting" against the two OTHER words only (the keys of "The" and "dog"; the two weights it
# prints, 0.4 and 0.6, sum to 1 over those two words), under its stated formula softmax(QK^T / sqrt(d_k)) V.
#   q_sitting . k_The = 0.3*0.1 + 0.4*0.3 + 0.1*0.6 = 0.21   (printed 0.13: slip)
#   q_sitting . k_dog = 0.3*0.2 + 0.4*0.4 + 0.1*0.7 = 0.29   (printed 0.26: slip)
#   softmax([0.21, 0.29] / sqrt 3) = [0.488455, 0.511545]; the article writes softmax(0.13/3): the 0.13/0.26 are the
#   carried dot products, and "/3" divides by d_k instead of sqrt(d_k) = 1.732051 (slip against its own formula).
#   Printed weights 0.4 and 0.6 are wrong at one decimal under every reading (exact /sqrt 3: 0.49/0.51 -> 0.5/0.5;
#   the author's /3: 0.4933/0.5067 -> 0.5/0.5; even from the author's own 0.13/0.26 -> 0.49/0.51): slip.
#   Products 0.4*[0.3,0.2,0.8], 0.6*[0.5,0.3,0.9] and their sum [0.42, 0.26, 0.86] follow from those wrong weights:
#   end to end the context vector is 0.488455*v_The + 0.511545*v_dog = [0.402309, 0.251154, 0.851154] (carried).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "scaling", "plain-text", "dot-product"])

q = {"The": M([["0.2", "0.5", "0.1"]]), "dog": M([["0.4", "0.6", "0.2"]]), "sitting": M([["0.3", "0.4", "0.1"]])}
k = {"The": M([["0.1", "0.3", "0.6"]]), "dog": M([["0.2", "0.4", "0.7"]]), "sitting": M([["0.4", "0.3", "0.5"]])}
v = {"The": M([["0.3", "0.2", "0.8"]]), "dog": M([["0.5", "0.3", "0.9"]]), "sitting": M([["0.6", "0.4", "0.9"]])}
dk = 3
s_the = (q["sitting"] * k["The"].T)[0]
s_dog = (q["sitting"] * k["dog"].T)[0]
w = softmax_rows(sp.Matrix([[s_the / sp.sqrt(dk), s_dog / sp.sqrt(dk)]]))
w_the, w_dog = w[0, 0], w[0, 1]
ctx = w_the * v["The"] + w_dog * v["dog"]

for word in ("The", "dog", "sitting"):
    e.given(e.line(f'"{word}": Query = ['), f"query, key and value of {word}")

L = e.line("Dot Product (sitting, The)=")
e.given(L, "factors restated from the query of sitting and the key of The")
e.claim(L, "q_sitting . k_The", ["0.13"], [s_the], cause="slip")
L = e.line("Dot Product (sitting, dog)=")
e.given(L, "factors restated from the query of sitting and the key of dog")
e.claim(L, "q_sitting . k_dog", ["0.26"], [s_dog], cause="slip")
e.given(e.line("(assuming d_k"), "d_k = 3 (the vectors have 3 components)")

L = e.line("Softmax (sitting, The)=softmax(0.13/3)")
e.claim(L, "score sitting->The restated", ["0.13"], [s_the], cause="carried")
e.claim(L, "scale divisor sqrt(d_k) of the stated formula", ["3"], [sp.sqrt(dk)], cause="slip")
L = e.line("Softmax (sitting, dog)=softmax(0.26/3)")
e.claim(L, "score sitting->dog restated", ["0.26"], [s_dog], cause="carried")
e.claim(L, "scale divisor sqrt(d_k) of the stated formula", ["3"], [sp.sqrt(dk)], cause="slip")

L = e.line("Weighted Sum (sitting, The)≈0.4×")
e.claim(L, "attention weight sitting->The", ["0.4"], [w_the], cause="slip")
e.given(L, "value of The restated [0.3,0.2,0.8]")
e.claim(L, "weighted value of The", ["0.12", "0.08", "0.32"], w_the * v["The"], cause="carried")
L = e.line("Weighted Sum (sitting, dog)≈0.6×")
e.claim(L, "attention weight sitting->dog", ["0.6"], [w_dog], cause="slip")
e.given(L, "value of dog restated [0.5,0.3,0.9]")
e.claim(L, "weighted value of dog", ["0.3", "0.18", "0.54"], w_dog * v["dog"], cause="carried")

L = e.line("Weighted sum = [0.12 + 0.3")
e.claim(L, "context vector of sitting", ["0.42", "0.26", "0.86"], ctx, cause="carried")
e.ambiguous(L, "the terms 0.12 + 0.3, 0.08 + 0.18, 0.32 + 0.54 restate the two weighted values (wrong from the wrong "
               "weights); the sums themselves are right as written")
L = e.line("The vector [0.42, 0.26, 0.86]")
e.claim(L, "context vector restated", ["0.42", "0.26", "0.86"], ctx, cause="carried")
e.done()
