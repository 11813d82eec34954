# Expected verdicts for en-complexity-tloen-rtx4090-gpt2xl-flops.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A personal blog post (Eric Wang) that counts the matmul FLOPs and KV-cache memory of GPT-2 XL inference on an RTX 4090.
# Inputs: n_l = 48, d_m = 1600, n_v = 50257; 256 prompt + 256 sampled tokens (t_min = 256, t_max = 512);
#   1557.61M fp32 parameters; 82.6 TFLOPS peak; 2 buffers per layer in 4-byte fp32.
# Exact values:
#   weights 1557.61e6 * 4 B = 5.8025 GiB -> "5.8" ok.
#   F(t) coefficients 4*48*1600 = 307200 (3.1e5), 22*48*1600^2 = 2.70336e9 (2.7e9), 2*50257*1600 = 1.60822e8 (1.6e8): ok.
#   Table (QKV = 6 n_l t d^2, Attn = 4 n_l t^2 d, MLP = 16 n_l t d^2, LM head = 2 n_v d): every entry agrees at 3 digits.
#   sum_{t=256}^{511} F(t) = 2.7743e14 -> "2.77e14" / "277 TFLOPs" ok.
#   Cached sampling: 512 - 257 = 255 ok.  With n_l = 48 in every per-layer term the tally is
#   QKV 6*511*d^2*48 = 3.7675e11, MLP 16*511*d^2*48 = 1.00467e12, LM head 2*256*n_v*d = 4.1171e10,
#   full attention 4*48*d*256^2 = 2.0133e10, incremental sum_{t=257}^{511} 4*t*48*d = 3.0081e10 -> 1.4728e12 FLOPs.
# Wrong lines:
#   "a total of 0.12 TFLOPs": slip; the QKV and MLP bullets drop the factor n_l = 48 (6(t_max-1)d^2 and 16(t_max-1)d^2
#     are per layer); without it the sum is 1.2016e11 = 0.12 TFLOPs, with it 1.4728e12 = 1.47 TFLOPs.
#   "687 tasks per second": carried from 0.12; right value 82.6e12 / 1.4728e12 = 56.08.
#   "8.4% speedup" (halving the full-attention term): carried; right value 1.0066e10 / 1.4728e12 = 0.68%.
# Memory: 2*48*1600*4 = 614400 B per (B*L) ok; 614400*512 B = 0.29297 GiB ok; half of it 0.146 -> "0.15" ok;
#   12/0.15 = 80 and 32 + 80 = 112 ok; 81 tasks / ~6 s vs 1 task / 11.12 s = 150.1x ok; 320.7/82.6 = 3.88 -> "4x" ok.
# Ambiguous: the batch limit 32 and the "12 GiB" depend on the card's memory and overheads, which the post never states;
#   "22.75 GiB remain" needs the unstated card total (24 - 1.75 would be 22.25); the footnote then uses 22.5, and the
#   per-element 0.45 / 0.11 GiB and the batch of 136 come out differently under 22.25, 22.5 or 22.75 (0.454 / 0.459 / 0.464),
#   and the route to 136 is not shown.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="en", topics=["complexity", "kv", "flops", "memory", "latex-align", "scientific-notation"])
L = e.line

nl, d, nv = 48, 1600, 50257
tmin, tmax = 256, 512
GiB = R(2) ** 30

e.given(L("- A *task* reads 256 tokens"), "256 prompt + 256 sampled tokens")
e.given(L("a model of about 1.5 billion parameters"), "about 1.5 billion parameters")
e.given(L("$$N = 1000$$ tasks"), "N = 1000 tasks")
e.given(L("with a 128-token prompt"), "128-token prompt for the nanoGPT run")
e.given(L("number of parameters: 1557.61M"), "program output: parameter count")
e.given(L("Moby Dick has 305318 tokens"), "program output: token count")
e.given(L("time: 11.12s"), "program output: measured time")
e.given(L("about 6 GiB and utilisation sits at 99%"), "measured memory and utilisation")
e.claim(L("1557.61M parameters of four bytes each makes 5.8 GiB"), "fp32 weights in GiB", "5.8",
        R("1557.61") * 10**6 * 4 / GiB)

