# Expected verdicts for en-mask-semirbaldzhiev-pytorch-masked-self-attention-check.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An English Jupyter notebook (PyTorch, the StatQuest three-token example) with a causal mask: it runs a masked
# self-attention class, then re-does each step with printed outputs (weights, Q/K/V, Q K^T, / sqrt2, masked_fill(-1e9),
# softmax rows, weighted sum).
# Inputs: X = [[1.16, 0.23], [0.57, 1.36], [4.41, -2.16]]; seed 42 weights printed to 4 places:
# W_q = [[0.5406, -0.1657], [0.5869, 0.6496]], W_k = [[-0.1549, -0.3443], [0.1427, 0.4153]],
# W_v = [[0.6233, 0.6146], [-0.5188, 0.1323]]; mask = upper triangle, fill value -1e9.
# Exact from X and the printed weights: Q K^T / sqrt2 = [[-0.069943, 0.045846, -0.461101], [-0.284422, 0.288372,
#   -2.123104], [0.342571, -0.472608, 2.862018]]; masked softmax = [[1, 0, 0], [0.360644, 0.639356, 0],
#   [0.072128, 0.031921, 0.895951]]; output = [[0.603704, 0.743365], [-0.006243, 0.607105], [3.499122, 2.242883]].
# Where a 4-place (or 5-significant-digit) print disagrees with that, every such value is reproduced by some weights
# that round to the printed ones (checked by sampling the +-0.00005 box): ambiguous, not wrong (the whole line, even where its other entries
# agree). No line is wrong.
import math
import random
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees, parse

e = Expect(__file__, language="en", topics=["mask", "basic", "torch-print"])
TOK = re.compile(r"-?\d+\.\d+(?:e[+-]\d+)?")
BIG = -10 ** 9

X = M([["1.16", "0.23"], ["0.57", "1.36"], ["4.41", "-2.16"]])
Wq = M([["0.5406", "-0.1657"], ["0.5869", "0.6496"]])
Wk = M([["-0.1549", "-0.3443"], ["0.1427", "0.4153"]])
Wv = M([["0.6233", "0.6146"], ["-0.5188", "0.1323"]])


def causal_softmax(Sx):
    A = sp.zeros(*Sx.shape)
    for i in range(Sx.rows):
        row = softmax_rows(Sx[i, 0:i + 1])
        for j in range(i + 1):
            A[i, j] = row[j]
    return A


Q, K, V = X * Wq, X * Wk, X * Wv
S = Q * K.T
Ss = S / sp.sqrt(2)
Sm = sp.Matrix(3, 3, lambda i, j: Ss[i, j] if j <= i else BIG)
A = causal_softmax(Ss)
EX = {"Q": Q, "K": K, "V": V, "S": S, "Ss": Ss, "Sm": Sm, "A": A, "O": A * V}


