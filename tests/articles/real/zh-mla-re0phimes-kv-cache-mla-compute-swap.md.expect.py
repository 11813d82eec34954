# Expected verdicts for zh-mla-re0phimes-kv-cache-mla-compute-swap.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# Inputs (table 1): LLaMA-2-7B, n_h = 32, d_h = 128, d_model = 4096, 32 layers, FP16 (2 B), weights 13.5 GB,
# 14 GFLOPs per token, RTX A6000 155 TFLOPS / 768 GB/s, L = 4096; GQA-8, MQA, MLA d_c = 512; DeepSeek-V2 as the
# article states it (d_model = 5120, n_h = 128, d_h = 40, d_c = 512, d_rope = 64).
# Units: the article's sizes are binary (0.5 MB per token = 524,288 B = 0.5 MiB, 2 GB = 2 GiB, 64 MB = 2^26 B).  A
# size or a time computed from sizes agrees when it agrees under the binary reading (MiB, GiB, and 768 GiB/s) or the
# decimal one (10^6 / 10^9 B, 768e9 B/s) of its line.  The per-layer times are written as "64 / 768 = 0.083 ms",
# i.e. a 2^20-byte MB divided as if 1 GB were 1000 MB: right as written, but 0.0814 ms under the binary reading and
# 0.0874 ms under the decimal one, so those times (and what is built only on them: the x32 totals, the 33.3 %
# utilisation, the slopes 0.667 / 0.083 / 0.167 ms) are ambiguous, not wrong.  Ratios of two sizes (16x, 20x) and
# the FLOP counts are unit-free and checked exactly.
# Wrong lines:
#  - "20.2 ms vs 0.09 ms, 约224倍": exactly (15.5 GB / 768 GB/s) / (14e9 / 155e12 s) = 20.182 / 0.090323 = 223.4 -> 223;
#    224 comes from the rounded 20.2 / 0.09 (drift).
#  - MQA utilisation 16.5 %: 0.43296 us / 2.6042 us = 16.6 % (17.0 % binary, 15.9 % decimal); 16.5 is 0.43 / 2.6 from
#    rounded operands (drift).
#  - MLA per token "512 x 32 x 2 = 0.032 MB": 32,768 B = 0.03125 MiB (0.031) or 0.032768 MB (0.033) - right under no
#    reading (slip); restated in the formula table (carried), where the Decoupled-RoPE row 0.036 MB (= 0.032 x 576/512)
#    is 36,864 B = 0.0352 MiB (0.035) or 0.0369 MB (0.037) - carried.
#  - "Attention 在整个模型的 14 GFLOPS 中占不到 2%": 268 MFLOPs is one layer; the whole model runs 32 layers,
#    32 x 268,435,456 = 8.59 GFLOPs = 61 % of 14 GFLOPs (slip: one layer compared with the whole model).
#  - BS = 64 MLA row: 21.50 GB / 768 GB/s = 27.995 ms -> 27.99, printed 28.00 (slip; the prose "28 ms" is right).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["mla", "kv", "complexity", "markdown-table", "latex-display"])
L = e.line
KiB, MiB, GiB = 2**10, 2**20, 2**30
BW_dec, BW_bin = 768 * 10**9, 768 * GiB
PEAK = 155 * 10**12
nl, nh, dh, dm, Lq, dc = 32, 32, 128, 4096, 4096, 512


def size(line, what, printed, nbytes, unit):
    """A size printed in MB or GB: right under the binary or the decimal reading."""
    base = {"MB": (MiB, 10**6), "GB": (GiB, 10**9)}[unit]
    number_claim(e, line, what, printed, [(f"binary {unit[0]}iB", R(nbytes, base[0])),
                                          (f"decimal {unit}", R(nbytes, base[1]))])


def ms(line, what, printed, nbytes_bin, nbytes_dec=None, cause="slip"):
    """A transfer time in ms: bytes / 768 GiB/s (binary) or bytes / 768e9 B/s (decimal)."""
    nbytes_dec = nbytes_bin if nbytes_dec is None else nbytes_dec
    number_claim(e, line, what, printed, [("binary", R(nbytes_bin * 1000, BW_bin)),
                                          ("decimal", R(nbytes_dec * 1000, BW_dec))], cause=cause)


