# Expected verdicts for ko-kv-sonhunseo-serving-roofline.md, computed with plain SymPy (see oracle.py); not symattn's
# code.
# - Weights: 7e9 × 2 B = 14 GB; the files 9.98 + 3.5 = 13.48 -> "약 13 GB": ok.
# - KV cache per token 2 × 32 × 32 × 128 × 2 = 524,288 B = 0.5 MiB ("0.5MB", binary reading); 0.5 MiB × 4096 × 16 =
#   32 GiB ("32GB"): ok.  Free memory 24 − 14 = 10 and 48 − 14 = 34; 10 × 1024 / (0.5 × 4096) = 5 and 34 × 1024 / 2048 =
#   17: ok (the practical 4 and 16 are the author's choice below the theoretical value -> given).  Throughput 16 / 4 = 4×,
#   cost 3.75 / 2 = 1.875 -> "약 2배": ok.
# - L40S ridge point 362e12 / 864e9 = 418.98 -> ~419: ok; the ~210 FLOPS/B workload is an assumed example ("roughly
#   half") -> given.
# - Square matmul intensity n³ / (3 n²) = n / 3: 21.33 -> 21 ok, 170.67 -> 171, printed 170 (truncated) -> wrong (slip),
#   repeated in the bullet "각각 21, 170" (carried); 1365.33 -> 1365 ok.
# - Prefill s·h / (2s + h) with h = 4096: 62.06, 409.60, 1365.33 ok; decode h / (h + 2) = 0.9995 -> 1.0 ok.
# - GQA 32 ÷ 8 = 4; rounding 7.6 -> 8 (error 0.4); INT8 halves 14 GB to 7 GB; W4A16 keeps 4/16 (75 % saved), W8A8 8/16
#   (50 %); gpt-oss 117e9 × 0.5 = 58.5 GB and 21e9 × 0.5 = 10.5 GB: all ok.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="ko", topics=["kv-cache", "memory", "gqa", "mha", "arithmetic-intensity", "quantization"])
L = e.line

MiB, GiB = 2**20, 2**30
for lab in ("|FP32 (단정밀도", "|FP16 (반정밀도", "|INT8 (1/4 정밀도"):
    e.given(L(lab), "bits and bytes per precision")
e.given(L("Llama-2-7b(약 70억 개, BF16)"), "7 billion parameters")
e.claim(L("- 7 billion parameters × 2 bytes/parameter = 14 billion bytes = 14 GB"), "weights", ["14", "14"],
        [7 * 2, 7 * 2])
ln = L("총 약 **13 GB**(9.98 + 3.5GB)")
e.given(ln, "file sizes 9.98 and 3.5 GB")
e.claim(ln, "sum of the files", "13", R("9.98") + R("3.5"), rounded_int=True)
e.given(L("16GB 카드라면 14GB 모델은"), "card and model sizes")
for lab in ("- 어텐션 레이어 수: 32", "- 어텐션 헤드 수: 32", "- 정밀도: half precision → 토큰당 2바이트"):
    e.given(L(lab), "Llama-2-7b configuration")
e.claim(L("- 헤드 차원: 128 (= 4096 / 32)"), "head dim", "128", R(4096, 32))
per_tok = 2 * 32 * 32 * 128 * 2
ln = L("2 × 32 × 32 × 128 × 2 = 524,288 바이트")
number_claim(e, ln, "KV bytes per token", "524,288", per_tok)
number_claim(e, ln, "KV per token in MB", "0.5", [("binary MB (MiB)", R(per_tok, MiB)), ("decimal MB", R(per_tok, 10**6))])
e.given(L("요청당 최대 4,096 토큰, 배치 16으로"), "4096 tokens, batch 16")
ln = L("- **총 KV 캐시** = 0.5MB 토큰 × 요청당 4,096 토큰")
number_claim(e, ln, "total KV cache in GB", "32", [("binary GB (GiB)", R(per_tok * 4096 * 16, GiB)),
                                                   ("decimal GB", R(per_tok * 4096 * 16, 10**9))])
