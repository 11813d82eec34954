# Expected verdicts for zh-swa-guidada-gemma3-kv-memory.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (the estimator command): emb_dim 4096, n_heads 32, n_layers 32, context 32768, n_kv_groups 4, batch 1,
# bf16 = 2 bytes, window 1024, SWA:Full = 5:1 (one global layer after every 5 local ones, as the prose says).
# - head_dim = 4096/32 = 128; GQA KV heads = 32/4 = 8; effective W = min(32768, 1024) = 1024;
#   32 layers in the pattern 5 SWA + 1 full: full layers 6, 12, 18, 24, 30 -> 27 SWA, 5 FULL.
# - per-layer KV bytes = seq * head_dim * kv_heads * 2 (K,V) * 2 bytes; totals in GB = 1e9 bytes (the printed values
#   only agree with decimal GB; 17.18 GB is exactly 16 GiB):
#   MHA 32 layers = 17179869184 B -> 17.18; GQA = 4294967296 B -> 4.29;
#   5 full MHA + 27 SWA MHA layers = 3137339392 B -> 3.14; the same with GQA heads = 784334848 B -> 0.78
#   (the last row is labelled "MHA + GQA (Ratio: 5:1)" but is the GQA + SWA mix).  All agree.
# - The two generation runs print int(tokens / time) with the generated length elided ("..."): 32768 new tokens
#   (+ the prompt) / 453.81 s = 72.2 and / 514.38 s = 63.7 (printed 63, an int() truncation): both lines ambiguous.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["swa", "gqa", "kv-cache", "sizes", "code-block"])
L = e.line
emb, H, layers, ctx, groups, batch, nbytes, W = 4096, 32, 32, 32768, 4, 1, 2, 1024
hd = emb // H
kvh = H // groups
GB = 10 ** 9


def per_layer(seq, heads):
    return batch * seq * hd * heads * 2 * nbytes


full_layers = len([i for i in range(1, layers + 1) if i % 6 == 0])
swa_layers = layers - full_layers
mha = per_layer(ctx, H) * layers
gqa = per_layer(ctx, kvh) * layers
mix_mha = swa_layers * per_layer(min(ctx, W), H) + full_layers * per_layer(ctx, H)
mix_gqa = swa_layers * per_layer(min(ctx, W), kvh) + full_layers * per_layer(ctx, kvh)

e.given(L("采用混合方案，局部（滑动窗口）层与全局注意力层按 1:1 搭配"), "Gemma 2: 1:1, 4k window")
e.given(L("滑动窗口层与全注意力层之比变成 5:1"), "Gemma 3: 5:1, window 4096 -> 1024")
e.given(L("2020 年的 [LongFormer 论文]"), "year")
e.given(L("bytes  ≈ batch_size × seqlen"), "KV size formula")
for needle in ("--emb_dim 4096 --n_heads 32 --n_layers 32", "--context_length 32768 --n_kv_groups 4",
               "--batch_size 1 --dtype bf16 \\", "--sliding_window_size 1024 --swa_ratio \"5:1\""):
    e.given(L(needle), "estimator arguments")
for needle in ("context_length         : 32768", "sliding_window_size    : 1024", "emb_dim                : 4096",
               "n_heads                : 32", "n_layers               : 32", "n_kv_groups            : 4",
               "batch_size             : 1", "dtype                  : bf16 (2 Bytes/elem)",
               "Layer ratio (SWA:Full) : 5:1"):
    e.given(L(needle), "config echo")
e.claim(L("head_dim               : 128"), "head_dim = 4096/32", ["128"], [hd])
e.claim(L("GQA n_kv_heads         : 8"), "KV heads = 32/4", ["8"], [kvh])
e.claim(L("Effective SWA window W : 1024"), "min(context, window)", ["1024"], [min(ctx, W)])
e.claim(L("Distributed layers     : 27 SWA, 5 FULL"), "5:1 over 32 layers", ["27", "5"], [swa_layers, full_layers])
number_claim(e, L("MHA KV total           : 17.18 GB"), "MHA, all 32 layers full",
             "17.18", [("GB = 1e9 B", R(mha, GB)), ("GiB", R(mha, 1024 ** 3))])
number_claim(e, L("GQA KV total           : 4.29 GB"), "GQA, all layers full",
             "4.29", [("GB = 1e9 B", R(gqa, GB)), ("GiB", R(gqa, 1024 ** 3))])
number_claim(e, L("MHA + SWA (Ratio: 5:1) : 3.14 GB"), "MHA with 27 SWA + 5 full layers",
             "3.14", [("GB = 1e9 B", R(mix_mha, GB)), ("GiB", R(mix_mha, 1024 ** 3))])
number_claim(e, L("MHA + GQA (Ratio: 5:1) : 0.78 GB"), "GQA heads with 27 SWA + 5 full layers",
             "0.78", [("GB = 1e9 B", R(mix_gqa, GB)), ("GiB", R(mix_gqa, 1024 ** 3))])
e.given(L("--emb_dim 4096 --n_heads 48 --n_layers 36"), "plot arguments")
e.given(L("--sliding_window_size 2048 --swa_ratio \"5:1\""), "plot arguments")
e.given(L("替换第 5-7 章里的标准 GPT 模型"), "chapter numbers")
for k in (1, 2):
    e.given(L("--max_new_tokens 32768", k), "run arguments")
    e.given(L("--n_heads 24", k), "run arguments")
    e.given(L("--n_layers 12", k), "run arguments")
    e.given(L("--emb_dim 768", k), "run arguments")
e.given(L("--sliding_window_size 1024 \\"), "run arguments")
e.given(L("--sliding_window_stride 5   # like Gemma 3"), "run arguments")
e.given(L("Time: 453.81 sec"), "measured time")
e.ambiguous(L("72 tokens/sec"), "int(len/time) of an elided output length; 32768 new tokens + prompt / 453.81 s = 72.2")
e.given(L("Max memory allocated: 1.54 GB"), "measured memory")
e.given(L("Time: 514.38 sec"), "measured time")
e.ambiguous(L("63 tokens/sec"), "int(len/time) of an elided output length; 32768 new tokens + prompt / 514.38 s = 63.7 "
            "(63 is the program's truncation, not a rounding)")
e.given(L("Max memory allocated: 0.63 GB"), "measured memory")
e.done()
