# Expected verdicts for en-basic-nasimamani-self-attention-numpy.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An English Jupyter notebook (numpy) that computes unmasked scaled dot-product self-attention step by step.
# Inputs: L = 4, d_k = d_v = 8; Q, K, V random normal draws printed in full (8 decimals) and taken as the exact
#   inputs (the unprinted float64 tail is below 1e-8, inside the machine-float tolerance).
# Computed from the printed Q, K, V: Q K^T row 1 = [3.20859, -0.274023, -3.10293, -5.47313] ...;
#   var(Q) = 1.37202, var(K) = 0.981160, var(QK^T) = 18.5576, var(QK^T / sqrt 8) = 2.31970;
#   scaled scores, softmax rows (row 1 = [0.691690, 0.201915, 0.0742679, 0.0321267]) and new V = A V (4 x 8).
# The displayed formula adds a mask M, but the code and numbers use none: followed as computed (unmasked).
# Every printed number agrees (machine-float rule): the article has no wrong line.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "jupyter-output"])
NUM = re.compile(r"-?(?:\d+\.\d*|\d+)(?:e[+-]?\d+)?")


def block_numbers(start, n_lines):
    """(line, token) pairs of every number printed in lines start..start+n_lines-1."""
    out = []
    for ln in range(start, start + n_lines):
        for tok in NUM.findall(e.lines[ln - 1]):
            out.append((ln, tok))
    return out


def tokval(tok):
    return R(tok.rstrip("."))


def claim_block(start, n_lines, what, exact_flat, cause="slip"):
    pairs = block_numbers(start, n_lines)
    assert len(pairs) == len(exact_flat), (what, len(pairs), len(exact_flat))
    by_line = {}
    for (ln, tok), x in zip(pairs, exact_flat):
        by_line.setdefault(ln, ([], []))
        by_line[ln][0].append(tok.rstrip("."))
        by_line[ln][1].append(x)
    for ln, (toks, xs) in by_line.items():
        e.claim(ln, what, toks, xs, cause)


def given_block(start, n_lines, what):
    pairs = block_numbers(start, n_lines)
    for ln in sorted({ln for ln, _ in pairs}):
        e.given(ln, what)
    return [tokval(t) for _, t in pairs]


def var(m):
    xs = list(m)
    mu = sum(xs) / len(xs)
    return sum((x - mu) ** 2 for x in xs) / len(xs)


e.given(e.line("L, d_k, d_v = 4, 8, 8"), "L = 4, d_k = d_v = 8")
LQ = e.line(" [[-0.67239746")
q = sp.Matrix(4, 8, given_block(LQ, 8, "printed random Q"))
LK = e.line(" [[-1.03335093")
k = sp.Matrix(4, 8, given_block(LK, 8, "printed random K"))
LV = e.line(" [[ 0.13644799")
v = sp.Matrix(4, 8, given_block(LV, 8, "printed random V"))

S = q * k.T
claim_block(e.line("array([[ 3.20858905"), 4, "Q K^T", list(S))
e.claim(e.line("18.557568998436647"), "var(Q), var(K), var(QK^T)",
        ["1.3720152411174946", "0.9811603765925998", "18.557568998436647"], [var(q), var(k), var(S)])
Sc = S / sp.sqrt(8)
e.claim(e.line("2.3196961248045804"), "var(Q), var(K), var(QK^T / sqrt 8)",
        ["1.3720152411174946", "0.9811603765925998", "2.3196961248045804"], [var(q), var(k), var(Sc)])
claim_block(e.line("array([[ 1.13440754"), 4, "Q K^T / sqrt 8", list(Sc))
A = softmax_rows(Sc)
claim_block(e.line("array([[0.69169006"), 4, "softmax rows", list(A))
claim_block(e.line("array([[-0.05397451"), 8, "new V = A V", list(A * v))

e.done()
