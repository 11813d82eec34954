# Expected verdicts for en-mla-andreidhoang-nanoseek-deep-dive.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (NanoSeek MLA): hidden 2048, 16 heads, head_dim 128 (MHA baseline), q_lora_rank 430, kv_lora_rank 143,
# qk_nope 64, qk_rope 32, v_head_dim 64, 16 layers, bf16 (2 bytes); the walkthrough uses B = 2, L = 512; a matmul of
# [m, k] x [k, n] counts 2mkn FLOPs. Sizes are accepted in decimal (MB/GB) or binary (MiB/GiB) units.
# Exact: MHA cache 2*16*128 = 4,096 values/token/layer; 4,096*32,768*16*2 = 4,294,967,296 B (4.29 GB); MLA cache
#   143 + 32 = 175; 4096/175 = 23.406; parameters wq_a 880,640, q_norm 430, wq_b 660,480, wkv_a 358,400, kv_norm 143,
#   wkv_b 292,864, wo 2,097,152, total 4,290,109 -> shares 20.527%, 0.010%, 15.395%, 8.354%, 0.003%, 6.826%, 48.883%;
#   FLOPs wq_a 2*2*512*2048*430 = 1,803,550,720, wq_b 2*2*512*430*1536 = 1,352,663,040, wkv_a 734,003,200,
#   wkv_b 599,785,472, QK^T 1,610,612,736, AV 1,073,741,824, wo 4,294,967,296 -> total 11.469 G, x16 = 183.51 G;
#   end-of-pass cache 358,400 B per layer, 5,734,400 B for 16 layers (5.47 MiB), MHA 134,217,728 B (128 MiB).
# Wrong lines: 7
#   table "20.3%" for wq_a (exact 880,640 / 4,290,109 = 20.527% -> 20.5%);
#   "15.2%" for wq_b (exact 15.395% -> 15.4%); "8.3%" for wkv_a (exact 8.354% -> 8.4%);
#   "48.3%" for wo (exact 48.883% -> 48.9%), and the prose restating "48.3%" (carried);
#   "2 × 2 × 512 × 2048 × 430 = 1,804,861,440" (exact 1,803,550,720; the ≈ 1.8 on the line agrees);
#   "2 × 2 × 512 × 430 × 1536 = 1,351,188,480" (exact 1,352,663,040; the ≈ 1.4 agrees).
#   (7 wrong lines in all, counting the carried prose line; "~184 GFLOPs" is 183.51 rounded and agrees.)
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["mla", "kv", "mha", "gqa", "code-block", "table"])
H, D, RQ, RKV, NOPE, ROPE, V, LAYERS = 16, 128, 430, 143, 64, 32, 64, 16
mha_tok = 2 * H * D
mla_tok = RKV + ROPE
P = {"wq_a": 2048 * RQ, "q_norm": RQ, "wq_b": RQ * H * (NOPE + ROPE), "wkv_a": 2048 * mla_tok, "kv_norm": RKV,
     "wkv_b": RKV * H * (NOPE + V), "wo": H * V * 2048}
TOTAL = sum(P.values())


def size(line, what, printed, nbytes, unit):
    k = {"MB": 2, "GB": 3}[unit]
    number_claim(e, line, what, printed, [(f"decimal {unit}", R(nbytes, 10 ** (3 * k))),
                                          (f"binary {unit[0]}iB", R(nbytes, 2 ** (10 * k)))])


# Quick context
e.given(e.line("= 2 × 16 × 128"), "K+V, 16 heads, head_dim 128")
number_claim(e, e.line("= 4,096 values"), "MHA values per token per layer", "4,096", mha_tok)
e.given(e.line("At 32K context, 16 layers, bf16:"), "32K context, 16 layers, bf16")
number_claim(e, e.line("= 4,096 × 32,768 × 16 × 2 bytes"), "values per token", "4,096", mha_tok)
size(e.line("= 4.29 GB   ← just the cache"), "MHA cache at 32K", "4.29", mha_tok * 32768 * 16 * 2, "GB")
e.given(e.line("= 143 + 32"), "kv_lora_rank 143, rope dims 32")
e.claim(e.line("= 175 values"), "143 + 32", ["175"], [sp.Integer(mla_tok)])
e.claim(e.line("Compression ratio:  4,096 / 175 ≈ 23.4×"), "4096 / 175", ["23.4"], [R(mha_tok, mla_tok)])

