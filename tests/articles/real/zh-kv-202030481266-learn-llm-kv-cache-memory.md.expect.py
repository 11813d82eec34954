# Expected verdicts for zh-kv-202030481266-learn-llm-kv-cache-memory.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the article's formula KV = 2 x batch x seq_len x n_layers x n_kv_heads x head_dim x bytes, FP16 (2 bytes), batch 1,
# "4K" = 4096 and "32K" = 32768 tokens (the 6.2 code block spells seq_len=4096 for the same LLaMA 7B row).
# GB is read both ways (decimal 10^9 and binary 2^30), as the other kv scripts do.
#  - Table 4.2: LLaMA 7B 2 x 4096 x 32 x 32 x 128 x 2 = 2^31 B = 2 GiB (2.15 GB), printed 4 GB -> wrong (slip);
#    LLaMA 13B 2 x 4096 x 40 x 40 x 128 x 2 = 3.125 GiB (3.36 GB), printed 6.25 -> wrong (slip);
#    LLaMA 70B (GQA) 2 x 4096 x 80 x 8 x 128 x 2 = 1.25 GiB (1.34 GB), printed 2.5 -> wrong (slip);
#    Mistral 7B 2 x 32768 x 32 x 8 x 128 x 2 = 4 GiB (4.29 GB), printed 8 -> wrong (slip).
#    Every row is exactly twice the binary value (as if K and V, or the 2 bytes, were counted twice); no reading of the
#    stated inputs gives the printed numbers, so each row is the author's own error.
#  - 4.3 shares: n_kv/n_heads = 1 -> 100%, 1/4 -> 25% (saves 75%), MQA 1/32 -> 3.125% (saves 96.875%) with the 32 query
#    heads of the LLaMA 7B row (the only MHA configuration of the article) -> ok.
#  - 5.1: INT4 keeps 4/16 of the FP16 bytes -> "减少75%" ok.
#  - 6.2: the same LLaMA 7B configuration (batch 1, 4096, 32 x 32 x 128, float16) -> "约4 GB" is 2 GiB again; it restates
#    the table's 4 GB -> wrong (carried).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv-cache", "gqa", "sizes"])
L = e.line


def gb(nbytes):
    return [("decimal GB", sp.sympify(nbytes) / 10**9), ("binary GiB", sp.sympify(nbytes) / 2**30)]


def kv(seq, layers, heads, hd, nbytes=2, batch=1):
    return 2 * batch * seq * layers * heads * hd * nbytes


e.given(L("KV Cache内存 = 2 × batch_size × seq_len × n_layers"), "KV cache formula")
for row, cfg, printed in (("| LLaMA 7B | 32 | 32 | 128 | 4K | 4 GB |", (4096, 32, 32, 128), "4"),
                          ("| LLaMA 13B | 40 | 40 | 128 | 4K | 6.25 GB |", (4096, 40, 40, 128), "6.25"),
                          ("| LLaMA 70B (GQA) | 80 | 8 | 128 | 4K | 2.5 GB |", (4096, 80, 8, 128), "2.5"),
                          ("| Mistral 7B | 32 | 8 | 128 | 32K | 8 GB |", (32768, 32, 8, 128), "8")):
    ln = L(row)
    e.given(ln, f"config layers={cfg[1]}, kv_heads={cfg[2]}, head_dim={cfg[3]}, seq={cfg[0]}")
    number_claim(e, ln, f"KV cache 2 x {cfg[0]} x {cfg[1]} x {cfg[2]} x {cfg[3]} x 2 B", printed, gb(kv(*cfg)))

n_heads = 32
ln = L("MHA (n_kv_heads = n_heads):     KV Cache = 100%")
e.claim(ln, "MHA share n_heads/n_heads", ["100%"], [R(1)])
ln = L("GQA (n_kv_heads = n_heads/4):   KV Cache = 25%")
e.claim(ln, "GQA share 1/4", ["25%"], [R(1, 4)])
e.claim(ln, "GQA saving 1 - 1/4", ["75%"], [R(3, 4)])
ln = L("MQA (n_kv_heads = 1):           KV Cache = 3.125%")
e.claim(ln, "MQA share 1/32 (32 query heads, LLaMA 7B)", ["3.125%"], [R(1, n_heads)])
e.claim(ln, "MQA saving 1 - 1/32", ["96.875%"], [1 - R(1, n_heads)])

ln = L("# FP16 → INT4: 内存减少75%")
e.claim(ln, "INT4 saving 1 - 4/16", ["75%"], [1 - R(4, 16)])

for key in ("batch_size=1,", "seq_len=4096,", "n_layers=32,", "n_kv_heads=32,", "head_dim=128,", "dtype=torch.float16"):
    e.given(L(key), "LLaMA 7B estimate input")
ln = L('print(f"KV Cache memory: {mem}")  # 约4 GB')
number_claim(e, ln, "LLaMA 7B KV at 4096 tokens (restates the table's 4 GB)", "4", gb(kv(4096, 32, 32, 128)),
             cause="carried")
e.done()
