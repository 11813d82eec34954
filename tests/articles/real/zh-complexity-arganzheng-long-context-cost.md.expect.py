# Expected verdicts for zh-complexity-arganzheng-long-context-cost.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The post prices long context for Llama-3-8B / Llama-3-70B / DeepSeek-V3 on an H100 (989 TFLOPS BF16, 60% MFU).
# Inputs: per-token attention FLOPs 4 d L s (8B: d = 4096, L = 32 -> 524,288 s; 70B: d = 8192, L = 80 -> 2,621,440 s);
# 8B weight FLOPs from the printed config, 2 x (8,030,261,248 - 525,336,576) = 15.0098 GFLOPs (the prose rounds it
# as 2 x (8.03 - 0.53)B = 15.0; with exactly 15.0 the 8K share would be 22.26%, the table's 22.2% uses 15.0098);
# 70B weight FLOPs 141 GFLOPs (the series' rounded figure, which the
# prose says it keeps; the script's own param count gives 139.006); causal prefill = w s + 4dL s^2 / 2; KV bytes
# 2 L n_kv d_head x 2 (8B 128 KiB, 70B 320 KiB), DeepSeek-V3 61 x (512 + 64) x 2 = 68.625 KiB, V3 attention
# 2 x 128 x (192 + 128) = 81,920 s per layer x 61, V3 weights 2 x 37B = 74 GFLOPs.  The printed script output is
# recomputed from the printed code (param_count etc.); all of it agrees.
# Wrong lines:
#  - "按峰值算的物理下界分别是 6.6 s / 41 s" (and the same 6.6 s in the TTFT bullet and in self-test answer 2): the 8B 128K
#    prefill is 1.96736e15 + 4.50363e15 = 6.4710e15 FLOPs, / 989e12 = 6.54 s -> 6.5 s.  6.6 is 6.5e15 / 989e12 = 6.57, i.e.
#    computed from the rounded 6.5 PFLOP (cause drift).  The 70B bound 41.0e15 / 989e12 = 41.46 -> 41 is right.
#  - "差异 1.5%": (141 - 139.006) / 139.006 = 1.43% (or 1.41% of 141) -> 1.4% (slip).
# Everything else agrees (the 70B shares 13.2/37.9/70.9% use 141 as the text says; the script's 13.4/38.2/71.2% use 139.0).
# "剩约 64 GB ... 64 个请求 ... 4 个" is read with the 64 taken as GiB (1 GiB per 8K request); decimal 63.94 GB would give 59.5.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["complexity", "flops", "kv-cache", "mla", "prefill", "code-output",
                                            "text-table", "latex-inline"])
L = e.line
G, P, T = 10**9, 10**15, 10**12
GiB, KiB, MiB = 2**30, 2**10, 2**20

# ---- inputs
_d, _L, _nh, _nkv, _hd, _ff, _V = 4096, 32, 32, 8, 128, 14336, 128256   # the printed LLAMA3_8B config
_total8 = _L * (_d * _nh * _hd + 2 * _d * _nkv * _hd + _nh * _hd * _d + 3 * _d * _ff + 2 * _d) + _d + 2 * _V * _d
w8 = sp.Integer(2 * (_total8 - _V * _d))        # 15,009,849,344 (the prose's "2 x (8.03 - 0.53)B ~ 15.0")
c8 = 4 * 4096 * 32                              # attention FLOPs per token per context token, 8B
c70 = 4 * 8192 * 80
w70 = 141 * G                                   # the text's 70B weight term
peak = 989 * T
mfu_rate = peak * R(6, 10)


def att(c, s):
    return c * s


def pre(w, c, s):
    return w * s + c * s * s / 2


kv8 = 2 * 32 * 8 * 128 * 2
kv70 = 2 * 80 * 8 * 128 * 2
kvv3 = 61 * (512 + 64) * 2
cv3 = 61 * 2 * 128 * (192 + 128)
wv3 = 2 * 37 * G
S8K, S32K, S128K = 8192, 32768, 131072

