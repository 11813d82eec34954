# Expected verdicts for it-mask-soncio69-self-attention-causale.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the 6x3 embeddings of "Your journey starts with one step" printed in the first code cell.
# Part 1 (no trainable weights, unscaled as the notebook does): scores S = X X^T, query x^2; S_2 / sum(S_2); softmax;
#   context z2 = softmax(S_2) X; full 6x6 S (printed twice), row softmax, 6x3 context matrix.  Exact: S_2 =
#   (0.9544, 1.495, 1.4754, 0.8434, 0.707, 1.0865); softmax(S_2) = (0.138548, 0.237891, 0.233274, 0.123992, 0.108182,
#   0.158114); z2 = (0.441866, 0.651482, 0.568309).  Every 4-decimal entry agrees.
# Part 2 (trainable W drawn with torch.manual_seed(123) / nn.Linear with seed 789, never printed): query_2, the scores,
#   context vectors and the class outputs are unverifiable (ambiguous).  Shapes (6, 2) follow from 6 tokens, d_out = 2.
#   softmax(attn_scores_2 / sqrt 2) is recomputed from the printed 4-place scores: it agrees at 4 places.
# Part 3 (causal): the first 6x6 weights and the masked scores come from unprinted weights (ambiguous); masked_simple =
#   weights * tril mask is an exact copy of the printed weights (ok); the renormalised rows and softmax(masked / sqrt 2)
#   are recomputed from the printed 4-place operands: an entry that differs from that value only by what the rounding
#   of the operands (+- 0.00005) can explain is ambiguous (row 2: 0.5517 / 0.4483 printed vs 0.5516 / 0.4484 from the
#   printed weights), anything else would be wrong.  No wrong line: the notebook prints machine outputs.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, agrees, parse, softmax_rows

e = Expect(__file__, language="it", topics=["basic", "causal-mask", "renormalization", "notebook", "torch-print",
                                            "unscaled", "context-vector"])
NUM = re.compile(r"-?\d+\.\d+")
H = R(1, 2) * R(10) ** -4


def nums(ln):
    return NUM.findall(e.lines[ln - 1])


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
for n in (1, 2):
    L = e.line("Attention weights: tensor([0.1385", n)
    e.claim(L, "softmax of the scores", nums(L), list(w2))
    e.claim(L + 1, "sum of the softmax", "1", sum(w2))
L = e.line("tensor([0.4419, 0.6515, 0.5683])")
e.claim(L, "context vector z2", nums(L), list(w2 * X))


def mblock(first, what, exact):
    e.rows([first + i for i in range(exact.rows)], what, [nums(first + i) for i in range(exact.rows)], exact)


for n in (1, 2):
    mblock(e.line("tensor([[0.9995, 0.9544", n), "all scores X X^T", S)
mblock(e.line("tensor([[0.2098, 0.2006"), "row softmax of the scores", A)
mblock(e.line("tensor([[0.4421, 0.5931"), "all context vectors", C)

# ---- part 2
e.given(e.line("# The input embedding size, d=3"), "d_in = 3")
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
L = e.line("tensor([[-0.0739,  0.0713],")
for k in range(6):
    e.ambiguous(L + k, f"SelfAttention_v2 output row {k + 1}: nn.Linear weights drawn with torch.manual_seed(789), never printed")

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
L = e.line("tensor([[0.2899,   -inf")
MS = []
for i in range(6):
    e.ambiguous(L + i, f"masked scores row {i + 1}: q k^T from unprinted random weights (seed 789)")
    MS.append([parse(s)[0] for s in nums(L + i)])
L = e.line("tensor([[1.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000],", 2)
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
e.done()
