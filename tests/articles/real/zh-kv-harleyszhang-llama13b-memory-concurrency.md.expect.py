# Expected verdicts for zh-kv-harleyszhang-llama13b-memory-concurrency.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese study note (harleyszhang) that estimates params, FLOPs and inference memory of decoder-only LLMs and then
# the KV cache and concurrency of llama-13b / llama-65b on A100 and V100.
# Inputs: symbols b, s, o, h, V, n; LLaMA configs (6.7B: h 4096 n 32; 13.0B: 5120/40; 32.5B: 6656/60; 65.2B: 8192/80);
#   fp16 (2 bytes); GPT3 12850M params, 300B tokens; the FLOPs table's own (params, s, b, h, n) per row;
#   llama13b weights 26GB, b = 64, s = o = 512; A100 40G; "about 1MB per token" for 13B (cited); 8 x V100 32GB,
#   weights 24.6 (fp16) and 121.6 (65b); deepspeed batch ~50; 10000 users.
# Exact values: 12nh^2 = 6,442,450,944 / 12,582,912,000 / 31,897,681,920 / 64,424,509,440; 8/12 = 2/3 = 66.67 %,
#   4/12 = 1/3 = 33.33 %; 13e9 * 2 B = 26 GB; coefficient sums 6+2 = 8, 8+16 = 24, 24/12 = 2, 1+2 = 3, 2*3 = 6;
#   6 * 12850e6 * 300e9 = 2.313e22; prefill FLOPs of the table rows by the article's own formula 24nh^2*bs + 4nhbs^2
#   (T): 5858, 285.9, 2.680, 2.680, 439.8, 10344, 5858 (2*params*b*s: 5734, 426.0, 2.826, 90.1, 426.0, 17695, 5734);
#   llama13b KV 4*40*5120*64*(512+512) = 53,687,091,200 B = 53.7 GB (50 GiB), 2.06x the 26GB weights;
#   40 - 26 = 14; (32*8 - 24.6)/2 = 115.7; (32*8 - 12.3)/2 = 121.85; 10000/50 = 200; 4*80*8192/2^20 = 2.5 MB;
#   2.5 MB * 2048 = 5 GB (binary); (256 - 121.6)/5 = 26.88; (256 - 60.8)/5 = 39.04.
# Wrong lines and causes:
#   - "2/3 ≅ 66%": 2/3 is 66.67 %, so 66 % is a truncation (right value 67 %) - slip; restated in the summary (carried).
#   - the weights formula "[n(12h^2 + 4h) + Vh] * 2": the article's own count is n(12h^2 + 13h) + Vh - slip.
#   - FLOPs table rows GPT-3 175B (7.0e3 vs 5.86e3), GPT-3 13B (4.4e2 vs 2.86e2), BERT-Large (2.4e1 vs 2.68e0),
#     T5-11B (1.4e2 vs 2.68e0), PaLM-540B (6.7e4 vs 1.03e4), ChatGPT (7.0e3 vs 5.86e3): right under neither the
#     article's prefill formula nor 2*params*tokens - slips; the LLaMA-13B row (4.4e2 vs 439.8) is right.
#   - llama13b KV "42,949,672,960 bytes": 4nhb(s+o) with n = 40, h = 5120 is 53,687,091,200 (the printed value is
#     what h = 4096 gives) - slip; "≃ 42GB" (53.7 GB / 50 GiB) and "1.6 倍" (2.06x) follow from it - carried.
#   - "每个 token 需要的字节数为 $4nh^2$": the article's own per-token size is 4nh - slip (exponent 2 vs 1).
# Ambiguous: "不到 2%" (not derived); "大约 28 个序列" (14,000 tokens / 512 = 27.3, but 14 GiB at 1 MiB per token is
#   14,336 / 512 = 28: the units decide).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="zh", topics=["kv-cache", "complexity", "sizes", "flops", "markdown-table", "latex-aligned"])
L = e.line

# --- KV cache saving --------------------------------------------------------------------------
ln = L("$1/6 = \\frac{4nh^2}{24nh^2}$")
e.claim(ln, "kv projection share 4nh^2/24nh^2", ["1/6"], [R(4, 24)])

