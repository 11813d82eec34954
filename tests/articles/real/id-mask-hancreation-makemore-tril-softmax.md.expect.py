# Expected verdicts for id-mask-hancreation-makemore-tril-softmax.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# Han's Indonesian notes on nanoGPT/Makemore ("matematika dalam self-attention"): causal averaging of a random
# x[0] (B, T, C = 4, 8, 2, seed 1337) with a loop, with a row-normalised tril matrix and with a -inf mask + softmax,
# then one random single-head self-attention.
# Inputs: x[0] printed to 4 decimals (taken as the input; torch kept more digits); b = [[2,7],[6,4],[6,5]]
#   (torch.randint, seed 42); wei = zeros(8, 8).
# Exact values: tril(ones(3,3)) rows / row sums = [1,0,0], [1/2,1/2,0], [1/3,1/3,1/3] -> 0.3333;
#   c = a b = [[2, 7], [4, 11/2], [14/3, 16/3]] -> 4.6667, 5.3333; 8x8 averaging rows 1/(t+1): 0.3333, 0.1667,
#   0.1429, 0.1250; softmax of a masked zero row gives the same rows.
#   Running means of the printed x[0]: 0.1808, -0.07; -0.0894, -0.4926; 0.149, -0.3199; 0.350375, -0.22385 (a tie:
#   both neighbours agree); 0.35254, 0.0545; 0.0688, -0.0396167; 0.0926857, -0.0682143; -0.0340375, 0.133225.
#   The last row prints -0.0341 where the printed inputs give -0.0340375 (-> -0.0340): the gap is within the
#   rounding of the 4-decimal inputs (torch used unprinted digits), so that line is ambiguous, not wrong
#   (it appears four times: xbow, xbow again beside xbow2, xbow2, xbow3).
# The version-4 wei tensor comes from unprinted random nn.Linear weights: every row is ambiguous.
# No line is wrong.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, agrees

e = Expect(__file__, language="id", topics=["mask", "softmax", "causal-average", "notebook-output", "plain-text"])
L = e.lines
NUM = re.compile(r"-?\d+\.\d*|-?\d+")
HIDDEN = "x comes from torch.randn printed to 4 decimals; torch used the unprinted digits"

e.given(e.line("torch.manual_seed(1337)"), "seed 1337")
e.given(e.line("B,T,C = 4,8,2"), "B, T, C = 4, 8, 2")
e.given(e.line("torch.Size([4, 8, 2])"), "shape of x printed back")
e.given(e.line("Tujuannya: 8 token"), "T = 8 tokens restated")


def nums(ln):
    s = L[ln - 1].split("tensor(")[-1]
    return [t[:-1] if t.endswith(".") else t for t in NUM.findall(s)]


# x[0] printed twice (after cell 'x[0], xbow[0]' and after 'x[0]')
X = []
x_starts = [i for i, s in enumerate(L, start=1) if "[ 0.1808, -0.0700]," in s and "-0.3596" in L[i]]
assert len(x_starts) == 2, x_starts
for first in x_starts:
    rows = []
    for t in range(8):
        ln = first + t
        v = nums(ln)
        assert len(v) == 2, (ln, v)
        rows.append((R(v[0]), R(v[1])))
        e.given(ln, f"x[0][{t}] (random input)")
    X = rows


def mean(t, c):
    return sum(X[j][c] for j in range(t + 1)) / (t + 1)


def running_means(first, what):
    for t in range(8):
        ln = first + t
        v = nums(ln)
        assert len(v) == 2, (ln, v)
        ex = [mean(t, 0), mean(t, 1)]
        if all(agrees(p, x) for p, x in zip(v, ex)):
            e.claim(ln, f"{what} row {t}", v, ex)
        else:
            e.ambiguous(ln, f"{what} row {t}: {HIDDEN}")


# xbow[0] (after x[0]), xbow[0] and xbow2[0], xbow3[0]: every block starting with 0.1808 that is not x
starts = [i for i, s in enumerate(L, start=1) if "[ 0.1808, -0.0700]," in s]
assert len(starts) == 6, starts
for k, st in enumerate(s for s in starts if s not in x_starts):
    running_means(st, f"running mean block {k + 1}")
assert len([s for s in starts if s not in x_starts]) == 4

# --- tril(ones(3,3)) and its row-normalised form ------------------------------------------------------
ln = e.line("tensor([[1., 0., 0.],")
for t in range(3):
    e.claim(ln + t, f"tril(ones(3,3)) row {t}", nums(ln + t), [1 if j <= t else 0 for j in range(3)])


def avg_row(t, n):
    return [R(1, t + 1) if j <= t else 0 for j in range(n)]


for n in (1, 2):
    ln = e.line("tensor([[1.0000, 0.0000, 0.0000],", n)
    for t in range(3):
        e.claim(ln + t, f"normalised tril 3x3 row {t} (#{n})", nums(ln + t), avg_row(t, 3))

e.given(e.line("torch.manual_seed(42)"), "seed 42")
ln = e.line("tensor([[2., 7.],")
B = []
for t in range(3):
    v = nums(ln + t)
    B.append([R(v[0]), R(v[1])])
    e.given(ln + t, f"b row {t} (random integers)")
A = sp.Matrix([avg_row(t, 3) for t in range(3)])
C = A * sp.Matrix(B)
ln = e.line("tensor([[2.0000, 7.0000],")
for t in range(3):
    e.claim(ln + t, f"c = a b row {t}", nums(ln + t), list(C.row(t)))

# --- 8x8 averaging matrix (normalised tril, then softmax of the masked zeros) --------------------------
for n in (1, 2):
    first = e.line("tensor([[1.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000],", n)
    for t in range(8):
        v = nums(first + t)
        assert len(v) == 8, (first + t, v)
        e.claim(first + t, f"8x8 weights row {t} (#{n})", v, avg_row(t, 8))
e.claim(e.line("tensor([1., 0., 0., 0., 0., 0., 0., 0.])"), "wei[0]", nums(e.line("tensor([1., 0., 0., 0., 0., 0., 0., 0.])")),
        avg_row(0, 8))
e.given(e.line("(torch.Size([8, 8]), torch.Size([4, 8, 2]))"), "shapes of wei and x")

first = e.line("tensor([[0., 0., 0., 0., 0., 0., 0., 0.],")
for t in range(8):
    e.given(first + t, f"zero affinities row {t}")
first = e.line("tensor([[0., -inf, -inf")
for t in range(8):
    e.given(first + t, f"masked zero row {t}")

# --- version 4: random single head ------------------------------------------------------------------------
e.given(e.line("B,T,C = 4,8,32"), "B, T, C = 4, 8, 32")
e.given(e.line("head_size=16 #The hyper-parameter"), "head size 16")
e.given(e.line("torch.Size([4, 8, 16])"), "output shape")
start = e.line("tensor([[[1.0000, 0.0000")
ln = start
count = 0
while True:
    v = nums(ln)
    if len(v) == 8:
        e.ambiguous(ln, "attention weights from unprinted random nn.Linear weights and random x")
        count += 1
    if "grad_fn" in L[ln - 1]:
        break
    ln += 1
assert count == 32, count
e.done()
