# Expected verdicts for ja-temperature-edom18-softmax-nanochat.md, computed with plain SymPy (see oracle.py); not
# symattn's code.
# The note prints its "torch outputs" as comments; they are judged as printed 4-place values.
# - softmax([-2, 0, 3]) = [0.006377, 0.047123, 0.946499]: 0.006 and 0.047 ok, but 0.946499 rounds to 0.946; the
#   printed 0.947 (0.9465 rounded twice) -> wrong.  exp = [0.135, 1, 20.086]: ok.
# - softmax([1, 2, 3]) = [0.090031, 0.244728, 0.665241]; the hand calculation (e = 2.718, 7.389, 20.086, sum 30.193)
#   is right throughout, and so are log-softmax [-2.4076, -1.4076, -0.4076] and the shifted logits [-2, -1, 0].
# - softmax([1, 2, 10]) = [0.000123, 0.000335, 0.999541]: printed [0.0001, 0.0002, 0.9997] -> wrong (0.0003, 0.9995).
# - Temperature: T = 0.5 gives softmax([2, 4, 6]) = [0.015876, 0.117310, 0.866813]; the printed 0.0158 is 0.0159 ->
#   wrong.  T = 2: [0.1863, 0.3072, 0.5065] ok.  T = 0.1: softmax([10, 20, 30]) = [2.1e-9, 0.0000454, 0.9999546] ->
#   [0.0000, 0.0000, 1.0000]; printed [0.0000, 0.0047, 0.9953] -> wrong.  T = 0.01 prints [0, 0, 1]: ok.
# - Gradient of probs[0]: [p0(1-p0), -p0 p1, -p0 p2] = [0.081925, -0.022033, -0.059892]; printed -0.0598 is -0.0599
#   -> wrong.
# - The "Paris" figure elides part of the vocabulary ("..."), so its probabilities cannot be derived -> ambiguous.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ja", topics=["temperature", "softmax", "backward", "log-softmax"])
ex = sp.exp


def sm(v):
    return list(softmax_rows(M([v])).row(0))


p123 = sm([1, 2, 3])
P = ["0.0900", "0.2447", "0.6652"]

e.given(e.line("入力（logits）: [-2, 0, 3]"), "logits")
e.claim(e.line("[0.135, 1.0, 20.086]"), "exp([-2, 0, 3])", ["0.135", "1.0", "20.086"], [ex(-2), 1, ex(3)])
e.claim(e.line("出力（確率）: [0.006, 0.047, 0.947]"), "softmax([-2, 0, 3])", ["0.006", "0.047", "0.947"], sm([-2, 0, 3]))

e.given(e.line("logits = torch.tensor([1.0, 2.0, 3.0])"), "logits [1, 2, 3]")
e.claim(e.line("# tensor([0.0900, 0.2447, 0.6652])"), "softmax([1, 2, 3])", P, p123)
e.claim(e.line("# tensor(1.0000)"), "sum", "1.0000", 1)
e.given(e.line("logits = [1.0, 2.0, 3.0]"), "logits")
e.claim(e.line("exp(1.0) = 2.718"), "e", "2.718", ex(1))
e.claim(e.line("exp(2.0) = 7.389"), "e^2", "7.389", ex(2))
e.claim(e.line("exp(3.0) = 20.086"), "e^3", "20.086", ex(3))
S = ex(1) + ex(2) + ex(3)
e.claim(e.line("合計 = 30.193"), "sum of exponentials", "30.193", S)
for k, (num, val) in enumerate((("2.718", ex(1)), ("7.389", ex(2)), ("20.086", ex(3)))):
    L = e.line(f"probs[{k}] = {num} / 30.193")
    e.claim(L, f"probs[{k}]", [num, "30.193", P[k]], [val, S, p123[k]])

e.claim(e.line("logits = [1, 2, 3]    → probs"), "softmax([1, 2, 3]) at 2 places", ["0.09", "0.24", "0.67"], p123)
e.claim(e.line("logits = [1, 2, 10]   → probs"), "softmax([1, 2, 10])", ["0.0001", "0.0002", "0.9997"], sm([1, 2, 10]))

for lab in ('logits: [2.1  ("Paris"),', '0.5  ("London"),', '-1.3 ("Berlin"),', '-5.2 ("Tokyo")]'):
    e.given(e.line(lab), "logit of the figure")
for lab in ('probs:  [0.72 ("Paris"),', '0.15 ("London"),', '0.02 ("Berlin"),', '0.0001 ("Tokyo")]'):
    e.ambiguous(e.line(lab), "the figure elides the rest of the vocabulary ('...'), so these probabilities are not derivable")

e.given(e.line("logits = torch.tensor([1000.0, 1001.0, 1002.0])"), "large logits")
e.claim(e.line("# tensor([-2., -1.,  0.])"), "logits minus max", ["-2", "-1", "0"], [-2, -1, 0])
e.claim(e.line("# tensor([0.0900, 0.2447, 0.6652])  ← 正しく"), "softmax of the shifted logits", P, p123)

e.claim(e.line("# tensor([0.0900, 0.2447, 0.6652])", 3), "softmax([1, 2, 3] / 1)", P, p123)
e.claim(e.line("# tensor([0.0158, 0.1173, 0.8668])"), "softmax([1, 2, 3] / 0.5)", ["0.0158", "0.1173", "0.8668"],
        sm([2, 4, 6]))
e.claim(e.line("# tensor([0.1863, 0.3072, 0.5065])"), "softmax([1, 2, 3] / 2)", ["0.1863", "0.3072", "0.5065"],
        sm([R(1, 2), 1, R(3, 2)]))

p0, p1, p2 = p123
e.claim(e.line("# tensor([0.0819, -0.0220, -0.0598])"), "d probs[0] / d logits",
        ["0.0819", "-0.0220", "-0.0598"], [p0 * (1 - p0), -p0 * p1, -p0 * p2])

e.claim(e.line("# T=1.0: tensor([0.0900, 0.2447, 0.6652])"), "softmax at T = 1", P, p123)
e.claim(e.line("# T=0.1: tensor([0.0000, 0.0047, 0.9953])"), "softmax at T = 0.1", ["0.0000", "0.0047", "0.9953"],
        sm([10, 20, 30]))
e.claim(e.line("# T=0.01: tensor([0.0000, 0.0000, 1.0000])"), "softmax at T = 0.01", ["0.0000", "0.0000", "1.0000"],
        sm([100, 200, 300]))

logp = [sp.log(v) for v in p123]
for k in (1, 2):
    e.claim(e.line("# tensor([-2.4076, -1.4076, -0.4076])", k), f"log softmax ({k})", ["-2.4076", "-1.4076", "-0.4076"],
            logp)

rows = [["0.7", "0.2", "0.1"], ["0.3", "0.6", "0.1"], ["0.2", "0.3", "0.5"]]
for lab in ("[[0.7, 0.2, 0.1],", "[0.3, 0.6, 0.1],", "[0.2, 0.3, 0.5]]"):
    e.given(e.line(lab), "illustrative attention row (and its diagonal as a percentage)")
e.claim(e.line("各行の合計 = 1.0"), "row sums", "1.0", sum(R(x) for x in rows[0]))
assert all(sum(R(x) for x in r) == 1 for r in rows)
e.done()
