# Expected verdicts for zh-gqa-wyann22-qwen3-8b-param-count.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# Article: yan.wang (wyann22)'s AIOS course, lesson 1 (Chinese): Qwen3-8B as the running example - GQA projection
# sizes, RoPE frequencies, softmax / temperature examples, O(n^2) cost, SiLU values, and a full per-layer and
# whole-model parameter count.
# Inputs (as the article states them): vocab 151936, hidden 4096, 36 layers, 32 Q heads, 8 KV heads, head_dim 128,
# intermediate 14336 (the article's value), RMSNorm weights of size 4096; RoPE base 10000 or 1000000.
# Exact values:
#   q/o 4096*4096 = 16,777,216; k/v 4096*1024 = 4,194,304; attention 41,943,040; gate/up/down 58,720,256;
#   MLP 176,160,768; norms 8,192; one layer 218,112,000; 36 layers 7,852,032,000; embedding = lm_head
#   622,329,856; total untied 9,096,695,808 (9.1B), tied 8,474,365,952.
#   Per-layer shares: q 7.6920%, k 1.9230%, attention 19.2300%, gate 26.9221%, MLP 80.7662%.
#   Whole model: embedding 6.841%, attention 16.599%, MLP 69.715%.
#   softmax([2,1,0.1]) = [0.6590, 0.2424, 0.0986], e^2+e+e^0.1 = 11.2125; softmax([2,1,0]) = [0.6652, 0.2447, 0.0900];
#   T=0.5 -> softmax([4,2,0]) = [0.8668, 0.1173, 0.0159]; T=2 -> [0.5065, 0.3072, 0.1863];
#   softmax([1000,1000.1,1000.2]) = softmax([0,0.1,0.2]) = [0.3006, 0.3322, 0.3672];
#   softmax([2.1,-0.5,1.3,0.8]) = [0.5568, 0.0414, 0.2502, 0.1517]; SiLU(-2..2) = -0.2384, -0.2689, 0, 0.7311, 1.7616;
#   RoPE inv_freq base^(-i/128): base 1e4 -> 1, 0.8660, 0.7499, ..., 1.155e-4; base 1e6 -> 1, 0.8058, 0.6494, ..., 1.24e-6.
# Wrong lines:
#   - "Q: 4096 × 4096 = 16.7M FLOPs/token": 16,777,216 = 16.8M (truncated; 2x for FLOPs would be 33.6M) - slip.
#   - inv_freq "[1.0, 0.93, 0.87, ..., 0.00001]": right 0.8660, 0.7499, 0.000115 (base 1e4; base 1e6 also disagrees) - slip.
#   - T=0.5 "[0.84, 0.11, 0.04]": right [0.87, 0.12, 0.02] - slip.
#   - print of softmax([1000.0, 1000.1, 1000.2]) "[0.0900, 0.2447, 0.6652]" (that is softmax([0,1,2])):
#     right [0.3006, 0.3322, 0.3672] - slip.
#   - attention weights "[0.42, 0.03, 0.29, 0.26]" for scores [2.1, -0.5, 1.3, 0.8]: right [0.56, 0.04, 0.25, 0.15]
#     (no common scaling reproduces them either) - slip.
#   - "(4 × hidden × 2) / 3 ≈ 14336": 32768/3 = 10922.67 - slip.
#   - gate/up/down share "26.91%" (three lines): 26.92% - slip.
#   - MLP share "80.73%" (= 3 × 26.91): 80.77% - carried.
#   - "总参数大约是 8.3B" with untied weights: the article's own inputs give 9,096,695,808 = 9.1B - slip.
#   - attention share "19.22%" (= 7.69+1.92+1.92+7.69, the rounded shares summed; exact 19.23%) - drift (policy 4: a
#     printed value computed from rounded ones; the line shows no arithmetic, so policy 5 does not apply).
# Ambiguous: "7.39+2.72+1.11=11.22" (sum of rounded exponentials; exact 11.2125 -> 11.21); n^2 for 4K and 128K ("16M", "16B": right with binary M/B, 16.8M and 17.2B
# with decimal ones); the library analogy's elided lists "[0.95, 0.1, 0.3, ...]" -> "[0.7, 0.01, 0.15, ...]";
# rough ranges "60-70%", "~20-30% | ~70-80%"; "~600M" saved by sharing (622.3M; one-significant-figure rounding).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["gqa", "parameters", "softmax", "temperature", "rope", "complexity"])
L = e.line
N = lambda ln, what, printed, exact, cause="slip": number_claim(e, ln, what, printed, exact, cause)

