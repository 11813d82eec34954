# Expected verdicts for zh-complexity-moyujiang-cs336-gpt2-flops-memory.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# A Chinese CS336 assignment-1 writeup: parameter / FLOP accounting of GPT-2 shaped models (RMSNorm, SwiGLU FFN with
# three d x d_ff matrices, untied LM head, no biases) and the AdamW training-memory / time accounting for GPT-2 XL.
# Inputs: V = 50257; XL L=48 d=1600 h=25 d_ff=6400; Small 12/768/12/3072; Medium 24/1024/16/4096; Large 36/1280/20/5120;
#   batch 1, seq 1024 (XL also 16384). FLOPs = 2mnp per matmul: QKV 6Tdd, scores 2TTd, weighted 2TTd, out 2Tdd,
#   FFN 6T d d_ff (per layer), LM head 2TdV.
# Exact values: XL params 2,127,057,600 (fp32 8.5082304 GB decimal); FLOPs QKV 754.97472e9, scores 161.0612736e9,
#   out 251.65824e9, FFN 3019.89888e9, LM 164.6821376e9, total 4.5133365248e12; shares 16.728 / 3.569 / 5.576 /
#   66.911 / 3.649 %. Small 190,460,160 params, 349.630365696e9 FLOPs; Medium 505,629,696 / 1.033109504e12;
#   Large 1,072,469,760 / 2.2577545216e12; XL at 16K: 149.5227957248e12 FLOPs, ratio to 1K = 33.1291.
#   AdamW: 16Nd^2 + 2Vd = 2,126,902,400 params -> x4 bytes 7.9233 GiB (8.5076 GB), x8 15.8467 GiB, sum 31.6933;
#   per batch: scores 4N h L^2 = 4.6875 GiB, FFN 16 N L d = 1.171875 GiB, logits 4 L V = 0.19172 GiB, sum 6.05109;
#   floor((80 - 31.69) / 6.051) = 7. Time from the printed operands: 2.773e21 / 9.75e12 = 284,410,256 s = 3291.79 days
#   = 9.02 years.
# Wrong line (1): "GPT-2 XL参数数: 2.127B (2.127亿)" — 2.127B is right, but 2.127 billion is 21.27亿, not 2.127亿
#   (slip: unit conversion, 亿 = 1e8).
# Ambiguous: per-step FLOPs 6.933e15 and total 2.773e21 need batch 1024 and 400K steps that the writeup never states;
#   "主导项 (占90%+)" is a rough share (at B = L = 1024 the exact share of 48NBLd^2 is 89.2 %).
# GB in the AdamW part is binary (GiB) while the (a)/(d)/(e) memories are decimal GB; each printed size is right under
#   one reading, so both readings are allowed per line (number_claim readings).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, agrees, number_claim

e = Expect(__file__, language="zh", topics=["complexity", "memory", "flops", "code-output"])
L = e.line
V = 50257


def unit_claim(line, what, printed, mantissa, unit, exact, cause="slip"):
    """A number printed with a Chinese/SI unit word (e.g. 2.127亿 = 2.127e8): mantissa vs exact/unit."""
    text = e.lines[line - 1]
    assert printed in text, (line, printed)
    ent = e._entry(line)
    item = {"what": what, "printed": [printed]}
    x = sp.nsimplify(exact) / unit
    if not agrees(mantissa, x):
        item.update(wrong=[{"printed": printed, "exact": str(sp.N(x, 8))}], cause=cause)
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


def params(Lyr, d, dff):
    p = dict(emb=V * d, mhsa=4 * d * d, ffn=3 * d * dff, rms=2 * d)
    p["layer"] = p["mhsa"] + p["ffn"] + p["rms"]
    p["all"] = Lyr * p["layer"]
    p["final"] = d
    p["lm"] = V * d
    p["total"] = 2 * V * d + p["all"] + d
    return p


def flops(T, Lyr, d, dff):
    f = dict(qkv=Lyr * 6 * T * d * d, sc=Lyr * 2 * T * T * d, wt=Lyr * 2 * T * T * d, out=Lyr * 2 * T * d * d,
             ffn=Lyr * 6 * T * d * dff, lm=2 * T * d * V)
    f["total"] = sum(f.values())
    return f


