# Expected verdicts for en-basic-stanathong-your-journey-simplified-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the six 3-d embeddings of "Your journey starts with one step" (first code block); no weights:
#   scores = X X^T (no scaling), query "journey" = row 2; weights = scores / sum (first try) and softmax;
#   context vector z(2) = sum_i a_i x_i; then all rows: softmax(X X^T) and softmax(X X^T) X.
# Exact (printed outputs are torch float32 at 4 places): row-2 scores [0.9544, 1.4950, 1.4754, 0.8434, 0.7070, 1.0865]
#   (exact), sum 6.5617, normalised [0.145450, 0.227837, 0.224850, 0.128534, 0.107746, 0.165582],
#   softmax [0.138548, 0.237891, 0.233274, 0.123992, 0.108182, 0.158114], z(2) = [0.441866, 0.651482, 0.568309];
#   column-1 sum of the weight matrix 0.921999.
# Wrong lines: none (every printed 4-place value is the exact value rounded).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "no-scaling", "softmax", "output", "torch-print", "code-block",
                                             "notebook"])
X = M([["0.43", "0.15", "0.89"], ["0.55", "0.87", "0.66"], ["0.57", "0.85", "0.64"],
       ["0.22", "0.58", "0.33"], ["0.77", "0.25", "0.10"], ["0.05", "0.80", "0.55"]])
S = X * X.T
s2 = S.row(1)
tot = sum(s2)
norm = s2 / tot
A = softmax_rows(S)
a2 = A.row(1)
z2 = a2 * X
C = A * X

ROWS = [["0.43", "0.15", "0.89"], ["0.55", "0.87", "0.66"], ["0.57", "0.85", "0.64"],
        ["0.22", "0.58", "0.33"], ["0.77", "0.25", "0.10"], ["0.05", "0.80", "0.55"]]
NEEDLES = ["[[0.43, 0.15, 0.89], # Your", "[0.55, 0.87, 0.66], # journey", "[0.57, 0.85, 0.64], # starts",
           "[0.22, 0.58, 0.33], # with", "[0.77, 0.25, 0.10], # one", "[0.05, 0.80, 0.55]] # step"]
for k in range(3):
    lines = [e.line(n, nth=k + 1) for n in NEEDLES]
    if k == 0:
        for ln, nm in zip(lines, ["Your", "journey", "starts", "with", "one", "step"]):
            e.given(ln, f"embedding of {nm}")
    else:
        e.rows(lines, f"inputs restated (block {k + 1})", ROWS, X)

e.claim(e.line("print('inputs.shape:', inputs.shape) # torch.Size([6, 3])"), "inputs shape", ["6", "3"],
        [X.rows, X.cols])
e.claim(e.line("print('inputs.shape:', inputs.shape) # # torch.Size([6, 3])"), "inputs shape", ["6", "3"],
        [X.rows, X.cols])
P_SC = ["0.9544", "1.4950", "1.4754", "0.8434", "0.7070", "1.0865"]
e.claim(e.line("# tensor([0.9544, 1.4950, 1.4754, 0.8434, 0.7070, 1.0865])"), "scores of journey", P_SC, s2)
e.claim(e.line("attention_score: tensor([0.9544"), "scores of journey", P_SC, s2)
e.claim(e.line("attention_weights: tensor([0.1455"), "scores / sum",
        ["0.1455", "0.2278", "0.2249", "0.1285", "0.1077", "0.1656"], norm)
e.claim(e.line("sum of attention_score: tensor(6.5617)"), "sum of scores", ["6.5617"], [tot])
e.claim(e.line("sum of attention_weight: tensor(1.0000)"), "sum of normalised weights", ["1.0000"], [sum(norm)])
P_SM = ["0.1385", "0.2379", "0.2333", "0.1240", "0.1082", "0.1581"]
e.claim(e.line("attention_weights_custom: tensor([0.1385"), "softmax (custom)", P_SM, a2)
e.claim(e.line("sum of attention_weights_custom: tensor(1.)"), "sum of softmax weights", ["1"], [sum(a2)])
e.claim(e.line("attention_weights_softmax: tensor([0.1385, 0.2379, 0.2333"), "softmax (torch)", P_SM, a2)
e.claim(e.line("sum of attention_weights_softmax: tensor(1.)"), "sum of softmax weights", ["1"], [sum(a2)])
e.claim(e.line("# context_vector_idx_1: tensor([0.4419, 0.6515, 0.5683])"), "context vector z(2)",
        ["0.4419", "0.6515", "0.5683"], z2)
e.claim(e.line("attention_weights_softmax: tensor([0.1385, 0.2379,   0.2333"), "softmax row of journey (labelled)",
        P_SM, a2)

P_S = [["0.9995", "0.9544", "0.9422", "0.4753", "0.4576", "0.6310"],
       ["0.9544", "1.4950", "1.4754", "0.8434", "0.7070", "1.0865"],
       ["0.9422", "1.4754", "1.4570", "0.8296", "0.7154", "1.0605"],
       ["0.4753", "0.8434", "0.8296", "0.4937", "0.3474", "0.6565"],
       ["0.4576", "0.7070", "0.7154", "0.3474", "0.6654", "0.2935"],
       ["0.6310", "1.0865", "1.0605", "0.6565", "0.2935", "0.9450"]]
for k in (1, 2):
    L = e.line("tensor([[0.9995, 0.9544, 0.9422, 0.4753, 0.4576, 0.6310],", nth=k)
    e.rows(list(range(L, L + 6)), f"all scores X X^T (print {k})", P_S, S)
L = e.line("tensor([[0.2098, 0.2006, 0.1981, 0.1242, 0.1220, 0.1452],")
e.rows(list(range(L, L + 6)), "softmax(X X^T)",
       [["0.2098", "0.2006", "0.1981", "0.1242", "0.1220", "0.1452"],
        ["0.1385", "0.2379", "0.2333", "0.1240", "0.1082", "0.1581"],
        ["0.1390", "0.2369", "0.2326", "0.1242", "0.1108", "0.1565"],
        ["0.1435", "0.2074", "0.2046", "0.1462", "0.1263", "0.1720"],
        ["0.1526", "0.1958", "0.1975", "0.1367", "0.1879", "0.1295"],
        ["0.1385", "0.2184", "0.2128", "0.1420", "0.0988", "0.1896"]], A)
e.claim(e.line("# tensor([1.0000, 1.0000, 1.0000, 1.0000, 1.0000, 1.0000])"), "row sums",
        ["1.0000"] * 6, [sum(A.row(i)) for i in range(6)])
e.claim(e.line("# tensor(1.0000)"), "sum of row 1", ["1.0000"], [sum(A.row(0))])
e.claim(e.line("# tensor([0.9220])"), "sum of column 1", ["0.9220"], [sum(A.col(0))])
e.claim(e.line("#                         6x6              6x3"), "shapes of A and inputs", ["6", "6", "6", "3"],
        [A.rows, A.cols, X.rows, X.cols])
L = e.line("tensor([[0.4421, 0.5931, 0.5790],")
e.rows(list(range(L, L + 6)), "context vectors softmax(X X^T) X",
       [["0.4421", "0.5931", "0.5790"], ["0.4419", "0.6515", "0.5683"], ["0.4431", "0.6496", "0.5671"],
        ["0.4304", "0.6298", "0.5510"], ["0.4671", "0.5910", "0.5266"], ["0.4177", "0.6503", "0.5645"]], C)
e.done()