AMB_T = ("transfer time of a binary MB divided as X / 768 ms (1 GB = 1000 MB): right as written, but 0.0814 ms per "
         "64 MiB under 768 GiB/s and 0.0874 ms under 768e9 B/s; the article never fixes the unit")

# ---- table 1: inputs
e.given(L("基准场景是 LLaMA-2-7B"), "scenario: 768 GB/s, seq 4096, BS 1")
e.given(L("只看**单层 Attention**"), "single-layer scenario, d_c = 512")
e.given(L("**GQA-8**（4 个 Query 共用"), "GQA-8: n_kv = 8")
for needle in ("| $n_h$ (注意力头数)", "| $d_h$ (头维度)", "| $n_{layers}$", "| Model Weights", "| Peak Compute",
               "| Memory Bandwidth", "| Precision ", "| Sequence Length ($L$)"):
    e.given(L(needle), "configuration")
e.claim(L("| $d_{model}$           | 4096"), "d_model = n_h d_h", ["4096"], [nh * dh])

# ---- 5.1 MHA
mha_tok = 2 * nl * nh * dh * 2                  # 524,288 B
mha_kv = mha_tok * Lq                           # 2 GiB
ln = L("2 \\times 32 \\text{层} \\times 32 \\text{头}")
size(ln, "MHA KV per token", "0.5", mha_tok, "MB")
ln = L("KV Cache = $0.5 \\text{ MB} \\times 4096")
size(ln, "MHA KV at 4096", "2", mha_kv, "GB")
e.given(L("- Weights: ~13.5 GB"), "weights 13.5 GB")
size(L("- KV Cache: ~2 GB"), "MHA KV restated", "2", mha_kv, "GB")
w_bin, w_dec = R(27, 2) * GiB, R(27, 2) * 10**9
number_claim(e, L("**总计: ~15.5 GB**"), "13.5 + 2", "15.5", [("binary GiB", R(w_bin + mha_kv, GiB)),
                                                              ("decimal GB", R(w_dec + mha_kv, 10**9))])
ms(L("\\text{搬运时间} = \\frac{15.5"), "15.5 GB / 768 GB/s", "20.2", w_bin + mha_kv, w_dec + 2 * 10**9)
t_c = R(14 * 10**9 * 1000, PEAK)                # ms per token
e.given(L("7B 模型每个 token 约 14 GFLOPS"), "14 GFLOPs per token, 155 TFLOPS")
e.claim(L("\\text{计算时间} \\approx \\frac{14}{155000}"), "14 GFLOPs / 155 TFLOPS in ms", ["0.09"], [t_c])
ratio = R(w_bin + mha_kv, BW_bin) * 1000 / t_c
number_claim(e, L("差了约224倍"), "transfer / compute (exact 223.4; 224 from rounded 20.2 / 0.09)", "224",
             [("", ratio)], cause="drift")
e.claim(L("差了约224倍"), "restated times", ["20.2", "0.09"], [R(w_bin + mha_kv, BW_bin) * 1000, t_c])

# ---- 5.2 GQA / MQA
gqa_tok = 2 * nl * 8 * dh * 2                   # 131,072 B
mqa_tok = 2 * nl * 1 * dh * 2                   # 16,384 B
size(L("2 \\times 32 \\times 8 \\times 128 \\times 2 = 0.125"), "GQA-8 per token", "0.125", gqa_tok, "MB")
ln = L("KV Cache = $0.125 \\times 4096 = 0.5")
size(ln, "GQA-8 KV at 4096", "0.5", gqa_tok * Lq, "GB")
e.claim(L("相对 MHA 的 2GB 少了**75%**"), "1 - 1/4", ["75%"], [1 - R(gqa_tok, mha_tok)])
ms(L("\\frac{13.5 + 0.5}{768} \\approx 18.2"), "(13.5 + 0.5) / 768", "18.2", w_bin + gqa_tok * Lq,
   w_dec + R(1, 2) * 10**9)
