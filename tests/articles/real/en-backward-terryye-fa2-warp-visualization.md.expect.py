# Expected verdicts for en-backward-terryye-fa2-warp-visualization.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Notes on a CUDA FlashAttention-2 backward kernel: warp layout of a thread block, the XOR-shuffle reduction of one
# score, the shared-memory and register budget, and a small numeric example (N = 4, d = 4, Br = Bc = 2).
# Inputs: Br = Bc = 32, 4 warps of 32 lanes, d = 64, fp32 (4 bytes); example Q = K = I_4, V rows 1..4, dO = I_4,
#   and the kernel's own rule P = exp(S - L) with L the row log-sum-exp (S = Q K^T * softmax_scale).
# Exact values:
#   rows per warp 32 / 4 = 8; cols_per_thread 64 / 32 = 2; lane t holds coordinates t and t + 32;
#   XOR partners 0^16 = 16, 1^16 = 17, 0^8 = 8, 1^8 = 9; warp k holds global threads 32k .. 32k + 31;
#   shared memory 32 x 64 = 2048 floats per tile, 4 x 2048 = 8192 floats = 32,768 B = 32 KiB ("32KB");
#   registers 4 x (8 x 2 = 16) + 8 + 4 x 32 = 200 floats = 800 bytes;
#   example, full-row softmax of S row [1, 0, 0, 0] (unscaled, as S is printed): P[0,0] = e/(e+3) = 0.4754,
#   P[0,1] = 1/(e+3) = 0.1749 (row 1 mirrored); with softmax_scale = 1/sqrt(4): 0.3547 and 0.2151.
# Wrong lines:
#   - "Total: ~160 floats = 640 bytes": the listed registers add up to 200 floats = 800 bytes; 160 is right under no
#     reading -> slip; 640 = 4 x 160 -> carried.
#   - "S[0,0] = 1, S[0,1] = 0 -> P[0,0] ~ 0.73, P[0,1] ~ 0.27" and the mirrored row: 0.73 / 0.27 are e/(e+1) and
#     1/(e+1), a softmax over the two keys of the block only; the article's P = exp(S - L) uses the whole row of
#     four keys, which gives 0.4754 / 0.1749 (or 0.3547 / 0.2151 with the 1/sqrt(d) scale) -> slip.
# Ambiguous: S[0,0] = 1 / S[1,1] = 1: the kernel multiplies by softmax_scale, whose value the example never states
#   (1 unscaled, 0.5 with 1/sqrt(d)); recorded on the same lines as the wrong P values.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["backward", "flash", "complexity"])
L = e.line

Br = Bc = 32
warps, lanes, d = 4, 32, 64
rows_per_warp = R(Br, warps)
cols_per_thread = R(d, lanes)

# --- block layout ---------------------------------------------------------------------------
e.given(L("Thread Block (Br = 32 rows)"), "Br = 32 query rows per block")
for k in range(4):
    e.given(L(f"Warp {k} (32 threads) → processes rows"), f"warp {k}: 32 lanes and its row range")
e.given(L("│ T0  T1  T2  ... T31"), "lane ids of warp 0")
e.claim(L("Each thread handles cols_per_thread=2 columns"), "cols_per_thread = d / 32", ["2"], [cols_per_thread])
for k, (a, b, c, z) in enumerate([("32", "33", "34", "63"), ("64", "65", "66", "95"), ("96", "97", "98", "127")], start=1):
    e.claim(L(f"│ T{a} T{b} T{c} ... T{z}"), f"global thread ids of warp {k}", [a, b, c, z],
            [32 * k, 32 * k + 1, 32 * k + 2, 32 * k + 31])

