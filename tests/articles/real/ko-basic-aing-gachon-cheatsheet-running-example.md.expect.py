# Expected verdicts for ko-basic-aing-gachon-cheatsheet-running-example.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# A Korean study-club cheat sheet (A.ing, Gachon) that carries one small running example through scaled dot-product
# attention, then adds multi-head sizes, a causal-mask table, a LayerNorm example, an embedding sum and a 4-token
# logits/softmax/loss example.
# Inputs: q = [1,0]; k1 = [2,0], k2 = [0,2], k3 = [1,1]; d_k = 2; v1 = [2,0], v2 = [0,2], v3 = [1,1];
#   paper base d_model = 512, h = 8; h = 32 variant; LayerNorm input [1,3]; embedding row [0.2,-0.1,0.4,0.0] plus
#   position [0,1,0,1]; logits [0,2,1,-1].
# Exact values:
#   scores q.k = [2, 0, 1]; / sqrt2 = [1.41421, 0, 0.70711]; exp = [4.11325, 1, 2.02811], sum 7.14136;
#   weights = [0.575976, 0.140029, 0.283994]; output = [1.435947, 0.564053] -> [1.436, 0.564].
#   (exp(1.414) = 4.11249 would round to 4.112, but the printed 4.113 is judged end to end from sqrt2: ok.)
#   d_k = 512/8 = 64; 512/32 = 16; 8 x 64 = 512; 4 queries x 3 keys = 12 pairs.
#   LayerNorm [1,3]: mean 2, variance 1, normalised [-1, 1].
#   embedding sum [0.2, 0.9, 0.4, 1.0]; concatenation would give 4 + 4 = 8 dims.
#   softmax([0,2,1,-1]) = [0.087144, 0.643914, 0.236883, 0.032059]; -ln(0.643914) = 0.440188 -> 0.440.
# Every printed number agrees: the article has no wrong line. BLEU values, label smoothing 0.1 and the 0.4 / 0.01
# probabilities are inputs quoted from the paper or chosen for illustration (given).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ko", topics=["basic", "mha", "mask", "softmax", "latex-inline", "code-block"])
L = e.line

q = M([["1", "0"]])
Kt = M([["2", "0"], ["0", "2"], ["1", "1"]])
Vv = M([["2", "0"], ["0", "2"], ["1", "1"]])
s = q * Kt.T                       # [2, 0, 1]
sc = s / sp.sqrt(2)
ex = sc.applyfunc(sp.exp)
tot = sum(ex)
w = softmax_rows(sc)
out = w * Vv

# table: base sizes
e.claim(L("논문 base 설정은 $d_k=d_v=d_{model}/h=64$"), "d_k = d_v = 512 / 8", ["64"], [R(512, 8)])

# scores
ln = L("$s_{ij}=q_i\\cdot k_j=\\sum_{r=1}^{d_k}")
e.given(ln, "summation index starts at r = 1")
ln = L("query 하나를 $q=[1,0]$으로")
e.given(ln, "q = [1,0], k1 = [2,0], k2 = [0,2], k3 = [1,1]")
e.claim(ln, "dot-product scores q.k_j", ["2", "0", "1"], list(s))
ln = L("query가 4개, key가 3개면")
e.given(ln, "4 queries, 3 keys")
e.claim(ln, "number of query-key pairs 4 x 3", ["12"], [4 * 3])

# mask
e.claim(L("$e^{-\\infty}=0$이므로"), "exp(-inf) = 0", ["0"], [0])
ln = L("점수 `[2, 0, 1]`의 마지막 칸")
e.claim(ln, "scores restated", ["2", "0", "1"], list(s))
e.given(ln, "[2, 0, 0]: last score replaced by 0 (a construction)")
e.claim(ln, "e^0", ["1"], [sp.exp(0)])

# scaling
ln = L("성분이 서로 독립이고 평균 0·분산 1")
e.given(ln, "assumption: mean 0, variance 1")
e.claim(ln, "variance after dividing by sqrt(d_k): d_k / d_k", ["1"], [1])
ln = L("$d_k=2$이므로 `[2, 0, 1]`을")
e.given(ln, "d_k = 2")
e.claim(ln, "scores / sqrt2", ["1.414", "0", "0.707"], list(sc))

# softmax
e.claim(L("query·head마다 key 방향으로 더하면 1"), "softmax row sums to 1", ["1"], [sum(w)])
ln = L("`[1.414, 0, 0.707]`에 지수함수를 씌우면")
e.claim(ln, "scaled scores restated", ["1.414", "0.707"], [sc[0], sc[2]])
e.claim(ln, "exp of the scaled scores", ["4.113", "2.028"], [ex[0], ex[2]])
e.claim(ln, "sum of exps", ["7.141"], [tot])
e.claim(ln, "attention weights", ["0.576", "0.140", "0.284"], list(w))