# Stage 1
number_claim(e, e.line("hidden_states.numel() = 2 × 512 × 2048 = 2,097,152 values"), "2*512*2048", "2,097,152",
             2 * 512 * 2048)
L = e.line("hidden_states.nbytes = 2,097,152 × 2 = 4,194,304 bytes ≈ 4 MB")
number_claim(e, L, "numel * 2", "4,194,304", 2 * 512 * 2048 * 2)
size(L, "hidden states in MB", "4", 2 * 512 * 2048 * 2, "MB")

# Stage 2 table
number_claim(e, e.line("| **MHA** | `2 × H × d` = 4,096"), "2 H d", "4,096", 2 * H * D)
e.claim(e.line("| **MQA** | `2 × d` = 256"), "2 d", ["256"], [sp.Integer(2 * D)])
number_claim(e, e.line("| **GQA-4** | `2 × 4 × d` = 1,024"), "2 * 4 * d", "1,024", 2 * 4 * D)
e.claim(e.line("| **MLA** | `c_kv + d_rope` = 175"), "c_kv + d_rope", ["175"], [sp.Integer(mla_tok)])
e.given(e.line("Here H=16 heads, d=128 head_dim"), "H, d, c_kv, d_rope")

number_claim(e, e.line("# Shape: [2048, 430] — 880,640 parameters"), "2048 * 430", "880,640", P["wq_a"])
L = e.line("`q_lora_rank / hidden_size = 430 / 2048 ≈ 0.21`")
e.claim(L, "430/2048 and 1536/7168", ["0.21", "0.21"], [R(430, 2048), R(1536, 7168)])
L = e.line("# Shape: [430, 16 × 96] = [430, 1536] — 660,480 parameters")
e.claim(L, "16 * 96", ["1536"], [sp.Integer(16 * 96)])
number_claim(e, L, "430 * 1536", "660,480", P["wq_b"])
e.claim(e.line("Note: `qk_head_dim = qk_nope_head_dim + qk_rope_head_dim = 64 + 32 = 96`"), "64 + 32", ["96"],
        [sp.Integer(96)])
L = e.line("# Shape: [2048, 143 + 32] = [2048, 175] — 358,400 parameters")
e.claim(L, "143 + 32", ["175"], [sp.Integer(175)])
number_claim(e, L, "2048 * 175", "358,400", P["wkv_a"])
L = e.line("# Shape: [143, 16 × (64 + 64)] = [143, 2048] — 292,864 parameters")
number_claim(e, L, "143 * 2048", "292,864", P["wkv_b"])
e.claim(e.line("which is about 8.9 dims of shared information per head"), "143 / 16", ["8.9"], [R(143, 16)])
e.claim(e.line("`(16 - 1) × 32 = 480`"), "(16-1)*32", ["480"], [sp.Integer(15 * 32)])
e.claim(e.line("q = torch.cat([q_nope, q_pe], dim=-1)"), "64 + 32", ["96"], [sp.Integer(96)])
e.claim(e.line("k = torch.cat([k_nope, k_pe_expanded], dim=-1)"), "64 + 32", ["96"], [sp.Integer(96)])
e.claim(e.line("softmax_scale = mscale / sqrt(qk_head_dim) = 1.0 / sqrt(96) ≈ 0.10206"), "1/sqrt(96)",
        ["0.10206"], [1 / sp.sqrt(96)])
L = e.line("# Shape: [16 × 64, 2048] = [1024, 2048] — 2,097,152 parameters")
e.claim(L, "16 * 64", ["1024"], [sp.Integer(1024)])
number_claim(e, L, "1024 * 2048", "2,097,152", P["wo"])
e.claim(e.line("`num_heads × v_head_dim = 16 × 64 = 1024`"), "16*64 and 16*128", ["1024", "2048"],
        [sp.Integer(1024), sp.Integer(2048)])

