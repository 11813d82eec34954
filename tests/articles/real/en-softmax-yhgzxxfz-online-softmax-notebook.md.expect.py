# Expected verdicts for en-softmax-yhgzxxfz-online-softmax-notebook.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Jupyter notebook (code cells with their printed outputs) on online / safe softmax.
# Inputs: the printed array a (np.random.randn(2, 5) with seed 42), 8 decimals per entry; it is a random draw the
#   notebook prints, so it is recorded as given, and every result is computed from the printed entries.
#   The first cell's np.random.rand(5) is never printed (only the boolean True is), so nothing there is checkable.
# Exact values computed here (row-wise softmax of the printed a):
#   row 1 = [0.1676398, 0.0888402, 0.1949596, 0.4678433, 0.0807171],
#   row 2 = [0.0780147, 0.4783045, 0.2123996, 0.0616554, 0.1696258]
#   (they differ from softmax of the unrounded draw by at most 1.6e-9).
# The plain and max-subtracted NumPy prints (8 decimals) and the torch print (4 decimals) all agree: no wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["softmax", "flash", "notebook", "numpy-output", "torch-output"])

# --- 1-D cell: inputs are code literals, the draw is not printed ---------------------------
e.given(e.line("np.random.seed(42)"), "seed 42")
e.given(e.line("a = np.random.rand(5)"), "five uniform draws (not printed)")
e.given(e.line("curr_exp_sum = 0.0"), "running sum starts at 0")

# --- 2-D input -------------------------------------------------------------------------
e.given(e.line("np.random.seed(42)", nth=2), "seed 42")
e.given(e.line("a = np.random.randn(2, 5)"), "2 x 5 standard-normal draws")
rows = [["0.49671415", "-0.1382643", "0.64768854", "1.52302986", "-0.23415337"],
        ["-0.23413696", "1.57921282", "0.76743473", "-0.46947439", "0.54256004"]]
La = e.line("array([[ 0.49671415")
e.given(La, "printed a, row 1")
e.given(La + 1, "printed a, row 2")
A = M(rows)
P = softmax_rows(A)

# --- plain softmax ------------------------------------------------------------------------
e.given(e.line("np.exp(a) / np.sum(np.exp(a), axis=-1, keepdims=True)"), "code: softmax over axis -1")
L1 = e.line("array([[0.16763982")
e.rows([L1, L1 + 1], "softmax(a) (plain)",
       [["0.16763982", "0.08884021", "0.19495956", "0.46784333", "0.08071708"],
        ["0.07801474", "0.47830449", "0.21239961", "0.06165537", "0.16962579"]], P)

# --- max-subtracted softmax -----------------------------------------------------------------
Lc = e.line("np.exp(a - np.max(a, axis=-1, keepdims=True)) / np.sum(")
e.given(Lc, "code: subtract the row max (axis -1)")
e.given(Lc + 1, "code: axis -1")
L2 = e.line("array([[0.16763982", nth=2)
e.rows([L2, L2 + 1], "softmax(a - max) (safe)",
       [["0.16763982", "0.08884021", "0.19495956", "0.46784333", "0.08071708"],
        ["0.07801474", "0.47830449", "0.21239961", "0.06165537", "0.16962579"]], P)

# --- torch ----------------------------------------------------------------------------------
e.given(e.line("F.softmax(torch.tensor(a), dim=-1)"), "code: dim -1")
e.given(e.line("# np.allclose(online_softmax(a)"), "commented-out code: dim -1")
L3 = e.line("tensor([[0.1676")
e.rows([L3, L3 + 1], "torch softmax (4 decimals)",
       [["0.1676", "0.0888", "0.1950", "0.4678", "0.0807"],
        ["0.0780", "0.4783", "0.2124", "0.0617", "0.1696"]], P)

e.done()
