# Expected verdicts for zh-mla-zzfive-kv-cache-estimator.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (the estimator run): context 8192, emb_dim 2048, n_heads 24, n_layers 48, n_kv_groups 4, batch 1, bf16
# (2 bytes), latent_dim 1024.  head_dim = ceil(2048/24) = 86; GQA kv heads = 24/4 = 6.
# - MHA = 2·8192·48·24·86·2 = 3,246,391,296 bytes = 3.25 GB (decimal; 3.02 GiB); GQA = 811,597,824 = 0.81 GB;
#   MLA = 8192·48·1024·2 = 805,306,368 = 0.81 GB; MHA/GQA = 4.00, savings 75.00 %; MHA/MLA = 4.031250 -> 4.03,
#   savings 1 − 805306368/3246391296 = 75.194 % -> 75.19 %: all agree.
# - Whole-model runs: 32768 / 453.81 s = 72.21 -> 72 tokens/sec, 32768 / 487.21 = 67.26 -> 67; (768×2)/192 = 8: agree.
#   The times and "Max memory allocated" are measurements -> given.
# - The MHA formula line says latent_dim where the text means embed_dim × 2 (a formula that disagrees with the
#   run; no number on it) -> no claim.  No wrong lines.
import math
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["mla", "gqa", "kv-cache", "tool-output", "code-block"])
ctx, emb, heads, layers, groups, batch, nbytes, latent = 8192, 2048, 24, 48, 4, 1, 2, 1024
hd = math.ceil(emb / heads)
kvh = heads // groups
mha = 2 * batch * ctx * layers * heads * hd * nbytes
gqa = 2 * batch * ctx * layers * kvh * hd * nbytes
mla = batch * ctx * layers * latent * nbytes


def gb(x):
    return [("GB = 10^9 bytes", R(x, 10**9)), ("GiB", R(x, 2**30))]


for flag in ("--context_length 8192", "--emb_dim 2048", "--n_heads 24", "--n_layers 48", "--n_kv_groups 4",
             "--batch_size 1", "--dtype bf16", "--latent_dim 1024"):
    e.given(e.line(flag), flag)
for key in ("context_length   : 8192", "emb_dim          : 2048", "n_heads          : 24",
            "n_layers         : 48", "n_kv_groups      : 4", "latent_dim       : 1024", "batch_size       : 1",
            "dtype            : bf16 (2 Bytes/elem)"):
    e.given(e.line(key), "config echo")
number_claim(e, e.line("head_dim         : 86"), "head_dim = ceil(2048/24)", "86", hd)
number_claim(e, e.line("GQA n_kv_heads   : 6"), "kv heads = 24/4", "6", kvh)
number_claim(e, e.line("MHA total KV cache  : 3.25 GB"), "MHA KV cache", "3.25", gb(mha))
number_claim(e, e.line("GQA total KV cache  : 0.81 GB"), "GQA KV cache", "0.81", gb(gqa))
number_claim(e, e.line("MLA total KV cache  : 0.81 GB"), "MLA KV cache", "0.81", gb(mla))
e.claim(e.line("Ratio (MHA / GQA)   : 4.00x"), "MHA/GQA", ["4.00"], [R(mha, gqa)])
e.claim(e.line("Savings (GQA vs MHA): 75.00%"), "GQA savings", ["75.00%"], [1 - R(gqa, mha)])
e.claim(e.line("Ratio (MHA / MLA)   : 4.03x"), "MHA/MLA", ["4.03"], [R(mha, mla)])
e.claim(e.line("Savings (MLA vs MHA): 75.19%"), "MLA savings", ["75.19%"], [1 - R(mla, mha)])
e.claim(e.line("这里特意把 `--emb_dim 2048` 压到 `latent_dim 1024`"), "config restated", ["2048", "1024"], [emb, latent])
e.claim(e.line("生成 32768 个 token"), "tokens generated", ["32768"], [32768])
for k in range(2):
    e.given(e.line("--max_new_tokens 32768", k + 1), "max_new_tokens")
    e.given(e.line("--n_heads 24", k + 2), "n_heads")
    e.given(e.line("--n_layers 12", k + 1), "n_layers")
    e.given(e.line("--emb_dim 768", k + 1), "emb_dim")
L = e.line("--latent_dim 192 # (768×2)/192 = 8× 压缩")
e.claim(L, "(768·2)/192", ["8"], [R(768 * 2, 192)])
e.given(e.line("Time: 453.81 sec"), "measured time (MHA)")
number_claim(e, e.line("72 tokens/sec"), "32768 / 453.81", "72", R(32768) / R("453.81"))
e.given(e.line("Max memory allocated: 1.54 GB"), "measured memory (MHA)")
e.given(e.line("Time: 487.21 sec"), "measured time (MLA)")
number_claim(e, e.line("67 tokens/sec"), "32768 / 487.21", "67", R(32768) / R("487.21"))
e.given(e.line("Max memory allocated: 0.68 GB"), "measured memory (MLA)")
e.done()
