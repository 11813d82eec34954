# Expected verdicts for en-basic-mineth054-rtl-attention-worked-example.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Design notes of a Verilog implementation of single-head scaled dot-product attention (N=3 tokens, D=4).
# Inputs (as printed): X (3x4), WQ, WK, WV (4x4), signed integers; d_k = 4, scaling by >>> 1 (= /2, exact here).
# The notes trace row 0 by hand: Q[0], K, V, scores [0, 4, 2], scaled [0, 2, 1], the exact softmax
# [0.0900, 0.6652, 0.2447], then the hardware pipeline as the article defines it: exp_lut[d] = round(e^-d * 1024)
# (Q6.10; 139, 1024, 377 and 51 for d = 3 show it rounds), row_sum, recip = floor(2^20 / row_sum),
# A = (exp * recip)[27:12] = floor(exp * recip / 2^12), O = A V (integers x 256), golden = round(256 * exact O).
# Max/avg error of validate.py (0.0049 / 0.0030) over all 12 outputs follow from the same definitions
# (rows 1 and 2 computed here: A = [54, 54, 147]; max 0.004898, avg 0.003009).
# Wrong lines:
#  - "e^-3 = 0.04979, stored as 51/1024 = 0.04980 -- only ~0.0002 absolute": |51/1024 - e^-3| = 0.0000176, not
#    0.0002 (a factor of ten off), slip.
#  - "Max: 3 · 256 · 127 ≈ 97 k": 3*256*127 = 97,536, i.e. 97.5 thousand (rounds to 98 k) or 95.25 Ki; 97 is a
#    truncation under the decimal reading and right under no reading, slip.
# Ambiguous:
#  - "2705 ns at a 10 ns clock -- 271 cycles" and "270 cycles" in section 5: 2705/10 = 270.5; the count depends on the
#    testbench's reset offset, which the notes do not give (and they print both 270 and 271).
#  - measured stage cycles (≈ 62, ≈ 47, ≈ 23, ≈ 124, the 1-cycle stages), "saves ≈ 80 / ≈ 20 cycles",
#    "3–4× throughput": simulation measurements or estimates not derivable from the notes (the formula parts on the
#    same lines are checked).
#  - bit widths "→ 17 bits" (64,516 needs 16 bits unsigned, 17 signed) and "fits in 17 bits" (97,536 needs 17 unsigned,
#    18 signed): the notes switch between signed and unsigned readings; recorded as notes, not judged.
#  - "Wider A (Q.10 or Q.12). Halves the quantization-floor error": a word claim (Q.10 quarters the ÷256 step).
import math
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, grouped_int_claim

e = Expect(__file__, language="en", topics=["basic", "softmax", "fixed-point", "hardware"])

X = M([[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0]])
WQ = M([[1, 0, 1, 0], [0, 1, 0, 1], [1, 0, -1, 0], [0, 1, 0, -1]])
WK = M([[0, 1, 0, 1], [1, 0, 1, 0], [0, -1, 0, 1], [1, 0, -1, 0]])
WV = M([[1, 0, 0, 1], [0, 1, 1, 0], [1, 0, 0, -1], [0, 1, -1, 0]])
N, D = 3, 4
Q, K, V = X * WQ, X * WK, X * WV
S = Q * K.T
Ssc = S / sp.sqrt(D)          # >>> 1 is exact here (all scores even)
soft = [sp.exp(Ssc[0, j]) / sum(sp.exp(Ssc[0, k]) for k in range(N)) for j in range(N)]

b = e.line("X  = [[ 1,  0,  1,  0],")
e.given(b, "X row 1")
e.given(b + 1, "X row 2")
e.given(b + 2, "X row 3")
L = e.line("WQ = [[ 1,  0,  1,  0],")
for i in range(4):
    e.given(L + i, f"WQ, WK, WV row {i + 1}")
e.given(e.line("for `N=3, D=4`"), "N, D")

