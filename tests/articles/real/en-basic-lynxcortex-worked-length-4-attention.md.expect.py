# Expected verdicts for en-basic-lynxcortex-worked-length-4-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# English course note (Lynx Cortex, phase 15) that pushes one attention head through a 4-token sequence by hand.
# Inputs: X = [[0.5,0.3,-0.2,0.1],[-0.1,0.4,0.2,-0.3],[0.2,-0.1,0.5,0.1],[0,0,0,0.2]], W_Q = W_K = 0.5 I, W_V = I,
#   d_model = d_k = d_v = 4, so Q = K = X/2, V = X and Q K^T = X X^T / 4.
# Exact values:
#   X X^T = [[0.39, 0, -0.02, 0.02], [0, 0.30, 0.01, -0.06], [-0.02, 0.01, 0.31, 0.02], [0.02, -0.06, 0.02, 0.04]];
#   Q K^T = [[0.0975, 0, -0.005, 0.005], [0, 0.075, 0.0025, -0.015], [-0.005, 0.0025, 0.0775, 0.005],
#            [0.005, -0.015, 0.005, 0.01]];
#   Q K^T / 2 = [[0.04875, 0, -0.0025, 0.0025], [0, 0.0375, 0.00125, -0.0075], [-0.0025, 0.00125, 0.03875, 0.0025],
#                [0.0025, -0.0075, 0.0025, 0.005]].
# Wrong lines (the Gram matrix has three wrong off-diagonal dot products, each printed twice by symmetry):
#   X X^T row I:    -0.04 (I.will, right 0) and -0.01 (I.work, right -0.02)            -> slip
#   X X^T row will: -0.04 (right 0) and 0.04 (will.work, right 0.01)                   -> slip
#   X X^T row work: -0.01 (right -0.02) and 0.04 (right 0.01)                          -> slip
#   Q K^T row I:    -0.010 (right 0), -0.003 (right -0.005)    = 0.25 x the wrong Gram entries -> carried
#   Q K^T row will: -0.010 (right 0), 0.010 (right 0.0025)                                      -> carried
#   Q K^T row work: -0.003 (right -0.005), 0.010 (right 0.0025)                                 -> carried
#   scaled row I:    -0.005 (right 0)                                                            -> carried
#   scaled row will: -0.005 (right 0), 0.005 (right 0.00125)                                     -> carried
#   scaled row work: 0.005 (right 0.00125)                                                       -> carried
#   (the printed -0.002 for I/work is half the author's -0.003, but the exact -0.0025 is a tie at 3 places, so it agrees;
#    0.098, 0.078, 0.038, -0.008, 0.003 are ties of the exact values too and agree.)
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["basic", "plain-text-matrix", "numpy-code"])

X = M([["0.50", "0.30", "-0.20", "0.10"],
       ["-0.10", "0.40", "0.20", "-0.30"],
       ["0.20", "-0.10", "0.50", "0.10"],
       ["0.00", "0.00", "0.00", "0.20"]])
G = X * X.T
Q = X * R(1, 2)
K = X * R(1, 2)
S = Q * K.T
dk = 4
Ss = S / sp.sqrt(dk)

e.given(e.line("# 05 — Single-head attention on a length-4 sequence"), "section number and sequence length 4")
# --- setup --------------------------------------------------------------------------------
e.given(e.line("embedded in d_model = 4"), "d_model = 4")
e.given(e.line("with d_k = d_v = 4"), "d_k = d_v = 4")
e.given(e.line("precision=3"), "print precision 3")
for tok in ['# "I"', '# "will"', '# "work"', '# "."']:
    e.given(e.line(tok), f"X row {tok}")
e.given(e.line("W_Q = np.eye(4) * 0.5"), "W_Q = 0.5 I")
e.given(e.line("W_K = np.eye(4) * 0.5"), "W_K = 0.5 I")
e.given(e.line("W_V = np.eye(4) * 1.0"), "W_V = I")
e.given(e.line("Q = X @ W_Q = 0.5 · X"), "Q = 0.5 X (restates W_Q)")
e.given(e.line("K = X @ W_K = 0.5 · X"), "K = 0.5 X (restates W_K)")
e.given(e.line("In other words Q = K = 0.5 · X"), "Q = K = 0.5 X restated")

# --- step 1 ----------------------------------------------------------------------------------
e.claim(e.line("(0.5 · X)(0.5 · X).T = 0.25 · X X.T"), "0.5 x 0.5", ["0.25"], [R(1, 2) * R(1, 2)])
h1 = e.line("       I       will    work     .")
e.rows([h1 + 1, h1 + 2, h1 + 3, h1 + 4], "X X^T",
       [["0.39", "-0.04", "-0.01", "0.02"],
        ["-0.04", "0.30", "0.04", "-0.06"],
        ["-0.01", "0.04", "0.31", "0.02"],
        ["0.02", "-0.06", "0.02", "0.04"]], G)
L = e.line("X[0] · X[0] = 0.25 + 0.09 + 0.04 + 0.01 = 0.39")
e.claim(L, "squares of X[0] and their sum", ["0.25", "0.09", "0.04", "0.01", "0.39"],
        [X[0, 0] ** 2, X[0, 1] ** 2, X[0, 2] ** 2, X[0, 3] ** 2, G[0, 0]])
e.claim(e.line("gives Q K^T = 0.25 · X X.T"), "factor", ["0.25"], [R(1, 4)])
h2 = e.line("       I       will    work     .", after=h1)
e.rows([h2 + 1, h2 + 2, h2 + 3, h2 + 4], "Q K^T",
       [["0.098", "-0.010", "-0.003", "0.005"],
        ["-0.010", "0.075", "0.010", "-0.015"],
        ["-0.003", "0.010", "0.078", "0.005"],
        ["0.005", "-0.015", "0.005", "0.010"]], S, cause="carried")

# --- step 2 ----------------------------------------------------------------------------------
e.claim(e.line("Scale by sqrt(d_k) = 2"), "sqrt(d_k)", ["2"], [sp.sqrt(dk)])
h3 = e.line("       I       will    work     .", after=h2)
e.rows([h3 + 1, h3 + 2, h3 + 3, h3 + 4], "Q K^T / sqrt(d_k)",
       [["0.049", "-0.005", "-0.002", "0.003"],
        ["-0.005", "0.038", "0.005", "-0.008"],
        ["-0.002", "0.005", "0.039", "0.003"],
        ["0.003", "-0.008", "0.003", "0.005"]], Ss, cause="carried")

e.done()