# ---- intro and baseline
ln = L("每个 token 的 attention 算量（344 GFLOPs）")
e.claim(ln, "70B attention per token at 128K", ["344"], [att(c70, S128K) / G], rounded_int=True)
e.given(ln, "70B weight term 141 GFLOPs (series figure)")
e.given(L("BF16 dense 989 TFLOPS，3.35 TB/s，80 GB"), "H100 specs")
e.given(L("的矩阵乘是 $$2mkn$$ FLOPs"), "FLOP formulas 2mkn, 2ds, 4ds")

ln = L("$$2 \\times (8.03 - 0.53)\\text{B} \\approx 15.0$$")
e.claim(ln, "8B weight FLOPs", ["15.0"], [w8 / G])
e.claim(ln, "4 x 4096 per layer", ["16384"], [4 * 4096])
e.claim(ln, "32 layers: 0.524e6", ["0.524"], [R(c8, 10**6)])

rows = [("  8192          4.3 GFLOPs", S8K), (" 32768         17.2 GFLOPs", S32K), ("131072         68.7 GFLOPs", S128K)]
for key, s in rows:
    ln = L(key)
    toks = e.lines[ln - 1].split()
    a8, a70 = att(c8, s), att(c70, s)
    e.claim(ln, f"8B attention/token and share at {s}", [toks[1], toks[3]], [a8 / G, a8 / (a8 + w8)])
    e.claim(ln, f"70B attention/token and share (141 GFLOPs weights) at {s}", [toks[4], toks[6]],
            [a70 / G, a70 / (a70 + w70)])
ln = L("权重部分       15.0 GFLOPs")
e.claim(ln, "8B weights", ["15.0"], [w8 / G])
e.given(ln, "70B weights 141 (series figure)")

ln = L("70B、128K 时：$$4 \\times 8192 \\times 131072 \\times 80 \\approx 344$$")
e.claim(ln, "70B attention at 128K and ratio to 141", ["344", "2.4"],
        [att(c70, S128K) / G, att(c70, S128K) / w70], rounded_int=True)
number_claim(e, ln, "8B crossover w / (4dL), thousands of tokens", "28.6",
             [("K = 1000", w8 / c8 / 1000), ("K = 1024", w8 / c8 / 1024)])
number_claim(e, ln, "70B crossover 141e9 / (4dL), thousands", "53.8",
             [("K = 1000", w70 / c70 / 1000), ("K = 1024", w70 / c70 / 1024)])

ln = L("ridge point 295")
e.claim(ln, "H100 ridge 989 TFLOPS / 3.35 TB/s", ["295"], [R(989 * T) / R("3.35e12")], rounded_int=True)
e.claim(ln, "KV read 128 KiB x 8192 x 64 in GiB", ["64"], [R(128 * KiB * 8192 * 64, GiB)])
e.given(ln, "8B weights 16 GB")

e.claim(L("### 2. prefill 的二次项：一个 128K 请求的 11 秒"), "8B 128K prefill at 60% MFU", ["11"],
        [pre(w8, c8, S128K) / mfu_rate], rounded_int=True)
e.given(L("\\text{FLOPs}_{prefill}(s) = 2N_{gemm}"), "prefill formula")
e.given(L("Llama-3-8B、$$s = 131072$$："), "s = 131072")
ln = L("\\underbrace{15.0 \\times 10^9 \\times 131072}")
e.claim(ln, "8B 128K prefill: weight term, attention term, total (PFLOP)", ["2.0", "4.5", "6.5"],
        [w8 * S128K / P, c8 * S128K**2 / 2 / P, pre(w8, c8, S128K) / P])