# --- parameter count --------------------------------------------------------------------------
e.given(L("包含 `1` 个带 mask 的多头注意力"), "block structure: 1 MHA, 1 FFN, 2 LN")
ln = L("**`MHA` 块的参数量 = $4h^2 + 4h$**")
e.given(ln, "4 linear layers h x h")
e.claim(ln, "MHA params: 4 weight matrices h*h + 4 biases h", ["4", "4"], [4 * 1, 4 * 1])
ln = L("**`MLP` 块的参数量 = $8h^2 + 5h$**")
e.given(ln, "h -> 4h -> h")
e.claim(ln, "MLP params: h*4h + 4h*h, biases 4h + h", ["8", "5"], [4 + 4, 4 + 1])
ln = L("`Layer Norm` 层的总参数量 = $4h$")
e.claim(ln, "2 LayerNorms x 2 vectors of h", ["2", "4"], [2, 2 * 2])
ln = L("参数量为 $n(12h^2 + 13h) + Vh$")
e.claim(ln, "block params 12h^2 + 13h", ["12", "13"], [4 + 8, 4 + 5 + 4])
e.given(L("| 实际参数量 | 隐藏维度 h"), "table header: 12nh^2")
configs = [("6.7B", 4096, 32, "6,442,450,944"), ("13.0B", 5120, 40, "12,582,912,000"),
           ("32.5B", 6656, 60, "31,897,681,920"), ("65.2B", 8192, 80, "64,424,509,440")]
for name, h, n, printed in configs:
    ln = L(f"|    {name}" if name == "6.7B" else f"|   {name}")
    e.given(ln, f"LLaMA {name}: h={h}, n={n}")
    number_claim(e, ln, f"12nh^2 for LLaMA {name}", printed, 12 * n * h * h)
ln = L("$$\\frac{8nh^2}{12nh^2} = 2/3\\cong 66\\% \\\\")
e.claim(ln, "MLP share 8/12", ["2/3"], [R(8, 12)])
e.claim(ln, "MLP share in percent, printed 66\\% (66.67 % truncated)", ["66"], [R(8, 12) * 100], cause="slip",
        rounded_int=True)
ln = L("\\frac{4nh^2}{12nh^2} = 1/3\\cong 33\\%$$")
e.claim(ln, "attention share 4/12, and in percent (printed 33\\%)", ["1/3", "33"], [R(4, 12), R(4, 12) * 100],
        rounded_int=True)
ln = L("每个参数 2 字节。**拿 `llama13b` 来说")
e.given(ln, "2 bytes per parameter; 1B = 10^9 byte ~ 1GB")
e.claim(ln, "llama13b fp16 weights 13e9 * 2 B in GB", ["26"], [sp.Integer(13 * 10 ** 9 * 2) / 10 ** 9])
ln = L("推理总内存 ≈ 1.2 × 模型参数内存")
e.given(ln, "20 % empirical overhead")
e.claim(ln, "1 + 20 %", ["1.2"], [1 + R(20, 100)])

# --- FLOPs ----------------------------------------------------------------------------------------
ln = L("相乘的 `FLOPs` 记为 $2mnp$")
e.given(ln, "matmul FLOPs 2mnp; batch_size = 1")
ln = L("$3* 2sh^2 = 6sh^2$")
e.claim(ln, "QKV projections 3 * 2sh^2", ["6"], [3 * 2])
e.given(ln, "2s^2h per score / weighted-sum matmul, 2sh^2 output projection")
e.claim(L("**prefill 阶段 `MHA` 块的 `FLOPs`: $6sh^2 + 4s^2h + 2sh^2 = 8sh^2 + 4s^2h$**"),
        "prefill MHA 6sh^2 + 2sh^2, 2s^2h + 2s^2h", ["8", "4"], [6 + 2, 2 + 2])
e.claim(L("$6h^2 + 4(s+o)h + 2h^2= 8h^2 + 4(s+o)h$"), "decode MHA 6h^2 + 2h^2", ["8"], [6 + 2])
ln = L("$2*8sh^2 = 16sh^2$")
e.given(ln, "8sh^2 per FFN linear layer")
e.claim(ln, "FFN 2 * 8sh^2", ["16"], [2 * 8])
e.claim(L("$n(8sh^2 + 4s^2h + 16sh^2) = 24nh^2s + 4nhs^2$"), "layer FLOPs 8 + 16, 4", ["24", "4"], [8 + 16, 4])
e.claim(L("$$b\\times (24nh^2s + 4nhs^2) + 2bshV) = 24nh^2*bs + 4nhbs^2 + 2bshV$$"),
        "prefill total coefficients after multiplying by b", ["24", "4", "2"], [24, 4, 2])
