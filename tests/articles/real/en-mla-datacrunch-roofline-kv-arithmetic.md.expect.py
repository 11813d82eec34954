# Expected verdicts for en-mla-datacrunch-roofline-kv-arithmetic.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (Table 1, B = 1, FP16 = 2 bytes, L = 8192): Llama-13b H=128, K=V=40, D=5120, 40 layers; DeepSeek V3 MHA
# H=128, K=V=128, D=7168, 61 layers; GQA H=24 (else as MHA); MLA one latent head, C = 576 (512 + 64 RoPE),
# C_v = 512 cached, H_q = 128.  The article's own formulas are used; a size agrees in GB (1e9) or GiB (2^30).
# KV cache totals: Llama 2*40*8192*5120*2 = 6.711 GB = 6.25 GiB (printed 6.26: wrong under both, slip);
# MHA 32.75 GB = 30.50 GiB (ok); GQA 2*61*8192*24*128*2 = 6.140 GB = 5.719 GiB (printed 6.10: wrong, slip; 6.10 is
# 30.50/5, a 5-to-1 grouping with 25.6 heads, not the table's H = 24); MLA 61*8192*512*2 = 0.5117 GB (ok).
# Table 2 (KV computation): MHA FLOPs 4*61*7168*16384 = 28.655484928e9 -> 28.66 (printed 28.65: wrong, slip);
# MLA row 0.50 / 0.50 agrees only with C = 576 (0.5037e9 FLOPs, 0.5047e9 bytes), with the formula's C_v = 512 it
# is 0.4477 / 0.4487 -> ambiguous.  The text's "12x" and "~64x" are the exact ratios with C_v = 512 (12, 64).
# Table 3 (attention, per layer): Llama intensity 0.167772e9 / 0.167793e9 = 0.99988 -> 1.00 (printed 0.98) and
# TFLOPS min(990, 0.99988*4.8) = 4.80 (printed 4.68): wrong, slip.  MHA bytes 4*128*128*8193 = 0.5369 GB =
# 0.5001 GiB (printed 0.53: wrong, slip).  GQA TFLOPS 4.80 (printed 4.85: wrong, slip).  MLA: 2.2817 GFLOPs,
# 0.0097 GB, intensity 234.85, min(990, 1127) = 990 (ok).  Ridge 0.990e15 / 4.8e12 = 206.25 (206.3 ok, a tie).
# Closing line: the MLA intensity 139264 L / (576 L + 139264) reaches the ridge 206.25 at L = 1403.6 (1405.9 for
# 206.3), so "L<1394" is wrong (slip); "4 times" (4.25) agrees; "22 times" (exact 22.67) is a loose multiplier ->
# ambiguous.  "60 times less" (64 exact with C_v = 512, 59.8 from the printed mixed-unit 30.50 / 0.51) -> ambiguous.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["mla", "kv", "gqa", "flash", "markdown-table", "latex"])
L, B = 8192, 1
cfg = {"Llama-13b": (128, 40, 5120, 40), "DeepSeek V3 MHA": (128, 128, 7168, 61), "DeepSeek V3 GQA": (24, 128, 7168, 61)}
GB, GiB = sp.Integer(10) ** 9, sp.Integer(2) ** 30


def size(line, what, printed, n, cause="slip"):
    number_claim(e, line, what, printed, [("GB", sp.Integer(n) / GB), ("GiB", sp.Integer(n) / GiB)], cause=cause)


def row(needle):
    ln = e.line(needle)
    return ln, [c.strip().strip("*") for c in e.lines[ln - 1].strip().strip("|").split("|")]


# Table 1
for name, (H, K, D, n) in cfg.items():
    ln, cells = row(f"| {name}")
    e.given(ln, f"{name}: H, H_q, K, V, D, layers, L, KV size")
    size(ln, f"{name} KV cache total", cells[-1], 2 * n * L * H * K * 2)
ln, cells = row("| **DeepSeek V3 MLA**          | 1 ")
e.given(ln, "MLA: 1 head, C = 576, C_v = 512, D, layers, L, KV size 1")
size(ln, "MLA KV cache total (C_v = 512 cached)", cells[-1], 61 * L * 512 * 2)
e.claim(e.line("(`512+64=576`)"), "512 + 64", ["576"], [512 + 64])
L1 = e.line("about **60 times less**")
e.ambiguous(L1, "'about 60 times': the exact cache ratio MHA/MLA is 2*128*128/512 = 64 (56.9 with 576); 59.8 only from the "
            "printed 30.50 (GiB) / 0.51 (GB)")