size(L("2 \\times 32 \\times 1 \\times 128 \\times 2 = 0.016"), "MQA per token", "0.016", mqa_tok, "MB")
ln = L("KV Cache = $0.016 \\times 4096 = 64")
# 0.016 x 4096 would be 65.5; the printed 64 MB is the exact 2^26 B = 64 MiB (right end to end)
size(ln, "MQA KV at 4096", "64", mqa_tok * Lq, "MB")
e.claim(L("相对 MHA 少了**97%**"), "1 - 1/32", ["97%"], [1 - R(mqa_tok, mha_tok)])
ms(L("\\frac{13.5 + 0.064}{768} \\approx 17.7"), "(13.5 + 0.064) / 768", "17.7", w_bin + mqa_tok * Lq,
   w_dec + 64 * 10**6)


def slope_rows(after):
    ln = L("| MHA | 2 GB | 2.604 ms |", after=after)
    size(ln, "MHA C_kv", "2", mha_kv, "GB")
    ms(ln, "slope 2 GB / 768 GB/s", "2.604", mha_kv, 2 * 10**9)
    ln = L("| GQA-8 | 512 MB | 0.667 ms |", after=after)
    size(ln, "GQA-8 C_kv", "512", gqa_tok * Lq, "MB")
    e.ambiguous(ln, "0.667 = 512 / 768 with a binary MB and 1 GB = 1000 MB; 0.651 ms under 768 GiB/s, 0.699 under 768e9 B/s")
    ln = L("| MQA | 64 MB | 0.083 ms |", after=after)
    size(ln, "MQA C_kv", "64", mqa_tok * Lq, "MB")
    e.ambiguous(ln, "0.083 = 64 / 768 with a binary MB; 0.0814 ms under 768 GiB/s, 0.0874 under 768e9 B/s")
    return ln


slope_rows(L("BS 变大以后"))

# ---- 6.2 element counts
ln = L("2 \\times n_{layers} \\times n_h \\times d_h \\times 2\\text{ bytes} = 0.5")
size(ln, "MHA per token restated", "0.5", mha_tok, "MB")
ll = L("代入 LlaMA-2-7B（$n_h=32")
ln = L("| MHA            | $2 \\times 4096 = 8192$", after=ll)
e.claim(ln, "2 d_model", ["8192"], [2 * dm])
ln = L("| GQA-8          | $2 \\times 8 \\times 128 = 2048$", after=ll)
e.claim(ln, "2 * 8 * 128 and ratio", ["2048", "4"], [2 * 8 * dh, R(2 * dm, 2 * 8 * dh)])
ln = L("| MQA            | $2 \\times 128 = 256$", after=ll)
e.claim(ln, "2 * 128 and ratio", ["256", "32"], [2 * dh, R(2 * dm, 2 * dh)])
ln = L("| MLA（$d_c=512$） | $512$                          | **16×**", after=ll)
e.claim(ln, "ratio 8192 / 512", ["16"], [R(2 * dm, dc)])
dv = L("再代入 DeepSeek-V2")
e.given(dv, "DeepSeek-V2 parameters as stated (d_model 5120, n_h 128, d_h 40, d_c 512)")
e.claim(L("| MHA | $2 \\times 5120 = 10240$ | 1× |", after=dv), "2 * 5120", ["10240"], [2 * 5120])
e.claim(L("| MQA | $2 \\times 40 = 80$ | 128× |", after=dv), "2 * 40 and ratio", ["80", "128"], [80, R(10240, 80)])
e.claim(L("| MLA（$d_c=512$） | $512$ | **20×** |", after=dv), "ratio 10240 / 512", ["20"], [R(10240, 512)])

# ---- 6.4.1 sizes per layer
lay = {"MHA": 2 * dm * Lq * 2, "GQA-8": 2 * 8 * dh * Lq * 2, "MQA": 2 * dh * Lq * 2, "MLA": dc * Lq * 2}
ln = L("| MHA | $2 \\times 4096 = 8192$ | **64 MB** | 1× |")
e.claim(ln, "2 * 4096", ["8192"], [8192])
size(ln, "MHA per layer", "64", lay["MHA"], "MB")
ln = L("| GQA-8（$n_{kv}=8$） | $2 \\times 8 \\times 128 = 2048$ | **16 MB** | 1/4 |")
e.claim(ln, "2 * 8 * 128, ratio", ["2048", "1/4"], [2048, R(1, 4)])
size(ln, "GQA-8 per layer", "16", lay["GQA-8"], "MB")
ln = L("| MQA（$n_{kv}=1$） | $2 \\times 128 = 256$ | **2 MB** | 1/32 |")
e.claim(ln, "2 * 128, ratio", ["256", "1/32"], [256, R(1, 32)])
size(ln, "MQA per layer", "2", lay["MQA"], "MB")
ln = L("| MLA（$d_c=512$） | $512$ | **4 MB** | 1/16 |")
e.claim(ln, "ratio", ["1/16"], [R(1, 16)])
size(ln, "MLA per layer", "4", lay["MLA"], "MB")

