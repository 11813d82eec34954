# Expected verdicts for ko-kv-jhmichaelshin-llama70b-tpu-serving.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (the article's own): LLaMA 3-70B L = 80, K = 8 KV heads, H = 128, F = 28,672, 70e9 parameters; TPU v5e 16 GB HBM
# (16e9 B), 1.97e14 bf16 FLOPs/s, HBM bandwidth 8.1e11 (decode-step question) and 8.2e11 (latency question), ICI 9e10;
# prices from the table. Sizes are read as decimal (kB = 1e3) or binary (KiB); a size is wrong only if right under neither.
# - KV per token (int8) = 2·8·128·80 = 163,840 B = 160 KiB -> "160kB" ok (binary). bf16 = 327,680 B.
# - FLOPs/$ = FLOPs/s · 3600 / price: H100 3.30e17 ok, v5p 3.93e17 ok, v5e 1.97e14·3600/1.2 = 5.91e17 -> "5.8e17" wrong
#   (slip).
# - "162e3 * 32,768 = 5.3GB": the per-token size is 163,840 B (163.84 kB / 160 KiB), so 163,840 · 32,768 = 5.37e9 B
#   (5.4 GB / 5.0 GiB) -> wrong (slip: operand 162e3). 1.3 TB for BS = 240 (1.29e12) and 86 chips (85.6) ok.
# - "160e3 * 8192 * 32 = 41.9e9": 160 KiB read back as 160e3; exact 163,840·8192·32 = 42.95e9 -> wrong (slip);
#   "41.9e9 + 70e9 = 112GB" (exact 112.95e9 -> 113) wrong (carried); 7 chips (7.06) and 17 ms (112.95e9 / 6.48e12 =
#   17.43 ms) ok; "32 / .017 = 1882", "1882 / 8 = 235" and "17 / 2 = 8.5ms" are explicit arithmetic on the rounded 17 ms
#   (end to end 1836, 229.5, 8.72) -> ambiguous.
# - Topology table: 324kB (327.68 kB / 320 KiB), 162kB (163.84 / 160), 81kB (81.92 / 80) wrong under both readings
#   (slip); "2.81" for 35/16 = 2.1875 wrong (slip); 8.75, 4.38 (tie 4.375), chips, 116/58/29 GB and 43 caches
#   (116e9 / (327,680·8192) = 43.2, same for int8/int4) ok. Each table row counts once per line (duplicate rows kept).
# - "16GB / 8.2e11 = 19ms": 19.51 ms rounds to 20 (20.95 with GiB) -> wrong (slip, truncated); the same line's "약 9초"
#   is 0.0195·512 = 9.99 s (9.73 s even from 19 ms) -> truncated, and "약 10ms" for int4 is not computed in the text
#   (35e9 / (4·8.2e11) = 10.7 ms) -> ambiguous note.
# - "43 / (0.019 * 512 * N) ≈ 4.42/N" is right as written on the truncated 0.019 but end to end 43 / (0.019512·512) =
#   4.30 -> ambiguous. QPS/chip end to end: bf16 4.30/16 = 0.269 -> 0.27 ok; int8 0.538 -> "0.55" wrong, int4 1.076 ->
#   "1.11" wrong (carried from 4.42).
# - Doubling: 512 − 140 = 372 GB ok; batch 372e9 / (327,680·8192) = 138.6, so "140" wrong (carried from 324kB);
#   "14.39" (exact 138 / (0.019512·512) = 13.81) wrong (carried); QPS 0.43 / 0.86 / 1.73 exact vs 0.44 / 0.90 / 1.80 ->
#   3 lines wrong (carried).
# - Sharding: 26 and 56 ok; T_ici = 2·64·8192 / 9e10 = 11.65 µs -> "11us" wrong (truncated), T_hbm 18.1 ok,
#   T_math 4.77 µs -> "4us" wrong (truncated) -> line wrong (slip). Prefill 0.91 s, 96 tokens, P = 3G ok; the last line
#   restates "19ms" -> wrong (carried).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="ko", topics=["kv", "gqa", "serving", "roofline", "markdown-table", "code-span"])
L = e.line
kv8 = 2 * 8 * 128 * 80
kv16 = 2 * kv8
kv4 = kv8 // 2
HBM = sp.Integer(16) * 10**9
t_step = HBM / R(82, 100) / 10**12          # 16e9 / 8.2e11 s
e.given(L("| $$n_\\text{layers}$$ (L)     |    80     |"), "L = 80")
for lab in ("| $$d_\\text{model}$$ (D)      |   8,192   |", "| $$d_{ff}$$ (F)              |  28,672   |",
            "| $$n_\\text{heads}$$ (N)      |    64     |", "| $$n_\\text{kv heads}$$ (K)   |     8     |",
            "| $$d_\\text{qkv}$$ (H)        |    128    |", "| $$n_\\text{embeddings}$$ (V) |  128,256  |"):
    e.given(L(lab), "model hyperparameter")
