# Expected verdicts for en-mla-atandra2000-deepseek-v3-lite-reference.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# A technical reference for MLA (DeepSeek-V3: n_h = 128, d_h = 128, kv_lora_rank 512, RoPE key 64; the repo's 82M
# config: 10 heads, head dim 64, latent 128, RoPE key 16).  Per token per layer the caches are MHA 2 n_h d_h = 32,768,
# GQA-8 2 g d_h = 2,048, MQA 2 d_h = 256, MLA 512 + 64 = 576 floats (all agree).
# Wrong lines:
# - the per-sequence table, "128K, 61 layers", FP16 (the article's own formula 2 x L x n_layers x n_heads x d_head
#   x 2 bytes, L = 131,072): MHA 32,768 x 131,072 x 61 x 2 = 523,986,010,112 B = 524 GB (488 GiB), printed 256 GB;
#   GQA 32.7 GB (30.5 GiB), printed 16 GB; MQA 4.09 GB (3.81 GiB), printed 2 GB; MLA 9.21 GB (8.58 GiB), printed
#   2.18 GB -- slips (the first three are what 32 layers would give in GiB; 2.18 GB fits no reading);
# - the bandwidth sentence restates 256 GB and 2.18 GB (carried) and their ratio "~120x" (carried: 256/2.18 = 117;
#   end to end the ratio is 32,768/576 = 56.9);
# - "512 vs 4096 for DeepSeek-V3": n_heads x d_head is 128 x 128 = 16,384 by the article's own V3 table (slip);
# - absorption table "n_h x (d_h_k + d_h_v) ~ 16K floats": 128 x (192 + 128) = 40,960 or 128 x (128 + 128) = 32,768
#   (slip; the article's own MHA cache figure is 32,768);
# - "MHA's 640 (= 10 heads x 64 head dim)": the MHA cache holds K and V, 2 x 10 x 64 = 1,280 floats by the article's
#   own 2 x n_h x d_h formula (slip), so the reduction is 1,280/144 = 8.9x, not ~4.4x (carried).
# Ambiguous: "~10x reduction" (the article's own per-token figures give ~57x; the baseline is not stated), "4x more
# operations" for a 128-dim vs 48-dim product (128/48 = 2.67; the 4x is McCormick's V3 figure 512/128), "~4x MHA"
# compute, "~30x cheaper" reads and "3-5x" throughput (not derived in the article).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["mla", "kv-cache", "gqa", "mqa", "memory", "markdown-table", "prose"])
L = e.line

NH, DH, DC, DR = 128, 128, 512, 64          # DeepSeek-V3
T, NL = 131072, 61                           # 128K context, 61 layers
floats = {"MHA": 2 * NH * DH, "GQA": 2 * 8 * DH, "MQA": 2 * DH, "MLA": DC + DR}


def seq_bytes(f):
    return f * T * NL * 2


def size_readings(f):
    b = seq_bytes(f)
    return [("GB (10^9 B)", R(b, 10 ** 9)), ("GiB (2^30 B)", R(b, 2 ** 30))]


e.ambiguous(L("**~10× reduction in KV-cache memory**"),
            "'~10x' has no stated baseline; the article's own per-token figures give 32,768/576 = 56.9x")
e.given(L("Bytes = 2 × L × n_layers × n_heads × d_head × 2 (FP16)"), "cache-size formula")
e.given(L("The author's figures for a 70B-class model at 128K context"), "context 128K = 131,072 tokens")
e.given(L("| Variant | KV cache per token per layer | Per sequence (128K, 61 layers) |"), "61 layers")
printed = {"MHA": ("32,768", "256"), "GQA": ("2,048", "16"), "MQA": ("256", "2"), "MLA": ("576", "2.18")}
rowkey = {"MHA": "| MHA | 32,768 floats |", "GQA": "| GQA (8 groups) | 2,048 floats |",
          "MQA": "| MQA | 256 floats |", "MLA": "| **MLA** | **576 floats** |"}
for k, (pf, ps) in printed.items():
    ln = L(rowkey[k])
    number_claim(e, ln, f"{k} floats per token per layer", pf, sp.Integer(floats[k]))
    number_claim(e, ln, f"{k} per-sequence cache, 128K x 61 layers, fp16", ps, size_readings(floats[k]))

ln = L("With MHA at 128K context that is 256 GB per step")
number_claim(e, ln, "MHA per-sequence cache restated", "256", size_readings(floats["MHA"]), cause="carried")
number_claim(e, ln, "MLA per-sequence cache restated", "2.18", size_readings(floats["MLA"]), cause="carried")
number_claim(e, ln, "MHA / MLA bandwidth ratio", "120", sp.Rational(floats["MHA"], floats["MLA"]), cause="carried")

ln = L("(e.g., 512 vs 4096 for DeepSeek-V3)")
e.given(ln, "kv_lora_rank 512")
number_claim(e, ln, "n_heads x d_head for DeepSeek-V3 (128 x 128)", "4096", sp.Integer(NH * DH))

ln = L("| Memory reads per token | n_h × (d_h_k + d_h_v) ≈ 16K floats")
number_claim(e, ln, "n_h (d_h_k + d_h_v) in K floats", "16",
             [("d_h_k = 128, K = 1024", R(NH * (DH + DH), 1024)), ("d_h_k = 128, K = 1000", R(NH * (DH + DH), 1000)),
              ("d_h_k = 192, K = 1024", R(NH * (192 + DH), 1024)), ("d_h_k = 192, K = 1000", R(NH * (192 + DH), 1000))])
