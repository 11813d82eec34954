# Expected verdicts for ko-complexity-suniverse77-gpt2-xl-training-memory.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Korean blog post estimating the VRAM needed to train GPT-2 XL in FP32 with Adam: parameters, activations
# (token / positional embeddings, the Q, K, V, O attention tensors and the FFN tensors per layer), gradients,
# optimizer state.
# Inputs: 1.5B parameters, context 1,024, d = 1,600 (hidden also 1,600), 48 layers, 25 heads, batch 32, 4 bytes.
# Units: the article defines "6 Billion Bytes ~ 6 GB" (GB = 10^9) and its table follows 10^9, but its activation
#   numbers are GiB (2^30).  Every size is checked under both readings (number_claim): right if either agrees.
# Exact values: params 6e9 B = 6 GB (5.588 GiB); table 100M/1B/7B x 4/2/1 bytes = 400/200/100 MB, 4/2/1 GB, 28/14/7 GB.
#   token embedding 32*1024*1600*4 = 209,715,200 B = 0.2097 GB = 0.1953 GiB;  positional 6,553,600 B = 0.0061 GiB;
#   attention Q,K,V,O 4x = 0.78125 GiB; FFN 2x = 0.390625 GiB; per layer 1.171875 GiB, x48 = 56.25 GiB;
#   activations 56.4514 GiB; gradients 6 GB; Adam 3 x 6 GB = 18 GB; total 6 + 56.45 + 6 + 18 = 86.45 (86);
#   batch 1: activations 1,900,544,000 B = 1.770 GiB (1.90 GB), total 31.77 (article's mix) / 31.90 (all GB).
# "1.17 GB x 48 = 56.25 GB": 1.17 x 48 = 56.16 from the rounded operand, but 56.25 is the end-to-end value: right.
# Wrong lines:
#   token embedding ~ 0.19 GB  -> 0.20 GiB (0.1953 truncated) / 0.21 GB      slip
#   total ~ 87 GB              -> 86 (6 + 56.45 + 6 + 18 = 86.45)           slip
#   "최소 87 GB"               -> 86                                       carried
#   batch 1 activations 1.88 GB -> 1.77 GiB / 1.90 GB (no reading gives 1.88)  slip
#   batch 1 total ~ 31.88 GB   -> 31.77 / 31.90 (6 + 1.88 + 6 + 18 as written)  carried
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="ko", topics=["complexity", "memory", "sizes", "latex", "markdown-table"])
GB, GiB, MB, MiB = sp.Integer(10) ** 9, sp.Integer(2) ** 30, sp.Integer(10) ** 6, sp.Integer(2) ** 20
Bt, T, D, L, p = 32, 1024, 1600, 48, 4
P = R("1.5") * 10 ** 9


def two(x):
    return [("GB = 10^9 B", x / GB), ("GiB = 2^30 B", x / GiB)]


tok = sp.Integer(Bt * T * D * p)
pos = sp.Integer(T * D * p)
att = 4 * tok
ffn = 2 * tok
layer = att + ffn
layers = L * layer
act = tok + pos + layers
param = P * p
opt = 3 * param
# article's own mix: decimal GB for params/gradients/optimizer, GiB for activations
total_mix = param / GB + act / GiB + param / GB + opt / GB
act1 = sp.Integer(T * D * p) * (1 + 1 + L * 6)

# --- setup ----------------------------------------------------------------------------
e.given(e.line("[GPT-2 XL]"), "model name GPT-2 XL")
e.given(e.line("**Batch size는 32**"), "batch size 32")
e.given(e.line("**Parameters:** `1.5B`"), "1.5B parameters")
e.given(e.line("**Input Context Lenght:** `1,024`"), "context 1,024")
e.given(e.line("**Embedding Dimension:** `1,600`"), "embedding dim 1,600")
e.given(e.line("**Hidden Dimension:** `1,600`"), "hidden dim 1,600")
e.given(e.line("**Transformer Layers:** `48`"), "48 layers")
e.given(e.line("**Attention Heads:** `25`"), "25 heads")

