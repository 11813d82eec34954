# Expected verdicts for zh-kv-pramamba-context-parallel-memory.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (the article's own): Llama3 8B, batch 8, seq 8192 (section 1) or 32768 (sections 4-5), 32 heads × head_dim 128,
# bfloat16 = 2 bytes (stated in section 1 and in the section-5 assumptions), hidden_dim 4096, CP = 4, 32 layers.
# Sizes are read both ways (GB = 10^9 or GiB = 2^30; MB = 10^6 or MiB = 2^20); a size is wrong only if right under neither.
# - Q/K/V [8, 8192, 32, 128] = 268,435,456 elements × 2 B = 536,870,912 B = 512 MiB (536.9 MB); printed "256 MB" is the
#   element count, not bytes -> 3 lines wrong (slip). The same tensors re-appear in section 4 as Q_local/K_chunk/V_chunk
#   "= 256 MB" -> 3 more lines wrong (slip).
# - Attention_weights [8, 32, 8192, 8192] = 17,179,869,184 elements × 2 B = 32 GiB (34.36 GB); printed 16 GB -> wrong (slip).
# - Section 2 re-uses "16 GB" for [batch, 8192, 8192] (exact 8·8192·8192·2 B = 1 GiB, or 32 GiB with the 32 heads):
#   wrong (carried); [batch, 2048, 8192] "4 GB" (exact 256 MiB, or 8 GiB with heads) and "4 GB × 4 = 16 GB" wrong (carried).
# - Section 4: Q/K/V [8, 32768, 32, 128] = 1,073,741,824 elements × 2 B = 2 GiB, printed 1 GB -> 3 lines wrong (slip,
#   element count again). Work_memory 4 GB / 1 GB are assumptions (given). Total ≈ 7 GB (exact 3·2 + 4 = 10 GiB) and
#   Total ≈ 1.8 GB (exact 3·0.5 + 1 = 2.5 GiB) wrong (carried); "7 GB / 1.8 GB = 3.9x" is right from the printed totals,
#   but end to end 10 / 2.5 = 4.0 -> wrong (carried).
# - Section 5: kv_chunk_size = 32768/4 · 4096 · 2 · 2 = 134,217,728 B = 128 MiB (134.2 MB); printed 256 MB -> wrong (slip).
#   768 MB (exact 384 MiB), 384 MB (exact 192 MiB), 12 GB (exact 6 GiB) and the "12 GB" in the comparison are carried.
#   TP: 2·8·32768·4096·2 = 4,294,967,296 B = 4 GiB -> "4 GB" ok (binary reading); 4 × 32 = 128 ok.
# - Causal counts 0,1,2,3 -> average 1.5, saving 50 %; speed-ups 2·0.9 = 1.8, 4·0.8 = 3.2, 8·0.65 = 5.2; divisibility,
#   GPU products, 70B/32 = 2.19B ≈ 2.2B, ceil(seq/8192) all agree.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv", "memory", "context-parallel", "code-block"])
L = e.line
GiB, MiB = 2**30, 2**20


def gb(n):
    return [("binary GB (GiB)", sp.Integer(n) / GiB), ("decimal GB", sp.Integer(n) / 10**9)]


def mb(n):
    return [("binary MB (MiB)", sp.Integer(n) / MiB), ("decimal MB", sp.Integer(n) / 10**6)]


e.given(L("batch_size = 8"), "batch 8")
e.given(L("seq_len = 8192  # 8K tokens"), "seq 8192")
e.given(L("n_heads = 32"), "32 heads")
e.given(L("head_dim = 128"), "head_dim 128")
qkv8k = 8 * 8192 * 32 * 128 * 2
for lab in ("Q = [8, 8192, 32, 128]  # 需要 256 MB (bfloat16)", "K = [8, 8192, 32, 128]  # 需要 256 MB",
            "V = [8, 8192, 32, 128]  # 需要 256 MB"):
    number_claim(e, L(lab), f"{lab[0]} [8,8192,32,128] in bf16", "256", mb(qkv8k))
attn = 8 * 32 * 8192 * 8192 * 2
number_claim(e, L("# 需要 16 GB！ 😱"), "attention weights [8,32,8192,8192] in bf16", "16", gb(attn))

