# Expected verdicts for zh-softmax-davidlitj-tutorial-stability-temperature.md, computed with plain SymPy (see
# oracle.py); not symattn's code.
# Inputs: scores [2.0, 1.0, 0.1]; the image scores [3.5, 2.1, 0.8]; [1000, 1001, 1002] for the overflow demo;
# [1.0, 2.0, 3.0] for exercise 1; temperatures 0.5, 1.0, 2.0 on [2.0, 1.0, 0.1].  The "# 输出:" comments are
# hand-written (numpy would print more digits), so each is read at its printed decimals.
# Wrong lines:
#  - "# 输出: 11.212": e^2 + e + e^0.1 = 11.212509 -> 11.213; 11.212 is the sum of the rounded 7.389 + 2.718 + 1.105
#    (drift).
#  - softmax([3.5, 2.1, 0.8]) = [0.7611, 0.1877, 0.0512] -> [0.76, 0.19, 0.05]; the printed [0.72, 0.21, 0.07] is a
#    slip, and the "72% / 21% / 7%" reading on the next line carries it.
# Everything else is right: [0.659, 0.242, 0.099], the percentages, exp(1000) ~ 10^434 (10^434.29), the stable
# [0.0900, 0.2447, 0.6652] -> [0.09, 0.24, 0.67], exercise 1 (30.193; 0.090, 0.245, 0.665), temperatures
# T=0.5 [0.8638, 0.1169, 0.0193], T=1 [0.6590, 0.2424, 0.0986], T=2 [0.5017, 0.3043, 0.1940].
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["softmax", "temperature", "numerical-stability", "code-comments"])
L = e.line
E = sp.exp


def sm(xs):
    return list(softmax_rows(sp.Matrix([xs])))


x = [R(2), R(1), R(1, 10)]
for needle in ("- A: 2.0 分", "- B: 1.0 分", "- C: 0.1 分"):
    e.given(L(needle), "score")
e.given(L("**输入**: [2.0, 1.0, 0.1]"), "input scores")
e.given(L("x = np.array([2.0, 1.0, 0.1])"), "input scores (code)")
ex = [E(t) for t in x]
e.claim(L("# 输出: [7.389, 2.718, 1.105]"), "exp(x)", ["7.389", "2.718", "1.105"], ex)
e.claim(L("# 输出: 11.212"), "sum of exp (11.2125 exactly; 11.212 from rounded terms)", ["11.212"], [sum(ex)],
        cause="drift")
p = sm(x)
e.claim(L("# 输出: [0.659, 0.242, 0.099]"), "softmax([2, 1, 0.1])", ["0.659", "0.242", "0.099"], p)
e.claim(L("# 输出: 1.0 ✓ 正确！"), "sum of probabilities", ["1.0"], [sum(p)])
e.claim(L("- 选项 A: 65.9%"), "p_A", ["65.9%"], [p[0]])
e.claim(L("- 选项 B: 24.2%"), "p_B", ["24.2%"], [p[1]])
e.claim(L("- 选项 C: 9.9%"), "p_C", ["9.9%"], [p[2]])

for needle in ('"猫": 3.5,', '"狗": 2.1,', '"鸟": 0.8'):
    e.given(L(needle), "image score")
e.given(L("probs = softmax([3.5, 2.1, 0.8])"), "image scores restated")
q = sm([R(35, 10), R(21, 10), R(8, 10)])
e.claim(L("# 结果: [0.72, 0.21, 0.07]"), "softmax([3.5, 2.1, 0.8])", ["0.72", "0.21", "0.07"], q)
e.claim(L("# 意思是：72% 是猫"), "percent reading of the same probabilities", ["72%", "21%", "7%"], q, cause="carried")

e.given(L("x = np.array([1000, 1001, 1002])"), "large scores")
e.ambiguous(L("# 输出: [nan nan nan]"), "overflow output of float64 exp, not a value of the inputs")
ln = L("# 原因：exp(1000) ≈ 10^434")
e.claim(ln, "log10 e^1000", ["434"], [1000 / sp.log(10)], rounded_int=True)
big = sm([1000, 1001, 1002])
e.given(L("x = np.array([1000, 1001, 1002])", 2), "large scores (safe version)")
e.claim(L("# 输出: [0.09, 0.24, 0.67]"), "safe softmax([1000, 1001, 1002])", ["0.09", "0.24", "0.67"], big)

e.given(L("输入 `[1.0, 2.0, 3.0]`"), "exercise 1 input")
y = [1, 2, 3]
ey = [E(t) for t in y]
e.claim(L("exp(1.0) = 2.718"), "e^1", ["2.718"], [ey[0]])
e.claim(L("exp(2.0) = 7.389"), "e^2", ["7.389"], [ey[1]])
e.claim(L("exp(3.0) = 20.086"), "e^3", ["20.086"], [ey[2]])
e.claim(L("sum = 2.718 + 7.389 + 20.086 = 30.193"), "terms and sum", ["2.718", "7.389", "20.086", "30.193"],
        ey + [sum(ey)])
py = sm(y)
for i, ln_txt in enumerate(("P(0) = 2.718 / 30.193 = 0.090", "P(1) = 7.389 / 30.193 = 0.245",
                            "P(2) = 20.086 / 30.193 = 0.665")):
    vals = ln_txt.replace("=", "/").split("/")
    num, den, res = vals[1].strip(), vals[2].strip(), vals[3].strip()
    e.claim(L(ln_txt), f"P({i})", [num, den, res], [ey[i], sum(ey), py[i]])

e.given(L("x = np.array([2.0, 1.0, 0.1])", 2), "exercise 2 input")
e.claim(L("# 应该输出: [0.659, 0.242, 0.099]"), "softmax([2, 1, 0.1])", ["0.659", "0.242", "0.099"], p)
for needle in ("[2.0, 1.0, 0.1, -1.0],", "[3.0, 2.0, 1.0, 0.0],", "[1.0, 1.0, 1.0, 1.0]"):
    e.given(L(needle), "batch row")
e.claim(L("# 输出: [1. 1. 1.]"), "row sums (numpy prints 1.)", ["1", "1", "1"], [1, 1, 1], rounded_int=True)

e.given(L("x = np.array([2.0, 1.0, 0.1])", 3), "temperature input")
for T, needle, printed in ((R(1, 2), "# 输出: [0.86, 0.12, 0.02]", ["0.86", "0.12", "0.02"]),
                           (1, "# 输出: [0.66, 0.24, 0.10]", ["0.66", "0.24", "0.10"]),
                           (2, "# 输出: [0.50, 0.30, 0.19]", ["0.50", "0.30", "0.19"])):
    e.claim(L(needle), f"softmax(x / {T})", printed, sm([t / T for t in x]))
for needle in ('softmax_with_temperature(x, 0.5))', 'softmax_with_temperature(x, 1.0))', 'softmax_with_temperature(x, 2.0))'):
    e.given(L(needle), "temperature")
e.done()
