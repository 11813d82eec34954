# Expected verdicts for ko-basic-jungwoonson-qkv-three-token-example.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (the worked example): Q = [[1,0,1,0],[0,1,0,1],[1,1,0,0]], K = [[1,1,0,0],[0,0,1,1],[1,0,1,0]], d_k = 4
# (V is printed but the example stops before the product with V, so no output is claimed).
# - Q K^T = [[1,1,2],[1,1,0],[2,0,1]] and the expanded products as printed agree; / sqrt(4) = / 2 gives
#   [[0.5,0.5,1.0],[0.5,0.5,0.0],[1.0,0.0,0.5]], all ok.
# - Row softmax (exact): [0.274069, 0.274069, 0.451863], [0.383652, 0.383652, 0.232697],
#   [0.506480, 0.186324, 0.307196] -> 2 places [0.27,0.27,0.45], [0.38,0.38,0.23], [0.51,0.19,0.31].
#   Printed [0.26,0.26,0.48], [0.39,0.39,0.22], [0.51,0.19,0.30]: all three rows wrong (slip; the scaled scores they come
#   from are right, so nothing is carried).
# - Scaling block: sqrt(64) = 8, sqrt(128) = 11.314 -> 11.3, sqrt(512) = 22.627 -> 22.6 ok.
# - softmax([20, -20, 0]) = [1 - 2.1e-9, 4.2e-18, 2.1e-9] -> [1.00, 0.00, 0.00] ok; softmax([2, -2, 0]) =
#   [0.866813, 0.015876, 0.117311] -> [0.87, 0.02, 0.12]; printed [0.71, 0.01, 0.10] (does not even sum to 1) -> wrong.
# - Dimension block (d_model 4096, d_k = d_v = 128, W shapes (4096, 128)) consistent; sqrt(128) ≈ 11.3, sqrt(64) = 8 ok.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ko", topics=["basic", "scaling", "softmax", "shapes", "code-block"])
L = e.line
Q = M([[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0]])
K = M([[1, 1, 0, 0], [0, 0, 1, 1], [1, 0, 1, 0]])
dk = 4
S = Q * K.T
Sc = S / sp.sqrt(dk)
P = softmax_rows(Sc)
s = lambda xs: [str(x) for x in xs]

# dimensions
e.given(L("d_model = 4096     (모델의 기본 차원)"), "d_model = 4096")
e.given(L("d_k = d_v = 128    (Head당 차원"), "d_k = d_v = 128")
for name in ("W_Q", "W_K", "W_V"):
    ln = L(f"{name} shape: (4096, 128)")
    e.claim(ln, f"{name} shape (d_model, d_k) and the restated sizes", ["4096", "128", "4096", "128"],
            [4096, 128, 4096, 128])
e.claim(L("직관: 4096차원의 풍부한 정보에서"), "d_model restated", "4096", 4096)
e.claim(L("128차원의 특정 관점(역할)을"), "d_k restated", "128", 128)

# worked example
e.given(L("3개 토큰, d_k = 4인 간단한 예:"), "3 tokens, d_k = 4")
ln = L("Q = [[1,0,1,0],     K = [[1,1,0,0],")
e.given(ln, "Q, K, V row 1")
e.given(ln + 1, "Q, K, V row 2")
e.given(ln + 2, "Q, K, V row 3")
r1 = L("[[1, 1, 2],")
e.claim(r1, "Q K^T row 1 (expanded products as printed)", ["1", "1", "2"], list(S.row(0)))
e.claim(r1 + 1, "Q K^T row 2", ["1", "1", "0"], list(S.row(1)))
e.claim(r1 + 2, "Q K^T row 3", ["2", "0", "1"], list(S.row(2)))
e.claim(L("Step 2: / sqrt(4) = / 2"), "sqrt(d_k)", ["4", "2"], [dk, sp.sqrt(dk)])
r = L("= [[0.5, 0.5, 1.0],")
e.rows([r, r + 1, r + 2], "scaled scores", [["0.5", "0.5", "1.0"], ["0.5", "0.5", "0.0"], ["1.0", "0.0", "0.5"]], Sc)
r = L("≈ [[0.26, 0.26, 0.48],")
e.rows([r, r + 1, r + 2], "softmax weights (2 places)",
       [["0.26", "0.26", "0.48"], ["0.39", "0.39", "0.22"], ["0.51", "0.19", "0.30"]], P)

# why scale
e.claim(L("각 항의 분산은 $1 \\times 1 = 1$"), "variance of one product", ["1", "1", "1"], [1, 1, 1])
e.claim(L("d_k = 64:   dot product의 표준편차 ≈ 8"), "sqrt(64)", ["64", "8"], [64, sp.sqrt(64)])
e.claim(L("d_k = 128:  dot product의 표준편차 ≈ 11.3"), "sqrt(128)", ["128", "11.3"], [128, sp.sqrt(128)])
e.claim(L("d_k = 512:  dot product의 표준편차 ≈ 22.6"), "sqrt(512)", ["512", "22.6"], [512, sp.sqrt(512)])
e.given(L("score가 [-20, +20] 범위로 퍼지면"), "illustrative score range")
ln = L("softmax([20, -20, 0]) ≈ [1.00, 0.00, 0.00]")
e.given(ln, "scores [20, -20, 0]")
e.claim(ln, "softmax([20, -20, 0])", ["1.00", "0.00", "0.00"], list(softmax_rows(M([[20, -20, 0]])).row(0)))
ln = L("softmax([2, -2, 0])   ≈ [0.71, 0.01, 0.10]")
e.given(ln, "scores [2, -2, 0]")
e.claim(ln, "softmax([2, -2, 0])", ["0.71", "0.01", "0.10"], list(softmax_rows(M([[2, -2, 0]])).row(0)))
e.given(L("해결: sqrt(d_k)로 나누어 score의 분산을 1로 정규화"), "target variance 1")
e.claim(L("Llama 2-7B: d_k = 128 → sqrt(128) ≈ 11.3"), "sqrt(128)", ["128", "128", "11.3"], [128, 128, sp.sqrt(128)])
e.claim(L("ViT-Large:  d_k = 64  → sqrt(64) = 8"), "sqrt(64)", ["64", "64", "8"], [64, 64, sp.sqrt(64)])
e.given(L("한 Query에 대한 가중치 합을 1로 만든다"), "rows sum to 1")
e.given(L("평균 $0$, 분산 $1$이라고 하면"), "mean 0, variance 1 assumption")
e.done()
