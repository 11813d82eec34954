# Expected verdicts for es-basic-dieg0code-si-llueve-me-mojo.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: Q, K, V of the four tokens "Si", "llueve", "me", "mojo" (3-d, printed in "Paso 1").
# The worked example takes the query of "mojo" against every key, with no 1/sqrt(d_k) scaling (none is stated), then a
# plain softmax, then the weighted sum of the values.
# Exact: scores = [1, 2, 0, 1]; softmax = [e, e^2, 1, e] / (2e + e^2 + 1) = [0.196612, 0.534447, 0.0723295, 0.196612];
# output = [0.540293, 0.232425, 0.372705].
# Wrong lines (6):
# - softmax([1, 2, 0, 1]) printed [0.18, 0.49, 0.07, 0.26]: 0.20, 0.53, 0.07, 0.20 (the two equal scores 1 even get
#   different weights) - slip.
# - the percentage annotations 49% / 26% and 18%, the prose "49%", and the restated weights in the output line: carried.
# - output printed [0.52, 0.27, 0.37]; exact [0.54, 0.23, 0.37].  It does not follow from the author's own weights
#   either (0.18*V_si + ... = [0.528, 0.262, 0.358]), so it is the author's own slip.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="es", topics=["basic", "softmax", "output", "percent"])

Q = {"si": M([[1, 0, 0]]), "llueve": M([[0, 1, 1]]), "me": M([[0, 0, 1]]), "mojo": M([[1, 1, 0]])}
K = {"si": M([[0, 1, 0]]), "llueve": M([[1, 1, 0]]), "me": M([[0, 0, 1]]), "mojo": M([[1, 0, 1]])}
V = {"si": M([["0.1", "0.2", "0.3"]]), "llueve": M([["0.8", "0.1", "0.5"]]),
     "me": M([["0.2", "0.3", "0.1"]]), "mojo": M([["0.4", "0.6", "0.2"]])}
order = ["si", "llueve", "me", "mojo"]
q = Q["mojo"]
s = [(q * K[t].T)[0] for t in order]
w = softmax_rows(M([s]))
wl = [w[0, j] for j in range(4)]
out = sum((wl[j] * V[order[j]] for j in range(4)), sp.zeros(1, 3))

# inputs
e.given(e.line("(8, 100, 512)"), "tensor shape (batch, seq, d_model) as an illustration")
e.given(e.line('"llueve" = [0.8, -0.3, 0.1, 0.9'), "illustrative embedding")
for needle in ["(0.9 = muy si)", "(0.1 = neutro)", "(-0.3 = no)", "(0.8 = mucho)"]:
    e.given(e.line(needle), "illustrative embedding component")
e.given(e.line('"llueve"   = [0.8, -0.3, 0.1'), "illustrative embedding")
e.given(e.line('"llovizna" = [0.7, -0.2, 0.1'), "illustrative embedding")
e.given(e.line('"mesa"     = [-0.5, 0.8, -0.3'), "illustrative embedding")
for t, needle in [("si", '"Si"     → Q=[1,0,0]'), ("llueve", '"llueve" → Q=[0,1,1]'),
                  ("me", '"me"     → Q=[0,0,1]'), ("mojo", '"mojo"   → Q=[1,1,0]')]:
    e.given(e.line(needle), f"Q, K, V of {t}")
e.given(e.line("Q_mojo = [1, 1, 0]"), "restated query of mojo")

# Paso 2: dot products of q_mojo with every key
for j, (needle, printed) in enumerate([("Q_mojo · K_si", "1"), ("Q_mojo · K_llueve", "2"),
                                       ("Q_mojo · K_me", "0"), ("Q_mojo · K_mojo", "1")]):
    L = e.line(needle)
    e.claim(L, f"q_mojo · k_{order[j]}", printed, s[j])
e.claim(e.line("Scores = [1, 2, 0, 1]"), "scores of mojo", ["1", "2", "0", "1"], s)

# Paso 3: softmax
L = e.line("softmax([1, 2, 0, 1]) = [0.18, 0.49, 0.07, 0.26]")
e.claim(L, "restated scores", ["1", "2", "0", "1"], s)
e.claim(L, "softmax([1, 2, 0, 1])", ["0.18", "0.49", "0.07", "0.26"], wl)
L = e.line("49%!")
e.claim(L, "weight of llueve as a percentage", "49%", wl[1], cause="carried")
e.claim(L, "weight of mojo as a percentage", "26%", wl[3], cause="carried")
e.claim(e.line('"me" 7%'), "weight of me as a percentage", "7%", wl[2])
e.claim(e.line('"Si" 18%'), "weight of Si as a percentage", "18%", wl[0], cause="carried")
e.claim(e.line("se queda con el 49%"), "weight of llueve (prose)", "49%", wl[1], cause="carried")

# Paso 4: weighted sum of the values
L = e.line("output = 0.18*V_si + 0.49*V_llueve")
e.claim(L, "restated weights", ["0.18", "0.49", "0.07", "0.26"], wl, cause="carried")
e.claim(e.line("= [0.52, 0.27, 0.37]"), "output of mojo", ["0.52", "0.27", "0.37"], out)

# multi-head: only the head count of the model
e.given(e.line("(8 cabezas en nuestro modelo)"), "8 heads")
e.done()
