# Expected verdicts for hi-basic-luvkushsharma-xyz-pe-video-haath-se.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# X, Wq, Wk, Wv are given integers.  Q = X·Wq, K = X·Wk, V = X·Wv and scores = Q·Kᵀ are exact integers and all
# printed ones agree; scaled = scores/2.  Weights = row softmax of the scaled scores (4 places), outputs = weights·V
# from the unrounded weights (2 places).  The experiments are recomputed: unscaled video row = softmax(7, 5, 5); with
# X[video][1] = 0 the video query becomes [0,1,1,0], keys [3,2,1,0],[3,1,2,0],[1,1,0,0], scores [3, 3, 1], and the
# (scaled) softmax of [1.5, 1.5, 0.5] is (0.4223, 0.4223, 0.1554).  The causal rows are softmax of the visible prefix.
# The seeded simulation (Park-Miller seed 42, Box-Muller, 40 trials of 8 keys) is reproduced in Python here;
# its printed spreads / top weights agree.  The n² table uses Indian grouping (lakh = 10^5, crore = 10^7) and
# 2 bytes per number with decimal MB/GB.  Nothing in the article is wrong.
# Note: "33.12/57.48 ... = 0.5761": 33.12/57.48 = 0.576200 on the rounded operands, but 0.5761 is the exact softmax
# value (0.576117), which is what is claimed.
import math
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="hi", topics=["basic", "mask", "projection", "softmax", "scaling", "output", "memory", "markdown-table",
                                              "code-block", "indian-grouping"])
L = e.line

X = sp.Matrix([[2, 0, 1, 0], [1, 0, 2, 0], [0, 2, 0, 1]])
Wq = sp.Matrix([[0, 0, 0, 1], [0, 1, 0, 0], [1, 1, 0, 0], [0, 1, 1, 0]])
Wk = sp.Matrix([[1, 1, 0, 0], [0, 0, 1, 1], [1, 0, 1, 0], [1, 1, 0, 0]])
Wv = sp.Matrix([[1, 0, 1, 0], [0, 1, 0, 1], [0, 0, 1, 0], [1, 0, 0, 0]])
Q, K, V = X * Wq, X * Wk, X * Wv
S = Q * K.T
Ssc = S / 2
A = softmax_rows(Ssc)
O = A * V

# ---- weighted average
ln = L("weighted average = 0.75×80")
e.claim(ln, "0.75×80 + 0.25×60 terms and sum", ["60", "15", "75"],
        [R(75, 100) * 80, R(25, 100) * 60, R(75, 100) * 80 + R(25, 100) * 60])
e.claim(ln, "simple average of 80 and 60", ["70"], [70])
e.claim(L("`[1, 2]·[3, 4] = 1×3 + 2×4 = 11`"), "dot product example", ["11"], [11])

# ---- given matrices
for tok in ("  xyz   [  2, 0, 1, 0 ]", "  pe    [  1, 0, 2, 0 ]", "  video [  0, 2, 0, 1 ]"):
    e.given(L(tok), "X row")
ln = L("Wq = [ 0 0 0 1 ]")
for k in range(4):
    e.given(ln + k, "Wq, Wk, Wv rows (code-block layout)")

# ---- Q, K, V
e.claim(L("`2 × [0,0,0,1] + 0 × [0,1,0,0]"), "Q[xyz] worked row", ["1", "1", "0", "2"],
        list(Q.row(0)))
for i, tok in enumerate(["| xyz | [1", "| pe | [2", "| video | [0"]):
    ln = L(tok)
    e.claim(ln, f"Q/K/V row {i + 1}", [str(v) for v in list(Q.row(i)) + list(K.row(i)) + list(V.row(i))],
            list(Q.row(i)) + list(K.row(i)) + list(V.row(i)))
ln = L("Ek cell khol ke: Q[video][1]")
e.claim(ln, "Q[video][1] = X[video]·Wq[:,1]", ["3"], [(X.row(2) * Wq.col(1))[0]])
e.claim(ln, "row Q[video]", ["0", "3", "1", "0"], list(Q.row(2)))

# ---- scores
for j, (tok, val) in enumerate([("k<sub>xyz</sub> =", "7"), ("k<sub>pe</sub> =", "5"), ("k<sub>video</sub> =", "5")]):
    ln = L("q<sub>video</sub>·" + tok)
    e.claim(ln, f"q_video·k_{j} and its terms", ["6", "1", val] if j == 0 else ["3", "2", val],
            [3 * 2, 1 * 1, S[2, 0]] if j == 0 else [3 * 1, 1 * 2, S[2, j]])
