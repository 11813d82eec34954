# Expected verdicts for en-jzhang19-attention-notes.md, computed with plain SymPy (see oracle.py); not symattn's code.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "printed-output", "learner"])
NUM = re.compile(r"(?<![\w.])\d+\.\d+")


def nums(ln):
    return NUM.findall(e.lines[ln - 1])


X = M([["0.43", "0.15", "0.89"], ["0.55", "0.87", "0.66"], ["0.57", "0.85", "0.64"],
       ["0.22", "0.58", "0.33"], ["0.77", "0.25", "0.10"], ["0.05", "0.80", "0.55"]])
for w in ("Your", "journey", "starts", "with", "one", "step"):
    e.given(e.line(f"# {w} "), f"x {w}")
q = X.row(1)
S = X * X.T
A = softmax_rows(S)
C = A * X

L = e.line("q = x^2 = [0.55, 0.87, 0.66]")
e.ambiguous(L, "the vector is 'journey' (the second input) but the notes' own labels call journey x^1 "
               "and x^2 is 'starts' [0.57, 0.85, 0.64]; which one is meant cannot be told")
L = e.line(r"w_2 = \mathbf{x} \times q")
e.claim(L, "raw scores of journey", nums(L), (X * q.T).T)
L = e.line(r"z_2 = w_2 \times \mathbf{x}")
# the notes define w as the raw dot products and z_i = w_i x (step 2, the normalisation, is missing);
# as written the product of the raw scores with x is far from the printed vector (which is the softmax one)
e.claim(L, "z_2 = w_2 x with the raw w_2 as written", nums(L), (X * q.T).T * X)

L = e.line("tensor([0.9544, 1.4950")
e.claim(L, "raw scores", nums(L), (X * q.T).T)
L = e.line("tensor([0.1455")
tmp = (X * q.T).T / sum(X * q.T)
e.claim(L, "scores / sum", nums(L)[:6], tmp)
e.claim(L, "sum", "1.0000", sum(tmp))
L = e.line("tensor([0.1385, 0.2379", after=L)
e.claim(L, "softmax weights", nums(L), A.row(1))
e.claim(L, "sum (printed tensor(1.))", "1", sum(A.row(1)))
L = e.line("tensor([0.4419, 0.6515, 0.5683])", after=e.line("context_vec_2 += "))
e.claim(L, "context vector 2", nums(L), C.row(1))

L = e.line("tensor([[0.9995")
e.rows(list(range(L, L + 6)), "attn_scores", [nums(L + i) for i in range(6)], S)
L = e.line("tensor([[0.2098")
e.rows(list(range(L, L + 6)), "attn_weights", [nums(L + i) for i in range(6)], A)
L = e.line("tensor([[0.4421")
e.rows(list(range(L, L + 6)), "context vectors", [nums(L + i) for i in range(6)], C)

# II: W_query/W_key/W_value are random and not printed, so query_2, keys and values are inputs here
L = e.line("tensor([0.4306, 1.4551])")
e.given(L, "query_2, key_2, value_2 (from unprinted random weights)")
q2 = M([nums(L)[0:2]])
LK = e.line("tensor([[0.3669")
K = M([nums(LK + i)[:2] for i in range(6)])
for i in range(6):
    e.given(LK + i, "keys row (printed)")
LV = e.line("tensor([[0.1855")
V = M([nums(LV + i)[:2] for i in range(6)])
for i in range(6):
    e.given(LV + i, "values row (printed)")
e.claim(LK + 5, "keys shape", ["6", "2"], list(K.shape))
e.claim(LV + 5, "values shape", ["6", "2"], list(V.shape))
# query_2, the keys and the values are 4-decimal prints of products with unprinted random weights, so
# what follows from them is known only to within their rounding (about ±2e-4 for a score): the
# printed results cannot be judged against a value that the article does not determine.
ROUNDED = "computed from 4-decimal prints of values from unprinted random weights: known only within their rounding"
for needle in ("tensor(1.8524)", "tensor([1.2705", "tensor([0.1500", "tensor([0.3061, 0.8210])"):
    e.ambiguous(e.line(needle), ROUNDED)
e.done()
