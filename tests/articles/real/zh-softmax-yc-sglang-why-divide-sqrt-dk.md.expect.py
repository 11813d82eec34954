# Expected verdicts for zh-softmax-yc-sglang-why-divide-sqrt-dk.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# A Chinese self-study note (SGLang learning path, author "yc") on why scores are divided by sqrt(d_k): standard
# deviations for several d_k, softmax saturation examples, the variance derivation and an unscaled/scaled comparison.
# Inputs: d_k = 64, 512, 4096; softmax inputs [1,2,3], [10,20,30], [50,100,150], [0.5,1.0,1.5]; the comparison uses
#   raw scores [50,100,150] with d_k = 512.
# Exact values:
#   sqrt(64) = 8, sqrt(512) = 22.6274 -> 22.6, sqrt(4096) = 64.
#   softmax([1,2,3]) = [0.090031, 0.244728, 0.665241] -> [0.09, 0.24, 0.67] ok.
#   softmax([10,20,30]) = [2.06e-9, 4.54e-5, 0.999955] -> [0.0000, 0.0000, 1.0000] ok.
#   softmax([50,100,150]) = [3.7e-44, 1.9e-22, 1 - 1.9e-22] -> "≈ [0, 0, 1]" ok.
#   softmax([0.5,1.0,1.5]) = [0.186324, 0.307196, 0.506480] -> [0.19, 0.31, 0.51].
#   [50,100,150] / sqrt(512) = [2.209709, 4.419417, 6.629126] -> [2.21, 4.42, 6.63].
#   softmax of those = [0.010734, 0.097821, 0.891445] -> [0.01, 0.10, 0.89].
# Wrong lines:
#   "softmax([0.5, 1.0, 1.5]) ≈ [0.18, 0.33, 0.49]": slip, right [0.19, 0.31, 0.51].
#   "点积值: [2.21, 4.42, 6.64]": drift, 150 / 22.6 = 6.637 -> 6.64 from the rounded sqrt, but 150 / sqrt(512) =
#     6.629 -> 6.63 (2.21 and 4.42 are right).
#   "softmax: [0.05, 0.25, 0.70]": slip, right [0.01, 0.10, 0.89] (the author's own [2.21, 4.42, 6.64] give
#     [0.01, 0.10, 0.89] too, so it is not carried).
# Ambiguous: "梯度: 接近0" is qualitative (no gradient value is computed).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["softmax", "scaling", "code-block"])
L = e.line


def sm(vals):
    return list(softmax_rows(M([vals])))


# softmax properties
ln = L("把一组数变成和为1的概率分布")
e.claim(ln, "softmax sums to 1", ["1"], [sum(sm(["1", "2", "3"]))])
e.given(ln, "output range [0, 1]")
e.given(L("其中 δ_ij 在 i=j 时为1，否则为0"), "Kronecker delta definition")

# growth of the dot product
ln = L("标准正态分布 N(0,1)")
e.given(ln, "components ~ N(0,1)")
e.claim(ln, "E[Q·K]", ["0"], [0])
e.claim(L("- d_k = 64: 点积的标准差约为8"), "sqrt(64)", ["64", "8"], [64, sp.sqrt(64)])
e.claim(L("- d_k = 512: 点积的标准差约为22.6"), "sqrt(512)", ["22.6"], [sp.sqrt(512)])
e.claim(L("- d_k = 4096: 点积的标准差约为64"), "sqrt(4096)", ["64"], [sp.sqrt(4096)])

# saturation examples
ln = L("- 输入: [1, 2, 3] → softmax:")
e.given(ln, "input [1, 2, 3]")
e.claim(ln, "softmax([1,2,3])", ["0.09", "0.24", "0.67"], sm(["1", "2", "3"]))
ln = L("- 输入: [10, 20, 30] → softmax:")
e.given(ln, "input [10, 20, 30]")
e.claim(ln, "softmax([10,20,30])", ["0.0000", "0.0000", "1.0000"], sm(["10", "20", "30"]))
ln = L("softmax([50, 100, 150]) ≈ [0, 0, 1]")
e.given(ln, "scores [50, 100, 150]")
p = sm(["50", "100", "150"])
for printed, val in zip(["0", "0", "1"], p):
    e.claim(ln, "softmax([50,100,150]) to the nearest integer", [printed], [val], rounded_int=True)
ln = L("softmax([0.5, 1.0, 1.5]) ≈ [0.18, 0.33, 0.49]")
e.given(ln, "scaled scores [0.5, 1.0, 1.5]")
e.claim(ln, "softmax([0.5,1.0,1.5])", ["0.18", "0.33", "0.49"], sm(["0.5", "1.0", "1.5"]), cause="slip")

# derivation
e.claim(L("- 期望: E[Q·K] = ΣE[Q_i * K_i] = Σ0 = 0"), "E[Q_i K_i] and E[Q·K]", ["0", "0"], [0, 0])
e.claim(L("- 方差: Var[Q·K] = ΣVar(Q_i * K_i) = Σ1 = d_k"), "Var(Q_i K_i) = E[Q_i^2] E[K_i^2]", ["1"], [1 * 1])
e.claim(L("- 期望: E[(Q·K)/√d_k] = 0"), "scaled mean", ["0"], [0])
e.claim(L("= Var(Q·K) / d_k = d_k / d_k = 1"), "scaled variance d_k / d_k", ["1"], [1])
e.claim(L("- 标准差: std[(Q·K)/√d_k] = 1"), "scaled std", ["1"], [sp.sqrt(1)])
e.claim(L("缩放后的点积标准差都是 1"), "scaled std restated", ["1"], [1])

# comparison
e.given(L("**不缩放（d_k=512）**:"), "d_k = 512")
e.given(L("点积值: [50, 100, 150]"), "raw scores [50, 100, 150]")
e.claim(L("softmax: [0.0000, 0.0000, 1.0000]  ← 饱和！"), "softmax of raw scores", ["0.0000", "0.0000", "1.0000"], p)
e.ambiguous(L("梯度: 接近0  ← 梯度消失！"), "qualitative 'close to 0'; no gradient value is computed")
e.claim(L("**缩放后（除以√512≈22.6）**:"), "sqrt(512)", ["512", "22.6"], [512, sp.sqrt(512)])
scaled = [R(v) / sp.sqrt(512) for v in (50, 100, 150)]
ln = L("点积值: [2.21, 4.42, 6.64]")
e.claim(ln, "50/sqrt(512), 100/sqrt(512)", ["2.21", "4.42"], scaled[:2])
e.claim(ln, "150/sqrt(512) (150/22.6 = 6.637 rounds to 6.64)", ["6.64"], [scaled[2]], cause="drift")
ln = L("softmax: [0.05, 0.25, 0.70]  ← 未饱和")
e.claim(ln, "softmax of the scaled scores", ["0.05", "0.25", "0.70"], list(softmax_rows(sp.Matrix([scaled]))),
        cause="slip")
e.claim(L("把点积的标准差拉回 1"), "std after scaling", ["1"], [1])
e.done()
