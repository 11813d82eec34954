# Expected verdicts for ko-basic-sungchullee-scaled-dot-product-drill.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Korean textbook chapter (SungchulLee, deep_learning_book_writing, ch11 "배율 조정 내적 어텐션") on scaled
# dot-product attention: the variance argument with a d_k / sqrt(d_k) / +-2 sigma table, softmax saturation, a
# numeric example with scores (20, 22, 18, 21) at d_k = 512, model head sizes, a seeded variance experiment's printed
# output, causal / padding mask pictures, and a 2 x 2 exercise worked by hand.
# Inputs: d_k = 16, 64, 128, 512; softmax([100, 0, 0]); s = (20, 22, 18, 21), d_k = 512; BERT / GPT-2 / GPT-3
#   (768 / 768~1600 / 12288, heads of 64 / 64 / 128); experiment dims 16, 64, 256, 512, 1024 with torch seed 42
#   (random samples, not printed); exercise d_k = 2, Q = K = I_2, V = [[1,2],[3,4]].
# Exact values: sqrt 16 = 4, sqrt 64 = 8, sqrt 128 = 11.3137, sqrt 512 = 22.6274; 2 sigma = 8, 16, 22.6274, 45.2548.
#   The printed [-45.2, 45.2] is 2 x the rounded 22.6: exact 45.25 -> 45.3 (wrong, cause drift).
#   softmax([100, 0, 0]) = [1 - 7.4e-44, 3.7e-44, 3.7e-44] -> [1.0, 0.0, 0.0].
#   softmax(20, 22, 18, 21) = (0.088947, 0.657233, 0.012038, 0.241783): printed (0.018, 0.731, 0.002, 0.249)
#   wrong (slip; only 0.249 is near, and it is 0.242).
#   s / sqrt 512 = (0.883883, 0.972272, 0.795495, 0.928078) -> (0.88, 0.97, 0.80, 0.93) right;
#   softmax of those = (0.246731, 0.269532, 0.225859, 0.257879) end to end, (0.245787, 0.268934, 0.226890,
#   0.258389) from the printed rounded scores: the printed (0.227, 0.249, 0.210, 0.314) is wrong under both (slip;
#   the largest weight sits on the third-largest score).
#   sqrt column of the experiment: 4, 8, 16, 22.627417, 32 -> 4.00 / 8.00 / 16.00 / 22.63 / 32.00 right; the
#   variance columns come from unprinted random samples (ambiguous).
#   Std without scaling for d_k = 64 / 128: 8 / 11.31 -> "8~11" right.
#   Exercise: scores 1/sqrt2 = 0.707107; weights e^{0.7071}/(1 + e^{0.7071}) = 0.669762, 0.330238 -> 0.67 / 0.33;
#   output [[1.660477, 2.660477], [2.339523, 3.339523]] -> [[1.66, 2.66], [2.34, 3.34]] right (also from the
#   rounded weights).
# Wrong lines: the d_k = 512 table row (45.2, drift), the unscaled softmax line (slip), the scaled softmax line (slip).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ko", topics=["basic", "softmax", "mask"])
L = e.line

# --- formulas ---------------------------------------------------------------------------------
for s in ("**1단계", "s_{ij} = \\mathbf{q}_i^T", "**2단계", "**3단계", "\\alpha_{ij} = \\frac{\\exp", "**4단계",
          "\\mathbf{o}_i = \\sum_{j=1}^{m}"):
    e.given(L(s), "step label / summation index")
e.claim(L("각 행은 음수가 없고 합이 1인"), "row sum of a softmax row", ["1"], [1])
e.given(L("평균 $\\mu = 0$, 분산 $\\sigma^2 = 1$"), "mean 0, variance 1 (assumption)")
e.claim(L("\\mathbb{E}[\\mathbf{q}^T \\mathbf{k}] = \\sum_{i=1}^{d_k}"), "mean of the dot product", ["0"], [0])
e.given(L("\\text{Var}(\\mathbf{q}^T \\mathbf{k}) = \\sum_{i=1}^{d_k}"), "index and exponent 2 (symbolic result d_k)")
e.given(L("\\mathbf{q}^T \\mathbf{k} \\sim \\mathcal{N}(0, d_k)"), "mean 0 (symbolic)")

