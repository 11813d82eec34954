# Expected verdicts for en-mha-smartjack007-alex-emma-daniel-two-heads.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A tutorial page (HTML with MathJax, kept as Markdown with \[ ... \] display blocks) on two-head attention for three
# people Alex / Emma / Daniel with 6 preference features: X (3x6), head 1 with W_Q^1, W_K^1 (6x2) and W_V^1 (6x3),
# head 2 with W_Q^2, W_K^2, W_V^2 (6x2), scores divided by sqrt(2) (d_k = 2 in both heads), concatenation of the
# 3 + 2 output columns and W_O (5x6). Every value is recomputed exactly from X and the printed weights.
# Exact values (6 places): A^1 = [[0.929512, 0.046332, 0.024155], [0.426538, 0.185742, 0.387720], [0.118166, 0.137824, 0.744010]];
#   Output^1 = [[1.918226, 1.299336, 0.547199], [1.144460, 1.293614, 1.180488], [0.686179, 1.303858, 1.670066]];
#   Q^2 = [[2.7761, 0.5765], [1.2374, 1.2593], [0.6450, 2.7414]]; K^2 = [[2.7646, 0.5880], [1.2187, 1.2780], [0.6337, 2.7527]];
#   V^2 = [[2.7963, 0.6065], [1.2406, 1.2890], [0.6560, 2.7554]];
#   S^2 = Q^2 K^2^T / sqrt(2) = [[5.666604, 2.913280, 2.366083], [2.942543, 2.204338, 3.005639], [2.400705, 3.033185, 5.625026]];
#   A^2 = [[0.908612, 0.057893, 0.033495], [0.393221, 0.187948, 0.418831], [0.035690, 0.067179, 0.897131]];
#   Output^2 = [[2.634547, 0.717989], [1.607485, 1.634800], [0.771661, 2.580194]];
#   Final = Concat W_O = [[2.369626, 4.049699, 1.139492, 2.298453, 2.497612, 1.669039],
#                         [1.646437, 3.143713, 1.696168, 1.577829, 3.232127, 3.026682],
#                         [1.239823, 2.453203, 2.163954, 1.169703, 4.047812, 4.311024]].
# Wrong lines: 50. Slips: A^1 rows 1-2 (0.929 for 0.929512, 0.426 for 0.426538; the derivation is in "Part 1", not shown),
#   Output^1 (all three rows, e.g. 1.909 / 1.270 / 0.533 for 1.918 / 1.299 / 0.547), Q^2 (2.777 for 2.7761, 1.239 / 1.261,
#   0.646 / 2.742; 0.577 is an exact tie of 0.5765 and agrees), K^2 rows 1-2 (0.589 for 0.5880, 1.218 for 1.2187),
#   V^2 (2.797, 1.290, 0.655 / 2.757), S^2 row 1 (5.671 / 2.912 / 2.368, not from the printed Q^2 K^2 either),
#   Output^2 (2.614 / 0.734, 1.633, 2.572 for 2.634547 / 0.717989, 1.634800, 2.580194; not A^2 V^2 from the printed
#   factors either), the final output rows (each has entries that do not follow from the printed Concat and W_O) and
#   Alex's spicy, cheap and vibe sums (2.357, 4.001, 1.667 are not the sums of the printed products).
#   Carried: the self-attention percentages and table entries, the restating bullets of Q^2 / V^2, S^2 rows 2-3 (right
#   from the printed Q^2, K^2), the restated softmax inputs, A^2 row 2 (0.394, right from the printed S^2 row, exact
#   0.393221), the restated V^2 in the Output^2 product, the concatenation, Alex's cozy / fast / flavor sums and the
#   restated operands of every expanded line, "1.270 x 0.94 + 2.614 x 0.96 = 1.194 + 2.509 = 3.703" (exact
#   1.221376 + 2.529165 = 3.750541), and the restating bullets and sentences of the final output.
#   A cause is "carried" when the printed value follows from the author's own printed operands, "slip" otherwise.
# Ambiguous: none.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees

