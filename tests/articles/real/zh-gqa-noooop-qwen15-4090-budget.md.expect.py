# Expected verdicts for zh-gqa-noooop-qwen15-4090-budget.md, computed with plain SymPy (see oracle.py); not symattn's code.
#
# The article (noooop's zerollama tutorial, Chinese) sizes the Qwen1.5 family from its printed configs:
# parameters Lp = L*((h+1)h + 2*((h+1)h // g) + h*h + 3*h*I), Hp = h*V, Tp = Lp + Hp, read in the article's unit
# B = 1024^3 (M = 1024^2); KV cache per word = L * 2 * (h // g); tokens that fit in a 24G (24 * 1024^3 bytes) RTX 4090
# = (24G - Tp*w/8) / (kv*a/8); decode latency Latency(n) = (n-1)/W + B with bandwidth 1008 GB (1024^3) per second,
# so W = 1 ms * bandwidth / (kv * 2 bytes) words per ms and B = (Tp*w/8 + kv*2) / bandwidth (the read latency of
# the first word, its own KV included: that is what makes 72B 131.28 ms and 14B w4 6.19 ms come out right).
#
# Wrong:
# * the GQA KV table gives Qwen1.5-110B 0.125M values per word, but 80 layers * 2 * (8192 // 8) = 163,840 = 0.15625M
#   (slip; the 4090 table repeats 0.125M: carried).  The author's own W = 3303 for 110B is computed from 0.15625M
#   (1008*1024^3/1000/(163840*2) = 3303.0; 0.125M would give 4129, the 32B value), so the label alone is wrong.
# * the 4090 tables label 14B's parameters "12.6B" (the table above it has 12.47B; exact 12.4688 B rounds to 12.5):
#   slip, repeated in the second table (carried); 32B(无GQA) "29.6B" while its total is 32.05B (29.6B is the GQA 32B):
#   slip; 110B(无GQA) "102B" while that row's total is 111.16B (66.16B from its printed intermediate size): slip.
#   The token counts in those rows are computed with the right totals (e.g. 32B(无GQA) w4a16 6531 = 6531.4).
# * the closing estimate 7B w8a16 at 1w tokens: 10000/2064.384 = 4.84 ms, rounded to 5 ms, so 6.56 + 5 = 11.56 is right
#   as written but end to end 4.84 + 6.559 = 11.40 ms: the final 11.56 is wrong (drift); the 5 ms step itself rounds fine.
# Ambiguous:
# * "294 M + 148.375 M = 442.375 M" adds the rounded 294 M (exact 294.07 M, total 442.445 M); the chain's end 0.432 B is
#   right (0.43208), so the intermediate is ambiguous (rule 5).
# * the capacity tables print whole token counts with the fraction dropped (257424.58 -> 257424): a count of tokens
#   that fit is naturally floored, but the article does not say so; cells where rounding would differ are ambiguous.
# * 110B(无GQA) prints intermediate_size 24576 (the 72B value) yet its 110.00B / 111.16B and decode B 220.56 / 110.28 /
#   55.14 ms follow from 49152: the input contradicts the row, so those values are ambiguous.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["gqa", "kv-cache", "memory", "capacity", "latency"])
Mi, Gi = 2**20, 2**30
BW = 1008 * Gi                      # bytes per second
MEM = 24 * Gi

CFG = {  # name: (vocab, hidden, layers, intermediate, n_groups)
    "0.5B": (151936, 1024, 24, 2816, 1), "1.8B": (151936, 2048, 24, 5504, 1),
    "4B": (151936, 2560, 40, 6912, 1), "7B": (151936, 4096, 32, 11008, 1),
    "14B": (152064, 5120, 40, 13696, 1), "32B(无GQA)": (152064, 5120, 64, 27392, 1),
    "32B": (152064, 5120, 64, 27392, 5), "72B": (152064, 8192, 80, 24576, 1),
    "110B(无GQA)": (152064, 8192, 80, 24576, 1), "110B": (152064, 8192, 80, 49152, 8),
}


