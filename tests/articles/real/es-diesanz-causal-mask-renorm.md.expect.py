# Expected verdicts for es-diesanz-causal-mask-renorm.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The weights come from nn.Linear layers seeded with torch.manual_seed(789) / (123) that the notebook never prints, so
# the first attention weights, the masked scores, the dropout pattern and the context vectors are unverifiable
# (ambiguous).  What can be recomputed is checked against the article's own printed operands (4-place prints):
#   simple_masked = weights * tril mask (exact copies, ok);
#   masked_simple_norm = simple_masked / row sums; softmax(masked / sqrt(2)) from the printed masked scores.
# An entry that equals the value computed from the printed operands at 4 places is ok; one that differs only within what
# the 4-place rounding of those operands (+- 0.00005) can explain is ambiguous; anything else would be wrong.
# Result: row 2 of the renormalised weights prints 0.5517 / 0.4483 where the printed operands give 0.5516 / 0.4484, and
# similar one-unit differences occur in rows 3-5 of both computations - all within rounding (ambiguous).  No wrong line.
# Also checked: 1/0,5 = 2, torch.Size([2, 6, 3]), torch.Size([2, 6, 2]), the batch print (= inputs).
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, agrees, parse

e = Expect(__file__, language="es", topics=["mask", "causal", "renormalization", "dropout", "torch-print"])
NUM = re.compile(r"-?\d+\.\d+")
H = R(1, 2) * R(10) ** -4


def nums(ln):
    return NUM.findall(e.lines[ln - 1])


def block(after_label, nrows, nth=1, after=0):
    L = e.line(after_label, nth=nth, after=after)
    out, ln = [], L
    while len(out) < nrows:
        ln += 1
        if NUM.search(e.lines[ln - 1]) or "-inf" in e.lines[ln - 1]:
            out.append(ln)
    return out


def judge(ln, what, point, lo, hi):
    printed = nums(ln)
    assert len(printed) == len(point), (ln, printed)
    notes, bad = [], False
    for s, x, a, b in zip(printed, point, lo, hi):
        if agrees(s, x):
            continue
        v = parse(s)[0]
        if a - H <= v <= b + H:
            notes.append(f"{s} vs {sp.N(x, 6)} from the printed operands (reachable {sp.N(a, 6)}..{sp.N(b, 6)})")
        else:
            bad = True
    if bad or not notes:
        e.claim(ln, what, printed, point)
    else:
        e.ambiguous(ln, what + ": " + "; ".join(notes))


inputs = [["0.43", "0.15", "0.89"], ["0.55", "0.87", "0.66"], ["0.57", "0.85", "0.64"], ["0.22", "0.58", "0.33"],
          ["0.77", "0.25", "0.10"], ["0.05", "0.80", "0.55"]]
X = M(inputs)
for row in inputs:
    e.given(e.line("[" + ", ".join(row) + "]"), "inputs row")
e.given(e.line("d_in = 3"), "d_in")
e.given(e.line("d_out = 2"), "d_out")

# 1. weights from unprinted random layers
W_lines = block("print(attn_weights)", 6)
W = [[parse(s)[0] for s in nums(ln)] for ln in W_lines]
for i, ln in enumerate(W_lines):
    e.ambiguous(ln, f"attention weights row {i + 1}: from nn.Linear weights drawn with torch.manual_seed(789), never printed")

# 2. the mask and the masked weights
L = e.line("tensor([[1., 0., 0., 0., 0., 0.],")
mask_lines = list(range(L, L + 6))
for ln in mask_lines:
    e.given(ln, "tril mask row")
sm_lines = [ln for ln in range(mask_lines[-1] + 1, mask_lines[-1] + 7)]
for i, ln in enumerate(sm_lines):
    e.claim(ln, f"weights * mask row {i + 1}", nums(ln), [W[i][j] if j <= i else 0 for j in range(6)])
