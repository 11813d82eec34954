# Expected verdicts for ko-kv-sirzzang-llama2-kv-budget-roofline.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (given): Llama-2-7b config (32 layers, 32 heads, head_dim 4096/32 = 128, fp16 = 2 bytes), 7e9 parameters,
# batch 16 x sequence 4096, GPUs of 24 / 48 GB, L40S 362 TFLOPS and 864 GB/s.
# - weights 7e9 x 2 B = 14 GB; files 9.98 + 3.5 = 13.48 -> "약 13GB": ok.
# - KV per token 2 x 32 x 32 x 128 x 2 = 524,288 B = 0.5 MiB (0.524 MB decimal also rounds to 0.5); x 16 x 4096 = 32 GiB
#   (32.77 decimal GB also reads 32 at 0 places): ok.
# - A10 / L40S: 24 - 14 = 10, 48 - 14 = 34; 10 x 1024 / 2048 = 5, 34 x 1024 / 2048 = 17 (0.5 MB x 4096 = 2048 MB per
#   request); the practical batch sizes 4 and 16 and the hourly costs are the book's (given); 16/4 = 4x and
#   3.75/2 = 1.875 -> "약 2배": ok.
# - boundary 362e12 / 864e9 = 418.98 -> 419: ok; 210 and 1,000 FLOPS/B are example workloads (given).
# - matmul intensity with M = N = K = n is n^3 / (3 n^2) = n / 3: 64 -> 21.33 (21 ok), 512 -> 170.67 printed 170 (the
#   book's table truncates; rounds to 171) -> wrong (slip), 4096 -> 1365.33 (1365 ok).
# - prefill s h / (2 s + h) with h = 4096: 62.06, 409.60, 1365.33 ok; decode h / (h + 2) = 0.9995 -> "약 1.0" ok.
# One wrong line: the 512 row of the M = N = K table.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="ko", topics=["kv-cache", "memory", "arithmetic-intensity"])
L = e.line
KiB, MiB, GiB = 2**10, 2**20, 2**30

weights_gb = R(7 * 10**9 * 2, 10**9)
per_tok = 2 * 32 * 32 * 128 * 2
total = per_tok * 16 * 4096
boundary = R(362 * 10**12, 864 * 10**9)


def ai(m, n, k):
    return R(m * n * k, m * k + k * n + m * n)


ln = L("Llama-2-7b라면 가중치가 14GB인데")
e.claim(ln, "weights (GB) and KV for batch 16 x 4096 (GiB)", ["14", "16", "4096", "32"],
        [weights_gb, 16, 4096, R(total, GiB)])
for lab in ("| 하드디스크(SSD) |", "| CPU 메모리 |", "| GPU 메모리 |"):
    e.given(L(lab), "bandwidth table (book Table 5-5)")
for lab in ('"hidden_size": 4096', '"num_attention_heads": 32', '"num_hidden_layers": 32',
            '"num_key_value_heads": 32', '"vocab_size": 32000'):
    e.given(L(lab), "Llama-2-7b config.json")
for lab in ("| FP32 (단정밀도) |", "| FP16 (반정밀도) / BF16 |", "| INT8 / FP8 |"):
    e.given(L(lab), "precision table (book Table 5-6)")
e.claim(L("Llama-2-7b (BF16) ≈ 7 × 10^9 × 2 B = 14 GB"), "weights in GB", "14", weights_gb)
ln = L("약 13GB(9.98 + 3.5GB)")
e.given(ln, "file sizes 9.98 and 3.5 GB")
e.claim(ln, "9.98 + 3.5 GB ('약 13GB')", "13", R("9.98") + R("3.5"), rounded_int=True)
e.given(L("14GB 모델을 16GB GPU에 올리면"), "14 GB model, 16 GB GPU")
ln = L("2 × 32 × 32 × 128 × 2 B = 524,288 B = 0.5 MB")
number_claim(e, ln, "KV bytes per token", "524,288", per_tok)
number_claim(e, ln, "KV per token in MB", "0.5", [("MiB", R(per_tok, MiB)), ("MB", R(per_tok, 10**6))])
ln = L("0.5 MB × 16 × 4096 = 32 GB")
number_claim(e, ln, "KV for batch 16 x 4096", "32", [("GiB", R(total, GiB)), ("GB", R(total, 10**9))])
e.claim(L("**모델 자체(14GB)보다 KV 캐시(32GB)가 크다.**"), "restated 14 GB and 32 GiB", ["14", "32"],
        [weights_gb, R(total, GiB)])