e = Expect(__file__, language="en", topics=["mha", "scaling", "latex-bmatrix", "latex-array", "output-projection"])

X = M([["0.98", "0.95", "0.12", "0.97", "0.15", "0.08"], ["0.11", "0.96", "0.94", "0.09", "0.13", "0.18"],
       ["0.14", "0.17", "0.92", "0.11", "0.96", "0.95"]])
WQ1 = M([["0.97", "0.08"], ["0.99", "0.11"], ["0.12", "0.96"], ["0.98", "0.09"], ["0.13", "0.07"], ["0.10", "0.98"]])
WK1 = M([["0.96", "0.09"], ["0.98", "0.11"], ["0.10", "0.97"], ["0.97", "0.08"], ["0.12", "0.96"], ["0.09", "0.99"]])
WV1 = M([["0.97", "0.11", "0.09"], ["0.10", "0.98", "0.08"], ["0.09", "0.12", "0.96"], ["0.98", "0.10", "0.11"],
         ["0.11", "0.97", "0.09"], ["0.08", "0.09", "0.99"]])
WQ2 = M([["0.95", "0.08"], ["0.98", "0.06"], ["0.09", "0.94"], ["0.91", "0.11"], ["0.10", "0.96"], ["0.07", "0.97"]])
WK2 = M([["0.94", "0.09"], ["0.97", "0.07"], ["0.08", "0.95"], ["0.92", "0.10"], ["0.09", "0.97"], ["0.08", "0.96"]])
WV2 = M([["0.96", "0.09"], ["0.97", "0.08"], ["0.10", "0.95"], ["0.93", "0.11"], ["0.09", "0.96"], ["0.08", "0.97"]])
WO = M([["0.96", "0.09", "0.08", "0.95", "0.10", "0.07"], ["0.10", "0.94", "0.11", "0.09", "0.96", "0.08"],
        ["0.08", "0.10", "0.95", "0.07", "0.11", "0.97"], ["0.11", "0.96", "0.09", "0.10", "0.12", "0.08"],
        ["0.09", "0.10", "0.12", "0.08", "0.95", "0.96"]])
s2 = sp.sqrt(2)
A1 = softmax_rows(X * WQ1 * (X * WK1).T / s2)
O1 = A1 * (X * WV1)
Q2, K2, V2 = X * WQ2, X * WK2, X * WV2
S2 = Q2 * K2.T / s2
A2 = softmax_rows(S2)
O2 = A2 * V2
C = O1.row_join(O2)
F = C * WO

def strs(m):
    def show(x):
        t = f"{float(x):.2f}"
        return t
    return [[show(m[i, j]) for j in range(m.cols)] for i in range(m.rows)]

def cause_of(printed, author_value):
    """carried when the printed numbers follow from the author's own printed operands, else slip."""
    ps = printed if isinstance(printed, list) else [printed]
    xs = list(author_value) if hasattr(author_value, "__iter__") else [author_value]
    return "carried" if all(agrees(p, x) for p, x in zip(ps, xs)) else "slip"

def claim(line, what, printed, exact, author=None):
    cause = "slip" if author is None else cause_of(printed, author)
    e.claim(line, what, printed, exact, cause=cause)

# ---- inputs
L = e.line("X = \\begin{bmatrix}")
for i in range(3):
    e.given(L + 2 + i, f"X row {i + 1}")
for name, W, needle in (("W_Q^1", WQ1, "W_Q^1 = "), ("W_K^1", WK1, "W_K^1 = "), ("W_V^1", WV1, "W_V^1 = "),
                        ("W_Q^2", WQ2, "W_Q^2 = "), ("W_K^2", WK2, "W_K^2 = "), ("W_V^2", WV2, "W_V^2 = ")):
    L = e.line(needle)
    for i in range(6):
        e.given(L + 2 + i, f"{name} row {i + 1}")

# ---- head 1 results (derivation in Part 1, not shown)
L = e.line("A^1 = \\begin{bmatrix}")
P_A1 = [["0.929", "0.046", "0.024"], ["0.426", "0.186", "0.388"], ["0.118", "0.138", "0.744"]]
for i in range(3):
    claim(L + 2 + i, f"A^1 row {i + 1}", P_A1[i], list(A1.row(i)))
