# Expected verdicts for es-mask-cayetanoguerra-atencion-qkv-enmascaramiento.md, computed with plain SymPy (see oracle.py); not symattn's code.
# The notebook gives Q, K, V (4x3) directly and prints torch outputs (4 decimals):
#   Score = Q K^T (unscaled, printed before the scaling), then softmax(Score / sqrt(3)) V ("Resultado");
#   the same Z again from F.scaled_dot_product_attention; then the scaled scores, the scaled scores with the
#   causal (tril) mask filled by -inf, and softmax(masked) V; the same masked Z again from is_causal=True.
# Exact values: row 2 of Z = (0.189213, 0.543178, 0.585668); masked row 2 weights (0.456807, 0.543193);
#   masked row 3 = (0.321911, 0.333245, 0.344844); the masked last row equals the unmasked last row.
# Every printed entry agrees with the exact value at 4 decimals; the torch.Size lines print the shapes (4, 3).
# No wrong line (a machine print of a correct computation); the "-inf" cells are the mask, not numbers to check.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="es", topics=["basic", "causal-mask", "notebook", "torch-print", "scaled"])
Q = M([["0.0", "0.0", "0.0"], ["1", "1", "1"], ["0.2", "0.2", "0.2"], ["0.3", "0.3", "0.3"]])
K = M([["0.1", "0.1", "0.1"], ["0.2", "0.2", "0.2"], ["0.3", "0.3", "0.3"], ["0.4", "0.4", "0.4"]])
V = M([["1", "0", "0"], ["0", "1", "0"], ["0", "0", "1"], ["0", "1", "1"]])
S = Q * K.T
Ss = S / sp.sqrt(3)
A = softmax_rows(Ss)
Z = A * V
# causal: row i attends to keys 0..i
Am = sp.zeros(4, 4)
for i in range(4):
    den = sum(sp.exp(Ss[i, k]) for k in range(i + 1))
    for j in range(i + 1):
        Am[i, j] = sp.exp(Ss[i, j]) / den
Zm = Am * V

NUM = re.compile(r"\d+\.\d+")


def nums(ln):
    return NUM.findall(e.lines[ln - 1])


for n in (1, 2):
    e.given(e.line("Q = torch.tensor(", n), "Q rows")
    e.given(e.line("K = torch.tensor(", n), "K rows")
    e.given(e.line("V = torch.tensor(", n), "V rows")

L = e.line("torch.Size([4, 3])")
for k in range(3):
    e.claim(L + k, "shape of Q/K/V", ["4", "3"], [Q.rows, Q.cols])


def block(first, what, exact, rows=None):
    rows = rows or range(exact.rows)
    for i in rows:
        ps = nums(first + i)
        xs = [exact[i, j] for j in range(len(ps))]
        e.claim(first + i, f"{what} row {i + 1}", ps, xs)


block(e.line(" tensor([[0.0000, 0.0000, 0.0000, 0.0000],"), "unscaled scores Q K^T", S)
block(e.line(" tensor([[0.2500, 0.5000, 0.5000],"), "softmax(QK^T/sqrt 3) V", Z)
block(e.line("tensor([[0.2500, 0.5000, 0.5000],", 2), "scaled_dot_product_attention output", Z)
block(e.line("tensor([[0.0000, 0.0000, 0.0000, 0.0000],", 2), "scaled scores QK^T/sqrt 3", Ss)
block(e.line("tensor([[0.0000,   -inf,   -inf,   -inf],"), "scaled scores with causal mask (finite cells)", Ss)
block(e.line("tensor([[1.0000, 0.0000, 0.0000],"), "masked softmax times V", Zm)
block(e.line("tensor([[1.0000, 0.0000, 0.0000],", 2), "is_causal=True output", Zm)
e.done()