V, H, NL, NQ, NKV, HD, I = 151936, 4096, 36, 32, 8, 128, 14336
q = H * NQ * HD
kv = H * NKV * HD
att = 2 * q + 2 * kv
gate = H * I
mlp = 3 * gate
norm = 2 * H
layer = att + mlp + norm
emb = V * H
total_untied = emb + NL * layer + H + emb
total_tied = emb + NL * layer + H
Mi = 10**6
B = 10**9


def sm(xs):
    den = sum(sp.exp(x) for x in xs)
    return [sp.exp(x) / den for x in xs]


def pct(x, tot):
    return R(x, tot)


# --- embedding and projections ---------------------------------------------------------------------
ln = L("拿 Qwen3-8B 来算")
e.given(ln, "vocab 151936, hidden 4096")
e.claim(ln, "embedding params in M", "622", R(emb, Mi), rounded_int=True)
e.claim(ln, "embedding share of the untied total", "7%", R(emb, total_untied) * 100 / 100, rounded_int=True)
for needle in ("# Q/K/V 投影就是 3 个 Linear 层", "self.q_proj = nn.Linear(4096, 4096", "self.k_proj = nn.Linear(4096, 1024",
               "self.v_proj = nn.Linear(4096, 1024"):
    e.given(L(needle), "layer sizes")
e.claim(L("# Q: 4096 × 4096 = 16.7M FLOPs/token"), "4096 × 4096 in M (one multiply-add per weight)", "16.7", R(H * H, Mi))
e.given(L("hidden_size = 4096", 1), "hidden 4096")
e.given(L("num_heads = 32", 1), "32 heads")
e.claim(L("head_dim = hidden_size // num_heads  # = 128"), "4096 / 32", "128", R(H, NQ))
for needle in ("MHA:  32 个 Q heads", "MQA:  32 个 Q heads", "GQA:  32 个 Q heads"):
    e.given(L(needle), "head counts")
e.claim(L("每 4 个 Q heads 共享一组 KV"), "32 / 8", "4", R(NQ, NKV))
e.claim(L("# 32 * 128 = 4096"), "32 * 128", "4096", NQ * HD)
e.claim(L("num_kv_heads * head_dim)    # 8 * 128 = 1024", 1), "8 * 128", "1024", NKV * HD)
e.claim(L("num_kv_heads * head_dim)    # 8 * 128 = 1024", 2), "8 * 128", "1024", NKV * HD)
e.claim(L("- Q: `hidden_size × (num_heads × head_dim)`"), "q params in M", "16.8", R(q, Mi))
e.claim(L("- K: `hidden_size × (num_kv_heads × head_dim)`"), "k params in M", "4.2", R(kv, Mi))
e.claim(L("- V: `hidden_size × (num_kv_heads × head_dim)`"), "v params in M", "4.2", R(kv, Mi))
e.claim(L("- O（输出投影）"), "o params in M", "16.8", R(q, Mi))
e.claim(L("- **每层 Attention 合计**"), "attention params per layer in M", "42", R(att, Mi), rounded_int=True)

# --- RoPE frequencies ---------------------------------------------------------------------------------
e.claim(L("head_dim=128 时，向量被拆成 **64 对**"), "128 / 2 pairs", "64", R(HD, 2))
for needle in ("θ₀ = 1 / base^(0/128)", "θ₁ = 1 / base^(2/128)", "θ₂ = 1 / base^(4/128)", "θ₆₃ = 1 / base^(126/128)"):
    e.given(L(needle), "frequency formula")
e.claim(L("# inv_freq 形状: (head_dim / 2,) = (64,)"), "head_dim / 2", "64", R(HD, 2))
e.given(L("inv_freq = 1.0 / (base **"), "formula")
e.given(L("#                           [0, 2, 4, ..., 126] / 128"), "exponents")
base = 10000
e.claim(L("# 结果: [1.0, 0.93, 0.87, ..., 0.00001]"), "inv_freq base^(-i/128), i = 0, 2, 4, 126 (base 1e4; 1e6 disagrees too)",
        ["1.0", "0.93", "0.87", "0.00001"], [sp.Integer(base) ** R(-i, 128) for i in (0, 2, 4, 126)])
e.given(L("`base` 一般取 10000"), "base 10000 / 1000000")

