# Expected verdicts for zh-mask-poetrilin-ustc-causal-weight-notebook.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Chinese course-lab notebook (USTC AI 2024, part 2) that builds causal averaging step by step: a loop of running
# means, the same with a weight vector, then tril(ones) -> masked_fill(-inf) -> softmax, and finally the
# mask-and-normalise helper applied to a random 8 x 8 score matrix. Printed outputs are torch's, at 4 decimals.
# Inputs: B, T, C = 1, 8, 16; the random 8 x 16 embeddings as printed (4 decimals); the random 8 x 8 scores as printed.
# Exact values:
#   uniform causal weights row i = 1/(i+1): 1, 0.5, 0.3333, 0.25, 0.2, 0.1667, 0.1429, 0.125; tril(ones) rows;
#   the i = 3 weight vector [1/4,1/4,1/4,1/4,0,0,0,0];
#   aggregated embeddings: row 0 = x0, row 1 = (x0 + x1)/2 (every printed entry agrees; .xxxx5 ties accept both);
#   masked softmax of the printed scores, e.g. row 1 [0.5577, 0.4423], row 2 [0.2185, 0.4678, 0.3137].
# No line is wrong.
# Ambiguous:
#   - aggregated rows 2..7 (lines of the first printed 8 x 16 result): the prose says row i becomes the mean of the
#     original embeddings 0..i, but Attention_version1 overwrites rows in place, so the printed rows 2..7 are running
#     means over already-updated rows (e.g. row 2, col 0: printed 0.7010 = (0.6215 + 0.6151 + 0.8664)/3, while the mean
#     of the original rows is 0.6989). The code as run and the stated method give different verdicts; besides, the
#     random inputs are printed at 4 decimals only (8 entries sit within input-rounding of a 4-decimal boundary).
#   - masked-softmax rows 3 and 7: from the printed scores the entries [3,1] = 0.276351 and [7,2] = 0.107749 round to
#     0.2764 and 0.1077, printed 0.2763 and 0.1078; the unprinted digits of the random scores decide these.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="zh", topics=["mask", "softmax", "basic"])
L = e.line
T = 8

# code lines with literal numbers are givens (indices, dims, constants)
inside = False
for i, text in enumerate(e.lines, start=1):
    if text.startswith("```"):
        inside = text.startswith("```python")
        continue
    if inside and any(ch.isdigit() for ch in text):
        e.given(i, "code constant or index")

# --- random embeddings ---------------------------------------------------------------------
rows = []
for k in range(T):
    ln = L(f"Embedding of {k}th position:")
    e.given(ln, f"label of position {k}")
    a = e.lines[ln].strip().removeprefix("tensor([").rstrip(",").split(", ")
    b = e.lines[ln + 1].strip().removesuffix("])").split(", ")
    e.given(ln + 1, f"embedding {k}, first 9 entries")
    e.given(ln + 2, f"embedding {k}, last 7 entries")
    rows.append([R(v) for v in a + b])
X = sp.Matrix(rows)
assert X.shape == (8, 16)

# --- Attention_version1 output ------------------------------------------------------------------
L1 = L("Embedding of Data after aggregate context embedding:", nth=2, after=L("def Attention_version1"))
mean_rows = [sum((X.row(j) for j in range(i + 1)), sp.zeros(1, 16)) / (i + 1) for i in range(T)]
for i in range(T):
    l_a, l_b = L1 + 1 + 2 * i, L1 + 2 + 2 * i
    pa = e.lines[l_a - 1].replace("tensor([[[", "").replace("[", "").strip().rstrip(",").split(", ")
    pb = e.lines[l_b - 1].replace("]]])", "").replace("],", "").strip().split(", ")
    if i < 2:
        e.claim(l_a, f"aggregated row {i}, entries 1-8", pa, list(mean_rows[i])[:8])
        e.claim(l_b, f"aggregated row {i}, entries 9-16", pb, list(mean_rows[i])[8:])
    else:
        why = ("in-place loop: printed rows are running means over already-updated rows, not the stated mean of "
               "the original embeddings; random inputs printed at 4 decimals")
        e.ambiguous(l_a, why)
        e.ambiguous(l_b, why)

# --- the i = 3 weight vector -------------------------------------------------------------------------
e.given(L("new_embedding_for_3 = torch.mean(contextEmbeddings[0,:3+1],dim=0)"), "mean over rows 0..3")
e.claim(L("new_embedding_for_3 = contextEmbeddings[0] @ torch.tensor([1/4,1/4,1/4,1/4,0,0,0,0])"),
        "weights for i = 3", ["1/4", "1/4", "1/4", "1/4", "0", "0", "0", "0"], [R(1, 4)] * 4 + [0] * 4)

# --- tril(ones) and its masked softmax, in the prose and in the printed output ----------------------
tril = sp.Matrix(T, T, lambda i, j: 1 if j <= i else 0)
uni = sp.Matrix(T, T, lambda i, j: R(1, i + 1) if j <= i else 0)


def claim_matrix(first_line, what, mat, fmt):
    """Claim each row of ``mat`` on the next lines (blank lines skipped) starting at ``first_line``."""
    ln = first_line
    for i in range(T):
        while not any(ch.isdigit() for ch in e.lines[ln - 1]):
            ln += 1
        printed = [fmt(mat[i, j]) for j in range(T)]
        e.claim(ln, f"{what} row {i}", printed, list(mat.row(i)))
        ln += 1


def f_tril(v):
    return "1" if v == 1 else "0"


def f4(v):
    return f"{float(v):.4f}"


claim_matrix(L("[[1., 0., 0., 0., 0., 0., 0., 0.],"), "tril(ones) (prose)", tril, f_tril)
claim_matrix(L("[[1.0000, 0.0000, 0.0000"), "masked softmax of tril (prose)", uni, f4)
claim_matrix(L("tensor([[1., 0., 0., 0., 0., 0., 0., 0.],"), "tril(ones) (output)", tril, f_tril)
claim_matrix(L("tensor([[1.0000, 0.0000, 0.0000", after=L("weight of context embeddings after regularization")),
             "masked softmax of tril (output)", uni, f4)

# --- mask-and-normalise on random scores --------------------------------------------------------------
Lb = L("weight before mask and normalize:", nth=2, after=L("def weight_mask_and_normalization"))
W = []
for i in range(T):
    e.given(Lb + 1 + i, f"random score row {i}")
    W.append([R(v) for v in e.lines[Lb + i].replace("tensor([[", "").replace("[", "").replace("]])", "")
              .replace("],", "").strip().rstrip(",").split(", ")])
W = sp.Matrix(W)
P = sp.zeros(T, T)
for i in range(T):
    den = sum(sp.exp(W[i, k]) for k in range(i + 1))
    for j in range(i + 1):
        P[i, j] = sp.exp(W[i, j]) / den
La = L("weight after mask and normalize:", after=Lb)
for i in range(T):
    ln = La + 1 + i
    printed = e.lines[ln - 1].replace("tensor([[", "").replace("[", "").replace("]])", "").replace("],", "") \
        .strip().rstrip(",").split(", ")
    if i in (3, 7):
        e.ambiguous(ln, "one entry sits on a 4-decimal rounding boundary that the unprinted digits of the "
                        "random scores decide ([3,1] = 0.276351 vs 0.2763; [7,2] = 0.107749 vs 0.1078)")
    else:
        e.claim(ln, f"masked softmax row {i}", printed, list(P.row(i)))

e.done()
