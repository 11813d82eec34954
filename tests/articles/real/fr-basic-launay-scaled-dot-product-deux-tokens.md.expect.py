# Expected verdicts for fr-basic-launay-scaled-dot-product-deux-tokens.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: Q = I (2x2), K = [[1, 0], [1, 1]], V = [[2, 0], [0, 4]], d_k = d_v = 2; the softmax demos take the
# printed score lists [1, 2, 3] and [10, 20, 30]; the complexity lines take T; the shape block takes B, T, d_k, d_v.
# Exact: K^T = [[1, 1], [0, 1]]; QK^T = K^T; scaled = QK^T / sqrt(2); A = row softmax; Y = A V.
#   Row 2 of A: 1/(1 + e^{1/sqrt 2}) = 0.330239, e^{1/sqrt 2}/(1 + e^{1/sqrt 2}) = 0.669761; Y row 2 = [0.660478, 2.679044].
# Wrong lines:
# - "0.330 + 0.670 = [0.660,2.680]", the Y row "0.660 & 2.680" and the restated "[0.660,2.680]" (drift): 2.680 is
#   4 x 0.670 from the rounded weight; from the exact weight 4 x 0.669761 = 2.679044, which rounds to 2.679.
# Ambiguous: "0.5 + 0.5 =" (the weighted vectors of row 1 are missing in the source; no right-hand side).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="fr", topics=["basic", "scaling", "softmax", "shapes", "latex-bmatrix", "complexity"])

Q = M([["1", "0"], ["0", "1"]])
K = M([["1", "0"], ["1", "1"]])
V = M([["2", "0"], ["0", "4"]])
dk = 2
KT = K.T
S = Q * KT
SC = S / sp.sqrt(dk)
A = softmax_rows(SC)
Y = A * V
r = 1 / sp.sqrt(2)

# ---- 5.13 softmax demos
L = e.line("scores = [1, 2, 3]")
e.given(L, "scores demo 1")
e.claim(L + 1, "softmax([1, 2, 3])", ["0.09", "0.24", "0.67"], softmax_rows(M([["1", "2", "3"]])))
L = e.line("scores = [10, 20, 30]")
e.given(L, "scores demo 2")
e.claim(L + 1, "softmax([10, 20, 30])", ["0.00", "0.00", "1.00"], softmax_rows(M([["10", "20", "30"]])))

# ---- 5.22 inputs
L22 = e.line("## 5.22")
e.given(e.line("d_k = 2", after=L22), "d_k")
e.given(e.line("d_v = 2", after=L22), "d_v")
L = e.line("Q =", after=L22)
e.given(L + 2, "Q row 1")
e.given(L + 3, "Q row 2")
L = e.line("K =", after=L22)
e.given(L + 2, "K row 1")
e.given(L + 3, "K row 2")
L = e.line("V =", after=L22)
e.given(L + 2, "V row 1")
e.given(L + 3, "V row 2")

# ---- 5.23 K^T
L23 = e.line("## 5.23")
L = e.line("K =", after=L23)
e.given(L + 2, "K row 1 restated")
e.given(L + 3, "K row 2 restated")
L = e.line("K^T =", after=L23)
e.rows([L + 2, L + 3], "K^T", [["1", "1"], ["0", "1"]], KT)

# ---- 5.24 QK^T
L24 = e.line("## 5.24")
L = e.line("Q =", after=L24)
e.given(L + 2, "Q row 1 restated")
e.given(L + 3, "Q row 2 restated")
L = e.line("K^T =", after=L24)
e.rows([L + 2, L + 3], "K^T restated", [["1", "1"], ["0", "1"]], KT)
L = e.line("QK^T =", after=L24)
e.rows([L + 2, L + 3], "QK^T", [["1", "1"], ["0", "1"]], S)
e.claim(e.line("le token 1 a un score 1 avec le token 1"), "score (1,1)", ["1"], S[0, 0])
e.claim(e.line("le token 1 a un score 1 avec le token 2"), "score (1,2)", ["1"], S[0, 1])
e.claim(e.line("le token 2 a un score 0 avec le token 1"), "score (2,1)", ["0"], S[1, 0])
e.claim(e.line("le token 2 a un score 1 avec le token 2"), "score (2,2)", ["1"], S[1, 1])

# ---- 5.25 scaling
L25 = e.line("## 5.25")
e.given(e.line("d_k = 2", after=L25), "d_k restated")
e.claim(e.line(r"\sqrt{d_k} = \sqrt{2} \approx 1.414"), "sqrt(2)", ["1.414"], sp.sqrt(2))
L = e.line(r"\frac{QK^T}{\sqrt{2}} =", after=L25)
e.rows([L + 2, L + 3], "QK^T / sqrt(2)", [["0.707", "0.707"], ["0", "0.707"]], SC)