ln = L("H100 BF16 989 TFLOPS，按 60% MFU 为 593 TFLOPS")
e.claim(ln, "60% of 989", ["593"], [mfu_rate / T], rounded_int=True)
e.claim(ln, "8B 128K prefill time at 60% MFU", ["11"], [pre(w8, c8, S128K) / mfu_rate], rounded_int=True)
e.claim(ln, "8B 8K prefill PFLOP and time", ["0.14", "0.24"], [pre(w8, c8, S8K) / P, pre(w8, c8, S8K) / mfu_rate])
e.claim(ln, "length ratio and FLOP ratio 128K / 8K", ["16", "46"],
        [R(S128K, S8K), pre(w8, c8, S128K) / pre(w8, c8, S8K)], rounded_int=True)
e.claim(ln, "attention share of the 128K prefill", ["70%"], [(c8 * S128K**2 / 2) / pre(w8, c8, S128K)])

ln = L("70B 的 128K prefill 约 41 PFLOP")
p70 = pre(w70, c70, S128K)
e.claim(ln, "70B 128K prefill total, weight and attention terms", ["41", "18.5", "22.5"],
        [p70 / P, w70 * S128K / P, c70 * S128K**2 / 2 / P], rounded_int=True)
e.claim(ln, "70B time at 60% MFU, and over 8 cards", ["69", "9"], [p70 / mfu_rate, p70 / mfu_rate / 8], rounded_int=True)
e.claim(ln, "8B 128K prefill at peak (6.4710e15 / 989e12 = 6.54 s)", ["6.6"], [pre(w8, c8, S128K) / peak], cause="drift")
e.claim(ln, "70B 128K prefill at peak", ["41"], [p70 / peak], rounded_int=True)

e.given(L("每 token 的 KV cache 字节数为 $$2 \\cdot L"), "KV formula")
for key, kv in (("| Llama-3-8B | 128 KiB |", kv8), ("| Llama-3-70B | 320 KiB |", kv70),
                ("| DeepSeek-V3 (MLA) | 68.6 KiB |", kvv3)):
    ln = L(key)
    cells = [c.strip().split()[0] for c in e.lines[ln - 1].split("|")[2:6]]
    e.claim(ln, "KV per token (KiB) and at 8K/32K/128K (GiB)", cells,
            [R(kv, KiB)] + [R(kv * s, GiB) for s in (S8K, S32K, S128K)])

ln = L("8B 一个 128K 请求的 KV cache 和它的权重（16.06 GB）一样大")
e.claim(ln, "8B weights 8.03B x 2 bytes", ["16.06"], [R("8.03") * 2])
e.claim(ln, "70B 128K KV", ["40"], [R(kv70 * S128K, GiB)])
e.given(ln, "H100 80 GB")
number_claim(e, ln, "left after 8B weights: 80 - 16.06 GB", "64", R(80) - R("16.06"))
number_claim(e, ln, "8K requests that fit (1 GiB each)", "64",
             [("64 GiB left / 1 GiB", 64), ("63.94 GB decimal / 1 GiB", (R(80) - R("16.06")) * G / GiB)])
number_claim(e, ln, "128K requests that fit (16 GiB each)", "4",
             [("64 GiB left / 16 GiB", 4), ("63.94 GB decimal / 16 GiB", (R(80) - R("16.06")) * G / GiB / 16)])

ln = L("$$131072^2 \\times 2\\,\\text{B} = 32$$ GiB")
e.claim(ln, "one head's 128K logits (GiB), 32 heads (TiB)", ["32", "1"],
        [R(S128K**2 * 2, GiB), R(32 * S128K**2 * 2, 2**40)])