# --- one dot product inside a warp ----------------------------------------------------------------
e.given(L("Thread Layout (for d=64, WARP_SIZE=32):"), "d = 64, warp size 32")
for t in (0, 1, 2, 31):
    e.claim(L(f"Thread {t}:"), f"coordinates of lane {t}", [str(t), str(t + 32)], [t, t + d // 2])
e.given(L("T0:  dot = Q_reg[local_row][0] * K_smem[col][0]"), "lane 0: first coordinate (register slot 0)")
e.claim(L("* K_smem[col][32]"), "lane 0: second coordinate", ["32"], [0 + d // 2])
e.claim(L("T1:  dot = Q_reg[local_row][0] * K_smem[col][1]"), "lane 1: first coordinate", ["1"], [1])
e.claim(L("* K_smem[col][33]"), "lane 1: second coordinate", ["33"], [1 + d // 2])
for it, mask in enumerate([16, 8, 4, 2, 1], start=1):
    e.given(L(f"Iteration {it} (mask={mask}):"), f"shuffle mask {mask}")
    e.given(L(f"dot += __shfl_xor_sync(FULL_MASK, dot, {mask})"), f"shuffle with mask {mask}")
e.given(L("Each thread XORs with thread 16 away"), "mask 16")
e.claim(L("T0  ←→ T16,  T1  ←→ T17"), "XOR partners for mask 16", ["16", "17"], [0 ^ 16, 1 ^ 16])
e.given(L("Each thread XORs with thread 8 away"), "mask 8")
e.claim(L("T0  ←→ T8,   T1  ←→ T9"), "XOR partners for mask 8", ["8", "9"], [0 ^ 8, 1 ^ 8])

# --- memory budget ----------------------------------------------------------------------------------
for name in ("K_smem", "V_smem", "dK_smem", "dV_smem"):
    e.claim(L(f"│ {name}:"), f"{name} tile size", ["32", "64", "2048"], [Bc, d, Bc * d])
ln = L("│ Total: 8192 floats = 32KB")
smem = 4 * Bc * d
e.claim(ln, "shared floats", ["8192"], [smem])
number_claim(e, ln, "shared bytes", "32", [("KiB", R(smem * 4, 1024)), ("kB decimal", R(smem * 4, 1000))])
e.claim(L("│          [8][2] = 16 floats"), "Q_reg registers", ["8", "2", "16"],
        [rows_per_warp, cols_per_thread, rows_per_warp * cols_per_thread])
for name in ("│ O_reg:", "│ dO_reg:", "│ dQ_acc:"):
    e.claim(L(name), f"{name[2:-1]} registers", ["8", "2", "16"],
            [rows_per_warp, cols_per_thread, rows_per_warp * cols_per_thread])
e.claim(L("│ D:       [8] = 8 floats"), "D registers", ["8", "8"], [rows_per_warp, rows_per_warp])
for name in ("│ S_row:", "│ P_row:", "│ dP_row:", "│ dS_row:"):
    e.claim(L(name), f"{name[2:-1]} registers", ["32"], [Bc])
regs = 4 * rows_per_warp * cols_per_thread + rows_per_warp + 4 * Bc
assert regs == 200
ln = L("│ Total: ~160 floats = 640 bytes")
e.claim(ln, "register floats per thread", ["160"], [regs], cause="slip")
e.claim(ln, "register bytes per thread", ["640"], [regs * 4], cause="carried")

# --- numeric example ------------------------------------------------------------------------------------
e.given(L("## A small numeric example (simplified: N=4, d=4, Br=Bc=2)"), "N = 4, d = 4, Br = Bc = 2")
LQ = L("Q = [[1, 0, 0, 0],")
for k in range(4):
    e.given(LQ + k, f"row {k + 1} of Q, K and V")
LdO = L("dO = [[1, 0, 0, 0],")
for k in range(4):
    e.given(LdO + k, f"row {k + 1} of dO")
e.given(L("Block 0 processes rows 0-1:"), "query block 0")
e.given(L("Column block 0 (cols 0-1):"), "key block 0")

S = sp.eye(4)                     # Q K^T, unscaled (as printed)
P = sp.Matrix(4, 4, lambda i, j: sp.exp(S[i, j]) / sum(sp.exp(S[i, k]) for k in range(4)))
why = "softmax_scale of the example is never stated: S[i,i] = 1 unscaled, 0.5 with 1/sqrt(d) = 1/2"
ln = L("S[0,0] = 1, S[0,1] = 0  →  P[0,0] ≈ 0.73, P[0,1] ≈ 0.27")
e.ambiguous(ln, why)
e.claim(ln, "S[0,1]", ["0"], [0])
e.claim(ln, "P[0,0], P[0,1] (row softmax over all four keys)", ["0.73", "0.27"], [P[0, 0], P[0, 1]], cause="slip")
ln = L("S[1,0] = 0, S[1,1] = 1  →  P[1,0] ≈ 0.27, P[1,1] ≈ 0.73")
e.ambiguous(ln, why)
e.claim(ln, "S[1,0]", ["0"], [0])
e.claim(ln, "P[1,0], P[1,1] (row softmax over all four keys)", ["0.27", "0.73"], [P[1, 0], P[1, 1]], cause="slip")
e.given(L("dQ[0] += dS[0] @ K[0:1] * scale"), "index ranges of the accumulation")
e.given(L("dK[0:1] += dS[0:1]^T @ Q[0:1] * scale"), "index ranges of the accumulation")
e.given(L("dV[0:1] += P[0:1]^T @ dO[0:1]"), "index ranges of the accumulation")
e.given(L("Column block 1 (cols 2-3):"), "key block 1")
e.given(L("Block 1 processes rows 2-3:"), "query block 1")
e.given(L("(similar to Block 0)"), "reference to block 0")

e.done()
