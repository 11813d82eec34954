# Expected verdicts for en-pe-mha-puzan789-telescope.md, computed with plain SymPy (see oracle.py); not symattn's code.
# d_model = 6, two heads.  The article says the position signal is built from sine and cosine functions without a
# formula; it is checked against the standard PE(pos, 2i) = sin(pos / 10000^(2i/6)), PE(pos, 2i+1) = cos(...).  No
# sine/cosine-of-position scheme can give position 0 anything but sin 0 = 0 and cos 0 = 1, and at position 1 the cosine
# of the fastest pair is cos 1 = 0.5403 (printed 0.9093 = sin 2): both printed rows are wrong under any frequencies.
# The "Example Output" rows are supposed values (no weights are given).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["pe", "mha"])
d = 6


def pe(pos, k):
    ang = sp.Integer(pos) / sp.Integer(10000) ** R(2 * (k // 2), d)
    return sp.sin(ang) if k % 2 == 0 else sp.cos(ang)


e.given(e.line("- **Token IDs** (Example)"), "token ids")
e.given(e.line("The model dimension ($d_{\\text{model}}$) is taken as 6"), "d_model = 6")
L0 = e.line("- **Embedding Vectors** (Example):")
for k in range(1, 8):
    e.given(L0 + k, "embedding row")
for pos in (0, 1):
    L = e.line(f"  - Position {pos}: [")
    printed = e.lines[L - 1].split("[")[1].split("]")[0].split(", ")
    e.claim(L, f"PE at position {pos}", printed, [pe(pos, k) for k in range(d)])
e.given(e.line("- **Number of Heads (h)**: 2"), "h = 2")
e.claim(e.line("- **Dimensionality per Head**"), "d_model / h", ["3"], [sp.Integer(d) / 2])
L0 = e.line("Suppose the final transformed output for each token is:")
for k in range(2, 9):
    e.given(L0 + k, "supposed output row")
e.done()