# --- d_k table -----------------------------------------------------------------------------------
e.given(L("| $d_k$ | $\\sqrt{d_k}$ | 흔한 점수 범위 ($\\pm 2\\sigma$)"), "table header: +-2 sigma")
for dk, sq, lo, hi, cause in ((16, "4", "-8", "8", "slip"), (64, "8", "-16", "16", "slip"),
                              (128, "11.3", "-22.6", "22.6", "slip"), (512, "22.6", "-45.2", "45.2", "drift")):
    ln = L(f"| {dk} | {sq} |")
    e.given(ln, f"d_k = {dk}")
    e.claim(ln, f"sqrt({dk})", [sq], [sp.sqrt(dk)])
    e.claim(ln, f"+-2 sigma for d_k = {dk}" + (" (2 x the rounded 22.6; exact 45.25)" if dk == 512 else ""),
            [lo, hi], [-2 * sp.sqrt(dk), 2 * sp.sqrt(dk)], cause=cause)

# --- saturation --------------------------------------------------------------------------------------
ln = L("\\text{softmax}([100, 0, 0]) \\approx [1.0, 0.0, 0.0]")
e.given(ln, "input [100, 0, 0]")
e.claim(ln, "softmax([100, 0, 0])", ["1.0", "0.0", "0.0"], softmax_rows(M([[100, 0, 0]])).row(0))
e.given(L("이고 나머지가 $\\approx 0$인 포화 상태"), "saturated weights alpha_1 = 1, others 0 (assumed)")
e.claim(L("\\approx 1 \\cdot (1 - 1) = 0 \\quad \\text{for } j = 1"), "1 (1 - 1)", ["0"], [1 * (1 - 1)])
e.claim(L("\\approx 1 \\cdot (0 - 0) = 0 \\quad \\text{for } j \\neq 1"), "1 (0 - 0)", ["0"], [1 * (0 - 0)])
e.claim(L("\\frac{d_k}{d_k} = 1$$"), "scaled variance d_k / d_k", ["1"], [1])
e.ambiguous(L("대체로 $[-3, 3]$ 근처"), "[-3, 3] is a rough typical range, not a computed value")

# --- numeric example -----------------------------------------------------------------------------------
e.given(L("$d_k = 512$이고 점수가"), "d_k = 512, s = (20, 22, 18, 21)")
s = M([[20, 22, 18, 21]])
ln = L("\\text{softmax}(20, 22, 18, 21) \\approx")
e.given(ln, "scores restated")
e.claim(ln, "softmax of the unscaled scores", ["0.018", "0.731", "0.002", "0.249"], softmax_rows(s).row(0))
e.claim(L("**$\\sqrt{512} \\approx 22.6$"), "sqrt 512", ["22.6"], [sp.sqrt(512)])
ss = s / sp.sqrt(512)
e.claim(L("\\mathbf{s}_{\\text{scaled}} = (0.88, 0.97, 0.80, 0.93)"), "s / sqrt 512", ["0.88", "0.97", "0.80", "0.93"],
        ss.row(0))
ln = L("\\text{softmax}(0.88, 0.97, 0.80, 0.93) \\approx")
e.claim(ln, "scaled scores restated", ["0.88", "0.97", "0.80", "0.93"], ss.row(0))
e.claim(ln, "softmax of the scaled scores (also wrong from the rounded operands: 0.2458 / 0.2689 / 0.2269 / 0.2584)",
        ["0.227", "0.249", "0.210", "0.314"], softmax_rows(ss).row(0))

