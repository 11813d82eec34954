# Expected verdicts for pt-mask-leticiafossato-self-attention-numpy.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Portuguese Jupyter notebook (numpy) on scaled dot-product self-attention with a causal mask, then an
# encoder-decoder step where the masked output is Q and the unmasked output is K and V.
# Inputs: L = 4, d_k = d_v = 8; Q, K, V are random normal draws, printed in full (8 decimals, numpy print) and
#   taken here as the exact inputs (the unprinted float64 tail is below 1e-8, inside the machine-float tolerance).
# Computed from those printed Q, K, V: var(Q) = 0.812512, var(K) = 0.590609, var(QK^T) = 1.90077,
#   var(QK^T/sqrt 8) = 0.237596; causal softmax rows [1,0,0,0], [0.705710, 0.294290, 0, 0],
#   [0.401367, 0.283405, 0.315228, 0], [0.0936195, 0.348332, 0.239328, 0.318721]; New V = A V (4 x 8);
#   the cross step: softmax(O_masked O_unmasked^T / sqrt 8) (4 x 4), rows as printed.
# Every printed number agrees (machine-float rule, relative 1e-5, or rounding at the printed places):
#   the article has no wrong line.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="pt", topics=["mask", "basic", "jupyter-output"])
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
e.given(e.line("$d_{model} = 512$"), "d_model of the original paper")

# --- printed Q, K, V (the inputs) ------------------------------------------------------------
LQ = e.line(" [[ 0.9045319")
q = sp.Matrix(4, 8, given_block(LQ, 8, "printed random Q"))
LK = e.line(" [[ 0.78156276")
k = sp.Matrix(4, 8, given_block(LK, 8, "printed random K"))
LV = e.line(" [[ 0.65364729")
v = sp.Matrix(4, 8, given_block(LV, 8, "printed random V"))

# --- variances ------------------------------------------------------------------------------
S = q * k.T
ln = e.line("(0.8125119189894539")
e.claim(ln, "var(Q), var(K), var(QK^T)", ["0.8125119189894539", "0.5906094327889003", "1.9007652779718835"],
        [var(q), var(k), var(S)])
e.claim(e.line("0.2375956597464854"), "var(QK^T / sqrt 8)", ["0.2375956597464854"], [var(S / sp.sqrt(8))])

# --- mask ------------------------------------------------------------------------------------
Lm = e.line("array([[  0., -inf")
for i in range(4):
    e.given(Lm + i, "causal mask row (0 / -inf)")

# --- masked attention ----------------------------------------------------------------------
Sc = S / sp.sqrt(8)
A = sp.zeros(4, 4)
for i in range(4):
    row = softmax_rows(Sc[i, 0:i + 1])
    for j in range(i + 1):
        A[i, j] = row[j]
O = A * v
LN = e.line("New V", after=LV) + 1
claim_block(LN, 8, "New V = A V (masked)", list(O))
LA = e.line("Attention", after=LN) + 1
claim_block(LA, 4, "causal attention weights", list(A))

# --- encoder-decoder weights ----------------------------------------------------------------
Au = softmax_rows(Sc)
Ou = Au * v
C = softmax_rows(O * Ou.T / sp.sqrt(8))
LC = e.line("array([[0.28080198")
claim_block(LC, 4, "encoder-decoder weights softmax(O_mask O_full^T / sqrt 8)", list(C))

e.done()
