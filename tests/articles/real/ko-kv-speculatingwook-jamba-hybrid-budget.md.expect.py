# Expected verdicts for ko-kv-speculatingwook-jamba-hybrid-budget.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: Jamba-1 shape, 32 layers = 4 blocks of 8 (7 Mamba + 1 attention), MoE every other layer; hidden 4096,
# 32 attention heads (head dim 4096/32 = 128), BF16 (2 bytes), context 256k; Mamba state 16 per feature.
# 256k is read as 262,144 tokens (binary k, the reading under which the article's own 128 GB / 32 GB / 16 GB are exact);
# the decimal reading (256,000) is also tried for the two wrong lines.
# Exact values:
# - attention map per head at 256k: 262,144² = 68.7e9 (256,000² = 65.536e9, which rounds to 66 B).
# - block arithmetic: 4 × 8 = 32 layers, 4 × 7 = 28 Mamba, 4 attention, 32 / 2 = 16 MoE layers.
# - Jamba KV cache: 2·4·32·128·262,144·2 = 17,179,869,184 B = 16 GiB = 17.2 GB.
# - SSM state: 28·4096·16·2 = 3,670,016 B = 3.67 MB (3.5 MiB).
# - full-MHA transformer: 2·32·32·128·262,144·2 = 137,438,953,472 B = 128 GiB; ratio to Jamba 32/4 = 8.
# - GQA(8) transformer: 2·32·8·128·262,144·2 = 34,359,738,368 B = 32 GiB; ratio to Jamba's 16 GiB = 2.
# Wrong lines:
# - "65B개 항목": 65.536 B truncated (rounds to 66) under the decimal reading, 68.7 B under the binary one -> slip.
# - "`2 * 4 * 32 * 128 * 256k * 2 = 8.4 GB`": the product is 16 GiB (17.2 GB; 16.8 GB with 256,000), about twice 8.4;
#   the article itself uses 16 GB for the same cache two sentences later -> slip.
# Ambiguous: exercise 2's "1:3 하이브리드(Mamba 4 : 어텐션 1)" and "1:15 하이브리드(Mamba 14 : 어텐션 1)": under the article's
# 1:7 = one attention per seven Mamba convention the parentheses should read Mamba 3 and Mamba 15; whether the ratio or
# the parenthesis is meant cannot be decided.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="ko", topics=["kv", "gqa", "memory", "hybrid"])
KiB, MiB, GiB = 1024, 1024**2, 1024**3
ctx, ctx_dec = 262144, 256000
layers, blocks, per_block = 32, 4, 8
attn_layers, mamba_layers = blocks * 1, blocks * 7
hidden, heads = 4096, 32
d_head = hidden // heads
jamba = 2 * attn_layers * heads * d_head * ctx * 2
mha = 2 * layers * heads * d_head * ctx * 2
gqa = 2 * layers * 8 * d_head * ctx * 2
ssm = mamba_layers * hidden * 16 * 2

e.given(e.line("Mamba 7층마다 트랜스포머 1층, 한 블록 걸러 MoE, 그리고 80GB GPU"), "Jamba recipe, 80 GB, 256k")
ln = e.line("헤드 하나에 65B개 항목")
number_claim(e, ln, "attention-map entries per head at 256k, in billions", "65",
             [("256k = 262,144", R(ctx**2, 10**9)), ("256k = 256,000", R(ctx_dec**2, 10**9))])
e.given(e.line("(총 52B, 활성 12B, 256k 컨텍스트"), "Jamba and Jamba 1.5 sizes")
ln = e.line("Jamba는 `l = 8`, 즉 Mamba 7층마다")
e.given(ln, "l = 8")
e.claim(ln, "Mamba 7 + attention 1 per group", ["8"], [7 + 1])
e.given(e.line("Jamba는 `e = 2`"), "e = 2")
e.given(e.line("M  M  M  M  M  M  M  A    (7 Mamba + 1 Attention)"), "block layout")
ln = e.line("블록 하나는 8층입니다")
e.claim(ln, "blocks × 8 layers, Mamba, attention, MoE layer counts", ["32", "28", "4", "16"],
        [blocks * per_block, mamba_layers, attn_layers, R(blocks * per_block, 2)])
e.given(e.line("어텐션이 너무 많으면(1:1)"), "ablation ratios")
e.given(e.line("Jamba-1 형태(32층: 28 Mamba + 4 어텐션"), "Jamba-1 shape")
ln = e.line("`2 * 4 * 32 * 128 * 256k * 2 = 8.4 GB`")
number_claim(e, ln, "Jamba KV cache at 256k BF16", "8.4",
             [("GiB", R(jamba, GiB)), ("GB", R(jamba, 10**9)), ("GB, 256k = 256,000", R(jamba * ctx_dec // ctx, 10**9))])
ln = e.line("`28 * 4096 * 16 * 2 = 3.7 MB`")
number_claim(e, ln, "SSM state of 28 Mamba layers", "3.7", [("MB", R(ssm, 10**6)), ("MiB", R(ssm, MiB))])
ln = e.line("`2 * 32 * 32 * 128 * 256k * 2 = 128 GB`")
number_claim(e, ln, "full-MHA KV cache at 256k", "128", [("GiB", R(mha, GiB)), ("GB", R(mha, 10**9))])
e.claim(ln, "MHA / Jamba KV ratio", ["8"], [R(mha, jamba)])
number_claim(e, ln, "GQA(8) KV cache at 256k", "32", [("GiB", R(gqa, GiB)), ("GB", R(gqa, 10**9))])
number_claim(e, ln, "Jamba KV cache restated", "16", [("GiB", R(jamba, GiB)), ("GB", R(jamba, 10**9))])
e.claim(ln, "GQA / Jamba ratio", ["2"], [R(gqa, jamba)])
e.given(e.line("\"80GB GPU 한 장에서 256k 컨텍스트\""), "80 GB, 256k")
L = e.line("| 모델 | 계열 | 규모 |")
for k in range(2, 7):
    e.given(L + k, "model size row")
e.claim(e.line("AI21 논문이 말하는 ~8배"), "MHA / Jamba KV ratio restated", ["8"], [R(mha, jamba)])
e.ambiguous(e.line("1:3 하이브리드(Mamba 4 : 어텐션 1)"),
            "under the article's 1:7 = one attention per seven Mamba convention, 1:3 and 1:15 would be Mamba 3 and Mamba 15; "
            "the printed Mamba 4 and Mamba 14 match 1:4 and 1:14 instead")
e.given(e.line("Jamba 1.5 Large(총 398B, 활성 94B)"), "exercise sizes")
e.done()