e.claim(e.line("Q[0] = X[0] · WQ"), "Q[0]", ["2", "0", "0", "0"], Q.row(0))
L = e.line("K[0] = X[0] · WK")
e.claim(L, "K[0]", ["0", "0", "0", "2"], K.row(0))
e.claim(L, "V[0]", ["2", "0", "0", "0"], V.row(0))
L = e.line("K[1] = X[1] · WK")
e.claim(L, "K[1]", ["2", "0", "0", "0"], K.row(1))
e.claim(L, "V[1]", ["0", "2", "0", "0"], V.row(1))
L = e.line("K[2] = X[2] · WK")
e.claim(L, "K[2]", ["1", "1", "1", "1"], K.row(2))
e.claim(L, "V[2]", ["1", "1", "1", "1"], V.row(2))

for j in range(3):
    L = e.line(f"S[0][{j}] = Q[0]·K[{j}]")
    e.claim(L, f"S[0][{j}]", str(S[0, j]), S[0, j])
L = e.line("### Scale (scale_unit")
e.claim(L, "sqrt(d_k)", "2", sp.sqrt(D))
e.claim(e.line("S_scaled[0] = [0, 2, 1]"), "scaled scores row 0", ["0", "2", "1"], list(Ssc.row(0)))

mx = max(Ssc.row(0))
diff = [x - mx for x in Ssc.row(0)]
e.claim(e.line("max(S_scaled[0]) = 2"), "row max", "2", mx)
e.claim(e.line("diff             = [-2, 0, -1]"), "diff", ["-2", "0", "-1"], diff)
ex = [sp.exp(d) for d in diff]
e.claim(e.line("exp(diff)        = ["), "exp(diff)", ["0.1353", "1.0000", "0.3679"], ex)
e.claim(e.line("sum              = 1.5032"), "sum of exp", "1.5032", sum(ex))
e.claim(e.line("softmax          = ["), "softmax row 0", ["0.0900", "0.6652", "0.2447"], soft)

# hardware pipeline, as the notes define it
lut = lambda d: sp.floor(sp.exp(-d) * 1024 + R(1, 2))      # round(e^-d * 2^10)
e.claim(e.line("diff            = [-2, 0, -1]"), "diff (hardware)", ["-2", "0", "-1"], diff)
e.claim(e.line("−diff           = [ 2, 0, 1]"), "-diff (LUT indices)", ["2", "0", "1"], [-d for d in diff])
E = [lut(-d) for d in diff]
e.claim(e.line("exp_lut         = [139, 1024, 377]"), "exp_lut entries", ["139", "1024", "377"], E)
rs = sum(E)
L = e.line("row_sum         = 1540")
e.claim(L, "row_sum", "1540", rs)
e.claim(L, "row_sum bits at N=3", "12", sp.ceiling(sp.log(N * 1024 + 1, 2)))
e.claim(L, "max row_sum at N=3", "3072", N * 1024)
rec = sp.floor(R(2**20, rs))
e.claim(e.line("recip_lut[1540] = floor(2^20 / 1540) = 680"), "recip_lut[1540]", "680", rec)
A = []
for j, (p, ps, a) in enumerate([("139", "94 520", "23"), ("1024", "696 320", "170"), ("377", "256 360", "62")]):
    L = e.line(f"A[0][{j}] = {p}")
    prod = E[j] * rec
    grouped_int_claim(e, L, f"exp_lut * recip (A[0][{j}])", ps, int(prod), sep=" ")
    aj = sp.floor(prod / 2**12) % 2**16
    A.append(aj)
    e.claim(L, f"A[0][{j}] = bits[27:12]", a, aj)
hw = [a / 256 for a in A]
e.claim(e.line("Recovered as fractions: A[0] / 256"), "A[0]/256", ["0.0898", "0.6641", "0.2422"], hw)
L = e.line("Putting the two next to each other")
e.claim(L, "Python softmax (repeated)", ["0.0900", "0.6652", "0.2447"], soft)
e.claim(L, "hardware weights (repeated)", ["0.0898", "0.6641", "0.2422"], hw)
e.claim(L, "max absolute gap", "0.0025", max(abs(s - h) for s, h in zip(soft, hw)))
e.claim(L, "one ÷256 step", "0.0039", R(1, 256))