e.given(L("시퀀스 길이를 4096으로 두고 24GB(A10)와 48GB(L40S)"), "sequence 4096, 24 / 48 GB GPUs, model 14 GB")
req = R(per_tok * 4096, MiB)   # 2048 MiB per request
ln = L("| A10 24GB | 10 GB |")
e.given(ln, "practical batch 4 and the hourly cost (book)")
e.claim(ln, "free memory and computed batch", ["10", "5"], [24 - 14, R(10 * 1024, req)])
ln = L("| L40S 48GB | 34 GB |")
e.given(ln, "practical batch 16 and the hourly cost (book)")
e.claim(ln, "free memory and computed batch", ["34", "17"], [48 - 14, R(34 * 1024, req)])
ln = L("처리량이 4배로 느는 동안 비용은 약 2배")
e.claim(ln, "throughput ratio 16/4", "4", R(16, 4))
e.claim(ln, "cost ratio 3.75/2 ('약 2배')", "2", R("3.75") / 2, rounded_int=True)
e.given(L("계산상 최대치(5, 17)를 그대로 쓰지는 못한다"), "restated 5 and 17")
e.given(L("**모델 크기의 약 2배 GPU 메모리**"), "rule of thumb")
e.given(L("L40S: FP16 텐서 코어 362 TFLOPS"), "L40S specs")
e.claim(L("이론적 경계 = (362 × 10^12 FLOPS) / (864 × 10^9 B/s) ≈ 419 FLOPS/B"), "L40S boundary", "419", boundary,
        rounded_int=True)
e.given(L("워크로드의 산술 강도가 419 FLOPS/B보다 낮으면"), "restated boundary")
e.given(L("예컨대 약 210 FLOPS/B인 워크로드는"), "example workloads 210 and 1,000 FLOPS/B")
e.given(L("정밀도를 2바이트(FP16)로 두고"), "2 bytes")
e.claim(L("| 64 | 21 | memory bandwidth-bound |"), "intensity n/3 at n = 64", "21", ai(64, 64, 64), rounded_int=True)
e.claim(L("| 512 | 170 | memory bandwidth-bound |"), "intensity n/3 at n = 512", "170", ai(512, 512, 512),
        rounded_int=True)
e.claim(L("| 4096 | 1365 | compute-bound |"), "intensity n/3 at n = 4096", "1365", ai(4096, 4096, 4096),
        rounded_int=True)
h = 4096
for s, printed in ((64, "62.06"), (512, "409.60"), (4096, "1365.33")):
    ln = L(f"| {s} | 4096 | {printed} |")
    e.claim(ln, f"prefill intensity s = {s}", printed, ai(s, h, h))
    e.claim(ln, "decode intensity ('약 1.0')", "1.0", ai(1, h, h))
ln = L("| 로딩 | GPU 메모리 용량 |")
e.claim(ln, "summary: weights, KV, batch x sequence", ["14", "32", "16", "4096"],
        [weights_gb, R(total, GiB), 16, 4096])
ln = L("| 실행 (prefill) |")
e.claim(ln, "summary: boundary, s, prefill intensity", ["419", "4096", "1365"], [boundary, 4096, ai(4096, h, h)],
        rounded_int=True)
ln = L("| 실행 (decode) |")
e.claim(ln, "summary: boundary and decode intensity", ["419", "1.0"], [boundary, ai(1, h, h)], rounded_int=True)
e.done()
