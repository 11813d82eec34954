# Expected verdicts for en-kv-nipunbatra-es667-lecture17-serving.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: RoPE toy angles 10° (position 1) and 30° (position 3); KV-cache = 2·L·H_kv·d_h·T·B·2 bytes (fp16), the slides'
# own formula; worked case L = 80, H = 64, d_h = 128, T = 32,000, B = 1; 70B weights in fp16 (2 bytes/param);
# practice problem 3: L = 32, H = 32, d_h = 128, T = 8192, B = 1, GQA with 4 KV groups.
# - Worked case: 2·80·64·128·32000·2 = 83,886,080,000 bytes = 8.39e10 -> "8.4×10^10", "84 GB" (decimal GB; 78.1 GiB).
# - GQA H_kv = 8: 10,485,760,000 B -> 10.5 GB; MQA H_kv = 1: 1,310,720,000 B -> 1.3 GB; 64/8 = 8.
# - Weights: 70e9·2 B = 140 GB; int8 70 GB; int4 35 GB.
# - Practice 3: 2·32·32·128·8192·2 = 4,294,967,296 B -> "4.3×10^9", "4.3 GB"; GQA 4 groups: 536,870,912 B -> 0.54 GB;
#   32/4 = 8. ("4.3 GB / 8 ≈ 0.54" is also right as written: 0.5375.)
# - RoPE: 30° − 10° = 20°, n − m = 3 − 1 = 2.
# All claims agree; no wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, number_claim

e = Expect(__file__, language="en", topics=["kv", "gqa", "mqa", "rope", "lecture-slides", "marp", "markdown-table"])


def kv(L, H, dh, T, B=1):
    return 2 * L * H * dh * T * B * 2


def GB(nbytes):
    return [("GB", R(nbytes, 10**9)), ("GiB", R(nbytes, 2**30))]


L = e.line("position 1 → 10°, position 3 → 30°")
e.claim(L, "angle difference 30° − 10°", ["20"], [30 - 10])
e.claim(L, "offset n − m", ["2"], [3 - 1])
e.given(e.line("$$x_\\text{pos}(t) = \\text{emb}(\\text{token}) + \\text{pe}(t)$$"), "absolute PE formula")
for needle in ("| 2020 | ~2k |", "| 2023 | 32k–100k |", "| today | 1M–10M"):
    e.given(e.line(needle), "context-length history (facts)")
e.given(e.line("$$\\text{KV-cache} = 2 \\cdot L \\cdot H \\cdot d_h \\cdot T \\cdot B \\cdot 2 \\ \\text{bytes}$$"), "KV-cache formula")
e.given(e.line("Setup: $L=80,\\ H=64,\\ d_h=128,\\ T=32{,}000,\\ B=1$, fp16."), "worked-case inputs")
mha = kv(80, 64, 128, 32000)
L = e.line("$$\\text{Cache} = 2 \\cdot 80 \\cdot 64 \\cdot 128 \\cdot 32{,}000")
e.claim(L, "cache bytes (mantissa of ×10^10)", ["8.4"], [R(mha, 10**10)])
number_claim(e, L, "MHA cache", "84", GB(mha))
L = e.line("$70\\times10^9 \\cdot 2 = 140$ GB")
e.claim(L, "70B fp16 weights in GB", ["140"], [R(70 * 10**9 * 2, 10**9)])
number_claim(e, L, "MHA cache restated", "84", GB(mha))
e.claim(e.line("one shared notebook per group → $8\\times$ smaller"), "64 heads / 8 groups", ["8"], [R(64, 8)])
L = e.line("# How GQA shrinks the cache · $84 \\to 10.5$ GB")
number_claim(e, L, "MHA cache", "84", GB(mha))
number_claim(e, L, "GQA cache", "10.5", GB(kv(80, 8, 128, 32000)))
e.given(e.line("$$\\text{Cache} = 2 \\cdot L \\cdot H_{kv} \\cdot d_h \\cdot T \\cdot B \\cdot 2$$"), "GQA cache formula")
number_claim(e, e.line("| **MHA** | 64 |"), "MHA cache (H_kv = 64)", "84", GB(mha))
number_claim(e, e.line("| **GQA** (8 groups) | 8 |"), "GQA cache (H_kv = 8)", "10.5", GB(kv(80, 8, 128, 32000)))
number_claim(e, e.line("| **MQA** | 1 |"), "MQA cache (H_kv = 1)", "1.3", GB(kv(80, 1, 128, 32000)))
e.claim(e.line("$H_q/H_{kv} = 64/8 = \\mathbf{8\\times}$"), "reduction 64/8", ["8"], [R(64, 8)])
L = e.line("**Weights** · 70B in fp16 = 140 GB.")
e.claim(L, "weights fp16 / int8 / int4 in GB", ["140", "70", "35"],
        [R(70 * 10**9 * 2, 10**9), R(70 * 10**9 * 1, 10**9), R(70 * 10**9, 2 * 10**9)])
number_claim(e, e.line("the 84 GB cache of Part 3 falls"), "MHA cache restated", "84", GB(mha))
e.given(e.line("A model has $L=32$ layers, $H=32$ heads"), "practice problem 3 inputs")
p3 = kv(32, 32, 128, 8192)
L = e.line("$$2 \\cdot 32 \\cdot 32 \\cdot 128 \\cdot 8192 \\cdot 1 \\cdot 2")
e.claim(L, "practice 3 bytes (mantissa of ×10^9)", ["4.3"], [R(p3, 10**9)])
number_claim(e, L, "practice 3 MHA cache", "4.3", GB(p3))
e.claim(e.line("only the head count changes, $32 \\to 4$, a factor of **8**"), "32/4", ["8"], [R(32, 4)])
L = e.line("$$\\frac{4.3\\ \\text{GB}}{8} \\approx \\mathbf{0.54\\ \\text{GB}}")
number_claim(e, L, "practice 3 GQA cache", "0.54", GB(kv(32, 4, 128, 8192)))
e.claim(L, "saving 32/4", ["8"], [R(32, 4)])
L = e.line("GQA cuts it $8\\times$ ($84 \\to 10.5$ GB)")
e.claim(L, "reduction", ["8"], [R(64, 8)])
number_claim(e, L, "MHA cache", "84", GB(mha))
number_claim(e, L, "GQA cache", "10.5", GB(kv(80, 8, 128, 32000)))
e.done()
