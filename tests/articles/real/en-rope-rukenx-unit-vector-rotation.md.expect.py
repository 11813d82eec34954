# Expected verdicts for en-rope-rukenx-unit-vector-rotation.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An exercise solution (LaTeX, here as Markdown with \[...\] display maths) working RoPE by hand in 2D.
# Inputs: positions p = 0, 1, 2; theta = 1 rad; q_p = k_p = [1, 0] at every position; d_k = 2 (scale sqrt 2).
# Exact values computed here:
#   plain Q K^T = all ones; softmax of equal logits = 1/3 everywhere;
#   rotated rows [cos p, sin p]: [1, 0], [0.540302, 0.841471], [-0.416147, 0.909297];
#   S = [[1, cos1, cos2], [cos1, 1, cos1], [cos2, cos1, 1]] = 0.540302 / -0.416147 off the diagonal;
#   S / sqrt2: 0.707107, 0.382051, -0.294260;
#   row softmax: row 1 = [0.478512, 0.345718, 0.175770], row 2 = [0.295521, 0.408958, 0.295521], row 3 = row 1 reversed.
# Every printed number agrees with these values (4 decimals): the article has no wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["rope", "latex-bmatrix", "softmax"])

e.given(e.line("three positions $p\\in\\{0,1,2\\}$"), "positions 0, 1, 2 and theta = 1 rad")
e.given(e.line("q_p=k_p=\\begin{bmatrix}1&0\\end{bmatrix}."), "q_p = k_p = [1, 0]")

# --- 1. plain attention ------------------------------------------------------------
L = e.line("QK^\\top=", after=e.line("## 1. No rotation yet"))
for k in range(3):
    e.claim(L + 2 + k, f"plain Q K^T row {k + 1}", ["1", "1", "1"], [1, 1, 1])
e.given(e.line("Dividing by $\\sqrt{d_k}=\\sqrt{2}$"), "d_k = 2, scale sqrt 2")
plain = softmax_rows(sp.ones(3, 3) / sp.sqrt(2))
L = e.line("A_{\\mathrm{plain}}=")
for k in range(3):
    e.claim(L + 2 + k, f"A_plain row {k + 1} (printed \\frac13)", [R(1, 3)] * 3, plain.row(k))

# --- 2. rotated vectors -------------------------------------------------------------
e.given(e.line("The base vector is $[1,0]$"), "base vector [1, 0]")
th = sp.Integer(1)
QR = sp.Matrix([[sp.cos(p * th), sp.sin(p * th)] for p in range(3)])
L = e.line("Q_R=K_R\\approx")
e.rows([L + 2, L + 3, L + 4], "rotated rows Q_R = K_R",
       [["1.0000", "0.0000"], ["0.5403", "0.8415"], ["-0.4161", "0.9093"]], QR)

# --- 3. score matrix ----------------------------------------------------------------
S = QR * QR.T
S = S.applyfunc(sp.simplify)
L = e.line("S_{\\mathrm{RoPE}}=Q_RK_R^\\top")
e.rows([L + 3, L + 4, L + 5], "S_RoPE = Q_R K_R^T",
       [["1.0000", "0.5403", "-0.4161"], ["0.5403", "1.0000", "0.5403"], ["-0.4161", "0.5403", "1.0000"]], S)
e.claim(e.line("S_{01}=S_{12}\\approx0.5403."), "S_01 = S_12 = cos 1", ["0.5403"], [S[0, 1]])

# --- 4. derivation: only the example vectors carry numbers --------------------------------
e.given(e.line("With our particular vectors $q_m=k_n=[1,0]$"), "q_m = k_n = [1, 0]")

# --- 5. scaling and softmax ---------------------------------------------------------
Ss = S / sp.sqrt(2)
L = e.line("S_{\\mathrm{scaled}}")
e.rows([L + 3, L + 4, L + 5], "S / sqrt2",
       [["0.7071", "0.3821", "-0.2943"], ["0.3821", "0.7071", "0.3821"], ["-0.2943", "0.3821", "0.7071"]], Ss)
A = softmax_rows(Ss)
L = e.line("A_{\\mathrm{RoPE}}")
e.rows([L + 3, L + 4, L + 5], "row softmax A_RoPE",
       [["0.4785", "0.3457", "0.1758"], ["0.2955", "0.4090", "0.2955"], ["0.1758", "0.3457", "0.4785"]], A)

# --- 6. norms (index 2 is notation, not a result) --------------------------------------
e.given(e.line("\\|q_p^R\\|_2=\\|q_p\\|_2,"), "L2-norm notation")
e.given(e.line("\\|k_p^R\\|_2=\\|k_p\\|_2."), "L2-norm notation")

e.done()
