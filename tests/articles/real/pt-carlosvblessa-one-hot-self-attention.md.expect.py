# Expected verdicts for pt-carlosvblessa-one-hot-self-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Q = K = V = X, scores = X X^T without scaling (as the notebook computes), row softmax, output = A X.
# One-hot X: every weight row is e/(e+4) on the diagonal and 1/(e+4) elsewhere; output = A.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="pt", topics=["basic", "printed-output", "no-scaling", "one-hot"])
NUM = re.compile(r"(?<![\w.])\d+(?:\.\d*)?")


def nums(ln):
    return [s.rstrip(".") if s.endswith(".") else s for s in NUM.findall(e.lines[ln - 1])]


L = e.line("Em `['o', 'gato', 'pulou', 'do', 'muro']`")
ex_vocab = ["o", "gato", "pulou", "do", "muro"]
e.claim(L, "one-hot of gato", ["0", "1", "0", "0", "0"], [int(ex_vocab.index("gato") == i) for i in range(5)])
e.claim(L, "one-hot of muro", ["0", "0", "0", "0", "1"], [int(ex_vocab.index("muro") == i) for i in range(5)])
I5 = sp.eye(5)
A1 = softmax_rows(I5 * I5.T)
O1 = A1 * I5
L = e.line("Entrada (X):") + 1
for i in range(5):
    e.given(L + i, "one-hot X (printed)")
L = e.line("Pesos de Atenção:") + 1
e.rows(list(range(L, L + 5)), "one-hot weights", [nums(L + i) for i in range(5)], A1)
L = e.line("Saída com Self-Attention Aplicada:") + 1
e.rows(list(range(L, L + 5)), "one-hot output", [nums(L + i) for i in range(5)], O1)

X = M([["1", "0", "0"], ["0.8", "0.1", "0.1"], ["0.2", "0.8", "0.2"], ["0.1", "0.1", "0.8"],
       ["0.8", "0.1", "0.2"]])
for w in ("'o'", "'gato'", "'pulou'", "'no'", "'telhado'"):
    e.given(e.line(f"    {w}: np.array("), f"embedding {w}")
A = softmax_rows(X * X.T)
O = A * X
L = e.line("Pesos de Atenção: ", nth=1, after=e.line("Sentença:")) + 1
e.rows(list(range(L, L + 5)), "weights", [nums(L + i) for i in range(5)], A)
L = e.line("Saída com Self-Attention Aplicada:", after=L) + 1
e.rows(list(range(L, L + 5)), "output", [nums(L + i) for i in range(5)], O)

L = e.line("- `o` espalha a atenção")
e.claim(L, "o -> gato and o -> telhado", ["0.23"], [A[0, 1]])
e.claim(L, "o -> telhado equals o -> gato", ["0.23"], [A[0, 4]])
e.claim(e.line("- `gato` dá mais peso a `o`"), "gato -> o", ["0.26"], [A[1, 0]])
e.claim(e.line("- `pulou` olha sobretudo"), "pulou -> pulou", ["0.29"], [A[2, 2]])
e.claim(e.line("- `no` também fica"), "no -> no", ["0.28"], [A[3, 3]])
e.done()