e.given(L("모델 자체(14GB)보다"), "model size restated")
e.given(L("요청 하나의 캐시(0.5MB × 4096)"), "per-request cache")
ln = L("|A10 24 GB|10 GB (24 – 14)|")
e.claim(ln, "A10 free memory and theoretical batch", ["10", "5"], [24 - 14, R(10 * 1024) / (R(1, 2) * 4096)])
e.given(ln, "practical batch 4 and price $2 (author's choice / quoted price)")
ln = L("|L40S 48 GB|34 GB (48 – 14)|")
e.claim(ln, "L40S free memory and theoretical batch", ["34", "17"], [48 - 14, R(34 * 1024) / (R(1, 2) * 4096)])
e.given(ln, "practical batch 16 and price $3.75")
ln = L("저자는 이론값(5, 17)을")
e.claim(ln, "theoretical batches restated", ["5", "17"], [5, 17])
e.claim(ln, "throughput ratio 16 / 4", "4", R(16, 4))
e.claim(ln, "cost ratio 3.75 / 2 (약 2배)", "2", R("3.75") / 2, rounded_int=True)
e.claim(L("## 4. L40S의 교차점: 419 FLOPS/B"), "ridge point (heading)", "419", R(362 * 10**12, 864 * 10**9),
        rounded_int=True)
ln = L("- 362 TeraFLOPS / 864 GB/s")
e.claim(ln, "ridge point 362e12 / 864e9", "419", R(362 * 10**12, 864 * 10**9), rounded_int=True)
ln = L("- 산술 강도 : ~210 FLOPS/B (419의 절반)")
e.given(ln, "an assumed workload of about 210 FLOPS/B, described as roughly half of 419")
e.given(L("- 산술 강도 : 1,000 FLOPS/B"), "example workload")
for n, p in ((64, "21"), (512, "170"), (4096, "1365")):
    e.claim(L(f"|{n}|{p}|"), f"intensity n/3 for n = {n}", p, R(n * n * n, 3 * n * n), rounded_int=True)
ln = L("산술 강도가 각각 21, 170")
e.claim(ln, "intensity for 64", "21", R(64, 3), rounded_int=True)
e.claim(ln, "intensity for 512 (restated)", "170", R(512, 3), cause="carried", rounded_int=True)
e.given(ln, "ridge 419 restated")
ln = L("- **행렬 크기가 4,096으로 커지면**: 산술 강도 1365")
e.claim(ln, "intensity for 4096", "1365", R(4096, 3), rounded_int=True)
e.given(L("K = N = h = 4096으로 두면"), "h = 4096")
h = 4096
hdr = L("| **시퀀스 길이  M = s for prefill")
for k, (s, p) in enumerate(((64, "62.06"), (512, "409.60"), (4096, "1365.33"))):
    ln = hdr + 2 + k
    assert e.lines[ln - 1].startswith(f"| {s} ")
    e.claim(ln, f"prefill and decode intensity for s = {s}", [p, "1.0"],
            [R(s * h * h, s * h + h * h + s * h), R(h * h, h + h * h + h)])
e.claim(L("산술 강도가 늘 ~1.0이고"), "decode intensity", "1.0", R(h, h + 2))
for lab in ('"num_attention_heads": 32,', '"num_hidden_layers": 32,'):
    for k in (1, 2):
        e.given(L(lab, k), "config value")
e.given(L('"num_key_value_heads": 32,'), "MHA KV heads")
e.given(L('"num_key_value_heads": 8,'), "GQA KV heads")
e.claim(L("→ KV 헤드 하나를 32 ÷ 8 = 4개"), "query heads per KV head", "4", R(32, 8))
ln = L("FP32의 7.6 → INT8")
e.claim(ln, "rounding 7.6 and its error", ["8", "0.4"], [8, 8 - R("7.6")])
e.given(L("FP8 범위가 ±448이라면"), "clamping example")
e.claim(L("- ~7 billion parameters × 2 bytes/parameter"), "weights (restated)", ["14", "14"], [14, 14])
e.claim(L("→ INT8로 양자화하면 즉시 7GB"), "INT8 weights", "7", 7 * 1)
ln = L("|모델 크기/데이터 이동량 감소|75% (원본의 1/4)|")
e.claim(ln, "W4A16 and W8A8 savings", ["75%", "1/4", "50%", "1/2"], [1 - R(4, 16), R(4, 16), 1 - R(8, 16), R(8, 16)])
e.claim(L("~117 billion parameters × 0.5 bytes"), "gpt-oss-120b", ["58.5", "58.5"], [R(117, 2), R(117, 2)])
e.claim(L("~21 billion parameters × 0.5 bytes"), "gpt-oss-20b", ["10.5", "10.5"], [R(21, 2), R(21, 2)])
e.done()
