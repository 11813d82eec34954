# Expected verdicts for zh-complexity-riyasushin-cs336-flops-notebook.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A learner's Jupyter notebook (CS336 assignment 1, Chinese notes): pasted FLOP printouts for GPT-2 XL and the GPT-2
# family, the code cell that produced them (its formulas: RMSNorm 4·D·L, attention 3·2·D²·L + 6·L·D (RoPE)
# + 2·L²·D + 2·L²·D + 2·D²·L, SwiGLU 4·D·F·L + 2·F·L + 2·F·D·L, output 4·D·L + 2·D·V·L; units of 1000) with its printed
# output for the stated XL config (V = 50,257, context 16,384, 48 layers, d_model 1,600, 25 heads, d_ff 6,400), and
# AdamW memory notes.
# Exact values for the stated run (S = 16,384): RMSNorm 104,857,600 (104.86 M); attention 2,053,688,524,800 (2.05 T);
#   FFN 1,006,842,675,200 (1.01 T); block 3,060,740,915,200 (3.06 T); 48 blocks 146,915,563,929,600 (146.92 T);
#   output 2,635,019,059,200 (2.64 T); total 149,550,582,988,800 (149.55 T).  Every printed value agrees.
# Wrong lines (AdamW (b), P = 2,127,057,600 as printed, 4 bytes a value):
#   - "固定内存 = 16P \sim 24.88 GB": 16P = 34,032,921,600 B = 34.03 GB = 31.70 GiB, right under no reading (slip);
#   - "激活内存 \sim 10.89 * B GB": the notes' own formula B·L·d + n(16BLd + BHL²) + BLV at L = 1,024 gives
#     2,569,683,968 floats = 10.28 GB = 9.57 GiB a sequence (at L = 16,384 it is far larger): right under no reading
#     (slip).
# Ambiguous:
#   - (A): the trainable-parameter count needs the unstated LM-head tying (2,127,057,600 is the untied count), and
#     "8G" disagrees with the "fp16" beside it (fp16 gives 4.25 GB; fp32 8.51 GB / 7.92 GiB);
#   - (B), (C) and (D): printed for a context length (and, for Small/Medium/Large, sizes and d_ff) the notebook
#     never states; with context 1,024 and d_ff = 6,400 for every size, every value agrees;
#   - the parameter counts printed in (D), (E) and the code output depend on the unstated tying as well;
#   - "batch 最大为5": 5.06 -> 5 from the printed 24.88 and 10.89; end to end 4 in GB (4.47) but 5 in GiB (5.05).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["complexity", "flops", "memory", "code-block", "notebook-output"])
V, NL, D, H, F, L = 50257, 48, 1600, 25, 6400, 16384
K = sp.Integer(1000)
rms = 4 * D * L
att = 3 * 2 * D * D * L + 6 * L * D + 2 * L ** 2 * D + 2 * L ** 2 * D + 2 * D * D * L
ffn = 4 * D * F * L + 2 * F * L + 2 * F * D * L
blk = rms + att + rms + ffn
layers = NL * blk
out = 4 * D * L + 2 * D * V * L
tot = layers + out
printout = [("单块RMSNorm（注意力前）", "104.86", rms, K ** 2), ("单块注意力总", "2.05", att, K ** 4),
            ("单块RMSNorm（FFN前）", "104.86", rms, K ** 2), ("单块FFN总", "1.01", ffn, K ** 4),
            ("单块总FLOPs", "3.06", blk, K ** 4), ("所有层总FLOPs", "146.92", layers, K ** 4),
            ("输出层总FLOPs", "2.64", out, K ** 4), ("模型总FLOPs", "149.55", tot, K ** 4)]

# --- (A) -----------------------------------------------------------------------------------
e.ambiguous(e.line("可训练参数 2127057600 个（fp16）"), "the count depends on whether the LM head is tied to the "
            "embedding, which the notebook does not state (untied: 2,127,057,600; tied: 2,046,646,400)")
e.ambiguous(e.line("占用大约 8G"), "'8G' matches fp32 (8.51 GB / 7.92 GiB) but the line above says fp16 (4.25 GB): "
            "the stated dtype contradicts the size")

# --- (B) (C) (D): unstated context length / sizes -------------------------------------------
hB = e.line("### (B)")
hE = e.line("### (E)")
for ln in range(hB + 1, hE):
    text = e.lines[ln - 1]
    if any(ch.isdigit() for ch in text) and "FLOPs" in text or text.strip().isdigit():
        e.ambiguous(ln, "printed for a context length (and, in (D), model sizes and d_ff) that the notebook does not "
                        "state; with context 1,024 and d_ff = 6,400 throughout the value agrees")

# --- (E): the stated 16,384 run, pasted --------------------------------------------------------
ln = e.line("2127057600", after=hE)
e.ambiguous(ln, "parameter count: depends on the unstated LM-head tying (untied 2,127,057,600)")
for needle, printed, exact, unit in printout:
    e.claim(e.line(needle, after=hE), f"(E) {needle}", [printed], [R(exact, 1) / unit])

# --- the code cell and its output ----------------------------------------------------------------
e.given(e.line('"context_length": 16384,'), "context length of the run")
e.given(e.line('"vocab_size": 50257,'), "vocab size")
e.given(e.line('"num_layers": 48,'), "layers")
e.given(e.line('"d_model": 1600,'), "d_model")
e.given(e.line('"num_heads": 25,'), "heads")
e.given(e.line('"d_ff": 6400'), "d_ff")
hO = e.line("输出：")
e.ambiguous(e.line("2127057600", after=hO), "parameter count printed from the model: depends on the unstated "
            "LM-head tying (untied 2,127,057,600)")
for needle, printed, exact, unit in printout:
    e.claim(e.line(needle, after=hO), f"output {needle}", [printed], [R(exact, 1) / unit])

# --- AdamW ------------------------------------------------------------------------------------------
P = 2 * V * D + NL * (4 * D * D + 3 * D * F + 2 * D) + D
ln = e.line("固定内存 = 16P \\sim 24.88 GB")
number_claim(e, ln, "16P (34.03 GB = 31.70 GiB; no reading gives 24.88)", "24.88",
             [("GB = 10^9 B", R(16 * P, 10**9)), ("GiB", R(16 * P, 2**30))])
S = 1024
A1 = S * D + NL * (16 * S * D + H * S * S) + S * V
ln = e.line("激活内存 \\sim 10.89 * B GB")
number_claim(e, ln, "activation memory per sequence from the notes' formula at L = 1,024", "10.89",
             [("GB = 10^9 B", R(4 * A1, 10**9)), ("GiB", R(4 * A1, 2**30))])
e.ambiguous(e.line("80GB 显存下 batch 最大为5"), "(80 - 24.88) / 10.89 = 5.06 -> 5 from the printed values; end to end "
            "(80 - 34.03) / 10.28 = 4.47 -> 4 in GB but (80 - 31.70) / 9.57 = 5.05 -> 5 in GiB: the unit reading "
            "decides")
e.claim(e.line("- 合计为 3 * FP + 4 * P"), "FP + 2 FP", ["3"], [sp.Integer(3)])
e.done()
