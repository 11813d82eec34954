# Expected verdicts for ko-kv-junhyeong9812-study-note-kv-budget.md, computed with plain SymPy (see oracle.py); not symattn's code.
# KV bytes per token = 2 x layers x kv_heads x head_dim x bytes (fp16, 2 bytes); sizes in KiB/MiB/GiB (powers of 1024),
# as the note says its "KB" is KiB.  Configurations (given): LLaMA-7B 32 layers, 32 heads, 128 -> 524,288 B = 512 KiB;
# Mistral-7B 32 layers, 8 KV heads, 128 -> 128 KiB; MQA variant 1 KV head -> 16 KiB; OPT-13B 40 layers, hidden 5120 ->
# 819,200 B = 800 KiB.  Per request at 4,096 / 32,768 tokens: 2 / 16 GiB, 512 MiB / 4 GiB, 64 / 512 MiB, 3.125 / 25 GiB.
# Experiment B: 80 GiB - 6.7e9 x 2 B (12.4797 GiB) - 10% (8 GiB) = 59.5203 GiB; the counts are the integer part (the Java
# code casts to long): LLaMA 59 / 14 / 3, Mistral 238 / 59 / 14, MQA 1904 / 476 / 119 at 2,048 / 8,192 / 32,768 tokens;
# rolling buffer 59.52 GiB / 512 MiB -> 119.  Experiment C: without a cache the K/V projections are
# sum(64..127) = 6112 and sum(64..319) = 49024 (cache length 127 / 319); with a cache 64 + 64 = 128 and 64 + 256 = 320.
# Measured times (2.786 s, 20.985 s, ...) are given; the line with "약 20배" (20.985 / 0.981 = 21.4, 23.303 / 1.072 = 21.7)
# is ambiguous (its 49,024 and 320 are right).
# OPT-13B "1.6 GB" for 2048 tokens agrees as GiB (800 KiB x 2048 = 1.5625 GiB; 1.68 decimal GB would not).
# No wrong line: every computed number agrees.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="ko", topics=["kv-cache", "gqa", "mqa", "memory"])
KiB, MiB, GiB = 2**10, 2**20, 2**30


def bpt(layers, heads, dim, b=2):
    return 2 * layers * heads * dim * b


llama, mistral, mqa, opt = bpt(32, 32, 128), bpt(32, 8, 128), bpt(32, 1, 128), bpt(40, 1, 5120)
weights = R(67, 10) * 10**9 * 2
pool = 80 * GiB - weights - R(1, 10) * 80 * GiB

L = e.line("가중치가 약 13 GB이니 80 GiB GPU면")
e.claim(L, "6.7B x 2 bytes in GB", "13", weights / 10**9, rounded_int=True)
e.claim(e.line("│ 6.7B × 2B ≈ 12.5 GiB"), "weights in GiB", "12.5", weights / GiB)
L = e.line("LLaMA-7B 구조, fp16: 토큰당 512 KiB")
e.claim(L, "LLaMA-7B KV per token (KiB) and for 32,768 tokens (GiB)", ["512", "16"],
        [R(llama, KiB), R(llama * 32768, GiB)])
e.given(e.line("메모리의 약 65%가 가중치"), "vLLM paper shares (cited)")
L = e.line("OPT-13B는 토큰 하나의 KV 캐시가 800 KB")
number_claim(e, L, "OPT-13B KV per token", "800", [("KiB", R(opt, KiB)), ("kB", R(opt, 1000))])
number_claim(e, L, "OPT-13B, 2048 tokens", "1.6", [("GiB", R(opt * 2048, GiB)), ("GB", R(opt * 2048, 10**9))])
L = e.line("`2 × 5120(은닉 차원) × 40(층) × 2(fp16 바이트) = 800 KB`")
e.claim(L, "OPT-13B per token (KiB) and restated", ["800", "800.0"], [R(opt, KiB), R(opt, KiB)])

# experiment A
e.claim(e.line("  LLaMA-7B (MHA, 32층·32헤드·128)             토큰당"), "LLaMA-7B row",
        ["512.0", "2.000", "16.00"], [R(llama, KiB), R(llama * 4096, GiB), R(llama * 32768, GiB)])
e.claim(e.line("  Mistral-7B (GQA, 32층·KV 8헤드·128)         토큰당"), "Mistral-7B row",
        ["128.0", "512.0", "4.000"], [R(mistral, KiB), R(mistral * 4096, MiB), R(mistral * 32768, GiB)])
e.claim(e.line("  가상 MQA 변형 (32층·KV 1헤드·128) (예시)          토큰당"), "MQA row",
        ["16.00", "64.00", "512.0"], [R(mqa, KiB), R(mqa * 4096, MiB), R(mqa * 32768, MiB)])
e.claim(e.line("  OPT-13B (MHA, 40층·은닉 5120)               토큰당"), "OPT-13B row",
        ["800.0", "3.125", "25.00"], [R(opt, KiB), R(opt * 4096, GiB), R(opt * 32768, GiB)])
no_heads = bpt(32, 1, 128)
e.claim(e.line("[A'] 헤드 수를 빠뜨린 식"), "formula without heads", ["16.00", "1/32"], [R(no_heads, KiB), R(no_heads, llama)])
e.claim(e.line("[A''] Mistral-7B 32,768토큰"), "full vs rolling buffer", ["4.000", "512.0", "8"],
        [R(mistral * 32768, GiB), R(mistral * 4096, MiB), R(32768, 4096)])
