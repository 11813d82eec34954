# Expected verdicts for zh-flash-dengxiaosys-fa2-online-softmax-memory.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# The article (CS336 assignment-2 notes on FlashAttention-2) does two things with numbers:
#  1. Memory sizes of attention tensors, all in binary units (MiB / GiB / TiB; 2 bytes for BF16/FP16, 4 for FP32):
#     Q/K/V/O of shape (1,32,S,128) against a score/probability tensor (1,32,S,S) for S = 1024 ... 16384 and 1M
#     (10^6 tokens: 8.192e9 B = 7.63 GiB, 6.4e13 B = 58.21 TiB, ratio S/d = 7812.5); the sum over 32 layers; the
#     KV cache 2*L*B*H_kv*T*d*e for MHA/GQA/MQA at T = 8192; a 64x64 tile (8 KiB BF16, 16 KiB FP32, 4096 tiles in a
#     4096^2 score); the CPU benchmark B=8, H=1, FP32 (512 MiB, 2 GiB); the logsumexp L (1 MiB) against P (4 GiB).
#  2. A hand run of online softmax on scores [1,2 | 3,4] with values [10,20 | 30,40]: local softmaxes, the global
#     softmax, the running state (m, l, z) after tile 1, the rescale alpha = e^-2, the merged l, z and output, and
#     the recovery p_j = exp(s_j - L) from L = logsumexp.
# Every printed number agrees with the exact value under the binary reading the article names; no wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["flash", "online-softmax", "memory", "markdown-table", "latex-inline"])
L = e.line
KiB, MiB, GiB, TiB = 2**10, 2**20, 2**30, 2**40
exp, log = sp.exp, sp.log
H, d = 32, 128

# ---- 2.2
ln = L("8192^2\\times2=128")
e.given(ln, "B=1, H=1, S=8192, FP16; then H=32")
e.claim(ln, "8192^2 * 2 B in MiB; with H = 32 in GiB", ["128", "4"], [R(8192**2 * 2, MiB), R(32 * 8192**2 * 2, GiB)])
ln = L("地址空间限制为 20 GiB")
e.given(ln, "CPU experiment: 20 GiB limit, B=8, S=8192, d=16, FP32 (H=1 as restated in 2.3.6)")
e.claim(ln, "one FP32 score buffer 8*1*8192^2*4 B in GiB", ["2"], [R(8 * 8192**2 * 4, GiB)])
e.given(L("$e=4$ 表示 FP32"), "e = 2 for FP16/BF16, 4 for FP32")

