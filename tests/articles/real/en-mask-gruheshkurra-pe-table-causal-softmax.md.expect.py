# Expected verdicts for en-mask-gruheshkurra-pe-table-causal-softmax.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Part 1, sinusoidal PE with d_model = 4: div_term = exp([0, 2] * -ln(10000)/4) = [1, 1/100] exactly;
#   -ln(10000)/4 = -2.302585 is printed -2.302 (truncated, slip); 2 x that = -4.605 is right.
#   PE(pos) = [sin pos, cos pos, sin(pos/100), cos(pos/100)].  cos(0.01) = 0.99995000 rounds to 1.0000, printed
#   0.9999 (slip, repeated on the summary line: carried).  Table rows at 3 places: cos(0.01), cos(0.02), cos(0.03)
#   round to 1.000 (printed 0.999), cos(3) = -0.989992 rounds to -0.990 (printed -0.989), sin(4) = -0.756802
#   rounds to -0.757 (printed -0.756): rows 1-4 are slips (only cos(0.04) = 0.99920 -> 0.999 is right); their
#   repetitions (PE added to the embeddings, the barcode lines) are carried.  Embedding sums: 0.8 + cos(0.01) =
#   1.79995 -> 1.800 (printed 1.799) and 1.2 + cos(0.02) = 2.19980 -> 2.200 (printed 2.199), carried.
# Part 2, toy projection: X = [[.1,.2,.3,.4],[.5,.6,.7,.8],[.9,1,1.1,1.2]], W_q as printed; X W_q =
#   [[.3,.4,.5,.6],[.70,.96,1.22,1.48],[1.10,1.52,1.94,2.36]]: rows 2 and 3 printed [.7,.8,.9,1.0] and
#   [1.1,1.2,1.3,1.4] (slips).
# Part 3, one head with d_k = 2: Q = [[.1,.2],[.3,.4],[.5,.6]], K = [[.2,.1],[.4,.3],[.6,.5]], V = [[.1,.3],[.2,.4],
#   [.5,.7]].  QK^T = [[.04,.10,.16],[.10,.24,.38],[.16,.38,.60]]: "0.21" is a slip.  /sqrt(2): row 2 middle
#   0.24/sqrt 2 = 0.1697 (printed 0.148 = 0.21/sqrt 2, carried).  Causal softmax: row 2 = softmax(0.0707, 0.1697)
#   = [0.4753, 0.5247] (printed 0.481/0.519, carried; the comment's 48%/52% happen to round right); row 3 =
#   softmax(0.1131, 0.2687, 0.4243) = [0.2830, 0.3307, 0.3863] (printed 0.307/0.340/0.353, a slip of its own).
#   Outputs: cat = [0.1525, 0.3525] -> [0.152, 0.352] (0.351 is wrong even from the printed weights, 0.3519: slip);
#   sat = [0.2876, 0.4876] (printed [0.276, 0.565]; from the printed weights 0.2752/0.4752, so slips); the output
#   matrix repeats them (carried).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["pe", "mask", "mha"])
L = e.line

# --- sinusoidal PE, d_model = 4 --------------------------------------------------------------------------
c = -sp.log(10000) / 4
freqs = [sp.Integer(1), R(1, 100)]


def pe(pos):
    return [sp.sin(pos * freqs[0]), sp.cos(pos * freqs[0]), sp.sin(pos * freqs[1]), sp.cos(pos * freqs[1])]


PE = M([pe(p) for p in range(5)])
e.given(L("d_model = 128                    # Embedding dimension"), "d_model = 128")
e.claim(L("# torch.arange(0, 4, 2) = [0, 2]"), "even indices", ["0", "2"], [0, 2])
e.claim(L("# -(math.log(10000.0) / 4) = -2.302"), "-ln(10000)/4", ["-2.302"], [c])
e.claim(L("# torch.exp([0, 2] * -2.302) = torch.exp([0, -4.605]) = [1.0, 0.01]"), "exponents and div_term",
        ["-4.605", "1.0", "0.01"], [2 * c, sp.exp(0), sp.exp(2 * c)], cause="slip")