B9, T12, M6, K3 = 10**9, 10**12, 10**6, 10**3
UNIT = {"B": B9, "T": T12, "M": M6, "K": K3, "": 1}


def flop_block(anchor, f, printed):
    """printed: dict key -> string with suffix, e.g. '754.975B'."""
    labels = dict(qkv="QKV projections:", sc="Attention scores:", wt="Attention weighted:",
                  out="Output projection:", ffn="FFN (SwiGLU):", lm="LM head:", total="Total FLOPs:")
    start = L("--- FLOPs (batch=1", after=anchor)
    e.given(start, "batch 1 and the sequence length")
    for k, lab in labels.items():
        ln = L(lab, after=start)
        s = printed[k]
        e.claim(ln, f"{lab} (FLOPs / {s[-1]})", s[:-1], R(f[k], UNIT[s[-1]]))
    pstart = L("--- FLOPs Proportions ---", after=start)
    pl = dict(qkv="QKV proj:", sc="Attn scores:", wt="Attn weighted:", out="Out proj:", ffn="FFN:", lm="LM head:")
    for k, lab in pl.items():
        ln = L(lab, after=pstart)
        e.claim(ln, f"share of {lab}", printed["p_" + k] + "%", R(f[k], f["total"]))


def param_block(anchor, p, printed, mem, mem_exact):
    labels = dict(emb="Token embedding:", mhsa="MHSA:", ffn="FFN (SwiGLU):", rms="RMSNorm (x2):",
                  layer="Layer total:", all="All layers:", final="Final RMSNorm:", lm="LM head:")
    start = L("--- Parameters ---", after=anchor)
    for k, lab in labels.items():
        ln = L(lab, after=start)
        s = printed[k]
        u = s[-1] if s[-1] in "BMK" else ""
        e.claim(ln, f"{lab} parameters", s[:-1] if u else s, R(p[k], UNIT[u]))
    ln = L("Total parameters:", after=start)
    tot_s, tot_int = printed["total"]
    e.claim(ln, "total parameters (rounded)", tot_s[:-1], R(p["total"], UNIT[tot_s[-1]]))
    number_claim(e, ln, "total parameters (exact)", tot_int, p["total"])
    ln = L("Memory (fp32):", after=start)
    number_claim(e, ln, "fp32 memory", mem, [("GB", R(4 * p["total"], 10**9)), ("GiB", R(4 * p["total"], 2**30))])


# ---- (a) -------------------------------------------------------------------------------------------------
pXL = params(48, 1600, 6400)
ln = L("代入 GPT-2 XL 的配置")
number_claim(e, ln, "XL parameters in B", "2.13", R(pXL["total"], B9))
number_claim(e, ln, "XL fp32 size (G)", "8.5", [("GB", R(4 * pXL["total"], 10**9)), ("GiB", R(4 * pXL["total"], 2**30))])
for needle in ("- 每层注意力的四个投影", "- 每层前馈网络", "- 每层两个 RMSNorm", "合计 $2Vd_{model}"):
    e.given(L(needle), "parameter formula")

# ---- (b) matmul list --------------------------------------------------------------------------------------
e.given(L("序列长度取 1024 时"), "sequence length 1024")
e.given(L("- 每一层（一共 48 层）"), "48 layers")
for needle in ("1. QKV Projection", "4. Out Proj", "5. FFN w1/w3", "6. FFN w2", "7. Output"):
    e.given(L(needle), "matmul shapes")
e.claim(L("2. Attn scores"), "head dim 1600 / 25", "64", R(1600, 25))
e.claim(L("3. Attn weighted"), "head dim 1600 / 25", "64", R(1600, 25))
fXL = flops(1024, 48, 1600, 6400)
e.claim(L("Total FLOPs = 4.513T."), "XL total FLOPs in T", "4.513", R(fXL["total"], T12))

