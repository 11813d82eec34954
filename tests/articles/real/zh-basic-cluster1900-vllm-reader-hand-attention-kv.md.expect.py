# Expected verdicts for zh-basic-cluster1900-vllm-reader-hand-attention-kv.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese book chapter (vLLM reader, ch. 01) on the minimal inference model: logits and softmax, one attention head
# worked by hand, causal-mask work, temperature / top-k / top-p, a flat token batch, QK counts with and without a
# KV cache, KV-cache bytes for MHA and GQA, and the printed output of the book's stdlib-only toy inferencer.
# Inputs: vocab 32,000, hidden 4,096; D_h = 128; hand attention Q = [1.0, 0.5], K = [[1,0],[0,1],[1,1]],
#   V = [[1,0],[0,2],[2,1]], head size 2 (scaled by sqrt 2); logits [4,2,1,0] at T = 0.5 / 1 / 2; requests R0/R1/R2
#   with contexts 0/37/100 and 4/1/2 new tokens; P = 128, G = 32; 32 layers, 32 or 8 KV heads, head size 128,
#   2 bytes, 2,048 tokens, 8 requests; KV heads 32 -> 8 in the exercise.
# Exact values: sqrt 128 = 11.3137 -> 11.3; dots 1.0 / 0.5 / 1.5, scores 0.707107 / 0.353553 / 1.060660;
#   softmax 0.319866 / 0.224606 / 0.455527; output [a0 + 2 a2, 2 a1 + a2] = [1.230921, 0.904740]
#   (from the rounded weights 0.3199 + 2 x 0.4555 = 1.2309, 2 x 0.2246 + 0.4555 = 0.9047: the same).
#   Temperature: T = 0.5: 97.9307 / 1.7937 / 0.2427 / 0.0329 %; T = 1: 83.0953 / 11.2457 / 4.1371 / 1.5219 %;
#   T = 2: 57.9259 / 21.3097 / 12.9250 / 7.8394 %; top_k = 2 renormalised: 88.0797 / 11.9203 %; T = 2, A + B = 79.2356 %.
#   T = 1, A + B = 0.943410 -> 0.9434 (94.34 %): the printed "cumulative A+B = 0.9435" and "94.35%" are the sums of the
#   rounded 0.8310 + 0.1125 / 83.10% + 11.25%: right as written, off end to end -> ambiguous (policy 5).
#   Flat batch: T = 4 + 1 + 2 = 7; query starts [0, 4, 5, 7]; sequence lengths [0+4, 37+1, 100+2] = [4, 38, 102].
#   QK counts: cached = 128*129/2 + sum_{S=129}^{159} S = 8256 + 4464 = 12720 (prefill then 31 decode forwards);
#   no cache = sum_{S=128}^{159} S(S+1)/2 = 333136 (each of the 32 tokens recomputes the whole prefix);
#   333136 / 12720 = 26.19 -> "26 倍".
#   KV: 2*32*32*128*2 = 524,288 B = 512 KiB per token, x 2048 = 1 GiB; 8 KV heads: 131,072 B = 128 KiB, 256 MiB;
#   8 x 256 MiB = 2 GiB; 8 / 32 = 1/4.
# The toy inferencer's sampled ids and cached/full diffs come from seeded random weights that are not printed:
#   ambiguous (unverifiable). Every determinable printed number agrees: the article has no wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="zh", topics=["basic", "softmax", "temperature", "kv-cache", "gqa"])
L = e.line


def amb(line, reason):
    """Ambiguous line even when other numbers on it are right (arithmetic on rounded operands)."""
    e.ambiguous(line, reason)
    if e._entry(line)["verdict"] != "wrong":
        e._entry(line)["verdict"] = "ambiguous"


# --- 1.1 logits -------------------------------------------------------------------------------------
ln = L("`vocab_size=32,000`、`hidden_size=4,096`")
e.given(ln, "vocab 32,000 and hidden 4,096")
number_claim(e, ln, "embedding row length = hidden_size", "4,096", 4096)
e.given(L("总和也不必是 1"), "logits need not sum to 1 (general remark)")
e.claim(L("各得 1/2 的概率"), "softmax of two equal logits", ["1/2"], [softmax_rows(M([["1", "1"]]))[0, 0]])