L = e.line("- 관찰 1: LLaMA-7B 구조(차원 4096")
number_claim(e, L, "LLaMA-7B bytes per token", "524,288", llama)
e.claim(L, "KiB, 32,768 tokens in GiB, weights in GiB", ["512", "16", "12.5"],
        [R(llama, KiB), R(llama * 32768, GiB), weights / GiB])
e.claim(e.line("- 관찰 2: 헤드 수를 곱하지 않으면"), "no-heads value and factor", ["16", "32"], [R(no_heads, KiB), 32])
L = e.line("- 관찰 3: OPT-13B의 800 KiB")
e.claim(L, "OPT-13B KiB", "800", R(opt, KiB))
number_claim(e, L, "OPT-13B bytes", "819,200", opt)
L = e.line("- 관찰 4: Mistral 7B는 KV 헤드가 8개라")
e.claim(L, "ratio 8/32, 4 GiB -> 512 MiB, factor", ["1/4", "4", "512", "8"],
        [R(mistral, llama), R(mistral * 32768, GiB), R(mistral * 4096, MiB), 8])
e.given(e.line("Mistral 7B 표 1의 context_len은 8192다"), "context_len")

# experiment B
L = e.line("[B] GPU 80 GiB(예시)")
e.claim(L, "weights and KV pool in GiB", ["12.48", "59.52"], [weights / GiB, pool / GiB])
counts = {}
for name, b in (("LLaMA", llama), ("Mistral", mistral), ("MQA", mqa)):
    counts[name] = [sp.floor(pool / (b * ctx)) for ctx in (2048, 8192, 32768)]
e.claim(e.line("  LLaMA-7B (MHA, 32층·32헤드·128)                     59개"), "LLaMA counts", ["59", "14", "3"],
        counts["LLaMA"])
e.claim(e.line("  Mistral-7B (GQA, 32층·KV 8헤드·128)                238개"), "Mistral counts", ["238", "59", "14"],
        counts["Mistral"])
e.claim(e.line("1904개"), "MQA counts", ["1904", "476", "119"], counts["MQA"])
e.claim(e.line("- 관찰 1: 같은 GPU에서 요청당 토큰이 4배가"), "ratio and LLaMA counts", ["1/4", "59", "14", "3"],
        [R(1, 4)] + counts["LLaMA"])
e.claim(e.line("- 관찰 2: KV 헤드를 32에서 8로"), "factor and counts", ["4", "59", "238"],
        [R(32, 8), counts["LLaMA"][0], counts["Mistral"][0]])
L = e.line("`59.52 GiB ÷ 512 MiB` ≈ 119개")
e.claim(L, "rolling-buffer request size, pool, count", ["512", "59.52", "119"],
        [R(mistral * 4096, MiB), pool / GiB, sp.floor(pool / (mistral * 4096))])

# experiment C
e.given(e.line("[C] d=32, 프롬프트 64토큰"), "setting")
e.claim(e.line("       64    없음            6112"), "no cache, 64 generated", ["6112", "127"],
        [sum(range(64, 128)), 64 + 64 - 1])
e.claim(e.line("       64    있음             128"), "cache, 64 generated", ["128", "128"], [64 + 64, 64 + 64])
e.claim(e.line("      256    없음           49024"), "no cache, 256 generated", ["49024", "319"],
        [sum(range(64, 320)), 64 + 256 - 1])
e.claim(e.line("      256    있음             320"), "cache, 256 generated", ["320", "320"], [64 + 256, 64 + 256])
L = e.line("- 관찰 2: 캐시가 없으면 K·V 투영 횟수는")
# 49,024 = sum(64..319) and 64 + 256 = 320 on this line are right (the same values are claimed in table C), but the
# line also says '약 20배': a round factor for measured times, so the whole line is left ambiguous.
e.ambiguous(L, "'약 20배' compares measured times (20.985/0.981 = 21.4, 23.303/1.072 = 21.7), a round figure whose "
               "precision is not stated; 49,024 and 320 on the line are right")
e.claim(e.line("- 관찰 3: 그 대신 캐시 길이"), "cache lengths", ["320", "319"], [320, 319])

# failure scenarios
L = e.line("32,768토큰 요청이 3개까지(16 GiB × 3 = 48 GiB)")
e.claim(L, "count, request size, product, pool", ["3", "16", "48", "59.52"],
        [counts["LLaMA"][2], R(llama * 32768, GiB), 3 * R(llama * 32768, GiB), pool / GiB])
e.claim(e.line("\"토큰당 KV 16 KiB, 32K 토큰 512 MiB\""), "values of the formula without heads", ["16", "512"],
        [R(no_heads, KiB), R(no_heads * 32768, MiB)])
e.claim(e.line("실제로는 512 KiB/토큰, 32K 토큰 16 GiB"), "real LLaMA-7B values", ["512", "16"],
        [R(llama, KiB), R(llama * 32768, GiB)])
e.claim(e.line("독립된 출처 값(OPT-13B 800 KB)"), "OPT-13B KiB", "800", R(opt, KiB))
e.claim(e.line("동시 요청 상한을 1/4로 잡았다"), "8/32", "1/4", R(8, 32))
e.claim(e.line("(실험 B: 59 vs 238)"), "factor and counts", ["4", "59", "238"],
        [R(32, 8), counts["LLaMA"][0], counts["Mistral"][0]])
e.claim(e.line("(실험 A″: 8배)"), "rolling buffer factor", "8", R(32768, 4096))
e.done()
