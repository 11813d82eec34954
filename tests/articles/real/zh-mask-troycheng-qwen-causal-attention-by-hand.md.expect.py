# Expected verdicts for zh-mask-troycheng-qwen-causal-attention-by-hand.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese lesson on Qwen3.5 inference that works one causal attention head by hand.
# Warm-ups: one dot product [1,0].[0.5,0] = 0.5; D = 256 -> 1/sqrt(256) = 1/16; an assumed masked score row
#   [0.707, 0, -inf] -> softmax [0.66974, 0.33026, 0] -> printed [0.670, 0.330, 0] and "67% / 33%" (right);
#   assumed weights [0.670, 0.330, 0] times V = ([2,0],[0,2],[1,1]) -> [1.340, 0.660] (exact from those weights).
# Main example: T = 3, D = 2, Q = [[1,0],[0,1],[1,0]], K = [[1,0],[0,1],[0.5,0]], V = [[2,0],[0,2],[1,1]].
#   Q K^T / sqrt2 = [[0.70711, 0, 0.35355], [0, 0.70711, 0], [0.70711, 0, 0.35355]];
#   causal softmax rows: [1,0,0], [0.33024, 0.66976, 0], [0.45553, 0.22461, 0.31987];
#   O = A V = [[2, 0], [0.66048, 1.33952], [1.23092, 0.76908]].
#   The row-3 expansion 0.456 V1 + 0.225 V2 + 0.320 V3 would give [1.232, 0.770] from the rounded weights, but the
#   printed [1.231, 0.769] is the end-to-end value: right.
# Qwen3.5-9B config arithmetic: partial_rotary_factor 0.25 of 256 -> 64 rotated, 192 not; H = 8, Nq = 2 -> D = 4;
#   GQA widths 16 x 256 = 4096, 4 x 256 = 1024; exercise 0.7 [2,0] + 0.3 [0,4] = [1.4, 1.2].
# Every printed number agrees: the article has no wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["mask", "basic", "gqa", "latex-bmatrix"])

# --- warm-ups -------------------------------------------------------------------------
e.given(e.line("当前位置的 Q = [1, 0]"), "query q = [1, 0]")
e.given(e.line("候选位置的 K = [0.5, 0]"), "key k = [0.5, 0]")
e.claim(e.line("[1,0]\\cdot[0.5,0]=1\\times0.5+0\\times0=0.5"), "q.k", ["0.5"], [R(1, 2)])
e.given(e.line("`D=256`，分数要乘以"), "Qwen3.5-9B head dimension D = 256")
e.claim(e.line("\\frac{1}{\\sqrt{256}}=\\frac{1}{16}"), "sqrt(256)", ["16"], [sp.sqrt(256)])

s5 = sp.Matrix([[R("0.707"), 0]])
w5 = softmax_rows(s5)
e.given(e.line("[0.707, 0, -∞]"), "assumed masked score row")
e.claim(e.line("[0.670, 0.330, 0]"), "softmax of [0.707, 0, -inf]", ["0.670", "0.330", "0"],
        [w5[0], w5[1], 0])
e.claim(e.line("约 67% 的信息"), "weights as percentages", ["67%", "33%"], [w5[0], w5[1]])

Vs = M([["2", "0"], ["0", "2"], ["1", "1"]])
e.given(e.line("V1 = [2, 0]"), "V1")
e.given(e.line("V2 = [0, 2]"), "V2")
e.given(e.line("V3 = [1, 1]"), "V3")
wg = sp.Matrix([[R("0.670"), R("0.330"), 0]])
e.given(e.line("[0.670, 0.330, 0]", nth=2), "assumed weights of some position")
e.given(e.line("0.670\\times[2,0]+0.330\\times[0,2]+0\\times[1,1]"), "weighted sum written out")
e.claim(e.line("=[1.340,0.660]"), "weights x V", ["1.340", "0.660"], wg * Vs)

# --- main example ----------------------------------------------------------------------
Q = M([["1", "0"], ["0", "1"], ["1", "0"]])
K = M([["1", "0"], ["0", "1"], ["0.5", "0"]])
V = M([["2", "0"], ["0", "2"], ["1", "1"]])
S = Q * K.T / sp.sqrt(2)
A = sp.Matrix.vstack(sp.Matrix([[1, 0, 0]]),
                     softmax_rows(S[1, 0:2]).row_join(sp.Matrix([[0]])),
                     softmax_rows(S.row(2)))
O = A * V