# --- softmax ------------------------------------------------------------------------------------------
e.given(L("对向量 $z = [z_1, z_2, ..., z_n]$"), "notation")
e.given(L("\\text{softmax}(z_i) = \\frac{e^{z_i}}"), "formula")
s1 = [2, 1, R(1, 10)]
e.given(L("输入 scores:  [2.0,  1.0,  0.1]"), "scores")
e.claim(L("指数化:       [7.39, 2.72, 1.11]"), "e^2, e^1, e^0.1", ["7.39", "2.72", "1.11"], [sp.exp(x) for x in s1])
e.ambiguous(L("↓ 除以总和 (7.39+2.72+1.11=11.22)"),
            "11.22 is the sum of the rounded exponentials (right as written); the exact sum 11.2125 rounds to 11.21")
e.claim(L("概率分布:     [0.66, 0.24, 0.10]  ← 和为 1.0"), "softmax([2, 1, 0.1]) and its sum",
        ["0.66", "0.24", "0.10", "1.0"], sm(s1) + [sum(sm(s1))])
e.given(L("def softmax_with_temperature(x, temperature=1.0):"), "T default 1.0")
e.given(L("return F.softmax(x / temperature, dim=-1)"), "code")
e.given(L("# 示例：x = [2.0, 1.0, 0.0]"), "x")
x3 = [2, 1, 0]
e.claim(L("# T=1.0 (默认):  [0.67, 0.24, 0.09]"), "softmax(x / 1)", ["0.67", "0.24", "0.09"], sm(x3))
e.claim(L("# T=0.5 (低温):  [0.84, 0.11, 0.04]"), "softmax(x / 0.5)", ["0.84", "0.11", "0.04"], sm([4, 2, 0]))
e.claim(L("# T=2.0 (高温):  [0.51, 0.31, 0.19]"), "softmax(x / 2)", ["0.51", "0.31", "0.19"], sm([1, R(1, 2), 0]))
e.given(L("x = torch.tensor([1000.0, 1000.1, 1000.2])"), "large logits")
e.given(L("probs = F.softmax(x, dim=0)"), "dim 0")
e.claim(L("print(probs)  # tensor([0.0900, 0.2447, 0.6652])"), "softmax([1000, 1000.1, 1000.2])",
        ["0.0900", "0.2447", "0.6652"], sm([0, R(1, 10), R(2, 10)]))
e.given(L("# exp(1000) = inf!"), "overflow remark")
sc = [R(21, 10), R(-1, 2), R(13, 10), R(8, 10)]
e.given(L("Q·K^T 分数:     [2.1,  -0.5,  1.3,  0.8]"), "scores")
e.claim(L("注意力权重:     [0.42,  0.03,  0.29,  0.26]"), "softmax of the scores",
        ["0.42", "0.03", "0.29", "0.26"], sm(sc))
e.given(L("而权重总和为 1"), "weights sum to 1")
e.ambiguous(L("[0.95, 0.1, 0.3, ...]  ← 相关性分数"), "illustrative scores with elided entries")
e.ambiguous(L("[0.7, 0.01, 0.15, ...]  ← 归一化后"),
            "illustrative weights over elided entries (no scale stated; the values cannot be recomputed)")
for word in ("    The  [0.9", "    cat  [0.3", "    sat  [0.1", "    on   [0.1", "    the  [0.05", "    mat  [0.05"):
    e.given(L(word), "illustrative attention weights")

# --- O(n^2) -------------------------------------------------------------------------------------------
e.claim(L("n = 1K   → n² = 1M 次操作"), "1K squared in M", "1", R(1024 ** 2, Mi), rounded_int=True)
e.ambiguous(L("n = 4K   → n² = 16M 次操作"), "4096^2 = 16,777,216: 16 Mi (binary) but 16.8M (decimal); 4000^2 = 16M")
e.claim(L("n = 32K  → n² = 1B 次操作"), "32K squared in B", "1", R(32768 ** 2, B), rounded_int=True)
e.ambiguous(L("n = 128K → n² = 16B 次操作"), "131072^2 = 2^34: 16 Gi (binary) but 17.2B (decimal); 128000^2 = 16.4B")

# --- SiLU ---------------------------------------------------------------------------------------------
e.given(L("常用 $\\text{SiLU}(x) = x \\cdot \\sigma(x)"), "formula")
e.given(L("输入:  [-2,   -1,    0,   1,     2   ]"), "inputs")
e.claim(L("输出:  [-0.24, -0.27, 0,   0.73,  1.76]"), "SiLU(-2..2)", ["-0.24", "-0.27", "0", "0.73", "1.76"],
        [x / (1 + sp.exp(-x)) for x in (-2, -1, 0, 1, 2)])