e.claim(L("div_term = [1.0, 0.01]"), "div_term", ["1.0", "0.01"], [sp.exp(0), sp.exp(2 * c)])
e.claim(L("pe[0, 0] = sin(0 * 1.0) = sin(0) = 0.0"), "PE(0,0)", ["0.0"], [PE[0, 0]])
e.claim(L("pe[0, 2] = sin(0 * 0.01) = sin(0) = 0.0"), "PE(0,2)", ["0.0"], [PE[0, 2]])
e.claim(L("pe[0, 1] = cos(0 * 1.0) = cos(0) = 1.0"), "PE(0,1)", ["1.0"], [PE[0, 1]])
e.claim(L("pe[0, 3] = cos(0 * 0.01) = cos(0) = 1.0"), "PE(0,3)", ["1.0"], [PE[0, 3]])
e.claim(L("# Position 0 encoding: [0.0, 1.0, 0.0, 1.0]"), "PE(0)", ["0.0", "1.0", "0.0", "1.0"], list(PE.row(0)))
e.claim(L("pe[1, 0] = sin(1 * 1.0) = sin(1) = 0.841"), "PE(1,0)", ["0.841"], [PE[1, 0]])
e.claim(L("pe[1, 2] = sin(1 * 0.01) = sin(0.01) = 0.01"), "PE(1,2)", ["0.01"], [PE[1, 2]])
e.claim(L("pe[1, 1] = cos(1 * 1.0) = cos(1) = 0.540"), "PE(1,1)", ["0.540"], [PE[1, 1]])
e.claim(L("pe[1, 3] = cos(1 * 0.01) = cos(0.01) = 0.9999"), "PE(1,3) = cos(0.01), 0.99995 truncated", ["0.9999"],
        [PE[1, 3]])
e.claim(L("# Position 1 encoding: [0.841, 0.540, 0.01, 0.9999]"), "PE(1) restated",
        ["0.841", "0.540", "0.01", "0.9999"], list(PE.row(1)), cause="carried")
ln = L("[0.000, 1.000, 0.000, 1.000],  # Position 0")
e.rows([ln, ln + 1, ln + 2, ln + 3, ln + 4], "PE table, 5 positions",
       [["0.000", "1.000", "0.000", "1.000"], ["0.841", "0.540", "0.010", "0.999"],
        ["0.909", "-0.416", "0.020", "0.999"], ["0.141", "-0.989", "0.030", "0.999"],
        ["-0.756", "-0.654", "0.040", "0.999"]], PE)

X = M([["0.1", "0.2", "0.3", "0.4"], ["0.5", "0.6", "0.7", "0.8"], ["0.9", "1.0", "1.1", "1.2"]])
ln = L('[0.1, 0.2, 0.3, 0.4],  # "the" embedding')
for k in range(3):
    e.given(ln + k, f"word embedding {k + 1}")
ln = L("positional_encoding = [") + 1
e.rows([ln, ln + 1, ln + 2], "PE rows 0-2 added to the embeddings",
       [["0.000", "1.000", "0.000", "1.000"], ["0.841", "0.540", "0.010", "0.999"],
        ["0.909", "-0.416", "0.020", "0.999"]], PE[:3, :], cause="carried")
F = X + PE[:3, :]
ln = L("[0.1+0.000, 0.2+1.000, 0.3+0.000, 0.4+1.000] = [0.1, 1.2, 0.3, 1.4]")
e.claim(ln, "row 0: PE operands and sums", ["0.000", "1.000", "0.000", "1.000", "0.1", "1.2", "0.3", "1.4"],
        list(PE.row(0)) + list(F.row(0)))
ln = L("[0.5+0.841, 0.6+0.540, 0.7+0.010, 0.8+0.999] = [1.341, 1.14, 0.71, 1.799]")
e.claim(ln, "row 1: PE operands and sums (0.999 and 1.799 carry the truncated cos(0.01))",
        ["0.841", "0.540", "0.010", "0.999", "1.341", "1.14", "0.71", "1.799"],
        list(PE.row(1)) + list(F.row(1)), cause="carried")
