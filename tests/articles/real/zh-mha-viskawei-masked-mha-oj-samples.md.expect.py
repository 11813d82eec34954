# Expected verdicts for zh-mha-viskawei-masked-mha-oj-samples.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The article: two attention programming problems from a learner's OJ notes (Chinese): P3843, masked multi-head
#   self-attention with four sample inputs/outputs (num_heads;X;W_Q;W_K;W_V;W_O, output rounded to 2 decimals), and
#   P3712, a "simplified attention" (X all ones, W upper-triangular ones, softmax replaced by row normalisation,
#   output = sum of Y rounded to an integer) with three samples.
# Inputs: the sample input lines as printed (exact decimals); num_heads = 2 in every P3843 sample, so d_k = 1 for the
#   2-wide samples and d_k = 2 for the 4-wide one; the mask is the causal (lower-triangular) mask the statement asks for
#   ("prevent leaking future positions", and the author's own notes build tril); n, m, h for P3712.
# Exact values: every P3843 output entry computed exactly (softmax with sympy.exp, causal mask) agrees with its
#   2-decimal print (e.g. sample 1 row 2 = -5.36, sample 2 row 2 = -5.37; without the mask rows 2 would be -4.75 and
#   -4.91, so the outputs do need the causal mask). P3712: the 1/sqrt(h) cancels in the row normalisation, so the sums
#   are rational: (3,3,3) -> 18, (2,3,1) -> 2, (91,100,71) -> 232596.
# Wrong lines: none. Ambiguous lines: none.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="zh", topics=["mha", "mask", "causal", "code-output", "oj-samples"])
L = e.line


def parse3(s):
    import ast
    return ast.literal_eval(s)


def mha(h, X, WQ, WK, WV, WO):
    WQ, WK, WV, WO = (M([[str(v) for v in r] for r in W]) for W in (WQ, WK, WV, WO))
    out = []
    for xb in X:
        Xb = M([[str(v) for v in r] for r in xb])
        Q, K, V = Xb * WQ, Xb * WK, Xb * WV
        S, D = Xb.shape[0], WO.shape[0]
        dk = D // h
        heads = []
        for i in range(h):
            q, k, v = (A[:, i * dk:(i + 1) * dk] for A in (Q, K, V))
            sc = q * k.T / sp.sqrt(dk)
            W = sp.zeros(S, S)
            for a in range(S):
                den = sum(sp.exp(sc[a, c]) for c in range(a + 1))
                for c in range(a + 1):
                    W[a, c] = sp.exp(sc[a, c]) / den
            heads.append(W * v)
        Hc = sp.Matrix.hstack(*heads)
        out.append(Hc * WO)
    return out


def flat_out(out):
    return [out[b][i, j] for b in range(len(out)) for i in range(out[b].rows) for j in range(out[b].cols)]


def printed_tokens(line):
    import re
    return re.findall(r"-?\d+\.\d+", line)


def sample(in_line, out_line, what):
    text = e.lines[in_line - 1]
    parts = text.split(";")
    h = int(parts[0])
    X, WQ, WK, WV, WO = (parse3(p) for p in parts[1:])
    e.given(in_line, f"{what}: num_heads, X, W_Q, W_K, W_V, W_O")
    exact = flat_out(mha(h, X, WQ, WK, WV, WO))
    printed = printed_tokens(e.lines[out_line - 1])
    e.claim(out_line, f"{what}: output (causal mask, 2 decimals)", printed, exact)


i1 = L("2;[[[ 1.92, 1.48]")
o1 = L("[[[14.64, 14.64], [-5.36")
sample(i1, o1, "P3843 sample 1")
i2 = L("2;[[[ 1.92, 1.48]", 2)
o2 = L("[[[14.64, 14.64], [-5.37")
sample(i2, o2, "P3843 sample 2")
i3 = L("2;[[[1.17, 0.14]")
o3 = L("[[[4.25, -3.11]")
sample(i3, o3, "P3843 sample 3")
i4 = L("2;[[[0.81, 1.47")
o4 = L("[[[2.00, -2.07")
sample(i4, o4, "P3843 sample 4")

# P3712
e.given(L("X 取全 1 矩阵"), "X all ones, W upper-triangular ones")
e.given(L("三个小于 100 的正整数"), "n, m, h < 100")


def simp(n, m, h):
    X = sp.ones(n, m)
    W = sp.Matrix(m, h, lambda i, j: 1 if j >= i else 0)
    Q, K, V = X * W, X * W, X * W
    Mm = Q * K.T / sp.sqrt(h)
    A = sp.Matrix(n, n, lambda i, j: Mm[i, j] / sum(Mm[i, c] for c in range(n)))
    Y = A * V
    return sp.nsimplify(sum(Y))


for args, out in (((3, 3, 3), "18"), ((2, 3, 1), "2"), ((91, 100, 71), "232596")):
    inl = L(" ".join(map(str, args)))
    e.given(inl, f"P3712 input n m h = {args}")
    outl = inl + 3
    assert e.lines[outl - 1].strip() == out, (outl, e.lines[outl - 1])
    e.claim(outl, f"P3712 sum of Y for {args}, rounded to an integer", out, simp(*args), rounded_int=True)

e.done()