# --- candidate factors / temperature --------------------------------------------------------------------
ln = L("| $d_k$ | $1/d_k$ |")
e.claim(ln, "variance after dividing by d_k: d_k / d_k^2", ["1"], [1])
ln = L("| $\\sqrt{d_k}$ | $1$ | 딱 알맞다")
e.claim(ln, "variance after dividing by sqrt d_k", ["1", "1"], [1, 1])

# --- model head sizes ---------------------------------------------------------------------------------------
for s_ in ("| BERT-base | 768 | 64 |", "| GPT-2 | 768~1600 | 64 |", "| GPT-3 | 12288 | 128 |"):
    e.given(L(s_), "model config (d_model, head size)")
e.claim(L("표준편차가 8~11 정도"), "unscaled std sqrt 64 and sqrt 128", ["8", "11"], [sp.sqrt(64), sp.sqrt(128)],
        rounded_int=True)

# --- experiment output ----------------------------------------------------------------------------------------
e.given(L("## 4. 실험: 분산이 정말 1이 되는가"), "heading (target variance 1)")
e.given(L("`torch.manual_seed(42)`"), "seed 42, 10000 samples per dimension")
for dk, sq in ((16, "4.00"), (64, "8.00"), (256, "16.00"), (512, "22.63"), (1024, "32.00")):
    ln = L(f"{dk:>6} |")
    e.given(ln, f"d_k = {dk}")
    e.claim(ln, f"sqrt({dk})", [sq], [sp.sqrt(dk)])
    e.ambiguous(ln, "the two variance columns are sample variances of unprinted random draws (seed 42)")

# --- masks ----------------------------------------------------------------------------------------------------------
e.given(L("길이 4짜리 순차열의 인과 가림막"), "length 4, last 2 padded, 1 = visible, 0 = masked")
e.given(L("Causal Mask (seq=4):"), "seq = 4, pad last 2")
m0 = L("│ 1 0 0 0 │")
for i in range(4):
    causal = ["1" if j <= i else "0" for j in range(4)]
    e.claim(m0 + i, f"causal mask row {i + 1} and padding mask row {i + 1}", causal + ["1", "1", "0", "0"],
            [1 if j <= i else 0 for j in range(4)] + [1, 1, 0, 0])

# --- exercise 2 ---------------------------------------------------------------------------------------------------
e.given(L("**연습문제 2.**"), "exercise number")
e.given(L("$d_k = 2$이고 $Q = [[1,0],[0,1]]$"), "d_k = 2, Q, K, V")
e.given(L("??? success \"연습문제 2 풀이\""), "exercise number")
Q = M([[1, 0], [0, 1]])
K = M([[1, 0], [0, 1]])
V = M([[1, 2], [3, 4]])
S = Q * K.T / sp.sqrt(2)
A = softmax_rows(S)
O = A * V
ln = L("점수: $QK^\\top / \\sqrt{2}")
e.claim(ln, "Q K^T (before scaling)", ["1", "0"], [(Q * K.T)[0, 0], (Q * K.T)[0, 1]])
e.claim(ln, "scaled scores", ["0.707", "0"], [S[0, 0], S[0, 1]])
e.claim(L("가중치: 각 행에 소프트맥스"), "weights", [["0.67", "0.33"], ["0.33", "0.67"]], A)
ln = L("출력: 가중치 $\\times V")
e.claim(ln, "weights in the written products", ["0.67", "0.33"], [A[0, 0], A[0, 1]])
e.claim(ln, "output", [["1.66", "2.66"], ["2.34", "3.34"]], O)

e.given(L("**연습문제 4.**"), "exercise number")
e.given(L("??? success \"연습문제 4 풀이\""), "exercise number")
e.given(L("$QK^\\top$에 $O(n^2 d)$"), "exponents in O(n^2 d) (symbolic)")

import re
for i, text in enumerate(e.lines, start=1):
    if i > 1 and i not in e.verdicts and re.search(r"\d", text):
        if text.startswith("#") or text.startswith("| $d_k$ | $\\sqrt"):
            e.given(i, "heading / table header, no computed value")
        else:
            raise SystemExit(f"unmarked line {i}: {text}")
e.done()