# --- 1.3 attention --------------------------------------------------------------------------------------
ln = L("比如 $D_h=128$ 时")
e.given(ln, "unit-variance assumption, D_h = 128")
e.claim(ln, "std of the unscaled dot = sqrt(D_h)", ["11.3"], [sp.sqrt(128)])
e.given(L("设当前位置是序列第 3 个 token"), "third token, head size 2")
Q = M([["1.0", "0.5"]])
K = M([["1.0", "0.0"], ["0.0", "1.0"], ["1.0", "1.0"]])
V = M([["1.0", "0.0"], ["0.0", "2.0"], ["2.0", "1.0"]])
LQ = L("Q &= \\begin{bmatrix}1.0 & 0.5")
e.given(LQ, "Q")
e.given(LQ + 1, "K rows")
e.given(LQ + 2, "V rows")
e.given(L("$K$、$V$ 的三行依次对应位置 0、1、2"), "row positions 0, 1, 2")
e.given(L("除以 $\\sqrt{2}$ 后的 score |"), "table header: scale sqrt 2")
dots = Q * K.T
S = dots / sp.sqrt(2)
A = softmax_rows(S)
O = A * V
for i, (dp, sp_) in enumerate([("1.0", "0.7071"), ("0.5", "0.3536"), ("1.5", "1.0607")]):
    ln = L(f"| K{i} | {dp} | {sp_} |")
    e.claim(ln, f"Q.K{i} and its score / sqrt 2", [dp, sp_], [dots[0, i], S[0, i]])
e.claim(L("a\\approx[0.3199,\\;0.2246,\\;0.4555]"), "softmax weights a", ["0.3199", "0.2246", "0.4555"], A.row(0))
e.claim(L("0.3199V_0 + 0.2246V_1 + 0.4555V_2"), "weights restated", ["0.3199", "0.2246", "0.4555"], A.row(0))
e.claim(L("&\\approx [1.2309,\\;0.9047]"), "output a V (end to end; the rounded weights give the same)",
        ["1.2309", "0.9047"], O.row(0))

# --- 1.4 causal work ------------------------------------------------------------------------------------
e.given(L("第 0 行读 1 个 Key，第 1 行读 2 个"), "rows i read i+1 keys; 1 + ... + S = S(S+1)/2 (formula)")

# --- 1.5 temperature and sampling -----------------------------------------------------------------------
e.given(L("T>0"), "temperature formula")
e.given(L("固定 logits `[4,2,1,0]`"), "logits [4, 2, 1, 0]")
e.given(L("| Token | Logit | `T=0.5`"), "table header: T = 0.5 / 1 / 2")
e.given(L("仍取 `T=1` 的概率"), "T = 1")
z = [4, 2, 1, 0]
P = {T: softmax_rows(sp.Matrix([[sp.Rational(x) / T for x in z]])) for T in (R(1, 2), 1, 2)}
table = {"A": ["97.93%", "83.10%", "57.93%"], "B": ["1.79%", "11.25%", "21.31%"],
         "C": ["0.24%", "4.14%", "12.93%"], "D": ["0.03%", "1.52%", "7.84%"]}
for j, (tok, printed) in enumerate(table.items()):
    ln = L(f"| {tok} | {z[j]} |")
    e.given(ln, f"logit of {tok}")
    e.claim(ln, f"p({tok}) at T = 0.5 / 1 / 2", printed, [P[T][0, j] for T in (R(1, 2), 1, 2)])
p1 = P[1]
e.claim(L("A: 0.8310"), "p(A), T = 1", ["0.8310"], [p1[0, 0]])
ln = L("B: 0.1125    cumulative A+B = 0.9435")
e.claim(ln, "p(B), T = 1", ["0.1125"], [p1[0, 1]])
amb(ln, "cumulative A+B = 0.9435 is the sum of the rounded 0.8310 + 0.1125 (right as written); end to end "
        f"p(A) + p(B) = {sp.N(p1[0, 0] + p1[0, 1], 6)} (0.9434): arithmetic on rounded operands")
e.claim(L("C: 0.0414"), "p(C), T = 1", ["0.0414"], [p1[0, 2]])
e.claim(L("D: 0.0152"), "p(D), T = 1", ["0.0152"], [p1[0, 3]])
ln = L("`top_k=2` 留下 A、B")
e.given(ln, "top_k = 2")
e.claim(ln, "top-2 renormalised", ["88.08%", "11.92%"],
        [p1[0, 0] / (p1[0, 0] + p1[0, 1]), p1[0, 1] / (p1[0, 0] + p1[0, 1])])
ln = L("`top_p=0.9` 先留 A")
e.given(ln, "top_p = 0.9")
e.claim(ln, "p(A), T = 1", ["83.10%"], [p1[0, 0]])
amb(ln, "94.35% is 83.10% + 11.25% from the rounded percentages (right as written); end to end p(A) + p(B) = "
        f"{sp.N(100 * (p1[0, 0] + p1[0, 1]), 6)}% (94.34%): arithmetic on rounded operands")
ln = L("换成 `T=2`，A+B 只有 79.24%")
e.given(ln, "T = 2, top_p = 0.9")
e.claim(ln, "p(A) + p(B) at T = 2", ["79.24%"], [P[2][0, 0] + P[2][0, 1]])

# --- 1.6 flat batch -------------------------------------------------------------------------------------
ctx, new = [0, 37, 100], [4, 1, 2]
for r in range(3):
    e.given(L(f"| R{r} | {ctx[r]} | {new[r]} |"), f"request R{r}: context {ctx[r]}, {new[r]} new tokens")