L = e.line("=  23·[2,0,0,0] + 170·[0,2,0,0] + 62·[1,1,1,1]")
e.claim(L, "A[0] and V rows (repeated)", ["23", "170", "62"], A)
t = [A[j] * V.row(j) for j in range(3)]
e.claim(e.line("= [46,   0,  0,  0]"), "23·V[0]", ["46", "0", "0", "0"], t[0])
e.claim(e.line("+ [ 0, 340,  0,  0]"), "170·V[1]", ["0", "340", "0", "0"], t[1])
e.claim(e.line("+ [62,  62, 62, 62]"), "62·V[2]", ["62", "62", "62", "62"], t[2])
O0 = t[0] + t[1] + t[2]
e.claim(e.line("= [108, 402, 62, 62]"), "O[0] (x256, hardware)", ["108", "402", "62", "62"], O0)
Oex = sum((soft[j] * V.row(j) for j in range(3)), sp.zeros(1, 4))
gold = [sp.floor(256 * x + R(1, 2)) for x in Oex]
L = e.line("compares it with the golden row")
e.claim(L, "golden row (round(256 * exact O[0]))", ["109", "403", "63", "63"], gold)
e.claim(L, "diff golden - hardware", "1", gold[0] - O0[0])

# section 2
e.given(e.line("| `X`, `WQ/K/V` | signed 8 | Q7.0 |"), "input widths")
L = e.line("| `Q, K, V` | signed 16 | Q15.0 |")
grouped_int_claim(e, L, "worst case 4·127²", "64 516", 4 * 127**2, sep=" ")
e.claim(e.line("| `S` (scores) | signed 32"), "16 + 16 + log2(D) bits", "34", 16 + 16 + 2)
e.given(e.line("| `S_scaled` | signed 16"), "S_scaled width")
e.given(e.line("| `diff = S_scaled − row_max`"), "diff width")
L = e.line("| `exp_lut[d]` | unsigned 16")
e.claim(L, "Q6.10 one", "1024", 2**10)
e.claim(L, "Q6.10 resolution 1/1024", "0.001", R(1, 1024))
L = e.line("| `row_sum` | unsigned")
e.claim(L, "row_sum bits at N=3", "12", sp.ceiling(sp.log(N * 1024 + 1, 2)))
e.claim(L, "max row_sum at N=3", "3072", N * 1024)
e.given(e.line("| `recip_lut[s]` | unsigned 32"), "recip_lut definition")
e.given(e.line("| `mul_result = exp_val · recip`"), "mul_result width")
e.claim(e.line("| `A[i][j] = mul_result[27:12]`"), "shift 20 - 8", "12", 20 - 8)
L = e.line("| `O[i][j]` | signed 32")
e.claim(L, "3 · 256 · 127 in thousands", "97", R(3 * 256 * 127, 1000), rounded_int=True)
e.given(e.line("| `data/output.txt` integers"), "output scale")

# section 3
L = e.line("**`exp_lut` depth = 16.**")
e.claim(L, "e^-15 mantissa (x 1e-7)", "3", sp.exp(-15) * 10**7, rounded_int=True)
e.claim(L, "1/1024 mantissa (x 1e-4)", "9.8", R(1, 1024) * 10**4)
e.claim(e.line("**`recip_lut` size ="), "N·1024 + 1 at N=3", "3073", N * 1024 + 1)
# validate.py over all 12 outputs, hardware pipeline as defined above
errs = []
for i in range(N):
    ss = [sp.floor(S[i, j] / 2) for j in range(N)]
    m = max(ss)
    Ei = [lut(m - s) for s in ss]
    ri = sp.floor(R(2**20, sum(Ei)))
    Ai = [sp.floor(x * ri / 2**12) % 2**16 for x in Ei]
    Ohw = sum((Ai[j] * V.row(j) for j in range(3)), sp.zeros(1, 4)) / 256
    den = sum(sp.exp(S[i, k] / 2) for k in range(N))
    Oi = sum((sp.exp(S[i, j] / 2) / den * V.row(j) for j in range(3)), sp.zeros(1, 4))
    errs += [abs(Ohw[c] - Oi[c]) for c in range(4)]
