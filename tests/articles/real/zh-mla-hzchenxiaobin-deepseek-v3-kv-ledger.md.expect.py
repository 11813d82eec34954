# Expected verdicts for zh-mla-hzchenxiaobin-deepseek-v3-kv-ledger.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese study note (hzchenxiaobin/ai-infra-notes) on DeepSeek-V3: KV cache formula, MHA/GQA/MQA/MLA cache per
# token per layer, the MLA memory ledger, the per-layer MLA parameter count and a 128K x batch 32 KV estimate.
# Inputs: n_h = 128, d_h = 128, G = 8, d_c = 512, d_h^R = 64, d_c' = 1536, d = 7168, L = 61, BF16 = 2 bytes,
#   128K context (read as 131,072 tokens), decimal units (MB = 1e6 B, GB = 1e9 B) as the ledger's 4.0 MB / 9.2 GB imply.
# Exact values: MHA 2*128*128 = 32768, GQA 2048 (1/16), MQA 256 (1/128), MLA 576 (32768/576 = 56.89 -> 1/57, 57x);
#   MHA per token 32768*61*2 = 3,997,696 B = 4.0 MB; x 131072 = 523,986,010,112 B = 523.99 GB;
#   MLA per token 576*61*2 = 70,272 B = 70 KB; x 131072 = 9.2107 GB; C(256,8) = 409,663,695,276,000 = 4.10e14; C(8,2) = 28;
#   MLA params: 11,010,048 / 37,748,736 / 4,128,768 / 16,777,216 / 458,752 / 117,440,512, total 187,564,032 = 187.6 M.
# Wrong lines:
#   - "≈ 523 GB" (MHA, 128K x batch 1): exact 523.99 GB rounds to 524 (truncated); 4.0 MB x 131072 = 524.3, x 128000 = 511.7,
#     488 GiB: right under no reading -> slip.
#   - C(256,8) "≈ 4.4 × 10^14": exact 4.10e14 -> slip.
#   - MLA attention parameters "≈ 176 M": the six printed rows sum to 187.5 M (exact 187.6 M) -> slip.
# Ambiguous: the batch-32 line "70 KB × 128K × 32 ≈ 287 GB" and "4.0 MB × 128K × 32 ≈ 16 TB" holds only with 128K read as
#   128,000 tokens and the rounded 70 KB (286.72 GB); with 131,072 tokens it is 294.7 GB / 16.77 TB, with exact 70,272 B and
#   128,000 tokens 287.8 GB -> arithmetic on rounded operands under an undecided token reading.
import sys
from math import comb
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["mla", "kv-cache", "gqa", "memory", "latex-table"])
L = e.line

nh, dh, G, dc, dr, dq, d, nL = 128, 128, 8, 512, 64, 1536, 7168, 61
mha, gqa, mqa, mla = 2 * nh * dh, 2 * G * dh, 2 * dh, dc + dr
T = 131072

e.given(L("Llama 2/3 70B 取 $G = 8$"), "G = 8, 64 Q heads, 8 KV heads (quoted config)")
e.given(L("基准取 DeepSeek-V3 的注意力配置"), "n_h = 128, d_h = 128")
ln = L("| MHA | 128 | $2 \\times 128 \\times 128 = 32768$")
e.claim(ln, "MHA cache per token per layer", ["32768"], [mha])
ln = L("| GQA（G=8） | 8 |")
e.claim(ln, "GQA cache and ratio", ["2048", "1/16"], [gqa, R(gqa, mha)])
ln = L("| MQA | 1 | $2 \\times 128 = 256$")
e.claim(ln, "MQA cache and ratio", ["256", "1/128"], [mqa, R(mqa, mha)])
ln = L("| **MLA（V3）** |")
e.claim(ln, "MLA cache 512 + 64", ["576"], [mla])
e.claim(ln, "MLA ratio printed as 1/57 (32768/576 = 56.9 -> 57)", ["57"], [R(mha, mla)], rounded_int=True)

