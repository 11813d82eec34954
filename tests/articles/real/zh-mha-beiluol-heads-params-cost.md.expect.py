# Expected verdicts for zh-mha-beiluol-heads-params-cost.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese study-note chapter (beiluoL, "llm-fundamentals" notes) on attention: RNN bottleneck, a retrieval-style toy
# weight row, demo-script readings, the sqrt(d_k) scaling, masks, multi-head shapes and parameter counts, KV-head ratios
# and the quadratic cost.
# Inputs: RNN over h1..h100; toy weights [0.07, 0.09, 0.03, 0.60, 0.10, 0.11]; demo with 6 tokens, d_model=8, d_k=4 and
# random weights (measured |score| mean 1.457); d_model=512, h=8; heads 32 with 32 / 8 / 1 KV heads; n=4k (4096), d=4096,
# 2 bytes, 32 heads.
# Exact values: 100 - 1 = 99 hops; toy weights sum to 1.00 (the four "similarities" printed above them cannot be pushed
# through a softmax because two of the six scores are not given -> noted); softmax rows sum to 1 and masked entries are 0;
# sqrt(4) = 2 and 1.457 / 2 = 0.7285 -> "0.729" (exact tie at 3 places: agrees); Var(q.k / sqrt(d_k)) = 1;
# d_head = 512 / 8 = 64, concat 8 x 64 = 512; 512 x 512 = 262,144; KV share 32/32 = 100 %, 8/32 = 25 %, 1/32 = 3.125 % ->
# "3%" (2 places of a fraction: agrees); 4096^2 x 2 B x 32 = 1,073,741,824 B = 1 GiB (1.07 GB) -> "≈ 1 GB"; doubling n ->
# 2^2 = 4 times the cost.
# The max error 2.78e-17 and the 1.457 mean come from a random-weight run (ambiguous / given).
# No wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["mha", "complexity", "gqa", "mask"])
L = e.line

# --- 2.1 -------------------------------------------------------------------------------------
e.given(L("RNN:   h1 ──► h2"), "hidden states h1 .. h100")
e.claim(L("第 100 步要用第 1 步的信息"), "hops from step 1 to step 100", "99", 100 - 1)

# --- 2.2 toy weights ----------------------------------------------------------------------------
e.given(L("得到一组加起来为 1 的权重"), "weights sum to 1 (definition)")
for needle, v in (('Key1:   "我"', "0.07"), ('Key3:   "北京"', "0.03"), ('Key4:   "吃"', "0.60"), ('Key6:   "鸭"', "0.11")):
    e.given(L(needle), f"illustrative similarity {v}")
w = [R(x) for x in ("0.07", "0.09", "0.03", "0.60", "0.10", "0.11")]
ln = L("权重:   [0.07, 0.09, 0.03, 0.60, 0.10, 0.11]")
e.given(ln, "illustrative weight row")
e.claim(ln, "weights sum", "1", sum(w))
e.ambiguous(ln, "the row is not the softmax of printed scores: two of the six scores are missing (illustration)")
e.given(L("输出 =  0.07·V(我)"), "restates the weights as coefficients")

# --- 2.3 demo ----------------------------------------------------------------------------------
e.given(L("用的是 6 个 token、d_model=8、d_k=4"), "demo: 6 tokens, d_model 8, d_k 4")
e.claim(L("每一行的和都是 1.000000"), "softmax row sum", "1.000000", R(1))
e.ambiguous(L("最大误差只有 2.78e-17"), "floating-point residue of a random-weight run; not recomputable")
e.claim(L("上三角全为 0**，而每行之和依旧是 1"), "masked weights and row sum", ["0", "1"], [0, 1])

