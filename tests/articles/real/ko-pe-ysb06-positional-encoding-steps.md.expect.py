# Expected verdicts for ko-pe-ysb06-positional-encoding-steps.md, computed with plain SymPy (see oracle.py); not
# symattn's code.
# A Korean reference notebook (ysb06/ai-port-backend) that builds the sinusoidal positional encoding in PyTorch and
# prints every intermediate tensor for max_len = 5, d_model = 8.
# Inputs: max_len = 5, d_model = 8, base 10000; div_term_i = exp(2i * (-ln 10000 / 8)) = 10000^(-2i/8) = 10^(-i),
#   i = 0..3 -> exactly 1, 0.1, 0.01, 0.001 (printed 1.0000e+00 .. 1.0000e-03, right).
# PE[p, 2i] = sin(p * 10^(-i)), PE[p, 2i+1] = cos(p * 10^(-i)), p = 0..4.  Exact values, e.g. sin 1 = 0.841471,
#   cos 1 = 0.540302, sin 0.1 = 0.0998334, cos 0.1 = 0.995004, sin 0.01 = 0.00999983, cos 4 = -0.653644,
#   sin 0.04 = 0.0399893, cos 0.004 = 0.999992 (printed 9.9999e-01).  Every entry agrees with the exact value at the
#   printed 5 significant digits, except one float32 tie: sin(0.03) = 0.02999550020 is 2e-10 above the half-way point
#   0.029995500, float32 gives sin(float32(0.03)) = 0.029995497, printed 2.9995e-02.  That entry is printed three
#   times (after the sin/cos step, after unsqueeze, after transpose): those three output lines are ambiguous.
# The first run (nn.Embedding(4376, 512) + PE + dropout 0.1) prints values of randomly initialised embeddings with
#   dropout: not determined by the article -> ambiguous.  torch.zeros and torch.arange prints are inputs (given).
# Wrong lines: none.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="ko", topics=["pe", "sinusoidal", "notebook", "torch-print", "e-notation"])
L = e.line


def pe(p, k):
    a = p * sp.Integer(10) ** (-(k // 2))
    return sp.sin(a) if k % 2 == 0 else sp.cos(a)


SCI = re.compile(r"-?\d+\.\d+e[+-]\d+")
TIE = ("float32 machine print at a rounding tie: exact sin(0.03) = 0.0299955002 lies 2e-10 above the half-way point "
       "0.0299955, float32 sin(0.029999997) = 0.029995497 prints 2.9995e-02; the last digit is float32 rounding")


def block(start, what, nrows=5, cols=8, artifacts=None):
    """Claim a printed PE tensor line by line from line ``start`` on; returns the line after the last row."""
    artifacts = artifacts or {}
    ln, idx = start, 0
    while idx < nrows * cols:
        vals = SCI.findall(e.lines[ln - 1])
        if vals:
            cells = [divmod(idx + t, cols) for t in range(len(vals))]
            bad = [artifacts[c] for c in cells if c in artifacts]
            if bad:
                e.ambiguous(ln, "; ".join(bad))
            else:
                e.claim(ln, f"{what} entries {idx}..{idx + len(vals) - 1}", vals, [pe(r, c) for r, c in cells])
            idx += len(vals)
        ln += 1
    return ln


# --- module code and the first (random) run ---------------------------------------------------------------------
e.given(L("def __init__(self, d_model: int, dropout=0.1, max_len = 5000):"), "dropout 0.1, max_len 5000 defaults")
e.given(L("input_embedding = nn.Embedding(4376, 512)"), "vocabulary 4376, embedding size 512")
e.given(L("pos_encoding = PositionalEncoding(512)"), "d_model 512")
e.given(L("input_tensor = LongTensor([[2, 1819"), "token ids")
s = L("tensor([[[ 0.2425,  2.3717")
for ln in [s, s + 1, s + 2, s + 4, s + 5, s + 6]:
    e.ambiguous(ln, "embedding plus PE of randomly initialised nn.Embedding weights with dropout: values not "
                    "determined by the article")

# --- step-by-step run: max_len = 5, d_model = 8 ----------------------------------------------------------------
e.given(L("max_len = 5"), "max_len = 5")
e.given(L("d_model = 8"), "d_model = 8")
z = L("tensor([[0., 0., 0.")
for k in range(5):
    e.given(z + k, "torch.zeros initial tensor")
p = L("tensor([[0.],")
for k in range(5):
    e.given(p + k, "position index 0..4")

e.claim(L("tensor([1.0000e+00, 1.0000e-01, 1.0000e-02, 1.0000e-03])"), "div_term = 10000^(-2i/8)",
        ["1.0000e+00", "1.0000e-01", "1.0000e-02", "1.0000e-03"],
        [sp.exp(2 * i * (-sp.log(10000) / 8)) for i in range(4)])

ART = {(3, 4): TIE}
first = L("tensor([[ 0.0000e+00,  1.0000e+00")
block(first, "pe after sin/cos", artifacts=ART)
second = L("tensor([[[ 0.0000e+00,  1.0000e+00")
nxt = block(second, "pe.unsqueeze(0)", artifacts=ART)
third = L("tensor([[[ 0.0000e+00,  1.0000e+00", after=nxt - 1)
block(third, "pe.transpose(0, 1)", artifacts=ART)
e.done()