# ---- 2.3.2 table
ln = L("取 `B=1,H=32,d=128,BF16`")
e.given(ln, "B=1, H=32, d=128, BF16")
e.claim(ln, "d_model = H d", ["4096"], [H * d])
for S, us in ((1024, MiB), (2048, MiB), (4096, GiB), (8192, GiB), (16384, GiB)):
    q, s = H * S * d * 2, H * S * S * 2
    ln = L(f"| {S} | ")
    e.claim(ln, f"S={S}: Q/K/V/O in MiB, score in {'MiB' if us == MiB else 'GiB'}, ratio S/d",
            [str(q // MiB), str(s // us), str(S // d)], [R(q, MiB), R(s, us), R(S, d)])
S = 10**6
ln = L("| 1,000,000（1M） |")
e.given(ln, "S = 1,000,000")
e.claim(ln, "S=1M: Q/K/V/O in GiB, score in TiB, ratio S/d", ["7.63", "58.21", "7812.5"],
        [R(H * S * d * 2, GiB), R(H * S * S * 2, TiB), R(S, d)])
ln = L("这个倍数就是 $S/d$")
e.claim(ln, "S=8192: Q in MiB, S or P in GiB, S+P in GiB", ["64", "4", "8"],
        [R(H * 8192 * d * 2, MiB), R(H * 8192**2 * 2, GiB), R(2 * H * 8192**2 * 2, GiB)])
ln = L("batch 会按比例放大")
e.claim(ln, "S=4096 B=1 -> B=8; S=8192 B=1 -> B=8 (GiB)", ["1", "8", "4", "32"],
        [R(H * 4096**2 * 2, GiB), R(8 * H * 4096**2 * 2, GiB), R(H * 8192**2 * 2, GiB), R(8 * H * 8192**2 * 2, GiB)])

# ---- 2.3.3 32 layers
l32 = L("设模型有 32 层")
e.given(l32, "32 layers, B=1, H=32, BF16")
for S, unit in ((2048, GiB), (4096, GiB), (8192, GiB)):
    t = H * S * S * 2
    ln = L(f"| {S} | ", after=l32)
    one = "0.25" if S == 2048 else str(t // GiB)
    e.claim(ln, f"S={S}: per layer, x32, x64 (GiB)", [one, str(32 * t // GiB), str(64 * t // GiB)],
            [R(t, GiB), R(32 * t, GiB), R(64 * t, GiB)])
t = H * 16384**2 * 2
ln = L("| 16384 | 16 GiB | 512 GiB")
e.claim(ln, "S=16384: per layer GiB, x32 GiB, x64 TiB", ["16", "512", "1"], [R(t, GiB), R(32 * t, GiB), R(64 * t, TiB)])

# ---- 2.3.5 KV cache
e.given(L("例如 `L=32,B=1,d=128,BF16,T=8192`"), "L=32, B=1, d=128, BF16, T=8192")
for needle, hkv in (("| 标准 MHA | 32 |", 32), ("| GQA | 8 |", 8)):
    kv = 2 * 32 * 1 * hkv * 8192 * 128 * 2
    ln = L(needle)
    e.given(ln, f"H_kv = {hkv}")
    e.claim(ln, "32-layer KV cache in GiB", [str(kv // GiB)], [R(kv, GiB)])
kv = 2 * 32 * 1 * 1 * 8192 * 128 * 2
ln = L("| MQA | 1 |")
e.given(ln, "H_kv = 1")
e.claim(ln, "32-layer KV cache in GiB and MiB", ["0.125", "128"], [R(kv, GiB), R(kv, MiB)])

# ---- 2.3.6 tiles and benchmark
ln = L("取 `S=4096,H=1,BF16`")
e.claim(ln, "4096^2 * 2 B in MiB", ["32"], [R(4096**2 * 2, MiB)])
e.claim(L("BF16 tile 只有"), "64^2 * 2 B in KiB", ["8"], [R(64**2 * 2, KiB)])
e.claim(L("即使转成 FP32"), "64^2 * 4 B in KiB", ["16"], [R(64**2 * 4, KiB)])
e.claim(L("完整 BF16 score 相当于"), "4096^2 / 64^2 tiles", ["4096"], [R(4096**2, 64**2)])
ln = L("仓库的 CPU benchmark 也能对上")
e.given(ln, "B=8, H=1, FP32; 20 GiB limit")
s1, s2 = 8 * 4096**2 * 4, 8 * 8192**2 * 4
e.claim(ln, "S=4096: one score MiB, two GiB; S=8192: one GiB, two GiB", ["512", "1", "2", "4"],
        [R(s1, MiB), R(2 * s1, GiB), R(s2, GiB), R(2 * s2, GiB)])

# ---- 4.2 local vs global softmax
e.given(L("score tile 1: [1, 2]"), "tile 1 scores")
e.given(L("score tile 2: [3, 4]"), "tile 2 scores")
sm2 = [exp(1) / (exp(1) + exp(2)), exp(2) / (exp(1) + exp(2))]
e.claim(L("softmax([1, 2]) = [0.2689, 0.7311]"), "softmax([1,2])", ["0.2689", "0.7311"], sm2)
e.claim(L("softmax([3, 4]) = [0.2689, 0.7311]"), "softmax([3,4])", ["0.2689", "0.7311"],
        [exp(3) / (exp(3) + exp(4)), exp(4) / (exp(3) + exp(4))])
e.claim(L("拼起来四个数之和为 2"), "sum of two local softmaxes", ["2"], [2])
Z = sum(exp(k) for k in (1, 2, 3, 4))
p = [exp(k) / Z for k in (1, 2, 3, 4)]
e.claim(L("= [0.0321, 0.0871, 0.2369, 0.6439]"), "softmax([1,2,3,4])", ["0.0321", "0.0871", "0.2369", "0.6439"], p)
e.claim(L("tile 1 合计只占约 11.92%"), "p1+p2, p3+p4", ["11.92%", "88.08%"], [p[0] + p[1], p[2] + p[3]])

# ---- 4.3 / 4.4 running state
ln = L("第一块 scores `[1,2]` 配上一维 values `[10,20]`")
e.given(ln, "tile-1 values [10, 20]")
e.claim(ln, "m_old = max(1, 2)", ["2"], [2])
l_old = exp(-1) + 1
z_old = 10 * exp(-1) + 20
e.claim(L("\\ell_\\text{old}=e^{-1}+1\\approx1.367879"), "l_old", ["1.367879"], [l_old])
e.claim(L("z_\\text{old}=10e^{-1}+20\\approx23.678794"), "z_old", ["23.678794"], [z_old])
e.claim(L("只看第一块时的输出"), "z_old / l_old", ["17.310586"], [z_old / l_old])
ln = L("第二块 scores 是 `[3,4]`")
e.given(ln, "tile-2 values [30, 40]")
e.claim(ln, "m_new = 4", ["4"], [4])
e.claim(L("所以所有旧权重统一乘"), "alpha = e^-2", ["0.135335"], [exp(-2)])
l_new = exp(-2) * l_old + exp(-1) + 1
z_new = exp(-2) * z_old + 30 * exp(-1) + 40
e.claim(L("\\ell_\\text{new}=e^{-2}\\ell_\\text{old}"), "l_new", ["1.553002"], [l_new])
e.claim(L("z_\\text{new}=e^{-2}z_\\text{old}"), "z_new", ["54.240960"], [z_new])
e.claim(L("最终输出是 $o=z_\\text{new}"), "o = z_new / l_new", ["34.926527"],
        [sum(pi * v for pi, v in zip(p, (10, 20, 30, 40)))])

# ---- 4.7 logsumexp
e.claim(L("- $m=4$；"), "m", ["4"], [4])
ell = exp(-3) + exp(-2) + exp(-1) + 1
e.claim(L("\\ell=e^{-3}+e^{-2}+e^{-1}+1\\approx1.553002"), "l", ["1.553002"], [ell])
Lse = 4 + log(ell)
e.claim(L("$L=4+\\log(1.553002)\\approx4.440190$"), "L = logsumexp", ["4.440190"], [Lse])
for k, pr in zip((1, 2, 3, 4), ("0.0321", "0.0871", "0.2369", "0.6439")):
    e.claim(L(f"exp({k} - L) = {pr}"), f"exp({k} - L)", [pr], [exp(k - Lse)])

# ---- 4.7.4
ln = L("例如 `B=1,H=32,Nq=Nk=8192`")
e.given(ln, "B=1, H=32, Nq=Nk=8192")
e.claim(L("BF16 的完整 $P$ 为 4 GiB"), "32 * 8192^2 * 2 B in GiB", ["4"], [R(32 * 8192**2 * 2, GiB)])
e.claim(L("FP32 的 $L$ 仅为"), "1*32*8192*4 B in MiB", ["1"], [R(32 * 8192 * 4, MiB)])
e.claim(L("二者相差 4096 倍"), "P / L bytes", ["4096"], [R(32 * 8192**2 * 2, 32 * 8192 * 4)])

e.done()
