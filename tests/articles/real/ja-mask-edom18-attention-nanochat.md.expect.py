# Expected verdicts for ja-mask-edom18-attention-nanochat.md, computed with plain SymPy (see oracle.py); not
# symattn's code.
# - softmax([100, 2, 1]) ≈ [1.0, 0.0, 0.0]: ok (the small entries are e^-98 and e^-99).
# - softmax([2.1, 4.5, 1.8, 3.2]) = [0.0634, 0.6990, 0.0470, 0.1905]; printed [0.10, 0.63, 0.07, 0.20]: wrong (slip;
#   exactly [0.06, 0.70, 0.05, 0.19]).  The weighted-sum example, its "(63%)" and the four "×0.xx" arrows reuse these
#   weights (carried; "×0.10", "×0.63", "×0.07", "×0.20" each disagree with the exact weight).
# - 2×2 example: QK^T = I, /√2 -> 0.707; softmax([0.7071, 0]) = [0.6698, 0.3302] -> [0.67, 0.33]; output
#   [[16.60, 26.60], [23.40, 33.40]] -> [[16.6, 26.6], [23.4, 33.4]]: all ok.
# - Causal mask 4×4: row 1 [0.0998, 0.9002] -> [0.1, 0.9] ok; row 2 softmax([0.8, 2.1, 4.0]) = [0.0342, 0.1256, 0.8401],
#   printed [0.05, 0.15, 0.8] -> wrong (0.03, 0.13); row 3 softmax([1.5, 2.9, 1.3, 3.7]) = [0.0671, 0.2722, 0.0550,
#   0.6057], printed [0.08, 0.29, 0.06, 0.57] -> wrong (0.07, 0.27, 0.05, 0.61).
# - MHA 512 / 8 = 64; KV 8 × 2 × 64 = 1024; 32 × 2048 × 1024 × 4 B = 268,435,456 B = 256 MiB ("256 MB" read as binary
#   megabytes, 268.4 decimal MB) ok; MQA 128 and 8×, GQA 256 and 4×, nrep 8 // 2 = 4: ok.
# - Exercise 1: 2/√2 = 1.414, e^1.414 = 4.113, 5.113, [0.8044, 0.1956], 4.022 + 1.956 = 5.978 -> 5.98: all ok.
# - Exercise 2: row 1 softmax([0.5, 1.5]) = [0.2689, 0.7311] ok; row 2 softmax([1.2, 0.8, 2.0]) = [0.2567, 0.1721,
#   0.5713], printed [0.24, 0.16, 0.60] -> wrong (slip), restated in the result matrix (carried).
# - Exercises 3 and 4 (32, 16, nrep 2; √256 = 16, √64 = 8, ratio 4, scaled variances 1): ok.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="ja", topics=["causal-mask", "softmax", "mha", "gqa", "mqa", "kv-cache", "memory"])


def sm(v):
    return list(softmax_rows(M([v])).row(0))


def L(needle, nth=1, after=0):
    return e.line(needle, nth, after)


# 1. saturation
e.claim(L("softmax([100, 2, 1]) ≈ [1.0, 0.0, 0.0]"), "softmax([100, 2, 1])", ["1.0", "0.0", "0.0"],
        sm([100, 2, 1]))

# 2. four weights
w4 = sm(["2.1", "4.5", "1.8", "3.2"])
e.given(L("スコア:       [2.1,   4.5,   1.8,   3.2]"), "scores")
e.claim(L("重み:        [0.10,  0.63,  0.07,  0.20]"), "softmax of the scores", ["0.10", "0.63", "0.07", "0.20"], w4)
e.claim(L("和 = 1.0"), "sum of the weights", "1.0", sum(w4))

# 3. weighted sum (carried)
e.claim(L("位置i の出力 = 0.10*V[0]"), "weights reused", ["0.10", "0.63", "0.07", "0.20"], w4, cause="carried")
e.claim(L("(63%)"), "largest weight as a percentage", "63%", w4[1], cause="carried")
for k, p in enumerate(("0.10", "0.63", "0.07", "0.20")):
    e.claim(L(f"Value[{k}] ──→ ×{p}"), f"weight of Value[{k}]", p, w4[k], cause="carried")

