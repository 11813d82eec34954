# Expected verdicts for en-mask-kunalparkhade-triu-vs-tril.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A study note (Markdown, plain fences) on torch.tril / torch.triu and their use for the causal mask of attention.
# Inputs: x = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]; the 6x6 attention scores printed after print(attn_scores) (they come
# from unprinted trainable weights, so they are only inputs here); context_length = 6 (the printed shapes).
# Exact values:
#   tril(x) = [[1, 0, 0], [4, 5, 0], [7, 8, 9]]; triu(x) = [[1, 2, 3], [0, 5, 6], [0, 0, 9]];
#   tril(x, diagonal=-1) = [[0, 0, 0], [4, 0, 0], [7, 8, 0]];
#   mask = triu(ones(6, 6), diagonal=1): 1 where column > row, else 0;
#   masked = scores with -inf where mask = 1: row i keeps columns 0..i unchanged.
# Wrong lines: none.  Ambiguous: none.  (The -inf entries of the masked print are checked by position in this script;
# the finite entries of each masked row are claimed against the printed scores.)
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["mask", "causal", "code-block", "tensor-print"])

e.given(e.line("cut a **2D tensor (matrix)**"), "a 2-D tensor")
for needle in ("### 🧩 `torch.tril(input, diagonal=0)`", "### 🧩 `torch.triu(input, diagonal=0)`",
               "* `diagonal=0`: the main diagonal", "* `diagonal=1`: the diagonal just above",
               "* `diagonal=-1`: the diagonal just below", "torch.tril(x, diagonal=-1)"):
    e.given(e.line(needle), "diagonal offset argument")

X = M([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
L = e.line("    [1, 2, 3],")
for i in range(3):
    e.given(L + i, f"row {i + 1} of x")


def tri(A, lower, k=0):
    return sp.Matrix(A.rows, A.cols, lambda i, j: A[i, j] if ((j - i <= k) if lower else (j - i >= k)) else 0)


def rows_of(Mx):
    return [[str(Mx[i, j]) for j in range(Mx.cols)] for i in range(Mx.rows)]


T = tri(X, True)
L = e.line("    [1, 0, 0],")
e.rows([L, L + 1, L + 2], "torch.tril(x)", rows_of(T), T)
U = tri(X, False)
L = e.line("    [1, 2, 3],", 2)
e.rows([L, L + 1, L + 2], "torch.triu(x)", rows_of(U), U)
T1 = tri(X, True, -1)
L = e.line("    [0, 0, 0],")
e.rows([L, L + 1, L + 2], "torch.tril(x, diagonal=-1)", rows_of(T1), T1)

# causal mask example
e.given(e.line("mask = torch.triu(torch.ones(context_length, context_length), diagonal=1)"), "diagonal=1")
score_rows = [
    ["0.2899", "0.0716", "0.0760", "-0.0138", "0.1344", "-0.0511"],
    ["0.4656", "0.1723", "0.1751", "0.0259", "0.1771", "0.0085"],
    ["0.4594", "0.1703", "0.1731", "0.0259", "0.1745", "0.0090"],
    ["0.2642", "0.1024", "0.1036", "0.0186", "0.0973", "0.0122"],
    ["0.2183", "0.0874", "0.0882", "0.0177", "0.0786", "0.0144"],
    ["0.3408", "0.1270", "0.1290", "0.0198", "0.1290", "0.0078"],
]
S = M(score_rows)
L = e.line("tensor([[ 0.2899,  0.0716")
for i in range(6):
    e.given(L + i, f"attention scores row {i + 1} (from unprinted weights)")

mask = sp.Matrix(6, 6, lambda i, j: 1 if j > i else 0)
L = e.line("tensor([[0., 1., 1., 1., 1., 1.],")
mask_rows = []
for i in range(6):
    text = e.lines[L + i - 1]
    inner = text.split("[")[-1].split("]")[0]
    mask_rows.append([t.strip().rstrip(".") for t in inner.split(",") if t.strip()])  # "0." is the integer 0
e.rows([L + i for i in range(6)], "triu(ones(6, 6), diagonal=1)", mask_rows, mask)

L = e.line("tensor([[0.2899,   -inf")
for i in range(6):
    text = e.lines[L + i - 1]
    inner = text.split("[")[-1].split("]")[0]
    toks = [t.strip() for t in inner.split(",") if t.strip()]
    assert len(toks) == 6, toks
    expect_inf = [j > i for j in range(6)]
    assert [t == "-inf" for t in toks] == expect_inf, (i, toks)
    fin = [t for t in toks if t != "-inf"]
    e.claim(L + i, f"masked scores row {i + 1}: columns 1..{i + 1} kept, {5 - i} future positions -inf",
            fin, [S[i, j] for j in range(i + 1)])
e.done()