e.given(L("costs $$2mnp = O(mnp)$$ FLOPs"), "matmul cost formula")
for needle in ("about $$6 n_\\ell td_m^2$$", "in total $$2n_\\ell t^2d_m$$", "in total $$2 n_\\ell t^2d_m$$",
               "about $$8n_\\ell td_m^2$$", "about $$8 n_\\ell td_m^2$$"):
    e.given(L(needle), "per-matmul FLOP formula")
for needle in ("\\mathbb{R}^{t \\times (3d_m \\times d_m)}", "W_1x : \\mathbb{R}^{1 \\times (4d_m",
               "W_2(\\text{GELU}(W_1x))"):
    e.given(L(needle), "matmul shapes")
e.given(L("\\begin{align}F(t) &= 6n_\\ell td_m^2"), "sum of the matmul terms")
e.claim(L("\\\\&=22n_\\ell td_m^2"), "collected coefficients 6+16 and 2+2", ["22", "4"], [6 + 16, 2 + 2])
e.claim(L("\\\\&=(4n_\\ell d_m) t^2"), "regrouped coefficients", ["4", "22"], [4, 22])
e.given(L("$$n_\\ell = 48, d_m = 1600, n_v=50257$$"), "GPT-2 XL sizes")
e.claim(L("$$F(t) \\approx (3.1\\times 10^5) t^2"), "polynomial coefficients (mantissas)", ["3.1", "2.7", "1.6"],
        [R(4 * nl * d, 10**5), R(22 * nl * d * d, 10**9), R(2 * nv * d, 10**8)])


def parts(t):
    qkv, attn, mlp, head = 6 * nl * t * d * d, 4 * nl * t * t * d, 16 * nl * t * d * d, 2 * nv * d
    return [qkv, attn, mlp, head, qkv + attn + mlp + head]


exps = {256: [11, 10, 11, 8, 11], 512: [11, 10, 12, 8, 12], 1024: [11, 11, 12, 8, 12], 2048: [12, 12, 12, 8, 12]}
rows = {256: ["1.89", "2.01", "5.03", "1.61", "7.12"], 512: ["3.77", "8.05", "1.01", "1.61", "1.46"],
        1024: ["7.55", "3.22", "2.01", "1.61", "3.09"], 2048: ["1.51", "1.29", "4.03", "1.61", "6.83"]}
for t, printed in rows.items():
    ln = L(f"| $${t}$$ ")
    exact = [R(v, 10 ** k) for v, k in zip(parts(t), exps[t])]
    e.given(ln, f"t = {t}")
    e.claim(ln, f"QKV / Attn / MLP / LM head / F(t) at t = {t} (mantissas of the printed powers of ten)", printed, exact)

total_nocache = sum(sum(parts(t)[:4]) for t in range(256, 512))
e.given(L("for every $$256 \\leq t < 512$$"), "t range of the uncached sampler")
e.claim(L("\\sum_{t = 256}^{511} F(t) \\approx 2.77 \\times 10^{14}"), "uncached FLOPs per task (mantissa)", "2.77",
        R(total_nocache, 10**14))
ln = L("or 277 TFLOPs")
e.claim(ln, "uncached FLOPs per task in TFLOPs", "277", R(total_nocache, 10**12), rounded_int=True)
e.given(ln, "82.6 TFLOPS FP32 peak")

e.given(L("is a column of $$t - 1$$ masked entries"), "shape remark")
e.given(L("which takes $$6d_m(d_m+1)$$ FLOPs"), "incremental QKV formula")
e.given(L("$$q_t^TK_{\\leq t}^T$$, which takes $$2td_m$$"), "incremental score formula")
e.given(L("V_{\\leq t}$$, which takes $$2td_m$$ FLOPs."), "incremental weighted-sum formula")
e.given(L("So the block drops from $$4t^2d_m+ 6td_m^2"), "before/after formulas")
e.given(L("full forward pass over $$t_{min} = 256$$"), "t_min = 256")
e.claim(L("$$t_{max} - (t_{min} + 1) = 255$$"), "incremental passes", "255", tmax - (tmin + 1))
e.given(L("for a matmul FLOP count of $$6(t_{max} - 1)d_m^2"), "QKV term as written (per layer)")
e.given(L("for $$16(t_{max} - 1)d_m^2$$"), "MLP term as written (per layer)")
e.given(L("for $$2(t_{max} - t_{min})n_vd_m$$"), "LM head term")
e.given(L("costs $$4 n_\\ell d_m (t_{min})^2$$"), "full attention term")
e.given(L("each incremental attention vector costs $$4 n_\\ell td_m$$"), "incremental attention term")
e.given(L("at $$256 < t < 512$$"), "t range of the incremental passes")
e.given(L("for $$\\sum_{t = 257}^{511} 4 t n_\\ell d_m$$"), "incremental attention sum")