# 4. 2×2 example
Q = sp.eye(2)
K = sp.eye(2)
V = M([[10, 20], [30, 40]])
S = Q * K.T
Ssc = S / sp.sqrt(2)
W = softmax_rows(Ssc)
O = W * V
a = L("Q = [[1, 0],    K = [[1, 0],    V = [[10, 20],")
e.given(a, "Q, K, V row 1")
e.given(a + 1, "Q, K, V row 2")
e.given(L("d_k = 2", 1, a), "d_k")
s1 = L("ステップ1: スコア計算")
e.given(L("= [[1, 0],  [[1, 0],  ^T", 1, s1), "Q and K (to transpose)")
e.given(L("[0, 1]]   [0, 1]]", 1, s1), "Q and K row 2")
e.given(L("= [[1, 0],  [[1, 0],", 2, s1), "Q and K^T")
e.given(L("[0, 1]]   [0, 1]]", 2, s1), "Q and K^T row 2")
r = L("= [[1*1+0*0, 1*0+0*1],")
e.given(r, "expansion of Q K^T row 1 (no result printed)")
e.given(r + 1, "expansion of Q K^T row 2 (no result printed)")
r = L("= [[1, 0],", 1, r)
e.claim(r, "Q K^T row 1", ["1", "0"], S.row(0))
e.claim(r + 1, "Q K^T row 2", ["0", "1"], S.row(1))
r = L("= [[0.707, 0],")
e.claim(r, "scaled scores row 1", ["0.707", "0"], Ssc.row(0))
e.claim(r + 1, "scaled scores row 2", ["0", "0.707"], Ssc.row(1))
r = L("重み = softmax([[0.707, 0],")
e.claim(r, "scaled scores (restated) row 1", ["0.707", "0"], Ssc.row(0))
e.claim(r + 1, "scaled scores (restated) row 2", ["0", "0.707"], Ssc.row(1))
r = L("≈ [[0.67, 0.33],")
e.claim(r, "softmax row 1", ["0.67", "0.33"], W.row(0))
e.claim(r + 1, "softmax row 2", ["0.33", "0.67"], W.row(1))
r = L("= [[0.67, 0.33],  [[10, 20],")
e.claim(r, "weights row 1 beside V", ["0.67", "0.33"], W.row(0))
e.claim(r + 1, "weights row 2 beside V", ["0.33", "0.67"], W.row(1))
r = L("= [[0.67*10+0.33*30, 0.67*20+0.33*40],")
e.claim(r, "weights in the expansion, row 1", ["0.67", "0.33"], W.row(0))
e.claim(r + 1, "weights in the expansion, row 2", ["0.33", "0.67"], W.row(1))
r = L("= [[16.6, 26.6],")
e.claim(r, "output row 1", ["16.6", "26.6"], O.row(0))
e.claim(r + 1, "output row 2", ["23.4", "33.4"], O.row(1))

# 5. causal mask
Sc = M([["2.1", "4.5", "1.8", "3.2"], ["1.2", "3.4", "2.8", "1.9"], ["0.8", "2.1", "4.0", "2.5"],
        ["1.5", "2.9", "1.3", "3.7"]])
r = L("[[2.1,  4.5,  1.8,  3.2],   位置0")
for i in range(4):
    e.given(r + i, f"score row {i}")
r = L("[[1,  0,  0,  0],")
for i in range(4):
    e.given(r + i, f"mask row {i}")
r = L("[[2.1,  -∞,  -∞,  -∞],")
for i in range(4):
    e.given(r + i, f"masked score row {i}")
r = L("[[1.0,  0.0,  0.0,  0.0],   位置0")
printed = [["1.0", "0.0", "0.0", "0.0"], ["0.1", "0.9", "0.0", "0.0"], ["0.05", "0.15", "0.8", "0.0"],
           ["0.08", "0.29", "0.06", "0.57"]]
for i in range(4):
    row = sm([Sc[i, j] for j in range(i + 1)]) + [0] * (3 - i)
    e.claim(r + i, f"masked softmax row {i}", printed[i], row)

# 6. heads
e.given(L("d_model = 512, h = 8 の場合"), "d_model, h")
e.claim(L("各ヘッドの次元 = 512 / 8 = 64"), "head dimension", "64", R(512, 8))
for h in ("head_1: (B, T, 64)", "head_2: (B, T, 64)", "head_8: (B, T, 64)"):
    e.given(L(h), "per-head shape (64 restated)")
e.claim(L("Concat: (B, T, 512)"), "8 heads × 64 concatenated", "512", 8 * 64)

# 7. KV cache
e.given(L("8ヘッド、各ヘッド64次元"), "8 heads of 64")
e.claim(L("8 × 2 (K, V) × 64 = 1024次元分"), "KV width", "1024", 8 * 2 * 64)
e.given(L("シーケンス長2048、バッチサイズ32の場合"), "seq 2048, batch 32")
nb = 32 * 2048 * 1024 * 4
number_claim(e, L("32 × 2048 × 1024 × 4バイト ≈ 256 MB"), "KV cache bytes per layer", "256",
             [("binary MB (MiB)", sp.Integer(nb) / 2**20), ("decimal MB", sp.Integer(nb) / 10**6)])
