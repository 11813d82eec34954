# Expected verdicts for zh-flash-xiangzhang-a11-tile-merge-exercises.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: exercise 1 q = [1, 0], K = [[1,0],[0,1],[1,1]], V = [[1,0],[0,2],[3,1]], scale 1/sqrt(2);
# exercise 2 scores [2, 1, 3, 0], scalar V [1, 2, 4, 8], tiles [2, 1] and [3, 0], state (m, l, a) with
# l = Σ exp(s − m), a = Σ exp(s − m)·v; exercise 3 N = 8, d = 4, FP32 (4 B), Br = Bc = 4.
# - Ex 1: scores [0.70710678, 0, 0.70710678]; P = [0.40111209, 0.19777581, 0.40111209]; O = [p0 + 3p2, 2p1 + p2] =
#   [1.60444837, 0.79666372] -> all printed 6-place values agree.
# - Ex 2: tile 1 (2, 1 + e^-1, 1 + 2e^-1) = (2, 1.36787944, 1.73575888); tile 2 (3, 1 + e^-3, 4 + 8e^-3) =
#   (3, 1.04978707, 4.39829655); merged l = l1·e^-1 + l2 = 1.55300179, a = 5.03684655, o = a / l = 3.24329732 -> ok.
# - Ex 3: materialized 32+32+64 = 128, 3·64+64 = 256, 64+32+32 = 128 -> 512 elements = 2048 B (= 4Nd + 6N²);
#   tiled Q 32 + K 2·32 = 96, 0, V 2·32 + O 32 = 96 -> 192 elements = 768 B; (8/4)² = 4 tiles of 4·4 = 16; 2048 − 768 =
#   1280 -> ok. No wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["flash", "online-softmax", "tiling", "io-traffic", "exercise"])
L = e.line
q = M([[1, 0]])
K = M([[1, 0], [0, 1], [1, 1]])
V = M([[1, 0], [0, 2], [3, 1]])
S = q * K.T / sp.sqrt(2)
P = softmax_rows(S)
O = P * V
e.given(L("**题目：** 给定 `q=[1,0]`"), "q, K, V and the scale 1/sqrt(2)")
e.claim(L("写明 `d_k=2,d_v=2,n_q=1,n_k=3`"), "shapes", ["2", "2", "1", "3"], [K.cols, V.cols, q.rows, K.rows])
ln = L("Scores 约为 `[0.707107,0,0.707107]`")
e.claim(ln, "scores", ["0.707107", "0", "0.707107"], list(S.row(0)))
e.claim(ln, "probabilities", ["0.401112", "0.197776", "0.401112"], list(P.row(0)))
e.claim(ln, "output", ["1.604448", "0.796664"], list(O.row(0)))
e.given(L("提示：减去行最大值后 logits 是"), "shifted logits [0, -1/sqrt(2), 0] and the output formula (symbolic)")

sc = [2, 1, 3, 0]
vv = [1, 2, 4, 8]


def state(s, v):
    m = max(s)
    return m, sum(sp.exp(x - m) for x in s), sum(sp.exp(x - m) * w for x, w in zip(s, v))


m1, l1, a1 = state(sc[:2], vv[:2])
m2, l2, a2 = state(sc[2:], vv[2:])
m = max(m1, m2)
l = l1 * sp.exp(m1 - m) + l2 * sp.exp(m2 - m)
a = a1 * sp.exp(m1 - m) + a2 * sp.exp(m2 - m)
mf, lf, af = state(sc, vv)
assert sp.simplify(l - lf) == 0 and sp.simplify(a - af) == 0
e.given(L("**题目：** scores 为 `[2,1,3,0]`"), "scores, scalar V and the tiles")
ln = L("First tile 约为 `(2,1.367879,1.735759)`")
e.claim(ln, "tile 1 state", ["2", "1.367879", "1.735759"], [m1, l1, a1])
e.claim(ln, "tile 2 state", ["3", "1.049787", "4.398297"], [m2, l2, a2])
e.claim(ln, "merged state", ["1.553002", "5.036847"], [l, a])
e.claim(ln, "o = a / l", ["3.243297"], [a / l])
ln = L("提示：合并时 `m'=3`")
e.claim(ln, "merged max and rescale exponent", ["3", "2", "3"], [m, m1, m])
e.given(ln, "full-row shifted weights [exp(-1), exp(-2), 1, exp(-3)]")

N, d, B, Br = 8, 4, 4, 4
mat = [N * d + N * d + N * N, 3 * N * N + N * N, N * N + N * d + N * d]
tq = N // Br
til = [N * d + tq * N * d, 0, tq * N * d + N * d]
e.given(L("**题目：** 无 mask 的 self-attention"), "N = 8, d = 4, FP32, Br = Bc = 4")
ln = L("Materialized stages 是 `128/256/128 elements`")
e.claim(ln, "materialized stages and bytes", ["128", "256", "128", "2048"], mat + [B * sum(mat)])
e.claim(ln, "tiled stages and bytes", ["96", "0", "96", "768"], til + [B * sum(til)])
e.claim(ln, "score tiles and tile size", ["16"], [Br * Br])
e.claim(ln, "difference", ["1280"], [B * sum(mat) - B * sum(til)])
ln = L("物化调度的总量用 `4Nd+6N^2`")
e.claim(ln, "tiled reads Q, K, V and write O", ["32", "64", "64", "32"], [N * d, tq * N * d, tq * N * d, N * d])
e.done()
