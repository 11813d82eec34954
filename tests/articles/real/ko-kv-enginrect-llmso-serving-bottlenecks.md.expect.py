# Expected verdicts for ko-kv-enginrect-llmso-serving-bottlenecks.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Korean study note on LLM serving bottlenecks (after "Hands-On LLM Serving and Optimization"): GPU and interconnect
# bandwidth, model and KV-cache memory, batch budgets, the roofline crossover, matmul arithmetic intensity for
# prefill/decode, and the KV saving of MQA/GQA.
# Inputs as stated: H100 SXM NVLink 900 GB/s per GPU, 8 GPUs per node (7 peers), IB 400 Gbps; Llama-2-7b with
# 7e9 params (70억), BF16/FP16 2 bytes, 32 layers, 32 heads, head dim 128; batch 16, sequence 4,096; A10 24 GB,
# L40S 48 GB, model 14 GB; L40S 362 TFLOPS and 864 GB/s; matmul intensity MNK/(MK+KN+MN); h = 4096.
# Exact values:
#   900/7 = 128.571 GB/s -> the printed "128" (table row and "900 ÷ 7 ≈ 128 GB/s") is truncated: WRONG (slip), both lines,
#     right value 129 at the printed precision;
#   400/8 = 50 GB/s, 900/50 = 18; bytes 32/8 = 4, 16/8 = 2, 8/8 = 1;
#   7e9 x 2 = 14,000,000,000 B = 14 GB; 2*32*32*128*2 = 524,288 B = 0.5 MiB (0.524 MB: both readings round to 0.5);
#   524,288 x 16 x 4,096 = 34,359,738,368 B = 32 GiB (the note counts 0.5 MB = 524,288 B, so binary units: right);
#   24 - 14 = 10, 10*1024/(0.5*4096) = 5; 48 - 14 = 34, 34*1024/(0.5*4096) = 17; 17/5 = 3.4 ("3배 이상", right);
#   40 x 2 = 80; 362e12/864e9 = 418.98 -> 419; the examples 210 and 1,000 are chosen inputs (210/419 = 0.501, "half");
#   square matmul n/3: 21.33, 170.67, 1365.33 (-> 21.3 / 170.7 / 1,365.3 and 21 / 171 / 1365);
#   prefill s*h/(2s+h): 62.06, 409.6, 1365.33; decode 4096/4098 = 0.99951 -> "1.0";
#   GQA factors 14/2 = 7, 32/8 = 4.
# Ambiguous: "실질적으로 4 / 16 정도" (the activation reserve that lowers 5/17 to 4/16 is not stated).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim, agrees

e = Expect(__file__, language="ko", topics=["kv-cache", "gqa", "mqa", "complexity", "roofline", "markdown-table"])

per_tok = 2 * 32 * 32 * 128 * 2
total = per_tok * 16 * 4096
MiB, GiB = 2**20, 2**30


def n(line, what, printed, exact, cause="slip"):
    number_claim(e, line, what, printed, exact, cause)


def cdec(line, what, printed, exact, cause="slip"):
    """A decimal with a thousands comma ("1,365.3"): rounding agreement on the comma-free number."""
    assert printed in e.lines[line - 1], (line, printed)
    ent = e._entry(line)
    item = {"what": what, "printed": [printed]}
    if not agrees(printed.replace(",", ""), exact):
        item.update(wrong=[{"printed": printed, "exact": str(sp.N(exact, 8))}], cause=cause)
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


def ai_square(m):
    return R(m * m * m, 3 * m * m)


def ai_prefill(s, h=4096):
    return R(s * h * h, s * h + h * h + s * h)


# --- GPU and interconnect ------------------------------------------------------------
e.given(e.line("#### H100 SXM vs H100 NVL"), "GPU names")
e.given(e.line("| 항목 | H100 SXM | H100 NVL |"), "GPU names")
for s in ("| FP16/BF16 Tensor Core |", "| FP8 Tensor Core |", "| GPU Memory |", "| Memory Bandwidth |",
          "| Interconnect | **NVLink 900 GB/s**"):
    e.given(e.line(s), "H100 spec sheet value")
