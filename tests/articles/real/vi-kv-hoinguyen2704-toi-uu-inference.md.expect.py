# Expected verdicts for vi-kv-hoinguyen2704-toi-uu-inference.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: Llama 3 70B with 80 layers, 8 KV heads, head_dim 128, 2 bytes (BF16); A100 with 312 TFLOPS, 2 TB/s, 80 GB;
# 70B parameters at 2 bytes; batching and speculative-decoding scenario numbers as stated.
# - per token 2·80·8·128·2 = 327,680 bytes = 320 KiB (the article's "320 KB"): right.
# - "320 KB * 4,096 = 1.28 GB": 327,680 · 4096 = 1,342,177,280 bytes = 1.25 GiB = 1.342 GB, so 1.28 is right under no
#   reading (it is 320 · 4096 = 1,310,720 "KB" divided by 1,024,000: mixed binary and decimal units) -> wrong (slip).
# - "320 KB * 131,072 = 40 GB": 42,949,672,960 bytes = 40 GiB -> right (binary reading, as "320 KB" = 320 KiB).
# - "100 người dùng ... 4K token ... 128 GB": 100 · 4096 · 327,680 = 134,217,728,000 bytes = 125 GiB = 134.2 GB; 128 is
#   100 × the wrong 1.28 -> wrong (carried).
# - PagedAttention "1,28 GB liên tục" restated twice on one line -> wrong (carried).
# - Everything else agrees: 140 GB / 2 TB/s = 70 ms; 999 = 1000 - 1; 500 - 10 = 490; wasted 50 - 10 = 40 and 50 - 30 = 20
#   steps; 5 + 70 = 75 ms and 4 · 70 = 280 ms; 100 · 400 ms = 40 s; 2000 - 1500 = 500; 312/2 = 156; 64/8 = 8; 2³ = 8.
# Ambiguous: "khoảng 400ms" of prefill for a 2,000-token prefix is a rough figure (the article's own 400 ms was for 4,096
# tokens, which would scale to about 195 ms); the 40 s right after it is right from the stated 400 ms.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim, dotted_int_claim

e = Expect(__file__, language="vi", topics=["kv", "gqa", "memory", "code-block", "mermaid", "thousands-separators"])
per_tok = 2 * 80 * 8 * 128 * 2
KiB, GiB, GB = 1024, 1024**3, 10**9

ln = e.line("100 người dùng vào cùng lúc")
e.given(ln, "observed throughput 50 / 3 token/s, 25.000 USD/tháng")
ln = e.line("Cùng GPU, cùng mô hình, thông lượng gấp 4 lần")
e.given(ln, "15-25 TPS with vLLM vs 5 TPS without")
e.claim(ln, "throughput factor (midpoint 20 of 15-25 over 5)", ["4"], [R(20, 5)])
e.given(e.line("một chiếc A100 đạt 312 TFLOPS (BF16)"), "A100 312 TFLOPS, prefill 4.096 tokens ≈ 400 ms")
ln = e.line("mô hình 70B ở FP16 nặng 140 GB")
e.claim(ln, "70B params × 2 bytes in GB, time to read at 2 TB/s (ms)", ["140", "70"],
        [R(70 * 10**9 * 2, GB), R(140, 2000) * 1000])
e.given(e.line("ops:byte ratio = FLOPs per token"), "ops:byte definition")
ln = e.line("Khi prefill với batch 4.096 token")
dotted_int_claim(e, ln, "uses per weight in prefill", "4.096", 4096)
e.claim(ln, "uses per weight at batch 1", ["1"], [1])
ln = e.line("đến token 1.000 thì token 1 đã bị chiếu")
e.claim(ln, "recomputations of token 1 by token 1000", ["999"], [1000 - 1])
e.given(e.line("KV cache size = 2 * num_layers"), "KV cache formula")
e.given(e.line("Với Llama 3 70B (80 lớp, 8 KV head"), "80 layers, 8 KV heads, head_dim 128, BF16")
ln = e.line("per token: 2 * 80 * 8 * 128 * 2 bytes")
number_claim(e, ln, "bytes per token", "327,680", per_tok)
number_claim(e, ln, "KiB per token", "320", [("KiB", R(per_tok, KiB)), ("kB", R(per_tok, 1000))])
ln = e.line("at 4,096 tokens: 320 KB * 4,096 = 1.28 GB")
number_claim(e, ln, "KV cache at 4096 tokens", "1.28", [("GiB", R(per_tok * 4096, GiB)), ("GB", R(per_tok * 4096, GB))])
ln = e.line("at 128K tokens: 320 KB * 131,072 = 40 GB")
number_claim(e, ln, "KV cache at 131072 tokens", "40", [("GiB", R(per_tok * 131072, GiB)), ("GB", R(per_tok * 131072, GB))])
ln = e.line("Một cuộc hội thoại 128K-context chiếm 40 GB KV cache")
number_claim(e, ln, "KV cache at 128K restated", "40", [("GiB", R(per_tok * 131072, GiB)), ("GB", R(per_tok * 131072, GB))])
number_claim(e, ln, "100 users × 4096 tokens", "128",
             [("GiB", R(100 * 4096 * per_tok, GiB)), ("GB", R(100 * 4096 * per_tok, GB))], cause="carried")
