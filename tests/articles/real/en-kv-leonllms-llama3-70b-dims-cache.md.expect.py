# Expected verdicts for en-kv-leonllms-llama3-70b-dims-cache.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs as the tutorial states them: Llama-3 70B with d_model 8192, 80 layers, 64 query heads, 8 KV heads,
# d_ff 28672, FP32 (4 bytes) for the cache example, seq_len 2048.
#   d_head = 8192/64 = 128; d_kv = 8*128 = 1024; d_ff/d_model = 3.5
#   W_Q 8192*8192 = 67,108,864 and W_K, W_V 8192*1024 = 8,388,608 agree.
# The slips:
#   * the three MLP matrices are printed with 235 929 600 parameters, but 8192*28672 = 234,881,024
#     (235,929,600 is 8192*28800); the first row is the slip, the two identical rows repeat it (carried);
#   * "≈ 0.71 B params per layer": 3*234,881,024 = 704,643,072 -> 0.70 B (0.71 follows from the wrong rows: carried);
#   * the cache line computes 2 x 2048 x 1024 x 4 bytes and prints "≈ 8 MiB", which is 16 MiB (slip; 8 MiB is K alone);
#   * "8x larger (≈ 64 MiB)": 8 x 16 MiB = 128 MiB (carried from the 8 MiB).
# Ambiguous: the FLOP table's Q·Kᵀ row (per token per layer the scores cost 2*L*d_model = 2*L*h_q*d_head; the printed
#   2 L d_model d_head carries an extra d_head factor, though the substitution matches the printed formula) and its
#   "up-proj + gate" row (2 d_model d_ff is one matrix; two matrices are 4 d_model d_ff); "~4 KB per layer" for the new
#   K and V of one token (8*128 floats each: 4 KiB per vector at FP32, 8 KiB per layer for K and V together; 4 KiB per
#   layer only at 2-byte precision).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, grouped_int_claim, number_claim

e = Expect(__file__, language="en", topics=["gqa", "kv-cache", "parameters", "memory"])
D, NL, HQ, HKV, DFF, BYTES, SEQ = 8192, 80, 64, 8, 28672, 4, 2048
DH = D // HQ
DKV = HKV * DH
MLP_ONE = D * DFF
CACHE = 2 * SEQ * DKV * BYTES            # per layer, bytes
MIB = 2**20


def n(line, what, printed, exact, cause="slip"):
    number_claim(e, line, what, printed, exact, cause)


def space_int(line, what, printed, exact, cause="slip"):
    grouped_int_claim(e, line, what, printed, exact, ' ', cause)


# 1. overview table
for tag, what in (("**Model dimension**", "d_model 8192"), ("**Number of layers**", "80 layers"),
                  ("**Query heads**", "64 query heads"), ("**KV heads**", "8 KV heads"),
                  ("**Norm** |", "RMSNorm width 8192")):
    e.given(e.line(tag), what)
L = e.line("`d_model / h_q = 8192 / 64`")
n(L, "head size 8192/64", "128", sp.Integer(DH))
L = e.line("8 × 128 = **1024**")
n(L, "d_kv = 8 x 128", "1024", sp.Integer(DKV))
L = e.line("28672 (≈ 3.5 × d_model)")
e.given(L, "d_ff 28672")
e.claim(L, "d_ff / d_model", "3.5", R(DFF, D))
L = e.line("shrinks the KV cache by a factor of 8")
e.claim(L, "KV heads vs query heads", ["64", "8", "8"], [sp.Integer(HQ), sp.Integer(HKV), R(HQ, HKV)])

# 2.1 shapes table
L = e.line("| `W_Q` (query)")
e.claim(L, "output 64 x 128", ["8192", "64", "128"], [sp.Integer(HQ * DH), sp.Integer(HQ), sp.Integer(DH)])
space_int(L, "8192 x 8192", "67 108 864", D * D)
for tag in ("| `W_K` (key)", "| `W_V` (value)"):
    L = e.line(tag)
    e.claim(L, "output 8 x 128", ["1024", "8", "128"], [sp.Integer(DKV), sp.Integer(HKV), sp.Integer(DH)])
    space_int(L, "8192 x 1024", "8 388 608", D * DKV)
