# Expected verdicts for es-memory-vladimiracunadev-complejidad-coste.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Attention-matrix memory n² · 4 bytes per head and layer: 512 -> 1,048,576 B (1 MiB / 1.05 MB), 2 048 -> 16 MiB
# (16.8 MB), 8 192 -> 268,435,456 B (268 MB), 32 768 -> 4,294,967,296 B (4,3 GB), 128 000 -> 65,536,000,000 B
# (65,5 GB): each printed size is right under one reading (the table mixes binary and decimal units).
# 6ND: 6 · 7e10 · 1.4e12 = 5.88e23 (5,9·10²³); on 1e15 FLOP/s that is 5.88e8 s = 18.6 years (≈ 19) and on
# 1 000 GPUs at 40 % 17.0 days.  Inference 2 · N · 500 per request: 7,0·10¹⁹ / 10²² / 10²⁵ for 10⁶ / 10⁹ / 10¹²
# requests, all right; "100× el entrenamiento" is 119× exactly, an order of magnitude -> ambiguous.
# MoE: 47e9 · 2 bytes = 94 GB, 13/47 = 27.7 % (28 %).  Crossing n > d with d = 512 -> 512 tokens; 2³ = 8.
# The SSM state 512 · 16 = 8 192 is right but written with a space as thousands separator -> ambiguous (unreadable
# as one printed number).  Powers of ten are written with superscripts: the claims take the printed mantissa.
# No wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="es", topics=["memory", "complexity", "flops", "moe"])


def n(line, what, printed, exact, cause="slip"):
    number_claim(e, line, what, printed, exact, cause)


def size(nbytes, unit):
    base = {"MB": (10**6, 2**20), "GB": (10**9, 2**30)}[unit]
    return [(f"decimal {unit}", sp.Integer(nbytes) / base[0]), (f"binary {unit}", sp.Integer(nbytes) / base[1])]


n(e.line("O(n³)   duplicar n multiplica por 8"), "2^3", "8", sp.Integer(2) ** 3)
L = e.line("Con `d = 512`, la atención es **más barata**")
e.given(L, "d = 512")
n(L, "crossing n = d", "512", sp.Integer(512))
e.given(e.line("memoria = n² · 4 bytes"), "4 bytes per float32")
n(e.line("| 512 | 1 MB |"), "512² · 4 B", "1", size(512**2 * 4, "MB"))
n(e.line("| 2 048 | 16 MB |"), "2048² · 4 B", "16", size(2048**2 * 4, "MB"))
n(e.line("| 8 192 | 268 MB |"), "8192² · 4 B", "268", size(8192**2 * 4, "MB"))
n(e.line("| 32 768 | 4,3 GB |"), "32768² · 4 B", "4,3", size(32768**2 * 4, "GB"))
n(e.line("| 128 000 | **65,5 GB** |"), "128000² · 4 B", "65,5", size(128000**2 * 4, "GB"))
e.ambiguous(e.line("`d = 512` y `N = 16` son 8 192 valores"),
            "512 · 16 = 8192 is right, but it is printed with a space as thousands separator ('8 192')")
C = 6 * 7 * 10**10 * R(14, 10) * 10**12
e.given(e.line("**Ejemplo resuelto.** `N = 7·10¹⁰`, `D = 1,4·10¹²`:"), "N, D")
e.claim(e.line("C ≈ 6 · 7·10¹⁰ · 1,4·10¹² ≈ 5,9·10²³ FLOPs"), "6ND mantissa (×10²³)", "5,9", C / 10**23)
L = e.line("tardaría ~5,9·10⁸ s ≈ 19")
e.claim(L, "seconds on 1e15 FLOP/s, mantissa (×10⁸)", "5,9", C / 10**15 / 10**8)
e.claim(L, "years", "19", C / 10**15 / (R(36525, 100) * 86400), rounded_int=True)
e.claim(e.line("Con 1 000 GPU al 40 % de utilización, unos 17 días"), "days on 1000 GPUs at 40 %", "17",
        C / 10**15 / 1000 / R(4, 10) / 86400, rounded_int=True)
e.given(e.line("**Ejemplo resuelto.** `N = 7·10¹⁰`, `D = 1,4·10¹²`, respuestas de 500 tokens:"), "N, D, 500 tokens")
per = 2 * 7 * 10**10 * 500
L = e.line("| 10⁶ | 7,0·10¹⁹ |")
e.claim(L, "10^6 requests, mantissa (×10¹⁹)", "7,0", per * 10**6 / sp.Integer(10) ** 19)
e.claim(L, "training restated, mantissa (×10²³)", "5,9", C / 10**23)
e.claim(e.line("| 10⁹ | 7,0·10²² |"), "10^9 requests, mantissa (×10²²)", "7,0", per * 10**9 / sp.Integer(10) ** 22)
L = e.line("| 10¹² | **7,0·10²⁵** |")
e.claim(L, "10^12 requests, mantissa (×10²⁵)", "7,0", per * 10**12 / sp.Integer(10) ** 25)
e.ambiguous(L, "'100× el entrenamiento': 7.0e25 / 5.88e23 = 119, stated as an order of magnitude")
e.given(e.line("N_totales  = 47·10⁹"), "47e9 total parameters")
e.given(e.line("N_activos  = 13·10⁹"), "13e9 active parameters")
n(e.line("Memoria de pesos en fp16 = N_totales · 2 bytes = 94 GB"), "47e9 · 2 B in GB", "94",
  [("decimal GB", sp.Integer(47 * 10**9 * 2) / 10**9)])
e.claim(e.line("Cómputo por token        ∝ N_activos          = 28 %"), "13 / 47 in percent", "28", R(1300, 47), rounded_int=True)
e.done()