ln = L("Mistral 7B 让每个 token 只看前 $$W = 4096$$")
e.claim(ln, "Mistral KV per token (KiB)", ["128"], [R(2 * 32 * 8 * 128 * 2, KiB)])
e.claim(ln, "window cap 4096 x 128 KiB (MiB)", ["512"], [R(4096 * 128 * KiB, MiB)])
e.claim(ln, "attention cap 4 x 4096 x 4096 x 32 (GFLOPs)", ["2.1"], [R(4 * 4096 * 4096 * 32, G)])
e.given(ln, "bound: 2.147 / 15.0 = 14.3% < 15% (holds)")
e.claim(L("32 层理论上是 131072"), "32 x 4096", ["131072"], [32 * 4096])
e.given(L("Gemma 2 把 $$W = 4096$$"), "W = 4096, 1:1")
e.given(L("StreamingLLM 永远保留开头 4 个 token"), "4 sink tokens, W = 6, token 10003")
for key in ("原始位置   0   1   2   3 |", "cache 槽   0   1   2   3", "RoPE 位置  0   1   2   3"):
    e.given(L(key), "cache slots / positions (illustration)")
ln = L("$$10 - 4 = 6$$")
e.claim(ln, "renumbered distance, original distance", ["6"], [10 - 4])
e.claim(ln, "original distance 10003 - 9997", ["6"], [10003 - 9997])
e.claim(ln, "sink-to-new-token distance before/after renumbering", ["10003", "10"], [10003 - 0, 10 - 0])

mha_v3 = 2 * 61 * 128 * 128 * 2
number_claim(e, L("（系数减 57 倍）"), "MHA (128 x 128 K and V) / MLA cache per token", "57",
             [("K,V 128 heads x 128", R(mha_v3, kvv3)), ("K 192 + V 128", R(61 * 128 * (192 + 128) * 2, kvv3))])
ln = L("（从 3.81 MiB 到 68.6 KiB）")
number_claim(e, ln, "V3 MHA-equivalent cache per token (MiB)", "3.81",
             [("K,V 128 heads x 128", R(mha_v3, MiB)), ("K 192 + V 128", R(61 * 128 * (192 + 128) * 2, MiB))])
e.claim(ln, "MLA per token (KiB)", ["68.6"], [R(kvv3, KiB)])

e.claim(L("70B 在 128K 是 40 GiB"), "70B 128K KV", ["40"], [R(kv70 * S128K, GiB)])
ln = L("- 二次项：8B 上 128K 的 prefill 是 6.5 PFLOP")
e.claim(ln, "8B 128K prefill, time, attention share", ["6.5", "11", "70%"],
        [pre(w8, c8, S128K) / P, pre(w8, c8, S128K) / mfu_rate, (c8 * S128K**2 / 2) / pre(w8, c8, S128K)],
        rounded_int=True)
ln = L("- TTFT：单卡 8B 上 128K 请求按峰值至少 6.6 s")
e.claim(ln, "8B 128K prefill at peak (6.54 s)", ["6.6"], [pre(w8, c8, S128K) / peak], cause="drift")
e.claim(ln, "at 60% MFU", ["11"], [pre(w8, c8, S128K) / mfu_rate], rounded_int=True)
e.claim(ln, "cards for < 1 s: ceil(peak time), ceil(60% time)", ["7", "11"],
        [sp.ceiling(pre(w8, c8, S128K) / peak), sp.ceiling(pre(w8, c8, S128K) / mfu_rate)])
ln = L("- chunked prefill：")
e.claim(ln, "prefill monopolises ~11 s", ["11"], [pre(w8, c8, S128K) / mfu_rate], rounded_int=True)
ln = L("- 序列并行：70B 的 KV cache（40 GiB）")
e.claim(ln, "70B 128K KV and hidden state 131072 x 8192 x 2 B", ["40", "2"],
        [R(kv70 * S128K, GiB), R(S128K * 8192 * 2, GiB)])

# ---- code and its printed output
e.given(L('LLAMA3_8B = ModelConfig("Llama-3-8B"'), "8B config")
e.given(L('LLAMA3_70B = ModelConfig("Llama-3-70B"'), "70B config")
e.given(L('H100 = GPU("H100 SXM"'), "H100 in code")
e.given(L('A100 = GPU("A100 80GB"'), "A100 in code")