e.claim(L("$8nh^2 + 16nh^2 = 24nh^2$"), "per-token FLOPs 8 + 16", ["24"], [8 + 16])
ln = L("$\\frac{24nh^2}{12nh^2} = 2$")
e.claim(ln, "FLOPs per token per parameter", ["2"], [R(24, 12)])
e.ambiguous(L("不到 `2%` 的偏差"), "'under 2 %' is an unquantified bound, not derived")
ln = L("系数为 $=1 + 2 = 3$")
e.given(ln, "backward = 2 x forward")
e.claim(ln, "forward + backward factor, FLOPs per token per parameter", ["3", "6"], [1 + 2, 2 * (1 + 2)])
e.given(L("参数量 12850M，训练数据 300B tokens"), "GPT3: 12850M params, 300B tokens")
e.claim(L("$$6 \\times 12850 \\times 10^6 \\times 300 \\times 10^9 = 2.313 \\times 10^{22}$$"),
        "GPT3 training FLOPs / 10^22", ["2.313"], [sp.Integer(6 * 12850 * 10 ** 6 * 300 * 10 ** 9) / 10 ** 22])

table = [("GPT-3 (175B)", 175 * 10 ** 9, 2048, 8, 12288, 96, "7.0", 3),
         ("GPT-3 (13B)", 13 * 10 ** 9, 2048, 8, 4096, 40, "4.4", 2),
         ("BERT-Large", 345 * 10 ** 6, 512, 8, 1024, 24, "2.4", 1),
         ("T5-11B", 11 * 10 ** 9, 512, 8, 1024, 24, "1.4", 2),
         ("LLaMA-13B", 13 * 10 ** 9, 2048, 8, 5120, 40, "4.4", 2),
         ("PaLM-540B", 540 * 10 ** 9, 2048, 8, 16384, 96, "6.7", 4),
         ("ChatGPT (GPT-4)", 175 * 10 ** 9, 2048, 8, 12288, 96, "7.0", 3)]
for name, P, s, b, h, n, mant, k in table:
    ln = L(f"| {name}")
    e.given(ln, f"{name}: params, s={s}, b={b}, h={h}, n={n}")
    unit = sp.Integer(10) ** 12 * sp.Integer(10) ** k
    formula = sp.Integer(24 * n * h * h * b * s + 4 * n * h * b * s * s) / unit
    rule = sp.Integer(2 * P * b * s) / unit
    number_claim(e, ln, f"prefill FLOPs of {name} in units of 10^{k} T", mant,
                 [("article's formula 24nh^2*bs + 4nhbs^2", formula), ("2 x params x tokens", rule)])

# --- inference memory ---------------------------------------------------------------------------
ln = L("$$\\text{memory\\_model} = \\text{params} * 2 = [n(12h^2 + 4h) + Vh] * 2$$")
e.given(ln, "2 bytes per fp16 parameter")
e.claim(ln, "linear coefficient of the params count (the article's own count is 13h)", ["4"], [13], cause="slip")
ln = L("占 $8bsh$ 字节")
e.given(ln, "fc1 output [b, s, 4h]; score matrix 2bs^2n_head")
e.claim(ln, "fc1 activation bytes 2 * 4h", ["8"], [2 * 4])
e.given(L("$$\\text{memory\\_intermediate} = 8bsh$$"), "8bsh restated")
e.given(L("经验上这部分不超过权重内存的 20%"), "20 % rule of thumb")
e.claim(L("$$\\text{memory\\_kv-cache} = 2*2*nh*b(s+o) = 4nh*b(s+o)$$"), "KV bytes 2 * 2", ["4"], [2 * 2])
ln = L("第一个 `2` 对应 K 和 V")
e.given(ln, "2 = K and V, 2 = fp16 bytes")
e.claim(ln, "per-token KV bytes coefficient", ["4"], [2 * 2])
e.given(L("[n(12h^2 + 13h) + Vh]*2 + 8bsh + 4nhb(s+o) \\\\"), "total memory terms restated")
e.claim(L("&\\simeq 1.2 \\cdot 24nh^2 + 4nhb(s+o)\\end{aligned}$$"), "1.2 x weights 12nh^2 * 2 bytes",
        ["1.2", "24", "4"], [R(6, 5), 12 * 2, 4])

n13, h13 = 40, 5120
w13 = 26
b, s, o = 64, 512, 512
kv13 = 4 * n13 * h13 * b * (s + o)
ln = L("权重占 26GB，取 b = 64, s = 512, o = 512")
e.given(ln, "llama13b weights 26GB, b = 64, s = o = 512 (n = 40, h = 5120 from the table)")
number_claim(e, ln, "llama13b KV bytes 4nhb(s+o)", "42,949,672,960", kv13, cause="slip")
number_claim(e, ln, "llama13b KV in GB", "42",
             [("decimal GB", sp.Integer(kv13) / 10 ** 9), ("binary GiB", sp.Integer(kv13) / 2 ** 30)], cause="carried")