ln = L("| Query ↓ / Key → |")
e.rows([ln + 2, ln + 3, ln + 4], "scores Q·Kᵀ", [["5", "4", "6"], ["10", "8", "6"], ["7", "5", "5"]], S)
e.claim(L("Matrix symmetric nahi"), "pe→xyz and xyz→pe", ["10", "4"], [S[1, 0], S[0, 1]])

# ---- softmax callout
ln = L("e ≈ 2.718 (e<sup>1</sup>")
e.claim(ln, "e and e^1, e^2, e^3", ["2.718", "2.72", "7.39", "20.09"], [sp.E, sp.E, sp.exp(2), sp.exp(3)])
ln = L("Example: [1, 2] →")
e.claim(ln, "softmax(1, 2) worked", ["2.72", "7.39", "10.11", "0.27", "0.73"],
        [sp.E, sp.exp(2), sp.E + sp.exp(2), sp.E / (sp.E + sp.exp(2)), sp.exp(2) / (sp.E + sp.exp(2))])

# ---- scaling
ln = L("d_k = 4, to √4 = 2")
e.claim(ln, "√4 and scaled scores", ["2"] + [["2.5", "2", "3"], ["5", "4", "3"], ["3.5", "2.5", "2.5"]],
        [sp.sqrt(4)] + list(Ssc))

# ---- softmax worked
ln = L("e<sup>3.5</sup> = 33.12")
e.claim(ln, "e^3.5, e^2.5 and total", ["33.12", "12.18", "57.48"],
        [sp.exp(R(7, 2)), sp.exp(R(5, 2)), sp.exp(R(7, 2)) + 2 * sp.exp(R(5, 2))])
e.claim(L("Weights = 33.12/57.48"), "video row softmax", ["0.5761", "0.2119", "0.2119"], list(A.row(2)))
ln = L("| Token | → xyz |")
e.rows([ln + 2, ln + 3, ln + 4], "attention weights", [["0.3072", "0.1863", "0.5065"], ["0.6652", "0.2447", "0.0900"],
                                                       ["0.5761", "0.2119", "0.2119"]], A)
e.claim(L("57.6% dhyaan"), "video→xyz weight as percent", ["57.6%"], [A[2, 0]])

# ---- outputs
ln = L("0.5761 × [2, 0, 3, 0]")
e.claim(ln, "video weight on xyz (code block)", ["0.5761"], [A[2, 0]])
e.claim(ln + 1, "video weight on pe (code block)", ["0.2119"], [A[2, 1]])
e.claim(ln + 2, "video weight on video (code block)", ["0.2119"], [A[2, 2]])
e.claim(ln + 3, "video output", ["1.58", "0.42", "2.36", "0.42"], list(O.row(2)))
ln = L("| Token | Output (2 decimals) |")
e.rows([ln + 2, ln + 3, ln + 4], "outputs weights·V", [["1.31", "1.01", "1.48", "1.01"], ["1.67", "0.18", "2.73", "0.18"],
                                                       ["1.58", "0.42", "2.36", "0.42"]], O)

# ---- experiments
ln = L("(1) \"video\" ki row pe scaling hata do")
Aun = softmax_rows(S)
e.claim(ln, "video weights scaled vs unscaled", ["0.5761", "0.2119", "0.2119", "0.7870", "0.1065", "0.1065"],
        list(A.row(2)) + list(Aun.row(2)))
X2 = X.copy()
X2[2, 1] = 0
Q2, K2 = X2 * Wq, X2 * Wk
s2 = (Q2.row(2) * K2.T)
w2 = softmax_rows(s2 / 2)
e.claim(ln, "X[video][1]=0: video scores and scaled weights", ["3", "3", "1", "0.4223", "0.1554"],
        list(s2) + [w2[0], w2[2]])

# ---- spread
ln = L("Spread (std) = average se typical doori")
e.claim(ln, "population std of [9,10,11] and [0,10,20]", ["10", "0.82", "8.16"],
        [10, sp.sqrt(R(2, 3)), sp.sqrt(R(200, 3))])