e.given(e.line("| **H100 PCIe** | 128 GB/s |"), "PCIe bandwidth")
e.given(e.line("| **H100 NVL (NVLink Bridge)** | 600 GB/s |"), "NVLink bridge topology")
L = e.line("| **H100 SXM + NVLink** | 총 900 GB/s |")
e.given(L, "900 GB/s per GPU, up to 8 GPUs")
e.claim(L, "peers of one GPU in an 8-GPU node", ["7"], [8 - 1])
e.claim(L, "900 / 7 per link (128.57; the printed 128 is truncated)", ["128"], [R(900, 7)], rounded_int=True)
e.given(e.line("| **+ NVSwitch** | **모든 쌍이 900 GB/s** |"), "NVSwitch all-pairs bandwidth")
L = e.line("900 ÷ 7 ≈ 128 GB/s가 돌아간다")
e.given(L, "900 GB/s restated, 8 GPUs")
e.claim(L, "peers", ["7"], [8 - 1])
e.claim(L, "900 / 7 (128.57; truncated to 128)", ["128"], [R(900, 7)], rounded_int=True)
e.given(e.line("**보통 8개**에서 멈추고"), "8 GPUs per node")
e.given(e.line("| 노드 내 NVLink/NVSwitch | 900 GB/s |"), "bandwidth")
e.given(e.line("| 노드 내 NVLink Bridge | 600 GB/s |"), "bandwidth")
e.given(e.line("| 노드 내 PCIe | 128 GB/s |"), "bandwidth")
L = e.line("| **노드 간 (IB 400G)** | **50 GB/s** |")
e.given(L, "IB 400G")
e.claim(L, "400 Gbps / 8", ["50"], [R(400, 8)])
L = e.line("400 Gbps ÷ 8 = 50 GB/s. NVLink 대비 **18배 느리다.**")
e.claim(L, "400 / 8", ["50"], [R(400, 8)])
e.claim(L, "900 / 50", ["18"], [R(900, 50)])
L = e.line("그래서 텐서 병렬화는 8을 기본 단위로")
e.given(L, "tensor-parallel size 8")
e.claim(L, "first size past one node", ["9"], [8 + 1])

