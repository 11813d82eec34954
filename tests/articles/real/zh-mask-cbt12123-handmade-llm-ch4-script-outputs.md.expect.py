# Expected verdicts for zh-mask-cbt12123-handmade-llm-ch4-script-outputs.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The chapter prints script outputs; only the ones that follow from numbers the article states are claimed:
#   fp16 attention matrix for T = 8192: 8192^2 x 2 / 1024^2 = 128 (MB as the printed code divides by 1024**2);
#   d_model = 64 (stated in 4.4): 4 d^2 = 16384, 8 d^2 = 32768, FFN share 8/12 = 2/3, 4 + 8 = 12 d^2 per layer;
#   Llama-3-8B 32 x 128 = 4096; Llama-7B 32 x 12 x 4096^2 = 6.44e9 -> 6.4B;
#   sinusoidal PE: PE(pos+5) is an exact linear (block-rotation) image of PE(pos), so the least-squares residual is 0;
#   masks for T = 6 and lengths [4, 2]: causal tril, padding rows, and their AND for sample 0;
#   lr with warmup 40, total 800, peak 3e-3: the printed values are lr_lambda(step + 1) x 3e-3, i.e. read after the
#   sched.step() at the end of the step (7.50e-05 = 3e-3/40, 2.95e-03, 0.00e+00), and all agree under that reading;
#   the restated extrapolation accuracies 0.34/1.00/0.09/0.11/0.15 are the printed 0.3438/1.0000/0.0898/0.1074/0.1497
#   rounded; KV-cache length 11 + step -> 12, 13, 14.
# Measured outputs (errors, losses, timings, accuracies, attention peaks, RoPE inner products of unprinted random q, k)
# are recorded as given.  Ambiguous: the 49.73K / 66.24K layer sizes (49,728 and 66,240 only if attention has no bias
# while the FFN (d_ff = 4d) has biases, plus the LayerNorms -- the article does not say), and the extrapolation table
# (an unstated 8x stretch; 0.125 = 1/8 and the ~ values are loose).
# No wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="zh", topics=["mask", "mha", "parameters", "kv-cache", "rope", "lr-schedule"])
d = 64

e.given(e.line("最大绝对误差 = 1.110e-16"), "measured float error")
e.given(e.line("for t in [512, 2048, 8192, 32768, 131072]"), "sequence lengths in code")
e.claim(e.line("T=8192 时单头 fp16 的注意力矩阵就有 128MB"), "8192^2 x 2 bytes in MB (1024^2)", "128",
        R(8192 ** 2 * 2, 1024 ** 2))
e.claim(e.line("MHA 参数量 = 4·d_model² = 16384"), "4 d_model^2 with d_model = 64", "16384", 4 * d * d)
e.given(e.line("# [OK] 手写 MHA vs torch nn.MultiheadAttention: 误差 ≈ 1e-4"), "measured error")
e.claim(e.line("Llama-3-8B = 32 头 × 128 维 = 4096"), "32 heads x 128", "4096", 32 * 128)
e.claim(e.line("最大误差 **0.0000**"), "least-squares residual of the exact linear shift map", "0.0000", 0)
e.claim(e.line("# → 0.0000"), "least-squares residual (code comment)", "0.0000", 0)
for needle in ("m= 0, n= 0:", "m= 3, n= 7:", "m= 5, n=13:"):
    e.given(e.line(needle), "RoPE inner products of unprinted random q, k and their float difference")
e.given(e.line("误差 ~1e-7"), "measured error")
for needle in ("| 直接外推 | 1.00 | 8×", "| 线性插值 PI | 0.125 |", "| NTK-Aware | 1.00 | ~1.0", "| YaRN | ~0.9 | ~0.9"):
    e.ambiguous(e.line(needle), "extrapolation table for an unstated 8x stretch (0.125 = 1/8); the ~ values are loose")

e.given(e.line("参数量拆开来看（脚本输出，d_model=64）"), "d_model = 64")
e.claim(e.line("注意力部分 W_qkv + W_o = 16384"), "4 d^2", "16384", 4 * d * d)
L = e.line("FFN 部分 两个 Linear  = 32768")
e.claim(L, "8 d^2 and its share of 12 d^2", ["32768", "2/3"], [8 * d * d, R(8, 12)])
e.ambiguous(e.line("单层 Encoder 参数量 = 49.73K"),
            "49,728 only with bias-free attention, FFN (d_ff = 4d) with biases and two LayerNorms; not stated")
e.ambiguous(e.line("单层 Decoder 参数量 = 66.24K"),
            "66,240 = 49,728 + bias-free cross-attention + its LayerNorm; the bias layout is not stated")
