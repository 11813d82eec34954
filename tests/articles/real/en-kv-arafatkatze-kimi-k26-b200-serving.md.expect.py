# Expected verdicts for en-kv-arafatkatze-kimi-k26-b200-serving.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The chapter budgets an 8 x B200 node (192 GB each) serving Kimi K2.6 (1T parameters, 32B active, FP4 = 0.5 byte):
# 192 x 8 = 1,536 GB, weights 500 GB, 1,036 GB left, minus ~80 GB activations = 956 GB for the KV cache (all right).
# Decode: 32B x 0.5 = 16 GB read per token; 8 x 8 TB/s = 64 TB/s; 50,000 / 16 = 3,125 tok/s; 10-12 % of it is
# 312.5-375 ("312" is a neighbour of the exact tie 312.5, ok).  Ridge 10 PFLOPS / 8 TB/s = 1,250 FLOPs/byte; "~600x
# below the ridge" for ~2 FLOPs/byte is a loose one-digit rounding of 1,250 / 2 = 625 -> ambiguous.  Prefill:
# 2 x 32B = 64 GFLOPs/token, 8 x 10 = 80 PFLOPS, 80 PFLOPS / 64 GFLOPs = 1.25M tok/s; the measured 78,000 tok/s is
# 78,000 / 1.25M = 6.24 % MFU, so the printed "6.4% MFU" is wrong (slip; 6.4 % would give 80,000 tok/s).
# TTFT: 80,000 / 80,000 = 1 s; 80K / 16 users = 5,000 tok/s each and 80,000 / 5,000 = 16 s (right).
# MLA cache: 61 x (512 + 64) x 1 byte = 35,136 B = 35.1 KB ("35 KB" ok).  The table multiplies the rounded 35 KB by
# the context: 80K x 35,136 B = 2.81 GB (not 2.80; 81,920 tokens would give 2.88 GB / 2.68 GiB) and 956 / 2.811 =
# 340 users (not ~341): both right from the rounded 35 KB, wrong end to end -> cause drift.  32K: 32,000 x 35,136 B =
# 1.124 GB ("1.12" ok) but 956 / 1.124 = 850 users, not ~853 (drift).  The closing "341 users" repeats the drifted
# value.  Measured figures (~11 % MBU, ~78,000 tok/s, barely 32 users) and workload sizes are inputs.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["kv-cache", "mla", "memory", "roofline", "markdown-table", "code-block"])
L = e.line

per_gpu, gpus = 192, 8
total = per_gpu * gpus
weights = R(10**12) * R(1, 2) / 10**9          # GB
after_w = total - weights
free = after_w - 80
active = 32 * 10**9
bytes_tok = active * R(1, 2) / 10**9          # GB per token
kv_tok = 61 * (512 + 64) * 1                   # bytes per token (MLA, 1 byte per value)


def gb(nbytes):
    return sp.Integer(nbytes) / 10**9


ln = L("| Total VRAM on the node | 192 GB × 8 GPUs")
e.given(ln, "192 GB per B200, 8 GPUs")
number_claim(e, ln, "total node VRAM 192 x 8", "1,536", sp.Integer(total))
ln = L("| Model weights | 1T params × 0.5 byte")
e.claim(ln, "weights 1T x 0.5 byte (GB)", ["500"], [weights])
number_claim(e, ln, "VRAM left after weights", "1,036", after_w)
ln = L("| Activations (working memory")
e.given(ln, "activations ~80 GB")
e.claim(ln, "VRAM left after activations", ["956"], [free])
e.claim(L("| **Free for KV cache"), "free for KV cache", ["956"], [free])
e.claim(L("Those ~956 GB are what is left"), "free for KV cache restated", ["956"], [free])
e.given(L("With 32B active parameters stored in FP4"), "32B active parameters, FP4 = 0.5 byte")
e.claim(L("bytes_read_per_token = 32B active × 0.5 byte = 16 GB"), "32B x 0.5 byte", ["16"], [bytes_tok])
e.claim(L("That 16 GB per token through"), "bytes per token restated", ["16"], [bytes_tok])
e.given(L("A B200 offers 8 TB/s"), "8 TB/s per GPU")
e.given(L("Single B200:       8 TB/s"), "8 TB/s per GPU")
e.claim(L("8-GPU node (raw):  64 TB/s"), "8 x 8 TB/s", ["64"], [8 * 8])
e.given(L("8-GPU node (real): ~50 TB/s"), "~50 TB/s effective node bandwidth (assumption)")
ceiling = sp.Integer(50000) / bytes_tok
ln = L("50,000 GB/s ÷ 16 GB/token ≈ 3,125 tok/s")
number_claim(e, ln, "50,000 / 16", "3,125", ceiling)
ln = L("At 10–12% real-world MBU")
e.claim(ln, "10 % and 12 % of 3,125 tok/s", ["312", "375"], [ceiling * R(10, 100), ceiling * R(12, 100)], rounded_int=True)
number_claim(e, L("tops out near 3,125 tokens per second"), "decode ceiling restated", "3,125", ceiling)
e.given(L("The authors measured ~11% MBU"), "measured ~11 % MBU, 80K context")
e.given(L("      = 10 PFLOPS / 8 TB/s"), "10 PFLOPS dense FP4, 8 TB/s")
number_claim(e, L("      ≈ 1,250 FLOPs per byte"), "ridge 10e15 / 8e12", "1,250", R(10 * 10**15, 8 * 10**12))
number_claim(e, L("A kernel therefore needs about **~1,250 ops"), "ridge restated", "1,250", R(10 * 10**15, 8 * 10**12))
e.ambiguous(L("~600× below the ridge"),
            "'~600x' is a loose one-significant-digit rounding of 1,250 / ~2 = 625; the ~2 FLOPs/byte is itself approximate")
