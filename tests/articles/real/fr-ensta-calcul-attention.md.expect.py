# Expected verdicts for fr-ensta-calcul-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="fr", topics=["basic", "printed-output", "table"])
NUM = re.compile(r"(?<![\w.])\d+(?:\.\d*)?")


def nums(ln, start=0):
    return [s.rstrip(".") if s.endswith(".") else s for s in NUM.findall(e.lines[ln - 1][start:])]


def cells(ln):
    return [c.strip() for c in e.lines[ln - 1].strip().strip("|").split("|")][1:]


Q = M([["1.0", "0.0"], ["0.0", "1.0"], ["1.0", "1.0"]])
K = M([["1.0", "0.0"], ["1.0", "1.0"], ["0.0", "1.0"]])
V = M([["1.0", "0.0"], ["0.0", "1.0"], ["1.0", "1.0"]])
for tok in ("t1", "t2", "t3"):
    for name in ("Query", "Key  ", "Value"):
        e.given(e.line(f"# {name} pour {tok}"), f"{name.strip()} {tok}")
# printed copies of the inputs
for lab in ("Q =", "K =", "V ="):
    L = e.line(lab, after=e.line("Tokens : ["))
    for i in range(3):
        e.given(L + 1 + i, f"{lab} row (printed)")
d_k = 2
e.claim(e.line("d_k = 2"), "d_k", "2", Q.shape[1])
S = Q * K.T / sp.sqrt(d_k)
A = softmax_rows(S)
O = A * V

L = e.line("S = Q K^T / sqrt(d_k) :", after=e.line("print(\"S = Q")) + 1
e.rows([L, L + 1, L + 2], "S", [nums(L + i) for i in range(3)], S)
L = e.line("A = softmax_ligne_par_ligne(S) :") + 1
e.rows([L, L + 1, L + 2], "A", [nums(L + i) for i in range(3)], A)
L = e.line("[1. 1. 1.]")
e.claim(L, "row sums of A (numpy prints 1.)", ["1", "1", "1"], [sum(A.row(i)) for i in range(3)])
L = e.line("O = A V :") + 1
e.rows([L, L + 1, L + 2], "O", [nums(L + i) for i in range(3)], O)
for i, tok in enumerate(("t1", "t2", "t3")):
    L = e.line(f"Représentation transformée pour {tok} :")
    e.claim(L, f"O row {tok}", nums(L, e.lines[L - 1].index(":")), O.row(i))
for title, Mx in (("Scores S :", S), ("Poids d'attention A :", A)):
    L = e.line(title, after=e.line("## Les mêmes matrices")) + 4
    e.rows([L, L + 1, L + 2], title, [cells(L + i) for i in range(3)], Mx)
e.done()