# ---- (c) XL block -------------------------------------------------------------------------------------------
c = L("(c)")
flop_block(c, fXL, dict(qkv="754.975B", sc="161.061B", wt="161.061B", out="251.658B", ffn="3.020T", lm="164.682B",
                        total="4.513T", p_qkv="16.73", p_sc="3.57", p_wt="3.57", p_out="5.58", p_ffn="66.91",
                        p_lm="3.65"))

# ---- (d) Small / Medium / Large -----------------------------------------------------------------------------
for name, cfg, pr, prf, mem in [
    ("GPT-2 Small", (12, 768, 12, 3072),
     dict(emb="38.597M", mhsa="2.359M", ffn="7.078M", rms="1.536K", layer="9.439M", all="113.265M", final="768",
          lm="38.597M", total=("190.460M", "190,460,160")),
     dict(qkv="43.487B", sc="19.327B", wt="19.327B", out="14.496B", ffn="173.946B", lm="79.047B", total="349.630B",
          p_qkv="12.44", p_sc="5.53", p_wt="5.53", p_out="4.15", p_ffn="49.75", p_lm="22.61"), "0.7618"),
    ("GPT-2 Medium", (24, 1024, 16, 4096),
     dict(emb="51.463M", mhsa="4.194M", ffn="12.583M", rms="2.048K", layer="16.779M", all="402.702M", final="1.024K",
          lm="51.463M", total=("505.630M", "505,629,696")),
     dict(qkv="154.619B", sc="51.540B", wt="51.540B", out="51.540B", ffn="618.475B", lm="105.397B", total="1.033T",
          p_qkv="14.97", p_sc="4.99", p_wt="4.99", p_out="4.99", p_ffn="59.87", p_lm="10.20"), "2.0225"),
    ("GPT-2 Large", (36, 1280, 20, 5120),
     dict(emb="64.329M", mhsa="6.554M", ffn="19.661M", rms="2.560K", layer="26.217M", all="943.811M", final="1.280K",
          lm="64.329M", total=("1.072B", "1,072,469,760")),
     dict(qkv="362.388B", sc="96.637B", wt="96.637B", out="120.796B", ffn="1.450T", lm="131.746B", total="2.258T",
          p_qkv="16.05", p_sc="4.28", p_wt="4.28", p_out="5.35", p_ffn="64.20", p_lm="5.84"), "4.2899"),
]:
    a = L(name)
    Lyr, d, h, dff = cfg
    e.given(L("Config: vocab=50257, ctx=1024", after=a), "model configuration")
    p = params(Lyr, d, dff)
    param_block(a, p, pr, mem, None)
    flop_block(a, flops(1024, Lyr, d, dff), prf)

# ---- (e) XL at 16K --------------------------------------------------------------------------------------------
a = L("GPT-2 XL (16K context)")
e.given(L("Config: vocab=50257, ctx=16384", after=a), "model configuration, 16K context")
param_block(a, pXL, dict(emb="80.411M", mhsa="10.240M", ffn="30.720M", rms="3.200K", layer="40.963M", all="1.966B",
                         final="1.600K", lm="80.411M", total=("2.127B", "2,127,057,600")), "8.5082", None)
f16 = flops(16384, 48, 1600, 6400)
flop_block(a, f16, dict(qkv="12.080T", sc="41.232T", wt="41.232T", out="4.027T", ffn="48.318T", lm="2.635T",
                        total="149.523T", p_qkv="8.08", p_sc="27.58", p_wt="27.58", p_out="2.69", p_ffn="32.32",
                        p_lm="1.76"))
ln = L("文本长度增加 16 倍")
e.claim(ln, "context ratio 16384 / 1024", "16", R(16384, 1024))
e.claim(ln, "FLOPs ratio 16K / 1K", "33.13", R(f16["total"], fXL["total"]))

# ---- adamwAccounting --------------------------------------------------------------------------------------------
N, d, h, Lc = 48, 1600, 25, 1024
for needle in ("峰值显存合计 =", "- 参数: $64N", "- 梯度: $64N", "- 优化器状态 (AdamW)", "- 激活 (只算主要项)",
               "  - 其中 $16N", "  - $4N·B·h·L²"):
    e.given(L(needle), "memory formula (symbolic coefficients)")
