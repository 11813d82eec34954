# Expected verdicts for en-kv-tmjoshi-llama32-1b-memory-notes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A project README (tmjoshi/mlsys_finalproj-llama3_ft_inf, "Notes on LLM Memory requirements", version of 2026-05-04)
# that sizes Llama 3.2 1B by hand: FP16 weights, the GQA K/V cache per token, the pre-allocated cache for batch 4 and
# 256 tokens, the total, and whether it fits a 16 GB P100.
# Inputs: 1 billion parameters x 2 bytes; 16 layers, 8 KV heads, d_model 2048, 32 heads (head_dim = 64), FP16 = 2
#   bytes; max_batch_size 4, max_seq_len 256.
# Units: the notes write KB, MB and GB; their own steps divide by 1000 (32,768 B = 33 KB = 0.033 MB, 33,554,432 B
#   "= 33.5 MB = 0.0335 GB"), so KB/MB/GB are read as 10^3/10^6/10^9 bytes (the binary reading is recorded too).
# Exact values: per token 2*16*8*64*2 = 32,768 B = 32.768 KB = 0.032768 MB; cache 4*256*2*16*512*2 = 33,554,432 B
#   = 33.554432 MB = 0.033554432 GB (32 MiB = 0.03125 GiB); total 2 GB + 0.033554 GB = 2.033554 GB.
# Wrong lines:
#   - "= 33.5 MB": 33,554,432 B is 33.554 MB, which rounds to 33.6 (33.5 is truncated; 32 MiB in binary units): slip.
#   - "= 0.0335 GB", the bold "0.0335 GB", "2 GB + 0.0335 GB = 2.0335 GB" and the bold "2.0335 GB": follow from the
#     truncated 33.5 MB; the exact 0.033554 GB and 2.033554 GB round to 0.0336 and 2.0336: carried.
# No ambiguous line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, number_claim
import re

e = Expect(__file__, language="en", topics=["kv-cache", "gqa", "sizes", "units", "hand-worked"])
L = e.line

params, fp16 = sp.Integer(10) ** 9, 2
layers, kv_heads, d_model, n_heads = 16, 8, 2048, 32
head_dim = sp.Integer(d_model) / n_heads
per_token = 2 * layers * kv_heads * head_dim * fp16
batch, seq = 4, 256
cache = batch * seq * 2 * layers * (kv_heads * head_dim) * fp16
KB, MB, GB = sp.Integer(10) ** 3, sp.Integer(10) ** 6, sp.Integer(10) ** 9
weights_GB = params * fp16 / GB
total_GB = weights_GB + cache / GB

e.given(L("With the weights held in 16-bit precision (FP16/BF16)"), "16-bit weights")
e.given(L("Formula: approx (Number of billion parameters * sizeof(fp16)) GB"), "weights formula")
ln = L("Eg: Llama 3.2 1B: 1 * 2 bytes = 2 GB memory")
e.given(ln, "1 billion parameters x 2 bytes")
number_claim(e, ln, "FP16 weights (GB = 10^9 B)", "2", weights_GB)
number_claim(e, L("So the weights alone take **2GB**"), "FP16 weights restated (GB)", "2", weights_GB)

e.given(L("**Size of K/V Cache per token in bytes = 2 * (num_layers)"), "per-token formula, factor 2 for K and V")
e.given(L("Recall: sizeof(fp16) = 2 bytes"), "2 bytes per FP16")
e.given(L("The values used in the project for Llama 3.2 1B"), "model name")
e.given(L("16 decoder layers"), "16 layers")
e.given(L("num_kv_heads = 8"), "8 KV heads")
ln = L("head_dim = d_model / n_heads = 2048 / 32 = 64")
e.given(ln, "d_model 2048, 32 heads")
e.claim(ln, "head_dim = 2048 / 32", ["64"], [head_dim])
e.given(L("Llama 3.2 1B uses GQA"), "GQA remark")
e.given(L("Size of K/V Cache per token in bytes = 2 * 16 * (8 * 64) * 2 bytes"), "per-token operands")
number_claim(e, L("= 32,768 B"), "K/V bytes per token", "32,768", per_token)
number_claim(e, L("= 33 KB"), "K/V per token in KB", "33",
             [("KB = 10^3 B", per_token / KB), ("KiB = 2^10 B", per_token / 1024)])
number_claim(e, L("= 0.033 MB"), "K/V per token in MB", "0.033",
             [("MB = 10^6 B", per_token / MB), ("MiB = 2^20 B", per_token / 1024 ** 2)])
number_claim(e, L("takes **0.033 MB**"), "K/V per token restated (MB)", "0.033",
             [("MB = 10^6 B", per_token / MB), ("MiB = 2^20 B", per_token / 1024 ** 2)])

e.given(L("**Total size of KV cache in bytes = (batch_size)"), "total formula")
e.given(L("In this project the K/V cache is pre-allocated. For Llama 3.2 1B:"), "model name")
e.given(L("precision_in_bytes for FP16 = 2 bytes"), "2 bytes per FP16")
e.given(L("1) max_batch_size = 4"), "batch 4")
e.given(L("2) max_seq_len = 256"), "256 tokens")
ln = L("3) num_kv_heads * head_dim = 8 * 64 = 512")
e.given(ln, "item 3")
e.claim(ln, "num_kv_heads * head_dim", ["512"], [kv_heads * head_dim])
e.given(L("4) num_layers = 16"), "16 layers")
e.given(L("Total size of K/V Cache in bytes = 4 * 256 * 2 * 16 * 512 * 2 bytes"), "total operands")
number_claim(e, L("= 33,554,432 bytes"), "K/V cache bytes", "33,554,432", cache)
number_claim(e, L("= 33.5 MB"), "K/V cache in MB", "33.5",
             [("MB = 10^6 B", cache / MB), ("MiB = 2^20 B", cache / 1024 ** 2)])
number_claim(e, L("= 0.0335 GB"), "K/V cache in GB", "0.0335",
             [("GB = 10^9 B", cache / GB), ("GiB = 2^30 B", cache / 1024 ** 3)], cause="carried")
number_claim(e, L("comes to **0.0335 GB**"), "K/V cache restated (GB)", "0.0335",
             [("GB = 10^9 B", cache / GB), ("GiB = 2^30 B", cache / 1024 ** 3)], cause="carried")
ln = L("Total Memory = Model Weights + Total size of KV Cache = 2 GB + 0.0335 GB = 2.0335 GB")
number_claim(e, ln, "weights (GB)", "2", weights_GB)
number_claim(e, ln, "K/V cache operand (GB)", "0.0335", cache / GB, cause="carried")
number_claim(e, ln, "total weights + cache (GB)", "2.0335", total_GB, cause="carried")
number_claim(e, L("needs: **2.0335 GB**"), "total restated (GB)", "2.0335", total_GB, cause="carried")

e.given(L("1) Does it fit?"), "list label")
e.given(L("   - the P100 has 16 GB of memory"), "P100 16 GB")
ln = L("   - with a total of about 2 GB, the model fits on a P100")
e.claim(ln, "total, about 2 GB", ["2"], [total_GB], rounded_int=True)
e.given(L("2) The P100 is a smaller card"), "A40 48 GB, A100 80 GB")
for needle in ("1) USC EE508 Notes", "2) Lei Gao", "3) Sebastian Raschka", "4) Nvidia Developer"):
    e.given(L(needle), "reference")

missing = [i for i, t in enumerate(e.lines, 1)
           if i > 1 and re.search(r"\d", t) and not t.lstrip().startswith("#") and i not in e.verdicts]
assert not missing, missing
e.done()