def sim(dk):
    s = [42]

    def u():
        s[0] = s[0] * 16807 % 2147483647
        return s[0] / 2147483647

    def g():
        a, b = u(), u()
        return math.sqrt(-2 * math.log(a)) * math.cos(2 * math.pi * b)

    def sm(r):
        m = max(r)
        ex = [math.exp(v - m) for v in r]
        z = sum(ex)
        return [v / z for v in ex]

    al, mu, ms = [], 0.0, 0.0
    for _ in range(40):
        qv = [g() for _ in range(dk)]
        r = []
        for _ in range(8):
            kv = [g() for _ in range(dk)]
            acc = 0.0
            for i, v in enumerate(kv):
                acc += v * qv[i]
            r.append(acc)
        al += r
        mu += max(sm(r))
        ms += max(sm([v / math.sqrt(dk) for v in r]))
    m = sum(al) / len(al)
    return math.sqrt(sum((v - m) ** 2 for v in al) / len(al)), mu / 40, ms / 40


sims = {d: sim(d) for d in (4, 16, 64, 256, 1024)}
fl = lambda x: sp.Rational(repr(x))
ln = L("Seeded simulation (ek query, 8 keys, 40 baar)")
e.claim(ln, "d_k=4 spread, √4, unscaled top weight", ["1.94", "2", "0.49"], [fl(sims[4][0]), 2, fl(sims[4][1])])
e.claim(ln, "d_k=64 spread, √64, unscaled top weight", ["7.40", "8", "0.91"], [fl(sims[64][0]), 8, fl(sims[64][1])])
e.claim(ln, "d_k=1024 unscaled top weight", ["0.98"], [fl(sims[1024][1])])
e.claim(ln, "scaled top weight range over d_k", ["0.33", "0.39"],
        [fl(min(v[2] for v in sims.values())), fl(max(v[2] for v in sims.values()))])

# ---- causal mask
Smask = [[Ssc[0, 0]], [Ssc[1, 0], Ssc[1, 1]], [Ssc[2, 0], Ssc[2, 1], Ssc[2, 2]]]
Am = sp.zeros(3, 3)
for i, r in enumerate(Smask):
    den = sum(sp.exp(v) for v in r)
    for j, v in enumerate(r):
        Am[i, j] = sp.exp(v) / den
Om = Am * V
ln = L("Scaled scores           Mask lagao")
e.claim(ln + 1, "xyz: scaled, masked, weights", ["2.5", "2", "3", "1.0000", "0"],
        [Ssc[0, 0], Ssc[0, 1], Ssc[0, 2], Am[0, 0], Am[0, 1]])
e.claim(ln + 2, "pe: scaled, masked, weights", ["5", "4", "3", "0.7311", "0.2689", "0"],
        [Ssc[1, 0], Ssc[1, 1], Ssc[1, 2], Am[1, 0], Am[1, 1], Am[1, 2]])
e.claim(ln + 3, "video: scaled, weights", ["3.5", "2.5", "0.5761", "0.2119"],
        [Ssc[2, 0], Ssc[2, 1], Am[2, 0], Am[2, 1]])
ln = L("Masked outputs: xyz = [2, 0, 3, 0]")
e.claim(ln, "masked outputs", [["2", "0", "3", "0"], ["1.73", "0", "3", "0"], ["1.58", "0.42", "2.36", "0.42"]],
        [list(Om.row(0)), list(Om.row(1)), list(Om.row(2))])
ln = L("pe ki row 0.6652 + 0.2447 = 0.91")
e.claim(ln, "zeroing after softmax: pe row sum, and renormalised sum", ["0.91", "1"],
        [A[1, 0] + A[1, 1], Am[1, 0] + Am[1, 1]])

# ---- n² table
for tok, n, cnt, cnt_unit, mem, mem_unit in [("| 1,000 |", 1000, "10", 10**5, "2", 10**6),
                                              ("| 8,000 |", 8000, "6.4", 10**7, "128", 10**6),
                                              ("| 1,00,000 |", 100000, "1,000", 10**7, "20", 10**9)]:
    ln = L(tok)
    number_claim(e, ln, f"n² for n = {n} in lakh/crore", cnt, R(n * n, cnt_unit))
    number_claim(e, ln, f"2 bytes × n² for n = {n} (decimal units)", mem, R(2 * n * n, mem_unit))
ln = L("Context 8 guna (1,000 → 8,000)")
e.claim(ln, "context ratio, score ratio", ["8", "64"], [R(8000, 1000), R(8000, 1000) ** 2])
e.claim(ln, "n = 1,00,000: cells exponent, memory GB", ["10", "20"], [10, R(2 * 10**10, 10**9)])

e.done()
