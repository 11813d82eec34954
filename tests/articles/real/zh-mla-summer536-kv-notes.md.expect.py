# Expected verdicts for zh-mla-summer536-kv-notes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Qwen72B as the article gives it: l = 80 layers, n_h = 64 heads, d_h = 128, 2 bytes per number; one token caches
# 2 × 80 × 64 = 10240 vectors = 2 × 10240 × 128 = 2,621,440 bytes = 2.62 MB.  MLA (DeepSeek): d_c = 512, d_rope = 64,
# d_nope = 128, n_h = 128.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["mla", "gqa", "kv-cache"])
l, nh, dh = 80, 64, 128
per_token = 2 * (2 * l * nh) * dh

e.given(e.line("l = 80, \\quad n_h = 64, \\quad d_h = 128"), "Qwen72B sizes")
e.claim(e.line("num_{kv} = 2 \\times l \\times n_h"), "2 × 80 × 64", ["10240"], [2 * l * nh])
e.claim(e.line("1token\\_mem_{kv}"), "2 × 10240 × 128 bytes in MB", ["2.62"], [sp.Integer(per_token) / 10**6])
L = e.line("例如 Bs=1，S=1024")
e.claim(L, "one token in MB", ["2.62"], [sp.Integer(per_token) / 10**6])
# as written 2.62 × 1024 = 2682.88; the 1024-token cache is 2,684,354,560 bytes = 2684.35 MB, so 2684 is right end to end
e.claim(L, "1024 tokens in MB", ["2684"], [sp.Integer(per_token * 1024) / 10**6], rounded_int=True)
L = e.line("| **MLA**        |")
e.claim(L, "d_c = 4 d_h, d_rope = 0.5 d_h, their sum 4.5 d_h", ["4", "0.5", "4.5"],
        [sp.Integer(512) / dh, sp.Integer(64) / dh, sp.Integer(512 + 64) / dh])
e.given(e.line("其中 `d_h` 是单个 head 的维度"), "d_h = 128, d_c = 512, d_rope = 64")
for needle in ("- $d_c$：MLA低秩压缩KV的维度", "- $d_q$：MLA低秩压缩Q的维度", "- $d_h$：是单个 head",
               "- $n_h$：是每层 head 的数量", "- $d_{nope}$：NoPE的维度", "- $d_{rope}$：RoPE的维度"):
    e.given(e.line(needle), "DeepSeek-V3 dimension")
e.claim(e.line("$d = 128 \\times 128 = 16384$"), "d_h × n_h", ["16384"], [128 * 128])
e.claim(e.line("{\\sqrt{192}}"), "d_nope + d_rope under the square root", ["192"], [128 + 64])
e.claim(e.line("其中 $16384 = 128 \\times 128"), "n_h × v_head_dim", ["16384"], [128 * 128])
e.given(e.line("u = W^O o \\in \\mathbb{R}^{7168}"), "hidden size 7168")
e.claim(e.line("维度从一般的 128 升到 576/512"), "cached width d_c + d_rope", ["576"], [512 + 64])
L = e.line("m 这个维度就是128/8=16")
e.claim(L, "128 heads over TP=8 and TP=16", ["16", "8"], [sp.Integer(128) / 8, sp.Integer(128) / 16])
e.done()
