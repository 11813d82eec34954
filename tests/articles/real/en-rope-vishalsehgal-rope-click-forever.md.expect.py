# Expected verdicts for en-rope-vishalsehgal-rope-click-forever.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Convention: RoPE rotates pair (x_{2i}, x_{2i+1}) at position m by alpha = m * 10000^(-2i/d) with the matrix
# [[cos, -sin], [sin, cos]]; the torch outputs are float32 printed to 4 places.  cos(0.01) = 0.99995000004 rounds to
# 1.0000 at 4 places, so the printed 0.9999 (float32 cos(0.01) = 0.99994999 before printing) is wrong by the corpus
# rule; it is recorded as `drift` (a rounded intermediate of the machine, not an arithmetic slip).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["rope"])
cos, sin = sp.cos, sp.sin

# quarter turn
th = sp.pi / 2
e.claim(e.line("**Angle:** `cos(90°) = 0` and `sin(90°) = 1`"), "cos 90°, sin 90°", ["0", "1"], [cos(th), sin(th)])
e.claim(e.line("R(90^{\\circ}) = \\begin{pmatrix} 0 & -1 \\\\ 1 & 0"), "R(90°)", ["0", "-1", "1", "0"],
        [cos(th), -sin(th), sin(th), cos(th)])
Rv = sp.Matrix([[cos(th), -sin(th)], [sin(th), cos(th)]]) * sp.Matrix([1, 2])
e.claim(e.line("v' = \\begin{pmatrix} 0 & -1"), "R(90°) (1, 2)", ["-2", "1"], list(Rv))
e.claim(e.line("which gives `v' = (-2, 1)`"), "rotated v", ["-2", "1"], list(Rv))
e.claim(e.line("before: `||v|| = sqrt(1² + 2²) = sqrt(5)`"), "1 + 4 under the root", ["5"], [1 + 4])
e.claim(e.line("after: `||v'|| = sqrt((-2)² + 1²) = sqrt(4 + 1) = sqrt(5)`"), "(-2)^2, 1^2 and their sum",
        ["4", "1", "5"], [Rv[0] ** 2, Rv[1] ** 2, Rv[0] ** 2 + Rv[1] ** 2])

# frequencies of a 128-dim head
e.ambiguous(e.line("whose periods run from ~6 tokens (fastest) to ~60,000 tokens (slowest)"),
            "approximate periods: 2*pi = 6.28 fits ~6, but the slowest pair's period 2*pi*10000^(126/128) = 54,410 "
            "(or the limit 2*pi*10000 = 62,832) is only given as an order of magnitude")

# the small example, d = 4, m = 2
x = [R("1.0"), R("0.5"), R("0.8"), R("0.3")]
m = 2
a0, a1 = m * 1, m * R(1, 100)
xr = [x[0] * cos(a0) - x[1] * sin(a0), x[0] * sin(a0) + x[1] * cos(a0),
      x[2] * cos(a1) - x[3] * sin(a1), x[2] * sin(a1) + x[3] * cos(a1)]
e.given(e.line("**Small example:** the 4-dimensional vector $x = (1.0, 0.5, 0.8, 0.3)$"), "x and m")
e.given(e.line("**Pair 0:** $(x_0, x_1) = (1.0, 0.5)$"), "pair 0")
e.claim(e.line("$\\theta_0 = 10000^{0} = 1.0$"), "theta_0", ["1.0"], [1])
e.claim(e.line("$\\alpha = 2 \\times 1.0 = 2.0$"), "angle of pair 0", ["2.0"], [a0])
e.claim(e.line("$\\cos(2.0) = -0.42, \\quad \\sin(2.0) = 0.91$"), "cos 2, sin 2", ["-0.42", "0.91"], [cos(2), sin(2)])
e.claim(e.line("\\begin{pmatrix} x'_0 \\\\ x'_1 \\end{pmatrix} = \\begin{pmatrix} -0.42"),
        "rotation entries and rotated pair 0", ["-0.42", "-0.91", "0.91", "-0.42", "-0.87", "0.70"],
        [cos(a0), -sin(a0), sin(a0), cos(a0), xr[0], xr[1]])
e.given(e.line("**Pair 1:** $(x_2, x_3) = (0.8, 0.3)$"), "pair 1")
e.claim(e.line("$\\theta_1 = 10000^{-0.5} = 0.01$"), "theta_1", ["0.01"], [sp.Integer(10000) ** R(-1, 2)])
e.claim(e.line("$\\alpha = 2 \\times 0.01 = 0.02$"), "angle of pair 1", ["0.02"], [a1])
e.claim(e.line("$\\cos(0.02) = 1.00, \\quad \\sin(0.02) = 0.02$"), "cos 0.02, sin 0.02", ["1.00", "0.02"], [cos(a1), sin(a1)])
e.claim(e.line("\\begin{pmatrix} x'_2 \\\\ x'_3 \\end{pmatrix} = \\begin{pmatrix} 1.00"),
        "rotation entries and rotated pair 1", ["1.00", "-0.02", "0.02", "1.00", "0.79", "0.32"],
        [cos(a1), -sin(a1), sin(a1), cos(a1), xr[2], xr[3]])