# ---- 6.4.2 transfer times (MB / 768 = ms): ambiguous
for row, mb in (("| MHA | 64 MB | $64 / 768", "64"), ("| GQA-8 | 16 MB | $16 / 768", "16"),
                ("| MQA | 2 MB | $2 / 768", "2"), ("| MLA | 4 MB | $4 / 768", "4")):
    ln = L(row)
    name = row.split("|")[1].strip()
    size(ln, f"{name} per layer restated", mb, lay[name], "MB")
    e.ambiguous(ln, AMB_T)
e.ambiguous(L("单看搬运，MLA（0.0052 ms / 5.2 μs）"), AMB_T)

# ---- 6.4.3 up-projection
up = 4 * Lq * dc * dm
ln = L("4 \\times 4096 \\times 512 \\times 4096 \\approx 34.4")
e.claim(ln, "4 L d_c d_model in GFLOPs", ["34.4"], [R(up, 10**9)])
ln = L("34.4 \\text{ GFLOPs} / 155 \\text{ TFLOPS}")
e.claim(ln, "up-projection time in ms and us", ["0.222", "222"], [R(up * 1000, PEAK), R(up * 10**6, PEAK)], rounded_int=True)
ln = L("0.222 ms（222 μs）竟然比")
e.claim(ln, "up-projection time restated", ["0.222", "222"], [R(up * 1000, PEAK), R(up * 10**6, PEAK)], rounded_int=True)
e.ambiguous(ln, AMB_T)

# ---- 6.4.4 absorption
ln = L("省掉了 0.222 ms（222 μs）")
e.claim(ln, "d_h, d_c, saved up-projection", ["128", "512", "0.222", "222"],
        [dh, dc, R(up * 1000, PEAK), R(up * 10**6, PEAK)], rounded_int=True)
f_mha, f_mla = 4 * Lq * dm, 4 * nh * Lq * dc
e.claim(L("4 \\times 4096 \\times 4096 \\approx 67"), "4 L d_model in MFLOPs", ["67"], [R(f_mha, 10**6)], rounded_int=True)
e.claim(L("4 \\times 32 \\times 4096 \\times 512 \\approx 268"), "4 n_h L d_c in MFLOPs", ["268"], [R(f_mla, 10**6)], rounded_int=True)
ln = L("计算量约涨 **4 倍**")
e.claim(ln, "FLOP ratio, per-layer sizes and size ratio", ["4", "64", "4", "16"],
        [R(f_mla, f_mha), R(lay["MHA"], MiB), R(lay["MLA"], MiB), R(lay["MHA"], lay["MLA"])])
t_mha, t_mla = R(f_mha, PEAK), R(f_mla, PEAK)           # seconds
tab = L("| 方案 | 搬运量 | 搬运时间 | Attention FLOPs | 计算时间 | 总延迟 |")
for name, mb, fl, tc, tcu in (("MHA", "64", f_mha, "0.00043", "0.43"), ("GQA-8", "16", f_mha, "0.00043", "0.43"),
                              ("MQA", "2", f_mha, "0.00043", "0.43"), ("MLA", "4", f_mla, "0.0017", "1.73")):
    ln = L(f"| {name} | {mb} MB |" if name != "MLA" else "| **MLA** | **4 MB** |", after=tab)
    size(ln, f"{name} per layer restated", mb, lay[name], "MB")
    e.claim(ln, f"{name} FLOPs (M) and compute time (ms, us)", [str(round(fl / 10**6)), tc, tcu],
            [R(fl, 10**6), R(fl * 1000, PEAK), R(fl * 10**6, PEAK)], rounded_int=True)
    e.ambiguous(ln, AMB_T)

