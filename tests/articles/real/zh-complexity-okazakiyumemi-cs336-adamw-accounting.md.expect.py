# Expected verdicts for zh-complexity-okazakiyumemi-cs336-adamw-accounting.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# A Chinese CS336 note (assignment 1, AdamW accounting): symbolic peak memory 16P + 4A bytes with an activation table
# (QK^T and softmax 2BHT^2), then GPT-2 XL numbers, AdamW update FLOPs and an H100 training-time estimate.
# Inputs stated: F = 8/3 D, FP32 (16 bytes of state per parameter, 4 bytes per activation), AdamW FLOPs 2+3+4+5 per
#   parameter, forward 3.5168 TFLOPs (from an earlier note), backward = 2 x forward, batch 1024, 400k steps,
#   H100 495 TFLOP/s at 50 % MFU. The GPT-2 XL dimensions themselves are not listed in the note.
# Exact values: 16 x 1,640,452,800 = 26.247 GB; floor((80 - 26.25) / 16.37) = 3; 2+3+4+5 = 14;
#   14 x 1,640,452,800 = 22.966 GFLOPs; 3.5168 x 3 = 10.5504; 10.5504 / 1024 = 0.0103031 TFLOPs = 10.30 GFLOPs;
#   10.5504e12 x 1024 x 400,000 = 4.32144e21; / (0.5 x 495e12) = 1.74604e7 s = 4850.1 h = 202.09 days.
# Ambiguous: "P = 1,640,452,800" and "16.37 GB" per batch element — with the GPT-2 XL sizes (V 50257, D 1600, L 48,
#   H 25, T 1024) they hold for d_ff = 4288 (8/3 D rounded up to a multiple of 64), while the stated F = 8/3 D gives
#   P = 1,635,537,600 and 16.357 GB; the note states neither the model sizes nor the rounding.
# No wrong lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["complexity", "memory", "flops"])
L = e.line

e.given(L("题目取 F = 8/3 D"), "F = 8/3 D")
e.given(L("于是 P = 2VD + L(12D^2 + 2D) + D"), "parameter formula with F = 8/3 D (4D^2 + 3D(8/3 D) = 12D^2)")
e.given(L("P = 2VD + L(4D^2 + 3DF + 2D) + D"), "parameter formula")
e.given(L("是 16P bytes"), "16 bytes of fixed state per parameter")
for lab in ("| 两次 RMSNorm", "| Q、K、V", "| (QK^\\top) 和 Softmax", "| Attention weighted sum",
            "| Attention output projection", "| SwiGLU 两个输入投影", "| SwiGLU 输出投影"):
    e.given(L(lab), "activation count per block")
e.given(L("Ablock = 8BTD + 2BHT^2 + 4BTF"), "activations per block (2+3+1+1+1 = 8 BTD)")
e.given(L("A = L * Ablock + BTD + 2BTV"), "total activations")
e.given(L("激活占用 4A bytes"), "4 bytes per activation")
e.given(L("总共 16P + 4A bytes"), "peak memory formula")
ln = L("P = 1,640,452,800")
e.ambiguous(ln, "GPT-2 XL sizes are not listed in the note, and d_ff = 8/3 D = 4266.67 must be rounded: the value "
            "holds for d_ff = 4288 (multiple of 64); the literal F = 8/3 D gives 1,635,537,600")
P = 1640452800
number_claim(e, L("16P = 26.25 GB"), "16 x printed P in GB", "26.25", R(16 * P, 10**9))
e.ambiguous(L("16.37 GB"), "activation bytes per batch element depend on the unlisted GPT-2 XL sizes and the rounding "
            "of d_ff: 16.373 GB for d_ff = 4288, 16.357 GB for F = 8/3 D")
ln = L("所以 80GB 里最多放得下 3 个样本")
e.given(ln, "80 GB budget")
e.claim(ln, "floor((80 - 26.25) / 16.37)", "3", sp.floor((80 - R("26.25")) / R("16.37")))
for lab in ("| Weight decay", "| 更新 (m)", "| 更新 (v)", "| 根据 (m,v) 更新参数"):
    e.given(L(lab), "AdamW FLOPs per parameter")
e.claim(L("Fadamw = 14P"), "2 + 3 + 4 + 5", "14", 2 + 3 + 4 + 5)
e.claim(L("Fadamw = 22.97 GFLOPs"), "14 x printed P in GFLOPs", "22.97", R(14 * P, 10**9))
e.given(L("大约是 3.5168TFLOPS"), "forward FLOPs from an earlier note")
e.claim(L("3.5168 * 3 = 10.5504"), "forward + 2 x forward", "10.5504", R("3.5168") * 3)
e.claim(L("10.5504 / 1024 = 10.3 GFLOPS"), "10.5504 TFLOPs / 1024 in GFLOPs", "10.3", R("10.5504") * 1000 / 1024)
ln = L("400k steps: Ftotal")
F_total = R("10.5504") * 10**12 * 1024 * 400000
e.claim(ln, "total FLOPs / 1e21", "4.321", F_total / 10**21)
e.given(L("H100 理论 495 TLOPS/s, 50% MFU"), "H100 throughput and MFU")
ln = L("对应 4850 hours")
secs = F_total / (R(1, 2) * 495 * 10**12)
number_claim(e, ln, "hours", "4850", secs / 3600)
number_claim(e, ln, "days", "202", secs / 86400)
e.done()
