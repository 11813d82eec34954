# Expected verdicts for zh-flash-aaawlx-learn-ai-flashattention-two-blocks.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: forward example x = qK^T = [2, 1, 3, 0] split into blocks [2, 1] and [3, 0]; backward example S = [1, 2, 3, 4],
# V = [10, 20, 30, 40] (scalar values), dO = 1.0, blocks of 2; HBM counts 8N^2 d and 4Nd at N = 8192, d = 128.
#  - Forward: exp(x - 3) = [0.3679, 0.1353, 1.0, 0.0498], s = 1.553, p = [0.237, 0.087, 0.644, 0.032]; block A s_A = 1.3679;
#    rescale e^-1 = 0.3679; s_B = 1.0498; merged 1.3679 x 0.3679 = 0.503 and s = 1.553 -> all ok.
#  - Backward: exp(S - 4) = [0.050, 0.135, 0.368, 1.000], l = 1.553, P = [0.032, 0.087, 0.237, 0.644] ok.
#    O = sum P_i V_i = 54.241/1.553 = 34.927; printed "≈ 32.7" -> wrong (slip: the printed products 0.32 + 1.74 + 7.11 + 25.76
#    also give 34.93).
#    Partial alphas 2.0635 -> 2.06 and 32.863 -> 32.9 ok; alpha = 34.927, printed 34.96 -> wrong (drift: 2.06 + 32.9 of the
#    rounded partial sums). alpha equals O here (dO = 1), so 34.96 also contradicts nothing else printed.
#    Second pass, dS_i = P_i (dP_i - alpha): exact [-0.7991, -1.3008, -1.1671, 3.2666].
#    dS[0] -0.80, dS[1] -1.30 ok, but each of the four dS lines restates alpha as 34.96 -> carried;
#    dS[2] printed -1.18 -> wrong (drift: 0.237 x (30 - 34.96) = -1.1755 from the rounded operands; exact -1.17);
#    dS[3] printed 3.24 -> wrong (slip: 0.644 x 5.04 = 3.2458 rounds to 3.25 even from the rounded operands; exact 3.27).
#    Sum of dS = 0 exactly -> "≈ 0" ok.
#  - HBM: 8 x 8192^2 x 128 = 68,719,476,736 -> "68.7GB" (the count over 10^9) ok; 4 x 8192 x 128 = 4,194,304 -> "4.2MB" ok.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["flash-attention", "online-softmax", "backward"])
L = e.line
E = sp.exp

# hardware facts
e.given(L("容量只有20MB，带宽却能到19TB/s"), "SRAM size and bandwidth")
e.given(L("容量40GB（A100 40GB），带宽只有1.5TB/s"), "HBM size and bandwidth")

# forward example
x = [2, 1, 3, 0]
e.given(L("$$x = qK^T = [2, 1, 3, 0]$$"), "scores x")
e.claim(L("$$m = \\max(x) = 3$$"), "max(x)", ["3"], [max(x)])
ex = [E(v - 3) for v in x]
e.claim(L("\\approx [0.3679, 0.1353, 1.0, 0.0498]"), "exp(x - m)", ["0.3679", "0.1353", "1.0", "0.0498"], ex)
ln = L("s = 0.3679 + 0.1353 + 1.0 + 0.0498 = 1.553")
s = sum(ex)
e.claim(ln, "exp terms restated", ["0.3679", "0.1353", "1.0", "0.0498"], ex)
e.claim(ln, "denominator s", ["1.553"], [s])
e.claim(L("p = [0.237, 0.087, 0.644, 0.032]"), "p = exp(x - m)/s", ["0.237", "0.087", "0.644", "0.032"], [t / s for t in ex])
e.claim(L("Block A: k1, k2   → scores = [2, 1]"), "block A scores", ["2", "1"], x[:2])
e.claim(L("Block B: k3, k4   → scores = [3, 0]"), "block B scores", ["3", "0"], x[2:])
e.claim(L("scores_A = [2, 1]"), "scores_A", ["2", "1"], x[:2])
e.claim(L("m_A = 2"), "m_A", ["2"], [2])
e.claim(L("\\exp(scores_A - m_A) = [e^0, e^{-1}] = [1, 0.3679]"), "exp(scores_A - m_A)", ["1", "0.3679"], [1, E(-1)])
sA = 1 + E(-1)
e.claim(L("s_A = 1 + 0.3679 = 1.3679"), "s_A", ["0.3679", "1.3679"], [E(-1), sA])
e.claim(L("o_A = 1·v_1 + 0.3679·v_2"), "block A weights", ["0.3679"], [E(-1)])
e.claim(L("s = 1.3679", nth=1), "state s", ["1.3679"], [sA])
e.claim(L("scores_B = [3, 0]"), "scores_B", ["3", "0"], x[2:])
e.claim(L("m_B = 3"), "m_B", ["3"], [3])
e.claim(L("m_new = max(m, m_B) = max(2, 3) = 3"), "m_new", ["3"], [3])
e.claim(L("scale_{old} = e^{m - m_{new}} = e^{-1} = 0.3679"), "e^(2-3)", ["0.3679"], [E(-1)])
e.claim(L("\\exp(scores_B - m_B) = [1, e^{-3}] = [1, 0.0498]"), "exp(scores_B - m_B)", ["0.0498"], [E(-3)])
sB = 1 + E(-3)
e.claim(L("s_B = 1 + 0.0498 = 1.0498"), "s_B", ["0.0498", "1.0498"], [E(-3), sB])
e.claim(L("s = 1.3679·0.3679 + 1.0498"), "merge operands", ["1.3679", "0.3679", "1.0498"], [sA, E(-1), sB])
e.claim(L("\\approx 0.503 + 1.0498"), "s_A e^-1 and s_B", ["0.503", "1.0498"], [sA * E(-1), sB])
e.claim(L("= 1.553", nth=1, after=L("\\approx 0.503 + 1.0498") - 1), "merged s", ["1.553"], [sA * E(-1) + sB])
e.claim(L("o = o_A·e^{2-3} + (1·v_3 + 0.0498·v_4)"), "block B weights", ["0.0498"], [E(-3)])

