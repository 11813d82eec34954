# Expected verdicts for en-basic-sunilmogadati-transformers-concepts-by-hand.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Plain-text code blocks: X = [[1,0,1,0],[0,1,0,1],[1,1,0,0]], 4x4 W_Q, W_K and W_V = 0.5 I, d_k = 4.  Q, K, V, the three
# expanded dot products of q_1, the 3x3 score matrix [[0.10,0.42,0.30],[0.33,0.39,0.21],[0.33,0.26,0.21]], the halved
# scores and the 3-place softmax weights are all right (weights [0.305001, 0.357922, 0.337078], [0.336449, 0.346695,
# 0.316856], [0.343953, 0.332123, 0.323923]).  The output A V: row 1 is [0.321039, 0.347500, 0.152500, 0.178961] where
# the second entry is 0.5 (0.357922 + 0.337078) = 0.34749969 - just under the half, so 0.347; the printed 0.348 is what the
# ROUNDED weights give (0.5 (0.358 + 0.337) = 0.3475, rounded up) -> wrong end to end, cause drift.  (0.153 is right: the
# exact 0.15250031 is just over the half.)  Rows 2 and 3 agree.
# Sizes: 512/8 = 64, 4/2 = 2; the per-block count 12 D^2 = 4 D^2 + 8 D^2 (FFN 2 D 4D) and LN 4D are right;
# 12 * 768^2 = 7,077,888 = 7.08M, printed 7.07M (a truncation) -> slip; 12 blocks ~85M (84.93M) and 30K * 768 ~ 23M
# (23.04M) agree; "~110M" total is the usual quoted BERT-base size (85 + 23 = 108M rounds to 110M only at two
# significant figures) -> ambiguous.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "projection", "scaling", "softmax", "output", "complexity",
                                             "ascii-matrix"])

X = M([[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0]])
WQ = M([["0.1", "0.2", "0.0", "0.0"], ["0.0", "0.0", "0.3", "0.4"], ["0.5", "0.0", "0.0", "0.0"], ["0.0", "0.0", "0.0", "0.5"]])
WK = M([["0.0", "0.3", "0.0", "0.2"], ["0.4", "0.0", "0.1", "0.0"], ["0.0", "0.2", "0.5", "0.0"], ["0.3", "0.0", "0.0", "0.4"]])
WV = sp.eye(4) * R(1, 2)
Q, K, V = X * WQ, X * WK, X * WV
S = Q * K.T
Ss = S / sp.sqrt(4)
A = softmax_rows(Ss)
O = A * V


def fmt(v, d=1):
    return f"{float(v):.{d}f}"


e.given(e.line("Three tokens with `d_model = 4`"), "d_model = 4")
e.given(e.line("Embeddings X (3, 4):"), "shape of X")
for i in range(3):
    e.given(e.line(f"   x_{i + 1} = ["), f"x_{i + 1}")
e.given(e.line("W_Q (4, 4):"), "shapes of the weights")
L = e.line("  0.1  0.2  0.0  0.0")
for i in range(4):
    e.given(L + i, f"row {i + 1} of W_Q, W_K, W_V")

for name, Mx in (("Q = X · W_Q = [[", Q), ("K = X · W_K = [[", K), ("V = X · W_V = [[", V)):
    L = e.line(name)
    e.rows([L, L + 1, L + 2], name.split(" =")[0], [[fmt(v) for v in Mx.row(i)] for i in range(3)], Mx)

kp = [["0", "0.5", "0.5", "0.2"], ["0.7", "0", "0.1", "0.4"], ["0.4", "0.3", "0.1", "0.2"]]
for j in range(3):
    L = e.line(f"  q_1 · k_{j + 1} = ")
    e.claim(L, f"q_1 restated (q_1 . k_{j + 1})", ["0.6", "0.2", "0", "0"], list(Q.row(0)))
    e.claim(L, f"k_{j + 1} restated", kp[j], list(K.row(j)))
    e.claim(L, f"q_1 . k_{j + 1}", [e.lines[L - 1].split("= ")[-1].strip()], [S[0, j]])
