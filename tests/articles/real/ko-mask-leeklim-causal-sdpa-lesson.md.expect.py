# Expected verdicts for ko-mask-leeklim-causal-sdpa-lesson.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Figure captions: softmax(0,2,4,6) last weight = 0.864955 -> 0.865; sqrt(16) = 4; softmax(0,0.5,1,1.5) last
#   = 0.455054 -> 0.455 (right). Binary sensitivity p(1-p): 0.25 at p = 0.5, 0.0099 at p = 0.01 / 0.99 (right).
#   Convex example: 0.40 (0,0) + 0.27 (2,0) + 0.33 (0,2) = (0.54, 0.66) (right; the three weights come from a
#   figure whose scores are not printed, so they are inputs). Equal values (1,1) give (1,1).
#   Mask order: exps 1, 3, 6 -> 1+3 = 4, 1+3+6 = 10, remaining mass 4/10 = 0.40 (right).
# Worked example: the scaled scores S come from the previous unit (Q, K, V not printed here) and are taken as
#   printed: row 2 softmax([3.5355, 12.0208]) = (0.000206, 0.999794) (right). The output O needs V, which this
#   article never prints: its two rows are ambiguous.
# Exercises: sqrt(16) = 4; query 1 of 3 cannot see key 2; first causal row is (1, 0, ...); (5,5)(5,8) -> (5,8).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ko", topics=["mask", "basic", "softmax"])

sc = sp.Matrix([[0, 2, 4, 6]])
w_raw = softmax_rows(sc)
w_scaled = softmax_rows(sc / sp.sqrt(16))
L = e.line("score (0,2,4,6)을 그대로 쓰면")
e.given(L, "scores (0,2,4,6), d_k = 16")
e.claim(L, "last weight without scaling", ["0.865"], [w_raw[0, 3]])
e.claim(L, "sqrt(16)", ["4"], [sp.sqrt(16)])
e.claim(L, "last weight after dividing by 4", ["0.455"], [w_scaled[0, 3]])

L = e.line("p=0.5에서 0.25로 최대")
e.given(L, "p values 0.5, 0.01, 0.99")
e.claim(L, "p(1-p) at 0.5 and at 0.01/0.99", ["0.25", "0.0099"],
        [R(1, 2) * R(1, 2), R(1, 100) * R(99, 100)])

L = e.line("보통 score 0.4였다가")
e.given(L, "raw score of the future key")
e.claim(L, "weight of a masked key", ["0"], [0])

L = e.line("v₁=(0,0), v₂=(2,0), v₃=(0,2)에 계수")
e.given(L, "value vectors and weights 0.40, 0.27, 0.33")
Vs = M([["0", "0"], ["2", "0"], ["0", "2"]])
wts = M([["0.40", "0.27", "0.33"]])
e.claim(L, "convex output", ["0.54", "0.66"], wts * Vs)
L = e.line("세 value를 모두 (1,1)로 두었다")
e.given(L, "equal values (1,1)")
e.claim(L, "output of any normalized row", ["1", "1"], [1, 1])
e.given(e.line("여기서 $0.40,0.27,0.33$은"), "the sat row weights")

e.given(e.line("0.7071&3.5355\\\\"), "scaled score row 1 (from N05-14, inputs not printed here)")
e.given(e.line("3.5355&12.0208"), "scaled score row 2 (from N05-14)")
S2 = M([["3.5355", "12.0208"]])
row2 = softmax_rows(S2)
L = e.line("첫 attention 행은 $(1,0)$")
e.claim(L, "masked row 1 and full row 2", ["1", "0", "0.000206", "0.999794"], [1, 0, row2[0, 0], row2[0, 1]])
e.ambiguous(e.line("2&1\\\\", after=e.line("\\mathbf O\\approx")),
            "output row 1 equals v1, but V (from unit N05-14) is not printed in this article")
e.ambiguous(e.line("5.9992&1.9998"), "output row 2 needs V, which this article does not print")
e.given(e.line("sequence length 2, head dimension 2, head 1개"), "lab sizes")
e.given(e.line("i=2인 sat에서"), "query index of sat")

L = e.line("분모는 1+3=4다")
e.given(L, "exponentials 1, 3, 6")
e.claim(L, "1+3, 1+3+6, remaining mass", ["4", "10", "0.40"], [1 + 3, 1 + 3 + 6, R(1 + 3, 10)])

e.given(e.line("$d_k=16$이면 raw score를"), "d_k = 16")
e.claim(e.line("$\\sqrt{16}=4$로 나눈다"), "sqrt(16)", ["4"], [sp.sqrt(16)])
e.given(e.line("길이 3인 sequence에서 query index 1이"), "length 3, query index 1")
e.claim(e.line("미래인 index 2다"), "hidden and allowed key indices", ["2", "0", "1"], [2, 0, 1])
e.claim(e.line("자기 위치만 허용되므로 첫 key가 1"), "first causal row", ["1", "0"], [1, 0])
e.given(e.line("$A:(5,5)$, $V:(5,8)$이면"), "shapes of A and V")
e.claim(e.line("$AV:(5,8)$이다"), "output shape", ["5", "8"], [5, 8])
e.given(e.line("softmax probability가 0.2로"), "hypothetical probability")
e.given(e.line("weight 0.9를 주니"), "hypothetical weight")
e.done()