e.claim(L("KVキャッシュ: 1 × 2 × 64 = 128次元分"), "MQA KV width", "128", 1 * 2 * 64)
e.claim(L("削減率: 1024 / 128 = 8倍削減"), "MQA reduction", "8", R(1024, 128))
e.claim(L("KVキャッシュ: 2 × 2 × 64 = 256次元分"), "GQA KV width", "256", 2 * 2 * 64)
e.claim(L("削減率: 1024 / 256 = 4倍削減"), "GQA reduction", "4", R(1024, 256))
e.claim(L("# 8 // 2 = 4"), "nrep", "4", 8 // 2)

# 8. exercise 1
q = M([[2, 0]])
s = q * sp.eye(2)
sc = s / sp.sqrt(2)
p = sm(list(sc))
r = L("Q = [[2, 0]]    K = [[1, 0],    V = [[5],")
e.given(r, "Q, K, V")
e.given(r + 1, "K and V row 2")
r = L("1. スコア = Q K^T")
e.given(L("= [[2, 0]] [[1, 0],^T", 1, r), "Q and K")
e.given(L("= [[2, 0]] [[1, 0],", 2, r), "Q and K^T")
e.given(L("= [[2*1+0*0, 2*0+0*1]]"), "expansion (no result printed)")
e.claim(L("= [[2, 0]]", 3, r), "score", ["2", "0"], list(s))
e.claim(L("2. スケーリング = [2, 0] / √2 = [1.414, 0]"), "scaled", ["1.414", "0"], list(sc))
e.given(L("3. Softmax = exp([1.414, 0]) / sum(exp([1.414, 0]))"), "softmax written out")
e.claim(L("= [4.113, 1.0] / 5.113"), "exponentials and their sum", ["4.113", "1.0", "5.113"],
        [sp.exp(sc[0]), 1, sp.exp(sc[0]) + 1])
e.claim(L("≈ [0.804, 0.196]"), "weights", ["0.804", "0.196"], p)
e.claim(L("4. 出力 = [0.804, 0.196] [[5],"), "weights (restated)", ["0.804", "0.196"], p)
e.claim(L("= 0.804 * 5 + 0.196 * 10"), "weights in the sum", ["0.804", "0.196"], p)
e.claim(L("= 4.02 + 1.96"), "terms", ["4.02", "1.96"], [5 * p[0], 10 * p[1]])
e.claim(L("= 5.98"), "output", "5.98", 5 * p[0] + 10 * p[1])

# exercise 2
S2 = M([["1.0", "2.0", "3.0"], ["0.5", "1.5", "2.5"], ["1.2", "0.8", "2.0"]])
r = L("スコア = [[1.0, 2.0, 3.0],")
for i in range(3):
    e.given(r + i, f"score row {i}")
r = L("[[1.0,  -∞,  -∞],")
for i in range(3):
    e.given(r + i, f"masked row {i}")
rows2 = [sm([S2[i, j] for j in range(i + 1)]) + [0] * (2 - i) for i in range(3)]
e.claim(L("行0: softmax([1.0, -∞, -∞]) = [1.0, 0.0, 0.0]"), "row 0", ["1.0", "0.0", "0.0"], rows2[0])
e.claim(L("行1: softmax([0.5, 1.5, -∞]) ≈ [0.27, 0.73, 0.0]"), "row 1", ["0.27", "0.73", "0.0"], rows2[1])
e.claim(L("行2: softmax([1.2, 0.8, 2.0]) ≈ [0.24, 0.16, 0.60]"), "row 2", ["0.24", "0.16", "0.60"], rows2[2])
r = L("[[1.0,  0.0,  0.0],")
e.claim(r, "result row 0", ["1.0", "0.0", "0.0"], rows2[0])
e.claim(r + 1, "result row 1", ["0.27", "0.73", "0.0"], rows2[1])
e.claim(r + 2, "result row 2", ["0.24", "0.16", "0.60"], rows2[2], cause="carried")

# exercise 3
e.claim(L("1. 各ヘッドの次元 = d_model / n_head = 128 / 4 = 32"), "head dim", "32", R(128, 4))
e.claim(L("2. 8ヘッドの場合 = 128 / 8 = 16"), "head dim with 8 heads", "16", R(128, 8))
e.given(L("- Qヘッド数: 4"), "Q heads")
e.given(L("- KVヘッド数: 2"), "KV heads")
e.claim(L("- 複製数 nrep = 4 / 2 = 2"), "nrep", "2", R(4, 2))

# exercise 4
e.given(L("Var(q · k) = d_k = 256"), "variance equals d_k = 256")
e.claim(L("標準偏差 = √256 = 16"), "sd", "16", sp.sqrt(256))
e.given(L("Var(q · k) = d_k = 64"), "variance equals d_k = 64")
e.claim(L("標準偏差 = √64 = 8"), "sd", "8", sp.sqrt(64))
e.claim(L("比率: 256 / 64 = 4倍"), "ratio", "4", R(256, 64))
e.claim(L("d_k=256: Var((q · k) / √256) = 256 / 256 = 1"), "scaled variance", "1", R(256, 256))
e.claim(L("d_k=64:  Var((q · k) / √64) = 64 / 64 = 1"), "scaled variance", "1", R(64, 64))
e.done()
