# Expected verdicts for pt-albertorodrigues-mha-causal-torch.md, computed with plain SymPy (see oracle.py); not symattn's code.
# x (2x4) and the 12x4 qkv weight (the same 4x4 block for q, k and v) are the inputs; q = k = v = x W^T.
# The scores use all 4 components but divide by sqrt(head_dim) = sqrt(2), and the article plainly computes it that way:
# 404/sqrt2 = 285.6711, 1021.6/sqrt2 = 722.3803, 2583.84/sqrt2 = 1827.0510.  With the causal mask the softmax rows are
# [1, 0] and [e^-1104.7 / (...), ~1], printed 1./0. exactly enough; every later print equals v.
# Two shape comments, "# (n_heads, T, T)" and "# (n_heads, T, head_dim)", describe a split into heads that the code never
# makes (att is (T, T), y is (1, 1, T, C) = (1, 1, 2, 4)); they are ambiguous, not numbers to recompute.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="pt", topics=["mha", "mask", "causal", "torch-print", "printed-output"])
NUM = re.compile(r"(?<![\w.])-?\d+\.\d+|(?<![\w.])-?\d+(?=\.[,\]\s])")


def nums(ln):
    return NUM.findall(e.lines[ln - 1])


def claim_line(ln, what, exact, cause="slip"):
    e.claim(ln, what, nums(ln), list(exact), cause=cause)


X = M([["1.0", "2.0", "3.0", "4.0"], ["5.0", "6.0", "7.0", "8.0"]])
Wb = M([["0.1", "0.2", "0.3", "0.4"], ["0.5", "0.6", "0.7", "0.8"], ["0.9", "1.0", "1.1", "1.2"],
        ["1.3", "1.4", "1.5", "1.6"]])
Q = X * Wb.T                                    # q = k = v
QKV = Q.row_join(Q).row_join(Q)
S = Q * Q.T / sp.sqrt(2)
A = sp.zeros(2, 2)
A[0, 0] = 1
den = sp.exp(S[1, 0]) + sp.exp(S[1, 1])
A[1, 0], A[1, 1] = sp.exp(S[1, 0]) / den, sp.exp(S[1, 1]) / den
Y = A * Q

# inputs
for lab in ("T = 2", "C = 4", "n_heads = 2", "head_dim = C // n_heads"):
    e.given(e.line(lab), lab)
e.given(e.line("[1.0, 2.0, 3.0, 4.0],  # Token 0"), "x row 1")
e.given(e.line("[5.0, 6.0, 7.0, 8.0]   # Token 1"), "x row 2")
e.given(e.line("])  # (T=2, C=4)"), "x shape comment")
L = e.line("Input x:", 2)
claim_line(L + 1, "x printed row 1", X.row(0))
claim_line(L + 2, "x printed row 2", X.row(1))
for tag in ("q", "k", "v"):
    for r in range(4):
        e.given(e.line(f"# Para {tag}{r}"), f"W_{tag} row {r + 1}")
e.claim(e.line("# shape: (3C=12, C=4)"), "3C with C = 4", ["12", "4"], [3 * 4, 4])
e.given(e.line("qkv_proj_bias = torch.zeros(12)"), "zero bias")

# qkv, q, k, v
L = e.line("qkv:", 2)
claim_line(L + 1, "qkv row 1 (cols 1-8)", list(QKV.row(0))[:8])
claim_line(L + 2, "qkv row 1 (cols 9-12)", list(QKV.row(0))[8:])
claim_line(L + 3, "qkv row 2 (cols 1-8)", list(QKV.row(1))[:8])
claim_line(L + 4, "qkv row 2 (cols 9-12)", list(QKV.row(1))[8:])
for name in ("q:", "k:", "v:"):
    L = e.line(name, 1, after=e.line("qkv:", 2))
    claim_line(L + 1, f"{name[0]} row 1", Q.row(0))
    claim_line(L + 2, f"{name[0]} row 2", Q.row(1))

e.ambiguous(e.line("# (n_heads, T, T)"), "shape comment: the code never splits heads, att is (T, T) = (2, 2)")
L = e.line("k.transpose(-2, -1)", 2)
L = e.line("tensor([[", after=L)
for r in range(4):
    claim_line(L + r, f"k^T row {r + 1}", Q.T.row(r))
L = e.line("print(att)")
L = e.line("tensor([[", after=L)
claim_line(L, "q k^T / sqrt(2) row 1", S.row(0))
claim_line(L + 1, "q k^T / sqrt(2) row 2", S.row(1))

L = e.line("tensor([[[[1., 0.],")
e.given(L, "causal mask row 1")
e.given(L + 1, "causal mask row 2")
L = e.line("Attention Scores (depois da máscara):", 2)
claim_line(L + 1, "masked scores row 1 (second entry -inf)", [S[0, 0]])
claim_line(L + 2, "masked scores row 2", S.row(1))
L = e.line("Attention Scores (depois do Softmax):", 2)
claim_line(L + 1, "softmax row 1", A.row(0))
claim_line(L + 2, "softmax row 2", A.row(1))

e.ambiguous(e.line("y = att @ v  # (n_heads, T, head_dim)"),
            "shape comment: y is (1, 1, T, C) = (1, 1, 2, 4), not split into heads of head_dim 2")
for lab, nth in (("Output das heads (y):", 2), ("Output concatenado (após juntar heads):", 2),
                 ("Saída final depois da projeção:", 2)):
    L = e.line(lab, nth)
    claim_line(L + 1, f"{lab} row 1", Y.row(0))
    claim_line(L + 2, f"{lab} row 2", Y.row(1))
e.done()
