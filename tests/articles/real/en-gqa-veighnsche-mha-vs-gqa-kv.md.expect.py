# Expected verdicts for en-gqa-veighnsche-mha-vs-gqa-kv.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (as printed): MHA 64 heads = 64 KV heads, head_dim 96, d_model 6144, 48 layers; GQA 32 query heads,
# 4 KV heads, head_dim 128, d_model 4096, 32 layers; batch 1, 2048 tokens, FP16 (2 bytes).
# Exact: MHA per layer 2*1*2048*64*96*2 = 50,331,648 B = 50.33 MB (48 MiB); x48 = 2,415,919,104 B = 2.42 GB
# (2.25 GiB).  GQA per layer 2*1*2048*4*128*2 = 4,194,304 B = 4.19 MB (4 MiB); x32 = 134,217,728 B = 134.2 MB
# (128 MiB).  Ratio 2,415,919,104 / 134,217,728 = 18 exactly.  Sizes are read in decimal MB/GB (the unit under which
# every printed size agrees); group size 32/4 = 8; 64*96 = 6144 and 32*128 = 4096.
# No wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["gqa", "kv", "mha", "code-block"])
mha_layer = 2 * 1 * 2048 * 64 * 96 * 2
gqa_layer = 2 * 1 * 2048 * 4 * 128 * 2
MB, GB = 10**6, 10**9


def size(line, what, printed, nbytes, cause="slip"):
    number_claim(e, line, what, printed, [("decimal", R(nbytes, MB if "MB" in what else GB))], cause=cause)


for k, (needle, what) in enumerate([("`num_heads = 64`", "MHA heads"), ("`num_kv_heads = 64`", "MHA KV heads"),
                                    ("`head_dim = 96`", "MHA head_dim"), ("`num_heads = 32`", "GQA heads"),
                                    ("`num_kv_heads = 4`", "GQA KV heads"), ("`head_dim = 128`", "GQA head_dim")]):
    e.given(e.line(needle), what)
e.claim(e.line("`d_model = 6144`"), "d_model = 64 * 96", "6144", sp.Integer(64 * 96))
e.claim(e.line("`d_model = 4096`"), "d_model = 32 * 128", "4096", sp.Integer(32 * 128))
e.claim(e.line("**Group size**: 32 / 4 = 8"), "group size", "8", sp.Integer(32) / 4)

L = e.line("= 2 * 1 * 2048 * 64 * 96 * 2 bytes (FP16)")
e.given(L, "MHA per-layer product (batch 1, 2048 tokens, 64 KV heads, head_dim 96, 2 bytes)")
size(e.line("= 50.3 MB per layer"), "MHA per layer in MB", "50.3", mha_layer)
L = e.line("= 50.3 MB * 48 layers = 2.4 GB total")
number_claim(e, L, "MHA per layer in MB", "50.3", [("decimal", R(mha_layer, MB))])
number_claim(e, L, "MHA total in GB", "2.4", [("decimal", R(mha_layer * 48, GB))])

L = e.line("= 2 * 1 * 2048 * 4 * 128 * 2 bytes (FP16)")
e.given(L, "GQA per-layer product (batch 1, 2048 tokens, 4 KV heads, head_dim 128, 2 bytes)")
size(e.line("= 4.2 MB per layer"), "GQA per layer in MB", "4.2", gqa_layer)
L = e.line("= 4.2 MB * 32 layers = 134 MB total")
number_claim(e, L, "GQA per layer in MB", "4.2", [("decimal", R(gqa_layer, MB))])
number_claim(e, L, "GQA total in MB", "134", [("decimal", R(gqa_layer * 32, MB))])

e.claim(e.line("**18x less**"), "KV cache ratio MHA/GQA", "18", R(mha_layer * 48, gqa_layer * 32))
e.claim(e.line("(up to 18x here)"), "ratio restated", "18", R(mha_layer * 48, gqa_layer * 32))
e.done()
