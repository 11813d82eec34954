# Expected verdicts for en-basic-idk507-numpy-causal-self-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# q, k, v are random draws but printed (numpy, 8 decimals, each 8-wide row wrapped over two lines); everything else is
# recomputed from those prints: S = q k^T; var(q), var(k), var(S) (numpy's population variance); scaled = S / sqrt(8) and
# its variance; the causal mask (0 on/below the diagonal, -inf above); softmax(scaled + mask) by rows; out = A v.
# The recomputed values differ from the prints only by float noise far inside the corpus's 1e-5 relative allowance for
# machine prints of 6+ significant digits. Cross-checked with numpy. No wrong line.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "mask", "causal", "numpy-print", "variance", "scaling"])
NUM = re.compile(r"-?inf|-?\d+\.\d*(?:e[+-]\d+)?")


def toks(ln):
    out = []
    for t in NUM.findall(e.lines[ln - 1]):
        if t.endswith("."):
            t = t[:-1]
        out.append(t)
    return out


def read_matrix(first, nrows, ncols):
    """Numbers of a printed matrix starting at line `first`: returns (rows of strings, [(line, [(i, j, str)])])."""
    vals, per_line, ln = [], [], first
    while len(vals) < nrows * ncols:
        t = toks(ln)
        if t:
            per_line.append((ln, [(divmod(len(vals) + k, ncols), s) for k, s in enumerate(t)]))
            vals.extend(t)
        ln += 1
    rows = [vals[r * ncols:(r + 1) * ncols] for r in range(nrows)]
    return rows, per_line


def to_exact(s):
    if s == "-inf":
        return -sp.oo
    return R(s)


def claim_matrix(per_line, what, exact):
    for ln, items in per_line:
        printed = [s for _, s in items]
        ex = [exact[i, j] for (i, j), _ in items]
        fin = [(p, x) for p, x in zip(printed, ex) if p != "-inf"]
        for p, x in zip(printed, ex):
            if p == "-inf":
                assert x == -sp.oo, (ln, p, x)
        if fin:
            e.claim(ln, what, [p for p, _ in fin], [x for _, x in fin])
        else:
            e.given(ln, what + " (only -inf)")


e.given(e.line("L,d_k,d_V = 4,8,8"), "sizes")
e.given(e.line("sequence of 4 tokens"), "sequence length")
LQ = e.line("Q", nth=1, after=e.line('print("V\\n",v)'))
qs, qpl = read_matrix(LQ + 1, 4, 8)
LK = e.line("W", after=LQ + 8)
ks, kpl = read_matrix(LK + 1, 4, 8)
LV = e.line("V", after=LK + 8)
vs, vpl = read_matrix(LV + 1, 4, 8)
for pl, name in ((qpl, "q"), (kpl, "k (printed as W)"), (vpl, "v")):
    for ln, _ in pl:
        e.given(ln, f"{name} (printed random draw)")
q, k, v = M(qs), M(ks), M(vs)

S = q * k.T
LS = e.line("array([[ 1.15038784")
_, spl = read_matrix(LS, 4, 4)
claim_matrix(spl, "q k^T", S)


def var(m):
    xs = list(m)
    mu = sum(xs) / len(xs)
    return sum((x - mu) ** 2 for x in xs) / len(xs)


L = e.line("(1.0715697304249114, 1.0688839314076906, 5.314866376710878)")
e.claim(L, "var(q), var(k), var(q k^T)", ["1.0715697304249114", "1.0688839314076906", "5.314866376710878"],
        [var(q), var(k), var(S)])
scaled = S / sp.sqrt(8)
L = e.line("(1.0715697304249114, 1.0688839314076906, 0.6643582970888596)")
e.claim(L, "var(q), var(k), var(scaled)", ["1.0715697304249114", "1.0688839314076906", "0.6643582970888596"],
        [var(q), var(k), var(scaled)])

tril = sp.Matrix(4, 4, lambda i, j: 1 if j <= i else 0)
_, mpl = read_matrix(e.line("array([[1., 0., 0., 0.],"), 4, 4)
claim_matrix(mpl, "np.tril(ones)", tril)
mask = sp.Matrix(4, 4, lambda i, j: 0 if j <= i else -sp.oo)
_, mpl2 = read_matrix(e.line("array([[  0., -inf, -inf, -inf],"), 4, 4)
claim_matrix(mpl2, "additive mask", mask)
masked = sp.Matrix(4, 4, lambda i, j: scaled[i, j] if j <= i else -sp.oo)
_, smpl = read_matrix(e.line("array([[ 0.40672352,"), 4, 4)
claim_matrix(smpl, "scaled + mask", masked)

A = softmax_rows(masked)
LA = e.line("array([[1.        , 0.        , 0.        , 0.        ],")
_, apl = read_matrix(LA, 4, 4)
claim_matrix(apl, "attention = softmax(scaled + mask)", A)
out = A * v
LO = e.line("array([[-0.42432474")
_, opl = read_matrix(LO, 4, 8)
claim_matrix(opl, "new_v = attention v", out)

e.claim(e.line("values.shape: (4, 8)"), "values shape", ["4", "8"], list(out.shape))
e.claim(e.line("attention.shape: (4, 4)"), "attention shape", ["4", "4"], list(A.shape))
LO2 = e.line("Values [[-0.42432474")
_, opl2 = read_matrix(LO2, 4, 8)
claim_matrix(opl2, "values (function output)", out)
LA2 = e.line("attention [[1.")
_, apl2 = read_matrix(LA2, 4, 4)
claim_matrix(apl2, "attention (function output)", A)
e.done()