def sizes(V, h, L, I, g):
    lp = L * ((h + 1) * h + 2 * (((h + 1) * h) // g) + h * h + 3 * h * I)
    hp = h * V
    return sp.Integer(lp), sp.Integer(hp), sp.Integer(lp + hp), sp.Integer(L * 2 * (h // g))


S = {k: sizes(*v) for k, v in CFG.items()}


def amb(line, reason):
    """Ambiguous even when other claims on the line agree (a wrong claim still wins)."""
    e.ambiguous(line, reason)
    if e._entry(line)["verdict"] != "wrong":
        e._entry(line)["verdict"] = "ambiguous"
S110_AS_COMPUTED = sizes(152064, 8192, 80, 49152, 1)   # what the 110B(无GQA) row actually used


def cap(tp, kv, w, a=16):
    return (MEM - tp * R(w, 8)) / (kv * R(a, 8))


def W(kv):
    return R(BW, 1000) / (kv * 2)


def Bms(tp, kv, w):
    return (tp * R(w, 8) + kv * 2) / BW * 1000


def row(name, after):
    """The first table row after line ``after`` whose first cell is exactly ``name``."""
    for i, text in enumerate(e.lines[after:], start=after + 1):
        if text.startswith("|") and text.split("|")[1].strip() == name:
            return i
    raise SystemExit(f"row {name!r} after line {after} not found")


# ---- 3.1 the 0.5B walk-through --------------------------------------------------------------------------------
V, h, L, I, g = CFG["0.5B"]
lp, hp, tp, kv = S["0.5B"]
ATT = (h * h + 3 * (h + 1) * h)
MLP = 3 * h * I
e.given(e.line("(embed_tokens): Embedding(151936, 1024)"), "vocab 151936, hidden 1024")
e.given(e.line("(0-23): 24 x Qwen2DecoderLayer("), "24 layers")
e.given(e.line("(gate_proj): Linear(in_features=1024, out_features=2816"), "intermediate 2816")
e.claim(e.line("Embedding 参数量 = vocab_size * hidden_size"), "151936*1024 / 2^20", "148.375", sp.Integer(V * h) / Mi)
e.claim(e.line("= 1 * 1024 * 1024 + 3 * (1024+1) * 1024 = 4M"), "1024^2 + 3*1025*1024 = 4,197,376 / 2^20 = 4.003",
        "4", sp.Integer(ATT) / Mi, rounded_int=True)
e.claim(e.line("= 3 * 1024 * 2816 = 8.25M"), "3*1024*2816 / 2^20", "8.25", sp.Integer(MLP) / Mi)
e.claim(e.line("= 24 * (4M + 8.25M) = 294 M"), "24*(4.003 + 8.25) M = 294.07 M", "294", lp / Mi, rounded_int=True)
e.claim(e.line("lm_head 参数量 = hidden_size * vocab_size = 1024 * 151936"), "1024*151936 / 2^20", "148.375", hp / Mi)
Lt = e.line("0.5B 总参数量 = 294 M + 148.375 M")
e.claim(Lt, "total 463,937,536 / 2^30 = 0.43208 B", "0.432", tp / Gi)
amb(Lt, "294 M + 148.375 M = 442.375 M adds the rounded 294 M (exact 294.07 M): right as written, "
                "442.445 M end to end; the chain's result 0.432 B is right")


def param_row(Lr, name, printed, cause="slip"):
    lp, hp, tp, kv = S[name]
    e.claim(Lr, f"{name} DecoderLayers / lm_head / total (B = 2^30)", printed, [lp / Gi, hp / Gi, tp / Gi], cause)


T1 = e.line("| 模型大小 | vocab_size | hidden_size | num_hidden_layers | intermediate_size | DecoderLayers")
for name, printed in [("0.5B", ["0.29", "0.14", "0.43"]), ("1.8B", ["1.13", "0.29", "1.42"]),
                      ("4B", ["2.95", "0.36", "3.32"]), ("7B", ["6.03", "0.58", "6.61"]),
                      ("14B", ["11.74", "0.73", "12.47"]), ("72B", ["65.00", "1.16", "66.16"])]:
    Lr = row(name, T1)
    param_row(Lr, name, printed)

# ---- 3.2 KV per word --------------------------------------------------------------------------------------------
T2 = e.line("| 模型大小 | hidden_size | num_hidden_layers | KV缓存参数量（每词） |")
for name, p in [("0.5B", "0.046875"), ("1.8B", "0.09375"), ("4B", "0.1953125"), ("7B", "0.25"),
                ("14B", "0.390625"), ("72B", "1.25")]:
    Lr = row(name, T2)
    e.claim(Lr, f"{name} KV values per word = 2*L*h / 2^20", p, S[name][3] / Mi)

# ---- 3.3 / 5.1.3 the 4090 budget --------------------------------------------------------------------------------
e.given(e.line("24G 显存的卡装下模型后"), "24G card, bfloat16")


def cap_row(Lr, name, label, label_exact, label_cause, kvp, kv_exact, kv_cause, cells, cols):
    lp, hp, tp, kv = S[name]
    e.claim(Lr, f"{name} parameter label", label, label_exact, label_cause, rounded_int="." not in label)
    e.claim(Lr, f"{name} KV per word", kvp, kv_exact, kv_cause)
    floored = []
    for p, (w, a) in zip(cells, cols):
        if p == "oom":
            assert cap(tp, kv, w, a) < 0, (name, w, a)     # "oom": the weights alone exceed 24G
            continue
        x = cap(tp, kv, w, a)
        if sp.floor(x) != sp.floor(x + R(1, 2)) and abs(sp.Integer(int(p)) - x) > R(1, 2):
            assert int(p) == sp.floor(x), (name, p, x)
            floored.append(f"w{w}a{a}: {sp.N(x, 9)} tokens printed as the floored count {p}")
        else:
            e.claim(Lr, f"{name} w{w}a{a} tokens = (24G - Tp*w/8)/(kv*a/8)", p, x, rounded_int=True)
    for reason in floored:
        amb(Lr, reason)


COLS3 = [(16, 16), (8, 16), (4, 16)]
COLS5 = [(16, 16), (8, 16), (4, 16), (6, 16), (4, 8)]
T3 = e.line("| 模型大小 | 模型参数量 | kv cache 参数量（每词） | w16a16 | w8a16  | w4a16  | ")
G = {k: S[k][2] / Gi for k in S}
K = {k: S[k][3] / Mi for k in S}
rows3 = [("0.5B", "0.43", "0.046875", ["252705", "257424", "259784"]),
         ("1.8B", "1.42", "0.09375", ["115553", "123312", "127192"]),
         ("4B", "3.32", "0.1953125", ["45525", "54220", "58567"]),
         ("7B", "6.61", "0.25", ["22072", "35612", "42382"]),
         ("14B", "12.6", "0.390625", ["oom", "15114", "23285"]),
         ("72B", "66", "1.25", ["oom", "oom", "oom"])]
for name, lab, kvp, cells in rows3:
    Lr = row(name, T3)
    cap_row(Lr, name, lab, G[name], "slip", kvp, K[name], "slip", cells, COLS3)

T5 = e.line("| 模型大小       | 模型参数量 | kv cache 参数量（每词） |")
rows5 = [("0.5B", "0.43", "0.046875", ["252705", "257424", "259784", "258604", "519568"], {}),
         ("1.8B", "1.42", "0.09375", ["115553", "123312", "127192", "125252", "254384"], {}),
         ("4B", "3.32", "0.1953125", ["45525", "54220", "58567", "56393", "117134"], {}),
         ("7B", "6.61", "0.25", ["22072", "35612", "42382", "38997", "84764"], {}),
         ("14B", "12.6", "0.390625", ["oom", "15114", "23285", "19199", "46571"], {"label": "carried"}),
         ("32B(无GQA)", "29.6", "0.625", ["oom", "oom", "6531", "oom", "13062"], {}),
         ("32B", "29.6", "0.125", ["oom", "oom", "37778", "7515", "75556"], {}),
         ("72B", "66", "1.25", ["oom"] * 5, {}),
         ("110B(无GQA)", "102", "1.25", ["oom"] * 5, {}),
         ("110B", "102", "0.125", ["oom"] * 5, {"kv": "carried"})]
for name, lab, kvp, cells, causes in rows5:
    Lr = row(name, T5)
    label_exact = S110_AS_COMPUTED[2] / Gi if name == "110B(无GQA)" else G[name]
    cap_row(Lr, name, lab, label_exact, causes.get("label", "slip"), kvp, K[name], causes.get("kv", "slip"),
            cells, COLS5)

# ---- 4.4 decode latency -----------------------------------------------------------------------------------------
e.given(e.line("以 4090 为例 带宽 1008 GB/s"), "bandwidth 1008 GB/s (GB = 1024^3), 82.58 TFLOPS")


def dec_row(Lr, name, printed, amb_B=None):
    lp, hp, tp, kv = S[name]
    Ws = [printed[0], printed[2], printed[4]]
    for p in Ws:
        e.claim(Lr, f"{name} W = 1 ms * 1008 GB/s / (kv * 2 bytes)", p, W(kv), rounded_int=True)
    if amb_B:
        amb(Lr, amb_B)      # after the W claims, so the line stays ambiguous
        return
    e.claim(Lr, f"{name} B = (Tp*w/8 + kv*2)/1008 GB/s for w = 16, 8, 4 (ms)", [printed[1], printed[3], printed[5]],
            [Bms(tp, kv, w) for w in (16, 8, 4)])


T4 = e.line("| 模型大小 | w16a16 W | w16a16 B | w8a16 W | w8a16 B | w4a16 W | w4a16 B | ")
rows4 = [("0.5B", ["11010", "0.86", "11010", "0.43", "11010", "0.21"]),
         ("1.8B", ["5505", "2.82", "5505", "1.41", "5505", "0.70"]),
         ("4B", ["2642", "6.58", "2642", "3.29", "2642", "1.65"]),
         ("7B", ["2064", "13.12", "2064", "6.56", "2064", "3.28"]),
         ("14B", ["1321", "24.74", "1321", "12.37", "1321", "6.19"]),
         ("72B", ["413", "131.28", "413", "65.64", "413", "32.82"])]
for name, pr in rows4:
    dec_row(row(name, T4), name, pr)

lp, hp, tp7, kv7 = S["7B"]
W7, B7 = W(kv7), Bms(tp7, kv7, 8)
Le = e.line("≈ (1w / 2064)ms + 6.56ms")
e.claim(Le, "7B W and w8a16 B restated", ["2064", "6.56"], [W7, B7], rounded_int=True)
Le = e.line("≈ 6.56ms + 5ms")
e.claim(Le, "7B w8a16 B", "6.56", B7)
e.claim(Le, "1w / 2064.38 = 4.84 ms", "5", 10000 / W7, rounded_int=True)
e.claim(e.line("≈ 11.56ms"), "(n-1)/W + B = 9999/2064.38 + 6.559 = 11.40 ms", "11.56", 9999 / W7 + B7, "drift")

# ---- 5.1.1 parameters with GQA ----------------------------------------------------------------------------------
T6 = e.line("| 模型大小       | vocab_size | hidden_size | num_hidden_layers | intermediate_size | n_groups |")
rows6 = [("0.5B", ["0.29", "0.14", "0.43"]), ("1.8B", ["1.13", "0.29", "1.42"]), ("4B", ["2.95", "0.36", "3.32"]),
         ("7B", ["6.03", "0.58", "6.61"]), ("14B", ["11.74", "0.73", "12.47"]),
         ("32B(无GQA)", ["31.33", "0.73", "32.05"]), ("32B", ["28.83", "0.73", "29.55"]),
         ("72B", ["65.00", "1.16", "66.16"]), ("110B", ["101.25", "1.16", "102.41"])]
for name, pr in rows6:
    Lr = row(name, T6)
    param_row(Lr, name, pr)
Lr = row("110B(无GQA)", T6)
e.claim(Lr, "110B(无GQA) lm_head", "1.16", S["110B(无GQA)"][1] / Gi)
amb(Lr, "the row prints intermediate_size 24576 (giving 65.00B / 66.16B) but its 110.00B / 111.16B follow "
                "from 49152: the printed input contradicts the row")

# ---- 5.1.2 KV per word with GQA ---------------------------------------------------------------------------------
T7 = e.line("| 模型大小       | hidden_size | num_hidden_layers | n_groups | KV缓存参数量（每词） |")
for name, p in [("0.5B", "0.046875"), ("1.8B", "0.09375"), ("4B", "0.1953125"), ("7B", "0.25"), ("14B", "0.390625"),
                ("32B(无GQA)", "0.625"), ("32B", "0.125"), ("72B", "1.25"), ("110B(无GQA)", "1.25"), ("110B", "0.125")]:
    Lr = row(name, T7)
    e.claim(Lr, f"{name} KV values per word = 2*L*(h // n_groups) / 2^20", p, S[name][3] / Mi)

# ---- 5.1.5 decode latency with GQA ------------------------------------------------------------------------------
T8 = e.line("| 模型大小       | w16a16 W | w16a16 B | w8a16 W | w8a16 B  |")
rows8 = rows4[:5] + [("32B(无GQA)", ["826", "63.60", "826", "31.80", "826", "15.90"]),
                     ("32B", ["4129", "58.64", "4129", "29.32", "4129", "14.66"]),
                     ("72B", ["413", "131.28", "413", "65.64", "413", "32.82"]),
                     ("110B(无GQA)", ["413", "220.56", "413", "110.28", "413", "55.14"]),
                     ("110B", ["3303", "203.20", "3303", "101.60", "3303", "50.80"])]
for name, pr in rows8:
    Lr = row(name, T8)
    why = None
    if name == "110B(无GQA)":
        why = ("B = 220.56 / 110.28 / 55.14 ms follow from intermediate_size 49152, not the printed 24576 "
               "(which gives 131.28 / 65.64 / 32.82): the printed input contradicts the row")
    dec_row(Lr, name, pr, why)
e.done()
