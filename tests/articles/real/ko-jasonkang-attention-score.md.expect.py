# Expected verdicts for ko-jasonkang-attention-score.md, computed with plain SymPy (see oracle.py); not symattn's code.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees

e = Expect(__file__, language="ko", topics=["basic", "softmax", "output"])
NUM = re.compile(r"(?<![\w.])\d+\.\d+|(?<![\w.])\d+(?![\w.])")


def nums(ln):
    """The numbers printed on article line ln (LaTeX comments after % dropped)."""
    return NUM.findall(e.lines[ln - 1].split("%")[0])


def block(start, n):
    """n matrix rows printed one per line from line start."""
    return [nums(start + i) for i in range(n)]


def all_agree(printed, exact):
    return all(agrees(p, x) for p, x in zip(printed, exact))


def judged(ln, what, printed, exact_row, author_row, author_wrong):
    """Claim a row; if wrong, the cause is carried/drift when the author's own operands give it."""
    ex = list(exact_row)
    if all_agree(printed, ex):
        return e.claim(ln, what, printed, ex)
    if author_row is not None and all_agree(printed, list(author_row)):
        return e.claim(ln, what, printed, ex, cause="carried" if author_wrong else "drift")
    return e.claim(ln, what, printed, ex)


def wrong_any(printed_rows, exact):
    return any(not all_agree(r, list(exact.row(i))) for i, r in enumerate(printed_rows))


# inputs
for tok in ["어제", "밤에", '"배"', '"가"', "고파서", "치킨을", "시켜서", "먹었다"]:
    e.given(e.line(f"{tok} →" if tok.startswith('"') else f'"{tok}" →'), f"x {tok}")
LX = e.line(r"\mathbf{X} =") + 2
X = M(block(LX, 8))
for i in range(8):
    e.given(LX + i, "X row")
LWQ = e.line(r"\mathbf{W}_Q = ") + 2
WQ = M(block(LWQ, 4))
LWK = e.line(r"\mathbf{W}_K = ") + 2
WK = M(block(LWK, 4))
for i in range(4):
    e.given(LWQ + i, "W_Q row")
    e.given(LWK + i, "W_K row")
LWV = e.line(r"\mathbf{W}_V = ") + 2
WV = M(block(LWV, 4))
for i in range(4):
    e.given(LWV + i, "W_V row")

Q, K, V = X * WQ, X * WK, X * WV
dk = 4
S = Q * K.T
Ssc = S / sp.sqrt(dk)
A = softmax_rows(Ssc)
O = A * V

# Q = X W_Q (X and W_Q restated, then the product)
LQ = e.line(r"\mathbf{Q} =", after=e.line(r"\mathbf{K} = \mathbf{X} \mathbf{W}_K")) + 2
for i in range(8):
    e.given(LQ + i, "X row (restated)")
for i in range(4):
    e.given(LQ + 10 + i, "W_Q row (restated)")
LQr = LQ + 17
Qp = block(LQr, 8)
for i in range(8):
    judged(LQr + i, f"Q row {i+1}", Qp[i], Q.row(i), None, False)
Q_wrong = wrong_any(Qp, Q)

LK = e.line(r"\mathbf{K} =", after=LQ) + 2
for i in range(8):
    e.given(LK + i, "X row (restated)")
for i in range(4):
    e.given(LK + 10 + i, "W_K row (restated)")
LKr = LK + 17
Kp = block(LKr, 8)
for i in range(8):
    judged(LKr + i, f"K row {i+1}", Kp[i], K.row(i), None, False)
K_wrong = wrong_any(Kp, K)
Qa, Ka = M(Qp), M(Kp)

e.claim(e.line("$d_k = 4$"), "sqrt(d_k)", "2", sp.sqrt(dk))

# QK^T = [Q restated][K^T restated]
L = e.line(r"\mathbf{Q} \mathbf{K}^T =") + 2
for i in range(8):
    judged(L + i, f"Q row {i+1} (restated)", nums(L + i), Q.row(i), Qa.row(i), True)
LT = L + 10
for i in range(4):
    judged(LT + i, f"K^T row {i+1} (restated)", nums(LT + i), K.T.row(i), Ka.T.row(i), True)