# value weighted sum
ln = L("위 비율 `[0.576, 0.140, 0.284]`와")
e.given(ln, "v1 = [2,0], v2 = [0,2], v3 = [1,1]")
e.claim(ln, "weights restated", ["0.576", "0.140", "0.284"], list(w))
e.claim(ln, "output sum_j a_j v_j", ["1.436", "0.564"], list(out))

# multi-head sizes
ln = L("논문 base는 $h=8$, $d_{model}=512$")
e.given(ln, "h = 8, d_model = 512")
e.claim(ln, "d_k = d_v = 512 / 8", ["64"], [R(512, 8)])
ln = L("$d_{model}=512$에서 h를 8에서 32로")
e.given(ln, "d_model = 512, h from 8 to 32; BLEU 24.9 / 25.8 / 25.4 quoted from the paper")
e.claim(ln, "head dims 512/8 and 512/32", ["64", "16"], [R(512, 8), R(512, 32)])
ln = L("head마다 64차원 결과가 나오면")
e.claim(ln, "head dim and concatenated width", ["64", "512"], [R(512, 8), 8 * 64])
ln = L("`(1, −1)`과 `(0, 0)`은 평균이")
e.given(ln, "two scalar head outputs (1, -1) and (0, 0); output weights 1 and -1")
e.claim(ln, "mean of (1,-1) and of (0,0)", ["0"], [R(1 - 1, 2)])
e.claim(ln, "weighted sums 1*1 + (-1)*(-1) and 0", ["2"], [1 * 1 + (-1) * (-1)])

# cross-attention shapes
ln = L("원문 길이 S=3, decoder 입력 길이 T=4")
e.given(ln, "S = 3, T = 4")
e.claim(ln, "Q K^T is T x S", ["4", "3"], [4, 3])

# causal mask table
e.given(L("위치를 0부터 세고"), "0-based positions; 1 = allowed, 0 = blocked")
e.given(L("              key 0  1  2  3"), "key indices 0..3")
for i in range(4):
    ln = L(f"query {i}            ")
    row = [1 if j <= i else 0 for j in range(4)]
    e.claim(ln, f"causal mask row {i}", [str(v) for v in row], row)

# LayerNorm
ln = L("`[1,3]`은 평균 2·분산 1")
xs = [1, 3]
mu = R(sum(xs), 2)
var = sum((x - mu) ** 2 for x in xs) / 2
e.given(ln, "x = [1,3], gamma = 1, beta = 0, epsilon ignored")
e.claim(ln, "mean and variance of [1,3]", ["2", "1"], [mu, var])
e.claim(ln, "normalised [1,3]", ["-1", "1"], [(x - mu) / sp.sqrt(var) for x in xs])
e.given(L("논문 base는 $512\\rightarrow2048\\rightarrow512$"), "FFN 512 -> 2048 -> 512")

# embedding
e.given(L("`I`의 ID가 3이고"), "ID 3, embedding row [0.2, -0.1, 0.4, 0.0]")
ln = L("위치 벡터가 `[0,1,0,1]`이면")
emb = M([["0.2", "-0.1", "0.4", "0.0"]])
pos = M([["0", "1", "0", "1"]])
e.given(ln, "token vector [0.2,-0.1,0.4,0.0], position vector [0,1,0,1]")
e.claim(ln, "token + position", ["0.2", "0.9", "0.4", "1.0"], list(emb + pos))
e.claim(ln, "concatenated vs summed width", ["8", "4"], [4 + 4, 4])

# logits -> probabilities -> loss
logits = M([["0", "2", "1", "-1"]])
p = softmax_rows(logits)
ln = L("logits가 `[0,2,1,-1]`이면")
e.given(ln, "logits [0,2,1,-1] over [I, eat, apples, EOS]")
e.claim(ln, "softmax of the logits", ["0.087", "0.644", "0.237", "0.032"], list(p))
ln = L("$-\\log P(eat)\\approx-\\log(0.644)\\approx0.440$")
e.claim(ln, "P(eat) restated", ["0.644"], [p[1]])
e.claim(ln, "cross-entropy -ln P(eat)", ["0.440"], [-sp.log(p[1])])
e.given(L("논문은 label smoothing 0.1을 씁니다"), "label smoothing 0.1; illustrative probabilities 0.4 and 0.01")
e.done()
