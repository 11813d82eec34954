# Expected verdicts for ru-basic-alpotekhin-bookvar-qkv-vruchnuyu.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Toy example as printed: Q = K = X = [[1,0],[0,1],[1,1]], V = [[1,0],[0,2],[3,1]], d_k = 2.
# Query 3: scores [1,1,2] -> /sqrt2 -> weights (a, a, b) = (0.248255, 0.248255, 0.503490);
#   z3 = a*[1,0] + a*[0,2] + b*[3,1] = [a + 3b, 2a + b] = [1.758725, 1] exactly in the second component.
#   Printed [1.758, 0.999]: 1.758 is 1.758725 cut, not rounded (1.759) -> slip; 0.999 is 0.248*2 + 0.503 from the
#   rounded weights (exact 1) -> drift.  "сумма показанных чисел ... 0.999" is a statement about the rounded
#   weights, right as written -> ambiguous.
# Query 2 with the causal mask: scores [0, 1/sqrt2, -inf] -> weights [0.330238, 0.669762, 0];
#   z2 = [0.330238, 1.339523] -> printed [0.330, 1.340] agrees.
# Shapes: B=2, T=128, d_model=768, h=12 -> d_k = 768/12 = 64.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ru", topics=["basic", "softmax", "scaling", "causal-mask", "output", "shapes"])

X = M([[1, 0], [0, 1], [1, 1]])
V = M([[1, 0], [0, 2], [3, 1]])
dk = 2
S = X * X.T
Ss = S / sp.sqrt(dk)
a3 = softmax_rows(Ss.row(2))
z3 = a3 * V
# causal: row 2 sees positions 1 and 2 only
s2 = Ss.row(1)
w2 = softmax_rows(M([[s2[0], s2[1]]]))
a2 = M([[w2[0], w2[1], 0]])
z2 = a2 * V

# averaging matrix (definition) and toy inputs
L = e.line("\\frac12&\\frac12&0&0")
e.given(L - 1, "averaging matrix row 1")
e.given(L, "averaging matrix row 2")
e.given(L + 1, "averaging matrix row 3")
e.given(L + 2, "averaging matrix row 4")
e.given(e.line("одна голова размерности $d_k=2$"), "d_k = 2")
L = [i + 1 for i, t in enumerate(e.lines) if t.strip() == "Q=K="][0]
e.given(L + 2, "Q=K row 1")
e.given(L + 3, "Q=K row 2")
e.given(L + 4, "Q=K row 3")
Lv = e.line("V=", after=L)
e.given(Lv + 2, "V row 1")
e.given(Lv + 3, "V row 2")
e.given(Lv + 4, "V row 3")
e.given(e.line("$q_3=[1,1]$"), "q3 = X row 3")

# query 3
e.claim(e.line("q_3K^\\top=[1,1,2]."), "q3 K^T", ["1", "1", "2"], list(S.row(2)))
e.claim(e.line("\\approx[0.707,0.707,1.414]."), "q3 K^T / sqrt2", ["0.707", "0.707", "1.414"], list(Ss.row(2)))
e.claim(e.line("\\alpha_3\\approx[0.248,0.248,0.503]."), "alpha_3", ["0.248", "0.248", "0.503"], list(a3))
e.ambiguous(e.line("сумма показанных чисел получается 0.999"),
            "0.248 + 0.248 + 0.503 = 0.999 is the sum of the shown (rounded) weights, as the sentence says; "
            "the exact weights sum to 1")
e.claim(e.line("0.248[1,0]+0.248[0,2]+0.503[3,1]"), "alpha_3 restated", ["0.248", "0.248", "0.503"], list(a3))
L = e.line("\\approx[1.758,0.999].")
e.claim(L, "z3[0] = a + 3b (1.758725 cut to 1.758)", ["1.758"], [z3[0]], cause="slip")
e.claim(L, "z3[1] = 2a + b = 1 (0.999 from the rounded weights)", ["0.999"], [z3[1]], cause="drift")

# causal mask, query 2
e.claim(e.line("=[0,0.707,-\\infty]."), "masked scaled scores of row 2 (finite part)", ["0", "0.707"], [s2[0], s2[1]])
e.claim(e.line("\\alpha_2\\approx[0.330,0.670,0]."), "alpha_2", ["0.330", "0.670", "0"], list(a2))
L = e.line("z_2=0.330[1,0]+0.670[0,2]")
e.claim(L, "alpha_2 restated", ["0.330", "0.670"], [a2[0], a2[1]])
e.claim(L, "z2", ["0.330", "1.340"], list(z2))

# shapes
B, T, D, H = 2, 128, 768, 12
for lab in ("batch $B=2$", "sequence length $T=128$", "model width $d_{\\text{model}}=768$", "heads $h=12$"):
    e.given(e.line(lab), lab)
e.claim(e.line("head width $d_k=d_v=64$"), "d_k = d_model / h", ["64"], [R(D, H)])
e.claim(e.line("| $X$ | `2 × 128 × 768`"), "X shape", ["2", "128", "768"], [B, T, D])
e.claim(e.line("| $Q,K,V$ до split"), "QKV shape", ["2", "128", "768"], [B, T, D])
e.claim(e.line("| после split heads"), "split shape", ["2", "12", "128", "64"], [B, H, T, R(D, H)])
e.claim(e.line("| $QK^\\top$ |"), "score shape", ["2", "12", "128", "128"], [B, H, T, T])
e.claim(e.line("| $A V$ |"), "head output shape", ["2", "12", "128", "64"], [B, H, T, R(D, H)])
e.claim(e.line("| concat |"), "concat shape", ["2", "128", "768"], [B, T, D])
e.done()