ln = e.line("nếu một yêu cầu cần 500 token và yêu cầu khác cần 10")
e.claim(ln, "idle decode steps", ["490"], [500 - 10])
for needle in ("participant R1 as Request 1 (50 tokens)", "participant R2 as Request 2 (10 tokens)",
               "participant R3 as Request 3 (30 tokens)"):
    e.given(e.line(needle), "request length")
L = e.line("Note over GPU: Static batching")
e.claim(e.line("Note over R2: R2 done at step 10", after=L), "R2 finishes", ["10"], [10])
e.claim(e.line("Note over R2: Wasting 40 steps...", after=L), "R2 idle steps", ["40"], [50 - 10])
e.claim(e.line("Note over R3: R3 done at step 30", after=L), "R3 finishes", ["30"], [30])
e.claim(e.line("Note over R3: Wasting 20 steps...", after=L), "R3 idle steps", ["20"], [50 - 30])
e.claim(e.line("GPU->>R4: Finally start R4 at step 50", after=L), "static batch ends", ["50"], [max(50, 10, 30)])
L = e.line("Note over GPU: Continuous batching")
e.claim(e.line("Note over R2: R2 done at step 10", after=L), "R2 finishes (continuous)", ["10"], [10])
e.claim(e.line("GPU->>R4: Insert R4 at step 11", after=L), "R4 inserted", ["11"], [10 + 1])
e.claim(e.line("Note over R3: R3 done at step 30", after=L), "R3 finishes (continuous)", ["30"], [30])
ln = e.line("một yêu cầu 4K-token cần 1,28 GB liên tục")
e.claim(ln, "KV cache of one 4K request, printed twice [GiB reading; the GB reading is 1.342]", ["1,28", "1,28"],
        [R(per_tok * 4096, GiB)] * 2, cause="carried")
e.given(e.line("Generate 5 tokens<br/>~5ms"), "draft 5 tokens in 5 ms")
e.given(e.line("Verify all 5 in one pass<br/>~70ms"), "one target pass 70 ms")
ln = e.line("Accept 4 tokens in 75ms<br/>vs 280ms sequential")
e.claim(ln, "speculative vs sequential time (ms)", ["4", "75", "280"], [4, 5 + 70, 4 * 70])
ln = e.line("Với một system prompt 2.000 token dùng chung")
e.ambiguous(ln, "khoảng 400ms of prefill for a 2,000-token prefix is a rough figure (the article's 400 ms was for a "
            "4,096-token prompt, about 195 ms when scaled linearly)")
e.claim(ln, "GPU seconds saved per second at 100 req/s", ["40"], [100 * R(400, 1000)])
ln = e.line("Nếu chỉ trùng 1.500 trong số 2.000 token tiền tố")
dotted_int_claim(e, ln, "reused prefix tokens", "1.500", 1500)
e.claim(ln, "recomputed tokens", ["500"], [2000 - 1500])
for needle, printed, val in (("| Prefill, batch=1 | ~4.096 |", "4.096", 4096), ("| Decode, batch=1024 | ~1.024 |", "1.024", 1024)):
    dotted_int_claim(e, e.line(needle), "ops:byte = tokens per weight read", printed, val)
for needle, printed, val in (("| Decode, batch=1 | ~1 |", "1", 1), ("| Decode, batch=32 | ~32 |", "32", 32),
                             ("| Decode, batch=256 | ~256 |", "256", 256)):
    e.claim(e.line(needle), "ops:byte = batch size", [printed], [val])
ln = e.line("điểm giao thoa là khoảng ops:byte = 156")
e.claim(ln, "ridge point 312 TFLOPS / 2 TB/s", ["156", "156", "156"], [R(312, 2)] * 3)
ln = e.line("lượng tử hóa KV sang INT4 sẽ tăng khoảng 4 lần")
e.claim(ln, "FP16 (16 bits) / INT4 (4 bits)", ["4"], [R(16, 4)])
ln = e.line("Llama 3 70B có 64 query head nhưng chỉ 8 KV head")
e.claim(ln, "MHA / GQA KV size", ["8"], [R(64, 8)])
ln = e.line("2 nhánh tại mỗi cấp trong 3 cấp = 8 ứng viên lá")
e.claim(ln, "leaves of a binary tree of depth 3", ["8"], [2**3])
e.done()
