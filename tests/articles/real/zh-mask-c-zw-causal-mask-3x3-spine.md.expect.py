# Expected verdicts for zh-mask-c-zw-causal-mask-3x3-spine.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Traditional-Chinese book chapter that puts a causal mask on a 3x3 scaled score matrix (animal / street / it)
# and shows why masked positions must be -inf rather than 0.
# Inputs: scaled scores S = [[3,1,0],[1,3,0],[2,1,0]] (rows 1-2 illustrative, row 3 the book's canonical row).
# Exact values: e = 2.71828, e^2 = 7.38906, e^3 = 20.08554; sums 1+e+e^2 = 11.10734, 1+e+e^3 = 23.80382,
#   e+e^3 = 22.80382, e+e^2 = 10.10734.
#   Bidirectional softmax rows: [0.84379, 0.11419, 0.04201], [0.11419, 0.84379, 0.04201], [0.66524, 0.24473, 0.09003].
#   Causal rows: [1, 0, 0], [0.11920, 0.88080, 0], [0.66524, 0.24473, 0.09003].
#   Masking a future x with 0 instead of -inf: softmax([2,1,0]) puts 0.09003 (9%) on x; with -inf: [0.73106, 0.26894, 0].
# Every printed number agrees: the article has no wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["mask", "softmax", "basic", "code-block"])
S = M([["3", "1", "0"], ["1", "3", "0"], ["2", "1", "0"]])
B = softmax_rows(S)
c2 = softmax_rows(S[1, 0:2])
C = sp.Matrix([[1, 0, 0], [c2[0], c2[1], 0], list(B.row(2))])
E = sp.E
w0 = softmax_rows(M([["2", "1", "0"]]))
winf = softmax_rows(M([["2", "1"]]))

e.given(e.line("## 手算：替 3×3"), "matrix size 3x3")
L = e.line("已經除過 √d=2")
e.given(L, "scores already divided by sqrt(d) = 2; canonical row [2, 1, 0]")
e.given(e.line("q=animal    │    3"), "illustrative scores row 1")
e.given(e.line("q=street    │    1"), "illustrative scores row 2")
e.given(e.line("q=it        │    2"), "canonical scores row 3")

# --- bidirectional ------------------------------------------------------------------
e.claim(e.line("q=animal: softmax([3,1,0])"), "bidirectional row animal", ["0.844", "0.114", "0.042"], B.row(0))
e.claim(e.line("q=street: softmax([1,3,0])"), "bidirectional row street", ["0.114", "0.844", "0.042"], B.row(1))
e.claim(e.line("q=it    : softmax([2,1,0])"), "bidirectional row it", ["0.665", "0.245", "0.090"], B.row(2))
L = e.line("（驗算 it 列")
e.claim(L, "exps and sum, it row", ["7.389", "2.718", "11.107"], [E ** 2, E, 1 + E + E ** 2])
e.claim(L, "it row weights", ["0.665", "0.245", "0.090"], B.row(2))
e.claim(L, "exps and sum, animal row", ["20.086", "23.804"], [E ** 3, 1 + E + E ** 3])
e.claim(L, "animal row weights", ["0.844", "0.114", "0.042"], B.row(0))
e.claim(e.line("仍分給 it 0.042"), "animal -> it, bidirectional", ["0.042"], [B[0, 2]])

# --- causal ---------------------------------------------------------------------------
e.given(e.line("遮罩的下三角（含對角線）為 0"), "mask values 0 / -inf")
e.given(e.line("q=animal（第 1 列"), "row 1")
e.given(e.line("遮罩後分數 [  3 ,  −∞ ,  −∞ ]"), "masked row 1")
e.claim(e.line("softmax    [ 1.000, 0.000, 0.000 ]"), "causal row animal", ["1.000", "0.000", "0.000"], C.row(0))
e.given(e.line("q=street（第 2 列"), "row 2")
e.given(e.line("遮罩後分數 [  1 ,   3 ,  −∞ ]"), "masked row 2")
e.claim(e.line("softmax    [ 0.119, 0.881, 0.000 ]"), "causal row street", ["0.119", "0.881", "0.000"], C.row(1))
e.given(e.line("q=it（第 3 列"), "row 3")
e.given(e.line("遮罩後分數 [  2 ,   1 ,   0 ]"), "masked row 3 (nothing masked)")
e.claim(e.line("softmax    [ 0.665, 0.245, 0.090 ]"), "causal row it", ["0.665", "0.245", "0.090"], C.row(2))
L = e.line("（驗算 street 列")
e.claim(L, "exps and sum, causal street row", ["2.718", "20.086", "22.804"], [E, E ** 3, E + E ** 3])
e.claim(L, "causal street weights", ["0.119", "0.881"], [C[1, 0], C[1, 1]])
e.claim(e.line("1. 因果權重矩陣是下三角"), "strict upper triangle weights", ["0"], [C[0, 1]])
e.claim(e.line("2. animal 那列縮成"), "causal animal row", ["1", "0", "0"], C.row(0))
L = e.line("3. it 那列完全不變")
e.claim(L, "causal it row", ["0.665", "0.245", "0.090"], C.row(2))
e.claim(L, "it -> animal, it -> street", ["0.665", "0.245"], [C[2, 0], C[2, 1]])

# --- numpy block ------------------------------------------------------------------------
e.given(e.line("k=1)"), "np.triu offset k=1 (strict upper triangle)")
e.given(e.line("scores = np.array([[3., 1., 0.],"), "scores row 1")
e.given(e.line("[1., 3., 0.],     # q=street"), "scores row 2")
e.given(e.line("[2., 1., 0.]])    # q=it"), "scores row 3")
e.given(e.line("axis=-1)"), "softmax over the last axis")
e.claim(e.line("# weights[2] -> [0.665, 0.245, 0.090]"), "printed it row", ["0.665", "0.245", "0.090"], C.row(2))

# --- 0 versus -inf ------------------------------------------------------------------------
e.given(e.line("## 為什麼要設 −∞，而不是設 0"), "heading: mask value 0 vs -inf")
e.given(e.line("錯設成分數 0"), "wrong mask value 0 gives scores [2, 1, 0]")
e.claim(e.line("softmax([2,1,0]) = [0.665, 0.245, **0.090**]"), "weights with mask value 0",
        ["0.665", "0.245", "0.090"], w0)
L = e.line("0.090 不是 0")
e.claim(L, "weight leaked to x", ["0.090", "9%"], [w0[2], w0[2]])
e.claim(L, "e^0", ["1"], [sp.exp(0)])
L = e.line("改設 −∞ 時")
e.given(L, "scores [2, 1, -inf]; e^-inf = 0")
e.claim(L, "exps and sum with -inf", ["7.389", "2.718", "10.107"], [E ** 2, E, E ** 2 + E])
e.claim(L, "weights with -inf", ["0.731", "0.269", "0.000"], [winf[0], winf[1], 0])
e.done()
