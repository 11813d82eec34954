# Expected verdicts for ko-gqa-jangderer-head-sharing-arithmetic.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Korean blog post (jangderer) on MQA / GQA: KV-cache size formula, decode arithmetic intensity, GQA ratios.
# Inputs: 70B-class model, l = 80 layers, H = 64 heads, d_h = 128, bf16 (2 bytes), 128K context; GQA G = 8.
# Exact values: 2*64*128*N*80*2 bytes = 335,544,320,000 bytes = 335.544 GB for N = 128,000 tokens
#   (343.597 GB for N = 131,072; 312.5 / 320 GiB in binary units); GQA-8 = 1/8 of that = 41.943 GB;
#   MQA (1 KV head) = 1/64 = 5.243 GB.  Arithmetic intensity: MHA 4/2 = 2, MQA 2H = 128 for H = 64, GQA 2H/G;
#   G = 8 -> KV cache 1/8 of MHA, intensity x8.  Table ratios H/G: 64/8 = 8, 32/8 = 4, 64/8 = 8, 32/8 = 4,
#   64/8 = 8, 32/16 = 2.
# Wrong lines:
#   - "2·64·128·128K·80·2 ≈ 335GB": slip (truncated) -- the product is 335.544 GB for 128K = 128,000 tokens
#     (the only reading that also gives the post's 42 GB for GQA-8); rounded it is 336 GB, and no other reading
#     (343.6 GB, 312.5 GiB, 320 GiB) gives 335.
#   - the figure caption repeating "335GB": carried from that line; right 336 GB.
# The 42 GB (GQA-8) and 5 GB (MQA) of the caption agree with 128K = 128,000 tokens and decimal GB.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="ko", topics=["gqa", "kv", "complexity", "latex"])
L = e.line

H, G, dh, layers, b = 64, 8, 128, 80, 2


def kv_bytes(n_kv, n_tok):
    return 2 * n_kv * dh * n_tok * layers * b


readings = lambda n_kv: [  # noqa: E731
    ("128K = 128,000 tokens, GB = 10^9 bytes", R(kv_bytes(n_kv, 128000), 10**9)),
    ("128K = 131,072 tokens, GB = 10^9 bytes", R(kv_bytes(n_kv, 131072), 10**9)),
    ("128K = 128,000 tokens, GiB", R(kv_bytes(n_kv, 128000), 2**30)),
    ("128K = 131,072 tokens, GiB", R(kv_bytes(n_kv, 131072), 2**30)),
]

e.given(L("($h=1,\\dots,H$)"), "head index range")
e.given(L("\\underbrace{2}_{K,V}"), "factor 2 for K and V")
ln = L("70B급 모델($\\ell=80,\\ H=64,\\ d_h=128$)")
e.given(ln, "70B-class: 80 layers, 64 heads, d_h 128, bf16 = 2 bytes, 128K context, factors 2.64.128.128K.80.2")
number_claim(e, ln, "MHA KV cache at 128K", "335", readings(64), cause="slip")

e.claim(L("= 4Ld_h ,"), "2Ld_h + 2Ld_h", ["2", "2", "4"], [2, 2, 4])
e.given(L("$2Ld_h$개다"), "elements read: 2 L d_h")
e.claim(L("I_{\\text{MHA}} ="), "MHA intensity", ["4", "2", "2"], [4, 2, R(4, 2)])

e.claim(L("게다가 이 2라는 값은"), "MHA intensity (restated)", ["2"], [R(4, 2)])
e.given(L("(Shazeer, 2019)"), "citation year")
e.given(L("Q_h = XW_h^{Q}\\ (h=1..H)"), "head index range")
e.given(L("- **KV cache**: $2\\cdot H\\cdot d_h$"), "per-token cache 2 H d_h -> 2 d_h")
e.given(L("- **FLOPs**: 여전히 $H\\cdot 4Ld_h$"), "FLOPs H 4 L d_h")
e.given(L("- **읽기**: $2Ld_h$"), "reads 2 L d_h")
e.claim(L("I_{\\text{MQA}} ="), "MQA intensity 4/2 = 2 -> 2H", ["4", "2", "2"], [4, 2, R(4, 2)])
ln = L("$H=64$라면 2에서 128로")
e.given(ln, "H = 64")
e.claim(ln, "intensity MHA -> MQA for H = 64", ["2", "128"], [2, 2 * H])
e.claim(L("64분의 1이 된다"), "reads shrink by H", ["64"], [H])

e.given(L("(Ainslie et al., 2023)"), "citation year")
e.given(L("(g=1..G)"), "group index range")
e.given(L("$G=1$이면 MQA다"), "G = H is MHA, G = 1 is MQA")
e.claim(L("I_{\\text{GQA}} ="), "GQA intensity 4/2 -> 2H/G", ["4", "2", "2"], [4, 2, R(4, 2)])

ln = L("> 왼쪽은 query 헤드 8개를")
e.given(ln, "8 query heads, G = 2, 80 layers, d_h = 128, bf16, 64 KV heads, 128K, Llama-2/3-70B GQA-8")
e.claim(ln, "query heads per K/V in GQA(G=2) of 8", ["4"], [R(8, 2)])
number_claim(e, ln, "MHA KV cache at 128K (caption)", "335", readings(64), cause="carried")
number_claim(e, ln, "GQA-8 KV cache at 128K", "42", readings(8))
number_claim(e, ln, "MQA KV cache at 128K", "5", readings(1))

ln = L("$G=8$이면 KV cache는 MHA의 1/8")
e.given(ln, "G = 8; T5-XXL scores 47.2 / 47.1 / 46.6 quoted from the paper's Table 1")
e.claim(ln, "GQA-8 cache fraction and intensity gain", ["1/8", "8"], [R(G, H), R(H, G)])
e.given(L("원래 학습량의 **약 5%**"), "uptraining budget 5% (from the paper)")

for model, hq, g in [("| Llama-2-70B |", 64, 8), ("| Mistral-7B |", 32, 8), ("| Qwen2.5-72B |", 64, 8),
                     ("| Gemma-2-27B |", 32, 16)]:
    ln = L(model)
    e.given(ln, f"{model.strip('| ')}: H = {hq}, G = {g}")
    e.claim(ln, "ratio H/G", [str(hq // g)], [R(hq, g)])
ln = L("| Llama-3-8B / 70B |")
e.given(ln, "Llama-3-8B / 70B: H = 32 / 64, G = 8 / 8")
e.claim(ln, "ratios H/G", ["4", "8"], [R(32, 8), R(64, 8)])
e.given(L("| PaLM-540B, Falcon-7B |"), "MQA models: G = 1")
e.given(L("2023년 이후 공개된"), "year, G = 8, 8 GPUs")
e.given(L("**$G\\ge1$ 아래로는"), "G >= 1, MQA G = 1, 128 heads, int8/FP4")
e.given(L("2–4절의 나눗셈"), "section reference")
e.done()
