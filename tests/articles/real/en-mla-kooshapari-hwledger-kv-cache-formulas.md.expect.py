# Expected verdicts for en-mla-kooshapari-hwledger-kv-cache-formulas.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A planner's docs page: KV-cache bytes per token and per layer at "4K ctx" (4,096 tokens, fp16) for MHA, GQA, MQA,
# MLA (DeepSeek-V3: (512 + 64) x 2 bytes), sliding window, Mamba state, hybrid and sink-token layouts, a mock CLI
# output and a comparison table.  A size agrees when it is right in MB = 10^6 bytes or in MiB = 2^20 bytes.
# The per-token products are right (1,024 / 4,096 / 256 / 1,152 bytes), but three of the four "per layer" sizes
# are the KiB count divided by 1000 (a mixed 1,024,000-byte "MB"), right under neither reading, and the same page
# writes the very same 16,777,216 bytes as 16.8 MB a few lines later:
# - 1,024 x 4,096 = 4,194,304 B = 4.19 MB = 4.00 MiB, printed 4.1 (slip); x 27 layers = 113.2 MB = 108 MiB,
#   printed 111 (= 4.1 x 27: carried);
# - 4,096 x 4,096 = 16,777,216 B = 16.8 MB = 16.0 MiB, printed 16.4 (slip); x 48 = 805.3 MB = 768 MiB, printed 787
#   (= 16.4 x 48: carried);
# - 1,152 x 4,096 = 4,718,592 B = 4.72 MB = 4.50 MiB, printed 4.6 (slip); x 61 = 287.8 MB = 274.5 MiB, printed 281
#   (= 4.6 x 61: carried).  (MQA: 1.0 MB and 80 MB agree, the latter in MiB.)
# - Sliding window: 0.8 x 16.8 + 0.2 x 67 = 26.84, printed "≈ 33" (slip; with exact bytes 26.8 MB too); 33 x 27 = 891
#   is then carried (end to end 26.84 x 27 = 724.7 MB).
# - Hybrid Mixtral: layers 21-31 are 11 layers, printed "12 × sliding_formula" (slip; 21 + 12 = 33 of 32 layers).
# - Mock CLI: 80 layers x 67 MB = 5,360 MB = 5.36 GB (5.37 GB / 5.0 GiB with 2^26 bytes), printed 5.3 (slip, a
#   truncation); its restatement in "Unified Memory: 5.3 GB" is carried.
# - Table: GQA "8.4 MB/layer" (section 2's inputs give 16.8 MB = 16 MiB: slip, half of it); MLA "~3.3 KB/token"
#   (1,152 B per layer, 70,272 B over 61 layers: slip); Mamba "~256 KB (total)" (256 B per layer, 12,288 B for 48
#   layers: slip); interleaved "~34 MB" (section 5's weights give 26.8 MB: slip).
# Ambiguous: Gemma 3 is given head_dim 8 (section 1) and 128 (section 5), so its 67 MB/layer depends on which; the
# "~15x", "64-80x", "~15-20x", "~5,600x", "7x", "64x", "1000x", "7-8x" ratios compare against unstated baselines; the
# mermaid caches (67 MB / 2.1 GB for both 32K and a 4K window) and the CLI's per-layer 81.9 GB / 6.5 TB are not
# explained by any printed configuration.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["mla", "kv-cache", "gqa", "sizes", "code-inline", "markdown-table", "mermaid"])

MB, MiB = sp.Integer(10) ** 6, sp.Integer(2) ** 20
GB, GiB = sp.Integer(10) ** 9, sp.Integer(2) ** 30
KB, KiB = sp.Integer(10) ** 3, sp.Integer(2) ** 10
T = 4096  # "4K ctx"


def size(line, what, printed, nbytes, unit="MB", cause="slip"):
    big, bin_ = {"MB": (MB, MiB), "GB": (GB, GiB), "KB": (KB, KiB)}[unit]
    number_claim(e, line, what, printed,
                 [(unit + " = 10^" + str(len(str(big)) - 1) + " B", sp.Integer(nbytes) / big),
                  (unit + " read as binary", sp.Integer(nbytes) / bin_)], cause=cause)


# 1. MHA (Gemma 3, section 1 inputs)
e.given(e.line("batch_size=1, seq_length=4096, dtype=float16"), "Gemma 3 example: batch 1, 4096 tokens, fp16")
e.given(e.line("- `num_heads = 32`"), "num_heads = 32")
L = e.line("`head_dim = 256 / 32 = 8`")
e.claim(L, "256 / 32", ["8"], [R(256, 32)])
mha_tok = 2 * 1 * 32 * 8 * 2
L = e.line("`KV per token = 2 × 1 × 32 × 8 × 2 bytes")
number_claim(e, L, "2*1*32*8*2 bytes", "1,024", mha_tok)
L = e.line("`Total for 4K ctx: 1,024 × 4,096")
size(L, "1,024 x 4,096 bytes per layer", "4.1", mha_tok * T)
size(L, "27 layers", "111", mha_tok * T * 27, cause="carried")