L = e.line(r"\mathbf{Q} \mathbf{K}^T =", nth=2) + 2
Sp = block(L, 8)
Sa = Qa * Ka.T
for i in range(8):
    judged(L + i, f"QK^T row {i+1}", Sp[i], S.row(i), Sa.row(i), Q_wrong or K_wrong)
S_wrong = wrong_any(Sp, S)

e.claim(e.line(r"$\sqrt{d_k} = 2$로"), "sqrt(d_k)", "2", sp.sqrt(dk))
L = e.line(r"\mathbf{QK^T}_{\text{scaled}}") + 2
Scp = block(L, 8)
Sca = M(Sp) / 2
for i in range(8):
    judged(L + i, f"scaled row {i+1}", Scp[i], Ssc.row(i), Sca.row(i), S_wrong)
Sc_wrong = wrong_any(Scp, Ssc)

# row 3 by hand
L = e.line(r"\exp(\text{Row 3}) =") + 1
expp = nums(L)
exp_exact = [sp.exp(Ssc[2, j]) for j in range(8)]
exp_auth = [sp.exp(R(v)) for v in Scp[2]]
judged(L, "exp(row 3)", expp, exp_exact, exp_auth, Sc_wrong)
exp_wrong = not all_agree(expp, exp_exact)

L = e.line(r"\text{sum} =")
ps = nums(L)
judged(L, "exp(row 3) (restated)", ps[:8], exp_exact, [R(v) for v in expp], exp_wrong)
e.claim(L, "sum of the printed exp values", ps[8], sum(R(v) for v in ps[:8]))

L = e.line(r"\text{Softmax}(\text{Row 3}) = \begin") + 1
swp = nums(L)
judged(L, "softmax row 3", swp, A.row(2), [R(v) / R(ps[8]) for v in expp], True)

# all rows
L = e.line(r"\mathbf{AW_i} =") + 2
Aa = softmax_rows(M(Scp))
Ap = []
for i in range(7):
    r = nums(L + i)
    Ap.append(r)
    judged(L + i, f"weights row {i+1}", r, A.row(i), Aa.row(i), Sc_wrong)
r8a, r8b = nums(L + 7), nums(L + 9)      # row 8 is split over two lines by the author
judged(L + 7, "weights row 8 (first 5)", r8a, list(A.row(7))[:5], list(Aa.row(7))[:5], Sc_wrong)
judged(L + 9, "weights row 8 (last 3)", r8b, list(A.row(7))[5:], list(Aa.row(7))[5:], Sc_wrong)
Ap.append(r8a + r8b)
A_wrong = wrong_any(Ap, A)

# V = X W_V
L = e.line(r"\mathbf{V} = \mathbf{X} \mathbf{W}_V") + 2
for i in range(8):
    e.given(L + i, "X row (restated)")
for i in range(4):
    e.given(L + 10 + i, "W_V row (restated)")
LVr = L + 17
Vp = block(LVr, 8)
for i in range(8):
    judged(LVr + i, f"V row {i+1}", Vp[i], V.row(i), None, False)
V_wrong = wrong_any(Vp, V)
Va = M(Vp)

# A_row3 x V with restated operands
L = e.line(r"\mathbf{A}_{\text{Row 3}} \times \mathbf{V} =") + 1
judged(L, "weights row 3 (restated)", nums(L), A.row(2), [R(v) for v in swp], True)
for i in range(8):
    judged(L + 2 + i, f"V row {i+1} (restated)", nums(L + 2 + i), V.row(i), Va.row(i), True)

L = e.line(r"\mathbf{A}_{\text{Row 3}} \times \mathbf{V} =", nth=2) + 1
o3 = M([[R(v) for v in swp]]) * Va
judged(L, "output row 3", nums(L), O.row(2), o3.row(0), A_wrong or V_wrong)

L = e.line(r"\text{Attention Output} =") + 2
Oa = M(Ap) * Va
for i in range(8):
    judged(L + i, f"output row {i+1}", nums(L + i), O.row(i), Oa.row(i), A_wrong or V_wrong)

e.ambiguous(e.line("[0.73, 0.32]"), "a 2-entry 'final output' that matches no computed vector; what it is cannot be told")
e.done()
