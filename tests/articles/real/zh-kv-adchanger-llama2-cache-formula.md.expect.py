# Expected verdicts for zh-kv-adchanger-llama2-cache-formula.md, computed with plain SymPy (see oracle.py); not symattn's code.
# KV-cache sizing by hand (fp16, 2 bytes).  The article counts KB/GB in powers of two (16,384 B = 16 KB); sizes are read
# as decimal or binary and are wrong only when no reading matches.
# - LLaMA-2 7B (32 layers, 32 KV heads, head dim 128): 2*32*128*2 = 16,384 B per token per layer = 16 KiB; x32 layers
#   = 512 KiB per token; 4096 tokens = 2 GiB ("≈ 2 GB"); batch 16 = 32 GiB.  The 13GB weight size is quoted (given).
# - LLaMA-2 70B (80 layers, 8 KV heads, 128): 2*8*128*2 = 4096 B = 4 KiB; x80 = 320 KiB per token; 4096 tokens =
#   1.25 GiB; with 64 KV heads (MHA) 10 GiB.
# - The rule of thumb 4 * n_kv * d_head bytes is 2 (K, V) * 2 bytes: right.
# No wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim, grouped_int_claim

e = Expect(__file__, language="zh", topics=["kv-cache", "memory", "gqa"])
L = e.line


def size(ln, what, printed, nbytes, unit):
    p = {"KB": 1, "MB": 2, "GB": 3}[unit]
    n = sp.Integer(nbytes)
    number_claim(e, ln, what, printed, [(f"decimal {unit}", n / 10 ** (3 * p)), (f"binary {unit}", n / 2 ** (10 * p))])


e.given(L("\\boxed{\\text{KV Cache 字节数}"), "KV cache formula")
e.given(L("- 2 表示 K、V 两份"), "symbols; fp16 = 2 bytes")
e.given(L("$L=32,\\ h=n_{kv}=32,\\ d_{head}=128$"), "LLaMA-2 7B shape, fp16")
ln = L("**每 token 每层** = $2\\times32\\times128\\times2")
grouped_int_claim(e, ln, "bytes per token per layer 2*32*128*2", "16{,}384", 2 * 32 * 128 * 2, sep="{,}")
size(ln, "16,384 B in KB", "16", 2 * 32 * 128 * 2, "KB")
ln = L("**每 token（全 32 层）**")
size(ln, "per token, 32 layers", "512", 32 * 2 * 32 * 128 * 2, "KB")
per7 = 32 * 2 * 32 * 128 * 2
ln = L("→ 4096 token 单条序列 ≈ **2 GB**")
size(ln, "one sequence of 4096 tokens", "2", 4096 * per7, "GB")
size(ln, "batch 16", "32", 16 * 4096 * per7, "GB")
e.given(ln, "model weights 13GB (quoted)")
e.given(L("$L=80,\\ d_{head}=128,\\ n_{kv}=8$"), "LLaMA-2 70B shape, fp16")
ln = L("每 token 每层 = $2\\times8\\times128\\times2=4096$ B")
e.claim(ln, "bytes per token per layer 2*8*128*2", ["4096"], [2 * 8 * 128 * 2])
size(ln, "4096 B in KB", "4", 2 * 8 * 128 * 2, "KB")
size(ln, "per token, 80 layers", "320", 80 * 2 * 8 * 128 * 2, "KB")
per70 = 80 * 2 * 8 * 128 * 2
ln = L("→ 4096 token ≈ **1.25 GB/序列**")
size(ln, "one sequence of 4096 tokens", "1.25", 4096 * per70, "GB")
size(ln, "with 64 KV heads (MHA)", "10", 4096 * 80 * 2 * 64 * 128 * 2, "GB")
ln = L("\\text{每 token 每层} = 4\\times n_{kv}")
e.claim(ln, "2 (K,V) x 2 bytes", ["4"], [2 * 2])
e.given(L("单卡 80GB 时"), "80GB card")
e.done()
