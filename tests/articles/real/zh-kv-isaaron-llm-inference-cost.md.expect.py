# Expected verdicts for zh-kv-isaaron-llm-inference-cost.md, computed with plain SymPy (see oracle.py); not symattn's code.
#
# The article (is-Aaron's blog, Chinese) explains why output tokens cost more: a 70B FP16 model is 70e9 x 2 B = 140 GB,
# one read at 3.35 TB/s takes 140/3.35 = 41.8 ms (~42 ms), so 1000 decode steps take ~42 s.  It then sizes the KV
# cache, 2 x L x n_kv x d_head x seq x batch x bytes, for Llama 3.1 at 4096 tokens, FP16, 8 KV heads of 128:
# 8B (32 layers) 536,870,912 B = 512 MiB (~512 MB ok); 70B (80 layers) 1,342,177,280 B = 1.25 GiB = 1.34 GB (~1.3 GB ok
# both ways); 405B (126 layers) 2,113,929,216 B = 1.97 GiB (~2 GB ok); weights 16 / 140 / 810 GB ok.
# Ambiguous: the shares ~3.2% / ~0.9% / ~0.25% divide the table's rounded sizes (512/16000, 1.3/140, 2/810); with the
# exact bytes they are 3.36% (or 3.125% all-binary), 0.96% (0.89% all-binary) and 0.261% (0.243%): the article does not
# say which units it divides, so these are left ambiguous.  "4-5 倍" is a range about typical prices (the table is 5x).
# Wrong: the closing 1.3 GB x 32 x 64 = 2.6 TB multiplies the rounded 1.3 GB (2662 GB = 2.6 TiB as written); end to end
# the 70B cache at 128K x 64 is 1.25 GiB x 2048 = 2560 GiB = 2.5 TiB (or 1.342 GB x 2048 = 2748.8 GB = 2.75 TB), so the
# final 2.6 is wrong under either unit (cause drift: right from the author's rounded 1.3 GB).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv-cache", "gqa", "memory", "bandwidth"])
Ki, Mi, Gi, Ti = 2**10, 2**20, 2**30, 2**40


def kv(L, n_kv=8, d=128, seq=4096, batch=1, nbytes=2):
    return sp.Integer(2 * L * n_kv * d * seq * batch * nbytes)


def amb(line, reason):
    e.ambiguous(line, reason)
    if e._entry(line)["verdict"] != "wrong":
        e._entry(line)["verdict"] = "ambiguous"


def n(line, what, printed, exact, cause="slip"):
    number_claim(e, line, what, printed, exact, cause)


e.given(e.line("| 输入 token（Input/Prompt）"), "$3 per 1M input tokens")
e.given(e.line("| 输出 token（Output/Completion）"), "$15 per 1M output tokens")
amb(e.line("输出单价一般是输入的 **4-5 倍**"), "a range about typical prices; the table's own ratio is 15/3 = 5")

W70 = sp.Integer(70 * 10**9 * 2)
BW = R(335, 100) * 10**12
n(e.line("| 模型权重大小 | ~140 GB |"), "70e9 params x 2 bytes", "140", [("GB", W70 / 10**9), ("GiB", W70 / Gi)])
e.given(e.line("| H100 SXM 显存带宽 | ~3.35 TB/s |"), "3.35 TB/s")
n(e.line("| 读取一次模型权重 | ~42 ms |"), "140 GB / 3.35 TB/s in ms", "42", W70 / BW * 1000)
L = e.line("> 注：70B FP16 权重（140 GB）")
n(L, "70B FP16 weights in GB", "140", W70 / 10**9)
e.given(L, "80 GB per H100")
n(e.line("耗时约 **42 ms**"), "one weight read in ms", "42", W70 / BW * 1000)
L = e.line("- 总耗时：42 ms × 1000")
n(L, "1000 reads in s (printed ~42 s)", "42", W70 / BW * 1000, )
L = e.line("- **GQA**（如 Llama 3 70B）")
e.given(L, "64 query heads, 8 KV heads")
e.claim(L, "64 / 8", "8", R(64, 8))
e.claim(e.line("- **MQA**："), "64 / 1", "64", sp.Integer(64))
e.given(e.line("以 Llama 3.1 为例（FP16，序列长度 4096"), "FP16, 4096 tokens, batch 1")

rows = {"8B": (32, 8), "70B": (80, 70), "405B": (126, 405)}
L8 = e.line("| 8B | 32 | 8 |")
n(L8, "8B KV = 2x32x8x128x4096x2 B", "512", [("MiB", kv(32) / Mi), ("MB", kv(32) / 10**6)])
n(L8, "8B weights = 8e9 x 2 B in GB", "16", sp.Integer(16))
amb(L8, "~3.2% is 512/16000 from the table's sizes; exact bytes give 536,870,912 / 16e9 = 3.36% "
        "(3.125% with both sizes binary): the unit convention is not stated")
L70 = e.line("| 70B | 80 | 8 |")
n(L70, "70B KV = 2x80x8x128x4096x2 B", "1.3", [("GiB", kv(80) / Gi), ("GB", kv(80) / 10**9)])
n(L70, "70B weights in GB", "140", W70 / 10**9)
amb(L70, "~0.9% is 1.3/140 from the table's sizes; exact bytes give 1,342,177,280 / 140e9 = 0.96% "
         "(0.89% reading 1.25 GiB over 140 GiB): the unit convention is not stated")
L405 = e.line("| 405B | 126 | 8 |")
n(L405, "405B KV = 2x126x8x128x4096x2 B", "2", [("GiB", kv(126) / Gi), ("GB", kv(126) / 10**9)])
n(L405, "405B weights = 405e9 x 2 B in GB", "810", sp.Integer(810))
amb(L405, "~0.25% is 2/810 from the table's sizes; exact bytes give 2,113,929,216 / 810e9 = 0.261% "
          "(0.243% reading 1.97 GiB over 810 GiB): the unit convention is not stated")
L = e.line("（128K 上下文 = 上表 × 32）")
e.claim(L, "131072 / 4096", "32", R(131072, 4096))
e.given(L, "64 concurrent requests")
L = e.line("1.3\\text{ GB} \\times 32 \\times 64")
e.claim(L, "factors restated", ["32", "64"], [sp.Integer(32), sp.Integer(64)])
n(L, "70B KV at 128K x 64: 1.25 GiB x 2048 = 2.5 TiB (1.342 GB x 2048 = 2.75 TB)", "2.6",
  [("TiB", kv(80, seq=131072, batch=64) / Ti), ("TB", kv(80, seq=131072, batch=64) / 10**12)], "drift")
n(e.line("这已远超 140 GB 的模型权重本身"), "70B weights in GB", "140", W70 / 10**9)
e.done()
