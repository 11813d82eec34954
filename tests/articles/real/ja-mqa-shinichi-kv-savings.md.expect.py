# Expected verdicts for ja-mqa-shinichi-kv-savings.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the Llama 2 (7B) example (32 layers, hidden 4096, 32 heads, head_dim 4096 / 32 = 128, fp16, 2048 tokens,
# batch 1) and the simulation code (num_heads_q = 32, GQA with num_heads_q // 4 = 8 KV heads).
#   MQA keeps 1 of 32 KV heads: saving 1 - 1/32 = 96.875% ("約 97%" right), 1/32 = 3.125% ("約3%" right).
#   MHA cache of the example: 2 x 32 x 2048 x 32 x 128 x 2 = 1,073,741,824 bytes = 1024 MiB = 1 GiB (right);
#   MQA: 2 x 32 x 2048 x 1 x 128 x 2 = 33,554,432 bytes = 32 MiB (right); 32 requests in the same memory (right).
#   The code comment "8つのQueryごとに1つのKVヘッド" sits on num_heads_q // 4 = 8 KV heads: 32 / 8 = 4 queries share
#   each KV head, not 8 (slip).  (The code's own defaults, batch 4 and 8192 tokens, would give 16384 MB for MHA; the
#   text says its 1024MB comes from the example above, and is checked against it.)
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from functools import partial
from oracle import number_claim, Expect, M, R, sp, softmax_rows, agrees

e = Expect(__file__, language="ja", topics=["mqa", "gqa", "kv-cache", "sizes", "code-comments", "percentages"])
DEC = {"MB": 10**6, "GB": 10**9}
BIN = {"MB": 2**20, "GB": 2**30}
claim_n = partial(number_claim, e)   # one printed number: oracle.number_claim


def size(nbytes, unit):
    return [("decimal", sp.sympify(nbytes) / DEC[unit]), ("binary", sp.sympify(nbytes) / BIN[unit])]


H = 32
claim_n(e.line("KVキャッシュに必要なメモリを約 97% カット"), "1 - 1/32 (%)", "97", (1 - R(1, H)) * 100)
for needle in ("* **層数 (Layers)**: 32", "* **隠れ層サイズ (Hidden Dim)**: 4096", "* **ヘッド数 (Heads)**: 32",
               "* **精度**: Float16 (1要素あたり 2バイト)", "**2048トークン**"):
    e.given(e.line(needle), needle.strip("* "))
L1 = e.line("> **結果**: MQAを使うだけで")
claim_n(L1, "1 KV head of 32", "1/32", R(1, H))
claim_n(L1, "1/32 (%)", "3", R(1, H) * 100)
e.given(e.line("    num_heads_q = 32"), "32 query heads")
claim_n(e.line("head_dim = hidden_dim // num_heads_q # 128"), "4096 // 32", "128", sp.Integer(4096 // 32))
e.given(e.line("gqa_mem = measure_usage(num_heads_q // 4"), "GQA with 32 // 4 = 8 KV heads")
claim_n(e.line("# 2. GQA: 8つのQueryごとに1つのKVヘッド"), "queries per KV head = 32 / (32 // 4)", "8",
        sp.Integer(H) / (H // 4))
mha = 2 * 32 * 2048 * 32 * 128 * 2
mqa = 2 * 32 * 2048 * 1 * 128 * 2
claim_n(e.line("通常のMHAは1024MB必要"), "MHA cache of the example in MB", "1024", size(mha, "MB"))
L1 = e.line("MHAでは1GB使っていたキャッシュが32MBで済む")
claim_n(L1, "MHA cache in GB", "1", size(mha, "GB"))
claim_n(L1, "MQA cache in MB", "32", size(mqa, "MB"))
L1 = e.line("1人分のメモリで、MQAなら32人分")
claim_n(L1, "MHA / MQA", "32", sp.Rational(mha, mqa))
claim_n(L1, "cost 1/32", "1/32", sp.Rational(mqa, mha))
e.done()