e.claim(e.line("规律：FFN = 2·d·4d = 8d²"), "2 x 4 = 8 and 4 + 8 = 12", ["8", "12"], [2 * 4, 4 + 8])
e.given(e.line("# → 2.38e-07（浮点误差量级）"), "measured difference")
e.given(e.line("得到的差异是 **0.81**"), "measured difference with dropout on")
e.claim(e.line("FFN 两个 Linear    = 8d²   ← 占大头（约 2/3）"), "8d^2 / 12d^2", "2/3", R(8, 12))
e.claim(e.line("Llama-7B：32 × 12 × 4096² ≈ 6.4B"), "32 x 12 x 4096^2 in billions", "6.4",
        R(32 * 12 * 4096 ** 2, 10 ** 9))

e.given(e.line("lengths = np.array([4, 2])"), "lengths")
T = 6
causal = sp.Matrix(T, T, lambda i, j: 1 if j <= i else 0)
lengths = [4, 2]
pad = sp.Matrix(2, T, lambda b, j: 1 if j < lengths[b] else 0)
comb = sp.Matrix(T, T, lambda i, j: causal[i, j] * pad[0, j])
L0 = e.line("  1 0 0 0 0 0            1 1 1 1 0 0")
for i in range(T):
    ln = L0 + i
    e.claim(ln, f"causal row {i + 1} (T = 6)", [str(x) for x in causal.row(i)], list(causal.row(i)))
    if i < 2:
        e.claim(ln, f"padding row for sample {i}", [str(x) for x in pad.row(i)], list(pad.row(i)))
    e.claim(ln, f"combined row {i + 1}, sample 0", [str(x) for x in comb.row(i)], list(comb.row(i)))
e.claim(L0 + 5, "pad starts after column 4 (length of sample 0)", "4", lengths[0])

e.given(e.line("steps, warmup, total = 800, 40, 800"), "schedule")
e.given(e.line("lr=3e-3, weight_decay=0.01"), "peak lr")
warmup, total, peak = 40, 800, R(3, 1000)


def lam(s):
    if s < warmup:
        return R(s, warmup)
    prog = R(s - warmup, total - warmup)
    return (1 + sp.cos(sp.pi * prog)) / 2


for step, lr in ((0, "7.50e-05"), (100, "2.95e-03"), (799, "0.00e+00")):
    L = e.line(f"step  {step:>3}  loss=") if step else e.line("step    0  loss=")
    e.given(L, "measured loss and token accuracy")
    e.claim(L, f"lr printed after sched.step(): 3e-3 x lr_lambda({step + 1})", lr, peak * lam(step + 1))
e.given(e.line("[训练耗时] 11.01 s"), "measured time")
acc = {}
for k, v in ((4, "0.3438"), (8, "1.0000"), (12, "0.0898"), (16, "0.1074"), (24, "0.1497")):
    L = e.line(f"k={k} ") if k < 10 else e.line(f"k={k}  ")
    e.given(L, "measured accuracy")
    acc[k] = v
L = e.line("step  799  loss=0.0008", nth=2)
e.claim(L, "restated step-799 loss, accuracy and lr", ["0.0008", "1.0000", "0.00e+00"],
        [R(8, 10000), 1, peak * lam(800)])
L = e.line("长度外推： k=4")
e.claim(L, "restated accuracies, rounded", ["0.34", "1.00", "0.09", "0.11", "0.15"],
        [sp.Rational(acc[k]) for k in (4, 8, 12, 16, 24)])
e.given(e.line("待复制: [16, 12, 2, 9, 16, 16, 1, 5]"), "copy target")
e.given(e.line("模型输出: [16, 12, 2, 9, 16, 16, 1, 5]"), "model output (measured)")
e.claim(e.line("| Warmup | 前 40 步"), "warmup steps", "40", warmup)
for k in (1, 2):
    L = e.line("生成第 0 个 token 时最关注位置 5", nth=k)
    e.given(L, "measured attention peak")
    e.given(L + 1, "measured attention peak")
L = e.line("生成第 2 个 token 时最关注位置 3")
for i in range(3):
    e.given(L + i, "measured attention peak")
e.given(e.line("HF 注意力权重形状    : (4, 5, 5)"), "measured shape")
e.given(e.line("手写注意力权重形状   : (4, 5, 5)"), "measured shape")
e.given(e.line("最大绝对误差 = 2.980e-08"), "measured error")
e.given(e.line("step 0: 输入 11 token"), "prefill length 11, 4 heads, head dim 8")
for s in (1, 2, 3):
    e.claim(e.line(f"step {s}: 输入  1 token"), f"cache length after step {s}", str(11 + s), 11 + s)
e.done()