# --- MLP -----------------------------------------------------------------------------------------------
e.given(L("MLP 由 gate_proj、up_proj、down_proj 三个投影组成"), "hidden 4096, intermediate 14336")
for needle in ("- gate_proj: `4096 × 14336` ≈ 58.7M", "- up_proj: `4096 × 14336` ≈ 58.7M", "- down_proj: `14336 × 4096` ≈ 58.7M"):
    e.claim(L(needle), "4096 × 14336 in M", "58.7", R(gate, Mi))
e.claim(L("- **每层 MLP 合计**"), "MLP params per layer in M", "176", R(mlp, Mi), rounded_int=True)
e.ambiguous(L("MLP 一般要占 **60-70%**"), "a rough general range (69.7% untied, 74.8% tied for this model)")
e.ambiguous(L("| **参数占比** | ~20-30% | ~70-80% |"), "rough ranges (per layer 19.2% / 80.8%; whole model 16.6% / 69.7%)")

# --- configuration ---------------------------------------------------------------------------------------
for needle in ("vocab_size = 151936", "hidden_size = 4096           #", "num_hidden_layers = 36", "num_attention_heads = 32",
               "num_key_value_heads = 8", "head_dim = 128               #", "intermediate_size = 14336    #",
               "rms_norm_eps = 1e-6"):
    e.given(L(needle), "configuration")
e.given(L("│              = 151936 × 4096"), "factors")
ln = L("│              = 622,329,856 ≈ 622.3M")
N(ln, "embedding params", "622,329,856", emb)
e.claim(ln, "embedding in M", "622.3", R(emb, Mi))
ln = L("于是总数 = 151,936 × 4,096 = **622,329,856**")
N(ln, "151,936 × 4,096", "622,329,856", emb)
e.claim(ln, "embedding in M", "622", R(emb, Mi), rounded_int=True)
for h in ("##### 2.1 Self-Attention", "##### 2.2 MLP (SwiGLU)", "##### 2.3 RMSNorm", "##### 2.4 单层汇总"):
    e.given(L(h), "section number")

# --- attention box --------------------------------------------------------------------------------------
for i in range(1, 6):
    e.given(L("│     输入: hidden_size = 4096", i), "input size")
for i in (1, 2):
    e.given(L("│     输出: hidden_size = 4096", i), "output size")
for i in (1, 2):
    e.claim(L("num_heads × head_dim = 32 × 128 = 4096", i), "32 × 128", "4096", NQ * HD)
for i in (1, 2):
    ln = L("│     参数: 4096 × 4096 = 16,777,216 ≈ 16.78M", i)
    N(ln, "4096 × 4096", "16,777,216", q)
    e.claim(ln, "in M", "16.78", R(q, Mi))
for i in (1, 2):
    e.claim(L("│     输出: num_kv_heads × head_dim = 8 × 128 = 1024", i), "8 × 128", "1024", NKV * HD)
    ln = L("│     参数: 4096 × 1024 = 4,194,304 ≈ 4.19M", i)
    N(ln, "4096 × 1024", "4,194,304", kv)
    e.claim(ln, "in M", "4.19", R(kv, Mi))
e.given(L("│  ② K Projection (k_proj) — GQA: 只有 8 个 KV heads"), "8 KV heads")
e.given(L("│  ③ V Projection (v_proj) — GQA: 只有 8 个 KV heads"), "8 KV heads")
e.given(L("│  Attention 总计: 16.78M + 4.19M + 4.19M + 16.78M"), "restated parts")
ln = L("│                = 41,943,040 ≈ 41.94M")
N(ln, "attention params", "41,943,040", att)
e.claim(ln, "in M", "41.94", R(att, Mi))
e.claim(L("标准 MHA:  Q=32头, K=32头, V=32头"), "MHA K/V projection in M", "16.78", R(H * NQ * HD, Mi))
e.claim(L("GQA-8:    Q=32头, K=8头,  V=8头"), "GQA K/V projection in M", "4.19", R(kv, Mi))
e.claim(L("节省 75% 的 KV 参数"), "1 - 8/32", "75%", 1 - R(NKV, NQ))

# --- MLP box ---------------------------------------------------------------------------------------------
for i in (1, 2):
    e.given(L("│     输出: intermediate_size = 14336", i), "intermediate size")
