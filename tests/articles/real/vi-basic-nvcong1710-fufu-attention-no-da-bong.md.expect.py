# Expected verdicts for vi-basic-nvcong1710-fufu-attention-no-da-bong.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Vietnamese course chapter worked by hand, unscaled attention (the article says it skips the /sqrt(d) on purpose).
# "nó đá bóng": keys (1,0), (0,1), (2,1); values (0,2), (4,0), (2,2); query of "đá" q = (1,1).
#   Scores (1, 1, 3); e = 2.718282 (2.72), e^3 = 20.085537 (20.09); exact sum 2e + e^3 = 25.522101 (25.52): the printed
#   "2.72 + 2.72 + 20.09 = 25.53" adds the rounded exponentials -> ambiguous (explicit arithmetic on rounded operands).
#   Weights e/(2e+e^3) = 0.106507 (0.1) twice and e^3/(2e+e^3) = 0.786986 (0.8): right at one decimal.
#   e^2 = 7.389 -> "~7.4 lần": right.  Output = (4w1 + 2w3, 2w1 + 2w3) = (2 exactly, 1.787) -> [2.0, 1.8] right, and the
#   partial products [0, 0.2], [0.4, 0], [1.6, 1.6] (exact 0.213, 0.426, 1.574) are right at one decimal.
#   Wrong: "80% thông tin của bóng" - the weight of "bóng" is 0.786986 -> 79%; 80% comes from the rounded 0.8 (drift;
#   numpy gives the same 0.78699).
# O(n^2) table: 64^2 = 4096, 256^2 = 65536 (16x), 2048^2 = 4 194 304 (~4.2 triệu, 1024x); (384/16)^2 = 576 patches,
#   384^2 = 147 456 pixels, 147456^2 = 21 743 271 936 (~21,7 tỷ): right.
# Question 3: q = (2,0), k1 = (1,0), k2 = (0,1), v1 = (1,3), v2 = (5,1): w1 = e^2/(e^2+1) = 0.880797 (0.88), w2 = 0.119203
#   (0.12), output (1.476812, 2.761594) -> [1.48, 2.76]: right.  Q7: 90 - 64 = 26; Q8: (2048/512)^2 = 16: right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, grouped_int_claim

e = Expect(__file__, language="vi", topics=["basic", "unscaled", "softmax-row", "complexity", "drift",
                                            "exercise-solution"])

K = M([["1", "0"], ["0", "1"], ["2", "1"]])
V = M([["0", "2"], ["4", "0"], ["2", "2"]])
q = sp.Matrix([[1, 1]])
s = q * K.T                              # (1, 1, 3), unscaled as the article says
w = softmax_rows(s)
out = w * V
E = sp.E

e.given(e.line("| nó | [1, 0] | [0, 2] |"), "key / value of nó")
e.given(e.line("| đá | [0, 1] | [4, 0] |"), "key / value of đá")
e.given(e.line("| bóng | [2, 1] | [2, 2] |"), "key / value of bóng")
e.given(e.line("với query **q = [1, 1]**"), "query of đá")
e.claim(e.line("score(đá → nó)   = 1·1 + 1·0 = 1"), "q.k(nó)", ["1"], [s[0]])
e.claim(e.line("score(đá → đá)   = 1·0 + 1·1 = 1"), "q.k(đá)", ["1"], [s[1]])
e.claim(e.line("score(đá → bóng) = 1·2 + 1·1 = 3"), "q.k(bóng)", ["3"], [s[2]])
e.given(e.line("ở đây √2"), "the article skips the 1/sqrt(2) scaling on purpose (rule 6: unscaled is right)")
e.claim(e.line("(e¹ ≈ 2.72, e³ ≈ 20.09)"), "e^1, e^3", ["2.72", "20.09"], [E, E ** 3])
e.ambiguous(e.line("tổng = 2.72 + 2.72 + 20.09 = 25.53"),
            "2.72 + 2.72 + 20.09 = 25.53 adds the rounded exponentials (right as written); the exact sum 2e + e^3 is "
            "25.522101 (25.52): explicit arithmetic on rounded operands, the chain's results (the weights) are judged "
            "end to end")
