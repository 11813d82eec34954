# Expected verdicts for en-basic-sajagmathur-he-is-awesome-notebook.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: EMBEDDING_DIM = 4, SEQUENCE_LENGTH = 3, embeddings He = [0.1, 0.2, 0.3, 0.4], is = [0.5, 0.6, 0.7, 0.8],
#   awesome = [0.9, 0.0, 0.1, 0.2]; Q = K = V = the embedding matrix (no projections).
# Exact: QK^T = [[0.30, 0.70, 0.20], [0.70, 1.74, 0.68], [0.20, 0.68, 0.86]], sqrt(d_k) = 2, scaled = QK^T / 2,
#   row softmax = [[0.31519, 0.38498, 0.29983], [0.27228, 0.45811, 0.26961], [0.27310, 0.34709, 0.37981]],
#   context = weights V; every printed torch tensor (4 decimals), the shapes torch.Size([3, 4]) / ([3, 3]), the
#   scaling factor 2.0000 and the row sums 1.0000 agree.  The hand-written check of the last row repeats the
#   matmul row (ok).
# Wrong:
# - code comment "Let's represent 5 tokens, each with an embedding of 4 dimensions": three tokens are defined
#   (SEQUENCE_LENGTH = 3, three rows) - slip ("4 dimensions" is right).
# - "Manual Calculation for 4th Query (Index 2)" and "The 4th query's attention weights": index 2 of three tokens is
#   the 3rd query (the next cell itself says "3rd Query") - slip in the two f-string literals, carried into the two
#   rendered outputs that print them.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "notebook-output"])
NUM = re.compile(r"-?\d+\.\d+|-?\d+")


def nums(ln):
    return NUM.findall(e.lines[ln - 1])


def flat(m):
    return [m[i, j] for i in range(m.rows) for j in range(m.cols)]


def tensor_rows(first, what, mat, cause="slip"):
    for i in range(mat.rows):
        e.claim(first + i, f"{what} row {i + 1}", nums(first + i), flat(mat.row(i)), cause=cause)


X = M([["0.1", "0.2", "0.3", "0.4"], ["0.5", "0.6", "0.7", "0.8"], ["0.9", "0.0", "0.1", "0.2"]])
e.given(e.line("EMBEDDING_DIM = 4"), "d_k = 4")
e.given(e.line("SEQUENCE_LENGTH = 3"), "3 tokens")
L = e.line("# Let's represent 5 tokens")
e.claim(L, "number of tokens and embedding width in the comment", ["5", "4"], [3, 4])
for tok in ('# Token 0: "He"', '# Token 1: "is"', '# Token 2: "awesome"'):
    e.given(e.line(tok), tok)

# shapes printed by the rendered Markdown cells
for needle, shape in (("simulated input/value vectors) Shape:** `torch.Size([3, 4])`", [3, 4]),
                      ("**`queries` Shape:** `torch.Size([3, 4])`", [3, 4]),
                      ("**`keys` Shape:** `torch.Size([3, 4])`", [3, 4]),
                      ("this example) Shape:** `torch.Size([3, 4])`", [3, 4]),
                      ("**Raw Attention Weights ($QK^T$) Shape:** `torch.Size([3, 3])`", [3, 3]),
                      ("**Scaled Attention Weights Shape:** `torch.Size([3, 3])`", [3, 3]),
                      ("(Softmax Output) Shape:** `torch.Size([3, 3])`", [3, 3]),
                      ("**Context-Weighted Embeddings Shape:** `torch.Size([3, 4])`", [3, 4])):
    L = e.line(needle)
    e.claim(L, "tensor shape", [str(s) for s in shape], shape)

# the embedding tensor printed five times (as embedded_tokens, queries, keys, values, and again before the check)
k = 0
for n in range(1, 6):
    L = e.line("tensor([[0.1000, 0.2000, 0.3000, 0.4000],", nth=n)
    for i in range(3):
        e.given(L + i, f"embedding matrix printed (copy {n}) row {i + 1}")

S = X * X.T
tensor_rows(e.line("tensor([[0.3000, 0.7000, 0.2000],", nth=1), "QK^T", S)
tensor_rows(e.line("tensor([[0.3000, 0.7000, 0.2000],", nth=2), "QK^T (displayed again)", S)
L = e.line("**Scaling Factor ($\\sqrt{d_k}$):** `2.0000`")
e.claim(L, "sqrt(d_k)", ["2.0000"], [sp.sqrt(4)])
Sc = S / 2
tensor_rows(e.line("tensor([[0.1500, 0.3500, 0.1000],"), "QK^T / 2", Sc)
A = softmax_rows(Sc)
tensor_rows(e.line("tensor([[0.3152, 0.3850, 0.2998],", nth=1), "row softmax", A)
for i, word in enumerate(("first", "second", "third")):
    L = e.line(f"Sum of {word} row: 1.0000")
    e.claim(L, f"sum of {word} softmax row", ["1.0000"], [sum(A.row(i))])
tensor_rows(e.line("tensor([[0.3152, 0.3850, 0.2998],", nth=2), "row softmax (displayed again)", A)
C = A * X
tensor_rows(e.line("tensor([[0.4939, 0.2940, 0.3940, 0.4940],"), "context = weights V", C)

L = e.line('display(Markdown(f"**Manual Calculation for 4th Query (Index 2):**"))')
e.claim(L, "ordinal of the query with index 2", ["4"], [3])
L = e.line("display(Markdown(f\"The 4th query's attention weights are:")
e.claim(L, "ordinal of the query with index 2", ["4"], [3])
L = e.line("**Manual Calculation for 4th Query (Index 2):**", after=L)
e.claim(L, "ordinal of the query with index 2 (rendered)", ["4"], [3], cause="carried")
L = e.line("The 4th query's attention weights are: `tensor([0.2731, 0.3471, 0.3798])`")
e.claim(L, "ordinal of the query with index 2 (rendered)", ["4"], [3], cause="carried")
e.claim(L, "weights of the query with index 2", ["0.2731", "0.3471", "0.3798"], flat(A.row(2)))
L = e.line("**Manually Calculated Context for 3rd Query:** `tensor(")
e.claim(L, "ordinal of the query with index 2", ["3"], [3])
e.claim(L, "hand-computed context row 3", ["0.5427", "0.2629", "0.3629", "0.4629"], flat(C.row(2)))
L = e.line("**PyTorch Calculated Context for 3rd Query:** `tensor(")
e.claim(L, "ordinal of the query with index 2", ["3"], [3])
e.claim(L, "matmul context row 3", ["0.5427", "0.2629", "0.3629", "0.4629"], flat(C.row(2)))
e.done()