qkv_c = 6 * (tmax - 1) * d * d * nl
mlp_c = 16 * (tmax - 1) * d * d * nl
head_c = 2 * (tmax - tmin) * nv * d
full_c = 4 * nl * d * tmin ** 2
inc_c = sum(4 * t * nl * d for t in range(257, 512))
total_c = qkv_c + mlp_c + head_c + full_c + inc_c
e.claim(L("This works out to a total of 0.12 TFLOPs."), "cached FLOPs per task in TFLOPs", "0.12",
        R(total_c, 10**12), cause="slip")
e.given(L("since the 82.6 TFLOPS"), "82.6 TFLOPS peak")
e.claim(L("of 687 tasks per second."), "peak tasks per second", "687", R("82.6") * 10**12 / total_c,
        cause="carried", rounded_int=True)
e.claim(L("for an 8.4% speedup."), "saving from fusing the mask in the full pass", "8.4%",
        R(full_c, 2) / total_c, cause="carried")

e.given(L("one task drops from 11 seconds to 7 seconds"), "measured times")
e.given(L("there are two per layer over $$n_\\ell=48$$ layers"), "48 layers, two buffers")
e.given(L("all in 4-byte `fl32`"), "4 bytes per value")
e.claim(L("= 614400BL$$"), "buffer bytes per (B*L)", ["48", "1600", "614400"], [nl, d, 2 * nl * d * 4])
e.given(L("With $$L$$ = 512"), "L = 512")
ln = L("$$0.29B$$ gibibytes")
e.claim(ln, "buffer GiB per batch element at L = 512", "0.29", R(2 * nl * d * 4 * 512) / GiB)
e.ambiguous(ln, "the batch limit of 32 depends on the card's memory and other overheads, which the post does not state")
e.ambiguous(L("parameters and buffers now take just 12 GiB"), "heuristic half of an unstated card total")
ln = L("another 12 GiB / (0.15 GiB) = 80 buffers")
e.claim(ln, "half of the per-element buffer size", "0.15", R(2 * nl * d * 4 * 512, 2) / GiB)
e.claim(ln, "12 / 0.15", "80", R(12) / R("0.15"))
e.claim(L("for a total of 112."), "32 + 80", "112", 32 + 80)
e.given(L("already holds 1.75 GiB"), "desktop reservation")
ln = L("so the measured limit is a batch size of 81")
e.given(ln, "measured batch 81 and about six seconds")
e.claim(L("about 150 times more throughput"), "(81 tasks / 6 s) / (1 task / 11.12 s)", "150",
        (R(81) / 6) / (1 / R("11.12")), rounded_int=True)
e.ambiguous(L("theoretical maximum of 136"), "the route to 136 is not shown (see the footnote)")
ln = L("320.7 fp8 TFLOPs, a 4x speed increase")
e.given(ln, "320.7 fp8 TFLOPs from the whitepaper")
e.claim(ln, "320.7 / 82.6", "4", R("320.7") / R("82.6"), rounded_int=True)
e.ambiguous(L("The estimate behind the 136: say the desktop takes 1.75 GiB."), "restates 136 (route not shown)")
e.ambiguous(L("Then 22.75 GiB remain for CUDA"), "needs the card's total memory, which the post never states (24 - 1.75 = 22.25)")
e.ambiguous(L("$$P + 32BA \\approx P/2 + 81BA/2 \\approx 22.5$$"),
            "uses 22.5 GiB where the line above says 22.75; the available memory is not determined")
e.ambiguous(L("so each batch element costs about 0.45 GiB"),
            "per-element cost is 0.454, 0.459 or 0.464 GiB for 22.25, 22.5 or 22.75 GiB available")
e.ambiguous(L("in fp32 and about 0.11 GiB in fp8"), "depends on the same undetermined available memory")
e.ambiguous(L("for a theoretical batch size of around 136."), "the route to 136 is not shown")
e.done()