e.claim(e.line("w(nó)   = 2.72/25.53 ≈ 0.1"), "weight of nó", ["2.72", "0.1"], [E, w[0]])
e.claim(e.line("w(đá)   = 2.72/25.53 ≈ 0.1"), "weight of đá", ["2.72", "0.1"], [E, w[1]])
e.claim(e.line("w(bóng) = 20.09/25.53 ≈ 0.8"), "weight of bóng", ["20.09", "0.8"], [E ** 3, w[2]])
e.claim(e.line("trọng số gấp ~7.4"), "score ratio 3/1 and weight ratio e^2", ["3", "1", "7.4"],
        [s[2] / s[0], 1, w[2] / w[0]])
e.claim(e.line("vector_mới(đá) = 0.1·[0, 2]"), "weights restated", ["0.1", "0.1", "0.8"], w)
e.claim(e.line("= [0, 0.2] + [0.4, 0] + [1.6, 1.6]"), "weighted values",
        ["0", "0.2", "0.4", "0", "1.6", "1.6"],
        [w[0] * V[0, 0], w[0] * V[0, 1], w[1] * V[1, 0], w[1] * V[1, 1], w[2] * V[2, 0], w[2] * V[2, 1]])
e.claim(e.line("= [2.0, 1.8]"), "new vector of đá", ["2.0", "1.8"], out)
e.claim(e.line("**80% thông tin của \"bóng\"**"), "share of bóng (weight 0.786986 -> 79%; 80% is the rounded 0.8)",
        ["80%"], [w[2]], cause="drift")

# O(n^2) table
for n, grouped, ratio in ((64, "4 096", "1"), (256, "65 536", "16")):
    L = e.line(f"| {n} | {grouped} |")
    grouped_int_claim(e, L, f"{n}^2", grouped, n * n, sep=" ")
    e.claim(L, f"{n}^2 / 64^2", [ratio], [R(n * n, 64 * 64)])
L = e.line("| 2 048 | ~4.2 triệu | 1 024× |")
e.given(L, "n = 2 048")
e.claim(L, "2048^2 in millions", ["4.2"], [R(2048 ** 2, 10 ** 6)])
grouped_int_claim(e, L, "2048^2 / 64^2", "1 024", R(2048 ** 2, 64 ** 2), sep=" ")
L = e.line("ảnh 384×384 được cắt thành patch 16×16")
e.claim(L, "patches (384/16)^2", ["576"], [R(384, 16) ** 2])
grouped_int_claim(e, L, "pixels 384^2", "147 456", 384 * 384, sep=" ")
e.claim(L, "attention table 147456^2 in billions (decimal comma)", ["21,7"], [R((384 * 384) ** 2, 10 ** 9)])

# Question 3
q3 = sp.Matrix([[2, 0]])
K3 = M([["1", "0"], ["0", "1"]])
V3 = M([["1", "3"], ["5", "1"]])
s3 = q3 * K3.T
w3 = softmax_rows(s3)
o3 = w3 * V3
e.given(e.line("**3. Tính tay: q = [2, 0]"), "question 3 inputs")
L = e.line("Score: q·k₁ = 2, q·k₂ = 0.")
e.claim(L, "scores", ["2", "0"], s3)
e.claim(L, "e^2, e^0, e^2 + 1", ["7.39", "1", "8.39"], [E ** 2, 1, E ** 2 + 1])
e.claim(L, "w1", ["0.88"], [w3[0]])
L = e.line("w₂ ≈ 0.12. Output")
e.claim(L, "w2", ["0.12"], [w3[1]])
e.claim(L, "weighted terms", ["0.60", "2.64"], [w3[1] * V3[1, 0], w3[0] * V3[0, 1]])
e.claim(L, "output", ["1.48", "2.76"], o3)

# Questions 7 and 8
e.given(e.line("paraphrase dài 90 token"), "90-token query")
e.claim(e.line("— 26 token cuối bị bỏ"), "kept / dropped tokens", ["64", "26"], [64, 90 - 64])
e.claim(e.line("**8. Vì sao tăng độ dài chuỗi từ 512 lên 2048"), "cost ratio and length ratio", ["16", "4"],
        [R(2048, 512) ** 2, R(2048, 512)])
e.claim(e.line("Độ dài tăng 4 lần"), "length ratio", ["4"], [R(2048, 512)])
e.claim(e.line("4² = 16 lần."), "4^2", ["16"], [16])
e.done()
