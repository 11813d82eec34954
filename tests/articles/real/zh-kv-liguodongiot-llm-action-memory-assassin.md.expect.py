# Expected verdicts for zh-kv-liguodongiot-llm-action-memory-assassin.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A short note on KV-cache memory (llm-action, docs/llm-inference/KV-Cache.md): one line gives the inputs batch_size=32,
# head=32, layer=32, dim_size=4096 (= heads x head_dim, so head is not a separate factor), seq_length=2048, float32
# (4 bytes), and the division chain 2 * 32 * 4096 * 2048 * 32 * 4 / 1024/1024/1024 /1024 = 64G.
# Exact: the product is 2 x 32 x 4096 x 2048 x 32 x 4 = 68,719,476,736 bytes = 64 GiB exactly, so the size "64G" would be
# right with three divisions by 1024; but the chain as printed divides four times and equals 1/16 (= 0.0625, i.e. TiB).
# The equation "... /1024/1024/1024 /1024 = 64G" is therefore wrong as written (slip: one /1024 too many, added in the
# line the author marks as corrected by a reader); the cache size itself is 64 GiB.  The line also holds the inputs.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["kv-cache", "sizes"])

L = e.line("batch_size=32, head=32, layer=32, dim_size=4096, seq_length=2048")
e.given(L, "batch 32, heads 32, layers 32, dim 4096, seq 2048, float32 (4 bytes)")
product = 2 * 32 * 4096 * 2048 * 32 * 4
assert product == 68719476736 and sp.Integer(product) / 1024**3 == 64
chain = sp.Integer(product) / 1024 / 1024 / 1024 / 1024
e.claim(L, "2*32*4096*2048*32*4 /1024/1024/1024/1024 as printed (= 1/16; the cache is 64 GiB only with three /1024)",
        ["64"], [chain], cause="slip")

e.done()