e.claim(L("每个 GPU 处理 2048 个 tokens"), "8192 / 4", "2048", R(8192, 4))
ln = L("│ 0 - 2047│  │2048-4095│")
e.claim(ln, "token ranges", ["2047", "2048", "4095", "4096", "6143", "6144", "8191"],
        [2047, 2048, 4095, 4096, 6143, 6144, 8191])

ln = L("计算 Q @ K^T: [batch, 8192, 8192]  需要 16 GB！")
number_claim(e, ln, "[batch, 8192, 8192] in bf16 (1 GiB; 32 GiB with the heads)", "16",
             gb(8 * 8192 * 8192 * 2) + [("with 32 heads (GiB)", sp.Integer(attn) / GiB)], cause="carried")
e.claim(L("每个 GPU 只处理 2048 个 query tokens"), "8192 / 4", "2048", R(8192, 4))
ln = L("每个 GPU 的 Attention 矩阵: [batch, 2048, 8192]  只需要 4 GB")
number_claim(e, ln, "[batch, 2048, 8192] in bf16 (256 MiB; 8 GiB with heads)", "4",
             gb(8 * 2048 * 8192 * 2) + [("with 32 heads (GiB)", sp.Integer(8 * 32 * 2048 * 8192 * 2) / GiB)],
             cause="carried")
ln = L("总内存: 4 GB × 4 = 16 GB")
number_claim(e, ln, "per-GPU matrix", "4", gb(8 * 2048 * 8192 * 2), cause="carried")
number_claim(e, ln, "total", "16", gb(8 * 8192 * 8192 * 2), cause="carried")

ln = L("没有因果掩码: 每个 GPU 接收 3 次 KV (传递 3 轮)")
e.claim(ln, "CP - 1 rounds", ["3", "3"], [3, 3])
for g in range(4):
    e.claim(L(f"  GPU {g}: {g} 次接收"), f"GPU {g} receives", f"{g}", g)
ln = L("平均: 1.5 次接收 (减少 50% 通信量！)")
e.claim(ln, "average and saving", ["1.5", "50%"], [R(0 + 1 + 2 + 3, 4), 1 - R(6, 4) / 3])

e.given(L("# Llama3 8B, seq_len = 32768"), "seq 32768")
qkv32k = 8 * 32768 * 32 * 128 * 2
for lab in ("Q = [8, 32768, 32, 128]  = 1 GB", "K = [8, 32768, 32, 128]  = 1 GB", "V = [8, 32768, 32, 128]  = 1 GB"):
    number_claim(e, L(lab), f"{lab[0]} [8,32768,32,128] in bf16 (2 GiB)", "1", gb(qkv32k))
e.given(L("Work_memory ≈ 4 GB"), "assumed Flash Attention work memory 4 GB")
tot_no = 3 * sp.Integer(qkv32k) / GiB + 4
number_claim(e, L("Total ≈ 7 GB per layer"), "3 × Q + 4 GB (exact 10 GiB)", "7", [("GiB", tot_no)], cause="carried")
e.claim(L("# 每个 GPU 处理 8192 tokens"), "32768 / 4", "8192", R(32768, 4))
for lab in ("Q_local = [8, 8192, 32, 128]  = 256 MB", "K_chunk = [8, 8192, 32, 128]  = 256 MB (轮换的)",
            "V_chunk = [8, 8192, 32, 128]  = 256 MB (轮换的)"):
    number_claim(e, L(lab), f"{lab.split(' ')[0]} in bf16 (512 MiB)", "256", mb(qkv8k))
e.given(L("Work_memory ≈ 1 GB"), "assumed work memory 1 GB")
tot_cp = 3 * sp.Integer(qkv8k) / GiB + 1
number_claim(e, L("Total ≈ 1.8 GB per layer per GPU"), "3 × Q_local + 1 GB (exact 2.5 GiB)", "1.8", [("GiB", tot_cp)],
             cause="carried")
ln = L("7 GB / 1.8 GB = 3.9x 内存节省")
number_claim(e, ln, "ratio (7 / 1.8 = 3.89 from the printed totals; exact 10 / 2.5 = 4)", "3.9", tot_no / tot_cp,
             cause="carried")