# Key insight box
e.claim(e.line("│  Total: 175 values per token per layer"), "143 + 32", ["175"], [sp.Integer(175)])
number_claim(e, e.line("│  K: [16 heads × 128 dim] = 2,048 values"), "16 * 128", "2,048", 16 * 128)
number_claim(e, e.line("│  V: [16 heads × 128 dim] = 2,048 values"), "16 * 128", "2,048", 16 * 128)
number_claim(e, e.line("│  Total: 4,096 values per token per layer"), "K + V", "4,096", mha_tok)
e.claim(e.line("│  Compression: 4,096 / 175 = 23.4×"), "4096/175", ["23.4"], [R(mha_tok, mla_tok)])

# Parameter table
rows = [("wq_a               |", "880,640", "20.3%"), ("q_norm             |", "430", "0.0%"),
        ("wq_b               |", "660,480", "15.2%"), ("wkv_a              |", "358,400", "8.3%"),
        ("kv_norm            |", "143", "0.0%"), ("wkv_b              |", "292,864", "6.8%"),
        ("wo                 |", "2,097,152", "48.3%")]
for (needle, params, pct), name in zip(rows, P):
    L = e.line(needle)
    number_claim(e, L, f"{name} parameters", params, P[name])
    e.claim(L, f"{name} share of {TOTAL}", [pct], [R(P[name], TOTAL)])
L = e.line("TOTAL              |")
number_claim(e, L, "sum of parameters", "4,290,109", TOTAL)
e.claim(L, "total share", ["100%"], [sp.Integer(1)])
e.claim(e.line("Per layer: ~4.3M parameters"), "per layer in millions", ["4.3"], [R(TOTAL, 10**6)])
e.claim(e.line("16 layers: ~68.6M parameters"), "16 layers in millions", ["68.6"], [R(16 * TOTAL, 10**6)])
e.claim(e.line("is the largest piece, at 48.3% of the MLA parameters"), "wo share restated", ["48.3%"],
        [R(P["wo"], TOTAL)], cause="carried")

# Stage 5 cache growth
number_claim(e, e.line("cache = 175 × 512 × 16 layers = 1,433,600 values"), "175*512*16", "1,433,600", 175 * 512 * 16)
number_claim(e, e.line("cache = 175 × 513 × 16 layers = 1,436,400 values"), "175*513*16", "1,436,400", 175 * 513 * 16)
number_claim(e, e.line("cache = 175 × 612 × 16 layers = 1,713,600 values"), "175*612*16", "1,713,600", 175 * 612 * 16)

# FLOPs
F = {"wq_a": 2 * 2 * 512 * 2048 * 430, "wq_b": 2 * 2 * 512 * 430 * 1536, "wkv_a": 2 * 2 * 512 * 2048 * 175,
     "wkv_b": 2 * 2 * 512 * 143 * 2048, "qk": 2 * 2 * 16 * 512 * 96 * 512, "av": 2 * 2 * 16 * 512 * 512 * 64,
     "wo": 2 * 2 * 512 * 1024 * 2048}
for needle, key, printed, g in [
        ("FLOPs: 2 × 2 × 512 × 2048 × 430 = 1,804,861,440 ≈ 1.8 GFLOPs", "wq_a", "1,804,861,440", "1.8"),
        ("FLOPs: 2 × 2 × 512 × 430 × 1536 = 1,351,188,480 ≈ 1.4 GFLOPs", "wq_b", "1,351,188,480", "1.4"),
        ("FLOPs: 2 × 2 × 512 × 2048 × 175 = 734,003,200 ≈ 0.7 GFLOPs", "wkv_a", "734,003,200", "0.7"),
        ("FLOPs: 2 × 2 × 512 × 143 × 2048 = 599,785,472 ≈ 0.6 GFLOPs", "wkv_b", "599,785,472", "0.6"),
        ("FLOPs: 2 × 2 × 16 × 512 × 96 × 512 = 1,610,612,736 ≈ 1.6 GFLOPs", "qk", "1,610,612,736", "1.6"),
        ("FLOPs: 2 × 2 × 16 × 512 × 512 × 64 = 1,073,741,824 ≈ 1.1 GFLOPs", "av", "1,073,741,824", "1.1"),
        ("FLOPs: 2 × 2 × 512 × 1024 × 2048 = 4,294,967,296 ≈ 4.3 GFLOPs", "wo", "4,294,967,296", "4.3")]:
    L = e.line(needle)
    number_claim(e, L, f"{key} FLOPs", printed, F[key])
    e.claim(L, f"{key} GFLOPs", [g], [R(F[key], 10**9)])
