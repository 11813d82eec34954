# Expected verdicts for en-flash-prabodh-two-token-tile-steps.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: N = 4096 (and 8192), d = 128, fp16 = 2 bytes, tiles Br = Bc = 64; the 3090 ridge 76 ops:byte.
# Intensity (4N^2 d + 3N^2)/(8N^2 + 8Nd) = 515/8.25 = 62.42 (printed 62 and 62.4); 76/62.42 = 1.2175 (1.2, 1.22).
# S is 4096^2 x 2 B = 33,554,432 B = 32 MiB, four touches 128 MiB; 8192: 134,217,728 B = 128 MiB, 4x, 512 MiB.
# Worked example: Q = [[1,0,1,0],[0,1,0,1]], K = [[1,0,0,0],[2,0,2,0]], V = [[1,0,0,0],[0,1,0,0]], unscaled
# scores S = QK^T = [[1,4],[0,0]]; softmax rows [e^-3, 1]/(1 + e^-3) = [0.047426, 0.952574] and [1/2, 1/2].
# Online steps: correction e^-3 = 0.049787, l = 1 + e^-3 = 1.049787, out = [e^-3, 1]/l.
# Denominator check on scores [3,1,4,1,5,2] in tiles of two: l1 = 1 + e^-2 = 1.135335; l2 = l1/e + 1 + e^-3
# (l1/e = 0.417668, 1 + e^-3 = 1.049787, l2 = 1.467455); l3 = l2/e + 1 + e^-3 (l2/e = 0.539842, l3 = 1.589629);
# one shot e^-2 + e^-4 + e^-1 + e^-4 + e^0 + e^-3 = 1.589629.
# Sizes: Q, K, V [4096 x 128] fp16 = 1 MiB each, tiles [64 x 128] = 16 KiB, S tile [64 x 64] = 8 KiB, working set
# 3 x 16 + 8 = 56 KiB, K+V tile 32 KiB, FA-2 traffic 64 x 2 + 1 + 1 = 130 MiB.  The "32x larger than the inputs"
# compares S (32 MiB) with one 1 MiB input tensor.  No wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="en", topics=["flash", "online-softmax", "sizes"])
L = e.line
MiB, KiB = 2**20, 2**10
N, d, fp16, B = 4096, 128, 2, 64

# --- the cost of standard attention -------------------------------------------------------------
e.given(L("memory  = 8N² + 8Nd bytes"), "memory formula")
e.given(L("compute = 4N²d + 3N² ops"), "compute formula")
intensity = R(4 * N**2 * d + 3 * N**2, 8 * N**2 + 8 * N * d)
# 62 is the rounded ratio 62.42 (the next line prints it as 62.4): read as a rounded integer.
e.claim(L("intensity = 62 ops:byte"), "intensity at N=4096, d=128", ["62"], [intensity], rounded_int=True)
ln = L("only 1.2× (`76 / 62.4 = 1.22`)")
e.claim(ln, "ridge 76 / intensity", ["1.2", "62.4", "1.22"], [76 / intensity, intensity, 76 / intensity])
e.claim(L("(4096×4096 fp16 = 32 MiB)"), "S in MiB", ["32"], [R(N * N * fp16, MiB)])
ln = L("**128 MiB of round-tripping to compute one attention head**")
e.claim(ln, "four touches of S", ["128"], [4 * R(N * N * fp16, MiB)])
ln = L("N = 4096:   S is  4096² × 2 bytes")
e.claim(ln, "S at N=4096 in MiB", ["32"], [R(N * N * fp16, MiB)])
number_claim(e, ln, "4096^2 x 2 bytes", "33,554,432", sp.Integer(N * N * fp16))
ln = L("N = 8192:   S is  8192² × 2 bytes")
number_claim(e, ln, "8192^2 x 2 bytes", "134,217,728", sp.Integer(8192 * 8192 * fp16))
e.claim(ln, "S at N=8192 and the ratio", ["128", "4"], [R(8192**2 * fp16, MiB), R(8192**2, N**2)])
e.claim(L("4 × 128 MiB = **512 MiB"), "four touches at N=8192", ["512"], [4 * R(8192**2 * fp16, MiB)])

# --- tiles -----------------------------------------------------------------------------------------
e.given(L("| `Br` | **B**lock size"), "Br = 64")
e.given(L("| `Bc` | **B**lock size"), "Bc = 64")
e.claim(L("| `Tr` | **T**ile count"), "Tr = N / Br", ["64"], [R(N, B)])
e.claim(L("| `Tc` | **T**ile count"), "Tc = N / Bc", ["64"], [R(N, B)])
e.claim(L("`Tr × Tc` = 64 × 64 = **4,096 tile-steps**"), "Tr and Tc", ["64", "64"], [R(N, B), R(N, B)])
number_claim(e, L("**4,096 tile-steps**"), "Tr x Tc", "4,096", R(N, B) ** 2)
tile = R(B * d * fp16, KiB)
stile = R(B * B * fp16, KiB)
e.claim(L("that comes to 56 KiB against"), "Q, K, V, S tiles", ["56"], [3 * tile + stile])

