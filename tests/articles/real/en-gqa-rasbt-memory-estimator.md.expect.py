# Expected verdicts for en-gqa-rasbt-memory-estimator.md, computed with plain SymPy (see oracle.py); not symattn's code.
# KV bytes = batch * seqlen * (emb_dim / n_heads) * n_layers * 2 * bytes_per_elem * n_kv_heads, printed in GB = 10^9 bytes
# (the estimator divides by 1000**3). With emb_dim 4096, 32 heads, 32 layers, 32768 tokens, bf16, 4 KV groups:
# head_dim 128, n_kv_heads 8, MHA 17,179,869,184 B = 17.18 GB, GQA 4,294,967,296 B = 4.29 GB, ratio 4, saving 75 %.
# The generation runs: 32768 tokens / 453.81 s = 72.2 tokens/s, / 516.33 s = 63.5 tokens/s (printed 72 and 63; integers
# read as rounded). Peak memory (1.54 GB, 0.63 GB) is measured, not derivable: ambiguous. The 6-heads/3-groups example
# pairs the heads correctly. No wrong line. (The prose calls "as many KV heads as heads" multi-query attention; that is
# a naming slip without a number and gets no verdict.)
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["gqa", "kv-cache", "cli-output", "sizes"])

ctx, emb, heads, layers, groups, batch, nbytes = 32768, 4096, 32, 32, 4, 1, 2
head_dim = sp.Integer(emb) / heads
kv_heads = sp.Integer(heads) / groups


def kv(nkv):
    return batch * ctx * head_dim * layers * 2 * nbytes * nkv


GB = sp.Integer(10) ** 9

L = e.line("with 3 key-value groups and 6 attention heads")
e.given(L, "3 groups, 6 heads")
per = 6 // 3
e.claim(L, "heads of group 1", ["1", "2"], [1, per])
L2 = e.line("set of keys and values, heads 3 and 4 another")
e.claim(L2, "heads of groups 2 and 3", ["3", "4", "5", "6"], [per + 1, 2 * per, 2 * per + 1, 3 * per])
e.given(e.line("bytes ≈ batch_size × seqlen"), "formula")
e.given(e.line("--emb_dim 4096 --n_heads 32 --n_layers 32"), "config")
e.given(e.line("--context_length 32768 --n_kv_groups 4"), "config")
e.given(e.line("--batch_size 1 --dtype bf16"), "config")
for lab in ("context_length   : 32768", "emb_dim          : 4096", "n_heads          : 32", "n_layers         : 32",
            "n_kv_groups      : 4", "batch_size       : 1"):
    e.given(e.line(lab), "config echo")
e.claim(e.line("dtype            : bf16 (2 Bytes/elem)"), "bytes per bf16 element", ["2"], [2])
e.claim(e.line("head_dim         : 128"), "head_dim = 4096 / 32", ["128"], [head_dim])
e.claim(e.line("GQA n_kv_heads   : 8"), "n_kv_heads = 32 / 4", ["8"], [kv_heads])
e.claim(e.line("MHA total KV cache  : 17.18 GB"), "MHA KV bytes / 10^9", ["17.18"], [kv(heads) / GB])
e.claim(e.line("GQA total KV cache  : 4.29 GB"), "GQA KV bytes / 10^9", ["4.29"], [kv(kv_heads) / GB])
e.claim(e.line("Ratio (MHA / GQA)   : 4.00x"), "ratio", ["4.00"], [kv(heads) / kv(kv_heads)])
e.claim(e.line("Savings (GQA vs MHA): 75.00%"), "saving", ["75.00%"], [1 - kv(kv_heads) / kv(heads)])

for script, t, tps, mem in (("gpt_with_kv_mha.py", "453.81", "72", "1.54"), ("gpt_with_kv_gqa.py", "516.33", "63", "0.63")):
    L0 = e.line(f"uv run {script}")
    e.given(e.line("--max_new_tokens 32768", after=L0), "tokens to generate")
    e.given(e.line("--n_heads 24", after=L0), "heads")
    e.given(e.line("--n_layers 12", after=L0), "layers")
    if "gqa" in script:
        e.given(e.line("--n_kv_groups 4", after=L0), "kv groups")
    e.given(e.line(f"Time: {t} sec", after=L0), "measured time")
    e.claim(e.line(f"{tps} tokens/sec", after=L0), "tokens / time", [tps], [sp.Integer(32768) / R(t)], rounded_int=True)
    e.ambiguous(e.line(f"Max memory allocated: {mem} GB", after=L0), "a measured peak allocation; not derivable from the article")
e.done()