fixed_params = 16 * N * d * d + 2 * V * d
gib = lambda b: R(b, 2**30)
gb = lambda b: R(b, 10**9)
per_b = 4 * N * h * Lc * Lc + 16 * N * Lc * d + 4 * Lc * V
ln = L("显存公式: $M(B)")
number_claim(e, ln, "per-batch memory", "6.051", [("GiB", gib(per_b)), ("GB", gb(per_b))])
number_claim(e, ln, "fixed memory", "31.69", [("GiB", gib(16 * fixed_params)), ("GB", gb(16 * fixed_params))])
ln = L("80GB 下最大的 batch_size")
e.given(ln, "80 GB budget")
e.claim(ln, "B_max", "7", sp.floor((80 - R("31.69")) / R("6.051")))
ln = L("- GPT-2 XL参数数")
e.claim(ln, "XL parameters in B", "2.127", R(pXL["total"], B9))
unit_claim(ln, "XL parameters in 亿 (1e8)", "2.127亿", "2.127", 10**8, pXL["total"])
ln = L("- 固定部分: 参数(7.92GB)")
number_claim(e, ln, "fp32 parameters", "7.92", [("GiB", gib(4 * fixed_params)), ("GB", gb(4 * fixed_params))])
number_claim(e, ln, "AdamW states", "15.85", [("GiB", gib(8 * fixed_params)), ("GB", gb(8 * fixed_params))])
number_claim(e, ln, "fixed total", "31.69", [("GiB", gib(16 * fixed_params)), ("GB", gb(16 * fixed_params))])
ln = L("- 每增加一个 batch 的显存")
number_claim(e, ln, "attention scores 4NhL^2 bytes", "4.688", [("GiB", gib(4 * N * h * Lc * Lc)), ("GB", gb(4 * N * h * Lc * Lc))])
number_claim(e, ln, "FFN activations 16NLd bytes", "1.172", [("GiB", gib(16 * N * Lc * d)), ("GB", gb(16 * N * Lc * d))])
number_claim(e, ln, "logits 4LV bytes", "0.192", [("GiB", gib(4 * Lc * V)), ("GB", gb(4 * Lc * V))])
number_claim(e, ln, "per-batch sum", "6.051", [("GiB", gib(per_b)), ("GB", gb(per_b))])
ln = L("- $B_{max} = \\lfloor(80-31.69)/6.051\\rfloor = 7$")
e.claim(ln, "floor((80 - 31.69) / 6.051)", "7", sp.floor((80 - R("31.69")) / R("6.051")))
for needle in ("总FLOPs = $48N", "- 前向: $F_{fwd}", "- 反向: $F_{bwd}", "- 优化器: $F_{opt}"):
    e.given(L(needle), "FLOP formula (symbolic coefficients)")
e.ambiguous(L("主导项 (占90%+)"), "rough share '90%+' for B and L the writeup does not restate; at B = L = 1024 "
            "the exact share of 48NBLd^2 is 89.2 %")
e.ambiguous(L("约 3,292 天 (9.0年)"), "headline of a chain whose first inputs (batch 1024, 400K steps) are not in "
            "the writeup; checked below on its printed operands")
e.ambiguous(L("- 每步FLOPs"), "per-step FLOPs need batch size 1024, which the writeup does not state")
e.ambiguous(L("- 总FLOPs: $2.773"), "needs the number of steps (400K), which the writeup does not state")
e.given(L("- 有效吞吐量 (A100 @ 50% MFU)"), "effective throughput 9.75 TFLOP/s at 50 % MFU")
ln = L("- 时间: $2.773")
e.claim(ln, "2.773e21 / 9.75e12 in M seconds", "284.4", R("2.773e21") / R("9.75e12") / 10**6)
number_claim(e, ln, "seconds to days", "3,292", R("2.773e21") / R("9.75e12") / 86400)

e.done()