# --- the worked example --------------------------------------------------------------------------
Q = M([[1, 0, 1, 0], [0, 1, 0, 1]])
K = M([[1, 0, 0, 0], [2, 0, 2, 0]])
V = M([[1, 0, 0, 0], [0, 1, 0, 0]])
S = Q * K.T
P = softmax_rows(S)
O = P * V
ln = L("Q = [1 0 1 0]      K = [1 0 0 0]")
e.given(ln, "Q, K, V row 1")
e.given(ln + 1, "Q, K, V row 2")
e.given(L("two tokens, `d = 4`, tiles of one token"), "Br = Bc = 1")
e.claim(L("`Tr = Tc = 2`, and `Tr × Tc = 4` tile-steps"), "Tr, Tc, Tr x Tc", ["2", "4"], [2, 4])
ln = L("S = [1  4]")
e.rows([ln, ln + 1], "S = QK^T", [["1", "4"], ["0", "0"]], S)
ln = L("O = [0.0474  0.9526  0  0]")
e.rows([ln, ln + 1], "O = softmax(S) V", [["0.0474", "0.9526", "0", "0"], ["0.5000", "0.5000", "0", "0"]], O)
e.claim(L("│  s = 1  │  s = 4  │"), "scores of query 0", ["1", "4"], [S[0, 0], S[0, 1]])
e.claim(L("│  s = 0  │  s = 0  │"), "scores of query 1", ["0", "0"], [S[1, 0], S[1, 1]])
c0 = sp.exp(S[0, 0] - S[0, 1])
l0 = c0 + 1
ln = L("step (0,0):   s = 1")
e.claim(ln, "step (0,0) score", ["1"], [S[0, 0]])
e.claim(ln + 2, "l after step (0,0)", ["1.0000"], [sp.exp(0)])
e.claim(ln + 3, "acc after step (0,0)", ["1", "0", "0", "0"], list(V.row(0)))
e.claim(L("step (0,1):   s = 4"), "step (0,1) score", ["4"], [S[0, 1]])
e.claim(L("correction = e^(1−4) = e^−3 = 0.0498"), "correction e^-3", ["0.0498"], [c0])
e.claim(L("l   = 0.0498 · 1        +  1 · 1        = 1.0498"), "l after step (0,1)", ["0.0498", "1.0498"], [c0, l0])
e.claim(L("acc = 0.0498 · [1,0,0,0] + 1 · [0,1,0,0] = [0.0498, 1, 0, 0]"), "acc after step (0,1)",
        ["0.0498", "0.0498", "1", "0", "0"], [c0, c0, 1, 0, 0])
e.claim(L("out = acc / l = [0.0498, 1, 0, 0] / 1.0498"), "acc and l restated", ["0.0498", "1.0498"], [c0, l0])
e.claim(L("= [0.0474, 0.9526, 0, 0]      ✓ matches O row 0"), "out row 0", ["0.0474", "0.9526", "0", "0"],
        list(O.row(0)))
e.claim(L("Query 0 ends up giving **95%**"), "weight of key 1", ["95%"], [O[0, 1]])
ln = L("step (1,0):   s = 0")
e.claim(ln + 1, "l after step (1,0)", ["1.0000"], [sp.exp(0)])
e.claim(ln + 2, "acc after step (1,0)", ["1", "0", "0", "0"], list(V.row(0)))
e.claim(L("correction = e^(0−0) = e⁰ = 1.0000"), "correction e^0", ["1.0000"], [sp.exp(0)])
e.claim(L("l   = 1 · 1        +  1 · 1        = 2.0000"), "l after step (1,1)", ["2.0000"], [2])
e.claim(L("acc = 1 · [1,0,0,0] + 1 · [0,1,0,0] = [1, 1, 0, 0]"), "acc after step (1,1)",
        ["1", "1", "0", "0"], list(V.row(0) + V.row(1)))
e.claim(L("out = [1, 1, 0, 0] / 2 = [0.5, 0.5, 0, 0]"), "out row 1", ["0.5", "0.5", "0", "0"], list(O.row(1)))
e.claim(L("| i=0 | 1 | 4 | `e⁻³ = 0.0498` | crushed to 5% |"), "row 0 correction and share",
        ["1", "4", "0.0498", "5%"], [S[0, 0], S[0, 1], c0, c0])
e.claim(L("| i=1 | 0 | 0 | `e⁰ = 1.0000` |"), "row 1 correction", ["0", "0", "1.0000"], [S[1, 0], S[1, 1], 1])
e.claim(L("Row 0's history was repaired by one `0.0498`"), "correction restated", ["0.0498"], [c0])
e.claim(L("`0.0498 < 1`, and"), "correction restated", ["0.0498"], [c0])
e.claim(L("32 MiB at `N = 4096`."), "S at N=4096", ["32"], [R(N * N * fp16, MiB)])