def param_count(hidden, layers, nh, nkv, hd, dff, vocab):
    d = hidden
    attn = d * nh * hd + 2 * d * nkv * hd + nh * hd * d
    per = attn + 3 * d * dff + 2 * d
    emb = vocab * d
    total = layers * per + d + emb + vocab * d
    return total, emb


NUM = re.compile(r"\d+(?:\.\d+)?%?")
for name, cfg in (("Llama-3-8B", (4096, 32, 32, 8, 128, 14336, 128256)),
                  ("Llama-3-70B", (8192, 80, 64, 8, 128, 28672, 128256))):
    total, emb = param_count(*cfg)
    wt = 2 * (total - emb)
    c = 4 * cfg[2] * cfg[4] * cfg[1]
    kv = 2 * cfg[1] * cfg[3] * cfg[4] * 2
    ln = L(f"{name}: KV ")
    e.claim(ln, f"{name} KV KiB/token and weight GFLOPs/token",
            [NUM.findall(e.lines[ln - 1].split(":", 1)[1])[0], NUM.findall(e.lines[ln - 1].split("weights")[1])[0]],
            [R(kv, KiB), R(wt, G)])
    for i, s in enumerate((S8K, S32K, S128K)):
        rl = ln + 2 + i
        toks = NUM.findall(e.lines[rl - 1])
        assert int(toks[0]) == s, (rl, toks)
        pf = wt * s + c * s * s / 2
        a = c * s
        e.claim(rl, f"{name} scan row ctx = {s}", toks[1:],
                [R(kv * s, GiB), pf / P, pf / mfu_rate, R(a, G), R(a, a + wt)])

ln = L("8B 的结果与第二章一致：128K 时 16 GiB")
e.claim(ln, "8B 128K: KV, prefill, time, attention share", ["16", "6.5", "11", "82%"],
        [R(kv8 * S128K, GiB), pre(w8, c8, S128K) / P, pre(w8, c8, S128K) / mfu_rate,
         att(c8, S128K) / (att(c8, S128K) + w8)], rounded_int=True)
t70, e70 = param_count(8192, 80, 64, 8, 128, 28672, 128256)
e.claim(ln, "70B weight term from the script", ["139"], [R(2 * (t70 - e70), G)], rounded_int=True)
e.claim(ln, "70B total and embedding params (B)", ["70.55", "1.05"], [R(t70, G), R(e70, G)])
e.given(ln, "text keeps 141")
number_claim(e, ln, "difference 141 vs 139.006", "1.5",
             [("relative to 139.006", (141 * G - 2 * (t70 - e70)) / (2 * (t70 - e70)) * 100),
              ("relative to 141", (141 * G - 2 * (t70 - e70)) / (141 * G) * 100)])
e.claim(ln, "V3 MLA per token (KiB) and at 128K (GiB)", ["68.6", "8.6"], [R(kvv3, KiB), R(kvv3 * S128K, GiB)])
e.claim(ln, "V3 weights 2 x 37B", ["74"], [wv3 / G])
e.claim(ln, "V3 attention per layer 2 x 128 x (192 + 128)", ["81920"], [2 * 128 * (192 + 128)])
e.claim(ln, "x 61 layers (1e6)", ["5.0"], [R(cv3, 10**6)])

ln = L("Llama-3-70B 128K 每 token attention 344 GFLOPs")
e.claim(ln, "70B 128K attention, 8B 128K prefill and time", ["344", "6.5", "11"],
        [att(c70, S128K) / G, pre(w8, c8, S128K) / P, pre(w8, c8, S128K) / mfu_rate], rounded_int=True)
e.given(ln, "141 restated")
e.given(L("本篇数字汇总（理论值，BF16，H100 60% MFU）"), "assumptions")