e.given(L("# KV cache 大小 (每个 chunk)"), "formula seq/CP · hidden · 2 · 2")
e.given(L("= 32768 / 4 * 4096 * 2 * 2"), "operands")
chunk = 32768 // 4 * 4096 * 2 * 2
number_claim(e, L("              = 256 MB"), "kv_chunk_size (128 MiB)", "256", mb(chunk))
ln = L("= 256 MB * 3")
number_claim(e, ln, "chunk restated", "256", mb(chunk), cause="carried")
number_claim(e, L("= 768 MB per layer"), "× 3 (exact 384 MiB)", "768", mb(3 * chunk), cause="carried")
ln = L("= 256 MB * 1.5")
number_claim(e, ln, "chunk restated", "256", mb(chunk), cause="carried")
e.claim(ln, "(CP - 1) / 2", "1.5", R(3, 2))
number_claim(e, L("= 384 MB per layer"), "× 1.5 (exact 192 MiB)", "384", mb(R(3, 2) * chunk), cause="carried")
ln = L("total_comm_per_fwd = 384 MB * 32")
number_claim(e, ln, "causal per layer restated", "384", mb(R(3, 2) * chunk), cause="carried")
number_claim(e, L("                   = 12 GB"), "× 32 layers (exact 6 GiB)", "12", gb(32 * R(3, 2) * chunk),
             cause="carried")
tp = 2 * 8 * 32768 * 4096 * 2
e.given(L("= 2 * 8 * 32768 * 4096 * 2"), "TP operands")
number_claim(e, L("= 4 GB per layer"), "TP per layer (4 GiB)", "4", gb(tp))
ln = L("tp_comm_total = 4 GB * 32 = 128 GB")
number_claim(e, ln, "TP total (128 GiB)", "128", gb(32 * tp))
ln = L("CP 通信量 (12 GB) << TP 通信量 (128 GB)")
number_claim(e, ln, "CP total restated (exact 6 GiB)", "12", gb(32 * R(3, 2) * chunk), cause="carried")
number_claim(e, ln, "TP total restated", "128", gb(32 * tp))

for cp, ov, act in ((2, 10, "1.8"), (4, 20, "3.2"), (8, 35, "5.2")):
    ln = L(f"CP = {cp}: {cp}x 序列长度，通信开销 ~{ov}%")
    e.claim(ln, f"CP {cp}: speed-up {cp}·(1 − {ov}%)", act, cp * (1 - R(ov, 100)))
ln = L("# seq_len 必须能被 2 * CP = 4 整除 ✓ (16384 % 4 = 0)")
e.claim(ln, "2·CP and remainder", ["4", "0"], [2 * 2, 16384 % 4])
ln = L("# seq_len 必须能被 TP * 2 * CP = 16 整除 ✓ (32768 % 16 = 0)")
e.claim(ln, "TP·2·CP and remainder", ["16", "0"], [2 * 2 * 4, 32768 % 16])
ln = L("# 256 GPUs = 32 FSDP × 4 CP × 2 TP")
e.claim(ln, "32 × 4 × 2", "256", 32 * 4 * 2)
e.claim(L("每个 GPU 约 2.2B 参数"), "70B / 32", "2.2", R(70, 32))
e.claim(L("每个 GPU 约 8K tokens"), "32K / 4", "8", R(32, 4))
for s, cp in ((16384, 2), (32768, 4), (65536, 8), (131072, 16)):
    ln = L(f"seq_len = {s}{' ' if s > 99999 else '  '}→ CP = {cp}")
    e.claim(ln, f"ceil({s} / 8192)", f"{cp}", sp.ceiling(R(s, 8192)))
for lab, (cp, tp_, f) in (("- CP = 1, TP = 8, FSDP = 4", (1, 8, 4)), ("- CP = 4, TP = 2, FSDP = 4", (4, 2, 4)),
                          ("- CP = 8, TP = 1, FSDP = 4", (8, 1, 4))):
    e.given(L(lab), f"configuration CP={cp}, TP={tp_}, FSDP={f} (product {cp * tp_ * f} = the 32 GPUs of the heading)")
e.done()