e.given(L("│     输入: intermediate_size = 14336"), "intermediate size")
for i in (1, 2):
    ln = L("│     参数: 4096 × 14336 = 58,720,256 ≈ 58.72M", i)
    N(ln, "4096 × 14336", "58,720,256", gate)
    e.claim(ln, "in M", "58.72", R(gate, Mi))
ln = L("│     参数: 14336 × 4096 = 58,720,256 ≈ 58.72M")
N(ln, "14336 × 4096", "58,720,256", gate)
e.claim(ln, "in M", "58.72", R(gate, Mi))
ln = L("│  MLP 总计: 58.72M × 3 = 176,160,768 ≈ 176.16M")
N(ln, "MLP params", "176,160,768", mlp)
e.claim(ln, "in M", "176.16", R(mlp, Mi))
e.given(L("**intermediate_size 为什么是 14336？**"), "question restating 14336")
e.claim(L("传统 FFN: intermediate = 4 × hidden = 4 × 4096 = 16384"), "4 × 4096", "16384", 4 * H)
e.claim(L("intermediate = (4 × hidden × 2) / 3 ≈ 14336"), "(4 × 4096 × 2) / 3", "14336", R(8 * H, 3), rounded_int=True)
e.given(L("(因为 SwiGLU 有 3 个投影矩阵而不是 2 个)"), "3 vs 2 matrices")

# --- RMSNorm box -------------------------------------------------------------------------------------------
for i in (1, 2):
    e.given(L("│     参数: hidden_size = 4096", i), "norm size")
ln = L("│  RMSNorm 总计: 4096 × 2 = 8,192 ≈ 8.19K")
N(ln, "4096 × 2", "8,192", norm)
e.claim(ln, "in K", "8.19", R(norm, 1000))

# --- per-layer table ------------------------------------------------------------------------------------------
rows = [("│ q_proj", "16,777,216", q, "7.69%"), ("│ k_proj", "4,194,304", kv, "1.92%"),
        ("│ v_proj", "4,194,304", kv, "1.92%"), ("│ o_proj", "16,777,216", q, "7.69%")]
for needle, p, val, share in rows:
    ln = L(needle)
    N(ln, f"{needle[2:]} params", p, val)
    e.claim(ln, f"{needle[2:]} share of {layer}", share, pct(val, layer))
ln = L("│ **Attention 小计**")
N(ln, "attention params", "41,943,040", att)
# (corrected after first contact: the line shows no arithmetic, so policy 5 does not apply; a printed
# share computed from rounded shares is wrong for the reader, policy 4, cause drift)
e.claim(ln, "attention share (7.69+1.92+1.92+7.69, the author's rounded shares)", "19.22%", pct(att, layer),
        cause="drift")
for needle in ("│ gate_proj", "│ up_proj", "│ down_proj"):
    ln = L(needle)
    N(ln, f"{needle[2:]} params", "58,720,256", gate)
    e.claim(ln, f"{needle[2:]} share of {layer}", "26.91%", pct(gate, layer))
ln = L("│ **MLP 小计**")
N(ln, "MLP params", "176,160,768", mlp)
e.claim(ln, "MLP share (3 × the author's 26.91%)", "80.73%", pct(mlp, layer), cause="carried")
for needle in ("│ input_layernorm", "│ post_attn_layernorm"):
    ln = L(needle)
    N(ln, "norm params", "4,096", H)
    e.claim(ln, "norm share", "0%", pct(H, layer))
ln = L("│ **RMSNorm 小计**")
N(ln, "norm params", "8,192", norm)
e.claim(ln, "norm share", "0%", pct(norm, layer))
ln = L("│ **单层总计**")
N(ln, "layer params", "218,112,000", layer)
e.claim(ln, "share", "100%", 1)
e.claim(L("│                      │   **(≈218.1M)**"), "layer in M", "218.1", R(layer, Mi))
ln = L("**结论**：一层里 MLP 大约占 **~81%**")
e.claim(ln, "MLP and attention shares", ["81%", "19%"], [pct(mlp, layer), pct(att, layer)], rounded_int=True)