# --- model size -------------------------------------------------------------------------
for row, bits in (("| FP32 | 32 | 4 |", 32), ("| FP16 / BF16 | 16 | 2 |", 16), ("| INT8 / FP8 | 8 | 1 |", 8)):
    L = e.line(row)
    e.given(L, f"{bits} bits")
    e.claim(L, f"{bits} bits in bytes", [str(bits // 8)], [R(bits, 8)])
e.given(e.line("파라미터 수는 모델 이름(`Llama-2-7b`)"), "model name")
L = e.line("Llama-2-7b (BF16) = 70억 × 2 bytes = 14,000,000,000 bytes ≈ 14 GB")
e.given(L, "7e9 parameters (70억), 2 bytes")
n(L, "7e9 x 2 bytes", "14,000,000,000", [("", sp.Integer(14 * 10**9))])
n(L, "in GB", "14", [("decimal GB", R(14 * 10**9, 10**9)), ("binary GB", R(14 * 10**9, GiB))])
e.given(e.line("(약 13.5GB)"), "measured checkpoint size")
e.given(e.line("16GB GPU에 14GB짜리 모델"), "GPU and model sizes")

# --- KV cache ------------------------------------------------------------------------------
e.given(e.line("토큰당 KV 캐시 = 2 × 레이어 수"), "K and V")
e.given(e.line("Llama-2-7b(MHA, 32층, 32헤드, 헤드 차원 128, FP16)"), "Llama-2-7b shape")
L = e.line("2 × 32 × 32 × 128 × 2 = 524,288 bytes = 0.5 MB / 토큰")
n(L, "2*32*32*128*2", "524,288", [("", sp.Integer(per_tok))])
n(L, "per token in MB", "0.5", [("binary MB", R(per_tok, MiB)), ("decimal MB", R(per_tok, 10**6))])
e.given(e.line("= 0.5MB × 16 × 4,096"), "per-token size, batch 16, sequence 4,096")
L = e.line("= 32 GB      ← 모델(14GB)보다 크다")
n(L, "0.5 MB x 16 x 4096", "32", [("binary GB", R(total, GiB)), ("decimal GB", R(total, 10**9))])
e.given(L, "model 14 GB restated")
L = e.line("| A10 24GB | 10 GB |")
e.claim(L, "24 - 14", ["10"], [24 - 14])
e.claim(L, "10*1024/(0.5*4096)", ["5"], [R(10 * 1024) / (R(1, 2) * 4096)])
L = e.line("| L40S 48GB | 34 GB |")
e.claim(L, "48 - 14", ["34"], [48 - 14])
e.claim(L, "34*1024/(0.5*4096)", ["17"], [R(34 * 1024) / (R(1, 2) * 4096)])
e.claim(e.line("동시 처리량이 3배 이상"), "17/5 = 3.4, a lower bound of 3", ["3"], [R(17, 5)], rounded_int=True)
e.ambiguous(e.line("실질적으로 4 / 16 정도"), "the activation reserve that lowers the theoretical 5 / 17 to 4 / 16 "
            "is not stated")
e.given(e.line("GPU 메모리 ≈ 모델 크기 × 2"), "rule of thumb x2")
e.claim(e.line("40GB 모델이면 80GB GPU"), "40 x 2", ["80"], [40 * 2])

# --- roofline -----------------------------------------------------------------------------
cross = R(362 * 10**12, 864 * 10**9)
L = e.line("362 TFLOPS(FP16) ÷ 864 GB/s = 419 FLOPS/Byte")
e.given(L, "L40S 362 TFLOPS, 864 GB/s")
e.claim(L, "362e12 / 864e9", ["419"], [cross], rounded_int=True)
e.claim(e.line("**419가 이 칩의 분기점**"), "crossover restated", ["419"], [cross], rounded_int=True)
e.given(e.line("362 (연산 한계, compute-bound)"), "compute roof 362")
e.claim(e.line("            419"), "crossover on the chart", ["419"], [cross], rounded_int=True)
L = e.line("산술 강도 210이면 GPU 연산력의 절반")
e.given(L, "210 and 1,000 are example intensities (210/419 = 0.501, 'half' in words)")
e.given(e.line("연산 횟수     = 2 × M × N × K"), "FLOP count formula")
e.given(e.line("데이터 이동   = 2 × (M×K + K×N + M×N)"), "bytes formula, FP16")
e.given(e.line("| 행렬 크기 | 산술 강도 | L40S(419) 기준 |"), "crossover restated")
e.claim(e.line("| 64 | 21.3 | memory-bound |"), "n = 64: n/3", ["21.3"], [ai_square(64)])
e.claim(e.line("| 512 | 170.7 | memory-bound |"), "n = 512: n/3", ["170.7"], [ai_square(512)])
cdec(e.line("| 4,096 | 1,365.3 | **compute-bound** |"), "n = 4096: n/3", "1,365.3", ai_square(4096))
L = e.line("입력 텐서는 `[배치, 시퀀스 길이 s, 히든 차원 h]`")
e.given(L, "batch 1, decode s = 1")
e.given(e.line("h=4096으로 계산해보면"), "h = 4096")
L = e.line("| 64 | 62.1 | **≈1.0** |")
e.claim(L, "prefill s = 64", ["62.1"], [ai_prefill(64)])
e.claim(L, "decode s = 1", ["1.0"], [ai_prefill(1)])
L = e.line("| 512 | 409.6 | **≈1.0** |")
e.claim(L, "prefill s = 512", ["409.6"], [ai_prefill(512)])
e.claim(L, "decode s = 1", ["1.0"], [ai_prefill(1)])
L = e.line("| 4,096 | 1,365.3 | **≈1.0** |")
cdec(L, "prefill s = 4096", "1,365.3", ai_prefill(4096))
e.claim(L, "decode s = 1", ["1.0"], [ai_prefill(1)])
e.claim(e.line("산술 강도가 1 근처에 머문다"), "decode intensity", ["1"], [ai_prefill(1)], rounded_int=True)
e.given(e.line("> s가 1로 고정이기 때문이다"), "s = 1")

# --- attention variants -----------------------------------------------------------------------
e.given(e.line("| **MHA** | 쿼리마다 전용 K/V 헤드 | 기준(100%)"), "baseline 100%")
e.given(e.line("| **MQA** | **모든 쿼리가 K/V 헤드 1개를 공유**"), "one K/V head; 32-64 heads")
e.given(e.line("| **GQA** | 쿼리 헤드를 그룹으로 묶어"), "group sizes 2-8")
e.given(e.line("| **MLA** |"), "DeepSeek's claim: like GQA with 2.25 groups")
e.given(e.line("7B급 모델의 어텐션 헤드는 보통 32개"), "32 heads of a 7B model")
e.given(e.line("Qwen2.5-0.5B의 config로 확인한 값이"), "model name")
L = e.line("> 14 ÷ 2 = **7배**였고, Llama-3-8B는 32 ÷ 8 = 4배다.")
e.claim(L, "Qwen2.5-0.5B 14/2", ["7"], [R(14, 2)])
e.claim(L, "Llama-3-8B 32/8", ["4"], [R(32, 8)])
e.given(e.line('"num_key_value_heads": 32,'), "MHA config")
for k in (1, 2):
    e.given(e.line('"num_attention_heads": 32,', nth=k), "32 query heads")
L = e.line('"num_key_value_heads": 8,     // → 4개의 어텐션 헤드가 KV 1개를 공유')
e.given(L, "8 KV heads")
e.claim(L, "query heads per KV head", ["4"], [R(32, 8)])

# --- review question ---------------------------------------------------------------------------
L = e.line("L40S의 분기점은 362 TFLOPS ÷ 864 GB/s = 419 FLOPS/B다.")
e.given(L, "362 TFLOPS, 864 GB/s")
e.claim(L, "crossover", ["419"], [cross], rounded_int=True)
L = e.line("(64→21, 512→171, 4096→1365)")
e.claim(L, "n/3 rounded to integers", ["21", "171", "1365"], [ai_square(64), ai_square(512), ai_square(4096)],
        rounded_int=True)
e.claim(e.line("Prefill:  s가 크면 419를 넘어"), "crossover restated", ["419"], [cross], rounded_int=True)
L = e.line("Decode :  s = 1로 고정 → 산술 강도가 항상 ≈1.0")
e.claim(L, "decode intensity", ["1.0"], [ai_prefill(1)])
L = e.line("KV 캐시 32GB > 모델 14GB")
n(L, "KV cache restated", "32", [("binary GB", R(total, GiB)), ("decimal GB", R(total, 10**9))])
e.done()
