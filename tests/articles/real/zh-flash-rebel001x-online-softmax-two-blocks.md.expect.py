# Expected verdicts for zh-flash-rebel001x-online-softmax-two-blocks.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# Inputs: N = 4096, d = 64, fp16 (2 B) for the HBM traffic estimate, A100 312 TFLOPS and 2 TB/s; the worked online
# softmax on one row x = (1, 3, 2, 5) (already divided by sqrt d) with scalar values v = (10, 20, 30, 40), blocks
# A = (1, 3) and B = (2, 5); memory for N = 8192 (S + P at 2 B, m and l at 4 B).
# Exact: alpha * l_A = e^-2 + e^-4 = 0.153651, l' = 1.203438, alpha * O_A = 10 e^-4 + 20 e^-2 = 2.889862,
# O' = 44.383474, final 36.880566; weights e^(x-5)/l' = (0.015219, 0.112457, 0.041371, 0.830953).
# Wrong lines:
#  - "2*2*N^2*d = 2x2x4096^2x64 ~ 8.6 GFLOPs": 4 * 4096^2 * 64 = 4,294,967,296 = 4.3 GFLOPs (slip: doubled).
#  - "8.6 GFLOPs on 312 TFLOPS ~ 27 us": exactly 4.29e9 / 312e12 = 13.8 us; even from the printed 8.6 it is 27.6 us,
#    which rounds to 28 (slip).
#  - the weights (0.0152, 0.1124, 0.0414, 0.8310): e^-2 / 1.203438 = 0.112457 -> 0.1125; 0.1124 is 0.1353 / 1.2034
#    from rounded operands (drift); restated as an operand in the check sum (carried).
# Explicit products on rounded operands that are right as written but not end to end are ambiguous (policy rule 5):
# 0.1353 * 1.1353 = 0.1536 (exact 0.1537), 0.1353 * 21.353 = 2.889 (exact 2.890), 0.1124 * 20 = 2.248 (2.249),
# 0.0414 * 30 = 1.242 (1.241); the chains' final results 1.2034, 44.383 and 36.88 are right end to end.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["flash", "online-softmax", "complexity", "latex-inline", "code-block"])
L = e.line
E = sp.exp
MiB, KiB = 2**20, 2**10

# ---- 1.2 / 2: sizes and the roofline estimate
e.given(L("│  带宽: ~19 TB/s"), "SRAM bandwidth ~19 TB/s")
e.given(L("│  带宽: ~1.5–3.3 TB/s"), "HBM bandwidth 1.5-3.3 TB/s")
ln = L("片上 SRAM 比 HBM 快约 10 倍")
e.ambiguous(ln, "'about 10x' from 19 TB/s against a range of 1.5-3.3 TB/s (5.8x to 12.7x)")
e.claim(ln, "4096^2 x 2 B in MiB", ["32"], [R(4096**2 * 2, MiB)])
N, d = 4096, 64
e.given(L("算术强度 = FLOPs / 访存字节"), "fp16, N = 4096, d = 64")
e.given(L("│  容量: ~20MB(整卡)"), "SRAM capacity")
e.given(L("│  容量: 40–80 GB"), "HBM capacity")
S_bytes = N * N * 2
e.claim(L("写 S:  N² 元素 = 4096² × 2B = 32 MB"), "S in MiB", ["32"], [R(S_bytes, MiB)])
e.claim(L("读 S + 写 P(softmax): 2 × 32 MB = 64 MB"), "read S + write P", ["64"], [R(2 * S_bytes, MiB)])
e.claim(L("读 P + 写 O: ~32 MB + 0.5 MB"), "read P, write O (N x d x 2 B)", ["32", "0.5"], [R(S_bytes, MiB), R(N * d * 2, MiB)])
ln = L("仅中间 N² 矩阵的 HBM 流量 ≈ 128 MB")
total = 4 * S_bytes + N * d * 2                      # 128.5 MiB
e.claim(ln, "traffic 32 + 64 + 32 + 0.5 (~128, a tie at 0 places)", ["128"], [R(total, MiB)], rounded_int=True)
flops = 2 * 2 * N**2 * d
ln = L("\\approx 2\\times2\\times4096^2\\times64 \\approx 8.6")
e.claim(ln, "2*2*N^2*d in GFLOPs", ["8.6"], [R(flops, 10**9)])
ln = L("做 8.6 GFLOPs 需")
e.given(ln, "312 TFLOPS")
e.claim(ln, "8.6 GFLOPs restated", ["8.6"], [R(flops, 10**9)], cause="carried")
e.claim(ln, "compute time in us (13.8 exactly; 27.6 even from 8.6)", ["27"], [R(flops * 10**6, 312 * 10**12)],
        rounded_int=True)
ln = L("搬 128 MB 需")
e.given(ln, "2 TB/s")
number_claim(e, ln, "128 MB / 2 TB/s in us", "64", [("decimal, printed 128 MB", R(128 * 10**6 * 10**6, 2 * 10**12)),
                                                    ("binary", R(total * 10**6, 2 * 2**40))])

e.claim(L("FlashAttention 去掉的正是这 128MB"), "traffic restated", ["128"], [R(total, MiB)], rounded_int=True)