ln = L("[0.9+0.909, 1.0-0.416, 1.1+0.020, 1.2+0.999] = [1.809, 0.584, 1.12, 2.199]")
e.claim(ln, "row 2: PE operands (0.416 subtracted) and sums",
        ["0.909", "0.416", "0.020", "0.999", "1.809", "0.584", "1.12", "2.199"],
        [PE[2, 0], -PE[2, 1], PE[2, 2], PE[2, 3]] + list(F.row(2)), cause="carried")
e.claim(L("Position 0: ||||    |    ||||    |     (0.0, 1.0, 0.0, 1.0)"), "barcode PE(0)",
        ["0.0", "1.0", "0.0", "1.0"], list(PE.row(0)))
e.claim(L("Position 1: |||| || |    |||| ||||     (0.841, 0.540, 0.01, 0.999)"), "barcode PE(1)",
        ["0.841", "0.540", "0.01", "0.999"], list(PE.row(1)), cause="carried")
e.claim(L("Position 2: ||||||||     ||||||||      (0.909, -0.416, 0.02, 0.999)"), "barcode PE(2)",
        ["0.909", "-0.416", "0.02", "0.999"], list(PE.row(2)), cause="carried")
e.claim(L("Position 3: |||  |||     ||||||||      (0.141, -0.989, 0.03, 0.999)"), "barcode PE(3)",
        ["0.141", "-0.989", "0.03", "0.999"], list(PE.row(3)), cause="carried")
e.claim(L("Position 4:  ||   ||     ||||||||      (-0.756, -0.654, 0.04, 0.999)"), "barcode PE(4)",
        ["-0.756", "-0.654", "0.04", "0.999"], list(PE.row(4)), cause="carried")

# --- toy projection ----------------------------------------------------------------------------------------
e.claim(L("128/8=16"), "d_k = 128 / 8", ["16"], [R(128, 8)])
ln = L('[0.1, 0.2, 0.3, 0.4],  # "the" with position encoding')
for k in range(3):
    e.given(ln + k, f"toy input row {k + 1}")
Wq = M([["0.1", "0.2", "0.3", "0.4"], ["0.2", "0.3", "0.4", "0.5"], ["0.3", "0.4", "0.5", "0.6"],
        ["0.4", "0.5", "0.6", "0.7"]])
ln = L("W_q = [[0.1, 0.2, 0.3, 0.4],")
for k in range(4):
    e.given(ln + k, f"W_q row {k + 1}")
Qp = X * Wq
ln = L('Q = [[0.3, 0.4, 0.5, 0.6],   # Query for "the"')
e.rows([ln, ln + 1, ln + 2], "Q = input @ W_q",
       [["0.3", "0.4", "0.5", "0.6"], ["0.7", "0.8", "0.9", "1.0"], ["1.1", "1.2", "1.3", "1.4"]], Qp)

# --- one head, causal attention ------------------------------------------------------------------------
Q = M([["0.1", "0.2"], ["0.3", "0.4"], ["0.5", "0.6"]])
K = M([["0.2", "0.1"], ["0.4", "0.3"], ["0.6", "0.5"]])
V = M([["0.1", "0.3"], ["0.2", "0.4"], ["0.5", "0.7"]])
for needle in ('Q = [[0.1, 0.2],   # Query for "the"', 'K = [[0.2, 0.1],   # Key for "the"'):
    ln = L(needle)
    for k in range(3):
        e.given(ln + k, f"{needle[0]} row {k + 1}")
ln = L("scores = Q @ K.T = [[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]] @ [[0.2, 0.4, 0.6],")
e.claim(ln, "Q restated and K^T row 1", ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.2", "0.4", "0.6"],
        list(Q) + list(K.col(0)))
e.claim(ln + 1, "K^T row 2", ["0.1", "0.3", "0.5"], list(K.col(1)))
S = Q * K.T
ln = L("scores = [[0.04, 0.10, 0.16],")
e.rows([ln, ln + 1, ln + 2], "scores QK^T",
       [["0.04", "0.10", "0.16"], ["0.10", "0.21", "0.38"], ["0.16", "0.38", "0.60"]], S)
