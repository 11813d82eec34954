# Expected verdicts for es-basic-josfer720-verificacion-manual-sdpa.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (torch literals): one query q = [1, 0], keys [1, 0], [0, 1], [1, 1], values [1, 0], [0, 2], [3, 1];
# d_k = K.size(-1) = 2.  Scores q k^T / sqrt 2 = [1/sqrt2, 0, 1/sqrt2] = [0.707107, 0, 0.707107];
# weights softmax = [0.401112, 0.197776, 0.401112]; output = w V = [1.604448, 0.796664] (torch prints 4 places).
# Shapes: x = randn(2, 5, 8), 2 heads -> MHA output (2, 5, 8), per-head weights (2, 2, 5, 5), encoder output (2, 5, 8).
# generate_square_subsequent_mask(5): 0 on and below the diagonal, -inf above (the -inf are not numbers, not claimed).
# Wrong lines: none.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="es", topics=["basic", "torch-print", "mask", "notebook"])
NUM = re.compile(r"-?\d+\.\d+")
q = M([["1.0", "0.0"]])
K = M([["1.0", "0.0"], ["0.0", "1.0"], ["1.0", "1.0"]])
V = M([["1.0", "0.0"], ["0.0", "2.0"], ["3.0", "1.0"]])
S = q * K.T / sp.sqrt(2)
W = softmax_rows(S)
O = W * V

e.given(e.line("SEED = 42"), "seed")
e.given(e.line("Q = torch.tensor([[[[1.0, 0.0]]]])"), "Q")
e.given(e.line("K = torch.tensor([[[[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]]])"), "K")
e.given(e.line("V = torch.tensor([[[[1.0, 0.0], [0.0, 2.0], [3.0, 1.0]]]])"), "V")
L = e.line("Puntuaciones: tensor(")
e.claim(L, "scaled scores", NUM.findall(e.lines[L - 1]), list(S))
L = e.line("Pesos: tensor(")
e.claim(L, "softmax weights", NUM.findall(e.lines[L - 1]), list(W))
L = e.line("Salida manual: tensor(")
e.claim(L, "manual output", NUM.findall(e.lines[L - 1]), list(O))
L = e.line("Salida PyTorch: tensor(")
e.claim(L, "PyTorch output", NUM.findall(e.lines[L - 1]), list(O))

e.given(e.line("embed_dim = 8"), "embedding size")
e.given(e.line("heads = 2"), "number of heads")
e.given(e.line("x = torch.randn(2, 5, embed_dim)"), "input batch shape")
e.claim(e.line("Salida MHA: (2, 5, 8)"), "MHA output shape", ["2", "5", "8"], [2, 5, 8])
e.claim(e.line("Pesos por cabeza: (2, 2, 5, 5)"), "per-head weight shape", ["2", "2", "5", "5"], [2, 2, 5, 5])
e.claim(e.line("Salida del encoder: (2, 5, 8)"), "encoder output shape", ["2", "5", "8"], [2, 5, 8])
L = e.line("tensor([[0., -inf, -inf, -inf, -inf],")
for i in range(5):
    e.claim(L + i, f"causal mask row {i + 1} (allowed entries)", ["0"] * (i + 1), [0] * (i + 1))
e.done()
