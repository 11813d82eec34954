# Expected verdicts for ko-nsa-vanillaturtlechips-sparse-attention-key-budget.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the NSA key budget per query = N/l (compressed) + k*b (selected) + w (window), against N for full attention;
# b is "usually equal to l" (the article's own convention, used for the 1024-token example).
# - N = 64k read as 64000 (the article prints the full-attention count as 64000): 64000/64 = 1000, 16*64 = 1024,
#   + 512 -> 2536; 64000 / 2536 = 25.24 -> "25배" agrees (an approximate integer ratio, rounded).
# - N = 128k = 128000: 2000 + 1024 + 512 = 3536; 128000 / 3536 = 36.20 -> "36배" agrees.
# - 1024 tokens, l = 32, k = 4, w = 128, b = l = 32: 1024/32 = 32, 4*32 = 128, + 128 -> 288 keys; 1024 / 288 = 3.556,
#   which is 3.6 at one place: the printed "3.5배" is truncated -> wrong (slip).
# - Everything else (70-80%, 9배, 2026, 16k, exercise and key-term numbers) is stated, not derived.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="ko", topics=["sparse-attention", "nsa", "key-budget", "ratio"])
L = e.line

e.given(L("컨텍스트가 64k 토큰쯤 되면 디코딩 지연의 70-80%"), "latency share, 9x claim of the paper")
e.given(L("**사전 요구 사항:**"), "prerequisite lesson numbers")
e.given(L("**소요 시간:** ~60분"), "duration")
e.given(L("64k 컨텍스트에서 전체 어텐션 대비"), "learning goal")
e.given(L("길이 N의 시퀀스에 전체 어텐션을 쓰면"), "complexity")
e.given(L("NSA 논문의 이론적 추정으로는 64k에서 디코딩 지연의 70-80%"), "latency share")
e.given(L("arXiv:2502.11089)은 두 가지를 함께"), "paper id, year")
e.given(L("토큰을 크기 `l`(보통 32 또는 64)"), "block size l")
e.given(L("가장 최근 `W`개 토큰(보통 512)"), "window W")
e.given(L("64k 디코딩에서 FlashAttention보다 9배 빠른"), "reported kernel speed-up")

# the budget
N1, l, k, b, w = 64000, 64, 16, 64, 512
ln = L("`N = 64k, l = 64, k = 16, b = 64, w = 512`로 두면")
e.given(ln, "N = 64k, l = 64, k = 16, b = 64, w = 512")
e.claim(ln, "keys per query: N/l + k*b + w", ["1000", "1024", "512", "2536"],
        [R(N1, l), k * b, w, R(N1, l) + k * b + w])
e.claim(ln, "full attention keys", ["64000"], [N1])
e.claim(ln, "reduction 64000/2536 (approximate integer ratio)", ["25"], [R(N1, R(N1, l) + k * b + w)], rounded_int=True)

N2 = 128000
ln = L("`N = 128k, l = 64, k = 16, b = 64, w = 512`로 두면")
e.given(ln, "N = 128k, same l, k, b, w")
e.claim(ln, "keys per query", ["2000", "1024", "512", "3536"], [R(N2, l), k * b, w, R(N2, l) + k * b + w])
e.claim(ln, "full attention keys", ["128000"], [N2])
e.claim(ln, "reduction 128000/3536 (approximate integer ratio)", ["36"], [R(N2, R(N2, l) + k * b + w)],
        rounded_int=True)

N3, l3, k3, w3 = 1024, 32, 4, 128
b3 = l3  # "b is usually equal to l"
ln = L("`l = 32, k = 4, w = 128`인 1024 토큰 합성 데이터")
e.given(ln, "1024 tokens, l = 32, k = 4, w = 128")
e.claim(ln, "keys per query: 1024/32 + 4*32 + 128", ["32", "128", "128", "288"],
        [R(N3, l3), k3 * b3, w3, R(N3, l3) + k3 * b3 + w3])
e.claim(ln, "full attention keys", ["1024"], [N3])
e.claim(ln, "reduction 1024/288 = 3.556 (printed 3.5, truncated)", ["3.5"], [R(N3, R(N3, l3) + k3 * b3 + w3)])

# stated facts
e.given(L("| NSA | 예(네이티브) | 예(64k에서 9배)"), "table: 9x at 64k")
e.given(L("Moonshot의 MoBA(arXiv:2502.13189)"), "paper id, 2026")
e.given(L("2026년 4월 기준"), "date")
e.given(L("DeepSeek-V3.x 가중치"), "model version")
e.given(L("64k 이상의 컨텍스트를 목표로"), "context threshold")
e.given(L("컨텍스트가 16k 미만일 때"), "context threshold")
e.given(L("배치 크기 1의 대화형 채팅"), "batch size")
e.given(L("1. 1024토큰 합성 데이터로"), "exercise 1 numbers")
e.given(L("바늘 찾기 테스트에서 전체 어텐션 대비 95%"), "exercise 1 recall target")
e.given(L("2. 평균 풀링 압축기를 작은 학습형 MLP(2층, 은닉층 32)"), "exercise 2 sizes")
e.given(L("4. 128k 컨텍스트에서 활성화된 70B 모델"), "exercise 4 setting")
e.given(L("5. NSA 논문(arXiv:2502.11089) 4절"), "exercise 5")
e.given(L("| 압축 블록 크기 l(Compression block size l)"), "typical l 32-64")
e.given(L("| Top-k(Top-k) |"), "typical k 16")
e.given(L("| 슬라이딩 윈도우 W(Sliding window W)"), "typical W 512")
e.done()