L = e.line("\\text{Output}^1 = \\begin{bmatrix}")
P_O1 = [["1.909", "1.270", "0.533"], ["1.142", "1.292", "1.068"], ["0.697", "1.310", "1.666"]]
A1p = M(P_A1)
for i in range(3):
    claim(L + 2 + i, f"Output^1 row {i + 1}", P_O1[i], list(O1.row(i)), list((A1p * X * WV1).row(i)))
L = e.line("What head 1 says")
e.claim(L, "self-attention of Alex and Daniel in head 1", ["92.9%", "74.4%"], [A1[0, 0], A1[2, 2]], cause="carried")

# ---- head 2 projections
P_Q2 = [["2.777", "0.577"], ["1.239", "1.261"], ["0.646", "2.742"]]
P_K2 = [["2.765", "0.589"], ["1.218", "1.278"], ["0.634", "2.753"]]
P_V2 = [["2.797", "0.607"], ["1.241", "1.290"], ["0.655", "2.757"]]
for needle, W, P, Ex in (("Q^2 = X W_Q^2 =", WQ2, P_Q2, Q2), ("K^2 = X W_K^2 =", WK2, P_K2, K2), ("V^2 = X W_V^2 =", WV2, P_V2, V2)):
    L = e.line(needle)
    for i in range(3):
        e.claim(L + 2 + i, f"{needle} X row {i + 1} restated", strs(X)[i], list(X.row(i)))
    Wl = L + 7
    e.claim(Wl, f"{needle} weight rows restated", sum(strs(W), []), list(W))
    for i in range(3):
        claim(L + 12 + i, f"{needle} result row {i + 1}", P[i], list(Ex.row(i)))
L = e.line("- Alex Q²=[2.777, 0.577]")
e.claim(L, "Alex Q^2 restated", P_Q2[0], list(Q2.row(0)), cause="carried")
e.claim(L, "Alex V^2 restated", P_V2[0], list(V2.row(0)), cause="carried")
e.claim(e.line("- Emma Q²=[1.239, 1.261]"), "Emma Q^2 restated", P_Q2[1], list(Q2.row(1)), cause="carried")
L = e.line("- Daniel Q²=[0.646, 2.742]")
e.claim(L, "Daniel Q^2 restated", P_Q2[2], list(Q2.row(2)), cause="carried")
e.claim(L, "Daniel V^2 restated", P_V2[2], list(V2.row(2)), cause="carried")

# ---- scores and weights of head 2
e.given(e.line("S² = Q²Kᵀ² / √2"), "scale 1/sqrt(d_k) with d_k = 2")
Q2p, K2p, V2p = M(P_Q2), M(P_K2), M(P_V2)
S2a = Q2p * K2p.T / s2
P_S2 = [["5.671", "2.912", "2.368"], ["2.948", "2.207", "3.010"], ["2.405", "3.034", "5.627"]]
L = e.line("S^2 \\approx \\begin{bmatrix}")
for i in range(3):
    claim(L + 2 + i, f"S^2 row {i + 1}", P_S2[i], list(S2.row(i)), list(S2a.row(i)))
P_A2 = [["0.909", "0.058", "0.033"], ["0.394", "0.188", "0.419"], ["0.036", "0.067", "0.897"]]
A2a = softmax_rows(M(P_S2))
for i in range(3):
    L = e.line("\\text{softmax}([" + ", ".join(P_S2[i]) + "])")
    e.claim(L, f"S^2 row {i + 1} restated", P_S2[i], list(S2.row(i)), cause="carried")
    claim(L, f"softmax of S^2 row {i + 1}", P_A2[i], list(A2.row(i)), list(A2a.row(i)))
L = e.line("A^2 = \\begin{bmatrix}")
for i in range(3):
    claim(L + 2 + i, f"A^2 row {i + 1}", P_A2[i], list(A2.row(i)), list(A2a.row(i)))