for lab, fl, usd, p in (("| H100         |", "9.9e14", "10.8", "3.3e17"), ("| v5p          |", "4.59e14", "4.2", "3.9e17"),
                        ("| v5e          |", "1.97e14", "1.2", "5.8e17")):
    ln = L(lab)
    e.given(ln, f"{fl} FLOPs/s at ${usd}/h")
    e.claim(ln, "FLOPs per dollar = FLOPs/s · 3600 / price", p, sp.Rational(fl.replace("e14", "")) * 10**14 * 3600 / sp.Rational(usd))


def kb(n):
    return [("binary (KiB)", sp.Integer(n) / 1024), ("decimal (kB)", sp.Integer(n) / 1000)]


ln = L("`2 * K * H * L = 2 * 8 * 128 * 80 = 160kB`")
number_claim(e, ln, "int8 KV bytes per token", "160", kb(kv8))
ln = L("`162e3 * 32,768 = 5.3GB / sequence`")
e.claim(ln, "KV per 32k sequence in GB (162e3 is not 163,840 = 163.84 kB)", ["162e3", "5.3"],
        [sp.Integer(kv8), sp.Integer(kv8) * 32768 / 10**9])
e.claim(ln, "BS = 240 in TB", "1.3", sp.Integer(kv8) * 32768 * 240 / 10**12)
e.claim(ln, "(70e9 + 1.3e12) / 16e9", "86", (70 * sp.Integer(10)**9 + R(13, 10) * 10**12) / HBM, rounded_int=True)
ln = L("`160e3 * 8192 * 32 = 41.9e9`")
e.claim(ln, "total KV bytes for 32 × 8192 (160e3 is not 163,840)", ["160e3", "41.9e9"],
        [sp.Integer(kv8), sp.Integer(kv8) * 8192 * 32])
ln = L("`41.9e9 + 70e9 = 112GB`")
tot = sp.Integer(kv8) * 8192 * 32 + 70 * sp.Integer(10)**9
e.claim(ln, "KV + params in GB (exact 112.95)", "112", tot / 10**9, cause="carried", rounded_int=True)
ln = L("`112e9 / 16e9 = 7`")
e.claim(ln, "chips needed (7.06)", "7", tot / HBM, rounded_int=True)
e.claim(ln, "4x2 slice", ["4", "2"], [4, 2])
ln = L("`(KV size + param size) / (8 * HBM bandwidth) = 112e9 / (8 * 8.1e11) = 17ms`")
e.claim(ln, "step time in ms (17.43)", "17", tot / (8 * R(81, 100) * 10**12) * 1000, rounded_int=True)
e.ambiguous(ln, "`32 / .017 = 1882` and `1882 / 8 = 235` are right as written on the rounded 17 ms; end to end "
            "32 / 0.017431 s = 1836 tokens/s and 229.5 per chip")
ln = L("$Y > 2 * F / 2200 = 2 * 28672 / 2200 = 26$")
e.claim(ln, "2F / 2200", "26", R(2 * 28672, 2200), rounded_int=True)
e.ambiguous(ln, "`17 / 2 = 8.5ms` halves the rounded 17 ms; end to end 17.43 / 2 = 8.72 ms")
e.given(L("{\\text{HBM bandwidth}} = 240"), "critical batch 240 (quoted from the previous section)")
ln = L("가중치가 int8이면 $2BDF / DF = 2B > 240$")
e.claim(ln, "int8-weight critical batch and doubled int8 FLOPs", ["120", "3.94e14"], [R(240, 2), 2 * R(197, 100) * 10**14])
e.given(L("즉 `ceil(70e9 * sizeof(dtype) / 16e9)`"), "minimum-chips formula")
rows = [("| bf16  |   140GB    |          324kB          |     8.75     |  4x4 = 16 chips  |", 2, kv16, "140", "324", "8.75",
         16, "116", 1), ("| int8  |    70GB    |          162kB          |     4.38     |  4x2 = 8 chips   |", 1, kv8, "70",
                         "162", "4.38", 8, "58", 2),
        ("| int4  |    35GB    |          81kB           |     2.81     |  2x2 = 4 chips   |", R(1, 2), kv4, "35", "81",
         "2.81", 4, "29", 2)]
