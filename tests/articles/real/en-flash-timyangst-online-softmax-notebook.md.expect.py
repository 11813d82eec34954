# Expected verdicts for en-flash-timyangst-online-softmax-notebook.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A = torch.randn(2, 6) is printed at 4 decimals; P = row softmax(A) is printed six times (plain, safe, 3-pass and 2-pass
# online, and the dim-generic versions twice), all at 4 decimals.
# From the printed A (taken as exact): P = [[0.095062, 0.175411, 0.157848, 0.101751, 0.129831, 0.340097],
#                                          [0.123671, 0.161600, 0.150720, 0.056919, 0.219735, 0.287356]].
# Row 2 agrees entry by entry (ok). In row 1, 0.1579 and 0.1017 differ in the last place from 0.157848 and 0.101751; both
# are within reach of the 4-decimal rounding of the printed A (each A entry known only to +-0.00005), so these six row-1
# lines are ambiguous rather than wrong (the other four row-1 entries agree). No wrong line.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees, parse

e = Expect(__file__, language="en", topics=["online-softmax", "flash", "softmax-row", "printed-output"])
NUM = re.compile(r"-?\d+\.\d+")


def nums(ln):
    return NUM.findall(e.lines[ln - 1])


LA1 = e.line("tensor([[-0.2735")
LA2 = e.line("[-0.0193")
e.given(LA1, "A row 1 (printed random draw)")
e.given(LA2, "A row 2 (printed random draw)")
A = M([nums(LA1), nums(LA2)])
P = softmax_rows(A)
delta = R(5, 10**5)


def bounds(row, j):
    """Range of softmax entry j when every printed A entry may be off by up to delta."""
    a = [A[row, k] for k in range(A.cols)]
    lo_den = sp.exp(a[j] - delta) + sum(sp.exp(a[k] + delta) for k in range(len(a)) if k != j)
    hi_den = sp.exp(a[j] + delta) + sum(sp.exp(a[k] - delta) for k in range(len(a)) if k != j)
    return sp.exp(a[j] - delta) / lo_den, sp.exp(a[j] + delta) / hi_den


def check_row(ln, row, what):
    printed = nums(ln)
    bad = [j for j, p in enumerate(printed) if not agrees(p, P[row, j])]
    if not bad:
        e.claim(ln, what, printed, P.row(row))
        return
    reasons = []
    for j in bad:
        lo, hi = bounds(row, j)
        pv, d, _ = parse(printed[j])
        half = R(1, 2) * R(10) ** (-d)
        if not (sp.N(lo - half, 30) <= pv <= sp.N(hi + half, 30)):
            raise SystemExit(f"line {ln}: {printed[j]} is outside the input-rounding range -- treat as wrong")
        reasons.append(f"{printed[j]} vs {sp.N(P[row, j], 6)} from the printed A (range {sp.N(lo, 6)}..{sp.N(hi, 6)})")
    e.ambiguous(ln, f"{what}: last-place differences explained by the 4-decimal print of A: " + "; ".join(reasons)
                + f"; the other {len(printed) - len(bad)} entries agree")


for k in range(1, 7):
    L1 = e.line("tensor([[0.0951", nth=k)
    L2 = e.line("[0.1237", nth=k)
    check_row(L1, 0, f"softmax row 1 (print {k})")
    check_row(L2, 1, f"softmax row 2 (print {k})")

e.given(e.line("m_0 = -inf"), "initial running max")
e.given(e.line("d_0 = 0.0"), "initial sum")
e.given(e.line("m_0   = -inf"), "initial running max")
e.given(e.line("d'_0  = 0.0"), "initial sum")
e.done()