# ---- 6.4.5
ln = L("**16× 加速**。")
e.claim(ln, "speed-up 64 MB / 4 MB", ["16"], [R(lay["MHA"], lay["MLA"])])
e.ambiguous(ln, AMB_T)
tab = L("| 方案 | 搬运时间 | 计算时间 | 算力利用率 | 瓶颈 |")
hyb = {k: R(v, MiB) / 768 for k, v in lay.items()}      # the article's own X / 768 ms
for name, tc, tcu, util, cause in (("MHA", "0.00043", "0.43", "0.5%", "slip"), ("GQA-8", "0.00043", "0.43", "2.1%", "slip"),
                                   ("MQA", "0.00043", "0.43", "16.5%", "drift"), ("MLA", "0.0017", "1.73", "33.3%", None)):
    ln = L(f"| {name} | 0." if name != "MLA" else "| **MLA** | **0.0052 ms", after=tab)
    fl = f_mla if name == "MLA" else f_mha
    e.claim(ln, f"{name} compute time", [tc, tcu], [R(fl * 1000, PEAK), R(fl * 10**6, PEAK)])
    e.ambiguous(ln, AMB_T)
    if cause is None:
        e.ambiguous(ln, "33.3 % = 1.7319 us / 5.2083 us only with the X / 768 ms times; 34.1 % (binary) or 31.7 % (decimal)")
    else:
        # utilisation = compute time / transfer time; it must agree under the binary, the decimal and the X/768 reading
        vals = [("X/768 ms", R(fl * 1000, PEAK) / hyb[name]),
                ("binary", R(fl, PEAK) / R(lay[name], BW_bin)),
                ("decimal", R(fl, PEAK) / R(lay[name], BW_dec))]
        number_claim(e, ln, f"{name} utilisation (%)", util.rstrip("%"), [(n, v * 100) for n, v in vals], cause=cause)
ln = L("利用率从 0.5% 升到 33.3%")
number_claim(e, ln, "MHA utilisation restated", "0.5", [("", t_mha / R(lay["MHA"], BW_bin) * 100)])
e.ambiguous(ln, "33.3 % holds only with the X / 768 ms transfer time; " + AMB_T)
ln = L("乘上 32 层：")
e.ambiguous(ln, "x32 totals 2.67 / 0.67 / 0.08 / 0.17 ms are 32 x (X / 768); 2.604 / 0.651 / 0.081 / 0.163 ms under 768 GiB/s")

mla_tok = dc * nl * 2                               # 32,768 B
ln = L("512 \\times 32 \\times 2 = 0.032")
size(ln, "MLA per token (32,768 B)", "0.032", mla_tok, "MB")
ln = L("KV Cache = $0.032 \\times 4096 = 128")
number_claim(e, ln, "MLA per token restated", "0.032", [("binary MiB", R(mla_tok, MiB)), ("decimal MB", R(mla_tok, 10**6))],
             cause="carried")
size(ln, "MLA KV at 4096 (2^27 B; right end to end)", "128", mla_tok * Lq, "MB")
sl = slope_rows(L("把 MLA 加进斜率表"))
ln = L("| **MLA** | **128 MB** | **0.167 ms** |")
size(ln, "MLA C_kv", "128", mla_tok * Lq, "MB")
e.ambiguous(ln, "0.167 = 128 / 768 with a binary MB; 0.163 ms under 768 GiB/s, 0.175 under 768e9 B/s")
ln = L("约为 MQA 的 2 倍")
e.claim(ln, "MLA / MQA cache, d_c, 2 d_h", ["2", "512", "256"], [R(mla_tok, mqa_tok), dc, 2 * dh])
ln = L("但 Attention 在整个模型的 14 GFLOPS 中占不到 2%")
e.claim(ln, "FLOPs restated", ["4", "67", "268"], [R(f_mla, f_mha), R(f_mha, 10**6), R(f_mla, 10**6)], rounded_int=True)
e.claim(ln, "t_c", ["0.09"], [t_c])
ent = e._entry(ln)
share = R(32 * f_mla, 14 * 10**9)
ent["claims"].append({"what": "share of attention in the model's 14 GFLOPs ('< 2%'): 32 layers x 268.4 MFLOPs = 8.59 GFLOPs",
                      "printed": ["2%"], "wrong": [{"printed": "2%", "exact": str(sp.N(share, 6))}], "cause": "slip"})
