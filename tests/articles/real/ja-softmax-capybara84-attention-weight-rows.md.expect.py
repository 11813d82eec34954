# Expected verdicts for ja-softmax-capybara84-attention-weight-rows.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Every softmax is recomputed exactly from the printed score rows:
#   [2, 1, 0.1] -> [0.6590, 0.2424, 0.0986]; [3, 1, 0] -> [0.8438, 0.1142, 0.0420]; [2, -1, 0.5] -> [0.7856, 0.0391,
#   0.1753]; [2, 1, 0] -> [0.6652, 0.2447, 0.0900]; [1, 0, 0] -> [0.5761, 0.2119, 0.2119]; [5, 0, 0] -> [0.9867, 0.0066,
#   0.0066]; [2, 5, 1] -> [0.0466, 0.9362, 0.0171]; [0.5, 1.5, 0] -> [0.2312, 0.6285, 0.1402]; [1, 1, 2] -> [0.2119,
#   0.2119, 0.5761]; [20, 1, 0] -> [1.0000, 0.0000, 0.0000]; [1000, 1001, 1002] = softmax([-2, -1, 0]).
# exp values e^1 = 2.718, e^2 = 7.389, e^-1 = 0.368, e^3 = 20.086; their sum 11.107 and the three quotients; the row sums
# of the rounded weights (1.000) add the printed three-decimal values exactly.  argmax([2, 5, 1]) = 1, sqrt(64) = 8,
# [3, 1, 0] / 4 = [0.75, 0.25, 0.0].  No wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="ja", topics=["softmax", "basic"])
L = e.line


def sm(*xs):
    xs = [sp.nsimplify(x) for x in xs]
    den = sum(sp.exp(x) for x in xs)
    return [sp.exp(x) / den for x in xs]


a = sm("2.0", "1.0", "0.1")
e.given(L("[2.0, 1.0, 0.1]", 1), "scores")
e.claim(L("[0.659, 0.242, 0.099]", 1), "softmax([2, 1, 0.1])", ["0.659", "0.242", "0.099"], a)
e.claim(L("0.659 + 0.242 + 0.099 = 1.000"), "sum of the rounded weights", ["0.659", "0.242", "0.099", "1.000"],
        [a[0], a[1], a[2], R("0.659") + R("0.242") + R("0.099")])
e.given(L("[2.0, 1.0, 0.1]", 2), "scores again")
e.claim(L("[0.659, 0.242, 0.099]", 2), "softmax([2, 1, 0.1]) again", ["0.659", "0.242", "0.099"], a)

b = sm(3, 1, 0)
e.given(L("scores = [3.0, 1.0, 0.0]", 1), "scores")
e.claim(L("3.0 + 1.0 + 0.0 = 4.0"), "sum of scores", "4.0", 4)
e.given(L("scores = [2.0, -1.0, 0.5]", 1), "negative scores")
e.claim(L("weights = [0.844, 0.114, 0.042]"), "softmax([3, 1, 0])", ["0.844", "0.114", "0.042"], b)
e.claim(L("0.844 + 0.114 + 0.042 = 1.000"), "sum", ["0.844", "0.114", "0.042", "1.000"],
        [b[0], b[1], b[2], R("0.844") + R("0.114") + R("0.042")])
e.claim(L("3.0 → 0.844"), "weight of 3.0", "0.844", b[0])
e.claim(L("1.0 → 0.114"), "weight of 1.0", "0.114", b[1])
e.claim(L("0.0 → 0.042"), "weight of 0.0", "0.042", b[2])
e.claim(L("[3.0, 1.0, 0.0] / 4.0 = [0.75, 0.25, 0.0]"), "division by the sum", ["0.75", "0.25", "0.0"],
        [R(3, 4), R(1, 4), 0])
e.given(L("scores = [2.0, -1.0, 0.5]", 2), "scores")
e.claim(L("softmax(scores) = [0.786, 0.039, 0.175]"), "softmax([2, -1, 0.5])", ["0.786", "0.039", "0.175"],
        sm("2.0", "-1.0", "0.5"))

e.claim(L("exp(1) = 2.718", 1), "e", "2.718", sp.E)
e.claim(L("exp(2) = 7.389", 1), "e^2", "7.389", sp.exp(2))
e.claim(L("exp(-1) = 0.368"), "e^-1", "0.368", sp.exp(-1))
e.given(L("x = [2.0, 1.0, 0.0]"), "input")
e.claim(L("exp(2.0) = 7.389"), "e^2", "7.389", sp.exp(2))
e.claim(L("exp(1.0) = 2.718"), "e", "2.718", sp.E)
e.claim(L("exp(0.0) = 1.000"), "e^0", "1.000", 1)
e.claim(L("7.389 + 2.718 + 1.000 = 11.107"), "sum of exps", "11.107", sp.exp(2) + sp.E + 1)
c = sm(2, 1, 0)
e.claim(L("7.389 / 11.107 = 0.665"), "first weight", "0.665", c[0])
e.claim(L("2.718 / 11.107 = 0.245"), "second weight", "0.245", c[1])
e.claim(L("1.000 / 11.107 = 0.090"), "third weight", "0.090", c[2])
e.claim(L("softmax([2.0, 1.0, 0.0]) = [0.665, 0.245, 0.090]", 1), "softmax([2, 1, 0])",
        ["0.665", "0.245", "0.090"], c)

