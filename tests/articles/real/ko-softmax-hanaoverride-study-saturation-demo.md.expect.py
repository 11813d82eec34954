# Expected verdicts for ko-softmax-hanaoverride-study-saturation-demo.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: vec_a = [3, 0], vec_b = [3, 3], vec_c = [0, 4], vec_d = [-2, 2]; score vectors [10, 8, 12, 9], [1.0, 0.8, 1.2, 0.9],
# [2.0, 1.0, 3.0, 0.5]; sequence lengths 128 ... 2048.
# Dot products in the comments (9, 0, -4) are right.
# Scaling experiment: the raw dot products come from unprinted random draws (given); each "스케일링 후" value is checked as
# the printed raw value / sqrt(d): -3.25/8 = -0.406, 3.10/sqrt128 = 0.274, 11.50/16 = 0.719, -22.82/sqrt512 = -1.009,
# -3.16/32 = -0.099 -> all agree at 2 places.
# Softmax comments (all three wrong, slips -- not even consistent with one another):
#   softmax([10, 8, 12, 9])       = [0.1125, 0.0152, 0.8310, 0.0414], printed [0.018, 0.002, 0.974, 0.007]
#   softmax([1.0, 0.8, 1.2, 0.9]) = [0.2535, 0.2075, 0.3096, 0.2294], printed [0.274, 0.221, 0.331, 0.174]
#   softmax([2.0, 1.0, 3.0, 0.5]) = [0.2321, 0.0854, 0.6308, 0.0518], printed [0.26, 0.10, 0.71, 0.06] (sums to 1.13)
# The plain normalisation [2, 1, 3, 0.5] / 6.5 = [0.31, 0.15, 0.46, 0.08] is right; the n^2 table (16,384 ... 4,194,304) is right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="ko", topics=["softmax", "scaling", "dot-product", "complexity"])
L = e.line


def softmax(v):
    ex = [sp.exp(x) for x in v]
    s = sum(ex)
    return [x / s for x in ex]


a, b, c, d = [3, 0], [3, 3], [0, 4], [-2, 2]
dot = lambda u, v: sum(x * y for x, y in zip(u, v))
e.given(L("vec_a = np.array([3, 0])"), "vec_a")
e.given(L("vec_b = np.array([3, 3])"), "vec_b")
e.given(L("vec_c = np.array([0, 4])"), "vec_c")
e.given(L("vec_d = np.array([-2, 2])"), "vec_d")
e.claim(L("dot_ab = np.dot(vec_a, vec_b)"), "A.B", ["9"], [dot(a, b)])
e.claim(L("dot_ac = np.dot(vec_a, vec_c)"), "A.C", ["0"], [dot(a, c)])
e.claim(L("dot_ad = np.dot(vec_a, vec_d)"), "A.D", ["-4"], [dot(a, d)])

# scaling experiment
e.given(L("dimensions = [64, 128, 256, 512, 1024]"), "dimensions")
for dim, raw, scaled in [(64, "-3.25", "-0.41"), (128, "3.10", "0.27"), (256, "11.50", "0.72"),
                         (512, "-22.82", "-1.01"), (1024, "-3.16", "-0.10")]:
    ln = L(f"차원 {dim}: 원본={raw}")
    e.given(ln, f"raw dot product for d = {dim} (unprinted random vectors)")
    e.claim(ln, f"raw / sqrt({dim})", [scaled], [R(raw) / sp.sqrt(dim)], cause="drift")

# saturation demo
large = [10, 8, 12, 9]
small = [1, R(8, 10), R(12, 10), R(9, 10)]
e.given(L("large_scores = np.array([10.0, 8.0, 12.0, 9.0])"), "large scores")
e.given(L("small_scores = np.array([1.0, 0.8, 1.2, 0.9])"), "small scores")
e.claim(L("print(\"큰 값들:\", large_probs)"), "softmax([10, 8, 12, 9])",
        ["0.018", "0.002", "0.974", "0.007"], softmax(large))
e.claim(L("print(\"작은 값들:\", small_probs)"), "softmax([1.0, 0.8, 1.2, 0.9])",
        ["0.274", "0.221", "0.331", "0.174"], softmax(small))

# normalisation comparison
sc = [2, 1, 3, R(1, 2)]
e.given(L("scores = np.array([2.0, 1.0, 3.0, 0.5])"), "scores")
e.claim(L("print(\"단순 정규화:\", simple_norm)"), "scores / sum", ["0.31", "0.15", "0.46", "0.08"],
        [x / sum(sc) for x in sc])
e.claim(L("print(\"소프트맥스:\", softmax_norm)"), "softmax([2.0, 1.0, 3.0, 0.5])", ["0.26", "0.10", "0.71", "0.06"],
        softmax(sc))

# complexity table
e.given(L("sequence_lengths = [128, 256, 512, 1024, 2048]"), "sequence lengths")
for n, printed in [(128, "16,384"), (256, "65,536"), (512, "262,144"), (1024, "1,048,576"), (2048, "4,194,304")]:
    number_claim(e, L(f"길이 {n}: {printed} 연산"), f"{n}^2", printed, n * n)
e.done()
