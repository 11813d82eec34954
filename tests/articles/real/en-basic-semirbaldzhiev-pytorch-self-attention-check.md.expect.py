# Expected verdicts for en-basic-semirbaldzhiev-pytorch-self-attention-check.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An English Jupyter notebook (PyTorch, the StatQuest three-token example) that runs a self-attention class and then
# re-does each step with printed outputs: weights, Q/K/V, Q K^T, / sqrt2, softmax rows, weighted sum.
# Inputs: encodings X = [[1.16, 0.23], [0.57, 1.36], [4.41, -2.16]]; the weights come from torch.manual_seed(42) and are
# printed rounded to 4 places: W_q = [[0.5406, -0.1657], [0.5869, 0.6496]], W_k = [[-0.1549, -0.3443], [0.1427, 0.4153]],
# W_v = [[0.6233, 0.6146], [-0.5188, 0.1323]] (q = X W_q etc.).
# Exact from X and the printed weights: Q = [[0.762083, -0.042804], [1.106326, 0.789007], [1.116342, -2.133873]],
#   K = [[-0.146863, -0.303869], [0.105779, 0.368557], [-0.991341, -2.415411]],
#   V = [[0.603704, 0.743365], [-0.350287, 0.530250], [3.869361, 2.424618]],
#   Q K^T = [[-0.098915, 0.064837, -0.652095], [-0.402233, 0.407820, -3.002523], [0.484469, -0.668368, 4.047505]],
#   / sqrt2 = [[-0.069943, 0.045846, -0.461101], [-0.284422, 0.288372, -2.123104], [0.342571, -0.472608, 2.862018]],
#   softmax = [[0.357266, 0.401124, 0.241610], [0.341036, 0.604730, 0.054234], [0.072128, 0.031921, 0.895951]],
#   output = [[1.010050, 1.064087], [0.203906, 0.705669], [3.499122, 2.242883]].
# Where a 4-place print disagrees with that, the gap comes from the weights' unprinted digits: every such line is
# consistent with some weights that round to the printed ones (checked by sampling the +-0.00005 box), so it is
# ambiguous, not wrong (the whole line, even where its other entries agree). No line is wrong.
import random
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees, parse

e = Expect(__file__, language="en", topics=["basic", "torch-print"])
TOK = re.compile(r"-?\d+\.\d+")

X = M([["1.16", "0.23"], ["0.57", "1.36"], ["4.41", "-2.16"]])
Wq = M([["0.5406", "-0.1657"], ["0.5869", "0.6496"]])
Wk = M([["-0.1549", "-0.3443"], ["0.1427", "0.4153"]])
Wv = M([["0.6233", "0.6146"], ["-0.5188", "0.1323"]])


def chain(Wq, Wk, Wv, sm=softmax_rows, sqrt2=sp.sqrt(2)):
    Q, K, V = X * Wq, X * Wk, X * Wv
    S = Q * K.T
    Ss = S / sqrt2
    A = sm(Ss)
    return {"Q": Q, "K": K, "V": V, "S": S, "Ss": Ss, "A": A, "O": A * V}


EX = chain(Wq, Wk, Wv)

# float chains with weights anywhere in the rounding box, to tell "unprinted digits" from a slip
import math


def fchain(wq, wk, wv):
    x = [[1.16, 0.23], [0.57, 1.36], [4.41, -2.16]]
    mm = lambda a, b: [[sum(a[i][t] * b[t][j] for t in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]
    tr = lambda a: [list(r) for r in zip(*a)]
    Q, K, V = mm(x, wq), mm(x, wk), mm(x, wv)
    S = mm(Q, tr(K))
    Ss = [[s / math.sqrt(2) for s in r] for r in S]
    A = []
    for r in Ss:
        ex = [math.exp(s) for s in r]
        A.append([t / sum(ex) for t in ex])
    return {"Q": Q, "K": K, "V": V, "S": S, "Ss": Ss, "A": A, "O": mm(A, V)}


def fl(Mx):
    return [[float(Mx[i, j]) for j in range(Mx.cols)] for i in range(Mx.rows)]


random.seed(1)
samples = []
for _ in range(20000):
    jit = lambda W: [[w + random.uniform(-0.5e-4, 0.5e-4) for w in r] for r in fl(W)]
    samples.append(fchain(jit(Wq), jit(Wk), jit(Wv)))


def feasible(key, i, j, printed):
    p = float(printed)
    return any(abs(s[key][i][j] - p) <= 0.5e-4 for s in samples)


def claim_tensor(first, key, what):
    """A 4-place torch print, one row per line, starting at line ``first``."""
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
                good_x.append(Mx[i, j])  # recorded as wrong
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
e.given(e.line("2x2"), "weight matrices are 2x2")
L = e.line("encodings_matrix = torch.tensor([[1.16, 0.23],")
for ln in (L, L + 1, L + 2):
    e.given(ln, "token encodings X")
e.given(e.line("torch.manual_seed(42)"), "random seed 42")
e.given(e.line("selfAttention = SelfAttention(d_model=2,"), "d_model = 2")
L = e.line("print(selfAttention.W_q.weight.transpose(0, 1))")
LW = e.line("tensor([[ 0.5406, -0.1657],")
for ln in range(LW, LW + 6):
    e.given(ln, "random weights (W_q, W_k, W_v transposed), printed to 4 places")
e.given(e.line("Divide by the square root of the key dimension, 2"), "d_k = 2")
e.given(e.line("scaled_sims = sims / (torch.tensor(2)**0.5)"), "divide by sqrt(2)")

# --- results --------------------------------------------------------------------------
claim_tensor(e.line("tensor([[1.0100, 1.0641],"), "O", "output of the class")
L = e.line("tensor([[ 0.7621, -0.0428],")
claim_tensor(L, "Q", "queries")
claim_tensor(L + 3, "K", "keys")
claim_tensor(L + 6, "V", "values")
claim_tensor(e.line("tensor([[ 0.7621, -0.0428],", nth=2), "Q", "queries (again)")
claim_tensor(e.line("tensor([[-0.1469, -0.3038],", nth=2), "K", "keys (again)")
claim_tensor(e.line("tensor([[-0.0990,  0.0648, -0.6523],"), "S", "Q K^T")
claim_tensor(e.line("tensor([[-0.0700,  0.0458, -0.4612],"), "Ss", "Q K^T / sqrt2")
claim_tensor(e.line("tensor([[0.3573, 0.4011, 0.2416],"), "A", "softmax rows")
claim_tensor(e.line("tensor([[1.0100, 1.0641],", nth=2), "O", "attention output (by hand)")

e.done()