e.claim(ln, "KV / weights ratio", ["1.6"], [sp.Integer(kv13) / (w13 * 10 ** 9)], cause="carried")
e.given(L("有资料给出，`13B` 的 `LLM` 推理时"), "cited: about 1MB per token for 13B")
ln = L("换到 A100-40G 上")
e.given(ln, "A100 40G, weights 26GB, input length 512")
e.claim(ln, "free memory 40 - 26", ["14"], [40 - 26])
number_claim(e, ln, "tokens in 14GB at 1MB each", "14,000",
             [("decimal 14 GB / 1 MB", sp.Integer(14 * 10 ** 9) / 10 ** 6),
              ("binary 14 GiB / 1 MiB", sp.Integer(14 * 2 ** 30) / 2 ** 20)])
e.ambiguous(ln, "'大约 28 个序列': 14,000 / 512 = 27.3, but 14 GiB at 1 MiB per token gives 14,336 / 512 = 28; "
                "the units decide")

# --- concurrency ---------------------------------------------------------------------------------
ln = L("设想单节点 `8` 卡 `V100`")
e.given(ln, "8 x V100 32GB, 10000 users, input 512, output 1536")
e.claim(ln, "context 512 + 1536", ["2048"], [512 + 1536])
e.claim(L("每个 `token` 需要的字节数为 $4nh^2$"), "exponent of h in bytes per token (the article derives 4nh)",
        ["2"], [1], cause="slip")
ln = L("**llama-13b 推理时每个 token 约占 `1MB` 显存**")
e.given(ln, "1MB per token (cited figure)")
e.claim(ln, "context 512 + 1536", ["2048"], [512 + 1536])
number_claim(e, ln, "per-request memory 2048 x 1MB in GB", "2",
             [("binary", sp.Integer(2048) / 1024), ("decimal", sp.Integer(2048) / 1000)])
ln = L("（32*8-24.6）/ 2 = 115.7")
e.given(ln, "8 x 32GB, fp16 weights 24.6")
e.claim(ln, "fp16 batch bound", ["115.7"], [(32 * 8 - R("24.6")) / 2])
ln = L("（32*8-24.6/2）/ 2 = 121.85")
e.claim(ln, "int8 batch bound", ["121.85"], [(32 * 8 - R("24.6") / 2) / 2])
e.given(L("batch 只能到 $50$ 左右"), "measured batch ~50")
e.claim(L("10000/50 = 200"), "servers needed", ["200"], [R(10000, 50)])
ln = L("$4nh = 4*80*8192 / (1024*1024) = 2.5 \\text{MB}$")
e.given(ln, "llama-65b n = 80, h = 8192")
e.claim(ln, "llama-65b per-token KV in MiB", ["2.5", "2.5"], [R(4 * 80 * 8192, 1024 * 1024)] * 2)
number_claim(e, ln, "per-request memory 2.5MB x 2048 in GB", "5",
             [("binary", R(4 * 80 * 8192, 1024 * 1024) * 2048 / 1024),
              ("decimal", R(4 * 80 * 8192, 1024 * 1024) * 2048 / 1000)])
ln = L("（32*8 - 121.6）/ 5 = 26.88")
e.given(ln, "llama-65b fp16 weights 121.6")
e.claim(ln, "fp16 batch bound", ["26.88"], [(32 * 8 - R("121.6")) / 5])
e.claim(L("（32*8 - 121.6/2）/ 5 = 39.04"), "int8 batch bound", ["39.04"], [(32 * 8 - R("121.6") / 2) / 5])

# --- summary --------------------------------------------------------------------------------------
e.claim(L("$\\text{Parmas} = 12nh^2$"), "params 12nh^2", ["12"], [12])
e.claim(L("$\\text{Flops} = 24nh^2$"), "FLOPs per token", ["24", "24", "24"], [24, 24, 24])
e.claim(L("$\\text{memory\\_kv-cache} = b(s+o)h*n * 2*2 = 4nh*b(s+o)$"), "KV bytes 2 * 2", ["4"], [4])
ln = L("分别接近 `66%` 和 `33%`")
e.claim(ln, "MLP share restated (66.67 % truncated)", ["66%"], [R(2, 3)], cause="carried")
e.claim(ln, "attention share restated", ["33%"], [R(1, 3)])
e.done()