e.claim(L("exp(0) = 1.000"), "e^0", "1.000", 1)
e.claim(L("exp(1) = 2.718", 2), "e", "2.718", sp.E)
e.claim(L("exp(2) = 7.389", 2), "e^2", "7.389", sp.exp(2))
e.claim(L("exp(3) = 20.086"), "e^3", "20.086", sp.exp(3))
e.given(L("scores = [1.0, 0.0, 0.0]"), "scores")
e.claim(L("[0.576, 0.212, 0.212]"), "softmax([1, 0, 0])", ["0.576", "0.212", "0.212"], sm(1, 0, 0))
e.given(L("scores = [5.0, 0.0, 0.0]"), "scores")
e.claim(L("[0.987, 0.007, 0.007]"), "softmax([5, 0, 0])", ["0.987", "0.007", "0.007"], sm(5, 0, 0))

e.given(L("scores = [2.0, 5.0, 1.0]"), "scores")
e.claim(L("argmax(scores) = 1"), "argmax (0-based)", "1", 1)
e.claim(L("softmax([2.0, 5.0, 1.0]) = [0.047, 0.936, 0.017]"), "softmax([2, 5, 1])", ["0.047", "0.936", "0.017"],
        sm(2, 5, 1))
e.given(L("[0.6, 0.3, 0.1]"), "example weights")
e.claim(L("1番目のトークンを60%"), "60 %", "60%", R("0.6"))
e.claim(L("2番目のトークンを30%"), "30 %", "30%", R("0.3"))
e.claim(L("3番目のトークンを10%"), "10 %", "10%", R("0.1"))

e.given(L("  [2.0, 1.0, 0.0],", 1), "score row 1")
e.given(L("  [0.5, 1.5, 0.0],", 1), "score row 2")
e.given(L("  [1.0, 1.0, 2.0]", 1), "score row 3")
e.claim(L("softmax([2.0, 1.0, 0.0]) = [0.665, 0.245, 0.090]", 2), "row 1 softmax", ["0.665", "0.245", "0.090"], c)
e.claim(L("1番目を見る重み: 0.665"), "weight 1", "0.665", c[0])
e.claim(L("2番目を見る重み: 0.245"), "weight 2", "0.245", c[1])
e.claim(L("3番目を見る重み: 0.090"), "weight 3", "0.090", c[2])
r2, r3 = sm("0.5", "1.5", 0), sm(1, 1, 2)
e.claim(L("  [0.665, 0.245, 0.090],"), "weights row 1", ["0.665", "0.245", "0.090"], c)
e.claim(L("  [0.231, 0.629, 0.140],"), "weights row 2", ["0.231", "0.629", "0.140"], r2)
e.claim(L("  [0.212, 0.212, 0.576]"), "weights row 3", ["0.212", "0.212", "0.576"], r3)
e.claim(L("1行目: 0.665 + 0.245 + 0.090 = 1.000"), "row 1 sum", "1.000", R("0.665") + R("0.245") + R("0.090"))
e.claim(L("2行目: 0.231 + 0.629 + 0.140 = 1.000"), "row 2 sum", "1.000", R("0.231") + R("0.629") + R("0.140"))
e.claim(L("3行目: 0.212 + 0.212 + 0.576 = 1.000"), "row 3 sum", "1.000", R("0.212") + R("0.212") + R("0.576"))

e.given(L("scores = [20.0, 1.0, 0.0]"), "large scores")
e.claim(L("softmax(scores) ≒ [1.0, 0.0, 0.0]"), "softmax([20, 1, 0])", ["1.0", "0.0", "0.0"], sm(20, 1, 0))
e.claim(L("sqrt(d_k) = sqrt(64) = 8"), "sqrt(64)", "8", sp.sqrt(64))
e.claim(L("QK^T / 8"), "divisor", "8", sp.sqrt(64))

e.given(L("x = [1000.0, 1001.0, 1002.0]", 1), "large input")
e.claim(L("max(x) = 1002.0"), "max", "1002.0", 1002)
e.claim(L("x - max(x) = [-2.0, -1.0, 0.0]"), "shifted", ["-2.0", "-1.0", "0.0"], [-2, -1, 0])
big = sm(-2, -1, 0)
e.claim(L("tensor([0.0900, 0.2447, 0.6652])", 1), "softmax([1000, 1001, 1002])", ["0.0900", "0.2447", "0.6652"], big)
e.claim(L("tensor([0.0900, 0.2447, 0.6652])", 2), "torch.softmax, same", ["0.0900", "0.2447", "0.6652"], big)
e.claim(L("tensor([0.6652, 0.2447, 0.0900])", 1), "torch.softmax([2, 1, 0])", ["0.6652", "0.2447", "0.0900"], c)
e.claim(L("tensor([[0.6652, 0.2447, 0.0900],"), "torch row 1", ["0.6652", "0.2447", "0.0900"], c)
e.claim(L("        [0.2312, 0.6285, 0.1402],"), "torch row 2", ["0.2312", "0.6285", "0.1402"], r2)
e.claim(L("        [0.2119, 0.2119, 0.5761]])"), "torch row 3", ["0.2119", "0.2119", "0.5761"], r3)
e.claim(L("tensor([1.0000, 1.0000, 1.0000])"), "row sums", ["1.0000", "1.0000", "1.0000"],
        [sum(c), sum(r2), sum(r3)])
e.claim(L("1行目: [2.0, 1.0, 0.0] → [0.6652, 0.2447, 0.0900]"), "row 1", ["0.6652", "0.2447", "0.0900"], c)
e.claim(L("2行目: [0.5, 1.5, 0.0] → [0.2312, 0.6285, 0.1402]"), "row 2", ["0.2312", "0.6285", "0.1402"], r2)
e.claim(L("3行目: [1.0, 1.0, 2.0] → [0.2119, 0.2119, 0.5761]"), "row 3", ["0.2119", "0.2119", "0.5761"], r3)
e.given(L("scores = [2.0, 1.0, 0.0]", 1), "summary scores")
e.claim(L("softmax(scores) = [0.665, 0.245, 0.090]"), "summary softmax", ["0.665", "0.245", "0.090"], c)
e.done()
