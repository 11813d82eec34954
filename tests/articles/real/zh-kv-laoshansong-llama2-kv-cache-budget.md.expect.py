# Expected verdicts for zh-kv-laoshansong-llama2-kv-cache-budget.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese interview note on KV Cache: why K/V are cached, the size formula, a LLaMA-2 7B worked example, a model
# comparison table, GQA savings, Prefill vs Decode, PagedAttention, and a LLaMA-2 13B interview exercise.
# Inputs: formula 2 x n_layers x n_kv_heads x d_head x seq_len x batch x dtype_bytes; LLaMA-2 7B: 32 layers,
#   32 KV heads, d_head 128, seq_len 4096, batch 1, FP16 (2 bytes); 128K = 131,072 tokens; 70B = 70e9 params,
#   7B = 7e9 params, FP16 weights; LLaMA-2 70B has 64 Q heads and 8 KV heads (stated on the GQA line);
#   LLaMA-2 13B: 40 layers, 40 heads, d_head 128, FP16, batch 8, seq_len 2048, 13e9 params.
# Exact values: 7B @4096: 2,147,483,648 B = 2 GiB = 2.147 GB ("≈ 2 GB" / "~2 GB" right under both units);
#   7B @128K: 68,719,476,736 B = 64 GiB = 68.72 GB ("~64 GB" right in GiB, the table's unit);
#   70B weights 140e9 B = 140 GB (right in decimal GB); 64 / 8 = 8x fewer KV heads;
#   7B weights 14e9 B = 14 GB; 13B KV 2*40*40*128*2048*8*2 = 13,421,772,800 B = 13.42 GB (12.5 GiB): "13.4 GB" right
#   in decimal GB; 13B weights 26e9 B = 26 GB.
# Ambiguous: the LLaMA-2 70B and Mistral 7B table rows (and the "33GB" restated later) need n_layers and d_head,
#   which the article never gives for those models (with the public 70B config of 80 layers x 128 dims the 128K
#   figure would be 40 GiB / 42.9 GB, with Mistral's public 32 x 128 the row would be 0.5 / 16 GiB);
#   "总计约 40GB" is a rough round-up of 26 + 13.4 = 39.4; the PagedAttention fill bars ("浪费 50% / 85% / 0%")
#   are schematic, the used lengths are not stated; "总利用率 < 40%" is a quoted bound.
# No line is wrong under the article's own inputs.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv-cache", "gqa", "memory"])
GiB = sp.Integer(2) ** 30
GB = sp.Integer(10) ** 9


def kv(layers, heads, dh, seq, batch, nbytes=2):
    return sp.Integer(2 * layers * heads * dh * seq * batch * nbytes)


def size(line, what, printed, nbytes):
    number_claim(e, line, what, printed, [("GiB", nbytes / GiB), ("GB", nbytes / GB)])


KV7_4K = kv(32, 32, 128, 4096, 1)
KV7_128K = kv(32, 32, 128, 128 * 1024, 1)
KV13 = kv(40, 40, 128, 2048, 8)

# --- counting argument and step sketches (indices only) ------------------------------------------------
e.given(e.line("前面 n-1 个 token"), "n - 1 previous tokens, symbolic")
e.given(e.line("- 生成第 1 个 token"), "step index 1")
e.given(e.line("- 生成第 2 个 token"), "step index 2")
e.given(e.line("总计算量 = 1 + 2 + 3 + ... + n"), "sum of step sizes, symbolic")
for k in (1, 2, 3):
    e.given(e.line(f"Step {k}: 生成"), f"step {k} of the sketch")
e.given(e.line("每步只计算 1 个新 token"), "one new token per step")
for k in (1, 2, 3, 4):
    e.given(e.line(f"t={k}: [K₁V₁]"), f"time step {k}")
e.given(e.line("Q₄ · [K₁ K₂ K₃ K₄]"), "query 4 against keys 1..4")

# --- size formula and the LLaMA-2 7B example -----------------------------------------------------------
e.given(e.line("KV Cache 大小 = 2 × n_layers"), "formula with the factor 2 for K and V")
e.given(e.line("式中的 `2` 表示"), "the factor 2")
e.given(e.line("拿 **LLaMA-2 7B**（FP16，batch=1，seq_len=4096）"), "LLaMA-2 7B, FP16, batch 1, seq 4096")
e.given(e.line("| n_layers | 32 |"), "32 layers")
e.given(e.line("| n_kv_heads | 32（MHA 模式）|"), "32 KV heads")
e.given(e.line("| d_head | 128 |"), "d_head 128")
e.given(e.line("| seq_len | 4096 |"), "seq_len 4096")
e.given(e.line("| dtype_bytes | 2 |"), "2 bytes")
e.given(e.line("KV Cache = 2 × 32 × 32 × 128 × 4096 × 1 × 2 bytes"), "inputs substituted")
e.given(e.line("= 2 × 32 × 32 × 128 × 4096 × 2"), "inputs substituted, batch dropped")
L = e.line("= 2,147,483,648 bytes ≈ 2 GB")
number_claim(e, L, "2*32*32*128*4096*2 bytes", "2,147,483,648", KV7_4K)
size(L, "7B KV cache at 4096", "2", KV7_4K)

