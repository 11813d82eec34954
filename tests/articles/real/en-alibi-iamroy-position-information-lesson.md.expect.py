# Expected verdicts for en-alibi-iamroy-position-information-lesson.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A self-study lesson (iamroy/ai-expert-roadmap, month-01 lesson 1.2) with PyTorch snippets and their printed output:
# sinusoidal-table cosine similarities, RoPE scores on random tensors, ALiBi slopes/biases/softmax weights, exercises.
# Inputs: sinusoidal table 64 x 32 (frequencies 10000^(-k/32), k = 0, 2, ..., 30), rows L2-normalised;
#   ALiBi with 8 heads, slopes (2^(-8/8))^(i+1), length 6, uniform scores; exercise q = [1,2], k = [3,4], m = 2,
#   n = 5, theta = 0.1; slope 0.5 for query 3.
# Exact values: each row has norm 4, so cos-sim(a, b) = (1/16) sum_i cos((a-b) w_i), w_i = 10000^(-2i/32):
#   p = 0..63 -> 1, 0.957103, 0.858134, 0.736086, 0.628683, 0.654428, 0.486856, 0.552963 (offset 5 always 0.736086).
#   Slopes 1/2 ... 1/256 (0.03125 printed 0.0312 and -0.015625 printed -0.01562 are exact ties: agree).
#   Head 0, query 5: weights e^(-k/2)/sum -> key 5 0.414085, key 0 0.033990 (3.4 %); head 7 (slope 1/256):
#   key 5 0.168298, key 0 0.165043.  Exercise: q . R(0.3) k = 11.099742; biases -0.5*(3,2,1,0).
# The RoPE score tables use torch.manual_seed(0) draws that the lesson never prints: those lines are ambiguous.
# No wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["alibi", "pe", "rope", "softmax"])

# --- permutation demo: code inputs only ------------------------------------------------------
e.given(e.line("D = 8"), "model width of the permutation demo")
e.given(e.line("perm = torch.tensor([2, 0, 3, 1])"), "permutation")
e.given(e.line("positions = torch.randn(4, D) * 0.5"), "random position vectors")

# --- sinusoidal table ---------------------------------------------------------------------------
e.given(e.line("PE(pos, 2j)   = sin(pos / 10000^(2j/D))"), "formula")
e.given(e.line("PE(pos, 2j+1) = cos(pos / 10000^(2j/D))"), "formula")
e.given(e.line("table = F.normalize(sinusoidal_positions(64, 32), dim=-1)"), "64 positions x width 32")
e.given(e.line("for p in [0, 1, 2, 5, 10, 20, 40, 63]:"), "positions compared")
e.given(e.line("for p in [0, 10, 30]:"), "start positions of the offset-5 pairs")
w = [R(10000) ** R(-2 * i, 32) for i in range(16)]


def cossim(delta):
    return sum(sp.cos(delta * wi) for wi in w) / 16


L0 = e.line("cosine similarity to position 0:", nth=2)
e.given(L0, "output header")
for p, printed in [(0, "+1.0000"), (1, "+0.9571"), (2, "+0.8581"), (5, "+0.7361"), (10, "+0.6287"),
                   (20, "+0.6544"), (40, "+0.4869"), (63, "+0.5530")]:
    ln = e.line(f"  pos {p:2d}: ", after=L0)
    e.claim(ln, f"cosine similarity of positions 0 and {p}", [printed], [cossim(p)])
L1 = e.line("same offset at different absolute positions (p vs p+5):", nth=2)
e.given(L1, "output header")
for a in (0, 10, 30):
    ln = e.line(f"{a:2d} vs {a + 5:2d}: ", after=L1)
    e.claim(ln, f"cosine similarity of positions {a} and {a + 5}", ["+0.7361"], [cossim(5)])
e.given(e.line("a shift of 5 gives the same similarity"), "offset restated")
e.given(e.line("Position 20 is closer to position 0 than position 10 is"),
        "qualitative comparison of the printed 0.6544 and 0.6287")

# --- RoPE on random tensors -----------------------------------------------------------------------
e.given(e.line("head_dim = 16"), "RoPE head dimension")
e.given(e.line("for m, n in [(0, 3), (5, 8), (100, 103), (0, 5), (10, 15)]:"), "position pairs")
L = e.line("      (m, n)  offset       score")
for lab in ["(0, 3)       3", "(5, 8)       3", "(100, 103)       3", "(0, 5)       5", "(10, 15)       5"]:
    e.ambiguous(e.line(lab, after=L), "score of RoPE-rotated q and k drawn with torch.manual_seed(0); the "
                                      "random vectors are never printed (the offset column is n - m)")