def fchain(wq, wk, wv):
    x = [[1.16, 0.23], [0.57, 1.36], [4.41, -2.16]]
    mm = lambda a, b: [[sum(a[i][t] * b[t][j] for t in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]
    tr = lambda a: [list(r) for r in zip(*a)]
    Q, K, V = mm(x, wq), mm(x, wk), mm(x, wv)
    S = mm(Q, tr(K))
    Ss = [[s / math.sqrt(2) for s in r] for r in S]
    Sm = [[Ss[i][j] if j <= i else -1e9 for j in range(3)] for i in range(3)]
    A = []
    for i, r in enumerate(Sm):
        ex = [math.exp(s) if j <= i else 0.0 for j, s in enumerate(r)]
        A.append([t / sum(ex) for t in ex])
    return {"Q": Q, "K": K, "V": V, "S": S, "Ss": Ss, "Sm": Sm, "A": A, "O": mm(A, V)}


def fl(Mx):
    return [[float(Mx[i, j]) for j in range(Mx.cols)] for i in range(Mx.rows)]


random.seed(1)
samples = []
for _ in range(20000):
    jit = lambda W: [[w + random.uniform(-0.5e-4, 0.5e-4) for w in r] for r in fl(W)]
    samples.append(fchain(jit(Wq), jit(Wk), jit(Wv)))


def feasible(key, i, j, printed):
    p, d, _ = parse(printed)
    half = 0.5 * 10.0 ** (-d)
    return any(abs(s[key][i][j] - float(p)) <= half for s in samples)


def claim_tensor(first, key, what):
    Mx = EX[key]
    for i in range(Mx.rows):
        ln = first + i
        toks = TOK.findall(e.lines[ln - 1])
        assert len(toks) == Mx.cols, (ln, toks)
        good_p, good_x, amb = [], [], []
        for j, t in enumerate(toks):
            if agrees(t, Mx[i, j]):
                good_p.append(t)
                good_x.append(Mx[i, j])
            elif feasible(key, i, j, t):
                amb.append(f"{t} (exact from printed weights {sp.N(Mx[i, j], 6)})")
            else:
                good_p.append(t)
                good_x.append(Mx[i, j])
        if good_p and not amb:
            e.claim(ln, f"{what} row {i + 1}", good_p, good_x)
        if amb:
            if good_p:
                amb.append("while " + ", ".join(good_p) + " agree with the printed weights")
            e.ambiguous(ln, f"{what} row {i + 1}: " + ", ".join(amb)
                        + " — the weights are printed rounded to 4 places and their unprinted digits move this value"
                        " past the last printed place; weights in the rounding box reproduce the print")


# --- inputs ---------------------------------------------------------------------------
e.given(e.line("def __init__(self, d_model=2"), "default d_model = 2")
e.given(e.line("value=-1e9"), "mask fill value -1e9")
e.given(e.line("torch.tensor(k.size(self.col_dim_idx) ** 0.5)"), "scale by sqrt(d_k)")
L = e.line("encodings_matrix = torch.tensor([[1.16, 0.23],")
for ln in (L, L + 1, L + 2):
    e.given(ln, "token encodings X")
e.given(e.line("torch.manual_seed(42)"), "random seed 42")
e.given(e.line("maskedSelfAttention = MaskedSelfAttention(d_model=2,"), "d_model = 2")
e.given(e.line("mask = torch.tril(torch.ones(3, 3))"), "3x3 lower-triangular mask")
L = e.line("tensor([[1., 0., 0.],")
for ln in (L, L + 1, L + 2):
    e.given(ln, "printed tril(ones) mask")
LW = e.line("tensor([[ 0.5406, -0.1657],")
for ln in range(LW, LW + 6):
    e.given(ln, "random weights (W_q, W_k, W_v transposed), printed to 4 places")
e.given(e.line("scaled_sims = sims / (torch.tensor(2)**0.5)"), "divide by sqrt(2)")
e.given(e.line("masked_scaled_sims = scaled_sims.masked_fill(mask=mask, value=-1e9)"), "fill value -1e9")

# --- results --------------------------------------------------------------------------
claim_tensor(e.line("tensor([[ 0.6038,  0.7434],"), "O", "output of the class")
L = e.line("tensor([[ 0.7621, -0.0428],")
claim_tensor(L, "Q", "queries")
claim_tensor(L + 3, "K", "keys")
claim_tensor(L + 6, "V", "values")
claim_tensor(e.line("(tensor([[ 0.7621, -0.0428],"), "Q", "queries (again)")
claim_tensor(e.line(" tensor([[-0.1469, -0.3038],", after=e.line("(tensor([[ 0.7621, -0.0428],")), "K", "keys (again)")
claim_tensor(e.line("tensor([[-0.0990,  0.0648, -0.6523],"), "S", "Q K^T")
claim_tensor(e.line("tensor([[-0.0700,  0.0458, -0.4612],"), "Ss", "Q K^T / sqrt2")
claim_tensor(e.line("tensor([[-6.9975e-02, -1.0000e+09, -1.0000e+09],"), "Sm", "masked scaled scores")
claim_tensor(e.line("tensor([[1.0000, 0.0000, 0.0000],"), "A", "masked softmax rows")
claim_tensor(e.line("tensor([[ 0.6038,  0.7434],", nth=3), "O", "attention output (by hand)")

e.done()