ln = L("权重 FLOPs/token              15.0 GFLOPs")
e.claim(ln, "weights 8B, V3", ["15.0", "74"], [w8 / G, wv3 / G])
e.given(ln, "70B 141")
e.claim(L("KV bytes/token                128 KiB"), "KV per token", ["128", "320", "68.6"],
        [R(kv8, KiB), R(kv70, KiB), R(kvv3, KiB)])
ln = L("KV cache   8K / 32K / 128K    1.0")
e.claim(ln, "KV caches", ["1.0", "4.0", "16", "2.5", "10", "40", "0.54", "2.1", "8.6"],
        [R(kv * s, GiB) for kv in (kv8, kv70, kvv3) for s in (S8K, S32K, S128K)], rounded_int=True)
for key, s in (("attention FLOPs/token  8K     4.3", S8K), ("                       32K    17.2", S32K),
               ("                       128K   68.7", S128K)):
    ln = L(key)
    toks = NUM.findall(e.lines[ln - 1].split("GFLOPs", 0)[0])[1:]
    e.claim(ln, f"attention FLOPs/token at {s}: 8B, 70B, V3", toks,
            [R(att(c8, s), G), R(att(c70, s), G), R(cv3 * s, G)], rounded_int=True)
ln = L("attention 占比  8K / 32K / 128K  22%")
toks = [t for t in NUM.findall(e.lines[ln - 1]) if t.endswith("%")]
e.claim(ln, "attention shares 8B, 70B (141), V3 (74)", toks,
        [R(att(c, s), att(c, s) + w) for c, w in ((c8, w8), (c70, w70), (cv3, wv3)) for s in (S8K, S32K, S128K)])
ln = L("prefill FLOPs   8K / 32K / 128K  0.14")
e.claim(ln, "prefill PFLOP 8B, 70B (141)", ["0.14", "0.77", "6.5", "1.24", "6.0", "41"],
        [pre(w, c, s) / P for w, c in ((w8, c8), (w70, c70)) for s in (S8K, S32K, S128K)], rounded_int=True)
ln = L("prefill 时间（单卡等效）128K")
e.claim(ln, "128K prefill time at 60% MFU: 8B, 70B", ["11", "69"],
        [pre(w8, c8, S128K) / mfu_rate, pre(w70, c70, S128K) / mfu_rate], rounded_int=True)
ln = L("attention = 权重 的交叉点")
e.claim(ln, "crossovers (thousands of tokens)", ["28.6", "53.8"], [w8 / c8 / 1000, w70 / c70 / 1000])

ln = L("答案：attention 68.7 GFLOPs、权重 15.0 GFLOPs")
e.claim(ln, "self-test 1", ["68.7", "15.0", "82%", "28.6"],
        [R(att(c8, S128K), G), w8 / G, R(att(c8, S128K), att(c8, S128K) + w8), w8 / c8 / 1000])
ln = L("答案：6.5 PFLOP / (989 T × 60% MFU) ≈ 11 s")
e.claim(ln, "self-test 2: prefill and time", ["6.5", "11"],
        [pre(w8, c8, S128K) / P, pre(w8, c8, S128K) / mfu_rate], rounded_int=True)
e.claim(ln, "peak-time bound (6.54 s)", ["6.6"], [pre(w8, c8, S128K) / peak], cause="drift")
# formulas and symbolic rows (no derived numbers)
e.given(L("prefill 的权重项随 $$s$$ 线性增长"), "s^2/2 causal formula")
e.given(L("\\text{KV}(s) = \\frac{L}{2}"), "interleaved KV formula")
e.given(L("$$b$$ 为每层每 token 的 KV 字节数"), "1/k coefficient")
for key in ("full attention          b · L · s", "sliding window (W)      b · L", "全局/局部交错 (1/k)",
            "sink + window           b · L", "块稀疏（保留 ρ）"):
    e.given(L(key), "cost function (symbolic)")
e.done()
