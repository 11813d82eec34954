# Expected verdicts for en-rope-nanochat-rotation-test.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs of the script: q = [1, 0], k = [0, 1], m = 1, n = 2, theta = 1, R(t) = [[cos t, sin t], [-sin t, cos t]].
# Method 1: (R(1) q) · (R(2) k) = cos 1 sin 2 - sin 1 cos 2 = sin 1 = 0.8415; method 2: q · (R(1) k) = sin 1 as well.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["rope"])


def Rot(t):
    return sp.Matrix([[sp.cos(t), sp.sin(t)], [-sp.sin(t), sp.cos(t)]])


q = sp.Matrix([1, 0])
k = sp.Matrix([0, 1])
m, n, theta = 1, 2, 1
dot1 = (Rot(m * theta) * q).dot(Rot(n * theta) * k)
dot2 = q.dot(Rot((n - m) * theta) * k)

e.given(e.line("q = torch.tensor([1.0, 0.0])"), "q")
e.given(e.line("k = torch.tensor([0.0, 1.0])"), "k")
e.given(e.line("m, n = 1, 2"), "positions")
e.given(e.line("theta = 1.0  # For simplicity"), "theta")
e.claim(e.line("R_m = R(m * theta)  # R(1)"), "m * theta", ["1"], [m * theta])
e.claim(e.line("R_n = R(n * theta)  # R(2)"), "n * theta", ["2"], [n * theta])
e.claim(e.line("R_diff = R((n - m) * theta)  # R(1)"), "(n - m) * theta", ["1"], [(n - m) * theta])
e.claim(e.line("Method 1 (rotate then dot)"), "(R(1) q) · (R(2) k) = sin 1", "0.6536", dot1)
e.claim(e.line("Method 2 (q·R(1)k)"), "q · (R(1) k) = sin 1", "0.6536", dot2)
e.done()
