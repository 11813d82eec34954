# Expected verdicts for zh-flash-pearbiossom-online-softmax-stream.md, computed with plain SymPy (see oracle.py); not
# symattn's code.
# Memory estimate: 32 × 8 × 2048 × 2048 = 2^30 elements ("1GB" elements, binary G), × 2 bytes = 2 GiB, and at N = 8192
# 16 times that, 32 GiB: all right in binary units (the decimal readings 1.07 / 2.15 / 34.4 GB round to 1 and 2 but
# not to 32; a size right under one reading is right).
# Online softmax of the scores [3, 1, 2]: running max 3 throughout; running sums 1, 1 + e^-2 = 1.1353 (1.135),
# 1 + e^-2 + e^-1 = 1.5032 (1.503); coefficients e^-2 = 0.1353 (0.135), e^-1 = 0.3679 (0.368); final weights
# [0.6652, 0.0900, 0.2447] -> [0.665, 0.090, 0.245].  Every printed number is right: no wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["flash-attention", "online-softmax", "softmax", "memory"])
ex = sp.exp


def sizes(count, unit="G"):
    return [("decimal " + unit, sp.Integer(count) / 10**9), ("binary " + unit, sp.Integer(count) / 2**30)]


e.given(e.line("- 假设序列长度 N = 2048"), "N = 2048")
e.given(e.line("- Batch size = 32，8 个 attention heads"), "batch 32, 8 heads")
elems = 32 * 8 * 2048 * 2048
number_claim(e, e.line("32 × 8 × 2048 × 2048 = 1GB"), "elements of S (in G)", "1", sizes(elems))
number_claim(e, e.line("`1GB × 2 bytes = 2GB`"), "bytes of S in FP16 (GB)", "2", sizes(2 * elems))
number_claim(e, e.line("这个数字会变成 **32GB**"), "bytes of S at N = 8192 (GB)", "32",
             sizes(2 * 32 * 8 * 8192 * 8192))

s = [3, 1, 2]
den = ex(0) + ex(-2) + ex(-1)
w = [ex(x - 3) / den for x in s]
e.given(e.line("计算 softmax([3, 1, 2]):"), "scores")
e.claim(e.line("先扫描一遍找最大值: max = 3"), "max", "3", 3)
L = e.line("2. 计算分母: sum = exp(3-3)")
e.claim(L, "exp(0), e^-2, e^-1", ["1", "0.135", "0.368"], [1, ex(-2), ex(-1)])
e.claim(L, "sum of shifted exponentials", "1.503", den)
L = e.line("3. 计算每个位置的权重")
e.claim(L, "denominator restated", "1.503", den)
e.claim(L, "softmax([3, 1, 2])", ["0.665", "0.090", "0.245"], w)

e.given(e.line("数据流: 3 → 1 → 2"), "stream")
L0 = e.line("看到 3:")
e.claim(L0 + 1, "m after 3", "3", 3)
e.claim(L0 + 2, "l after 3", "1", 1)
e.claim(L0 + 4, "state after 3", ["3", "1"], [3, 1])
L1 = e.line("看到 1:")
e.claim(L1 + 1, "m after 1", "3", 3)
e.claim(L1 + 2, "l after 1", "1.135", 1 + ex(-2))
e.claim(L1 + 3, "coefficient of V_2", "0.135", ex(-2))
e.claim(L1 + 4, "state after 1", ["3", "1.135", "0.135"], [3, 1 + ex(-2), ex(-2)])
L2 = e.line("看到 2:")
e.claim(L2 + 1, "m after 2", "3", 3)
e.claim(L2 + 2, "l after 2", "1.503", den)
e.claim(L2 + 3, "coefficients of V_2, V_3", ["0.135", "0.368"], [ex(-2), ex(-1)])
e.claim(L2 + 4, "state after 2", ["3", "1.503", "0.135", "0.368"], [3, den, ex(-2), ex(-1)])
Lf = e.line("最终归一化: output = o_old / l_old")
e.claim(Lf, "unnormalised coefficients and l", ["0.135", "0.368", "1.503"], [ex(-2), ex(-1), den])
e.claim(Lf + 1, "normalised weights", ["0.665", "0.090", "0.245"], w)
e.claim(e.line("权重 = softmax([3,1,2]) = [0.665, 0.090, 0.245]"), "softmax([3, 1, 2])", ["0.665", "0.090", "0.245"], w)
e.claim(e.line("输出 = 0.665 × V_1 + 0.090 × V_2 + 0.245 × V_3"), "output weights", ["0.665", "0.090", "0.245"], w)
e.done()