# ---- 5.26 softmax
e.claim(e.line("[0.707, 0.707]  "), "scaled row 1 restated", ["0.707", "0.707"], SC.row(0))
e.claim(e.line("softmax([0.707, 0.707]) = [0.5, 0.5]"), "softmax of row 1", ["0.707", "0.707", "0.5", "0.5"],
        [SC[0, 0], SC[0, 1], A[0, 0], A[0, 1]])
e.claim(e.line("[0, 0.707]  "), "scaled row 2 restated", ["0", "0.707"], SC.row(1))
e.claim(e.line("e^0 = 1"), "e^0", ["1"], sp.exp(0))
e.claim(e.line(r"e^{0.707} \approx 2.028"), "e^{1/sqrt 2}", ["0.707", "2.028"], [r, sp.exp(r)])
e.claim(e.line("1 + 2.028 = 3.028"), "row-2 denominator", ["2.028", "3.028"], [sp.exp(r), 1 + sp.exp(r)])
e.claim(e.line(r"softmax([0, 0.707]) \approx [0.330, 0.670]"), "softmax of row 2", ["0.707", "0.330", "0.670"],
        [r, A[1, 0], A[1, 1]])
L26 = e.line("## 5.26")
L = e.line("A =", after=L26)
e.rows([L + 2, L + 3], "A", [["0.5", "0.5"], ["0.330", "0.670"]], A)

# ---- 5.27 A V
L27 = e.line("## 5.27")
L = e.line("A =", after=L27)
e.rows([L + 2, L + 3], "A restated", [["0.5", "0.5"], ["0.330", "0.670"]], A)
L = e.line("V =", after=L27)
e.given(L + 2, "V row 1 restated")
e.given(L + 3, "V row 2 restated")
L = e.line("AV =", after=L27)
e.rows([L + 2, L + 3], "A in the product", [["0.5", "0.5"], ["0.330", "0.670"]], A)
e.given(L + 7, "V row 1 in the product")
e.given(L + 8, "V row 2 in the product")
e.ambiguous(e.line("0.5 + 0.5 =", after=L27),
            "row-1 product printed without its weighted vectors and without a result (lost in the source)")
e.claim(e.line("0.330 + 0.670 = [0.660,2.680]"), "output row 2", ["0.330", "0.670", "0.660", "2.680"],
        [A[1, 0], A[1, 1], Y[1, 0], Y[1, 1]], cause="drift")
L = e.line("Y =", after=L27)
e.claim(L + 2, "Y row 1", ["1", "2"], Y.row(0))
e.claim(L + 3, "Y row 2", ["0.660", "2.680"], Y.row(1), cause="drift")

# ---- 5.28
L28 = e.line("## 5.28")
e.claim(e.line("[0.660,2.680]", after=L28), "output row 2 restated", ["0.660", "2.680"], Y.row(1), cause="drift")
e.claim(e.line("le poids 0.670 domine"), "weight A[2,2]", ["0.670"], A[1, 1])

# ---- 5.31 T^2
L = e.line("Pour (T = 1,000)")
e.given(L, "T = 1000")
number_claim(e, L + 3, "T^2 for T = 1000", "1,000,000", 1000 ** 2)
L = e.line("Pour (T = 10,000)")
e.given(L, "T = 10000")
number_claim(e, L + 3, "T^2 for T = 10000", "100,000,000", 10000 ** 2)

# ---- 5.44 shapes (B, T, d_k, d_v) = (2, 4, 3, 5)
B, T, d_k, d_v = 2, 4, 3, 5
for s in ("B = 2", "T = 4", "d_k = 3", "d_v = 5"):
    e.given(e.line(s), s)
e.claim(e.line("Q.shape == (2, 4, 3)"), "Q shape", ["2", "4", "3"], [B, T, d_k])
e.claim(e.line("K.shape == (2, 4, 3)"), "K shape", ["2", "4", "3"], [B, T, d_k])
e.claim(e.line("V.shape == (2, 4, 5)"), "V shape", ["2", "4", "5"], [B, T, d_v])
e.claim(e.line("Q                  : (2, 4, 3)"), "Q shape restated", ["2", "4", "3"], [B, T, d_k])
e.claim(e.line("K.transpose(-2,-1): (2, 3, 4)"), "K^T shape", ["2", "3", "4"], [B, d_k, T])
e.claim(e.line("scores             : (2, 4, 4)"), "scores shape", ["2", "4", "4"], [B, T, T])
e.claim(e.line("weights : (2, 4, 4)"), "weights shape", ["2", "4", "4"], [B, T, T])
e.claim(e.line("V       : (2, 4, 5)"), "V shape restated", ["2", "4", "5"], [B, T, d_v])
e.claim(e.line("output  : (2, 4, 5)"), "output shape", ["2", "4", "5"], [B, T, d_v])
e.done()
