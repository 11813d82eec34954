# Expected verdicts for zh-mla-freestardust-deepseek-r1-kv-compress.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article: a GitHub issue (deepseek-ai/DeepSeek-R1 #238, in Chinese) comparing the KV cache that DeepSeek-R1's
# huggingface code stores with the compressed MLA cache of the paper; shortened to the description's calculations.
# Inputs (from the model config, as the article prints them): d = 7168, heads = 128, d_v_head = 128, d_rope_head = 64,
# d_nope_head = 128, d_c = 512.
# Exact: d_v = 128 × 128 = 16384; d_k = 128 × (128 + 64) = 24576; uncompressed K + V = 2 × 24576 = 49152 per token;
# stored K (d_k) + V (d_v) = 40960, a saving of 8192 / 49152 = 1/6 = 16.67 % (the reading the sentence uses, "同为24576";
# the article's earlier "n×d + n×d_v" with d = 7168 would give 52.08 %, but the sentence compares against d_k).
# Ambiguous: "存储的大小对应为 8704n，则压缩了约 82.29%" and its restatement "82.29%". 8704 = 512 + 128 × 64 counts a
# decoupled RoPE key per head; the paper's MLA caches one shared 64-d RoPE key, 512 + 64 = 576 per token (a saving of
# 98.83 %). The article writes the cache as n×d_rope + n×d_c without saying whether d_rope is per head or for all heads,
# so 8704n (and 1 − 8704/49152 = 82.29 %, right from it) cannot be decided from the article.
# Wrong lines: none.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["mla", "kv-cache", "memory"])
L = e.line

d, heads, dvh, drh, dnh, dc = 7168, 128, 128, 64, 128, 512
d_v = heads * dvh
d_k = heads * (dnh + drh)

ln = L("d=7168，heads = 128，d_v_head = 128，故 d_v =  16384")
e.given(ln, "d = 7168, heads = 128, d_v_head = 128")
e.claim(ln, "d_v = heads × d_v_head", "16384", d_v)
ln = L("再有 d_rope_head = 64，d_nope_head = 128, 则 d_k = 24576")
e.given(ln, "d_rope_head = 64, d_nope_head = 128")
e.claim(ln, "d_k = heads × (d_nope_head + d_rope_head)", "24576", d_k)
ln = L("（同为24576）的情况要小，但也只压缩了约 16.67%")
e.claim(ln, "uncompressed K and V both 24576", "24576", d_k)
e.claim(ln, "saving of stored d_k + d_v against 2 × 24576", "16.67%", 1 - R(d_k + d_v, 2 * d_k))
e.given(L("需要存的相关参数是 d_c = 512，d_rope_head = 64"), "d_c = 512, d_rope_head = 64")
ln = L("完整的 kv cache 大小为 49152n")
e.claim(ln, "uncompressed cache 2 × 24576 per token", "49152", 2 * d_k)
e.ambiguous(L("存储的大小对应为 8704n，则压缩了约 82.29%"),
            "8704 = 512 + 128·64 counts the RoPE key per head (then 1 − 8704/49152 = 82.29 %); the paper's MLA caches "
            "one shared 64-d RoPE key, 512 + 64 = 576 per token (98.83 %); the article never says whether d_rope is per "
            "head or for all heads")
e.claim(L("所以代码实际走的是压缩 16.67% 的那条路"), "restated saving of the code's cache", "16.67%",
        1 - R(d_k + d_v, 2 * d_k))
e.ambiguous(L("而不是压缩 82.29% 的那条路"), "restates 82.29 %, which follows only from the per-head reading of 8704n")
e.done()
