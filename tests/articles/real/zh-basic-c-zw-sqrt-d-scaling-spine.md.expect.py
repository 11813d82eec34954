# Expected verdicts for zh-basic-c-zw-sqrt-d-scaling-spine.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Traditional-Chinese book chapter on the 1/sqrt(d) scaling: one query (it) against three keys, raw scores
# [4, 2, 0], softmax with and without scaling, the weighted mix of V, and a d = 64 blow-up experiment.
# Inputs: raw scores q_it.k = [4, 2, 0] (restated from an earlier chapter), d = 4, V rows (1,0), (0,1), (1,1);
#   router analogy scores [4,2,0] and [400,200,0]; blown-up scores [8,4,0], [16,8,0]; d_model = 512, h = 8.
# Exact values: softmax[4,2,0] = [0.86681, 0.11731, 0.01588]; softmax[400,200,0] = [1, 1.4e-87, 1.9e-174];
#   softmax[8,4,0] = [0.98201, 0.01799, 0.00033]; softmax[16,8,0] = [0.9996646, 0.0003354, 0.0000001];
#   e^-8 = 0.000335463, e^-16 = 1.125e-7, 1 + e^-8 + e^-16 = 1.00033558;
#   sqrt 4 = 2, sqrt 64 = 8, sqrt 128 = 11.3137; e^2 = 7.38906, e = 2.71828, sum 11.10734;
#   softmax[2,1,0] = [0.66524, 0.24473, 0.09003]; output = A V = (0.75527, 0.33476); 512/8 = 64.
# Ambiguous: "和≈1.000335" is 1 + 0.000335 + 0.0000001 from the rounded terms (right as written) but the exact sum
#   1.00033558 rounds to 1.000336; the simulated variances "約 3.99" / "約 63.9" come from an unshown random run;
#   "整體乘了 8 倍" is right against the scaled [2, 1, 0] but [4, 2, 0] x 8 would be [32, 16, 0].
# No line is wrong.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["basic", "softmax", "scaling", "code-block"])
E = sp.E


def sm(*xs):
    return softmax_rows(sp.Matrix([list(xs)]))


raw = [4, 2, 0]
A = sm(2, 1, 0)
V = M([["1", "0"], ["0", "1"], ["1", "1"]])
O = A * V

# --- router analogy and blow-up ladder ------------------------------------------------
e.claim(e.line("softmax([4, 2, 0])    = [0.867, 0.117, 0.016]"), "softmax [4,2,0]", ["0.867", "0.117", "0.016"],
        sm(4, 2, 0))
e.claim(e.line("softmax([400, 200, 0]) = [1.000, 0.000, 0.000]"), "softmax [400,200,0]",
        ["1.000", "0.000", "0.000"], sm(400, 200, 0))
e.given(e.line("q_it · k_animal = 4"), "raw score (from an earlier chapter)")
e.given(e.line("q_it · k_street = 2"), "raw score")
e.given(e.line("q_it · k_it     = 0"), "raw score")
e.given(e.line("原始分數 [4, 2, 0]"), "raw scores restated")
L = e.line("放大兩倍 [8, 4, 0]")
e.claim(L, "2x and 4x of [4,2,0]", ["8", "4", "0", "16", "8", "0"], [8, 4, 0, 16, 8, 0])
e.claim(e.line("softmax([4,  2, 0]) = [0.867,"), "softmax [4,2,0]", ["0.867", "0.117", "0.016"], sm(4, 2, 0))
e.claim(e.line("softmax([8,  4, 0]) = [0.982,"), "softmax [8,4,0]", ["0.982", "0.018", "0.0003"], sm(8, 4, 0))
e.claim(e.line("softmax([16, 8, 0]) = [0.999665, 0.000335, 0.0000]   ← 等於"), "softmax [16,8,0]",
        ["0.999665", "0.000335", "0.0000"], sm(16, 8, 0))
L = e.line("（自己驗算 softmax([16,8,0])")
e.claim(L, "shifted exps", ["1", "0.000335", "0.0000001"], [1, sp.exp(-8), sp.exp(-16)])
e.ambiguous(L, "和≈1.000335 is 1 + 0.000335 + 0.0000001 from the rounded terms (right as written); "
               "the exact sum 1.00033558 rounds to 1.000336")
e._entry(L)["verdict"] = "ambiguous"  # the sum is undecidable; the shifted exps agree
L = e.line("animal=0.9997")
e.given(L, "[16, 8, 0] restated")
e.claim(L, "animal weight at [16,8,0]", ["0.9997"], [sm(16, 8, 0)[0]])

# --- variance argument ----------------------------------------------------------------
e.given(e.line("期望值 0、變異數 1"), "assumption: components i.i.d. with mean 0, variance 1")
L = e.line("= d × 1 = d")
e.claim(L, "sum of d unit variances", ["1"], [1])
e.given(e.line("d 個各自變異數 1 的項相加"), "annotation restating variance 1")
e.claim(e.line("d = 4   → 標準差 √4  = 2"), "sqrt 4", ["2"], [sp.sqrt(4)])
e.claim(e.line("d = 64  → 標準差 √64 = 8"), "sqrt 64", ["8"], [sp.sqrt(64)])
e.claim(e.line("d = 128 → 標準差 √128≈ 11.3"), "sqrt 128", ["11.3"], [sp.sqrt(128)])
e.ambiguous(e.line("變異數約 3.99"), "simulated variances 3.99 and 63.9 come from an unshown random run")
e.given(e.line("把變異數拉回 1"), "target variance 1")
e.claim(e.line("Var(q·k / √d) = Var(q·k) / (√d)² = d / d = 1"), "variance after scaling", ["1"], [1])

