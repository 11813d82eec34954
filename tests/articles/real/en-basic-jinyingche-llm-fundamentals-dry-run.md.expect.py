# Expected verdicts for en-basic-jinyingche-llm-fundamentals-dry-run.md, computed with plain SymPy (see oracle.py); not symattn's code.
# - Positional encoding, pos_enc(2) = [0.91, -0.42, 0.14, -0.99]; sin 2 = 0.909 and cos 2 = -0.416 are right for any
#   sinusoidal encoding; the post states no formula or d_model for the last pair (the original sinusoids with
#   d_model = 4 give sin 0.02 = 0.02, cos 0.02 = 1.00; the printed pair is sin 3, cos 3) -> ambiguous.  The sum line
#   is right from the printed vectors.
# - Dry run: Q·Kᵀ = [[1,1,2],[1,1,0],[2,0,1]], /2, softmax rows [0.274,0.274,0.452], [0.384,0.384,0.233],
#   [0.506,0.186,0.307]: all right.  Output[0] = [w0+w2, w1+w2, w0, w1] = [0.7259, 0.7259, 0.2741, 0.2741]:
#   printed [0.72, 0.72, 0.27, 0.27]; 0.72 = 0.27 + 0.45 from the rounded weights -> drift (0.73).
# - Sampling: softmax([2, 1, 0.5, 0]) = [0.579, 0.213, 0.129, 0.078]; T = 0.5 -> [0.831, 0.112, 0.041, 0.015];
#   T = 2 -> [0.409, 0.248, 0.193, 0.150]; exponentials, sums, top-k renormalization 0.731/0.269 and the
#   cumulative 0.79 / 0.92 / 1.00 are all right.  One wrong line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "pe", "softmax", "temperature", "top-k", "top-p"])
ex = sp.exp

# positional encoding
emb = M([["0.78", "0.30", "-0.12", "0.45"]])
pe = M([["0.91", "-0.42", "0.14", "-0.99"]])
e.given(e.line("token_emb  = [0.78"), "token embedding")
L = e.line("pos_enc(2) = [0.91")
e.claim(L, "sin 2, cos 2", ["0.91", "-0.42"], [sp.sin(2), sp.cos(2)])
e.ambiguous(L, "no PE formula or d_model is stated for the second pair; the original sinusoids with d_model = 4 "
               "give [sin 0.02, cos 0.02] = [0.02, 1.00], the printed [0.14, -0.99] are sin 3, cos 3")
e.claim(e.line("input      = [1.69"), "embedding + printed PE", ["1.69", "-0.12", "0.02", "-0.54"], list(emb + pe))

# dry run
Q = M([[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0]])
K = M([[1, 1, 0, 0], [0, 0, 1, 1], [1, 0, 1, 0]])
V = M([[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0]])
S = Q * K.T
Sc = S / 2
W = softmax_rows(Sc)
O = W * V
L = e.line("Q = [[1, 0, 1, 0],    K = [[1, 1, 0, 0]")
for i in range(3):
    e.given(L + i, "Q, K, V rows")
L = e.line("Q · Kᵀ = [[1×1+0×1")
e.rows([L, L + 1, L + 2], "Q K^T", [["1", "1", "2"], ["1", "1", "0"], ["2", "0", "1"]], S)
e.claim(e.line("divide by √d_k = √4 = 2"), "sqrt(4)", "2", sp.sqrt(4))
L = e.line("Scaled = [[0.5, 0.5, 1.0]")
e.rows([L, L + 1, L + 2], "scaled", [["0.5", "0.5", "1.0"], ["0.5", "0.5", "0.0"], ["1.0", "0.0", "0.5"]], Sc)
L = e.line("Weights = [[0.27, 0.27, 0.45]")
e.rows([L, L + 1, L + 2], "weights", [["0.27", "0.27", "0.45"], ["0.38", "0.38", "0.23"], ["0.51", "0.19", "0.31"]], W)
L = e.line('Output[0] = 0.27×V["The"]')
e.claim(L, "weights restated", ["0.27", "0.27", "0.45"], list(W.row(0)))
e.claim(L + 1, "weights restated", ["0.27", "0.27", "0.45"], list(W.row(0)))
e.claim(L + 2, "Output[0] ([0.7259, 0.7259, 0.2741, 0.2741]; 0.72 from the rounded weights)",
        ["0.72", "0.72", "0.27", "0.27"], list(O.row(0)), cause="drift")

