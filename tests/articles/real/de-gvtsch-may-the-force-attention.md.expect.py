# Expected verdicts for de-gvtsch-may-the-force-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Q = K = V = X (6 x 10), unscaled scores X X^T (the post's function does not divide by sqrt(d_k)), row softmax,
# context vectors A X; then cosine similarities between context vectors, with the weights beside them.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="de", topics=["basic", "printed-output", "no-scaling", "cosine"])
NUM = re.compile(r"(?<![\w.])\d+\.\d+")
words = ["May", "the", "force", "be", "with", "you"]


def nums(ln):
    return NUM.findall(e.lines[ln - 1])


rows = []
for w in words:
    L = e.line(f'    "{w}": torch.tensor([')
    e.given(L, f"embedding {w}")
    rows.append(nums(L))
X = M(rows)
A = softmax_rows(X * X.T)
C = A * X

# printed inputs: six rows, each wrapped over two lines
L = e.line("Eingabe-Embeddings:", after=e.line("```bash")) + 1
for i in range(6):
    e.given(L + 2 * i, "embedding printed")
    e.given(L + 2 * i + 1, "embedding printed (wrapped)")

L = e.line("Kontextvektoren: tensor([[")
for i in range(6):
    a, b = L + 2 * i, L + 2 * i + 1
    p1, p2 = nums(a), nums(b)
    e.claim(a, f"context vector {words[i]} (first 9)", p1, C.row(i)[:9])
    e.claim(b, f"context vector {words[i]} (last)", p2, C.row(i)[9:])
L = e.line("Aufmerksamkeitsgewichte: tensor([[")
e.rows(list(range(L, L + 6)), "attention weights", [nums(L + i) for i in range(6)], A)

L = e.line("`May` (erste Zeile)")
e.claim(L, "May weights quoted", ["0.3388", "0.0651", "0.1955", "0.1859"], [A[0, 0], A[0, 1], A[0, 3], A[0, 5]])
L = e.line("`force` (dritte Zeile)")
e.claim(L, "force weights quoted", ["0.3206", "0.2044", "0.1515"], [A[2, 2], A[2, 1], A[2, 3]])
L = e.line("Der von `May`, $[0.3463")
e.claim(L, "context vector of May, first and last entry", ["0.3463", "0.6589"], [C[0, 0], C[0, 9]])


def cos(i, j):
    a, b = C.row(i), C.row(j)
    return (a * b.T)[0] / sp.sqrt((a * a.T)[0] * (b * b.T)[0])


for qi, head in ((0, "Vergleich für 'May':"), (1, "Vergleich für 'the':")):
    L = e.line(head, after=e.line("```bash", nth=3)) + 2
    others = [j for j in range(6) if j != qi]
    for k, j in enumerate(others):
        ln = L + k
        sim, wt = nums(ln)
        e.claim(ln, f"cos({words[qi]}, {words[j]})", [sim], [cos(qi, j)])
        e.claim(ln, f"weight {words[qi]} -> {words[j]}", [wt], [A[qi, j]])
e.done()
