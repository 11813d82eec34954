# Expected verdicts for zh-kv-joqk12345-paged-blocks.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Llama-2-7B: 2*32*32*128*2 = 524,288 B per token (0.524 MB = 0.5 MiB: "≈ 0.5 MB" right as MiB); 1000 tokens are
# 524 MB = 500 MiB (500 ok); 10000 tokens 5,242,880,000 B = 5000 MiB = 4.88 GiB = 5.24 GB ("5000 MB = 5 GB" ok).
# Speed-up: n^3 = 1e9 without the cache, n^2 + (n-1) n = 1,999,000 ~ 2,000,000 with it, ratio 500.25 ~ 500.
# Blocks of 16 tokens: ceil(1000/16) = 63, ceil(500/16) = 32, ceil(800/16) = 50, ceil(50/16) = 4, ceil(100/16) = 7.
# Utilisation: (1000 + 500) / 2048 = 73.2% (73% ok); (1000 + 500 + 800) / 2048 = 2300 / 2048 = 112.3%, printed 91%:
# wrong (a slip; the three requests do not even fit in 2048 tokens).  "~2" / "~5" concurrent requests on a 24 GB GPU
# depend on an unstated model: ambiguous; 5 / 2 = 2.5x follows from them.  MQA 1/32, GQA 8/32 = 1/4 and 8x MQA ok.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv-cache", "paged-attention", "gqa", "mqa", "memory"])


def n(line, what, printed, exact, cause="slip"):
    number_claim(e, line, what, printed, exact, cause)


def mb(nbytes, unit):
    base = {"MB": (10**6, 2**20), "GB": (10**9, 2**30)}[unit]
    return [(f"decimal {unit}", sp.Integer(nbytes) / base[0]), (f"binary {unit}", sp.Integer(nbytes) / base[1])]


N = 1000
e.given(e.line("序列长度 n = 1000:"), "n = 1000")
n(e.line("- 无 KV Cache: ~1,000,000,000"), "n^3", "1,000,000,000", sp.Integer(N**3))
L = e.line("- 有 KV Cache: ~1,000,000 + 999 × 1,000")
n(L, "n^2 + (n-1) n = 1,999,000, ~2,000,000 (at 1 significant digit)", "2", sp.Integer(N**2 + (N - 1) * N) / 10**6)
n(e.line("- 加速比: ~500x"), "1e9 / 1,999,000 = 500.25", "500", sp.Integer(N**3) / (N**2 + (N - 1) * N))

PER = 2 * 32 * 32 * 128 * 2
e.given(e.line("= 2 × 32 × 32 × 128 × 2 bytes"), "Llama-2-7B: 32 layers, 32 heads, head_dim 128, 2 bytes")
n(e.line("= 524,288 bytes"), "bytes per token", "524,288", sp.Integer(PER))
n(e.line("≈ 0.5 MB/token"), "per token in MB", "0.5", mb(PER, "MB"))
n(e.line("= 500 MB"), "1000 tokens", "500", mb(PER * 1000, "MB"))
L = e.line("= 5000 MB = 5 GB")
n(L, "10000 tokens in MB", "5000", mb(PER * 10000, "MB"))
number_claim(e, L, "10000 tokens in GB", "5", mb(PER * 10000, "GB"))

e.given(e.line("每个 block 存 16 个 token"), "16 tokens per block, requests of 1000 / 500 / 800 tokens, 2048 tokens")
e.claim(e.line("内存利用率: (1000 + 500) / 2048 = 73%"), "1500 / 2048", "73%", R(1500, 2048))
n(e.line("Request 1: 1000 tokens → 63 blocks"), "ceil(1000 / 16)", "63", sp.ceiling(R(1000, 16)))
n(e.line("Request 2: 500 tokens → 32 blocks"), "ceil(500 / 16)", "32", sp.ceiling(R(500, 16)))
n(e.line("Request 3: 800 tokens → 50 blocks"), "ceil(800 / 16)", "50", sp.ceiling(R(800, 16)))
e.claim(e.line("内存利用率: (1000 + 500 + 800) / 2048 = 91%"), "2300 / 2048 = 112.3%", "91%", R(2300, 2048))

e.given(e.line("系统提示词: 500 tokens"), "500-token system prompt")
e.given(e.line("用户输入: 50 tokens"), "50-token input")
e.given(e.line("模型输出: 100 tokens"), "100-token output")
n(e.line("每个请求需要 650 tokens"), "500 + 50 + 100", "650", sp.Integer(650))
n(e.line("系统提示词: 32 blocks (cached)"), "ceil(500 / 16)", "32", sp.ceiling(R(500, 16)))
L = e.line("用户输入 4 blocks + 输出 7 blocks")
n(L, "ceil(50 / 16)", "4", sp.ceiling(R(50, 16)))
n(L, "ceil(100 / 16)", "7", sp.ceiling(R(100, 16)))

e.given(e.line("文档长度: 10,000 tokens"), "10,000-token document")
e.given(e.line("摘要长度: 200 tokens"), "200-token summary")
e.given(e.line("并发数: 10 个请求"), "10 requests")
n(e.line("需要 10 × 10,200 = 102,000 tokens"), "10 x (10,000 + 200)", "102,000", sp.Integer(10 * 10200))
e.ambiguous(e.line("24GB GPU 只能处理 ~2 个并发请求"), "the model (bytes per token) is not stated")
e.ambiguous(e.line("可以处理 ~5 个并发请求"), "the model (bytes per token) is not stated")
n(e.line("吞吐量提升: 2.5x"), "5 / 2 concurrent requests", "2.5", R(5, 2))

e.claim(e.line("= MHA 的 1/32!"), "1 / 32 KV heads", "1/32", R(1, 32))
L = e.line("= MHA 的 1/4, MQA 的 8x")
e.claim(L, "8 / 32 KV heads", "1/4", R(8, 32))
n(L, "8 / 1 KV heads", "8", sp.Integer(8))
e.done()
