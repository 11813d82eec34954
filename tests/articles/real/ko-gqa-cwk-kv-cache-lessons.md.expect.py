# Expected verdicts for ko-gqa-cwk-kv-cache-lessons.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (lesson 3): 70B model, 64 attention heads, head dim 128, 80 layers, fp16 (2 bytes), 128K = 131,072 tokens,
# per-token formula 2 × n_layers × n_heads × head_dim × 2 bytes.  Other lesson: Llama 3.3 70B, 80 layers, 8 KV heads,
# d_head 128, FP16, 128K.
# - Per token 2·80·64·128·2 = 2,621,440 B; × 131,072 = 343,597,383,680 B = 343.6 GB = 320 GiB.  Printed "40+ GB":
#   the "+" marks a round figure, not a bound (the next sentence, one session barely fits an 80 GB H100, rests on it);
#   40 is the 8-KV-head figure (40 GiB), 8× short of the 64-head model the sentence describes -> wrong (slip).
# - "64 query head 에 8 KV head — 8× KV-cache 감소": 64 / 8 = 8 -> ok.
# - "128K 문맥 서빙은 8K 대비 요청당 약 3–5× 비싸다": a serving-cost ratio (the cache alone grows 16×); cost depends on
#   compute and pricing the text does not give -> ambiguous.
# - Llama 3.3 70B: 2·80·8·131072·128·2 = 42,949,672,960 B = 42.9 GB = 40 GiB.  Printed "대략 32 GB": right under no
#   reading (128K = 131,072 or 128,000 tokens: 42.9 / 41.9 GB, 40 / 39.1 GiB) -> wrong (slip).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, sp, number_claim

e = Expect(__file__, language="ko", topics=["kv-cache", "gqa", "mqa", "memory"])


def readings(nbytes):
    return [("decimal GB", sp.Integer(nbytes) / 10**9), ("binary GiB", sp.Integer(nbytes) / 2**30)]


L = e.line("필자가 드는 예: 파라미터 70B")
e.given(L, "64 heads, head dim 128, 80 layers, fp16; per-token formula")
L = e.line("128K 토큰이면 가중치와 별도로 캐시에만 40+ GB")
e.given(L, "128K = 131,072 tokens")
number_claim(e, L, "KV cache of the 64-head model at 128K in GB (343.6 GB = 320 GiB)", "40",
             readings(2 * 80 * 64 * 128 * 2 * 131072))
L = e.line("Llama 2 70B 는 64 query head 에 8 KV head")
e.claim(L, "KV-cache reduction 64 / 8", "8", sp.Integer(64) / 8)
e.ambiguous(e.line("약 3–5× 비싸다"), "serving cost per request at 128K vs 8K depends on compute and pricing not given "
            "(the cache alone grows 131072 / 8192 = 16×)")
e.given(e.line("캐시 크기는 2 × n_layers × n_kv_heads × seq_len × d_head × bytes_per_param"), "formula")
L = e.line("Llama 3.3(70B, 80 layer, 8 KV head, d_head=128)")
e.given(L, "Llama 3.3 70B: 80 layers, 8 KV heads, d_head 128, FP16, 128K")
number_claim(e, L, "KV cache at 128K in GB (42.9 GB = 40 GiB)", "32",
             readings(2 * 80 * 8 * 131072 * 128 * 2) + [("128,000 tokens, decimal GB", sp.Integer(2 * 80 * 8 * 128000 * 128 * 2) / 10**9),
                                                        ("128,000 tokens, GiB", sp.Integer(2 * 80 * 8 * 128000 * 128 * 2) / 2**30)])
e.done()