maxerr = max(errs, key=lambda x: sp.N(x, 30))
L = e.line("Max error: 0.0049    Avg error: 0.0030")
e.claim(L, "max error over 12 outputs", "0.0049", maxerr)
e.claim(L, "mean error over 12 outputs", "0.0030", sum(errs) / len(errs))
e.claim(e.line("±0.5 ULP = ±0.002 per A entry"), "0.5 / 256", "0.002", R(1, 512))
L = e.line("`e⁻³ = 0.04979`")
e.claim(L, "e^-3", "0.04979", sp.exp(-3))
e.claim(L, "stored entry round(e^-3 * 1024)", "51", lut(3))
e.claim(L, "51/1024", "0.04980", R(51, 1024))
e.claim(L, "absolute LUT error |51/1024 - e^-3|", "0.0002", abs(R(51, 1024) - sp.exp(-3)))
e.claim(e.line("at most 1 ULP in Q.20"), "2^-20 mantissa (x 1e-6)", "1", R(10**6, 2**20), rounded_int=True)
e.given(e.line("**S_scaled = S >> 1**"), "1-LSB shift")
e.claim(e.line("The 0.005 max-error figure"), "max error at 3 places", "0.005", maxerr)

# section 4
e.ambiguous(e.line("`$finish at 2705 ns`"),
            "2705 ns / 10 ns = 270.5 cycles; 271 (and 270 in section 5) depend on the testbench's reset offset, not given")
e.ambiguous(e.line("| `IDLE → LOAD` | 1 |"), "measured cycle count")
e.ambiguous(e.line("| `LOAD` | 1 |"), "measured cycle count")
L = e.line("| `PROJ` (3 parallel")
e.claim(L, "N·D outputs", "12", N * D)
e.claim(L, "(D+1)·N·D", "60", (D + 1) * N * D)
L = e.line("| `SCORE` (sequential")
e.claim(L, "N·N outputs", "9", N * N)
e.claim(L, "(D+1)·N²", "45", (D + 1) * N**2)
e.ambiguous(e.line("| `SCALE` | 1 |"), "measured cycle count")
e.claim(e.line("| `SOFTMAX` | ≈ 23 |"), "2·N²", "18", 2 * N**2)
e.claim(e.line("| `OUTPUT` | ≈ 124 |"), "(3N+1)·N·D", "120", (3 * N + 1) * N * D)
e.ambiguous(e.line("| `WRITE → DONE` | 1 |"), "measured cycle count")
e.ambiguous(e.line("add about 1–2 cycles"), "handshake overhead is an estimate")
L = e.line("The biggest share goes to `OUTPUT`")
e.claim(L, "OUTPUT share 124/271", "46", R(124, 271) * 100, rounded_int=True)
e.claim(L, "PROJ share 62/271", "23", R(62, 271) * 100, rounded_int=True)
e.ambiguous(e.line("(saves ≈ 80 cycles)"), "an estimate of a redesign, not derivable from the notes")
e.ambiguous(e.line("(saves ≈ 20 cycles)"), "an estimate of a redesign, not derivable from the notes")

# section 5
e.given(e.line("| Softmax exp | 16-entry ROM"), "exp ROM depth")
e.claim(e.line("ROM cost is `N·1024` × 32-bit = 12 KB"), "3·1024·4 bytes in KB", "12", R(N * 1024 * 4, 1024))
e.ambiguous(e.line("270 cycles for `(N=3, D=4)`"), "cycle count from simulation (section 4 prints 271 for the same run)")
e.claim(e.line("At `dₖ=4`, `√dₖ=2`"), "sqrt(4)", "2", sp.sqrt(4))
e.ambiguous(e.line("Expected 3–4× throughput"), "a projection, not derivable")
e.given(e.line("A 32-bit divider means"), "divider width (design statement)")
e.given(e.line("largest entry is 0"), "max-subtracted entry")
e.given(e.line("at `N=3` the table is smaller"), "N")
e.given(e.line("| Number sys. | INT8 weights"), "number formats")
e.given(e.line("| Parameterisation |"), "N")
e.ambiguous(e.line("- **Wider `A` (Q.10 or Q.12).**"),
            "'halves' is a word, not a printed number; Q.10 would cut the ÷256 step by 4 (Q.12 by 16)")
e.done()