# ---- 9. worked online softmax
x, v = [1, 3, 2, 5], [10, 20, 30, 40]
e.given(L("一行 logits（已除 $\\sqrt d$）"), "x = (1, 3, 2, 5), v = (10, 20, 30, 40)")
e.given(L("目标 $O=\\sum_i"), "blocks A = (1, 3), B = (2, 5)")
A0 = L("**块 A**")
e.given(A0, "block A inputs")
e.claim(L("- $m_A=\\max(1,3)=3$", after=A0), "m_A", ["3"], [3])
e.claim(L("- $e^{1-3}=e^{-2}=0.1353", after=A0), "e^-2, e^0", ["0.1353", "1"], [E(-2), 1])
lA = E(-2) + 1
OA = 10 * E(-2) + 20
e.claim(L("- $\\ell_A = 0.1353+1 = 1.1353$", after=A0), "l_A", ["1.1353"], [lA])
e.claim(L("- $O_A = 0.1353\\cdot10", after=A0), "10 e^-2 and O_A", ["1.353", "21.353"], [10 * E(-2), OA])
e.claim(L("初始化 running"), "running m, l, O", ["3", "1.1353", "21.353"], [3, lA, OA])
B0 = L("**块 B**")
e.given(B0, "block B inputs")
e.claim(L("- $m_B=\\max(2,5)=5$", after=B0), "m_B", ["5"], [5])
e.claim(L("- $e^{2-5}=e^{-3}=0.0498", after=B0), "e^-3, e^0", ["0.0498", "1"], [E(-3), 1])
lB = E(-3) + 1
OB = 30 * E(-3) + 40
e.claim(L("- $\\ell_B = 0.0498+1 = 1.0498$", after=B0), "l_B", ["1.0498"], [lB])
e.claim(L("- $O_B = 0.0498\\cdot30", after=B0), "30 e^-3 and O_B", ["1.494", "41.494"], [30 * E(-3), OB])
C0 = L("**合并**")
e.claim(C0, "m' = max(3, 5)", ["5"], [5])
alpha = E(-2)
e.claim(L("- 旧修正因子", after=C0), "alpha", ["0.1353"], [alpha])
e.claim(L("- 新修正因子", after=C0), "beta", ["1"], [1])
l2 = alpha * lA + lB
O2 = alpha * OA + OB
ln = L("- $\\ell' = 0.1353\\cdot1.1353", after=C0)
e.ambiguous(ln, "0.1353 * 1.1353 = 0.1536 is right as written from rounded operands; exactly e^-2 + e^-4 = 0.153651")
e.claim(ln, "l_B and l'", ["1.0498", "1.2034"], [lB, l2])
ln = L("- $O' = 0.1353\\cdot21.353", after=C0)
e.ambiguous(ln, "0.1353 * 21.353 = 2.889 is right as written from rounded operands; exactly 10 e^-4 + 20 e^-2 = 2.889862")
e.claim(ln, "O_B and O'", ["41.494", "44.383"], [OB, O2])
ln = L("**归一化**")
e.claim(ln, "O' / l'", ["44.383", "1.2034", "36.88"], [O2, l2, O2 / l2])
Z = sum(E(t - 5) for t in x)
w = [E(t - 5) / Z for t in x]
out = sum(wi * vi for wi, vi in zip(w, v))
e.claim(L("**对账(一次性 safe softmax)**"), "global max", ["5"], [5])
ln = L("$e^{1-5}=0.0183,\\ e^{3-5}=0.1353")
e.claim(ln, "e^(x-5) and sum", ["0.0183", "0.1353", "0.0498", "1", "1.2034"], [E(-4), E(-2), E(-3), 1, Z])
ln = L("权重 $=(0.0152,0.1124,0.0414,0.8310)$")
e.claim(ln, "weights w0, w2, w3", ["0.0152", "0.0414", "0.8310"], [w[0], w[2], w[3]])
e.claim(ln, "weight of x = 3 (0.1353 / 1.2034 from rounded operands)", ["0.1124"], [w[1]], cause="drift")
ln = L("$O=0.0152\\cdot10+0.1124\\cdot20")
e.claim(ln, "weights restated", ["0.0152", "0.0414", "0.8310"], [w[0], w[2], w[3]])
e.claim(ln, "weight 0.1124 restated", ["0.1124"], [w[1]], cause="carried")
e.ambiguous(ln, "products on rounded weights: 0.1124*20 = 2.248 and 0.0414*30 = 1.242 are right as written; "
                "exactly 2.249 and 1.241")
e.claim(ln, "products 0.152, 33.24 and output", ["0.152", "33.24", "36.88"], [10 * w[0], 40 * w[3], out])

# ---- 10. memory
Nm = 8192
sp_bytes = 2 * Nm**2 * 2
e.given(L("**显存手算**"), "N = 8192, one head, fp16")
ml_bytes = 2 * Nm * 4
e.claim(L("2\\times8192^2\\times2 = 256"), "S + P in MiB", ["256"], [R(sp_bytes, MiB)])
e.claim(L("2\\times8192\\times4 = 64"), "m and l in KiB", ["64"], [R(ml_bytes, KiB)])
ln = L("中间激活显存省了约 4000 倍")
ent = e._entry(ln)
ratio = R(sp_bytes, ml_bytes)
assert ratio == 4096
ent["claims"].append({"what": "256 MiB / 64 KiB = 4096, 'about 4000' at thousands precision", "printed": ["4000"]})
if ent["verdict"] in (None, "given"):
    ent["verdict"] = "ok"
e.given(ln, "32k / 128k context lengths (prose)")
e.done()
