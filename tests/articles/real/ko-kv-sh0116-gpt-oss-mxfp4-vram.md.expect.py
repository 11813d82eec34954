# Expected verdicts for ko-kv-sh0116-gpt-oss-mxfp4-vram.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: GPT-OSS-120B with L = 36 layers, 8 KV heads, head_dim 64 (the article's assumption); FP16 = 2 bytes, FP8 = 1;
# context 8K / 32K / 131K tokens read as 8192 / 32768 / 131072; reported weight sizes 60.8 GiB (120B) and 12.8 GiB (20B).
# - KV per token: 2 × 36 × (8 × 64) × 2 = 73,728 bytes (FP16), 36,864 bytes (FP8).
# - 8K: 603,979,776 B = 0.5625 GiB -> ~0.56 ok (decimal GB would be 0.60); FP8 0.28125 -> 0.28 ok.
#   32K: 2.25 GiB and 1.125 -> 1.13 (exact tie, both neighbours agree) ok; 131K: 9.0 GiB and 4.5 GiB ok.
#   So the table's "GB" are binary GiB (with K = 1024 tokens); recorded as ok under that reading.
# - 60.8 GiB = 65.28 GB -> "≈65.3 GB" ok.
# - "70GB대 중후반" and "70GB 내외" are hedged totals (weights + KV + "수 GB" overhead) -> ambiguous.
# - Weights-only table: the INT4 / FP8 / BF16 rows (58.4 / 116.8 / 233.7 GB) follow 116.83 B parameters (gpt-oss-120b's
#   real count), not the "120B 가정" in the header (60 / 120 / 240 GB): FP8 row taken as the table's own base (given),
#   INT4 = FP8 / 2 ok, BF16 233.7 vs 2 × 116.8 = 233.6 -> ambiguous (right from the unprinted 116.83 B, not from the
#   printed operand).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, number_claim

e = Expect(__file__, language="ko", topics=["kv-cache", "memory", "gqa", "markdown-table"])
L = e.line
layers, kv_heads, head_dim = 36, 8, 64
per_tok = {"fp16": 2 * layers * kv_heads * head_dim * 2, "fp8": 2 * layers * kv_heads * head_dim * 1}


def readings(nbytes):
    n = sp.Integer(nbytes)
    return [("GiB", n / 2**30), ("decimal GB", n / 10**9)]


e.given(L("가중치가 공개된 **120B / 20B**"), "model sizes 120B / 20B")
e.given(L("**120B가 H100 80GB 1장**"), "reported fit: 120B on one 80GB H100, 20B on 16GB class")
ln = L("| 가중치 비트폭(대표) |")
e.given(ln, "bit widths 4 / 4 / 8 / 16")
e.given(L("- **120B (MXFP4 MoE)**: ~**60.8 GiB** (보고값)"), "reported weights 120B")
e.given(L("- **20B (MXFP4 MoE)**: ~**12.8 GiB** (보고값)"), "reported weights 20B")
e.given(L("`bytes_per_element`: FP16=2, FP8=1"), "bytes per element")
e.given(L("> 예시(보고 하이퍼파라미터 가정: L=36, KV_heads=8, head_dim=64)"), "L = 36, 8 KV heads, head_dim 64")
e.given(L("문맥 길이별 값(배치 1):"), "batch 1")

rows = [("| 8K | ~0.56 GB | ~0.28 GB |", 8192, "0.56", "0.28"),
        ("| 32K | ~2.25 GB | ~1.13 GB |", 32768, "2.25", "1.13"),
        ("| 131K | ~9.0 GB | ~4.5 GB |", 131072, "9.0", "4.5")]
for lab, ctx, p16, p8 in rows:
    ln = L(lab)
    number_claim(e, ln, f"FP16 KV for {ctx} tokens", p16, readings(ctx * per_tok["fp16"]))
    number_claim(e, ln, f"FP8 KV for {ctx} tokens", p8, readings(ctx * per_tok["fp8"]))

ln = L("**MXFP4 가중치(≈65.3 GB, GiB→GB 환산 포함)**")
e.claim(ln, "60.8 GiB in GB", "65.3", R(608, 10) * 2**30 / sp.Integer(10**9))
number_claim(e, ln, "FP16 KV for 8K restated", "0.56", readings(8192 * per_tok["fp16"]))
e.ambiguous(L("**70GB대 중후반**에 들어온다고"),
            "hedged range: 65.3 GB weights + 9.0 GiB (9.66 GB) KV at 131K + an unquantified 'few GB' overhead")
e.given(L("| **MXFP4 MoE** | ~60.8 GiB(보고) |"), "reported MXFP4 weights")
e.ambiguous(L("| **MXFP4 MoE** | ~60.8 GiB(보고) |"),
            "'70GB 내외' with KV and overhead is a hedge (and differs from '70GB대 중후반' above)")
fp8 = R(1168, 10)
e.given(L("| FP8/INT8(전면) | ~116.8 GB |"),
        "FP8 weights 116.8 GB: 1 byte × 116.8B parameters (the header says '120B 가정', which would give 120 GB)")
e.claim(L("| INT4(전면) | ~58.4 GB(이론) |"), "INT4 = half the FP8 bytes", "58.4", fp8 / 2)
e.ambiguous(L("| BF16(전면) | ~233.7 GB |"),
            "2 × the printed 116.8 GB is 233.6; 233.7 follows the unprinted 116.83B parameter count, and the header's "
            "'120B 가정' would give 240 GB")
e.given(L("블록 스케일이 붙은 4비트 부동소수"), "4-bit format")
e.given(L("배치 1에서 토큰 하나당 KV 캐시는"), "batch 1")
e.given(L("KV_bytes_per_token ≈ 2 × L ×"), "formula (2 = K and V)")
e.given(L("### 3) 대략 합계(120B, 배치 1)"), "120B, batch 1")
e.given(L("| 모델/정밀도 | 가중치 메모리(120B 가정) |"), "header: 120B assumed")
e.done()
