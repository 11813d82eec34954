# Expected verdicts for en-rope-lexailabs-rotary-apply.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: x[0, 1] = [1.0, 0.0, 1.0, 0.0] at position 1; C = 4, so the pair frequencies are 10000^0 = 1 and
# 10000^(-2/4) = 0.01 (the stored page lost the inline formulas; the output line names the angles 1 and 0.01).
# Rotating [1, 0] by an angle a gives [cos a, sin a]:
# cos 1 = 0.540302 -> 0.5403, sin 1 = 0.841471 -> 0.8415, cos 0.01 = 0.99995000042 -> 0.99995,
# sin 0.01 = 0.0099998 -> 0.01: all ok.  Example 1 (position 0 is the identity) has no numbers to judge beyond t=0.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="en", topics=["rope", "plain-text", "coding-problem"])
h = sp.Integer(10000) ** R(-2, 4)
e.given(e.line("Input: any x; inspect position t=0"), "position 0")
e.given(e.line("Input: x[0, 1] = [1.0, 0.0, 1.0, 0.0]"), "input vector at position 1")
L = e.line("Output: [cos(1), sin(1), cos(0.01), sin(0.01)]")
e.claim(L, "angles 1·1 and 1·10000^(-1/2)", ["0.01"], [h])
e.claim(L, "rotated pairs [cos 1, sin 1, cos 0.01, sin 0.01]", ["0.5403", "0.8415", "0.99995", "0.01"],
        [sp.cos(1), sp.sin(1), sp.cos(h), sp.sin(h)])
L = e.line("Pair 0, [1,0], turns by 1 rad")
e.claim(L, "angle of pair 1", ["0.01"], [h])
e.done()