e.claim(e.line("**Result:** $x' = (-0.87, 0.70, 0.79, 0.32)$"), "rotated x", ["-0.87", "0.70", "0.79", "0.32"], xr)

# code comments of snippet 1
e.claim(e.line("# For head_dim=4: torch.arange(0,4,2) = [0, 2]"), "even indices", ["0", "2"], [0, 2])
e.claim(e.line("#                 exponents = [0/4, 2/4] = [0, 0.5]"), "exponents", ["0", "0.5"], [0, R(1, 2)])
e.claim(e.line("#                 inv_freq = 10000^(-[0, 0.5]) = [1.0, 0.01]"), "inverse frequencies", ["1.0", "0.01"],
        [1, R(1, 100)])
e.given(e.line("# For max_seq_len=4: t = [0, 1, 2, 3]"), "positions")
e.given(e.line("# For our example: [[0*1.0, 0*0.01]"), "angle products written out")
e.claim(e.line("#                = [[0, 0], [1, 0.01], [2, 0.02], [3, 0.03]]"), "angles m * theta_i",
        ["0.01", "0.02", "0.03"], [R(1, 100), R(2, 100), R(3, 100)])
e.given(e.line("MAX_LEN = 4"), "MAX_LEN")
e.given(e.line("HEAD_DIM = 4"), "HEAD_DIM")

ang = [[mm * f for f in (1, 1, R(1, 100), R(1, 100))] for mm in range(4)]


def first4(line):
    import re
    return re.findall(r"-?\d+\.\d+", e.lines[line - 1])[:4]


h = e.line("Angles (m * theta_i) for each position and dimension pair:", 2)
rows = [e.line(s, after=h) for s in ("[[0.0000, 0.0000, 0.0000, 0.0000],   # position 0",
                                       "[1.0000, 1.0000, 0.0100, 0.0100]", "[2.0000, 2.0000, 0.0200, 0.0200]",
                                       "[3.0000, 3.0000, 0.0300, 0.0300]")]
for i, ln in enumerate(rows):
    e.claim(ln, f"angles at position {i}", first4(ln), ang[i])
h = e.line("Cosines:", 2)
for i in range(4):
    ln = h + 1 + i
    exact = [cos(a) for a in ang[i]]
    e.claim(ln, f"cos of the angles at position {i}", first4(ln), exact, cause="drift")
h = e.line("Sines:", 2)
for i in range(4):
    ln = h + 1 + i
    e.claim(ln, f"sin of the angles at position {i}", first4(ln), [sin(a) for a in ang[i]])
e.claim(e.line("at position 2 the cosine is already negative (-0.4161)"), "cos 2", ["-0.4161"], [cos(2)])

# snippet 2
e.given(e.line("[[1.0, 0.0, 1.0, 0.0]],  # position 0: pairs (1,0) and (1,0)"), "x at position 0")
e.given(e.line("[[1.0, 0.0, 1.0, 0.0]],  # position 1: same vector"), "x at position 1")
ln0 = e.line("[[[[1.0000, 0.0000, 1.0000, 0.0000]],   # position 0: no rotation (m=0)")
e.claim(ln0, "rotated x at position 0", first4(ln0), [1, 0, 1, 0])
ln1 = e.line("[[0.5403, 0.8415, 0.9999, 0.0100]]]]) # position 1: rotated!")
e.claim(ln1, "rotated (1,0,1,0) at position 1 = (cos 1, sin 1, cos 0.01, sin 0.01)", first4(ln1),
        [cos(1), sin(1), cos(R(1, 100)), sin(R(1, 100))], cause="drift")
e.claim(e.line("- Pair 0 `(1,0)` rotated by θ=1.0 → `(cos(1), sin(1))` = `(0.54, 0.84)`"), "cos 1, sin 1",
        ["0.54", "0.84"], [cos(1), sin(1)])
e.claim(e.line("- Pair 1 `(1,0)` rotated by θ=0.01 → `(cos(0.01), sin(0.01))` ≈ `(1.0, 0.01)`"), "cos 0.01, sin 0.01",
        ["1.0", "0.01"], [cos(R(1, 100)), sin(R(1, 100))])

# Llama-3 8B
e.given(e.line("**Embedding Dimension (`n_embd`):** 4096"), "n_embd")
e.given(e.line("**Number of Heads (`n_head`):** 32"), "n_head")
e.claim(e.line("**Head Dimension (`head_dim`):** `4096 / 32 = 128`"), "head_dim", ["128"], [R(4096, 32)])
e.given(e.line("**Max Sequence Length (`block_size`):** 8192"), "block size")
e.done()
