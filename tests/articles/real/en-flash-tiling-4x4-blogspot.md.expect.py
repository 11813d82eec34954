# Expected verdicts for en-flash-tiling-4x4-blogspot.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the printed Q, K (4×4) and V (4×2); S = Q K^T / sqrt(4), P = row softmax(S), O = P V; tiles of 2 rows.
# P is printed "approximate" at 4 places: several entries are cut or off by one in the last place (0.15706 as 0.1570,
# 0.18877 as 0.1887, 0.426933 as 0.4271); O rows 1-2 follow the author's P (carried).
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["flash", "online-softmax"])
Q = M([[1, 0, 2, 0], [0, 1, 1, 0], [1, 1, 0, 1], [0, 2, 1, 1]])
K = M([[2, 1, 0, 0], [0, 1, 1, 0], [1, 0, 1, 1], [0, 0, 2, 1]])
V = M([[1, 0], [0, 1], [1, 1], [2, 1]])
S = Q * K.T / sp.sqrt(4)
P = softmax_rows(S)
O = P * V


def nums(line):
    return re.findall(r"-?\d+\.\d+|-?\d+", e.lines[line - 1])


def block(label, nth=1):
    """Lines of the rows printed under the line containing ``label``."""
    L = e.line(label, nth=nth)
    out = []
    for ln in range(L + 1, L + 6):
        if "[" in e.lines[ln - 1] and re.search(r"\d", e.lines[ln - 1]):
            out.append(ln)
            if e.lines[ln - 1].rstrip().endswith("] ]"):
                break
    return out


L = e.line("# Example: N = d = d_v = 4")
e.claim(L, "scale 1/sqrt(4)", ["1/2"], [1 / sp.sqrt(4)])
for name in ("Q =", "K =", "V ="):
    for ln in block(name):
        e.given(ln, f"{name[0]} row")
e.given(e.line("Scores: S = (Q K^T) / 2"), "definition")
ls = block("S =", nth=2)
e.rows(ls, "S = Q K^T / 2", [nums(ln) for ln in ls], S)
ls = block("P ≈")
e.rows(ls, "P = softmax_row(S)", [nums(ln) for ln in ls], P)
ls = block("O ≈")
# rows 1 and 2 are the author's own P times V (0.1570 + 0.2588 + 2·0.4269 = 1.2696): carried from the wrong P
e.rows(ls, "O = P V", [nums(ln) for ln in ls], O, causes={0: "carried", 1: "carried"})

# tiles: restated rows of Q, K, V
for label in ("Q_{A1} = Q[0:2,:] =", "Q_{A2} = Q[2:4,:] =", "K_{B1} = K[0:2,:] =", "V_{B1} = V[0:2,:] =",
              "K_{B2} = K[2:4,:] =", "V_{B2} = V[2:4,:] ="):
    src = {"Q": Q, "K": K, "V": V}[label[0]]
    off = 0 if ("A1" in label or "B1" in label) else 2
    ls = block(label)
    e.rows(ls, label.split(" =")[0], [nums(ln) for ln in ls], src[off:off + 2, :])
for a, b in ((1, 1), (1, 2), (2, 1), (2, 2)):
    ls = block(f"S_{{A{a},B{b}}} =")
    e.rows(ls, f"S_A{a},B{b}", [nums(ln) for ln in ls], S[2 * (a - 1):2 * a, 2 * (b - 1):2 * b])
e.done()