ent["verdict"] = "wrong"

# ---- BS table (binary reading: 13.5 GiB weights + KV, 768 GiB/s)
kv1 = {"MHA": mha_kv, "GQA-8": gqa_tok * Lq, "MLA": mla_tok * Lq, "MQA": mqa_tok * Lq}
tab = L("| Batch Size | 方案    | Total KV Cache |")
for bs in (1, 8, 32, 64):
    for name in ("MHA", "GQA-8", "MLA", "MQA"):
        ln = L(f"| {bs:<10} | {name:<5} |", after=tab)
        cells = [c.strip() for c in e.lines[ln - 1].split("|")[1:-1]]
        if cells[2] == "OOM":
            continue
        kv = kv1[name] * bs
        val, unit = cells[2].split()
        size(ln, f"BS {bs} {name} total KV", val, kv, unit)
        tot = cells[4].split()[0]
        number_claim(e, ln, "total bytes moved", tot, [("binary GiB", R(w_bin + kv, GiB)),
                                                         ("decimal GB", R(w_dec + kv, 10**9))])
        lat = cells[5].split()[0]
        ms(ln, "latency total / 768 GB/s", lat, w_bin + kv, w_dec + kv)
ln = L("BS=64 时 MLA 总延迟 28 ms")
ms(ln, "MLA BS 64 latency", "28", w_bin + 64 * kv1["MLA"], w_dec + 64 * kv1["MLA"])
ms(ln, "MQA BS 64 latency", "22.8", w_bin + 64 * kv1["MQA"], w_dec + 64 * kv1["MQA"])
ms(ln, "GQA BS 64 latency", "59", w_bin + 64 * kv1["GQA-8"], w_dec + 64 * kv1["GQA-8"])
ln = L("此时 MLA 的 KV Cache 只有 8 GB")
size(ln, "MLA KV at BS 64", "8", 64 * kv1["MLA"], "GB")
e.claim(ln, "8 + 13.5", ["21.5"], [R(64 * kv1["MLA"], GiB) + R(27, 2)])
size(ln, "GQA KV at BS 64", "32", 64 * kv1["GQA-8"], "GB")

# ---- 6.5 n_h threshold and DeepSeek-V2
ln = L("\\frac{155 \\times 10^{12} \\times 2}{4 \\times 768 \\times 10^{9}} \\approx 101")
e.claim(ln, "n_h threshold", ["101"], [R(PEAK * 2, 4 * BW_dec)], rounded_int=True)
e.claim(L("所以在 A6000 上要 $n_h > 101$"), "threshold restated", ["101"], [R(PEAK * 2, 4 * BW_dec)], rounded_int=True)
dsm, dnh = 5120, 128
ds_lay, ds_mla = 2 * dsm * Lq * 2, dc * Lq * 2
f_dm, f_dl = 4 * Lq * dsm, 4 * dnh * Lq * dc
ln = L("| MHA | 80 MB | 0.104 ms (104 μs) | 84 MFLOPs")
size(ln, "DeepSeek-V2 MHA per layer", "80", ds_lay, "MB")
e.claim(ln, "FLOPs (M), compute time (ms, us)", ["84", "0.00054", "0.54"],
        [R(f_dm, 10**6), R(f_dm * 1000, PEAK), R(f_dm * 10**6, PEAK)], rounded_int=True)
e.ambiguous(ln, "0.104 ms = 80 / 768 with a binary MB; 0.102 ms under 768 GiB/s, 0.109 under 768e9 B/s")
ln = L("| **MLA** | **4 MB** | **0.0052 ms (5.2 μs)** | **1.07 GFLOPs**")
size(ln, "DeepSeek-V2 MLA per layer", "4", ds_mla, "MB")
e.claim(ln, "FLOPs (G), compute time (ms, us), total = compute", ["1.07", "0.0069", "6.9", "0.0069"],
        [R(f_dl, 10**9), R(f_dl * 1000, PEAK), R(f_dl * 10**6, PEAK), R(f_dl * 1000, PEAK)])
