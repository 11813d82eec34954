# Expected verdicts for en-mask-juditacs-masked-attention-weights.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A 2018 blog post on padding masks before a softmax, in PyTorch, with printed tensors.
# Inputs: X = torch.arange(12).view(4, 3) with a uint8 mask set at (0,0), (1,1), (3,2); the toy batch of 4 sequences
# with lengths X_len = [4, 1, 6, 3]; maxlen = X.size(1) = 6 (every printed mask and the printed index tensor have 6
# columns; `data.shape` itself is never shown).
# Exact values:
#   X[mask] = 100      -> [[100, 1, 2], [3, 100, 5], [6, 7, 8], [9, 10, 100]]        (ok)
#   X[~mask] = 100     -> [[0, 100, 100], [100, 4, 100], [100, 100, 100], [100, 100, 11]]   (ok)
#   mask = arange(6) < X_len -> [[1,1,1,1,0,0], [1,0,0,0,0,0], [1,1,1,1,1,1], [1,1,1,0,0,0]].
# Wrong lines:
#   - the first printed mask (broadcasting version): row 1 agrees, rows 2-4 print [1,1,1,1,1,1], [1,0,0,0,0,0],
#     [1,1,1,1,1,1] for lengths 1, 6, 3 (slip; the second, expanded version prints the right mask);
#   - the prose says the length vector is repeated once per column "(10 times)" and that the Nones stand for
#     "4 and 10 repetitions": the tensors have 6 columns, so 10 is wrong on both lines (slip); 4 rows is right.
# Ambiguous: "about 15% faster" is a timing the article cannot determine; softmax rows 1, 3, 4 come from
#   X = np.random.random(data.shape).round(1) * 2 + 3 with `data` never defined and X never printed (for the record,
#   NumPy's seed-1 draws for shape (4, 6) reproduce the printed rows exactly). Row 2 (length 1) is
#   [1, 0, 0, 0, 0, 0] whatever X is: ok.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["mask", "padding-mask", "torch-print", "broadcasting"])
L = e.line
INT = re.compile(r"\d+")


def ints(ln, drop_dtype=True):
    text = e.lines[ln - 1]
    if drop_dtype:
        text = text.split("dtype")[0]
    return INT.findall(text)


e.given(L("distribution (non-negative entries that sum to 1)"), "softmax weights sum to 1 (definition)")
e.given(L(r"\sum_{j=1}^{N}"), "softmax definition, index from 1")
e.given(L("toy set of 4 sequences"), "4 sequences")

# --- boolean-mask assignment demo ---------------------------------------------------------
A = sp.Matrix(4, 3, lambda i, j: 3 * i + j)
pos = {(0, 0), (1, 1), (3, 2)}
first = L("X = torch.arange(12).view(4, 3)")
e.given(first, "X = arange(12) as 4 x 3")
e.given(L("mask = torch.zeros((4, 3), dtype=torch.uint8)"), "mask shape 4 x 3")
for needle in ("mask[0, 0] = 1", "mask[1, 1] = 1", "mask[3, 2] = 1", "X[mask] = 100"):
    e.given(L(needle), "mask position / fill value")
B = sp.Matrix(4, 3, lambda i, j: 100 if (i, j) in pos else A[i, j])
r0 = L("> tensor([[100,   1,   2],")
e.rows([r0, r0 + 1, r0 + 2, r0 + 3], "X after X[mask] = 100", [ints(r0 + k) for k in range(4)], B)

second = L("X = torch.arange(12).view(4, 3)", 2)
e.given(second, "X = arange(12) as 4 x 3 again")
e.given(L("X[~mask] = 100"), "fill value 100 on the inverted mask")
C = sp.Matrix(4, 3, lambda i, j: A[i, j] if (i, j) in pos else 100)
r0 = L("> tensor([[  0, 100, 100],")
e.rows([r0, r0 + 1, r0 + 2, r0 + 3], "X after X[~mask] = 100", [ints(r0 + k) for k in range(4)], C)

# --- toy batch ------------------------------------------------------------------------------
e.given(L("np.random.seed(1)"), "seed 1")
e.given(L("X = np.random.random(data.shape).round(1) * 2 + 3"), "scores drawn in [3, 5] at 0.2 steps")
e.given(L("X_len = torch.LongTensor([4, 1, 6, 3])"), "sequence lengths")
lens = [4, 1, 6, 3]
maxlen = 6
e.given(L("maxlen = X.size(1)"), "maxlen = number of columns")
MASK = sp.Matrix(4, maxlen, lambda i, j: 1 if j < lens[i] else 0)

r0 = L("> tensor([[1, 1, 1, 1, 0, 0],")
e.rows([r0, r0 + 1, r0 + 2, r0 + 3], "mask = arange(maxlen)[None, :] < X_len[:, None]",
       [ints(r0 + k) for k in range(4)], MASK)

e.given(L(r"$i=0, \dots , N-1$"), "index range 0 .. N-1")
ln = L("repeated once per row (4 times)")
e.claim(ln, "rows the index vector is repeated over", "4", 4)
e.claim(ln, "columns the length vector is repeated over", "10", maxlen)
ln = L("stand for 4 and 10 repetitions")
e.claim(ln, "repetitions replacing the first None (rows)", "4", 4)
e.claim(ln, "repetitions replacing the second None (columns)", "10", maxlen)

e.given(L("maxlen = X.size(1)", 2), "maxlen = number of columns")
for needle in ("idx = torch.arange(maxlen).unsqueeze(0).expand(X.size())",
               "len_expanded = X_len.unsqueeze(1).expand(X.size())"):
    e.given(L(needle), "expand along dimension 0 / 1")
IDX = sp.Matrix(4, maxlen, lambda i, j: j)
r0 = L("> tensor([[0, 1, 2, 3, 4, 5],")
e.rows([r0, r0 + 1, r0 + 2, r0 + 3], "idx = arange(maxlen) expanded", [ints(r0 + k) for k in range(4)], IDX)
LEN = sp.Matrix(4, maxlen, lambda i, j: lens[i])
r0 = L("> tensor([[4, 4, 4, 4, 4, 4],")
e.rows([r0, r0 + 1, r0 + 2, r0 + 3], "len_expanded", [ints(r0 + k) for k in range(4)], LEN)
r0 = L("> tensor([[1, 1, 1, 1, 0, 0],", 2)
e.rows([r0, r0 + 1, r0 + 2, r0 + 3], "mask = idx < len_expanded", [ints(r0 + k) for k in range(4)], MASK)

e.ambiguous(L("about 15% faster"), "a CPU timing the article reports but cannot determine")

# --- masked softmax -------------------------------------------------------------------------
e.given(L("print(torch.softmax(x, dim=1))"), "softmax over dimension 1")
NUMS = re.compile(r"\d+\.\d+")
r0 = L("> tensor([[0.2445, 0.4455")
why = ("the unmasked scores come from np.random.random(data.shape).round(1) * 2 + 3 with `data` never defined and X "
       "never printed, so the nonzero weights cannot be derived from the article (NumPy's seed-1 draws for shape "
       "(4, 6) do reproduce them); the zeros at the padded positions follow from the mask")
e.ambiguous(r0, why)
row2 = NUMS.findall(e.lines[r0])
e.claim(r0 + 1, "softmax row of a length-1 sequence", row2, [1, 0, 0, 0, 0, 0])
e.ambiguous(r0 + 2, why)
e.ambiguous(r0 + 3, why)
e.done()