# --- all layers, output, totals -----------------------------------------------------------------------------
ln = L("36 层 × 218,112,000 = 7,852,032,000 ≈ 7.852B")
e.given(ln, "36 layers")
N(ln, "36 × 218,112,000", "7,852,032,000", NL * layer)
e.claim(ln, "in B", "7.852", R(NL * layer, B))
e.given(L("│     输入: hidden_size = 4096", 6), "lm_head input")
e.given(L("│     输出: vocab_size = 151936"), "vocab")
e.given(L("│     参数: hidden_size = 4096", 3), "final norm")
ln = L("│     参数: 4096 × 151936 = 622,329,856 ≈ 622.3M")
N(ln, "4096 × 151936", "622,329,856", emb)
e.claim(ln, "in M", "622.3", R(emb, Mi))
e.claim(L("这样可节省 622M 参数"), "tied saving in M", "622", R(emb, Mi), rounded_int=True)
ln = L("│  输出层总计: 4096 + 622,329,856 = 622,333,952 ≈ 622.3M")
N(ln, "4096 + 622,329,856", "622,333,952", H + emb)
e.claim(ln, "in M", "622.3", R(H + emb, Mi))
e.given(L("(如果权重共享，则只有 4096)"), "final norm only")
N(L("│ embed_tokens                 │"), "embedding", "622,329,856", emb)
e.claim(L("│                              │        (622.3M)", 1), "in M", "622.3", R(emb, Mi))
ln = L("│ 36 × Transformer Layer")
e.given(ln, "36 layers")
N(ln, "36 layers", "7,852,032,000", NL * layer)
ln = L("│   ├─ 36 × Attention")
N(ln, "36 × attention", "1,509,949,440", NL * att)
e.claim(ln, "in B", "1.51", R(NL * att, B))
ln = L("│   ├─ 36 × MLP")
N(ln, "36 × MLP", "6,341,787,648", NL * mlp)
e.claim(ln, "in B", "6.34", R(NL * mlp, B))
ln = L("│   └─ 36 × RMSNorm×2")
N(ln, "36 × 8,192", "294,912", NL * norm)
e.claim(ln, "in M", "0.3", R(NL * norm, Mi))
N(L("│ Final norm"), "final norm", "4,096", H)
N(L("│ lm_head (若不共享)"), "lm_head", "622,329,856", emb)
e.claim(L("│                              │        (622.3M)", 2), "in M", "622.3", R(emb, Mi))
N(L("│ **总计 (不共享权重)**"), "untied total", "9,096,695,808", total_untied)
e.claim(L("│                              │      **(≈9.1B)**"), "in B", "9.1", R(total_untied, B))
N(L("│ **总计 (共享权重)**"), "tied total", "8,474,365,952", total_tied)
e.claim(L("│                              │      **(≈8.47B)**"), "in B", "8.47", R(total_tied, B))
e.claim(L("因此总参数大约是 **8.3B**"), "untied total in B (the article's own inputs)", "8.3", R(total_untied, B))

# --- distribution ---------------------------------------------------------------------------------------------
e.claim(L("参数量分布（不共享权重，约 9.1B）"), "untied total in B", "9.1", R(total_untied, B))
ln = L("Embedding (622M)")
e.claim(ln, "embedding in M and share", ["622", "6.8%"], [R(emb, Mi), pct(emb, total_untied)], rounded_int=True)
ln = L("Attention (1.51B)")
e.claim(ln, "attention in B and share", ["1.51", "16.6%"], [R(NL * att, B), pct(NL * att, total_untied)])
ln = L("MLP (6.34B)")
e.claim(ln, "MLP in B and share", ["6.34", "69.7%"], [R(NL * mlp, B), pct(NL * mlp, total_untied)])
ln = L("lm_head (622M)")
e.claim(ln, "lm_head in M and share", ["622", "6.8%"], [R(emb, Mi), pct(emb, total_untied)], rounded_int=True)
ln = L("其他 (<1M)")
e.given(ln, "bound: norms 299,008 < 1M")
e.claim(ln, "norms share", "0%", pct(NL * norm + H, total_untied))

# --- summary table ----------------------------------------------------------------------------------------------
e.claim(L("| **MLP 最占参数** |"), "MLP share of the untied total", "70%", pct(NL * mlp, total_untied), rounded_int=True)
e.claim(L("| **Embedding 不能忽略** |"), "embedding share", "7%", pct(emb, total_untied), rounded_int=True)
e.claim(L("| **RMSNorm 可以忽略** |"), "norm params per layer in K", "8", R(norm, 1000), rounded_int=True)
e.ambiguous(L("| **共享权重能省参数** |"), "'~600M' for 622.3M: right only as one-significant-figure rounding")

e.done()