# --- 2.4 scaling -------------------------------------------------------------------------------
e.given(L("各分量独立、均值 0、方差 1"), "zero mean, unit variance components")
e.ambiguous(L("| 小（~1）"), "rough scale '~1', illustrative")
e.ambiguous(L("| 大（±20）"), "rough scale '±20', illustrative")
e.claim(L("方差回到 1，softmax 就留在"), "Var(q.k / sqrt(d_k)) = d_k / d_k", "1", R(1))
e.claim(L("| 除以 √d_k = 2.0 |"), "sqrt(d_k) with d_k = 4", "2.0", sp.sqrt(4))
ln = L("| 打分绝对值均值 | 1.457 | 0.729 |")
e.given(ln, "measured mean |score| 1.457 (random weights)")
e.claim(ln, "1.457 / 2", "0.729", R("1.457") / 2)

# --- 2.5 masks ---------------------------------------------------------------------------------
e.given(L("masked_fill(pad_mask, -1e9)"), "padding fill value -1e9 and mask shape")
e.given(L("M_{ij} = \\begin{cases} 0"), "causal mask definition")
top = L("允许位置:")
for k in range(1, 7):
    e.given(top + k, f"allowed-position row {k} of the causal pattern")

# --- 2.6 multi-head ----------------------------------------------------------------------------
ln = L('X["X (n × 512)"]')
e.given(ln, "d_model 512, h = 8")
e.claim(ln, "d_head = 512 / 8", "64", R(512, 8))
for needle in ('H1["头 1:', 'H2["头 2:', 'H8["头 8:'):
    e.given(L(needle), "head index")
e.claim(L('C["拼接 concat<br/>(n × 512)"]'), "concat width 8 x 64", "512", 8 * 64)
e.given(L('W["输出投影 Wo<br/>(512 × 512)"]'), "output projection 512 x 512")
e.claim(L('O["输出 (n × 512)"]'), "output width after a 512 x 512 projection", "512", 512)
e.given(L("以 d_model=512、h=8 为例"), "d_model 512, h 8")
e.claim(L("| d_head | 512 / 8 | 64 |"), "512 / 8", "64", R(512, 8))
ln = L("| W_Q, W_K, W_V | 各 512×512 | 3 × 262,144 |")
number_claim(e, ln, "entries of one 512 x 512 matrix", "262,144", 512 * 512)
number_claim(e, L("| W_O | 512×512 | 262,144 |"), "entries of W_O", "262,144", 512 * 512)
e.given(L("| 单头方案的参数量 | 512×512 × 3 + W_O |"), "single-head budget stated as an expression")
e.claim(L("| MHA | 32 : 32 | 100% |"), "32 / 32", "100%", R(32, 32))
e.claim(L("| GQA | 32 : 8 | 25% |"), "8 / 32", "25%", R(8, 32))
e.claim(L("| MQA | 32 : 1 | 3% |"), "1 / 32", "3%", R(1, 32))

# --- 2.7 cost ----------------------------------------------------------------------------------
e.given(L("| 项 | 复杂度 | n=4k, d=4096 时的量级 |"), "n = 4k (4096), d = 4096")
e.given(L("| QKV 投影 | $O(n \\cdot d^2)$ | 3 × 4096² × 4096 |"), "order of magnitude written as a product")
e.given(L("| 注意力打分 QKᵀ | $O(n^2 \\cdot d)$ | 4096² × 4096 |"), "order of magnitude written as a product")
ln = L("4096² × 2 bytes × 32 头 ≈ 1 GB")
by = 4096**2 * 2 * 32
number_claim(e, ln, "attention matrices of 32 heads in fp16", "1", [("GiB", R(by, 2**30)), ("GB", R(by, 10**9))])
e.claim(L("注意力部分的开销就变成 4 倍"), "doubling n squares to", "4", 2**2)

# --- 2.9 exercises -----------------------------------------------------------------------------
e.given(L("把 `D_K` 从 4 改成 16、32"), "alternative d_k values")
e.given(L("里的 0.35 换成 2.0"), "weight scales 0.35 and 2.0")
e.given(L("把因果掩码里的 `k=1` 改成 `k=2`"), "mask diagonal offsets")
e.done()