e.given(e.line("只看一个头，`T=3`、`D=2`"), "T = 3, D = 2")
LQ = e.line("Q=", after=e.line("只看一个头"))
for k, ln in enumerate(range(LQ + 2, LQ + 5)):
    e.given(ln, f"Q row {k + 1}")
LK = e.line("K=", after=LQ)
for k, ln in enumerate(range(LK + 2, LK + 5)):
    e.given(ln, f"K row {k + 1}")
LV = e.line("V=", after=LK)
for k, ln in enumerate(range(LV + 2, LV + 5)):
    e.given(ln, f"V row {k + 1}")

L = e.line("\\frac{QK^T}{\\sqrt{2}}=\\begin{bmatrix}")
e.rows([L + 1, L + 2, L + 3], "Q K^T / sqrt2",
       [["0.707", "0", "0.354"], ["0", "0.707", "0"], ["0.707", "0", "0.354"]], S)
e.claim(e.line("Q_3\\cdot K_1=[1,0]\\cdot[1,0]=1"), "Q3.K1", ["1"], [(Q.row(2) * K.row(0).T)[0]])
e.claim(e.line("后约为 `0.707`"), "1 / sqrt2", ["0.707"], [1 / sp.sqrt(2)])
L = e.line("S_{masked}=", after=e.line("### 第二步"))
e.claim(L + 2, "masked row 1 (finite entry)", ["0.707"], [S[0, 0]])
e.claim(L + 3, "masked row 2 (finite entries)", ["0", "0.707"], [S[1, 0], S[1, 1]])
e.claim(L + 4, "masked row 3", ["0.707", "0", "0.354"], S.row(2))
L = e.line("A\\approx")
e.rows([L + 2, L + 3, L + 4], "causal softmax A",
       [["1", "0", "0"], ["0.330", "0.670", "0"], ["0.456", "0.225", "0.320"]], A)
e.claim(e.line("`A` 的每一行加起来都是 1"), "row sums of A", ["1"], [sum(A.row(2))])
L = e.line("O\\approx")
e.rows([L + 2, L + 3, L + 4], "O = A V",
       [["2.000", "0"], ["0.660", "1.340"], ["1.231", "0.769"]], O)
e.claim(e.line("0.456V_1+0.225V_2+0.320V_3"), "row-3 weights restated", ["0.456", "0.225", "0.320"], A.row(2))
e.claim(e.line("\\approx[1.231,0.769]"), "row-3 output", ["1.231", "0.769"], O.row(2))

# --- Qwen3.5-9B configuration arithmetic ----------------------------------------------
L = e.line("`partial_rotary_factor=0.25`")
e.claim(L, "rotated / unrotated dims of 256", ["64", "192"], [R("0.25") * 256, 256 - R("0.25") * 256])
e.claim(e.line("Q：前 64 维旋转"), "Q rotary split", ["64", "192"], [64, 192])
e.claim(e.line("K：前 64 维旋转"), "K rotary split", ["64", "192"], [64, 192])
e.given(e.line("V：256 维都不旋转"), "V keeps all 256 dims")
e.claim(e.line("例如 `H=8`、`Nq=2`"), "D = H / Nq", ["4"], [R(8, 2)])
e.given(e.line("Nq  = 16 个查询头"), "Nq = 16")
e.given(e.line("Nkv =  4 个键值头"), "Nkv = 4")
e.given(e.line("D   = 256"), "D = 256")
e.claim(e.line("每 4 个查询头共用一组"), "query heads per K/V group", ["4"], [R(16, 4)])
e.claim(e.line("Q 总宽度：16 × 256 = 4096"), "Q width", ["4096"], [16 * 256])
e.claim(e.line("K 总宽度： 4 × 256 = 1024"), "K width", ["1024"], [4 * 256])
e.claim(e.line("V 总宽度： 4 × 256 = 1024"), "V width", ["1024"], [4 * 256])
e.given(e.line("6. 权重 `[0.7,0.3]`"), "exercise 6 inputs")
e.claim(e.line("9. Qwen3.5-9B 的 K/V 总宽度为什么是 1024"), "exercise 9 premise", ["1024"], [4 * 256])
e.claim(e.line("6. `0.7×[2,0]+0.3×[0,4]=[1.4,1.2]`"), "exercise 6 answer", ["1.4", "1.2"],
        [R("0.7") * 2, R("0.3") * 4])
e.claim(e.line("9. `Nkv×D=4×256=1024`"), "exercise 9 answer", ["1024"], [4 * 256])
e.done()
