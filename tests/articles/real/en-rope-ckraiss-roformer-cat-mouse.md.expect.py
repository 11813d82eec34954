# Expected verdicts for en-rope-ckraiss-roformer-cat-mouse.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: d = 4, the example's own frequencies theta_1 = 10000^(-2/4) = 1/100, theta_2 = 10000^(-4/4) = 1/10000
# (the algorithm box states 10000^(-2(i-1)/d), which would give 1 and 1/100; the worked example follows its section's
# formula, so that is the convention judged); positions from 1; W_q = W_k = I; X as printed (columns = tokens);
# R_m = blockdiag(rot(m*theta_1), rot(m*theta_2)), rotation [[cos, -sin], [sin, cos]].
# Exact: q_2 = [0.891821, 0.417919, 0.599940, 0.300120]; k_3 = [0.175914, 0.805639, 0.499790, 0.700150 (0.70014997)];
# k_5 = [0.264640, 0.714119, 0.399600, 0.800200]; q_2.k_3 = 1.003548, q_2.k_5 = 1.014347; products 0.156883,
# 0.336692, 0.299844, 0.210129 and 0.236011, 0.298444, 0.239736, 0.240156.
# Wrong lines:
# - k_3 second entry 0.8059: exact 0.805639 (0.8056; 0.2*0.0300 + 0.8*0.9996 = 0.80568 even from the rounded R_3), slip;
#   its last entry 0.7002 is the rounded R_3 value 0.5*0.0003 + 0.7*1.0000 = 0.70015 (a tie), exact 0.70014997 -> 0.7001,
#   drift.
# - k_5 second entry 0.7137: exact 0.714119 (0.7141), slip.  The two score lines that restate 0.8059/0.7002 and 0.7137
#   are carried; the products and sums after them (1.004, 1.014) agree end to end.
# - "the angle between cat and mouse is about 1.8°": (5 - 2) * 0.01 = 0.03 rad = 1.7189° -> 1.7 (the article itself
#   prints ≈1.7° for 0.03 rad), slip; restated as "1.8° angle" on a later line (carried).
# - decay list "Distance 1: ≈0.01° and 0.0001°": 0.01 rad = 0.5730° and 0.0001 rad = 0.00573° (the radian values
#   printed as degrees), slip.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["rope", "bmatrix", "latex", "degrees"])
t1, t2 = R(1, 100), R(1, 10000)
deg = lambda r: sp.Integer(180) * r / sp.pi


def Rm(m):
    a, b = m * t1, m * t2
    return sp.Matrix([[sp.cos(a), -sp.sin(a), 0, 0], [sp.sin(a), sp.cos(a), 0, 0],
                      [0, 0, sp.cos(b), -sp.sin(b)], [0, 0, sp.sin(b), sp.cos(b)]])


X = M([["0.5", "0.9", "0.2", "0.5", "0.3"], ["0.3", "0.4", "0.8", "0.3", "0.7"],
       ["0.6", "0.6", "0.5", "0.4", "0.4"], ["0.2", "0.3", "0.7", "0.6", "0.8"]])
q2, k3, k5 = Rm(2) * X[:, 1], Rm(3) * X[:, 2], Rm(5) * X[:, 4]

e.given(e.line("\\theta_i = 10000^{-2(i-1)/d}"), "algorithm-box frequency formula")
e.given(e.line("$$\\theta_i = 10000^{-2i/d} \\quad"), "example frequency formula")
for k in (1, 2):
    e.claim(e.line("$\\theta_1 = 10000^{-2/4} = 0.01$", k), "theta_1", ["0.01"], [sp.Integer(10000) ** R(-2, 4)])
    e.claim(e.line("$\\theta_2 = 10000^{-4/4} = 0.0001$", k), "theta_2", ["0.0001"], [sp.Integer(10000) ** R(-4, 4)])
e.claim(e.line("Dimensions 1-2: $5 \\times 0.01 = 0.05$ radians ≈ 2.9°"), "5*theta_1 and degrees", ["0.05", "2.9"],
        [5 * t1, deg(5 * t1)])
e.claim(e.line("Dimensions 3-4: $5 \\times 0.0001 = 0.0005$ radians ≈ 0.03°"), "5*theta_2 and degrees", ["0.0005", "0.03"],
        [5 * t2, deg(5 * t2)])
L = e.line("X = ") + 2
for k in range(4):
    e.given(L + k, f"X row {k + 1}")
for m in (2, 3, 5):
    ln = e.line(f"Angles: ${m} \\times 0.01 = ")
    e.claim(ln, f"angles at position {m}", [f"0.0{m}", f"0.000{m}"], [m * t1, m * t2])


def mat_rows(start_needle, m, nth=1):
    L = e.line(start_needle, nth)
    Rx = Rm(m)
    for k in range(4):
        ln = L + 1 + k
        cells = [c.strip() for c in e.lines[ln - 1].replace("\\\\", "").split("&")]
        e.claim(ln, f"R_{m} row {k + 1} (4 places)", cells, list(Rx.row(k)))


