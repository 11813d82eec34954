# Expected verdicts for zh-gqa-luhengshiwo-ttft-flops.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the Qwen2.5-32B config (hidden 5120, 40 query heads, 8 KV heads, 64 layers, FFN 27648, vocab 152064),
# prompt 1024, output 1024, batch 1, a 148 TFLOPS card; the quick estimate takes Parameters = 32B.
# Exact values of the article's own formulas:
#   parameters = 31,984,189,440 -> 31.98 B (right);
#   prefill FLOPs = 65,283,502,571,520 -> 65.28 TFLOPs (right); TTFT = 65.2835 / 148 s = 441.1 ms (right);
#   decode FLOPs per token = 64,425,164,800 -> 0.06 TFLOPs at 2 places (right);
#   throughput = 148 / 0.0644252 = 2297 token/s; the printed 2466 is 148 / 0.06 = 2466.7 cut (wrong as written too).
#   quick: 2 x 1 x 1024 x 32e9 = 65.536 TFLOPs, printed 64 (wrong, slip); 64 / 148 = 432 ms is carried
#   (exactly 65.536 / 148 = 442.8 ms); 2 x 32e9 = 0.064 TFLOPs right; 148 / 0.064 = 2312.5 (a tie: 2312 right).
# The prose reading of the config says each head's hidden size is 5120: a head has 5120 / 40 = 128 dims (wrong).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees

e = Expect(__file__, language="zh", topics=["gqa", "flops", "prose-arithmetic", "code"])


def claim_n(line, what, printed, exact, cause="slip"):
    """An integer printed without decimals is read at unit precision (rounded_int)."""
    text = e.lines[line - 1]
    assert printed in text, (line, printed)
    ok = agrees(printed, exact, True)
    ent = e._entry(line)
    item = {"what": what, "printed": [printed]}
    if not ok:
        item.update(wrong=[{"printed": printed, "exact": str(exact) if sp.sympify(exact).is_Integer else str(sp.N(exact, 8))}], cause=cause)
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


h, ff, nh, nkv, nl, vocab = 5120, 27648, 40, 8, 64, 152064
P, O, B = 1024, 1024, 1
g = R(nkv, nh)
for needle in ('"hidden_size": 5120,', '"intermediate_size": 27648,', '"num_attention_heads": 40,',
               '"num_hidden_layers": 64,', '"num_key_value_heads": 8,', '"vocab_size": 152064'):
    e.given(e.line(needle), needle.strip(','))
L = e.line("作者对配置的解读")
e.given(L, "64 layers, 40 heads, 8 KV heads, 27648, 152064 restated")
claim_n(L, "hidden size of one head = hidden_size / num_attention_heads", "5120", sp.Integer(h) / nh)

params = vocab * h + nl * (3 * h * ff + 2 * h * h * g + h * h + h * h)
claim_n(e.line("运行后得到总参数量: 31.98 B"), "total parameters / 1e9", "31.98", params / sp.Integer(10**9))

for needle in ('"prompt_token_length": 1024,', '"output_token_length": 1024,', '"batch_size": 1,'):
    e.given(e.line(needle), needle.strip(','))
layer = (2 * P * h**2 + 2 * 2 * P * h**2 * g + 2 * P**2 * h + 2 * P**2 * h + 2 * P * h**2 + 6 * P * h * ff)
prefill = layer * nl * B
T = sp.Integer(10**12)
claim_n(e.line("Prefilling阶段总计算量: 65.28 TFLOPs", after=e.line('print(f"Prefilling')), "prefill TFLOPs",
        "65.28", prefill / T)
dec_layer = (2 * h**2 + 2 * 2 * h**2 * g + 2 * 2 * (P + R(1 + O, 2)) * h + 2 * h**2 + 6 * h * ff)
decode = dec_layer * nl * B
claim_n(e.line("平均每个token的计算量: 0.06 TFLOPs", after=e.line('print(f"平均每个token')), "decode TFLOPs per token",
        "0.06", decode / T)

GPU = 148 * T
L = e.line("代入上面得到的 Prefilling 阶段总计算量: 65.28 TFLOPs")
claim_n(L, "prefill TFLOPs restated", "65.28", prefill / T)
L = e.line("理论TTFT = 65.28TFLOPs/148TFLOPS = 441ms")
claim_n(L, "prefill TFLOPs restated", "65.28", prefill / T)
claim_n(L, "TTFT in ms", "441", prefill / GPU * 1000)
claim_n(e.line("每步（每个 batch 生成一个 token）的计算量为0.06TFLOPs"), "decode TFLOPs restated", "0.06", decode / T)
L = e.line("理论上的throughput = 148TFLOPS/0.06TFLOPs = 2466token/s")
claim_n(L, "decode TFLOPs restated", "0.06", decode / T)
# 148 / 0.06 = 2466.67 would round to 2467: the printed 2466 is not right even from the rounded operand
claim_n(L, "throughput in token/s", "2466", GPU / decode)

Q = 32 * 10**9
L = e.line("Prefilling_FLOPs = 2 * Batch_size * Prompt_size * Parameters= 2 * 1 * 1024 * 32B = 64TFLOPs")
claim_n(L, "2 x 1 x 1024 x 32e9 in TFLOPs", "64", sp.Integer(2 * 1 * 1024 * Q) / T)
claim_n(e.line("估计TTFT = 64TFLOPs/148TFLOPs=432ms"), "quick TTFT in ms", "432",
        sp.Integer(2 * 1024 * Q) / GPU * 1000, cause="carried")
claim_n(e.line("= 2 * 1 * 32B = 0.064TFLOPs"), "2 x 1 x 32e9 in TFLOPs", "0.064", sp.Integer(2 * Q) / T)
claim_n(e.line("快速估计的理论Throughput =  148TFLOPS/0.064TFLOPs = 2312token/s"), "quick throughput (tie 2312.5)",
        "2312", GPU / (2 * Q))
e.done()
