# Expected verdicts for ko-kv-epheria-vram-llama70b-budget.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Korean blog post (Epheria) that budgets GPU memory for LLM inference: weight sizes, a GQA KV-cache size for
# Llama 3.1 70B, a KV table by context length, a total VRAM budget and a bandwidth ratio.
# Inputs (the article's own): parameter counts 3B, 8B, 70B, 671B (1B = 1e9); bytes per parameter FP16 = 2, INT8 = 1,
# INT4 = 0.5; Llama 3.1 70B: 80 layers, 8 KV heads, head dim 128, batch 1, FP16 KV = 2 bytes (INT8 KV = 1 byte);
# activation ~2 GB and OS ~1 GB (assumed); HBM3e ~3,000 GB/s, PCIe 5.0 ~64 GB/s.
# Sizes: a size is read as decimal (GB = 1e9 B) or binary (GiB = 2^30 B) and is wrong only if right under neither.
# Exact values computed here:
#   70e9 x 2 = 140,000,000,000 B = 140 GB; table: 6/3/1.5, 16/8/4, 140/70/35, 1342/671/335.5 GB (336 agrees: tie);
#   KV per token = 2*80*8*128*2 = 327,680 B; 4096 tokens -> 1,342,177,280 B = 1.25 GiB (1.342 GB): "1.25" ok (binary);
#   2,048 -> 0.625 GiB ("~0.6" ok), 8,192 -> 2.5 GiB, 32,768 -> 10 GiB, 128,000 -> 39.06 GiB ("~39" ok) - the KV
#   table is right only in GiB (decimal would be 0.67 / 2.68 / 10.7 / 41.9 GB);
#   8K INT8 KV = 1,342,177,280 B -> "~1.3" ok under both; total 35 + 1.342 + 2 + 1 = 39.34 (39.25 in GiB for the KV,
#   a tie at 1 place) -> "~39.3" ok; 3000 / 64 = 46.875 -> "약 47배" ok.
# Every printed number agrees: the article has no wrong line and nothing ambiguous.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="ko", topics=["kv", "gqa", "markdown-table", "code-block", "sizes"])
L = e.line
G = sp.Integer(10) ** 9
GiB = sp.Integer(2) ** 30


def size(bytes_):
    return [("decimal GB", sp.Integer(bytes_) / G), ("binary GiB", sp.Integer(bytes_) / GiB)]


e.given(L("예시: Llama 3.1 70B (FP16)"), "Llama 3.1 70B at FP16")
e.given(L("= 70,000,000,000 × 2 bytes"), "70e9 parameters x 2 bytes")
number_claim(e, L("= 140,000,000,000 bytes"), "70e9 x 2 bytes", "140,000,000,000", 70 * G * 2)
number_claim(e, L("= 140 GB"), "140e9 bytes in GB", "140", size(140 * G))

e.given(L("| 모델 | 파라미터 | FP16 | INT8 (양자화) | INT4 (양자화) |"), "precisions FP16 / INT8 / INT4")
for label, n, cells in (("| Llama 3.2 3B |", 3, ("6", "3", "1.5")),
                        ("| Llama 3.1 8B |", 8, ("16", "8", "4")),
                        ("| Llama 3.1 70B |", 70, ("140", "70", "35")),
                        ("| DeepSeek-V3 |", 671, ("1,342", "671", "336"))):
    ln = L(label)
    e.given(ln, f"{n}B parameters")
    for p, b in zip(cells, (2, 1, R(1, 2))):
        number_claim(e, ln, f"{n}B x {b} bytes", p, size(n * G * b))
e.given(L("*MoE 모델은 모든 Expert"), "671B total, 37B active parameters")

kv_tok = 2 * 80 * 8 * 128 * 2            # bytes per token, FP16
e.given(L("KV 캐시 메모리 = 2 × 레이어 수"), "formula: 2 for K and V")
e.given(L("예시: Llama 3.1 70B (GQA: KV 헤드 8개"), "8 KV heads, head dim 128, 4096 tokens, batch 1, FP16")
e.given(L("= 2 × 80 × 8 × 128 × 4096 × 1 × 2 bytes"), "factors of the KV size (80 layers)")
number_claim(e, L("≈ 1.25 GB"), "KV cache, 4096 tokens", "1.25", size(kv_tok * 4096))
e.given(L("컨텍스트 윈도우(128K 토큰 등)"), "128K context window")
e.given(L("| 컨텍스트 길이 | KV 캐시 (70B, GQA, FP16) |"), "70B, GQA, FP16")
for label, n, p in (("| 2,048 토큰 |", 2048, "0.6"), ("| 8,192 토큰 |", 8192, "2.5"),
                    ("| 32,768 토큰 |", 32768, "10"), ("| 128,000 토큰 |", 128000, "39")):
    number_claim(e, L(label), f"KV cache, {n} tokens", p, size(kv_tok * n))

e.given(L("Llama 3.1 70B (INT4 양자화, 8K 컨텍스트, 배치 1):"), "INT4 weights, 8K = 8192 tokens, batch 1")
number_claim(e, L("가중치:        35 GB (INT4)"), "70e9 x 0.5 bytes", "35", size(70 * G / 2))
kv8k_int8 = 2 * 80 * 8 * 128 * 8192 * 1
number_claim(e, L("KV 캐시:       ~1.3 GB"), "KV cache, 8192 tokens, INT8", "1.3", size(kv8k_int8))
e.given(L("활성화:         ~2 GB"), "activation memory assumed ~2 GB")
e.given(L("OS/드라이버:    ~1 GB"), "OS/driver reserve assumed ~1 GB")
number_claim(e, L("총 필요:       ~39.3 GB"), "total 35 + KV + 2 + 1", "39.3",
             [("decimal GB", 35 + sp.Integer(kv8k_int8) / G + 2 + 1),
              ("KV in GiB", 35 + sp.Integer(kv8k_int8) / GiB + 2 + 1)])
e.given(L("→ NVIDIA A100 80GB"), "A100 80GB")
e.given(L("→ NVIDIA RTX 4090 24GB"), "RTX 4090 24GB")
e.given(L("→ Mac M4 Max 64GB"), "M4 Max 64GB")
e.given(L("VRAM (HBM3e) 대역폭:  ~3,000 GB/s"), "HBM3e bandwidth ~3,000 GB/s")
ln = L("PCIe 5.0 대역폭:")
e.given(ln, "PCIe 5.0 ~64 GB/s")
number_claim(e, ln, "3000 / 64", "47", R(3000, 64))
e.done()