# --- comparison table -----------------------------------------------------------------------------------
e.given(e.line("| 模型 | 参数量 | KV 头数 | seq_len=4096 FP16 | seq_len=128K FP16 |"), "column headers 4096 / 128K")
L = e.line("| LLaMA-2 7B (MHA) | 7B | 32 | ~2 GB | ~64 GB |")
e.given(L, "7B, 32 KV heads")
size(L, "7B KV cache at 4096", "2", KV7_4K)
size(L, "7B KV cache at 128K", "64", KV7_128K)
e.ambiguous(e.line("| LLaMA-2 70B (GQA) | 70B | 8 | ~1 GB | ~33 GB |"),
            "n_layers and d_head of LLaMA-2 70B are not stated (public 80 x 128 would give 1.25 GiB and 40 GiB)")
e.ambiguous(e.line("| Mistral 7B (GQA) | 7B | 8 | ~0.5 GB | ~16 GB |"),
            "n_layers and d_head of Mistral 7B are not stated")
L = e.line("70B 模型权重 ~140GB")
size(L, "70e9 params x 2 bytes", "140", sp.Integer(70 * 10**9 * 2))
e.ambiguous(L, "the 33GB restates the 70B table row, whose layer count and head size are not stated")

# --- GQA --------------------------------------------------------------------------------------------------
for needle in ("Q₁ Q₂ Q₃ Q₄ → 各自对应", "GQA（Grouped-Query Attention, G=4）", "Q₁ Q₂ → 共享 K₁/V₁",
               "Q₃ Q₄ → 共享 K₂/V₂", "Q₁ Q₂ Q₃ Q₄ → 全部共享", "  KV 份数 = 1"):
    e.given(e.line(needle), "schematic head labels / definition")
L = e.line("KV Cache 减少 8 倍")
e.given(L, "8 KV heads, 64 Q heads")
e.claim(L, "64 Q heads / 8 KV heads", ["8"], [R(64, 8)])

# --- Prefill / Decode -------------------------------------------------------------------------------------
e.given(e.line("上一时刻生成的 1 个 token"), "one token per decode step")
e.given(e.line("Decode 每一步只处理 **1 个 token**"), "one token, about 2 x params FLOPs (symbolic)")
L = e.line("（7B 模型 = 14GB FP16）")
size(L, "7e9 params x 2 bytes", "14", sp.Integer(7 * 10**9 * 2))

# --- PagedAttention -----------------------------------------------------------------------------------------
e.ambiguous(e.line("请求 A（max_len=2048）"), "schematic fill bar; the used length of the request is not stated")
e.ambiguous(e.line("请求 B（max_len=4096）"), "schematic fill bar; the used length of the request is not stated")
e.ambiguous(e.line("请求 C（max_len=1024）"), "schematic fill bar; the used length of the request is not stated")
e.ambiguous(e.line("总利用率 < 40%"), "quoted utilisation bound, no inputs")
e.given(e.line("（如 16 token/block）"), "block size 16")
e.given(e.line("│ B0 │ B1 │ B2 │"), "block labels")
e.given(e.line("请求 A 的 Block Table: [B0, B1, B7]"), "block labels")
e.given(e.line("请求 B 的 Block Table: [B2, B3]"), "block labels")
e.given(e.line("请求 C 的 Block Table: [B5]"), "block labels")

# --- interview exercise: LLaMA-2 13B ---------------------------------------------------------------------------
e.given(e.line("> 公式：`2 × n_layers"), "formula")
e.given(e.line("以 LLaMA-2 13B（40层, 40头, d_head=128, FP16, batch=8, seq_len=2048）"), "13B inputs")
L = e.line("`2 × 40 × 40 × 128 × 2048 × 8 × 2 ≈ 13.4 GB`")
size(L, "13B KV cache, batch 8, seq 2048", "13.4", KV13)
L = e.line("13B 模型权重约 26GB")
size(L, "13e9 params x 2 bytes", "26", sp.Integer(13 * 10**9 * 2))
size(L, "13B KV cache restated", "13.4", KV13)
e.ambiguous(L, "'总计约 40GB' is a rough round-up of 26 + 13.4 = 39.4 GB")
e.given(e.line("vLLM 默认 block_size=16"), "block sizes 16, 32-64 and 128K+ quoted")
e.done()