e.given(L("A realistic prefill rate on the node is ~78,000"), "measured prefill ~78,000 tok/s")
e.given(L("Flops per GPU    = 10 PFLOPS"), "10 PFLOPS per GPU")
e.claim(L("flops_per_token  = 2 × 32B active = 64 GFLOPs"), "2 x 32B (GFLOPs)", ["64"], [2 * active / 10**9])
e.claim(L("node_compute     = 8 GPUs × 10 PFLOPS = 80 PFLOPS"), "8 x 10 PFLOPS", ["80"], [8 * 10])
peak_tok = R(80 * 10**15, 64 * 10**9)
e.claim(L("theoretical_max  = 80 PFLOPS ÷ 64 GFLOPs ≈ 1.25M tok/s"), "80 PFLOPS / 64 GFLOPs (M tok/s)", ["1.25"],
        [peak_tok / 10**6])
e.claim(L("realistic        ≈ 6.4% MFU"), "MFU of the measured 78,000 tok/s: 78,000 / 1.25M", ["6.4%"],
        [R(78000) / peak_tok])
e.given(L("≈ 78,000 tok/s on long prompts"), "measured 78,000 tok/s")
ln = L("80,000 tokens ÷ 80,000 tokens/sec = 1 second TTFT")
e.claim(ln, "80,000 / 80,000 s", ["1"], [1])
ln = L("Two things move this a lot.")
number_claim(e, ln, "80,000 / 16 users (tok/s)", "5,000", R(80000, 16))
e.claim(ln, "80,000 tokens / 5,000 tok/s", ["16"], [R(80000, R(80000, 16))])
ln = L("                      = 61 × (512 + 64) × 1")
e.given(ln, "61 layers, kv_lora_rank 512, rope dim 64, 1 byte")
e.claim(L("                      ≈ 35 KB / token / user"), "61 x 576 bytes in KB", ["35"], [R(kv_tok, 1000)], rounded_int=True)
ln = L("KV per user = `35 KB × context_length`, free VRAM = 956 GB")
e.claim(ln, "free VRAM restated", ["956"], [free])
ln = L("| **80K** (Cline-shaped)")
number_claim(e, ln, "KV per user at 80K tokens (GB)", "2.80",
             [("80K = 80,000, GB", gb(kv_tok * 80000)), ("80K = 81,920, GB", gb(kv_tok * 81920)),
              ("80K = 81,920, GiB", R(kv_tok * 81920, 2**30))], cause="drift")
number_claim(e, ln, "max users at 80K (956 GB / KV per user)", "341",
             [("80K = 80,000", free / gb(kv_tok * 80000)), ("80K = 81,920", free / gb(kv_tok * 81920))],
             cause="drift")
ln = L("| **32K** (typical chat)")
number_claim(e, ln, "KV per user at 32K tokens (GB)", "1.12",
             [("32K = 32,000, GB", gb(kv_tok * 32000)), ("32K = 32,768, GB", gb(kv_tok * 32768))])
number_claim(e, ln, "max users at 32K (956 GB / KV per user)", "853",
             [("32K = 32,000", free / gb(kv_tok * 32000)), ("32K = 32,768", free / gb(kv_tok * 32768))],
             cause="drift")
ln = L("in practice they could not run 341 users")
number_claim(e, ln, "max users at 80K restated", "341", [("80K = 80,000", free / gb(kv_tok * 80000))], cause="drift")
e.done()