space_int(e.line("| `W_up_g` (gate)"), "8192 x 28672", "235 929 600", MLP_ONE)
space_int(e.line("| `W_up` (proj)"), "8192 x 28672 (same figure repeated)", "235 929 600", MLP_ONE, "carried")
space_int(e.line("| `W_down` (proj)"), "28672 x 8192 (same figure repeated)", "235 929 600", MLP_ONE, "carried")
e.given(e.line("A single **query head**"), "8192 x 128 weights per head")
L = e.line("A single **KV head**")
e.given(L, "8192 x 128 weights per head")
n(L, "eight KV heads of 128", "1024", sp.Integer(HKV * DH))

# 4.1 FLOP table
e.ambiguous(e.line("| Q·Kᵀ (dense) |"),
            "per-token score cost is 2*L*d_model (= 2*L*h_q*d_head); the printed 2 L d_model d_head has an extra d_head "
            "factor, but 2 x L x 8192 x 128 is the printed formula's own substitution")
e.ambiguous(e.line("| MLP up-proj + gate |"),
            "2 d_model d_ff = 2 x 8192 x 28672 is one matrix; up-proj and gate together are 4 d_model d_ff")
e.given(e.line("context length of `L = 2048`"), "L = 2048")

# 8. KV cache
L = e.line("each layer's cache is `2 × seq_len × 1024 × 4 bytes`")
e.given(L, "d_kv 1024, FP32, seq_len 2048")
n(L, "2 x 2048 x 1024 x 4 bytes in MiB", "8", R(CACHE, MIB))
L = e.line("**8× larger** (≈ 64 MiB)")
e.claim(L, "d_model / d_kv", ["8192", "8"], [sp.Integer(D), R(D, DKV)])
n(L, "full-width cache in MiB", "64", R(CACHE * D // DKV, MIB), "carried")
L = e.line("**cuts the KV cache by a factor of 8**")
e.claim(L, "KV heads, reduction, query heads", ["8", "8", "64"], [sp.Integer(HKV), R(HQ, HKV), sp.Integer(HQ)])

# 10. code header
for tag in ("d_model = 8192", "n_layers = 80", "n_q_head = 64", "n_kv_head = 8", "d_ff = 28672"):
    e.given(e.line(tag, after=e.line("# 1. Model hyper-parameters")), tag)
n(e.line("d_head = d_model // n_q_head"), "8192 // 64", "128", sp.Integer(DH))
n(e.line("d_kv = n_kv_head * d_head"), "8 * 128", "1024", sp.Integer(DKV))

# 11. inference loop
e.given(e.line("run through all 80 blocks"), "80 layers")
e.ambiguous(e.line("→ ~4 KB per layer"),
            "8*128 floats = 4 KiB per vector at FP32, so K and V together are 8 KiB per layer; 4 KiB per layer holds "
            "only at 2 bytes per value")

# 12. summary table
L = e.line("| **Model dimensions** |")
e.claim(L, "restated dimensions", ["8192", "80", "64", "8", "128"],
        [sp.Integer(D), sp.Integer(NL), sp.Integer(HQ), sp.Integer(HKV), sp.Integer(DH)])
L = e.line("| **Projection matrices** |")
e.given(L, "shapes 8192x8192 and 8192x1024 restated")
e.claim(e.line("| **GQA** |"), "reduction and query heads", ["8", "64"], [R(HQ, HKV), sp.Integer(HQ)])
L = e.line("≈ 0.71 B params per layer")
e.claim(L, "three MLP matrices in billions", "0.71", R(3 * MLP_ONE, 10**9), "carried")
L = e.line("Stores `seq_len × 1024` per layer")
n(L, "d_kv", "1024", sp.Integer(DKV))
e.done()