e.claim(L("scores = scores / math.sqrt(2) = scores / 1.414"), "sqrt(2)", ["1.414"], [sp.sqrt(2)])
Ss = S / sp.sqrt(2)
ln = L("scores = [[0.028, 0.071, 0.113],")
e.rows([ln, ln + 1, ln + 2], "scaled scores",
       [["0.028", "0.071", "0.113"], ["0.071", "0.148", "0.269"], ["0.113", "0.269", "0.424"]], Ss,
       causes={1: "carried"})
mask3 = sp.Matrix(3, 3, lambda i, j: 1 if j <= i else 0)
ln = L('mask = [[1, 0, 0],    # "the" can only see "the"')
e.rows([ln, ln + 1, ln + 2], "3x3 causal mask", [["1", "0", "0"], ["1", "1", "0"], ["1", "1", "1"]], mask3)
ln = L("masked_scores = [[0.028,  -∞,    -∞  ],")
e.claim(ln, "masked row 1", ["0.028"], [Ss[0, 0]])
e.claim(ln + 1, "masked row 2", ["0.071", "0.148"], [Ss[1, 0], Ss[1, 1]], cause="carried")
e.claim(ln + 2, "masked row 3", ["0.113", "0.269", "0.424"], list(Ss.row(2)))
A = sp.zeros(3, 3)
for i in range(3):
    den = sum(sp.exp(Ss[i, k]) for k in range(i + 1))
    for j in range(i + 1):
        A[i, j] = sp.exp(Ss[i, j]) / den
ln = L("attention_weights = [[1.0,   0.0,   0.0 ],")
e.claim(ln, "weights row 1 and its comment", ["1.0", "0.0", "0.0", "100%"], list(A.row(0)) + [A[0, 0]])
e.claim(ln + 1, "weights row 2 (from the wrong 0.148) and the comment's percentages",
        ["0.481", "0.519", "0.0", "48%", "52%"], list(A.row(1)) + [A[1, 0], A[1, 1]], cause="carried")
e.claim(ln + 2, "weights row 3", ["0.307", "0.340", "0.353"], list(A.row(2)))
ln = L('V = [[0.1, 0.3],   # Value for "the"')
for k in range(3):
    e.given(ln + k, f"V row {k + 1}")
O = A * V
ln = L('# For "the": 1.0*[0.1,0.3] + 0.0*[0.2,0.4] + 0.0*[0.5,0.7] = [0.1, 0.3]')
e.claim(ln, "output of the", ["1.0", "0.0", "0.0", "0.1", "0.3"], list(A.row(0)) + list(O.row(0)))
ln = L('# For "cat": 0.481*[0.1,0.3] + 0.519*[0.2,0.4]')
e.claim(ln, "weights of cat restated", ["0.481", "0.519"], [A[1, 0], A[1, 1]], cause="carried")
e.claim(ln, "output of cat (0.351 is off even from 0.481/0.519: 0.3519)", ["0.152", "0.351"], list(O.row(1)))
ln = L('# For "sat": 0.307*[0.1,0.3] + 0.340*[0.2,0.4] + 0.353*[0.5,0.7]')
e.claim(ln, "weights of sat restated", ["0.307", "0.340", "0.353"], list(A.row(2)), cause="carried")
e.claim(ln, "output of sat (from the printed weights 0.2752, 0.4752)", ["0.276", "0.565"], list(O.row(2)))
ln = L("output = [[0.1,   0.3  ],")
e.rows([ln, ln + 1, ln + 2], "output matrix restated", [["0.1", "0.3"], ["0.152", "0.351"], ["0.276", "0.565"]],
       O, cause="carried")
mask5 = sp.Matrix(5, 5, lambda i, j: 1 if j <= i else 0)
ln = L("mask = [[1, 0, 0, 0, 0],")
e.rows([ln + k for k in range(5)], "5x5 causal mask",
       [["1", "0", "0", "0", "0"], ["1", "1", "0", "0", "0"], ["1", "1", "1", "0", "0"], ["1", "1", "1", "1", "0"],
        ["1", "1", "1", "1", "1"]], mask5)
e.done()