for lab, bpp, kvb, ps, ks, mins, chips, rem, nth in rows:
    for k in range(nth):
        ln = L(lab, k + 1)
        param = 70 * sp.Integer(10)**9 * bpp
        e.claim(ln, "param size in GB", ps, param / 10**9)
        number_claim(e, ln, "KV bytes per token", ks, [("binary (KiB)", sp.Integer(kvb) / 1024),
                                                            ("decimal (kB)", sp.Integer(kvb) / 1000)])
        e.claim(ln, "param / 16 GB", mins, param / HBM)
        e.claim(ln, "slice chips", str(chips), chips)
        left = chips * HBM - param
        e.claim(ln, "remaining HBM in GB", rem, left / 10**9)
        e.claim(ln, "KV caches of 8k that fit (floor)", "43", sp.floor(left / (kvb * 8192)))
ln = L("`v5e HBM / v5e HBM memory bandwidth = 16GB / 8.2e11 = 19ms`")
number_claim(e, ln, "16 GB / 8.2e11 B/s in ms (19.51)", "19", [("decimal GB", t_step * 1000),
                                                          ("binary GiB", sp.Integer(2)**34 / R(82, 100) / 10**12 * 1000)])
e.claim(ln, "decode of 512 tokens in seconds (9.99)", "9", t_step * 512, rounded_int=True)
e.ambiguous(ln, "'약 10ms / step' for int4 parameters alone is not computed in the text (35e9 / (4 · 8.2e11) = 10.7 ms)")
ln = L("\\approxeq 43 / (0.019 * 512 * N)$$")
e.ambiguous(ln, "43 / (0.019 · 512) = 4.42 is right as written on the truncated 19 ms; end to end 43 / (0.019512 · 512) = 4.30")
qps = 43 / (t_step * 512)
for lab, n, val in (("| bfloat16 |    0.27    |", 16, "0.27"), ("|   int8   |    0.55    |", 8, "0.55"),
                    ("|   int4   |    1.11    |", 4, "1.11")):
    for k in range(1 if n == 16 else 2):
        e.claim(L(lab, k + 1), f"QPS/chip = 43 / (t · 512 · {n})", val, qps / n, cause="carried")
ln = L("KV 캐시용으로 372GB가 남아 배치를 140까지")
e.claim(ln, "HBM left on 4x8", "372", (32 * HBM - 140 * sp.Integer(10)**9) / 10**9)
e.claim(ln, "batch that fits (372e9 / (327,680·8192) = 138.6)", "140", (32 * HBM - 140 * sp.Integer(10)**9) / (kv16 * 8192),
        cause="carried", rounded_int=True)
e.claim(ln, "B / (t · 512) with B = 138", "14.39", 138 / (t_step * 512), cause="carried")
for lab, chips, bpp, kvb, val in (("| bfloat16 (on 4x8) |    0.44    |", 32, 2, kv16, "0.44"),
                                  ("|   int8 (on 4x4)   |    0.90    |", 16, 1, kv8, "0.90"),
                                  ("|   int4 (on 2x4)   |    1.80    |", 8, R(1, 2), kv4, "1.80")):
    b = sp.floor((chips * HBM - 70 * sp.Integer(10)**9 * bpp) / (kvb * 8192))
    e.claim(L(lab), f"QPS/chip with B = {b} on {chips} chips", val, b / (t_step * 512) / chips, cause="carried")
ln = L("$$Y = 28672 \\cdot 2 / 2200 = 26$$")
e.claim(ln, "2F / 2200", "26", R(2 * 28672, 2200), rounded_int=True)
e.claim(ln, "F / (8 · 64)", "56", R(28672, 8 * 64))
ln = L("`(2 * 64 * 8192) / 9e10 = 11us`")
e.claim(ln, "T_ici in µs (11.65)", "11", R(2 * 64 * 8192, 9 * 10**10) * 10**6, rounded_int=True)
e.claim(ln, "T_hbm in µs (18.12)", "18", R(2 * 8192 * 28672, 1) / (32 * R(81, 100) * 10**12) * 10**6, rounded_int=True)
e.claim(ln, "T_math in µs (4.77)", "4", R(2 * 64 * 8192 * 28672, 1) / (32 * R(197, 100) * 10**14) * 10**6, rounded_int=True)
ln = L("`2 * 70e9 * 8192 / (16 * 1.97e14 * 0.4) = 0.91s`")
pre = 2 * 70 * sp.Integer(10)**9 * 8192 / (16 * R(197, 100) * 10**14 * R(4, 10))
e.claim(ln, "prefill seconds", "0.91", pre)
ln = L("`32 * (8192 + 4096) / 4096 = 96`")
e.claim(ln, "tokens evicted per step", "96", R(32 * (8192 + 4096), 4096))
ln = L("`P / 0.91 = 32 * G / (0.019 * 512)`")
e.claim(ln, "prefill latency in ms", "910", pre * 1000, rounded_int=True)
e.claim(ln, "decode step restated (19.51 ms)", "19", t_step * 1000, cause="carried", rounded_int=True)
e.claim(ln, "P / G = 0.91 · 32 / (t · 512)", "3", pre * 32 / (t_step * 512), rounded_int=True)
e.done()