e.claim(L("MHA 每个 token 实际上存了 $2 n_h d_h = 32768$ 维"), "2 n_h d_h", ["32768"], [mha])
e.given(L("压到 $d_c = 512$ 维"), "d_c = 512")
e.given(L("下投影（$7168 \\to 512$）"), "d = 7168 -> 512")
e.given(L("k_t^R = \\text{RoPE}(W^{KR} h_t) \\in \\mathbb{R}^{64}"), "d_h^R = 64")
e.given(L("$k^C$（每头 128 维）"), "128 per head")
e.given(L("$k^R$（64 维，所有头共用）"), "64 shared")
e.given(L("c_t^Q = W^{DQ} h_t \\in \\mathbb{R}^{1536}"), "d_c' = 1536")
e.claim(L("= **每 token 每层 576 个元素**"), "512 + 64", ["576"], [mla])
e.claim(L("GQA($G{\\approx}2$)"), "equivalent GQA group count 576 / (2*128) = 2.25 -> about 2", ["2"], [R(mla, 2 * dh)],
        rounded_int=True)

per_mha, per_mla = mha * nL * 2, mla * nL * 2
ln = L("| MHA | $2 \\times 128 \\times 128 = 32768$ 元素")
e.claim(ln, "MHA per layer", ["32768"], [mha])
e.claim(ln, "MHA per token, whole model, MB", ["4.0"], [R(per_mha, 10**6)])
e.claim(ln, "MHA 128K x batch 1, GB (exact 523.99, truncated)", ["523"], [R(per_mha * T, 10**9)], rounded_int=True)
ln = L("| MLA | $512 + 64 = 576$ 元素")
e.claim(ln, "MLA per layer", ["576"], [mla])
e.claim(ln, "MLA per token, whole model, KB", ["70"], [R(per_mla, 10**3)], rounded_int=True)
e.claim(ln, "MLA 128K x batch 1, GB", ["9.2"], [R(per_mla * T, 10**9)])
e.claim(L("压缩比 $32768 / 576 \\approx 57\\times$"), "compression ratio", ["32768", "576", "57"],
        [mha, mla, R(mha, mla)], rounded_int=True)

ln = L("组合空间 $\\binom{256}{8}")
e.claim(ln, "C(256,8) (exact 4.10e14)", ["4.4"], [R(comb(256, 8), 10**14)])
e.claim(ln, "C(8,2)", ["28"], [comb(8, 2)])

e.given(L("| 层数 $L$ | 61（3 稠密 + 58 MoE）"), "L = 61, d = 7168")
e.given(L("| 注意力头数 $n_h$ | 128 |"), "n_h, d_h")
e.given(L("| KV 压缩维度 $d_c$ | 512 |"), "d_c, d_c'")
e.given(L("| 解耦 RoPE 维度 $d_h^R$ | 64 |"), "d_h^R, N_r")
M = 10**6
rows = [("| $W^{DQ}$ |", "11.0", d * dq), ("| $W^{UQ} + W^{QR}$ |", "37.7", dq * nh * (dh + dr)),
        ("| $W^{DKV}$ |", "4.1", d * (dc + dr)), ("| $W^{UK} + W^{UV}$ |", "16.8", 2 * dc * nh * dh),
        ("| $W^{KR}$ |", "0.5", d * dr), ("| $W^O$ |", "117.4", nh * dh * d)]
for lab, p, x in rows:
    e.claim(L(lab), f"{lab.strip('| ')} parameters in M", [p], [R(x, M)])
e.claim(L("| **合计** | | **≈ 176 M** |"), "sum of the six MLA matrices in M (exact 187.6)", ["176"],
        [R(sum(x for _, _, x in rows), M)], rounded_int=True)

e.ambiguous(L("128K 上下文、batch=32 时"),
            "287 GB and 16 TB hold only with 128K read as 128,000 tokens and the rounded 70 KB / 4.0 MB operands "
            "(70e3*128000*32 = 286.7 GB); with 131,072 tokens the exact values are 294.7 GB and 16.77 TB")
ln = L("一共 576 维/token/层")
e.given(ln, "d_c = 512, 64-dim RoPE key")
e.claim(ln, "576, 32768 and the ratio 'about 57'", ["576", "32768", "57"], [mla, mha, R(mha, mla)], rounded_int=True)
e.claim(L("KV cache 大约缩小 57 倍"), "compression 32768/576 about 57", ["57"], [R(mha, mla)], rounded_int=True)
e.given(L("#### MLA 显存账（V3 配置，61 层，BF16）"), "61 layers, BF16")
e.given(L("- $\\text{bytes}$：单个元素的字节数（BF16 = 2）"), "BF16 = 2 bytes")
e.done()