SM = [[parse(s)[0] for s in nums(ln)] for ln in sm_lines]

# 3. renormalisation
norm_lines = block("print(masked_simple_norm)", 6)
for i, ln in enumerate(norm_lines):
    row = SM[i][: i + 1]
    tot = sum(row)
    point = [x / tot for x in row] + [0] * (5 - i)
    lo, hi = [], []
    for j in range(6):
        if j > i:
            lo.append(0), hi.append(0)
            continue
        others = [SM[i][k] for k in range(i + 1) if k != j]
        xl, xh = SM[i][j] - H, SM[i][j] + H
        ol, oh = sum(others) - H * len(others), sum(others) + H * len(others)
        lo.append(xl / (xl + oh))
        hi.append(xh / (xh + ol))
    judge(ln, f"renormalised row {i + 1}", point, lo, hi)

# 4. masked scores (unprinted weights) and their softmax
ms_lines = block("print(attn_weights)", 6, nth=2)
for i, ln in enumerate(ms_lines):
    e.ambiguous(ln, f"masked scores row {i + 1}: q k^T from unprinted random weights (seed 789)")
MS = [[parse(s)[0] for s in nums(ln)] for ln in ms_lines]
sw_lines = [ln for ln in range(ms_lines[-1] + 2, ms_lines[-1] + 8)]
r2 = sp.sqrt(2)
for i, ln in enumerate(sw_lines):
    row = MS[i]
    den = sum(sp.exp(x / r2) for x in row)
    point = [sp.exp(x / r2) / den for x in row] + [0] * (5 - i)
    lo, hi = [], []
    for j in range(6):
        if j > i:
            lo.append(0), hi.append(0)
            continue
        xl, xh = sp.exp((row[j] - H) / r2), sp.exp((row[j] + H) / r2)
        ol = sum(sp.exp((row[k] - H) / r2) for k in range(i + 1) if k != j)
        oh = sum(sp.exp((row[k] + H) / r2) for k in range(i + 1) if k != j)
        lo.append(xl / (xl + oh))
        hi.append(xh / (xh + ol))
    judge(ln, f"softmax(masked / sqrt2) row {i + 1}", point, lo, hi)

# 5. dropout
L = e.line("tensor([[1., 1., 1., 1., 1., 1.],")
ex_lines = list(range(L, L + 6))
for ln in ex_lines:
    e.given(ln, "torch.ones(6, 6) row")
dr_lines = [ln for ln in range(ex_lines[-1] + 1, ex_lines[-1] + 7)]
for i, ln in enumerate(dr_lines):
    e.ambiguous(ln, f"dropout row {i + 1}: which entries are zeroed is random (seed 123); kept entries are 2 = 1/0.5")
e.given(e.line("dropout = nn.Dropout(0.5)"), "p = 0.5")
e.claim(e.line("1/0,5 = 2"), "1/0.5", "2", 1 / R(1, 2))
e.given(e.line("tasa del 50 %"), "rate 50 %")

# 6. batch and the causal attention class
L = e.line("torch.Size([2, 6, 3])")
e.claim(L, "batch.shape = stack of two 6x3 inputs", ["2", "6", "3"], [2, 6, 3])
for k in range(12):
    ln = L + 1 + k + (1 if k >= 6 else 0)
    e.claim(ln, f"batch[{k // 6}] row {k % 6 + 1}", nums(ln), list(X.row(k % 6)))
cv_start = e.line("tensor([[[-0.4519,  0.2216],")
for k in range(12):
    ln = cv_start + k + (1 if k >= 6 else 0)
    e.ambiguous(ln, f"context vector {k // 6}/{k % 6 + 1}: from unprinted random weights (seed 123)")
e.claim(e.line("context_vecs.shape: torch.Size([2, 6, 2])"), "context_vecs.shape (batch, tokens, d_out)",
        ["2", "6", "2"], [2, 6, 2])
e.done()