# 2. GQA (Llama 4 Maverick)
e.given(e.line("- `num_attention_heads = 64`"), "64 query heads")
L = e.line("- `num_key_value_heads = 8`")
e.claim(L, "compression 64 / 8", ["8"], [R(64, 8)])
e.given(e.line("- `head_dim = 128` (estimated)"), "head_dim = 128")
gqa_tok = 2 * 1 * 8 * 128 * 2
L = e.line("`KV per token = 2 × 1 × 8 × 128 × 2 bytes")
number_claim(e, L, "2*1*8*128*2 bytes", "4,096", gqa_tok)
L = e.line("`Total for 4K ctx: 4,096 × 4,096")
size(L, "4,096 x 4,096 bytes per layer", "16.4", gqa_tok * T)
size(L, "48 layers", "787", gqa_tok * T * 48, cause="carried")
L = e.line("**GQA saves 8× vs MHA**")
e.claim(L, "64 / 8", ["8"], [R(64, 8)])
e.given(L, "17B active of 400B (model facts)")

# 3. MQA
e.given(e.line("- `head_dim = 64`"), "MQA head_dim = 64")
mqa_tok = 2 * 1 * 64 * 2
L = e.line("`KV per token = 2 × 1 × 64 × 2 bytes")
number_claim(e, L, "2*1*64*2 bytes", "256", mqa_tok)
L = e.line("`Total for 4K ctx: 256 × 4,096")
size(L, "256 x 4,096 bytes per layer", "1.0", mqa_tok * T)
size(L, "80 layers", "80", mqa_tok * T * 80)
e.ambiguous(e.line("**MQA saves 64–80× vs MHA**"), "the MHA baseline (number of heads) of the MQA example is not given")

# 4. MLA
L = e.line("latent_dim = hidden_size / num_heads  (e.g., 4096 / 64 = 64)")
e.claim(L, "4096 / 64", ["64"], [R(4096, 64)])
e.given(e.line("- `kv_lora_rank = 512`"), "kv_lora_rank = 512")
e.given(e.line("- `qk_rope_head_dim = 64`"), "qk_rope_head_dim = 64")
mla_tok = (512 + 64) * 2
L = e.line("`KV per token = (512 + 64) × 2 bytes")
number_claim(e, L, "(512 + 64) * 2 bytes", "1,152", mla_tok)
L = e.line("`Total for 4K ctx: 1,152 × 4,096")
size(L, "1,152 x 4,096 bytes per layer", "4.6", mla_tok * T)
size(L, "61 layers", "281", mla_tok * T * 61, cause="carried")
e.ambiguous(e.line("**MLA saves ~15–20× vs dense attention**"),
            "the dense baseline for DeepSeek-V3 (its heads and head sizes) is not given")

# 5. Sliding window (Gemma 3, section 5 inputs)
e.given(e.line("(local window=1024, a global layer every 5th)"), "window 1024, 5:1 local/global")
e.given(e.line("- Local window is **bounded** at 1,024 tokens"), "1,024-token window on 80% of layers")
e.given(e.line("- Global layers attend full context (20% of layers)"), "20% global layers")
e.given(e.line("- `num_heads = 32`", 2), "num_heads = 32")
e.given(e.line("- `head_dim = 128` (estimated)", 2), "head_dim = 128")
local = 2 * 1 * 1024 * 32 * 128 * 2
L = e.line("`Local KV = 2 × 1 × 1,024 × 32 × 128 × 2 bytes")
size(L, "local layer KV", "16.8", local)
L = e.line("`Effective KV (weighted): 0.8 × 16.8 + 0.2 × 67")
e.given(L, "a global layer's KV taken as 67 MB (2 x 4,096 x 32 x 128 x 2 B = 67.1 MB at 4K)")
eff = R(8, 10) * R(168, 10) + R(2, 10) * 67
e.claim(L, "0.8 x 16.8 + 0.2 x 67 (MB)", ["33"], [eff])
e.claim(L, "27 layers (MB)", ["891"], [eff * 27], cause="carried")
e.ambiguous(e.line("`Savings vs 128K full MHA: ~15×`"),
            "no baseline gives 15x: a full 128K MHA layer (2,147 MB) is 80x the weighted 26.8 MB, and 4.8x the "
            "weighted size when global layers hold 128K tokens")
