# Expected verdicts for ko-mask-restful3-llm-ch03-causal-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Source: a Korean study-group translation of ch. 3 of Raschka's LLM book; the printed tensors are the book's outputs.
# Inputs: the 6x3 embeddings of "Your journey starts with one step".
# Part 1 (no trainable weights, plainly unscaled): scores of query x^2 = x^2 . x^j; scores / their sum; softmax;
#   context z2 = softmax(S_2) X; all-pairs S = X X^T, row softmax, 6x3 contexts; the row-2 sum of the printed weights
#   (sum of six literals = 1 exactly); all row sums.  Every 4-decimal entry agrees with the exact value.
# Part 2 (W_query/W_key/W_value drawn with torch.manual_seed(123), never printed): query_2, q2.k2, the six scores and
#   the context vector are unverifiable (ambiguous); shapes (6, 2) follow from 6 tokens, d_out = 2;
#   softmax(scores / sqrt 2) recomputed from the printed 4-place scores agrees at 4 places.
# Part 3 (causal; sa_v2 built with nn.Linear under seed 789, weights never printed): the 6x6 weights and the -inf masked
#   scores are ambiguous; weights * tril mask copies the printed weights (ok); the renormalised rows and
#   softmax(masked / sqrt 2) are recomputed from the printed 4-place operands: an entry off only by what the +-0.00005
#   rounding of the operands can explain is ambiguous (row 2: 0.5517 / 0.4483 printed vs 0.5516 / 0.4484 from the
#   printed weights), anything else would be wrong.
# Part 4 (dropout p = 0.5, seed 123): which entries are zeroed is random (ambiguous); the scale 1/(1-p) = 2 is claimed;
#   each kept entry of dropout(attn_weights) is 2 x the causal weight, recomputed end to end from the printed masked
#   scores; an entry that only matches 2 x the printed 4-place weight (0.4925 vs 2 x 0.2462 = 0.4924) is ambiguous.  Row 1 prints "0 .0000" with a stray space, which is not a number
#   and is left unclaimed.  No wrong line: every printed value is a machine output.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, agrees, parse, softmax_rows

e = Expect(__file__, language="ko", topics=["basic", "causal-mask", "renormalization", "dropout", "torch-print",
                                            "unscaled", "context-vector"])
NUM = re.compile(r"-?\d+\.\d+")
H = R(1, 2) * R(10) ** -4


def nums(ln):
    return NUM.findall(e.lines[ln - 1])


def judge(ln, what, point, lo, hi, printed=None):
    printed = printed if printed is not None else nums(ln)
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
    e.given(e.line("[" + ", ".join(row) + "],"), "inputs row")
S = X * X.T
A = softmax_rows(S)
C = A * X
s2 = S.row(1)
w2 = A.row(1)

# ---- part 1
L = e.line("tensor([0.9544, 1.4950, 1.4754, 0.8434, 0.7070, 1.0865])")
e.claim(L, "scores of query x^2", nums(L), list(s2))
L = e.line("Attention weights: tensor([0.1455")
e.claim(L, "scores / sum of scores", nums(L), list(s2 / sum(s2)))
e.claim(L + 1, "sum of normalised scores", "1.0000", sum(s2 / sum(s2)))
L = e.line("Attention weights: tensor([0.1385")
e.claim(L, "softmax of the scores", nums(L), list(w2))
e.claim(L + 1, "sum of the softmax", "1", sum(w2))
L = e.line("tensor([0.4419, 0.6515, 0.5683])")
e.claim(L, "context vector z2", nums(L), list(w2 * X))


def mblock(first, what, exact):
    e.rows([first + i for i in range(exact.rows)], what, [nums(first + i) for i in range(exact.rows)], exact)


mblock(e.line("tensor([[0.9995, 0.9544"), "all scores X X^T", S)
mblock(e.line("tensor([[0.2098, 0.2006"), "row softmax of the scores", A)
L = e.line("row_2_sum = sum([0.1385")
e.given(L, "row 2 of the printed weights, copied as literals")
lits = [parse(s)[0] for s in nums(L)]
e.claim(e.line("Row 2 sum: 1.0"), "sum of the six printed row-2 weights", "1.0", sum(lits))
L = e.line("All row sums: tensor(")
e.claim(L, "row sums of the softmax", nums(L), [sum(A.row(i)) for i in range(6)])
mblock(e.line("tensor([[0.4421, 0.5931"), "all context vectors", C)
L = e.line("Previous 2nd context vector: tensor(")
e.claim(L, "context vector z2 again", nums(L), list(w2 * X))

