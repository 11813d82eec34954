# Expected verdicts for en-basic-adityajohorey-i-love-robotics.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: x_I = [1,0,1,0], x_love = [1,1,0,0], x_robot = [0,1,1,0]; W_Q, W_K, W_V (4x3) as printed.
# One query ("love"): q = [1,1,1], keys [2,1,1], [1,2,1], [1,1,2], values [2,0,1], [1,1,0], [1,1,1]; scores [4,4,4],
# scaled by sqrt(3) to 2.3094, softmax exactly [1/3, 1/3, 1/3].  The output is exactly [4/3, 2/3, 2/3] = [1.333, 0.667, 0.667];
# the article multiplies the rounded weight 0.333 and prints [0.666, 0, 0.333] for (1/3)*v_I and [1.332, 0.666, 0.666]
# for the output: right from the rounded 0.333, wrong end to end -> drift.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "projection", "scaling", "softmax", "output"])
X = M([["1", "0", "1", "0"], ["1", "1", "0", "0"], ["0", "1", "1", "0"]])
WQ = M([["1", "0", "1"], ["0", "1", "0"], ["1", "0", "0"], ["0", "0", "1"]])
WK = M([["1", "1", "0"], ["0", "1", "1"], ["1", "0", "1"], ["0", "1", "0"]])
WV = M([["1", "0", "0"], ["0", "1", "0"], ["1", "0", "1"], ["0", "0", "1"]])
Q, K, V = X * WQ, X * WK, X * WV
q = Q.row(1)
s = q * K.T
dk = 3
sc = s / sp.sqrt(dk)
a = softmax_rows(sc)
out = a * V
names = ["I", "love", "robot"]

# inputs
for i, nm in enumerate(names):
    e.given(e.line(f"x_{nm} " if nm != "love" else "x_love   ="), f"embedding {nm}")
L = e.line("X = [")
for i in range(3):
    e.given(L + 1 + i, "X row")
for tag in ("W_Q =", "W_K =", "W_V ="):
    L = e.line(tag, after=e.line("Suppose training"))
    for i in range(4):
        e.given(L + 1 + i, f"{tag} row")
L = e.line("= [1,1,0,0]")
e.given(L, "x_love restated")
for i in range(4):
    e.given(L + 1 + i, "W_Q row restated")


def component_lines(start, xrow, W, result, label):
    """Lines like 'k₂ = 1·1 + 0·1 + 1·0 + 0·1 = 1' for the three components of xrow·W."""
    for j in range(3):
        L = start + j
        text = e.lines[L - 1]
        pairs = re.findall(r"(\d+)·(\d+)", text)
        assert len(pairs) == 4, (L, text)
        printed = [p for pr in pairs for p in pr]
        exact = [v for i in range(4) for v in (xrow[i], W[i, j])]
        e.claim(L, f"{label} component {j + 1}: operands x_i·W[i,{j + 1}]", printed, exact)
        e.claim(L, f"{label} component {j + 1}", text.split("= ")[-1].strip(), result[j])


component_lines(e.line("q₁ = 1·1 + 1·0 + 0·1 + 0·0 = 1"), X.row(1), WQ, q, "q_love")
e.claim(e.line("q_love = [1, 1, 1]"), "q_love", ["1", "1", "1"], q)
for i, nm in enumerate(names):
    e.given(e.line(f"k_{nm} = [") , f"x_{nm} restated for the key")
    L = e.line("k₁ =", after=e.line(f"k_{nm} = ["))
    component_lines(L, X.row(i), WK, K.row(i), f"k_{nm}")
    e.claim(e.line(f"k_{nm} = [", nth=2), f"k_{nm}", [str(v) for v in K.row(i)], K.row(i))
for i, nm in enumerate(names):
    e.given(e.line(f"v_{nm} = [") , f"x_{nm} restated for the value")
    L = e.line("v₁ =", after=e.line(f"v_{nm} = ["))
    component_lines(L, X.row(i), WV, V.row(i), f"v_{nm}")
    e.claim(e.line(f"v_{nm} = [", nth=2), f"v_{nm}", [str(v) for v in V.row(i)], V.row(i))

# scores
e.claim(e.line("q_love = [1,1,1]"), "q_love restated", ["1", "1", "1"], q)
for i, nm in enumerate(names):
    L = e.line(f"= [1,1,1] · [{K[i, 0]},{K[i, 1]},{K[i, 2]}]")
    e.claim(L, f"q_love and k_{nm} restated", ["1", "1", "1"] + [str(v) for v in K.row(i)], list(q) + list(K.row(i)))
    e.claim(L + 1, f"products q_j k_{nm},j", [str(q[j] * K[i, j]) for j in range(3)], [q[j] * K[i, j] for j in range(3)])
    e.claim(L + 2, f"score {nm}", "4", s[i])
e.claim(e.line("[4, 4, 4]"), "raw scores", ["4", "4", "4"], s)
L = e.line("√3 ≈ 1.732")
e.claim(L, "d_k", "3", dk)
e.claim(L, "sqrt(3)", "1.732", sp.sqrt(3))
L = e.line("scaled_scores = [4/1.732")
e.claim(L, "scores and sqrt(3) restated", ["4", "1.732"] * 3, [s[0], sp.sqrt(3), s[1], sp.sqrt(3), s[2], sp.sqrt(3)])
e.claim(L + 1, "scaled scores", ["2.31"] * 3, sc)
e.claim(e.line("softmax([2.31, 2.31, 2.31])"), "scaled scores restated", ["2.31"] * 3, sc)
e.claim(e.line("= [1/3, 1/3, 1/3]"), "softmax (exact)", ["1/3"] * 3, a)
e.claim(e.line("≈ [0.333, 0.333, 0.333]"), "softmax", ["0.333"] * 3, a)

# weighted sum
e.claim(e.line("0.333·v_I + 0.333·v_love"), "weights restated", ["0.333"] * 3, a)
for i, (tag, vs) in enumerate([("= 0.333·[2,0,1]", "v_I"), ("+ 0.333·[1,1,0]", "v_love"), ("+ 0.333·[1,1,1]", "v_robot")]):
    e.claim(e.line(tag), f"weight and {vs} restated", ["0.333"] + [str(v) for v in V.row(i)], [a[0, i]] + list(V.row(i)))
L = e.line("= [0.666,0,0.333]")
e.claim(L, "(1/3)*v_I = [0.6667, 0, 0.3333] (0.333 x 2 from the rounded weight)", ["0.666", "0", "0.333"],
        list(a[0, 0] * V.row(0)), cause="drift")
e.claim(L + 1, "(1/3)*v_love", ["0.333", "0.333", "0"], list(a[0, 1] * V.row(1)))
e.claim(L + 2, "(1/3)*v_robot", ["0.333", "0.333", "0.333"], list(a[0, 2] * V.row(2)))
e.claim(e.line("= [1.332, 0.666, 0.666]"), "output_love = [4/3, 2/3, 2/3] (sum of the rounded terms)",
        ["1.332", "0.666", "0.666"], out, cause="drift")
e.done()
