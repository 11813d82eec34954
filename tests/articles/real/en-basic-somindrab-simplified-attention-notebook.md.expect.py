# Expected verdicts for en-basic-somindrab-simplified-attention-notebook.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the six 3-d embeddings x^1..x^6 of "Your journey starts with one step" (no projections, no scaling):
#   scores S = X X^T, weights A = row softmax(S), context vectors C = A X.
# Wrong line:
# - the cell commented "attension scores for the second token w.r.t to all other tokens" (query = inputs[1]) prints
#   tensor([0.9995, 1.4950, 1.4570, 0.4937, 0.6654, 0.9450]): the loop dots each x_i with itself (the diagonal of
#   S); the scores of the second token are x^2 . x_i = [0.9544, 1.4950, 1.4754, 0.8434, 0.7070, 1.0865], so five of
#   the six printed numbers are wrong (slip; only x^2 . x^2 = 1.4950 coincides).
# Right: the printed inputs, x^1 . x^2 = 0.9544, the 6x6 scores, the 6x6 softmax weights, the 6x3 context vectors.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "no-scaling", "notebook", "torch-print", "code-comments"])
P = [["0.43", "0.15", "0.89"], ["0.55", "0.87", "0.66"], ["0.57", "0.85", "0.64"],
     ["0.22", "0.58", "0.33"], ["0.77", "0.25", "0.10"], ["0.05", "0.80", "0.55"]]
X = M(P)
S = X * X.T
A = softmax_rows(S)
C = A * X

L = e.line("[[0.43, 0.15, 0.89], # Your")
for i in range(6):
    e.given(L + i, f"x^{i + 1}")
L = e.line("tensor([[0.4300, 0.1500, 0.8900],")
e.rows(list(range(L, L + 6)), "inputs printed", [[p + "00" for p in row] for row in P], X)
e.claim(e.line("tensor(0.9544)"), "x^1 . x^2", "0.9544", S[0, 1])
e.claim(e.line("tensor([0.9995, 1.4950, 1.4570, 0.4937, 0.6654, 0.9450])"),
        "scores of the second token (query = x^2) against all six tokens",
        ["0.9995", "1.4950", "1.4570", "0.4937", "0.6654", "0.9450"], S.row(1), cause="slip")
L = e.line("tensor([[0.9995, 0.9544")
printedS = [["0.9995", "0.9544", "0.9422", "0.4753", "0.4576", "0.6310"],
            ["0.9544", "1.4950", "1.4754", "0.8434", "0.7070", "1.0865"],
            ["0.9422", "1.4754", "1.4570", "0.8296", "0.7154", "1.0605"],
            ["0.4753", "0.8434", "0.8296", "0.4937", "0.3474", "0.6565"],
            ["0.4576", "0.7070", "0.7154", "0.3474", "0.6654", "0.2935"],
            ["0.6310", "1.0865", "1.0605", "0.6565", "0.2935", "0.9450"]]
e.rows(list(range(L, L + 6)), "attn_scores = inputs @ inputs.T", printedS, S)
L = e.line("tensor([[0.2098")
printedA = [["0.2098", "0.2006", "0.1981", "0.1242", "0.1220", "0.1452"],
            ["0.1385", "0.2379", "0.2333", "0.1240", "0.1082", "0.1581"],
            ["0.1390", "0.2369", "0.2326", "0.1242", "0.1108", "0.1565"],
            ["0.1435", "0.2074", "0.2046", "0.1462", "0.1263", "0.1720"],
            ["0.1526", "0.1958", "0.1975", "0.1367", "0.1879", "0.1295"],
            ["0.1385", "0.2184", "0.2128", "0.1420", "0.0988", "0.1896"]]
e.rows(list(range(L, L + 6)), "attn_weights = softmax(attn_scores)", printedA, A)
L = e.line("tensor([[0.4421")
printedC = [["0.4421", "0.5931", "0.5790"], ["0.4419", "0.6515", "0.5683"], ["0.4431", "0.6496", "0.5671"],
            ["0.4304", "0.6298", "0.5510"], ["0.4671", "0.5910", "0.5266"], ["0.4177", "0.6503", "0.5645"]]
e.rows(list(range(L, L + 6)), "context_vectors = attn_weights @ inputs", printedC, C)
e.done()
