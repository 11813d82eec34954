# Expected verdicts for en-basic-ivantorriani-journey-context-vector-notebook.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Part I (no weights): X = the six 3-d inputs; scores of "journey" w_2 = X x_2, softmax(w_2), context vector
# z_2 = softmax(w_2) X = [0.4419, 0.6515, 0.5683]; then all scores X X^T, row softmax, A X.
# The notes' z_2 is wrong: the loop runs over the 3 components of the query (not over the 6 tokens) and adds
# alpha_2k * x_2[k] into a length-6 torch.empty, so every entry is 0.1385*0.55 + 0.2379*0.87 + 0.2333*0.66 = 0.4371.
# Both the LaTeX display and the printed tensor give this value as z_2 = sum_j alpha_2j V_j: a slip (the first three
# entries are compared with z_2's three components; entries 4-6 have no component of z_2 to stand for).
# Part II: W_query/W_key/W_value are random and not printed, so query_2, keys, values are inputs (4-decimal prints)
# and what follows from them is known only within their rounding: ambiguous (as in the other notes on this example).
# The later cells (SelfAttention classes, causal mask, dropout, batches: unprinted random weights) are cut.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "printed-output", "learner", "latex"])
NUM = re.compile(r"(?<![\w.])\d+\.\d+")


def nums(ln):
    return NUM.findall(e.lines[ln - 1])


X = M([["0.43", "0.15", "0.89"], ["0.55", "0.87", "0.66"], ["0.57", "0.85", "0.64"],
       ["0.22", "0.58", "0.33"], ["0.77", "0.25", "0.10"], ["0.05", "0.80", "0.55"]])
words = ("Your", "journey", "starts", "with", "one", "step")
for k in (1, 2, 3):
    for w in words:
        e.given(e.line(f"# {w} ", nth=k), f"x {w}")
for w in words:
    e.given(e.line(f"\\text{{“{w}”}}") - 1, f"x {w} (LaTeX)")

x2 = X.row(1)
w2 = (X * x2.T).T          # 1 x 6 scores of journey
a2 = softmax_rows(w2)
z2 = a2 * X                # 1 x 3
S = X * X.T
A = softmax_rows(S)
C = A * X

# the score column, printed three times in LaTeX
for k in (1, 2, 3):
    L = e.line("0.9544 \\\\", nth=k)
    for i in range(6):
        e.claim(L + i, f"w_2 entry {i + 1} (x_j . x_2)", nums(L + i), [w2[i]])
L = e.line("print(inputs.shape[0])")
Lout = e.line("6", after=L + 6)
e.claim(Lout, "inputs.shape[0]", ["6"], [6])

# the softmax column, printed twice in LaTeX
for k in (1, 2):
    L = e.line("0.1385 \\\\", nth=k)
    for i in range(6):
        e.claim(L + i, f"softmax(w_2) entry {i + 1}", nums(L + i), [a2[i]])
L = e.line("Refined Attention Weights: tensor(")
e.claim(L, "softmax(w_2)", nums(L), a2)

# the z_2 column of the LaTeX display
L = e.line("0.4371 \\\\")
for i in range(3):
    e.claim(L + i, f"z_2 component {i + 1} (= sum_j alpha_2j x_j)", nums(L + i), [z2[i]])
for i in range(3, 6):
    e.ambiguous(L + i, "a 6-entry vector is printed for z_2, which has 3 components: entry "
                       f"{i + 1} stands for no component of z_2 = sum_j alpha_2j x_j")
L = e.line("tensor([0.4371, 0.4371, 0.4371, 0.4371, 0.4371, 0.4371])")
e.claim(L, "context_vector printed as z_2 (first three entries against z_2's components; the loop runs over the "
           "query's 3 components instead of the 6 tokens)", nums(L)[:3], list(z2))

L = e.line("tensor([[0.2098")
e.rows(list(range(L, L + 6)), "attn_weights = softmax(X X^T)", [nums(L + i) for i in range(6)], A)
L = e.line("tensor([[0.4421")
e.rows(list(range(L, L + 6)), "context vectors A X", [nums(L + i) for i in range(6)], C)

L = e.line("row_2_sum = sum([")
e.given(L, "the six printed weights of row 2, summed")
L = e.line("Row 2 sum: 1.0")
e.claim(L, "sum of the six printed weights", ["1.0"],
        [sum(R(s) for s in ("0.1385", "0.2379", "0.2333", "0.1240", "0.1082", "0.1581"))])
L = e.line("All row sums: tensor(")
e.claim(L, "row sums of attn_weights", nums(L), [sum(A.row(i)) for i in range(6)])

# Part II
L = e.line("tensor([0.4306, 1.4551])")
e.given(L, "query_2 (from unprinted random weights)")
LK = e.line("tensor([[0.3669")
for i in range(6):
    e.given(LK + i, "keys row (printed; unprinted random W_key)")
LV = e.line("tensor([[0.1855", after=LK)
for i in range(6):
    e.given(LV + i, "values row (printed; unprinted random W_value)")
ROUNDED = "computed from 4-decimal prints of values from unprinted random weights: known only within their rounding"
for needle in ("tensor([1.2705", "tensor([0.1500", "tensor([0.3061, 0.8210])"):
    e.ambiguous(e.line(needle), ROUNDED)
e.done()
