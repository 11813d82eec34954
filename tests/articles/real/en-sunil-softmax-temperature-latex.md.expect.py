# Expected verdicts for en-sunil-softmax-temperature-latex.md, computed with plain SymPy (see oracle.py); not symattn's code.
# softmax(z / T) for z = [2.0, 1.0, 0.1] at T = 1, 2, 0.5.
# Exact: T=1 [0.659001, 0.242433, 0.098566]; T=2 [0.501688, 0.304289, 0.194023]; T=0.5 [0.863777, 0.116900, 0.019323].
# Every printed probability row is wrong (each is a slip: nothing earlier in the note explains it).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["softmax-row", "temperature", "latex"])
z = [R("2.0"), R("1.0"), R("0.1")]
e.given(e.line("z = [2.0, 1.0, 0.1]"), "logits")


def sm(T):
    return softmax_rows(sp.Matrix([[x / T for x in z]]))


e.claim(e.line("P = [0.71, 0.23, 0.06]"), "softmax(z), T = 1", ["0.71", "0.23", "0.06"], sm(1))
L = e.line("z / T = [2/2, 1/2, 0.1/2]")
e.claim(L, "z / 2", ["1.0", "0.5", "0.05"], [x / 2 for x in z])
e.claim(e.line("P = [0.54, 0.33, 0.13]"), "softmax(z / 2)", ["0.54", "0.33", "0.13"], sm(2))
L = e.line("z / T = [2/0.5, 1/0.5, 0.1/0.5]")
e.claim(L, "z / 0.5", ["4.0", "2.0", "0.2"], [x / R("0.5") for x in z])
e.claim(e.line("P = [0.88, 0.11, 0.01]"), "softmax(z / 0.5)", ["0.88", "0.11", "0.01"], sm(R("0.5")))
e.done()