e.claim(L1, "GQA/MLA cache ratio (2*24*128/512)", ["12"], [R(2 * 24 * 128, 512)])
e._entry(L1)["verdict"] = "ambiguous"  # the 60 cannot be decided; the 12 agrees

# Table 2
for name, (H, K, D, n) in cfg.items():
    ln, cells = row(f"| {name}")
    ln = e.line(f"| {name}", 2)
    cells = [c.strip() for c in e.lines[ln - 1].strip().strip("|").split("|")]
    fl = 4 * n * B * D * H * K
    by = n * 2 * (B * D + 2 * D * H * K + B * 2 * H * K)
    e.claim(ln, f"{name} KV-computation GFLOPs", cells[1], R(fl, 10**9))
    size(ln, f"{name} KV-computation bytes", cells[2], by)
    e.claim(ln, f"{name} KV-computation intensity", cells[3], R(fl, by))
ln = e.line("| **DeepSeek V3 MLA**          | 0.50")
e.ambiguous(ln, "0.50 GFLOPs / 0.50 GB hold with C = 576 (2*61*576*7168 = 0.5037e9, bytes 0.5047e9) but the printed formula "
            "uses C_v = 512 (0.4477e9, 0.4487e9 -> 0.45); intensity 1.00 holds either way")
ln = e.line("MLA needs about 12x fewer FLOPs")
e.claim(ln, "GQA/MLA and MHA/MLA KV-computation FLOPs with C_v = 512", ["12", "64"],
        [R(4 * 24 * 128, 2 * 512), R(4 * 128 * 128, 2 * 512)])

# Table 3
e.claim(e.line("\\approx \\mathbf{206.3}"), "H200 ridge 0.990e15 / 4.8e12", ["206.3"], [R(990, 1) * 10**12 / (R(48, 10) * 10**12)])
ridge = R(99, 10) * 10**14 / (R(48, 10) * 10**12)
for name, (H, K, D, n) in cfg.items():
    ln = e.line(f"| {name}", 3) if name != "Llama-13b" else e.line("| Llama-13b                 | 0.17")
    cells = [c.strip() for c in e.lines[ln - 1].strip().strip("|").split("|")]
    fl = 4 * B * H * L * K
    by = 4 * B * H * K * (1 + L)
    e.claim(ln, f"{name} attention GFLOPs", cells[1], R(fl, 10**9))
    size(ln, f"{name} attention bytes", cells[2], by)
    e.claim(ln, f"{name} attention intensity", cells[3], R(fl, by))
    e.claim(ln, f"{name} theoretical TFLOPS min(990, I*4.8)", cells[4], sp.Min(990, R(fl, by) * R(48, 10)))
ln = e.line("| **DeepSeek V3 MLA** | 2.28")
C, Cv, Hq = 576, 512, 128
fl = 2 * B * L * Hq * (C + Cv)
by = 2 * (B * L * C + B * Hq * C + B * Hq * Cv)
e.claim(ln, "MLA attention GFLOPs", "2.28", R(fl, 10**9))
size(ln, "MLA attention bytes", "0.01", by)
e.claim(ln, "MLA attention intensity", "235", R(fl, by), rounded_int=True)
e.claim(ln, "MLA theoretical TFLOPS", "990", sp.Min(990, R(fl, by) * R(48, 10)))

ln = e.line("roughly 4 times the FLOPs of MHA")
e.claim(ln, "MLA/MHA attention FLOPs (4.25)", ["4"], [R(fl, 4 * 128 * L * 128)], rounded_int=True)
e.ambiguous(ln, "'22 times those of GQA': exact ratio 2281701376 / 100663296 = 22.67 (a loose multiplier)")
Lstar = ridge * 2 * Hq * (C + Cv) / (2 * Hq * (C + Cv) - 2 * ridge * C)
e.claim(ln, "sequence length where the MLA intensity reaches the ridge (1403.6)", ["1394"], [Lstar], rounded_int=True)
e.done()
