# Expected verdicts for vi-holysheep-kv-cache-llama70b.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article's own inputs and code: 80 layers, seq_len 4096, hidden 8192, 2 bytes, batch 1, dividing by 1024**3.
# 80 * 2*4096*8192*2 / 2^30 = 10.00 exactly (10.74 under 1e9); the printed output 40.96 is wrong under both readings.
# "more than 50% of an 80 GB A100" follows from 40.96 (51%); from the inputs the share is 10/80 = 12.5% -> carried.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, agrees

e = Expect(__file__, language="vi", topics=["kv-cache", "memory", "code"])
total = 80 * 2 * 4096 * 8192 * 2
gib = sp.Integer(total) / 2**30

e.given(e.line("VRAM_KVCache = 2 * layers"), "formula")
e.given(e.line("80 layers, batch=1, seq_len=4096, hidden=8192, fp16=2 bytes"), "80 layers, batch 1, 4096 tokens, hidden 8192, 2 bytes")
for lab in ("layers = 80", "seq_len = 4096", "hidden_size = 8192", "bytes_per_param = 2 # FP16"):
    e.given(e.line(lab), lab)
L = e.line("Output: KV Cache cho 4096 tokens: 40.96 GB")
e.claim(L, "layers * 2*seq_len*hidden*bytes / 1024**3 (the code's GiB; 10.74 in 1e9 GB)", "40.96", gib)
e.claim(e.line("hơn 50% một chiếc A100 80GB"), "share of an 80 GB A100 (printed: more than 50%)", "50%", gib / 80, cause="carried")
e.done()