e.given(e.line("position 100 is float32 rounding"), "position index restated")
e.given(e.line("if it gives every new token position 0"), "position index restated")
e.given(e.line("prefix_length = 6"), "prefix length")
e.ambiguous(e.line("correct: query at 6, key at 2, offset 4:"),
            "score from unprinted random q and k (offset 6 - 2 = 4 follows from the inputs)")
e.ambiguous(e.line("bug:     query at 0, key at 2, offset -2:"),
            "score from unprinted random q and k (offset 0 - 2 = -2 follows from the inputs)")

# --- ALiBi --------------------------------------------------------------------------------------
H, T = 8, 6
start = R(2) ** R(-8, H)
slopes = [start ** (i + 1) for i in range(H)]
e.given(e.line("bias = alibi_bias(heads=8, length=6)"), "8 heads, length 6")
e.claim(e.line("slopes (8 heads): [0.5"), "slopes rounded to 4 places",
        ["0.5", "0.25", "0.125", "0.0625", "0.0312", "0.0156", "0.0078", "0.0039"], slopes)
dist = [k - 5 for k in range(T)]
e.claim(e.line("head 0 (steepest), query 5 over keys 0-5: [-2.5"), "head-0 biases of query 5",
        ["-2.5", "-2.0", "-1.5", "-1.0", "-0.5", "0.0"], [slopes[0] * d for d in dist])
e.claim(e.line("head 7 (flattest), query 5 over keys 0-5: [-0.01953"), "head-7 biases rounded to 5 places",
        ["-0.01953", "-0.01562", "-0.01172", "-0.00781", "-0.00391", "0.0"], [slopes[7] * d for d in dist])


def weights(m):
    den = sum(sp.exp(m * d) for d in dist)
    return [sp.exp(m * d) / den for d in dist]


w0, w7 = weights(slopes[0]), weights(slopes[7])
e.claim(e.line("head 0: key 5 gets 0.414"), "head-0 weights of keys 5 and 0", ["0.414", "0.03399"], [w0[5], w0[0]])
e.claim(e.line("head 7: key 5 gets 0.168"), "head-7 weights of keys 5 and 0", ["0.168", "0.16504"], [w7[5], w7[0]])
e.given(e.line("head 0 looks mostly at"), "head indices restated")
e.given(e.line("the newest tokens, head 7 hardly cares"), "head index restated")
e.claim(e.line("still puts 3.4% of its attention on key 0"), "head-0 weight of key 0 as a percentage", ["3.4%"], [w0[0]])

# --- exercises ----------------------------------------------------------------------------------
e.given(e.line("1. Code the 2-D rotation above"), "q, k, m, n, theta")
e.given(e.line("2. Write down the ALiBi biases that query index 3"), "query 3, keys 0-3, slope 0.5")
th = R(1, 10)
qv, kv = sp.Matrix([1, 2]), sp.Matrix([3, 4])


def rot(a):
    return sp.Matrix([[sp.cos(a), -sp.sin(a)], [sp.sin(a), sp.cos(a)]])


e.claim(e.line("Both sides come to about `11.09974`"), "q . R((n-m) theta) k",
        ["11.09974"], [(qv.T * rot(3 * th) * kv)[0]])
e.given(e.line("q, k = torch.tensor([1., 2.]), torch.tensor([3., 4.])"), "exercise vectors restated")
e.claim(e.line("left = rotate(q, 0.2) @ rotate(k, 0.5)"), "angles m theta and n theta", ["0.2", "0.5"], [2 * th, 5 * th])
e.claim(e.line("right = q @ rotate(k, 0.3)"), "relative angle (n - m) theta", ["0.3"], [3 * th])
e.claim(e.line("2. The biases are `[-1.5, -1.0, -0.5, 0.0]`"), "ALiBi biases of query 3, slope 0.5",
        ["-1.5", "-1.0", "-0.5", "0.0"], [R(1, 2) * (j - 3) for j in range(4)])

# --- remaining code lines that show numbers: inputs of the snippets, not results -----------------
import re as _re
_in_code = False
for _i, _t in enumerate(e.lines, start=1):
    if _t.lstrip().startswith("```"):
        _in_code = not _in_code
        continue
    if _in_code and _re.search(r"\d", _t) and _i not in e.verdicts and _t.strip() and not _t.lstrip().startswith(("(", "[")) \
            and any(k in _t for k in ("=", "(", "print", "for ", "return")):
        e.given(_i, "code of the snippet (constants and indices)")
e.done()