for i, who in enumerate(("Alex", "Emma", "Daniel")):
    L = e.line(f"| {who} | ")
    e.claim(L, f"{who} self-attention in heads 1 and 2", [P_A1[i][i], P_A2[i][i]], [A1[i, i], A2[i, i]], cause="carried")
e.claim(e.line("rises from 0.744 to 0.897"), "Daniel self-attention restated", ["0.744", "0.897"], [A1[2, 2], A2[2, 2]])

# ---- output of head 2
L = e.line("\\text{Output}^2 = A^2 \\cdot V^2 =")
for i in range(3):
    claim(L + 2 + i, f"A^2 row {i + 1} restated", P_A2[i], list(A2.row(i)), list(A2a.row(i)))
for i in range(3):
    e.claim(L + 7 + i, f"V^2 row {i + 1} restated", P_V2[i], list(V2.row(i)), cause="carried")
P_O2 = [["2.614", "0.734"], ["1.607", "1.633"], ["0.772", "2.572"]]
O2a = M(P_A2) * V2p
for i in range(3):
    claim(L + 14 + i, f"Output^2 row {i + 1}", P_O2[i], list(O2.row(i)), list(O2a.row(i)))

# ---- concatenation, W_O and the final output
P_C = [P_O1[i] + P_O2[i] for i in range(3)]
L = e.line("\\text{Concat} = [\\text{Output}^1")
for i in range(3):
    e.claim(L + 3 + i, f"Concat row {i + 1}", P_C[i], list(C.row(i)), cause="carried")
e.given(e.line("W_O ∈ ℝ⁵ˣ⁶"), "shape of W_O (5 x 6)")
L = e.line("W_O = \\begin{bmatrix}")
for i in range(5):
    e.given(L + 2 + i, f"W_O row {i + 1}")
P_F = [["2.357", "4.001", "1.122", "2.285", "2.480", "1.667"], ["1.634", "3.130", "1.589", "1.568", "3.215", "2.916"],
       ["1.249", "2.459", "2.161", "1.180", "4.047", "4.301"]]
Fa = M(P_C) * WO
L = e.line("\\text{Final Output} =")
for i in range(3):
    claim(L + 3 + i, f"final output row {i + 1}", P_F[i], list(F.row(i)), list(Fa.row(i)))
L = e.line("\\text{Alex}_{\\text{spicy}}")
for j, feat in enumerate(("spicy", "cheap", "cozy", "fast", "flavor", "vibe")):
    ln = L + j
    e.claim(ln, f"Alex_{feat}: Alex's concatenated row restated", P_C[0], list(C.row(0)), cause="carried")
    e.claim(ln, f"Alex_{feat}: W_O column restated", [strs(WO)[k][j] for k in range(5)], list(WO.col(j)))
    claim(ln, f"Alex_{feat}", [P_F[0][j]], [F[0, j]], [Fa[0, j]])
L = e.line("Why is cheap = 4.001")
e.claim(L, "cheap of Alex restated", ["4.001"], [F[0, 1]], cause="carried")
L = e.line("\\underbrace{1.270 \\times 0.94}")
e.claim(L, "operands", ["1.270", "0.94", "2.614", "0.96"], [O1[0, 1], WO[1, 1], O2[0, 0], WO[3, 1]], cause="carried")
e.claim(L, "the two terms and their sum", ["1.194", "2.509", "3.703"],
        [O1[0, 1] * WO[1, 1], O2[0, 0] * WO[3, 1], O1[0, 1] * WO[1, 1] + O2[0, 0] * WO[3, 1]], cause="carried")
for i, who in enumerate(("Alex", "Emma", "Daniel")):
    L = e.line(f"- {who} [" + ", ".join(P_F[i]) + "]")
    e.claim(L, f"{who} final row restated", P_F[i], list(F.row(i)), cause="carried")
L = e.line("Daniel's cheap score (2.459)")
e.claim(L, "cheap scores of Daniel and Alex restated", ["2.459", "4.001"], [F[2, 1], F[0, 1]], cause="carried")

e.done()
