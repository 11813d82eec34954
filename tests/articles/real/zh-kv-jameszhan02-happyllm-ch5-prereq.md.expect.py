# Expected verdicts for zh-kv-jameszhan02-happyllm-ch5-prereq.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article: a learner's Chinese prerequisite notes for Happy-LLM chapter 5 (decoder-only, KV cache, RoPE, SwiGLU,
#   RMSNorm), signed "AI Assistant": a KV-cache operation count for 100 generated words, a RoPE rotation picture with
#   30° per position, SwiGLU parameter counts, a RMSNorm benchmark with sample output, a GPT block whose printed
#   cache shapes grow step by step, and a LLaMA-7B KV-cache size.
# Exact values: 1 + … + 100 = 5050; 5050 / 100 = 101/2 = 50.5 (the summary's "50x" is that figure rounded, a tie
#   read with both neighbours); 100 − 1 = 99 recomputations; angles 2·30 = 60, 3·30 = 90, 90 − 30 = 60, distance
#   2 → 60; SwiGLU keeps W1, W2 and adds W3 of the same shape (dim × hidden_dim in the article's own code), so it has
#   3/2 of the parameters: 50% more, ratio 1.5; 0.1234 / 0.1089 = 1.13315… → 1.13; block with dim = 512, n_heads = 8:
#   head_dim 64, cache K shape (1, 8, 2 + step, 64), outputs (1, 2, 512) then (1, 1, 512); LLaMA-7B KV cache
#   2·32·4096·2048·2 = 2^30 bytes = 1 GiB ("≈ 1 GB").
# Wrong lines (3): "参数量: W1 + W2 + W3  (多了 33%…)": three equal-size matrices against two is 50% more, not 33%
#   (slip); the table's "1.33x" for SwiGLU and the conclusion "多 33% 参数" repeat it (carried).
# Ambiguous lines: none.
# Given: code constants, the quoted PPL table, quoted speed-ups and savings, benchmark timings, study-plan durations,
#   dates, model names, the roadmap and reference numbers.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="zh", topics=["kv-cache", "rope", "swiglu", "rmsnorm", "cache-shape", "by-hand"])
L = e.line

# KV-cache counting
e.claim(L("前面的词会被重复计算 99 次"), "100 steps, the first word recomputed 100 − 1 times", ["100", "99"], [100, 99])
e.claim(L("计算次数 = 1 + 2 + 3 + ... + 100 = 5050 次"), "1 + … + 100", ["5050"], [sum(range(1, 101))])
e.given(L("计算次数 = 100 次 K/V 计算"), "100 computations with the cache")
e.claim(L("加速比 = 5050 / 100 = 50.5 倍"), "5050 / 100", ["5050", "100", "50.5"],
        [sum(range(1, 101)), 100, R(5050, 100)])
e.claim(L("生成加速 50x"), "summary speed-up (50.5 rounded)", ["50"], [R(5050, 100)], rounded_int=True)

# RoPE picture: 30° per position
theta = 30
e.given(L("↗  (旋转 30°)"), "θ = 30° at position 1")
e.claim(L("↑  (旋转 60°)"), "position 2 → 2θ", ["60"], [2 * theta])
e.claim(L("↖  (旋转 90°)"), "position 3 → 3θ", ["90"], [3 * theta])
e.claim(L("词 A 在位置 1 (旋转 30°)"), "position 1 angle", ["1", "30"], [1, 1 * theta])
e.claim(L("词 B 在位置 3 (旋转 90°)"), "position 3 angle", ["3", "90"], [3, 3 * theta])
e.claim(L("相对角度 = 90° - 30° = 60°"), "90 − 30", ["60"], [3 * theta - theta])
e.given(L("只要相对距离是 2，"), "relative distance 2")
e.claim(L("相对角度总是 60°"), "distance 2 → 2θ", ["60"], [2 * theta])

# SwiGLU parameters: W1 + W2 + W3 against W1 + W2, all dim × hidden_dim
extra = R(3, 2) - 1
e.claim(L("参数量: W1 + W2 + W3  (多了 33%"), "extra parameters of a third equal matrix", ["33%"], [extra],
        cause="slip")
e.claim(L("| **SwiGLU** | **9.2** ✅     | 1.33x  |"), "SwiGLU parameter ratio", ["1.33"], [R(3, 2)],
        cause="carried")
e.claim(L("他的结论：多 33% 参数"), "extra parameters (repeats 33%)", ["33%"], [extra], cause="carried")

# RMSNorm benchmark sample output
e.given(L("# Layer Norm: 0.1234s"), "sample LayerNorm time")
e.given(L("# RMS Norm:   0.1089s"), "sample RMSNorm time")
e.claim(L("# Speedup:    1.13x"), "0.1234 / 0.1089", ["1.13"], [R(1234, 1089)])

# GPT block output example: dim 512, 8 heads → head_dim 64
dim, heads = 512, 8
hd = dim // heads
ln = L("Output shape: torch.Size([1, 2, 512])")
e.claim(ln, "prefill output shape", ["1", "2", "512"], [1, 2, dim])
e.claim(L("Cache K shape: torch.Size([1, 8, 2, 64])"), "cache after prefill", ["1", "8", "2", "64"], [1, heads, 2, hd])
after = ln
for step in range(2, 7):
    o = L("Output shape: torch.Size([1, 1, 512])", after=after)
    e.claim(o, f"step {step} output shape", ["1", "1", "512"], [1, 1, dim])
    c = L(f"Cache K shape: torch.Size([1, 8, {step + 1}, 64])")
    e.claim(c, f"step {step} cache shape", ["1", "8", str(step + 1), "64"], [1, heads, step + 1, hd])
    s = L(f"Step {step}: 生成新词")
    e.claim(s, "step label step+2", [str(step)], [step])
    after = c
e.claim(L("Step 1: 处理 '今天天气'", after=L("作者给出的输出示例")), "first step label", ["1"], [1])

# LLaMA-7B KV cache in FAQ Q2
e.claim(L("         ≈ 1 GB"), "2·32·4096·2048·2 bytes in GiB", ["1"], [R(2 * 32 * 4096 * 2048 * 2, 2**30)],
        rounded_int=True)

# --- everything else with digits: code, quoted figures, plan, dates, names, headings ------------------------------
for i, text in enumerate(e.lines, start=1):
    if i > 1 and i not in e.verdicts and any(ch.isdigit() for ch in text):
        e.given(i, "code constant, quoted figure, study plan, date, name, heading or reference")
e.done()
