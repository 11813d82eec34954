# Expected verdicts for ko-kv-singu8-ai-engineering-llama13b.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (the book's Llama 2-13B example): B = 32, S = 2,048, L = 40, H = 5,120, M = 2 bytes.
#   2 x 5,120 x 2 = 20,480 bytes (20.48 KB), x 40 = 819,200 bytes (819.2 KB = 800 KiB: "~800 KB" right under KiB).
#   2 x 32 x 2,048 x 40 x 5,120 x 2 = 53,687,091,200 bytes: the printed 56,294,995,340 is wrong (slip);
#   53,687,091,200 bytes = 53.687 GB -> "53.68" is cut, not rounded (53.69; 50 GiB under the binary reading):
#   wrong; "약 54 GB" is right.
#   13B x 2 = 26 GB; MQA 1/64 = 1.5625% (1.56 right), 64x; GQA 8/64 = 12.5%, 8x; window 10,000 / 1,000 = 10x;
#   3 layers sharing one KV: 3x; PyTorch speed-ups 107.0 / 25.5 = 4.196, 157.4 / 25.5 = 6.173, 202.1 / 25.5 = 7.925,
#   244.7 / 25.5 = 9.596 -> 4.2, 6.2, 7.9, 9.6 right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from functools import partial
from oracle import number_claim, Expect, M, R, sp, softmax_rows, agrees

e = Expect(__file__, language="ko", topics=["kv-cache", "mqa", "gqa", "sizes", "percentages", "table"])
DEC = {"KB": 10**3, "MB": 10**6, "GB": 10**9}
BIN = {"KB": 2**10, "MB": 2**20, "GB": 2**30}
claim_n = partial(number_claim, e)   # one printed number: oracle.number_claim


def size(nbytes, unit):
    return [("decimal", sp.sympify(nbytes) / DEC[unit]), ("binary", sp.sympify(nbytes) / BIN[unit])]


B, S, L, H, MB_ = 32, 2048, 40, 5120, 2
total = 2 * B * S * L * H * MB_
claim_n(e.line("시퀀스 2,048에서 최적화하지 않은 KV 캐시만 54GB"), "book's KV cache in GB", "54", size(total, "GB"))
for needle in ("| **$B$** |", "| **$S$** |", "| **$L$** |", "| **$H$** |", "| **$M$** |"):
    e.given(e.line(needle), needle.strip("| "))
claim_n(e.line("   = 20,480 Bytes (~20.48 KB)"), "2 x 5,120 x 2", "20,480", sp.Integer(2 * H * MB_))
claim_n(e.line("   = 20,480 Bytes (~20.48 KB)"), "in KB", "20.48", size(2 * H * MB_, "KB"))
L1 = e.line("   = 819,200 Bytes (~800 KB / 토큰)")
claim_n(L1, "20,480 x 40", "819,200", sp.Integer(2 * H * MB_ * L))
claim_n(L1, "in KB", "800", size(2 * H * MB_ * L, "KB"))
claim_n(e.line("   = 56,294,995,340 Bytes"), "2 x 32 x 2,048 x 40 x 5,120 x 2", "56,294,995,340", sp.Integer(total))
L1 = e.line("   ≈ 53.68 GB (약 54 GB) 💥")
claim_n(L1, "total in GB", "53.68", size(total, "GB"))
claim_n(L1, "total in GB (rounded)", "54", size(total, "GB"))
claim_n(e.line("$13\\text{B} \\times 2\\text{ Bytes} = \\mathbf{26\\text{ GB}}$"), "13e9 x 2 bytes in GB", "26",
        size(13 * 10**9 * 2, "GB"))
claim_n(e.line("동시 요청 32개의 KV 캐시: $\\mathbf{54\\text{ GB}}$"), "KV cache restated in GB", "54", size(total, "GB"))
L1 = e.line("• KV 캐시: 1.56% (64배 절감)")
claim_n(L1, "1 / 64 KV heads (%)", "1.56", R(1, 64) * 100)
claim_n(L1, "64 / 1", "64", sp.Integer(64))
L1 = e.line("• KV 캐시: 12.5% (8배 절감)")
claim_n(L1, "8 / 64 KV heads (%)", "12.5", R(8, 64) * 100)
claim_n(L1, "64 / 8", "8", sp.Integer(64) / 8)
claim_n(e.line("MHA에 가까운 품질로 KV 캐시를 8배 줄입니다"), "64 / 8", "8", sp.Integer(64) / 8)
claim_n(e.line("**10배 즉시 절감**"), "10,000 / 1,000", "10", sp.Integer(10000) / 1000)
claim_n(e.line("**3배 절감**"), "3 layers share one KV", "3", sp.Integer(3))
e.given(e.line("1. Eager 모드 (기본 실행)"), "25.5 tok/s/user")
for needle, p in (("107.0 tok/s/user (4.2배", "4.2"), ("157.4 tok/s/user (6.2배)", "6.2"),
                  ("202.1 tok/s/user (7.9배)", "7.9"), ("244.7 tok/s/user (9.6배", "9.6")):
    claim_n(e.line(needle), f"{needle[:5]} / 25.5", p, R(needle[:5]) / R("25.5"))
e.done()