L = e.line("  [[0.10, 0.42, 0.30],")
e.rows([L, L + 1, L + 2], "score matrix Q K^T", [[fmt(v, 2) for v in S.row(i)] for i in range(3)], S)
e.claim(e.line("best fit is token 2 (score 0.42)"), "largest score of row 1 (token 2)", ["2", "0.42"],
        [list(S.row(0)).index(max(S.row(0))) + 1, max(S.row(0))])
L = e.line("Here `d_k = 4`, so `√d_k = 2`")
e.given(L, "d_k = 4")
e.claim(L, "sqrt(d_k)", ["2"], [sp.sqrt(4)])
L = e.line("  [[0.050, 0.210, 0.150],")
e.rows([L, L + 1, L + 2], "scaled scores", [[fmt(v, 3) for v in Ss.row(i)] for i in range(3)], Ss)
L = e.line("  [[0.305, 0.358, 0.337],")
e.rows([L, L + 1, L + 2], "attention weights",
       [["0.305", "0.358", "0.337"], ["0.336", "0.347", "0.317"], ["0.344", "0.332", "0.324"]], A)
e.claim(e.line("Every row adds up to 1"), "row sum of the softmax", ["1"], [sp.simplify(sum(A.row(1)))])
L = e.line("  [[0.321, 0.348, 0.153, 0.179],")
e.rows([L, L + 1, L + 2], "output A V",
       [["0.321", "0.348", "0.153", "0.179"], ["0.327", "0.332", "0.168", "0.173"], ["0.334", "0.328", "0.172", "0.166"]],
       O, causes={0: "drift"})

# multi-head sizes
L = e.line("**The split.** With `d_model = 512`")
e.given(L, "d_model = 512, 8 heads")
e.claim(L, "d_k = d_v = 512 / 8 and the reshape (T, 8, 64)", ["64", "512", "8", "64"], [R(512, 8), 512, 8, R(512, 8)])
L = e.line("In the worked example (`d_model = 4, h = 2`)")
e.given(L, "d_model = 4, h = 2")
e.claim(L, "d_k = 4 / 2", ["2"], [R(4, 2)])

# parameter counts
D = sp.Symbol("D")
e.given(e.line("an FFN inner width `d_ff = 4D`"), "d_ff = 4D")
e.claim(e.line("| Multi-head attention (Q, K, V, O) | `4D²` |"), "four D x D projections (coefficient of D^2)", ["4"], [4])
e.claim(e.line("| Feedforward network | `8D²` |"), "FFN D*4D + 4D*D (coefficient of D^2)", ["8"],
        [sp.Poly(D * 4 * D + 4 * D * D, D).coeff_monomial(D**2)])
e.claim(e.line("| Layer norm × 2 | `4D`"), "two layer norms, gain and bias (coefficient of D)", ["4"], [2 * 2])
e.claim(e.line("| **Per block** | **≈ 12D²** |"), "4 D^2 + 8 D^2", ["12"], [4 + 8])
e.given(e.line("For BERT-base (`D = 768, N = 12 blocks`)"), "D = 768, N = 12")
per_block = 12 * 768**2
e.claim(e.line("- Per block: `12 · 768² = 7.07M`"), "12 * 768^2 in millions", ["7.07"], [R(per_block, 10**6)])
e.claim(e.line("- 12 blocks: ~85M"), "12 blocks in millions", ["85"], [R(12 * per_block, 10**6)], rounded_int=True)
L = e.line("- Plus embedding (`30K · 768 ≈ 23M`)")
e.claim(L, "30K * 768 in millions", ["23"], [R(30000 * 768, 10**6)], rounded_int=True)
e.ambiguous(L, "~110M is the quoted BERT-base total; the article's own parts give 84.93M + 23.04M = 107.97M, which is "
               "110M only at two significant figures (the usual figure also counts biases, position and type embeddings)")
e.done()
