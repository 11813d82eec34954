# Expected verdicts for ko-kv-simonjisu-llm-lecture-w13-kv-cache-memory.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Korean lecture note (simonjisu's LLM lecture series, week 13) on inference memory: weight storage per dtype
# for a hypothetical 7B model and BF16 KV-cache sizes for a GQA model, then MHA / GQA / MQA side by side.
# The article states its units: GiB = bytes / 1024^3 (both code blocks), 2K / 8K / 32K contexts = 2048 / 8192 / 32768
# tokens (the only reading under which its 0.25GiB for batch 1, context 2K holds; 2,000 tokens would give 0.24).
# Inputs: P = 7,000,000,000 parameters; bits 32 / 16 / 16 / 8 / 4; GQA model L = 32, hidden 4096, 32 query heads,
#   8 KV heads, BF16 (2 bytes); batches 1 / 8 / 32; MHA 32, GQA 8, MQA 1 KV heads at batch 8, context 8K.
# Exact values: weights 26.0770 / 13.0385 / 13.0385 / 6.5193 / 3.2596 GiB; head_dim 4096 / 32 = 128;
#   KV bytes = 2 * 32 * B * S * 8 * 128 * 2 = 131,072 * B * S -> B=1: 0.25 / 1 / 4 GiB; B=8: 2 / 8 / 32; B=32: 8 / 32 / 128;
#   batch 8, 8K: MHA 32 GiB, GQA 8 GiB, MQA 1 GiB.
# Every printed result agrees: the article has no wrong line and no ambiguous one.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ko", topics=["kv-cache", "gqa", "mqa", "sizes", "table", "gib"])
GiB = sp.Integer(1024) ** 3
P = sp.Integer(7_000_000_000)


def kv_gib(layers, batch, seq, kv_heads, head_dim, nbytes):
    return sp.Integer(2 * layers * batch * seq * kv_heads * head_dim * nbytes) / GiB


e.given(e.line("# 13주차. 추론 메모리와 KV cache"), "week number of the lecture")
e.given(e.line("- FP32, BF16·FP16, INT8, INT4 weight 저장량 계산"), "dtype names")
e.given(e.line("$P \\times b / 8$byte"), "weight-size formula P*b/8 bytes, GiB = 1024^3 bytes")
e.given(e.line("return parameters * bits / 8 / 1024**3"), "weight_gib code: /8 bytes, /1024**3")
e.given(e.line("딱 70억 개"), "7B = exactly 7,000,000,000 parameters")

for name, bits, printed in (("FP32", 32, "26.08"), ("BF16", 16, "13.04"), ("FP16", 16, "13.04"),
                            ("INT8", 8, "6.52"), ("INT4", 4, "3.26")):
    ln = e.line(f"| {name} | {bits} |")
    e.given(ln, f"{name}: {bits} bits per parameter")
    e.claim(ln, f"{name} weight storage (GiB)", [printed], [P * bits / 8 / GiB])
e.claim(e.line("INT4 model이 반드시 3.26GiB"), "INT4 weight storage restated (GiB)", ["3.26"], [P * 4 / 8 / GiB])

e.given(e.line("2를 곱한다"), "factor 2 for K and V")
e.given(e.line("KV cache byte 수는 $2 \\times L"), "KV-cache formula 2*L*B*S*H_kv*D_head*d")
e.given(e.line("BF16·FP16은 2 |"), "2 bytes per BF16/FP16 element")
e.given(e.line("2 * layers * batch * sequence"), "kv_cache_gib code: factor 2")
e.given(e.line("return size_bytes / 1024**3"), "kv_cache_gib code: /1024**3")

ln = e.line("layer 32개, hidden size 4096")
e.given(ln, "L = 32, hidden 4096, 32 query heads, 8 KV heads, BF16")
e.claim(ln, "head_dim = 4096 / 32", ["128"], [sp.Integer(4096) / 32])

S = {"2K": 2048, "8K": 8192, "32K": 32768}
e.given(e.line("| Batch | Context 2K | Context 8K | Context 32K |"), "contexts 2K / 8K / 32K tokens")
rows = {1: ["0.25", "1.00", "4.00"], 8: ["2.00", "8.00", "32.00"], 32: ["8.00", "32.00", "128.00"]}
for b, printed in rows.items():
    ln = e.line(f"| {b} | {printed[0]}GiB")
    e.given(ln, f"batch {b}")
    e.claim(ln, f"BF16 GQA KV cache, batch {b}, contexts 2K/8K/32K (GiB)", printed,
            [kv_gib(32, b, S[c], 8, 128, 2) for c in ("2K", "8K", "32K")])

ln = e.line("context를 2K에서 8K로")
e.given(ln, "context 2K -> 8K, batch 1 -> 8 restated")
e.claim(ln, "BF16 weight restated (GiB)", ["13.04"], [P * 16 / 8 / GiB])

e.given(e.line("query head가 32개인 경우"), "32 query heads")
e.given(e.line("| 방식 | KV head 예시 | Batch 8·8K"), "batch 8, context 8K, BF16")
for name, h, printed in (("MHA", 32, "32"), ("GQA", 8, "8"), ("MQA", 1, "1")):
    ln = e.line(f"| {name} | {h} |")
    e.given(ln, f"{name}: {h} KV heads")
    e.claim(ln, f"{name} KV cache at batch 8, 8K (GiB)", [printed], [kv_gib(32, 8, 8192, h, 128, 2)])

e.given(e.line("최대 2048 token에 맞춰"), "2048-token reservation, 10-token answer")
e.given(e.line("1. weight를 INT4로"), "question 1 (INT4 named)")
e.given(e.line("2. KV cache 식에서"), "question 2")
e.given(e.line("3. Batch 8·context 8K의 cache가 8GiB라면"), "question 3: a premise restating the table (8GiB), no answer printed")
e.given(e.line("4. MHA, GQA, MQA 중"), "question 4")
e.done()