# backward example
S = [1, 2, 3, 4]
V = [10, 20, 30, 40]
e.given(L("S = [1, 2, 3, 4]"), "scores S")
e.given(L("V = [10, 20, 30, 40]"), "values V")
e.claim(L("m = max(S) = 4"), "max(S)", ["4"], [4])
eS = [E(v - 4) for v in S]
e.claim(L("≈ [0.050, 0.135, 0.368, 1.000]"), "exp(S - m)", ["0.050", "0.135", "0.368", "1.000"], eS)
l = sum(eS)
e.claim(L("l = 1.553"), "l", ["1.553"], [l])
P = [t / l for t in eS]
e.claim(L("P ≈ [0.032, 0.087, 0.237, 0.644]"), "P", ["0.032", "0.087", "0.237", "0.644"], P)
e.claim(L("≈ 0.032*10 + 0.087*20 + 0.237*30 + 0.644*40"), "P restated", ["0.032", "0.087", "0.237", "0.644"], P)
O = sum(p * v for p, v in zip(P, V))
e.claim(L("≈ 32.7"), "O = sum P_i V_i (34.93)", ["32.7"], [O])
dO = 1
e.given(L("dO = 1.0"), "dO")
e.claim(L("scores = [1, 2]"), "block A scores", ["1", "2"], S[:2])
e.claim(L("  ≈ [0.032, 0.087]"), "block A P", ["0.032", "0.087"], P[:2])
for i in range(4):
    e.claim(L(f"dV[{i}] = "), f"dV[{i}] = P_{i} dO", [["0.032", "0.087", "0.237", "0.644"][i]], [P[i] * dO])
    e.claim(L(f"dP[{i}] = "), f"dP[{i}] = dO V_{i}", [str(V[i])], [dO * V[i]])
aA = P[0] * V[0] + P[1] * V[1]
e.claim(L("α += 0.032*10 + 0.087*20"), "P restated", ["0.032", "0.087"], P[:2])
e.claim(L("≈ 2.06"), "alpha after block A", ["2.06"], [aA])
e.claim(L("scores = [3, 4]"), "block B scores", ["3", "4"], S[2:])
e.claim(L("P ≈ [0.237, 0.644]"), "block B P", ["0.237", "0.644"], P[2:])
aB = P[2] * V[2] + P[3] * V[3]
e.claim(L("α += 0.237*30 + 0.644*40"), "P restated", ["0.237", "0.644"], P[2:])
e.claim(L("≈ 32.9"), "block B alpha contribution", ["32.9"], [aB])
alpha = aA + aB
e.claim(L("α ≈ 34.96"), "alpha = sum P_i dP_i (34.93)", ["34.96"], [alpha], cause="drift")
e.claim(L("P ≈ [0.032, 0.087]"), "second pass P (block A)", ["0.032", "0.087"], P[:2])
e.claim(L("dP = [10, 20]"), "dP block A", ["10", "20"], V[:2])
e.claim(L("P ≈ [0.237, 0.644]", nth=2), "second pass P (block B)", ["0.237", "0.644"], P[2:])
e.claim(L("dP = [30, 40]"), "dP block B", ["30", "40"], V[2:])
dS = [P[i] * (V[i] - alpha) for i in range(4)]
printed = {0: "-0.80", 1: "-1.30", 2: "-1.18", 3: "3.24"}
causes = {0: "slip", 1: "slip", 2: "drift", 3: "slip"}
for i in range(4):
    ln = L(f"dS[{i}] = ")
    e.claim(ln, f"P_{i} restated", [["0.032", "0.087", "0.237", "0.644"][i]], [P[i]])
    e.claim(ln, "alpha restated (34.93)", ["34.96"], [alpha], cause="carried")
    e.claim(ln, f"dS[{i}] = P_{i} (dP_{i} - alpha)", [printed[i]], [dS[i]], cause=causes[i])
e.claim(L("Σ dS ≈ 0"), "sum of dS", ["0"], [sum(dS)], rounded_int=True)

# HBM traffic
N, d = 8192, 128
ln = L("≈ 8N²d = 8×8192²×128 ≈ 68.7GB")
number_claim(e, ln, "8 N^2 d accesses (in 10^9 / 2^30)", "68.7", [("decimal G", R(8 * N * N * d, 10**9)),
                                                                   ("binary Gi", R(8 * N * N * d, 2**30))])
ln = L("≈ 4Nd = 4×8192×128 ≈ 4.2MB")
number_claim(e, ln, "4 N d accesses (in 10^6 / 2^20)", "4.2", [("decimal M", R(4 * N * d, 10**6)),
                                                               ("binary Mi", R(4 * N * d, 2**20))])
e.given(L("SRAM 比 HBM 快 20 - 100 倍"), "speed ratio range")
e.done()