L = e.line('A["Seq = 32K<br/>Cache grows"]')
e.given(L, "32K sequence")
e.given(e.line('B["Window = 4K<br/>Cache bounded"]'), "4K window")
for needle in ('A -->|unbounded| Cache1["67 MB/layer', 'B -->|bounded| Cache2["67 MB/layer'):
    e.ambiguous(e.line(needle), "67 MB/layer and 2.1 GB/model are shown for both a growing 32K cache and a 4K window; "
                "the layer count and the context behind them are not given")

# 6. Mamba
e.given(e.line("- `state_size = 64` (MIMO"), "state_size = 64")
L = e.line("`State = 1 × 64 × 4 bytes")
e.claim(L, "1 x 64 x 4 bytes", ["256"], [1 * 64 * 4])
L = e.line("`Total for 48 layers: 256 × 48")
size(L, "256 x 48 bytes", "12", 256 * 48, unit="KB")
e.ambiguous(e.line("**Savings vs MHA**: ~5,600×"), "the MHA model and context behind ~5,600x are not given")

# 7. Hybrid
e.given(e.line("- Layers 0–20: MHA"), "layers 0-20 full MHA")
e.given(e.line("- Layers 21–31: Sliding window"), "layers 21-31 sliding window")
L = e.line("`Total KV = (21 × mha_formula) + (12 × sliding_formula)`")
e.claim(L, "number of MHA layers 0..20", ["21"], [21])
e.claim(L, "number of sliding-window layers 21..31", ["12"], [31 - 21 + 1])

# 8. Sink tokens
e.given(e.line("With `num_sink=4, window=4092, seq_len=32K`"), "4 sinks, window 4092, 32K = 32,768 tokens")
L = e.line("- Cache is bounded at 4,096 tokens (4 + 4092)")
number_claim(e, L, "4 + 4092", "4,096", 4 + 4092)
L = e.line("- Saves 8× vs full 32K MHA")
e.claim(L, "32,768 / 4,096", ["8"], [R(32768, 4096)])

# Mock CLI output
e.given(e.line("--seq-length 4096"), "CLI call: Llama-2-70b, batch 1, 4096 tokens")
for needle in ("Layer 0: MHA | KV: 67 MB", "Layer 1: MHA | KV: 67 MB", "Layer 79: MHA | KV: 67 MB"):
    e.ambiguous(e.line(needle), "no configuration of Llama-2-70b is printed: the 67 MB per layer, the 81.9 GB of "
                "parameters per layer and what 'Total' adds are not explained")
L = e.line("Total KV Cache: 5.3 GB")
size(L, "80 layers x 67 MB", "5.3", 80 * 67 * 10**6, unit="GB")
e.ambiguous(L, "Weights 6.5 TB: 80 x 81.9 GB = 6.552 TB only if 81.9 GB is per layer, which the output does not say")

# Comparison table
def cells(needle):
    ln = e.line(needle)
    return ln, [c.strip().strip("*") for c in e.lines[ln - 1].strip().strip("|").split("|")]


ln, c = cells("| **MHA** | 1× |")
e.ambiguous(ln, "Gemma 3 is given head_dim 8 (section 1: 4.2 MB per layer at 4K) and head_dim 128 (section 5: 67.1 MB); "
            "67 MB/layer follows the second")
ln, c = cells("| **GQA** | 8× |")
e.claim(ln, "GQA compression 64 / 8", ["8"], [R(64, 8)])
size(ln, "Llama 4 Maverick KV per layer at 4K (section 2)", "8.4", gqa_tok * T)
ln, c = cells("| **MQA** | 64× |")
size(ln, "MQA KV per layer at 4K (section 3)", "1.0", mqa_tok * T)
e.ambiguous(ln, "64x: the number of heads of Jamba-1.5-Mini is not given")
e._entry(ln)["verdict"] = "ambiguous"  # the 1.0 MB agrees; the 64x cannot be decided
ln, c = cells("| **MLA** | 7× |")
size(ln, "DeepSeek-V3 KV per token (section 4: 1,152 B per layer)", "3.3", mla_tok, unit="KB")
e.ambiguous(ln, "7x compression: the baseline is not given (section 4 says ~15-20x)")
ln, c = cells("| **SSM/Mamba-3** | 1000× |")
size(ln, "Mamba-3 state, total over 48 layers (section 6)", "256", 256 * 48, unit="KB")
e.ambiguous(ln, "1000x: baseline not given")
ln, c = cells("| **Interleaved Attn** | varies |")
size(ln, "Gemma 3 interleaved KV per layer (section 5: 0.8 x 16.8 + 0.2 x 67.1 MB)", "34",
     R(8, 10) * local + R(2, 10) * 2 * 4096 * 32 * 128 * 2)

e.ambiguous(e.line("2. **GQA is common**"), "7-8x depends on each model's head counts, not given")
e.done()