mat_rows("\\end{bmatrix} \\approx \\begin{bmatrix}", 2)
mat_rows("R_3 \\approx \\begin{bmatrix}", 3)
mat_rows("R_5 \\approx \\begin{bmatrix}", 5)
e.claim(e.line("turns a little (≈1.1°)"), "degrees of 0.02 and 0.0002 rad", ["1.1", "0.01"], [deg(2 * t1), deg(2 * t2)])
e.claim(e.line("q_2 = R_2 \\begin{bmatrix}"), "rotated query q_2", ["0.8918", "0.4179", "0.5999", "0.3001"], list(q2))
ln = e.line("k_3 = R_3 \\begin{bmatrix}")
e.claim(ln, "rotated key k_3, first three", ["0.1759", "0.8059", "0.4998"], list(k3)[:3])
e.claim(ln, "rotated key k_3, last (0.70015 from the rounded R_3)", ["0.7002"], [k3[3]], cause="drift")
e.claim(e.line("has now turned ≈2.9°"), "degrees of 0.05 and 0.0005 rad", ["2.9", "0.03"], [deg(5 * t1), deg(5 * t2)])
e.claim(e.line("k_5 = R_5 \\begin{bmatrix}"), "rotated key k_5", ["0.2646", "0.7137", "0.3996", "0.8002"], list(k5))
e.claim(e.line("• mouse (rotated 0.05 rad ≈ 2.9°)"), "mouse angle", ["0.05", "2.9"], [5 * t1, deg(5 * t1)])
e.claim(e.line("• chased (rotated 0.03 rad ≈ 1.7°)"), "chased angle", ["0.03", "1.7"], [3 * t1, deg(3 * t1)])
e.claim(e.line("• cat (rotated 0.02 rad ≈ 1.1°)"), "cat angle", ["0.02", "1.1"], [2 * t1, deg(2 * t1)])
e.claim(e.line("about 1.8°, so their score"), "angle between cat and mouse, (5-2)*0.01 rad in degrees", ["1.8"],
        [deg(3 * t1)])
e.claim(e.line("(0.0002-0.0005 rad ≈ 0.01-0.03°)"), "second-plane angles", ["0.0002", "0.0005", "0.01", "0.03"],
        [2 * t2, 5 * t2, deg(2 * t2), deg(5 * t2)])
ln = e.line("the angles are 100× smaller")
e.claim(ln, "theta_1 / theta_2", ["100"], [t1 / t2])
e.claim(ln, "cat-mouse angle restated", ["1.8"], [deg(3 * t1)], cause="carried")
e.claim(ln, "distance-50 angles in degrees", ["29", "0.3"], [deg(50 * t1), deg(50 * t2)], rounded_int=True)
ln = e.line("$$q_2^T k_3 = (0.8918)")
e.claim(ln, "q_2 restated", ["0.8918", "0.4179", "0.5999", "0.3001"], list(q2))
e.claim(ln, "k_3 restated (0.8059)", ["0.1759", "0.8059", "0.4998"], list(k3)[:3], cause="carried")
e.claim(ln, "k_3 restated (0.7002)", ["0.7002"], [k3[3]], cause="drift")
e.claim(e.line("$$= 0.157 + 0.337 + 0.300 + 0.210 = 1.004$$"), "products and q_2.k_3",
        ["0.157", "0.337", "0.300", "0.210", "1.004"], [q2[i] * k3[i] for i in range(4)] + [(q2.T * k3)[0]])
ln = e.line("$$q_2^T k_5 = (0.8918)")
e.claim(ln, "q_2 restated", ["0.8918", "0.4179", "0.5999", "0.3001"], list(q2))
e.claim(ln, "k_5 restated", ["0.2646", "0.7137", "0.3996", "0.8002"], list(k5), cause="carried")
e.claim(e.line("$$= 0.236 + 0.298 + 0.240 + 0.240 = 1.014$$"), "products and q_2.k_5",
        ["0.236", "0.298", "0.240", "0.240", "1.014"], [q2[i] * k5[i] for i in range(4)] + [(q2.T * k5)[0]])
e.claim(e.line("moved only 0.0002 to 0.0005 radians"), "angles and angle differences",
        ["0.0002", "0.0005", "0.01", "0.03"], [2 * t2, 5 * t2, (3 - 2) * t1, (5 - 2) * t1])
e.claim(e.line("- Slow dims: $50 \\times 0.01 = 0.5$ rad (29°)"), "50*theta_1", ["0.5", "29"], [50 * t1, deg(50 * t1)],
        rounded_int=True)
e.claim(e.line("- Fast dims: $50 \\times 0.0001 = 0.005$ rad (0.3°)"), "50*theta_2", ["0.005", "0.3"], [50 * t2, deg(50 * t2)])
e.given(e.line("$$R_2^T R_5 = R_{5-2} = R_3$$"), "relative rotation identity")
e.claim(e.line("- **Distance 1:**"), "distance-1 angles in degrees", ["0.01", "0.0001"], [deg(t1), deg(t2)])
e.claim(e.line("- **Distance 3:**"), "distance-3 angles in degrees", ["1.7", "0.02"], [deg(3 * t1), deg(3 * t2)])
e.claim(e.line("- **Distance 50:**"), "distance-50 angles in degrees", ["29", "0.3"], [deg(50 * t1), deg(50 * t2)],
        rounded_int=True)
e.claim(e.line("- **Distance 500:**"), "distance-500 angles in degrees", ["286", "3"], [deg(500 * t1), deg(500 * t2)],
        rounded_int=True)
e.done()