# ---- part 2
e.given(e.line("d_out = 2"), "d_out")
e.ambiguous(e.line("tensor([0.4306, 1.4551])"), "query_2 = x_2 W_query: W_query drawn with torch.manual_seed(123), never printed")
e.claim(e.line("keys.shape: torch.Size([6, 2])"), "keys.shape (tokens, d_out)", ["6", "2"], [6, 2])
e.claim(e.line("values.shape: torch.Size([6, 2])"), "values.shape (tokens, d_out)", ["6", "2"], [6, 2])
e.ambiguous(e.line("tensor(1.8524)"), "q_2 . k_2 from unprinted random weights (seed 123)")
L = e.line("tensor([1.2705, 1.8524, 1.8111, 1.0795, 0.5577, 1.5440])")
e.ambiguous(L, "scores of query 2 from unprinted random weights (seed 123)")
sc = [parse(s)[0] for s in nums(L)]
r2 = sp.sqrt(2)
den = sum(sp.exp(x / r2) for x in sc)
point = [sp.exp(x / r2) / den for x in sc]
lo, hi = [], []
for j in range(6):
    xl, xh = sp.exp((sc[j] - H) / r2), sp.exp((sc[j] + H) / r2)
    ol = sum(sp.exp((sc[k] - H) / r2) for k in range(6) if k != j)
    oh = sum(sp.exp((sc[k] + H) / r2) for k in range(6) if k != j)
    lo.append(xl / (xl + oh)), hi.append(xh / (xh + ol))
judge(e.line("tensor([0.1500, 0.2264, 0.2199, 0.1311, 0.0906, 0.1820])"), "softmax(scores / sqrt 2)", point, lo, hi)
e.ambiguous(e.line("tensor([0.3061, 0.8210])"), "context vector 2: values from unprinted W_value (seed 123)")

# ---- part 3
L = e.line("tensor([[0.1921, 0.1646, 0.1652")
W = []
for k in range(6):
    e.ambiguous(L + k, f"attention weights row {k + 1}: from nn.Linear weights (seed 789), never printed")
    W.append([parse(s)[0] for s in nums(L + k)])
L = e.line("tensor([[1., 0., 0., 0., 0., 0.],")
for k in range(6):
    e.given(L + k, "tril mask row")
L = e.line("tensor([[0.1921, 0.0000, 0.0000")
SM = []
for i in range(6):
    e.claim(L + i, f"weights * mask row {i + 1}", nums(L + i), [W[i][j] if j <= i else 0 for j in range(6)])
    SM.append([parse(s)[0] for s in nums(L + i)])
CW = []  # exact point of each causal weight recomputed from the printed operands
L = e.line("tensor([[1.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000],")
for i in range(6):
    tot = sum(SM[i][: i + 1])
    point = [SM[i][j] / tot for j in range(i + 1)] + [0] * (5 - i)
    lo, hi = [], []
    for j in range(6):
        if j > i:
            lo.append(0), hi.append(0)
            continue
        others = [SM[i][k] for k in range(i + 1) if k != j]
        xl, xh = SM[i][j] - H, SM[i][j] + H
        ol, oh = sum(others) - H * len(others), sum(others) + H * len(others)
        lo.append(xl / (xl + oh)), hi.append(xh / (xh + ol))
    judge(L + i, f"renormalised row {i + 1}", point, lo, hi)
L = e.line("tensor([[0.2899, -inf")
MS = []
for i in range(6):
    e.ambiguous(L + i, f"masked scores row {i + 1}: q k^T from unprinted random weights (seed 789)")
    MS.append([parse(s)[0] for s in nums(L + i)])
L = e.line("tensor([[1.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000],", 2)
PW = []
for i in range(6):
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
        lo.append(xl / (xl + oh)), hi.append(xh / (xh + ol))
    judge(L + i, f"softmax(masked / sqrt 2) row {i + 1}", point, lo, hi)
    PW.append(list(zip([parse(s)[0] for s in nums(L + i)], point, lo, hi)))

# ---- part 4 (dropout)
e.given(e.line("dropout = torch.nn.Dropout(0.5)"), "dropout rate p = 0.5")
L = e.line("print(dropout(example))")
e.claim(L, "dropout scale 1/(1-p) for p = 0.5 (code comment)", ["2"], [1 / (1 - R(1, 2))])
L = e.line("tensor([[2., 2., 0., 2., 2., 0.],")
for k in range(6):
    e.ambiguous(L + k, f"dropout(ones) row {k + 1}: which entries are zeroed is drawn with torch.manual_seed(123); kept ones are 2")
L = e.line("$\\frac{1}{0.5} = 2$")
e.claim(L, "rescaling factor 1/0.5", ["0.5", "2"], [R(1, 2), 2])
L = e.line("tensor([[2.0000, 0.0000, 0 .0000")
for i in range(6):
    printed = nums(L + i)
    pw = PW[i]
    if i == 0:  # "0 .0000" (third entry) carries a stray space: five numbers parsed, the third is skipped
        pw = [pw[0], pw[1]] + pw[3:]
    assert len(printed) == len(pw), (i, printed, pw)
    kept = [(s, q) for s, q in zip(printed, pw) if parse(s)[0] != 0]
    if not kept:
        e.ambiguous(L + i, f"dropout(causal weights) row {i + 1}: every entry zeroed by the random mask (seed 123)")
        continue
    # kept entry = 2 x causal weight; exact point from the printed masked scores, band also covers 2 x printed weight
    judge(L + i, f"dropout(causal weights) row {i + 1}: kept entries = 2 x causal weight (which entries are "
          "zeroed is random, seed 123)", [2 * q[1] for _, q in kept],
          [min(2 * q[2], 2 * (q[0] - H)) for _, q in kept], [max(2 * q[3], 2 * (q[0] + H)) for _, q in kept],
          [s for s, _ in kept])
e.done()