# --- the denominator check ----------------------------------------------------------------------
E = sp.exp
l1 = E(0) + E(-2)
l2 = l1 * E(-1) + E(0) + E(-3)
l3 = l2 * E(-1) + E(0) + E(-3)
one_shot = E(-2) + E(-4) + E(-1) + E(-4) + E(0) + E(-3)
assert sp.simplify(l3 - one_shot) == 0
e.given(L("Scores `[3, 1, 4, 1, 5, 2]`, tiles of two"), "scores [3, 1, 4, 1, 5, 2]")
e.claim(L("tile 1:  m = 3"), "tile 1: max and l", ["3", "1.1353"], [3, l1])
e.claim(L("tile 2:  m = 4, move e⁻¹"), "tile 2: max, l1, rescaled l1, new terms, l2",
        ["4", "1.1353", "0.4177", "1.0498", "1.4675"], [4, l1, l1 * E(-1), E(0) + E(-3), l2])
e.claim(L("tile 3:  m = 5, move e⁻¹"), "tile 3: max, l2, rescaled l2, new terms, l3",
        ["5", "1.4675", "0.5398", "1.0498", "1.5896"], [5, l2, l2 * E(-1), E(0) + E(-3), l3])
e.claim(L("l = e⁻² + e⁻⁴ + e⁻¹ + e⁻⁴ + e⁰ + e⁻³ = 1.5896"), "one-shot denominator", ["1.5896"], [one_shot])

# --- sizes on and off the chip ------------------------------------------------------------------
full = R(N * d * fp16, MiB)
Smib = R(N * N * fp16, MiB)
e.claim(L("Q  [4096 × 128] = 1 MiB"), "Q and S in MiB", ["1", "32"], [full, Smib])
e.claim(L("K  [4096 × 128] = 1 MiB"), "K in MiB", ["1"], [full])
e.claim(L("V  [4096 × 128] = 1 MiB"), "V in MiB and S / one input tensor", ["1", "32"], [full, Smib / full])
e.claim(L("3 MiB of actual data"), "Q + K + V", ["3"], [3 * full])
ln = L("Three mebibytes of input produce a 32 MiB")
e.claim(ln, "S in MiB", ["32"], [Smib])
e.claim(ln + 1, "four touches", ["128"], [4 * Smib])
e.claim(L("│   Q tile [64×128]"), "Q tile", ["16"], [tile])
e.claim(L("│   K tile [64×128]"), "K tile", ["16"], [tile])
e.claim(L("│   V tile [64×128]"), "V tile", ["16"], [tile])
e.claim(L("│   S tile [64× 64]"), "S tile", ["8"], [stile])
e.claim(L("│   working set = 56 KiB"), "working set", ["56"], [3 * tile + stile])
e.claim(L("never needs more than 56 KiB at once"), "working set and S tile", ["56", "8"], [3 * tile + stile, stile])
e.claim(L("│ Q[i]  16 KiB │"), "Q tile", ["16"], [tile])
e.claim(L("j=0   ◄── K[0],V[0]  32 KiB"), "K + V tile", ["32"], [2 * tile])
e.claim(L("j=1   ◄── K[1],V[1]  32 KiB"), "K + V tile and block count", ["32", "64"], [2 * tile, R(N, B)])
e.claim(L("j=2   ◄── K[2],V[2]  32 KiB"), "K + V tile", ["32"], [2 * tile])
e.claim(L("│  64 times,   │"), "updates per query block", ["64"], [R(N, B)])
e.claim(L("j=63  ◄── K[63],V[63] 32 KiB"), "last block index and K + V tile", ["63", "32"], [R(N, B) - 1, 2 * tile])
e.claim(L("O[i]  16 KiB  written ONCE"), "O tile", ["16"], [tile])
e.claim(L("there are `Tr = 64` query blocks"), "Tr", ["64"], [R(N, B)])
e.claim(L("HBM 64 times:"), "re-reads of K and V", ["64"], [R(N, B)])
e.claim(L("standard attention:  4 touches of the 32 MiB S      = 128 MiB"), "standard traffic",
        ["4", "32", "128"], [4, Smib, 4 * Smib])
e.claim(L("= 64 × 2 MiB (K+V)  +  Q 1 MiB  +  O 1 MiB"), "FA-2 traffic terms", ["64", "2", "1", "1"],
        [R(N, B), 2 * full, full, full])
e.claim(L("= 130 MiB"), "FA-2 traffic", ["130"], [R(N, B) * 2 * full + 2 * full])
ln = L("chain of dependent passes over a 32 MiB allocation")
e.claim(ln, "S and FA-2 traffic, K+V tile", ["32", "130", "32"], [Smib, R(N, B) * 2 * full + 2 * full, 2 * tile])
e.claim(L("(K and V are only 1 MiB each)"), "K, V in MiB", ["1"], [full])
e.claim(L("32 MiB allocated for S, per head"), "S", ["32"], [Smib])
e.claim(L("56 KiB of SRAM,        per SM"), "working set", ["56"], [3 * tile + stile])
e.claim(L("At `N = 8192` standard attention needs 128 MiB"), "S at 8192 and working set", ["128", "56"],
        [R(8192**2 * fp16, MiB), 3 * tile + stile])
e.done()