e.claim(e.line("scores = q @ k^T × 0.10206"), "softmax scale", ["0.10206"], [1 / sp.sqrt(96)])
for needle, key, g in [("wq_a:       1.8", "wq_a", "1.8"), ("wq_b:       1.4", "wq_b", "1.4"),
                       ("wkv_a:      0.7", "wkv_a", "0.7"), ("wkv_b:      0.6", "wkv_b", "0.6"),
                       ("QK^T:       1.6", "qk", "1.6"), ("AV:         1.1", "av", "1.1"),
                       ("wo:         4.3", "wo", "4.3")]:
    e.claim(e.line(needle), f"{key} GFLOPs restated", [g], [R(F[key], 10**9)])
e.claim(e.line("Total:     ~11.5 GFLOPs per layer"), "sum of FLOPs", ["11.5"], [R(sum(F.values()), 10**9)])
e.claim(e.line("16 layers: ~184 GFLOPs"), "16 layers (~, rounded to an integer)", ["184"],
        [R(16 * sum(F.values()), 10**9)], rounded_int=True)

# End-of-pass cache
L = e.line("kv_compressed: [2, 512, 143]  → 146,432 values × 2 bytes = 292,864 bytes")
number_claim(e, L, "2*512*143", "146,432", 2 * 512 * 143)
number_claim(e, L, "bytes", "292,864", 2 * 512 * 143 * 2)
L = e.line("k_pe:          [2, 512, 1, 32] → 32,768 values × 2 bytes = 65,536 bytes")
number_claim(e, L, "2*512*32", "32,768", 2 * 512 * 32)
number_claim(e, L, "bytes", "65,536", 2 * 512 * 32 * 2)
mla_layer = 2 * 512 * 175 * 2
number_claim(e, e.line("Per layer:                                                   358,400 bytes"),
             "MLA bytes per layer", "358,400", mla_layer)
L = e.line("16 layers:                                                 5,734,400 bytes ≈ 5.5 MB")
number_claim(e, L, "16 layers", "5,734,400", 16 * mla_layer)
size(L, "16 layers in MB", "5.5", 16 * mla_layer, "MB")
mha_half = 2 * 512 * 16 * 128
for needle in ("K: [2, 512, 16, 128] → 2,097,152 values × 2 bytes = 4,194,304 bytes",
               "V: [2, 512, 16, 128] → 2,097,152 values × 2 bytes = 4,194,304 bytes"):
    L = e.line(needle)
    number_claim(e, L, "2*512*16*128", "2,097,152", mha_half)
    number_claim(e, L, "bytes", "4,194,304", mha_half * 2)
number_claim(e, e.line("Per layer:                                            8,388,608 bytes"), "MHA per layer",
             "8,388,608", 2 * mha_half * 2)
L = e.line("16 layers:                                          134,217,728 bytes ≈ 128 MB")
number_claim(e, L, "MHA 16 layers", "134,217,728", 16 * 2 * mha_half * 2)
size(L, "MHA 16 layers in MB", "128", 16 * 2 * mha_half * 2, "MB")
e.claim(e.line("Compression: 128 MB / 5.5 MB ≈ 23.4×"), "MHA bytes / MLA bytes (exact ratio)", ["23.4"],
        [R(16 * 2 * mha_half * 2, 16 * mla_layer)])

e.claim(e.line("(18% of total cache)"), "32 / 175", ["18%"], [R(32, 175)])
e.claim(e.line("`16 × (64 + 64) = 2048`"), "16 * 128", ["2048"], [sp.Integer(2048)])
e.done()
