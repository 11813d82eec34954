# Expected verdicts for ko-kv-yhna941-paged-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: LLaMA-13B, 40 layers, hidden 5120, fp16 (2 bytes): one token's K+V = 2 x 40 x 5120 x 2 = 819,200 bytes.
# Sizes agree under the decimal (GB) or the binary (GiB) reading.
#   2 x 40 x 5120 x 2048 x 2 = 1,677,721,600 bytes = 1.68 GB / 1.5625 GiB -> "1.6 GB" right (GiB).
#   batch 16: 26.84 GB / 25 GiB; the printed 25.6 is 16 x the rounded 1.6 (drift).
#   batch [2048, 512, 1024, 128] padded to 2048: waste = 4480 / 8192 = 54.7%, not 76% (slip).
#   2048 / 16 = 128 pages (right); 5 tokens fit in 1 page (right); 50 tokens need ceil(50/16) = 4 pages, the diagram
#   ends at page 3 (partial) (slip).
#   64 sequences padded to 2048: 107.37 GB / 100 GiB; the printed 102 is 64 x 1.6 (drift);
#   64 x 512 tokens: 26.84 GB / 25 GiB, printed 12 (slip); 8.5x = 102 / 12 (carried; exactly 4x).
#   24.0 / 0.8 = 30 (right); 100 x 1000 = 100,000 and 100,000 / 100 = 1000 (right).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from functools import partial
from oracle import number_claim, Expect, M, R, sp, softmax_rows, agrees

e = Expect(__file__, language="ko", topics=["kv-cache", "paged-attention", "sizes", "percentages", "table"])
DEC = {"MB": 10**6, "GB": 10**9}
BIN = {"MB": 2**20, "GB": 2**30}
claim_n = partial(number_claim, e)   # one printed number: oracle.number_claim


def size(nbytes, unit):
    return [("decimal", sp.sympify(nbytes) / DEC[unit]), ("binary", sp.sympify(nbytes) / BIN[unit])]


TOK = 2 * 40 * 5120 * 2
e.given(e.line("**모델**: LLaMA-13B (40 layers, hidden 5120)"), "LLaMA-13B: 40 layers, hidden 5120")
e.given(e.line("**배치 크기**: 1"), "batch 1")
e.given(e.line("**시퀀스 길이**: 2048"), "2048 tokens")
e.given(e.line("KV Cache 크기 = 2 (K+V) × 40 (layers)"), "the formula")
claim_n(e.line("             = 1.6 GB"), "2 x 40 x 5120 x 2048 x 2 in GB", "1.6", size(TOK * 2048, "GB"))
claim_n(e.line("요청 하나에 1.6GB가 필요하다는 뜻입니다."), "one request restated", "1.6", size(TOK * 2048, "GB"))
claim_n(e.line("저자에 따르면 배치를 16으로 늘리면 **25.6GB**"), "batch 16 in GB", "25.6", size(16 * TOK * 2048, "GB"),
        cause="drift")

lens = [2048, 512, 1024, 128]
e.given(e.line("Batch 1: [2048, 512, 1024, 128] tokens"), "batch lengths")
waste = 1 - sp.Rational(sum(lens), 4 * 2048)
claim_n(e.line("→ **76% 낭비**"), "wasted share when all four are padded to 2048 (%)", "76", waste * 100)

e.given(e.line("Page size = 16 tokens"), "16 tokens per page")
claim_n(e.line("page1  page2  page3      page128"), "pages for 2048 tokens", "128", sp.Integer(2048) / 16)
claim_n(e.line("[████░░░░░░░░░░░░]  1 page (16 tokens)"), "pages for 5 tokens", "1", sp.ceiling(R(5, 16)))
e.given(e.line("Step 10: 50 tokens 생성"), "50 tokens")
claim_n(e.line("page 1 (full)      page 2 (full)      page 3 (partial)"), "index of the last (partial) page for 50 tokens",
        "3", sp.ceiling(R(50, 16)))

e.given(e.line("**Scenario**: LLaMA-13B, 배치 크기 64, 평균 시퀀스 길이 512"), "64 sequences of 512 tokens")
naive = 64 * 2048 * TOK
paged = 64 * 512 * TOK
claim_n(e.line("| Naive (고정 할당) | 102 GB |"), "64 sequences padded to 2048 tokens in GB", "102", size(naive, "GB"),
        cause="drift")
claim_n(e.line("| Paged Attention | 12 GB |"), "64 x 512 tokens in GB", "12", size(paged, "GB"))
claim_n(e.line("저자의 결론은 **8.5배 절약**"), "naive / paged", "8.5", sp.Rational(naive, paged), cause="carried")

for needle in ("| HuggingFace Transformers | 0.8 |", "| FasterTransformer | 4.5 |", "| vLLM (Paged Attention) | 24.0 |"):
    e.given(e.line(needle), needle.strip("| "))
claim_n(e.line("HuggingFace 대비 **30배 향상**"), "24.0 / 0.8", "30", R("24.0") / R("0.8"))
claim_n(e.line("- **Before**: 100 × 1000 = 100,000 토큰 저장"), "100 x 1000", "100,000", sp.Integer(100 * 1000))
claim_n(e.line("즉 **1000배 절약**"), "100,000 / 100", "1000", sp.Integer(100000) / 100)
e.done()