# sampling
z = [R(2), R(1), R(1, 2), R(0)]
P = [ex(v) / sum(ex(u) for u in z) for v in z]
e.given(e.line("Logits:  [2.0,   1.0,   0.5,   0.0]"), "logits")
e.claim(e.line("e^2.0 = 7.39    e^1.0 = 2.72"), "exp(z)", ["7.39", "2.72", "1.65", "1.00"], [ex(v) for v in z])
e.claim(e.line("sum = 7.39 + 2.72 + 1.65 + 1.00 = 12.76"), "sum exp", "12.76", sum(ex(v) for v in z))
for name, i in (('P("on")  = 7.39 / 12.76', 0), ('P("the") = 2.72 / 12.76', 1), ('P("mat") = 1.65 / 12.76', 2),
                ('P("in")  = 1.00 / 12.76', 3)):
    txt = e.lines[e.line(name) - 1]
    e.claim(e.line(name), f"p[{i}]", txt.split("= ")[-1].strip(), P[i])
e.claim(e.line("sum = 1.00 ✓"), "sum of probabilities", "1.00", sum(P))
L = e.line('P("on")=0.58, P("the")=0.21, P("mat")=0.13, P("in")=0.08', after=e.line("### Greedy decoding"))
e.claim(L, "probabilities restated", ["0.58", "0.21", "0.13", "0.08"], P)
e.given(e.line("New logits = original logits / T"), "temperature definition")
e.given(e.line("With the logits `[2.0, 1.0, 0.5, 0.0]`"), "logits")


def temp(T):
    zz = [v / T for v in z]
    return zz, [ex(v) / sum(ex(u) for u in zz) for v in zz]


z05, P05 = temp(R(1, 2))
z2, P2 = temp(R(2))
e.claim(e.line("logits/T = [4.0, 2.0, 1.0, 0.0]"), "z / 0.5", ["4.0", "2.0", "1.0", "0.0"], z05)
L = e.line("e^4.0=54.60")
e.claim(L, "exp(z/0.5)", ["54.60", "7.39", "2.72", "1.00"], [ex(v) for v in z05])
e.claim(L, "sum", "65.71", sum(ex(v) for v in z05))
e.claim(e.line('softmax  → P("on")=0.83'), "T = 0.5", ["0.83", "0.11", "0.04", "0.02"], P05)
e.claim(e.line("logits/T = [2.0, 1.0, 0.5, 0.0]"), "z / 1", ["2.0", "1.0", "0.5", "0.0"], z)
e.claim(e.line('softmax  → P("on")=0.58'), "T = 1", ["0.58", "0.21", "0.13", "0.08"], P)
e.claim(e.line("logits/T = [1.0, 0.5, 0.25, 0.0]"), "z / 2", ["1.0", "0.5", "0.25", "0.0"], z2)
L = e.line("e^1.0=2.72  e^0.5=1.65  e^0.25=1.28")
e.claim(L, "exp(z/2)", ["2.72", "1.65", "1.28", "1.00"], [ex(v) for v in z2])
e.claim(L, "sum", "6.65", sum(ex(v) for v in z2))
e.claim(e.line('softmax  → P("on")=0.41'), "T = 2", ["0.41", "0.25", "0.19", "0.15"], P2)
e.claim(e.line("T = 0.5  →   0.83"), "T = 0.5 restated", ["0.83", "0.11", "0.04", "0.02"], P05)
e.claim(e.line("T = 1.0  →   0.58"), "T = 1 restated", ["0.58", "0.21", "0.13", "0.08"], P)
e.claim(e.line("T = 2.0  →   0.41"), "T = 2 restated", ["0.41", "0.25", "0.19", "0.15"], P2)
L = e.line('Original: P("on")=0.58')
e.claim(L, "probabilities restated", ["0.58", "0.21", "0.13", "0.08"], P)
e.claim(e.line("divide by 0.58+0.21=0.79"), "p0 + p1", "0.79", P[0] + P[1])
e.claim(e.line('P("on")=0.73, P("the")=0.27'), "top-2 renormalized", ["0.73", "0.27"],
        [P[0] / (P[0] + P[1]), P[1] / (P[0] + P[1])])
e.claim(e.line('Sorted: P("on")=0.58'), "probabilities restated", ["0.58", "0.21", "0.13", "0.08"], P)
L = e.line("Top-p=0.7:")
e.claim(L + 1, "cumulative 1", "0.58", P[0])
e.claim(L + 2, "cumulative 2", "0.79", P[0] + P[1])
L = e.line("Top-p=0.95:")
e.claim(L + 1, "cumulative 1", "0.58", P[0])
e.claim(L + 2, "cumulative 2", "0.79", P[0] + P[1])
e.claim(L + 3, "cumulative 3", "0.92", P[0] + P[1] + P[2])
e.claim(L + 4, "cumulative 4", "1.00", sum(P))
e.done()