e.claim(L("`[B=3,S=4,D]`"), "padded batch: 3 requests, longest chunk 4", ["3", "4"], [len(new), max(new)])
ln = L("input_ids: [r0t0, r0t1")
e.claim(ln, "positions of the new tokens of R1, R2", ["37", "100", "101"], [ctx[1], ctx[2], ctx[2] + 1])
e.claim(L("T = 4 + 1 + 2 = 7"), "flat token count", ["7"], [sum(new)])
e.claim(L("hidden_states.shape = [7, D]"), "flat token count", ["7"], [sum(new)])
e.claim(L("光看这 7 个 token"), "flat token count", ["7"], [sum(new)])
e.claim(L("query start locations，例如 `[0,4,5,7]`"), "prefix sums of new tokens", ["0", "4", "5", "7"],
        [0, new[0], new[0] + new[1], sum(new)])
e.claim(L("完整 sequence length，例如 `[4,38,102]`"), "context + new", ["4", "38", "102"],
        [c + n for c, n in zip(ctx, new)])
ln = L("prompt 有 4 个 token，刚采样出第一个输出 token")
e.given(ln, "prompt of 4 tokens")
e.claim(ln, "cache positions after prefill", ["4"], [4])

# --- 1.7 QK counts and KV bytes -------------------------------------------------------------------------
e.given(L("\\frac{S(S+1)}{2}$ 次"), "QK count formula")
e.given(L("`P=128` 的 prompt 生成 `G=32`"), "P = 128, G = 32")
Pn, G = 128, 32
cached = Pn * (Pn + 1) // 2 + sum(range(Pn + 1, Pn + G))
nocache = sum(s * (s + 1) // 2 for s in range(Pn, Pn + G))
e.claim(L("完整重算 QK 次数: 333136"), "no-cache QK count", ["333136"], [nocache])
e.claim(L("缓存路径 QK 次数: 12720"), "cached QK count", ["12720"], [cached])
e.claim(L("26 倍端到端加速"), "ratio of the QK counts", ["26"], [R(nocache, cached)], rounded_int=True)
e.given(L("B_{\\mathrm{token}} = 2LH_{\\mathrm{kv}}D_h B_{\\mathrm{dtype}}"), "factor 2 for K and V")
e.given(L("例：32 层、32 个 KV heads、head size 128"), "32 layers, 32 KV heads, 128, 2 bytes")
KiB, MiB, GiB = 2 ** 10, 2 ** 20, 2 ** 30
for heads, per_tok, total, unit in ((32, "512", "1", GiB), (8, "128", "256", MiB)):
    b = 2 * 32 * heads * 128 * 2
    l0 = L(f"2\\times32\\times{heads}\\times128\\times2")
    e.given(l0, f"product with {heads} KV heads")
    e.claim(l0 + 1, f"bytes per token, {heads} KV heads (KiB)", [per_tok], [R(b, KiB)])
    e.given(l0 + 2, "2048 tokens")
    e.claim(l0 + 2, f"2048 tokens, {heads} KV heads", [total], [R(2048 * b, unit)])
e.given(L("同一模型改用 8 个 KV heads 的 GQA"), "8 KV heads")
ln = L("比如 8 个请求平均各缓存 2,048 token")
e.given(ln, "8 requests of 2,048 tokens; 8 KV heads; 256 MiB restated")
b8 = 2 * 32 * 8 * 128 * 2
e.claim(ln, "per-request cache restated (MiB) and total (GiB)", ["256", "2"],
        [R(2048 * b8, MiB), R(8 * 2048 * b8, GiB)])

# --- 1.8 toy inferencer output --------------------------------------------------------------------------
e.given(L("2026-09-07 的实际输出"), "date of the run")
e.claim(L("prefill cache entries per layer: 4"), "prompt <bos> 我 喜欢 读 = 4 tokens", ["4"], [4])
for k in (1, 2, 3):
    amb(L(f"decode step {k}: max cached/full diff"),
        "the sampled token id and the measured cached/full difference come from seeded random weights that are "
        "not printed (unverifiable)")
e.claim(L("QK score count example (P=128, G=32)"), "QK counts", ["333136", "12720"], [nocache, cached])
for T, label in ((R(1, 2), "T=0.5:"), (1, "T=1.0:"), (2, "T=2.0:")):
    ln = L(label + " [")
    printed = e.lines[ln - 1].split("[")[1].rstrip("]").split(", ")
    e.claim(ln, f"probabilities at {label}", printed, P[T].row(0))
e.claim(L("attention scores: ["), "scores", ["0.7071", "0.3536", "1.0607"], S.row(0))
e.claim(L("attention probabilities: ["), "weights", ["0.3199", "0.2246", "0.4555"], A.row(0))
e.claim(L("attention output: ["), "output", ["1.2309", "0.9047"], O.row(0))

# --- exercise -------------------------------------------------------------------------------------------
e.given(L("KV heads 从 32 个改成 8 个"), "32 -> 8 KV heads")
e.claim(L("降为原来的 $8/32=1/4$"), "capacity ratio", ["1/4"], [R(8, 32)])
e.done()
