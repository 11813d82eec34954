# Expected verdicts for en-kv-stas00-ml-engineering-llama31-kv-cache.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The book chapter sizes inference memory for Meta-Llama-3.1-8B (32 layers, hidden 4096, 32 attention heads, 8 KV heads,
# bf16 = 2 bytes, 8B parameters).  Bytes per parameter are bits/8: fp6 0.75, 5-bit 0.625, 3-bit 0.375, 2-bit 0.25,
# 1-bit 0.125; the MX formats add one 8-bit scale per 32 values, i.e. 0.25 bit per value: (8.25, 6.25, 4.25)/8 =
# 1.03125, 0.78125, 0.53125.  Weights 2 x 8e9 = 16 GB.  KV per token 2*2*32*4096*8/32 = 131,072 B = 0.131 MB (the text
# divides by 10**6, decimal MB); GQA keeps 8/32 = 1/4 of MHA.  1024 tokens: 0.131*1024 = 134.1 (exact 134.2 MB); batch
# 128: 0.131*1024*128/10**3 = 17.17 (exact 17.18 GB), "~17.2GB" right either way.  MHA would be 32/8 = 4x larger, MQA
# 8/1 = 8x smaller; MQA and GQA use 32x and 4x less than MHA.  Every printed number agrees; nothing is wrong.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["kv-cache", "gqa", "mqa", "sizes", "dtype-bytes"])
L = e.line

# bytes per parameter, derived from the bit width named on each line
for needle, printed, bits in [("- 4 bytes * number", "4", 32), ("- 2 bytes * number", "2", 16),
                              ("- 1 byte  * number", "1", 8), ("- 0.75 bytes", "0.75", 6),
                              ("- 0.625 bytes", "0.625", 5), ("- 0.5 bytes", "0.5", 4),
                              ("- 0.375 bytes", "0.375", 3), ("- 0.25 bytes", "0.25", 2),
                              ("- 0.125 bytes", "0.125", 1)]:
    e.claim(L(needle), f"bytes per parameter at {bits} bits", [printed], [R(bits, 8)])
e.given(L("one 8-bit E8M0 scale for every block of 32"), "MX: one 8-bit scale per 32 values")
for needle, printed, bits in [("- 1.03125 bytes", "1.03125", 8), ("- 0.78125 bytes", "0.78125", 6),
                              ("- 0.53125 bytes", "0.53125", 4)]:
    e.claim(L(needle), f"MX payload bytes per parameter ({bits}-bit + 8/32-bit scale)", [printed],
            [(bits + R(8, 32)) / 8])

ln = L("Example: Meta-Llama-3.1-8B in bf16 will need")
e.claim(ln, "2 bytes x 8B parameters in GB", ["16"], [sp.Integer(2 * 8 * 10**9) / 10**9])

layers, hidden, kvh, heads, nb = 32, 4096, 8, 32, 2
per_tok = sp.Integer(nb * 2 * layers * hidden * kvh) / heads          # bytes
ln = L("1 token Meta-Llama-3.1-8B in bf16 will need")
e.claim(ln, "per-token KV bytes / 10**6 (MB)", ["0.131"], [per_tok / 10**6])
e.claim(ln, "GQA fraction of MHA (8/32)", ["1/4"], [R(kvh, heads)])
ln = L("A batch size of 1 of 1024 tokens will need")
number_claim(e, ln, "1 x 1024 tokens (0.131*1024) in MB", "134",
             [("written product 0.131*1024", R("0.131") * 1024), ("exact decimal MB", per_tok * 1024 / 10**6)])
ln = L("A batch size of 128 of 1024 tokens each")
e.claim(ln, "128 x 1024 tokens in GB", ["17.2"], [per_tok * 1024 * 128 / 10**9])
ln = L("Had Meta-Llama-3.1-8B used MHA")
e.claim(ln, "MHA / GQA and GQA / MQA per-token ratios", ["4", "8"], [R(heads, kvh), R(kvh, 1)])
ln = L("In this case the model has `num_key_value_heads=8`")
e.given(ln, "num_key_value_heads=8, num_attention_heads=32")
e.claim(ln, "MHA / MQA and MHA / GQA ratios", ["32", "4"], [R(heads, 1), R(heads, kvh)])
e.done()
