# Expected verdicts for ko-kv-hyunjunpark-hyperaccel-gpt2-llama70b-cache.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Korean company-blog walk through a GPT-2 Medium decoder block, then KV-cache arithmetic for LLaMA-3-70B and the
# MHA/MQA/GQA/MLA comparison.
# Inputs: GPT-2 Medium vocab 50,287 (as printed), dim 1024, context 1024, N_head = 16, 24 blocks; scores (2, 1, 0.1);
#   LLaMA-3-70B: 70B params, bf16 (2 bytes), batch 1, 80 layers, 8 KV heads, head dim 128, 1M (100만) tokens,
#   20 tokens/s; GQA example 32 query heads / 8 KV heads.
# Exact values: head_dim = 1024/16 = 64; softmax(2, 1, 0.1) = (0.65900, 0.24243, 0.09857) -> 0.7, 0.2, 0.1 at one
#   decimal; weights 70e9 x 2 B = 140 GB; KV = 2 x 1 x 80 x 8 x 128 x 10^6 x 2 B = 327,680,000,000 B = 327.68 GB (the
#   article counts GB in powers of 1000, as in 140 GB, so "약 328GB" is right); weights + KV = 467.68 GB -> "약 468GB";
#   32 / 8 = 4 query heads per KV head; 6 sub-steps per decoder layer; 4 attention variants listed.
# No wrong line.  One ambiguous claim: "10TB/s급" is an order-of-magnitude figure for 20 x 467.68 GB = 9.35 TB/s.
# (The vocabulary 50,287 is a stated input; GPT-2's real vocabulary is 50,257, but nothing is computed from it.)
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ko", topics=["kv", "gqa", "mha", "softmax"])

e.given(e.line("## Part 1: 등장 배경"), "section label")
e.given(e.line("2017년 Google 연구팀"), "year of the paper")
e.given(e.line("## Part 2: Transformer 기본 구조"), "section label")
e.given(e.line("(GPT-2의 경우 24개)"), "GPT-2 Medium has 24 blocks")
L = e.line("50,287개이고")
e.given(L, "vocab 50,287, embedding 1024, 1,024-d vectors")
e.claim(L, "WTE shape [vocab, dim]", ["50287", "1024"], [50287, 1024])
e.given(e.line("**Word Positional Embedding Table(WPE)** 는 [1024, 1024]"), "WPE [1024, 1024], [seq_len, 1024]")
L = e.line("GPT-2 Medium의 입력토큰은 1024개를 넘을 수 없고")
e.given(L, "context 1024, dim 1024, N_embed = 1024, N_head = 16")
e.claim(L, "head_dim = N_embed / N_head", ["64"], [R(1024, 16)])
e.claim(e.line("Softmax 뒤에는 0이 되게"), "softmax weight of a -inf score", ["0"], [0])
L = e.line("\"헬스 2, 테니스 1, 침대 0.1\"")
e.given(L, "row sums to 1; scores 2, 1, 0.1")
w = softmax_rows(M([["2", "1", "0.1"]]))
e.claim(L, "softmax(2, 1, 0.1)", ["0.7", "0.2", "0.1"], w)
L = e.line("디코더 레이어 하나는 총 6단계")
e.claim(L, "number of sub-steps listed", ["6"], [len("Layernorm-Attention-Residual-Layernorm-FFN-Residual".split("-"))])
e.given(L, "GPT-2 repeats the block 24 times")
e.given(e.line("## Part 3: 최적화 기법"), "section label")

L = e.line("모델 파라미터 70B × 2 byte ≈ 140GB")
GB = 10**9
weights = 70 * 10**9 * 2
kv = 2 * 1 * 80 * 8 * 128 * 10**6 * 2
e.given(L, "LLaMA-3-70B, bf16, 100만 tokens, batch 1, 80 layers, 8 KV heads, dim 128, 1M, 2 bytes, 20 tok/s")
e.claim(L, "weights 70B x 2 B in GB", ["140"], [R(weights, GB)], rounded_int=True)
e.claim(L, "KV cache in GB (decimal, as the 140 GB above)", ["328"], [R(kv, GB)], rounded_int=True)
e.claim(L, "weights + KV in GB", ["468"], [R(weights + kv, GB)], rounded_int=True)
e.ambiguous(L, "\"10TB/s급\" is an order-of-magnitude figure for 20 x 467.68 GB/s = 9.35 TB/s, not a rounded value")
e.given(L, "B100: 8TB/s, 192GB")
e.claim(e.line("크게 4가지 방식(MHA, MQA, GQA, MLA)"), "number of variants listed", ["4"], [4])
e.given(e.line("**1 Query : 1 KV** 구조"), "MHA ratio 1:1")
e.given(e.line("**N Query : 1 KV** 구조"), "MQA ratio N:1 and 1/N_head")
L = e.line("Query head 32개, KV head 8개면")
e.given(L, "ratios 1:1, N:1; 32 query heads, 8 KV heads")
e.claim(L, "query heads per KV head", ["4"], [R(32, 8)])
e.given(e.line("100만 토큰급 문서 서비스"), "1M-token documents")
e.done()