# --- parameters -----------------------------------------------------------------------
e.given(e.line("### 1. 파라미터"), "section number")
e.given(e.line("32 Bits (4 Byte)"), "FP32 = 4 bytes")
e.given(e.line("16 Bits (2 Byte)"), "FP16/BF16 = 2 bytes")
e.given(e.line("8 Bits (1 Byte)"), "INT8 = 1 byte")
e.given(e.line("4 Bits (0.5 Byte)"), "INT4 = 0.5 byte")
e.given(e.line("`FP32`로 올린다면"), "FP32 chosen")
Lp = e.line("=6\\text{ Billion Bytes}\\approx6\\text{ GB}")
e.claim(Lp, "1.5B x 4 bytes in billions", ["6"], [param / 10 ** 9])
number_claim(e, Lp, "parameter memory", "6", two(param))
e.given(e.line("FP32 (4 bytes) | FP16 / BF16 (2 bytes) | INT8 (1 byte)"), "table header: bytes per parameter")
for needle, n, unit, units, printed in [
        ("| 100M (1억 개)", sp.Integer(10) ** 8, "MB", [("MB = 10^6 B", MB), ("MiB = 2^20 B", MiB)], ["400", "200", "100"]),
        ("| 1B (10억 개)", sp.Integer(10) ** 9, "GB", [("GB = 10^9 B", GB), ("GiB = 2^30 B", GiB)], ["4", "2", "1"]),
        ("| 7B (70억 개)", 7 * sp.Integer(10) ** 9, "GB", [("GB = 10^9 B", GB), ("GiB = 2^30 B", GiB)], ["28", "14", "7"])]:
    ln = e.line(needle)
    for bytes_, pr in zip([4, 2, 1], printed):
        number_claim(e, ln, f"{needle.strip('| ')} x {bytes_} bytes ({unit})", pr,
                     [(nm, n * bytes_ / u) for nm, u in units])
Lr = e.line("1B당 4GB")
number_claim(e, Lr, "rule of thumb FP32 per 1B", "4", two(sp.Integer(10) ** 9 * 4))
number_claim(e, Lr, "rule of thumb FP16 per 1B", "2", two(sp.Integer(10) ** 9 * 2))

# --- activations ----------------------------------------------------------------------
e.given(e.line("### 2. 활성화"), "section number")
number_claim(e, e.line("\\approx 0.19\\text{ GB}"), "token embedding activations 32 x 1024 x 1600 x 4 B", "0.19",
             two(tok))
number_claim(e, e.line("\\approx 0.006\\text{ GB}"), "positional embedding 1024 x 1600 x 4 B", "0.006", two(pos))
e.given(e.line("4\\times(\\text{batch size}"), "four tensors Q, K, V, O")
number_claim(e, e.line("\\approx 0.78\\text{ GB}"), "attention Q, K, V, O activations", "0.78", two(att))
e.given(e.line("2를 곱하면"), "FFN: two tensors")
e.given(e.line("2\\times(\\text{batch size}"), "FFN: two tensors")
number_claim(e, e.line("\\approx 0.39\\text{ GB}"), "FFN activations", "0.39", two(ffn))
e.given(e.line("층이 48개"), "48 layers")
e.given(e.line("48\\times(\\text{Self-Attention}"), "48 layers")
Ll = e.line("\\approx 1.17\\text{ GB}\\times 48=56.25\\text{ GB}")
number_claim(e, Ll, "per-layer activations", "1.17", two(layer))
number_claim(e, Ll, "48 layers of activations (end-to-end)", "56.25", two(layers))
number_claim(e, e.line("\\approx 56.45\\text{ GB}"), "total activations", "56.45", two(act))

# --- gradients, optimizer, total ------------------------------------------------------
e.given(e.line("### 3. 그래디언트"), "section number")
Lg = e.line("=6\\text{ Billion Bytes}\\approx6\\text{ GB}", nth=2)
e.claim(Lg, "gradients: 1.5B x 4 bytes in billions", ["6"], [param / 10 ** 9])
number_claim(e, Lg, "gradient memory", "6", two(param))
e.given(e.line("### 4. 옵티마이저"), "section number")
e.given(e.line("파라미터 메모리의 3배"), "Adam keeps copy, m, v: 3x")
e.given(e.line("3\\times(\\text{num params}"), "3x parameter memory")
number_claim(e, e.line("\\approx18 \\text{ GB}"), "optimizer state 3 x 6e9 B", "18", two(opt))
e.given(e.line("`batch size=32`로 학습할 때"), "batch size 32 restated")
Lt = e.line("\\approx 87 \\text{ GB}")
e.given(Lt, "terms 6, 56.45, 6, 18 restated from above")
number_claim(e, Lt, "total training memory", "87",
             [("article's mix: GB for weights, GiB for activations", total_mix),
              ("all GB = 10^9 B", (param * 2 + opt + act) / GB), ("all GiB", (param * 2 + opt + act) / GiB)])
number_claim(e, e.line("최소 $87\\text{ GB}$"), "minimum memory restated", "87",
             [("article's mix", total_mix)], cause="carried")
e.given(e.line("RTX 5090 (32GB)"), "GPU capacities 32 GB, 80 GB")

# --- batch size 1 ---------------------------------------------------------------------
Lb = e.line("`batch size=1`로 줄이면")
number_claim(e, Lb, "activations at batch size 1", "1.88", two(act1))
number_claim(e, Lb, "total at batch size 1", "31.88",
             [("article's mix", param / GB * 2 + opt / GB + act1 / GiB), ("all GB", (param * 2 + opt + act1) / GB)],
             cause="carried")
e.given(e.line("32GB VRAM에 겨우"), "32 GB card restated")
e.done()
