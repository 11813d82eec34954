# Expected verdicts for en-rope-planckeon-index-notation-positional.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# The only numeric work is the closing RoPE example: d = 4, m = 2, theta = [1.0, 0.1], q = [1, 0, 1, 0];
# angles m*theta = [2, 0.2]; rotated pairs (cos 2, sin 2) = (-0.4161, 0.9093) and (cos 0.2, sin 0.2) = (0.9801, 0.1987),
# printed to 2 places as -0.42, 0.91, 0.98, 0.20 -- all agree.
# The setup line is ambiguous: theta = [1.0, 0.1] is stated as the example's input, but the page's own formula
# theta_i = 10000^(-2i/d) with d = 4 gives [1, 0.01]; whether 0.1 is a chosen toy value or a slip cannot be decided.
# No wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["rope", "positional", "latex-display"])
m = 2
theta = [R(1), R(1, 10)]
ang = [m * t for t in theta]
rot = [sp.cos(ang[0]), sp.sin(ang[0]), sp.cos(ang[1]), sp.sin(ang[1])]

e.given(e.line("exact positions for $|k| \\leq 8$"), "T5 exact-bucket range (cited)")
L = e.line("**Setup:** $d = 4$, position $m = 2$")
e.ambiguous(L, "theta = [1.0, 0.1] is given as the example's input, but the page's theta_i = 10000^(-2i/d) with d = 4 "
               "gives [1, 0.01]; a chosen toy value or a slip cannot be told apart")
e.given(e.line("**Query:** $q = [1, 0, 1, 0]$"), "query q")
e.claim(e.line("**Rotation angles:** $m\\theta = [2.0, 0.2]$"), "m * theta", ["2.0", "0.2"], ang)
e.given(e.line("Pair 1: $(q_1, q_2) = (1, 0)$"), "first pair of q")
e.claim(e.line("= \\cos(2) \\approx -0.42"), "q~1 = cos 2", ["-0.42"], [rot[0]])
e.claim(e.line("= \\sin(2) \\approx 0.91"), "q~2 = sin 2", ["0.91"], [rot[1]])
e.given(e.line("Pair 2: $(q_3, q_4) = (1, 0)$"), "second pair of q")
e.claim(e.line("\\tilde{q}_3 = 1 \\cdot \\cos(0.2)"), "q~3 = cos 0.2", ["0.98"], [rot[2]])
e.claim(e.line("\\tilde{q}_4 = 1 \\cdot \\sin(0.2)"), "q~4 = sin 0.2", ["0.20"], [rot[3]])
e.claim(e.line("**Result:** $\\tilde{q} \\approx"), "rotated query", ["-0.42", "0.91", "0.98", "0.20"], rot)
e.done()
