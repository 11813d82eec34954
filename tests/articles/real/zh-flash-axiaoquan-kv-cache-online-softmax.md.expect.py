# Expected verdicts for zh-flash-axiaoquan-kv-cache-online-softmax.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Two questions of a Chinese LLM-interview handbook chapter: KV-cache sizing and FlashAttention's online softmax.
# Inputs: LLaMA-7B 32 layers, 32 heads, d_head 128, batch 1, seq 2048, FP16 (2 bytes); INT8 = 1 byte, INT4 = 0.5 byte
#   against that FP16 baseline; online-softmax example: scores [0, log 2], scalar values [1, 3], two blocks of one.
# Exact values: 2*1*2048*32*128*32*2 = 1,073,741,824 B = 2^30 = 1 GiB = 1.073741824 GB (printed 1.074, right);
#   INT8 saves 1 - 1/2 = 50 %, INT4 saves 1 - 1/4 = 75 %.
#   Online softmax: after block 1 m = 0, l = e^0 = 1, u = 1*1 = 1; block 2: m' = log 2, rescale e^(0 - log 2) = 1/2,
#   l' = 1/2 + e^0 = 3/2, u' = 1/2 + 3 = 7/2, o' = 7/3; direct weights e^0/(1+2) = 1/3, 2/3, 1/3*1 + 2/3*3 = 7/3.
# Every printed number agrees: no wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv-cache", "sizes", "flash", "online-softmax", "latex-inline"])
L = e.line

# --- KV cache size ---------------------------------------------------------------------------
e.given(L("\\text{KV Cache} = 2 \\times B \\times L"), "factor 2 in the formula")
e.given(L("- 系数 2：K、V 各存一份"), "factor 2 explained")
e.given(L("- 例：LLaMA-7B（32 层、32 头、d=128），batch=1，seq=2048，FP16"), "32 layers, 32 heads, 128, batch 1, 2048, FP16")
nbytes = 2 * 1 * 2048 * 32 * 128 * 32 * 2
ln = L("$2 \\times 1 \\times 2048 \\times 32 \\times 128 \\times 32 \\times 2 = 1\\text{ GiB}$")
e.given(ln, "the product written out with the inputs")
e.claim(ln, "product in GiB", ["1"], [sp.Integer(nbytes) / 2 ** 30])
e.claim(ln, "product in GB", ["1.074"], [sp.Integer(nbytes) / 10 ** 9])

# --- reduction table -------------------------------------------------------------------------
e.given(L("| **MQA** | 所有 Q 头共享 1 个 KV 头 |"), "one KV head")
e.given(L("| **GQA** | 每组 Q 头共享 1 个 KV 头 |"), "one KV head per group")
ln = L("| **量化** | KV Cache 用 INT8/INT4 | 50% / 75% |")
e.claim(ln, "saving of INT8 / INT4 against FP16", ["50%", "75%"], [1 - R(8, 16), 1 - R(4, 16)])

# --- online softmax worked example ------------------------------------------------------------
ln = L("手算一例：两个分数 $[0,\\log2]$，对应标量 value $[1,3]$。")
e.given(ln, "scores [0, log 2], values [1, 3]")
s = [sp.Integer(0), sp.log(2)]
v = [sp.Integer(1), sp.Integer(3)]
m1 = s[0]
l1 = sp.exp(s[0] - m1)
u1 = l1 * v[0]
e.claim(ln, "state after block 1: m, l, u", ["0", "1", "1"], [m1, l1, u1])
m2 = sp.Max(m1, s[1])
scale = sp.exp(m1 - m2)
l2 = sp.simplify(scale * l1 + sp.exp(s[1] - m2))
u2 = sp.simplify(scale * u1 + sp.exp(s[1] - m2) * v[1])
e.claim(ln, "rescale factor e^(m - m')", ["1/2"], [sp.simplify(scale)])
e.claim(ln, "l' and u' after block 2", ["1.5", "3.5"], [l2, u2])
e.claim(ln, "output o' = u'/l'", ["7/3"], [sp.simplify(u2 / l2)])
den = sum(sp.exp(x) for x in s)
w = [sp.simplify(sp.exp(x) / den) for x in s]
e.claim(ln, "direct softmax weights", ["1/3", "2/3"], w)
e.given(L("初始值可以取 $m=-\\infty,\\ell=0,u=0$"), "initial state l = 0, u = 0")
e.done()