e.ambiguous(ln, AMB_T)
ln = L("这里 MLA 的计算时间（0.0069 ms / 6.9 μs）")
e.claim(ln, "compute time restated", ["0.0069", "6.9"], [R(f_dl * 1000, PEAK), R(f_dl * 10**6, PEAK)])
e.ambiguous(ln, AMB_T)

# ---- 6.6 summary
ln = L("- **搬运减少 16×**：64 MB → 4 MB")
e.claim(ln, "ratio and sizes", ["16", "64", "4"], [R(lay["MHA"], lay["MLA"]), R(lay["MHA"], MiB), R(lay["MLA"], MiB)])
ln = L("- **计算增加 4×**：67 MFLOPs → 268 MFLOPs")
e.claim(ln, "FLOP ratio and counts", ["4", "67", "268"], [R(f_mla, f_mha), R(f_mha, 10**6), R(f_mla, 10**6)], rounded_int=True)
ln = L("降到 0.0052 ms（5.2 μs）（**16× 加速**）")
e.claim(ln, "speed-up", ["16"], [R(lay["MHA"], lay["MLA"])])
number_claim(e, ln, "MHA utilisation", "0.5", [("", t_mha / R(lay["MHA"], BW_bin) * 100)])
e.ambiguous(ln, AMB_T)
ln = L("- **搬运减少 20×**：80 MB → 4 MB")
e.claim(ln, "ratio and sizes", ["20", "80", "4"], [R(ds_lay, ds_mla), R(ds_lay, MiB), R(ds_mla, MiB)])
ln = L("- **计算增加 12.8×**")
e.claim(ln, "FLOP ratio and counts", ["12.8", "84", "1.07"], [R(f_dl, f_dm), R(f_dm, 10**6), R(f_dl, 10**9)], rounded_int=True)
ln = L("（**15× 加速**）")
e.claim(ln, "MLA compute time", ["0.0069", "6.9"], [R(f_dl * 1000, PEAK), R(f_dl * 10**6, PEAK)])
number_claim(e, ln, "speed-up (MHA transfer / MLA compute)", "15",
             [("binary", R(ds_lay, BW_bin) / R(f_dl, PEAK)), ("X/768 ms", R(ds_lay, MiB) / 768 / R(f_dl * 1000, PEAK))])
e.ambiguous(ln, "0.104 ms (104 us) = 80 / 768 with a binary MB; " + AMB_T)

# ---- Decoupled RoPE
ln = L("| MHA | $2 \\times d_{model}$ | $2 \\times 5120 = 10240$ |")
e.claim(ln, "2 * 5120", ["10240"], [10240])
e.given(L("| MLA（无 RoPE） | $d_c$ | $512$ |"), "d_c = 512")
e.claim(L("| MLA（Decoupled RoPE） | $d_c + d_{rope}$ | $512 + 64 = 576$ |"), "512 + 64", ["576"], [576])
e.claim(L("只增加了 12.5% 的存储"), "64 / 512", ["12.5%"], [R(64, 512)])

# ---- 8.2 formula table
ft = L("## 8.2 关键公式")
size(L("| MHA | $2 \\times n_{layers} \\times n_h", after=ft), "MHA per token", "0.5", mha_tok, "MB")
size(L("| GQA-$g$ |", after=ft), "GQA-8 per token", "0.125", gqa_tok, "MB")
size(L("| MQA | $2 \\times n_{layers} \\times d_h", after=ft), "MQA per token", "0.016", mqa_tok, "MB")
ln = L("| MLA | $n_{layers} \\times d_c \\times 2\\text{ B}$ | 0.032 MB |", after=ft)
number_claim(e, ln, "MLA per token restated", "0.032", [("binary MiB", R(mla_tok, MiB)), ("decimal MB", R(mla_tok, 10**6))],
             cause="carried")
ln = L("| MLA（Decoupled RoPE） | $n_{layers} \\times (d_c + d_{rope})", after=ft)
# 32 x 576 x 2 = 36,864 B: 0.0352 MiB or 0.0369 MB; 0.036 = 0.032 x 576 / 512 from the wrong 0.032
number_claim(e, ln, "MLA + RoPE per token", "0.036", [("binary MiB", R(nl * 576 * 2, MiB)),
                                                      ("decimal MB", R(nl * 576 * 2, 10**6))], cause="carried")
e.done()
