# Expected verdicts for en-basic-adityasengar-alphafold2-appendix-lys-asp.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: X = [[0.2,0.1,0,0],[0.8,0.4,1,0],[0.5,0.3,0,1]] (Ala, Lys, Asp), W_Q = [[0,1],[0,1],[1,0],[0,0]],
# W_K = [[1,0],[0,1],[0,0],[1,0]], W_V = [[0,1],[1,0],[1,1],[0,1]], d_k = 2, query Lys.
# K = X W_K = [[0.2,0.1],[0.8,0.4],[1.5,0.3]] is right, but the printed projections Q and V are not X W_Q and X W_V:
# X W_Q = [[0,0.3],[1.0,1.2],[0,0.8]] (column 1 of W_Q picks the third feature; the article prints the first feature,
# 0.2/0.8/0.5) and X W_V = [[0.1,0.2],[1.4,1.8],[0.3,1.5]] (printed 0.4, 1.2 and 1.8 are wrong) -> slips.
# Everything after is worked from the wrong q_Lys = [0.8, 1.2] and the wrong values, so it is right from the author's numbers
# but wrong end to end (carried): q_Lys = [1.0, 1.2] gives scores [0.32, 1.28, 1.86], scaled [0.226274, 0.905097,
# 1.315219], exponentials [1.253919, 2.472171, 3.725565], weights [0.168274, 0.331761, 0.499965] (0.17, 0.33, 0.50;
# "47%" is 50.0%), terms [0.016827, 0.033655], [0.464466, 0.597170], [0.149989, 0.749947], z_Lys = [0.631283, 1.380772].
# sqrt(2) ~ 1.414 and K are right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "projection", "scaling", "softmax", "output", "latex"])
X = M([["0.2", "0.1", "0.0", "0.0"], ["0.8", "0.4", "1.0", "0.0"], ["0.5", "0.3", "0.0", "1.0"]])
WQ = M([[0, 1], [0, 1], [1, 0], [0, 0]])
WK = M([[1, 0], [0, 1], [0, 0], [1, 0]])
WV = M([[0, 1], [1, 0], [1, 1], [0, 1]])
Q, K, V = X * WQ, X * WK, X * WV
q = Q.row(1)
s = q * K.T
sc = s / sp.sqrt(2)
ex = [sp.exp(v) for v in sc]
w = softmax_rows(sc)
terms = [w[k] * V.row(k) for k in range(3)]
z = w * V

L = e.line("   0.2 & 0.1 & 0.0 & 0.0")
for i in range(3):
    e.given(L + i, f"X row {i + 1}")
e.given(e.line("$d_{model}=4$ down to $d_k=d_v=2$"), "d_model = 4, d_k = d_v = 2")
e.given(e.line("W_Q = \\begin{bmatrix}"), "W_Q")
e.given(e.line("W_K = \\begin{bmatrix}"), "W_K")
e.given(e.line("W_V = \\begin{bmatrix}"), "W_V")
e.claim(e.line("Q &= X W_Q ="), "Q = X W_Q", ["0.2", "0.3", "0.8", "1.2", "0.5", "0.8"], list(Q))
e.claim(e.line("K &= X W_K ="), "K = X W_K", ["0.2", "0.1", "0.8", "0.4", "1.5", "0.3"], list(K))
e.claim(e.line("V &= X W_V ="), "V = X W_V", ["0.1", "0.4", "1.2", "1.8", "0.3", "1.8"], list(V))

e.claim(e.line("Lysine's query, $q_{\\text{Lys}} = [0.8, 1.2]$"), "q_Lys restated from the printed Q", ["0.8", "1.2"],
        list(q), cause="carried")
names = ["Ala", "Lys", "Asp"]
for k, nm in enumerate(names):
    L = e.line(f"\\text{{score}}(\\text{{Lys, {nm}}})")
    kp = [str(K[k, 0]), str(K[k, 1])]
    kp = [{"1/5": "0.2", "1/10": "0.1", "4/5": "0.8", "2/5": "0.4", "3/2": "1.5", "3/10": "0.3"}[t] for t in kp]
    e.claim(L, f"q_Lys restated (score {nm})", ["0.8", "1.2"], list(q), cause="carried")
    e.claim(L, f"k_{nm} restated", kp, list(K.row(k)))
    res = e.lines[L - 1].split("= ")[-1].replace("\\\\", "").strip()
    e.claim(L, f"score(Lys, {nm}) = q_Lys . k_{nm}", res, s[k], cause="carried")
L = e.line("The scores $[0.28, 1.12, 1.56]$")
e.claim(L, "scores restated", ["0.28", "1.12", "1.56"], list(s), cause="carried")
L = e.line("With $d_k=2$ the divisor is")
e.claim(L, "d_k and sqrt(2)", ["2", "1.414"], [2, sp.sqrt(2)])
L = e.line("\\text{Scaled Scores} =")
e.claim(L, "scores restated in the fractions", ["0.28", "1.12", "1.56"], list(s), cause="carried")
e.claim(L, "scaled scores", ["0.198", "0.792", "1.103"], list(sc), cause="carried")
e.claim(e.line("\\alpha_{\\text{Lys}} &= \\text{softmax}("), "scaled scores restated", ["0.198", "0.792", "1.103"],
        list(sc), cause="carried")
e.claim(e.line("&= \\left[ \\frac{e^{0.198}}"), "exponents (scaled scores) restated", ["0.198", "0.792", "1.103"],
        list(sc), cause="carried")
e.claim(e.line("&= \\left[ \\frac{1.22}"), "exponentials", ["1.22", "2.21", "3.01"], ex, cause="carried")
e.claim(e.line("&\\approx [0.19, 0.34, \\mathbf{0.47}]"), "attention weights of Lys", ["0.19", "0.34", "0.47"], list(w),
        cause="carried")
e.claim(e.line("So 47% of Lysine's update"), "weight of Asp in percent", "47%", w[2], cause="carried")
L = e.line("&= (0.19 \\times [0.1, 0.4])")
e.claim(L, "weights restated", ["0.19", "0.34", "0.47"], list(w), cause="carried")
e.claim(L, "values restated from the printed V", ["0.1", "0.4", "1.2", "1.8", "0.3", "1.8"], list(V), cause="carried")
e.claim(e.line("&= [0.019, 0.076] + [0.408, 0.612] + [0.141, 0.846]"), "weighted value vectors",
        ["0.019", "0.076", "0.408", "0.612", "0.141", "0.846"], [t for r in terms for t in r], cause="carried")
e.claim(e.line("&= [0.568, 1.534]"), "z_Lys", ["0.568", "1.534"], list(z), cause="carried")
e.claim(e.line("The resulting $z_{\\text{Lys}} = [0.568, 1.534]$"), "z_Lys restated", ["0.568", "1.534"], list(z),
        cause="carried")
e.done()