e.claim(ln, "d_c + d_h^R", ["576"], [DC + DR])

e.given(L("(64 dims in DeepSeek-V3, 16 in this repo)"), "RoPE key widths")
e.claim(L("=  512          +  64         =  576"), "512 + 64", ["512", "64", "576"], [512, 64, DC + DR])
e.claim(L("=  128          +  16         =  144"), "128 + 16", ["128", "16", "144"], [128, 16, 128 + 16])
e.given(L("(`d'_c` = 1,536)"), "q_lora_rank 1536; 82M config q_lora_rank 0")

e.given(L("### DeepSeek-V3 (original, 671B total)"), "model size")
for s in ("| `d_model` | 7,168 |", "| `n_heads` | 128 |", "| `d_head` | 128 |", "| `qk_nope_head_dim` | 128 |",
          "| `qk_rope_head_dim` | 64 |", "| `v_head_dim` | 128 |", "| `kv_lora_rank` | 512 |",
          "| `q_lora_rank` | 1,536 |"):
    e.given(L(s), "DeepSeek-V3 dimension")
e.claim(L("| `qk_head_dim` | 192 |"), "128 + 64", ["192", "128", "64"], [192, 128, 64])
e.claim(L("| **KV cache per token** | **576** |"), "512 + 64", ["576", "512", "64"], [576, 512, 64])
e.given(L("### DeepSeek-V3-Lite (this repo, 82M)"), "model size")
for s in ("| `dim` | 640 |", "| `n_heads` | 10 |", "| `qk_nope_head_dim` | 48 |", "| `qk_rope_head_dim` | 16 |",
          "| `v_head_dim` | 64 |", "| `kv_lora_rank` | 128 |", "| `q_lora_rank` | 0 |"):
    e.given(L(s), "82M config dimension")
e.claim(L("| `qk_head_dim` | 64 |"), "48 + 16", ["64", "48", "16"], [64, 48, 16])
e.claim(L("| **KV cache per token** | **144** |"), "128 + 16", ["144", "128", "16"], [144, 128, 16])
ln = L("MLA caches 144 floats per token vs MHA's 640")
e.given(L("(`kv_lora_rank=128` instead of 512"), "scaled-down dimensions")
e.claim(ln, "MLA cache of the 82M config", ["144"], [128 + 16])
e.claim(ln, "MHA cache per token of the 82M config, 2 x n_h x d_h (K and V)", ["640"], [2 * 10 * 64])
e.claim(ln, "MHA / MLA ratio", ["4.4"], [R(2 * 10 * 64, 144)], cause="carried")

for s in ("x (bsz, seqlen, 640)", "wkv_a: Linear(640 → 128 + 16)", "kv_latent (128): stored in cache",
          "k_pe_raw (16): RoPE'd", "kv_norm: RMSNorm(128)", "(n_heads=10, qk_nope+v_head=48+64, 128)",
          "wkv_b_k[:48]  : key up-projection", "wkv_b_v[48:]  : value up-projection",
          "reshape → (bsz, seqlen, 10, 64)", "q_nope (48): content", "q_pe (16): RoPE'd"):
    for k in range(1, 3):
        try:
            ln = L(s, k)
        except SystemExit:
            break
        e.given(ln, "shapes in the wiring diagram")
e.claim(L("wq: Linear(640 → 10 × 64 = 640)"), "10 x 64", ["640"], [640])
e.claim(L("wo: Linear(10 × 64 = 640 → 640)"), "10 x 64", ["640"], [640])
ln = L("the author describes this as **4x more operations**")
e.ambiguous(ln, "'4x more operations' for a 128-dim vs a 48-dim product: 128/48 = 2.67; the 4x is the V3 figure 512/128")

e.claim(L("| Cache ratio (vs MHA) |"), "MLA / MHA cache ratio 576/32,768", ["0.02"], [R(576, 32768)])
e.ambiguous(L("| Compute at decode |"), "'~4x MHA' compute is not derived in the article")
e.ambiguous(L("roughly 4× the attention arithmetic of MHA"),
            "'4x' arithmetic and '30x cheaper' reads are not derived (the cache ratio is 32,768/576 = 56.9)")
number_claim(e, L("| MHA baseline | 100% | 32,768 floats |"), "MHA cache 2 n_h d_h", "32,768", sp.Integer(2 * NH * DH))
number_claim(e, L("| GQA (8 groups) | +0.5 PPL | 2,048 |"), "GQA cache 2 g d_h", "2,048", sp.Integer(2 * 8 * DH))
e.given(L("| GQA (8 groups) | +0.5 PPL | 2,048 |"), "quoted perplexity change")
e.claim(L("| MQA | +1.5 PPL | 256 |"), "MQA cache 2 d_h", ["256"], [2 * DH])
e.claim(L("| **MLA** | **≤0.0 PPL** | **576** |"), "MLA cache", ["576"], [576])
e.given(L("| Long-context serving (32K–128K)"), "context range")
e.ambiguous(L("throughput up 3–5×"), "throughput gain is not derived in the article")
e.given(L("| Short-context (≤2K)"), "context range")
e.ambiguous(L("| Pure compute-bound scenarios | The 4× extra compute"), "'4x extra compute' is not derived")
e.given(L("Query Path (no compression; q_lora_rank=0)"), "q_lora_rank 0")
e.given(L("| Property | MHA | GQA (8 groups) | MQA | **MLA** |"), "8 groups")
e.given(L("| KV heads | `n_heads` | `n_groups` | 1 |"), "KV head counts")
e.done()