# --- spine calibration ----------------------------------------------------------------
L = e.line("例子的維度 **d = 4**")
e.claim(L, "sqrt d", ["2"], [sp.sqrt(4)])
e.given(L, "d = 4 and raw scores [4, 2, 0]")
e.given(e.line("原始分數          [4,   2,   0  ]"), "raw scores")
e.claim(e.line("÷ √d = ÷2     →   [2,   1,   0  ]"), "scaled scores", ["2", "1", "0"], [R(x, 2) for x in raw])
e.given(e.line("對縮放後的 [2, 1, 0] 做 softmax"), "scaled scores restated")
e.claim(e.line("e² = 7.389"), "e^2", ["7.389"], [E ** 2])
e.claim(e.line("e¹ = 2.718"), "e", ["2.718"], [E])
e.claim(e.line("e⁰ = 1.000"), "e^0", ["1.000"], [1])
e.claim(e.line("和 = 7.389 + 2.718 + 1.000 = 11.107"), "sum of exps", ["11.107"], [E ** 2 + E + 1])
e.claim(e.line("animal: 7.389 / 11.107 = 0.665"), "weight animal", ["0.665"], [A[0]])
e.claim(e.line("street: 2.718 / 11.107 = 0.245"), "weight street", ["0.245"], [A[1]])
e.claim(e.line("it    : 1.000 / 11.107 = 0.090"), "weight it", ["0.090"], [A[2]])
e.claim(e.line("縮放後權重 [0.665, 0.245, 0.090]"), "weights", ["0.665", "0.245", "0.090"], A)
e.claim(e.line("0.665 + 0.245 + 0.090 = 1.000"), "weights sum", ["1.000"], [sum(A)])
e.given(e.line("value 為 v_animal=(1,0)"), "value vectors")
e.given(e.line("輸出 = 0.665·(1,0) + 0.245·(0,1) + 0.090·(1,1)"), "weighted sum written out with printed weights")
e.claim(e.line("= (0.665, 0)  + (0, 0.245)  + (0.090, 0.090)"), "weighted terms",
        ["0.665", "0", "0.245", "0.090"], [A[0], 0, A[1], A[2]])
e.claim(e.line("= (0.665+0.090,  0.245+0.090)"), "components before adding",
        ["0.665", "0.090", "0.245"], [A[0], A[2], A[1]])
e.claim(e.line("     = (0.755, 0.335)"), "output", ["0.755", "0.335"], O)
e.claim(e.line("縮放後輸出 ≈ (0.755, 0.335)"), "output restated", ["0.755", "0.335"], O)
L = e.line("之後各章都沿用這組權重")
e.claim(L, "canonical weights and output", ["0.665", "0.245", "0.090", "0.755", "0.335"], list(A) + list(O))
e.claim(L, "unscaled weights", ["0.867", "0.117", "0.016"], sm(4, 2, 0))
e.claim(e.line("未縮放 [4,2,0]   0.867"), "table: unscaled", ["0.867", "0.117", "0.016"], sm(4, 2, 0))
e.claim(e.line("縮放   [2,1,0]   0.665"), "table: scaled", ["0.665", "0.245", "0.090"], A)

# --- d = 64 ---------------------------------------------------------------------------
e.given(e.line("## 放大到 d=64"), "heading d = 64")
e.given(e.line("d=4 太小"), "d = 4")
L = e.line("d_k = d_model/h = 512/8 = 64")
e.claim(L, "d_k and sqrt", ["64", "8"], [R(512, 8), sp.sqrt(64)])
L = e.line("做個放大實驗")
e.given(L, "assumed blown-up scores [16, 8, 0], shape 4:2:0, sqrt(d_k) = 8")
e.ambiguous(L, "'整體乘了 8 倍' holds against the scaled [2, 1, 0]; the raw [4, 2, 0] times 8 would be [32, 16, 0]")
e._entry(L)["verdict"] = "ambiguous"  # the factor's base is not determined
e.claim(e.line("不除 √d_k：softmax([16, 8, 0])"), "softmax [16,8,0]", ["0.999665", "0.000335", "0.0000"],
        sm(16, 8, 0))
e.given(e.line("→ softmax 飽和、梯度 ≈ 0"), "gradient ~ 0 (qualitative)")
e.claim(e.line("除以 √d_k = 8：[16,8,0] / 8 = [2, 1, 0]"), "[16,8,0] / 8", ["2", "1", "0"], [2, 1, 0])
e.claim(e.line("softmax([2, 1, 0]) = [0.665, 0.245, 0.090]"), "softmax [2,1,0]", ["0.665", "0.245", "0.090"], A)
e.claim(e.line("除以 √d_k = 8 就回到"), "weights after scaling", ["0.665", "0.245", "0.090"], A)
e.done()
