# Expected verdicts for zh-llm-from-scratch-ch3-simple-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# 3.3: everything follows from the six input vectors (scores = dot products, no scaling).
# 3.4: W_query/W_key/W_value come from torch.rand with a seed and are never printed, so query_2, the scores
# and the context vector cannot be checked; only the scaled softmax of the printed scores is a local chain.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["basic", "torch-output"])
X = M([["0.43", "0.15", "0.89"], ["0.55", "0.87", "0.66"], ["0.57", "0.85", "0.64"],
       ["0.22", "0.58", "0.33"], ["0.77", "0.25", "0.10"], ["0.05", "0.80", "0.55"]])
S = X * X.T
A = softmax_rows(S)
C = A * X
s2 = S.row(1)

L = e.line("inputs = torch.tensor(")
for i in range(6):
    e.given(L + 1 + i, f"x^{i + 1}")
e.claim(e.line("tensor([0.9544, 1.4950"), "attn_scores_2", ["0.9544", "1.4950", "1.4754", "0.8434", "0.7070", "1.0865"], s2)
L = e.line("tensor(0.9544)")
e.claim(L, "x^1 . x^2 (loop)", "0.9544", S[0, 1])
e.claim(L + 1, "x^1 . x^2 (torch.dot)", "0.9544", S[0, 1])
e.claim(e.line("tensor([0.1455"), "scores / sum", ["0.1455", "0.2278", "0.2249", "0.1285", "0.1077", "0.1656"],
        s2 / sum(s2))
e.claim(e.line("Sum: tensor(1.0000)"), "sum of normalised weights", "1.0000", sp.Integer(1))
e.claim(e.line("tensor([0.1385, 0.2379"), "softmax(attn_scores_2)",
        ["0.1385", "0.2379", "0.2333", "0.1240", "0.1082", "0.1581"], A.row(1))
e.claim(e.line("Sum: tensor(1.)"), "sum of softmax weights", "1", sp.Integer(1))
e.claim(e.line("tensor([0.4419, 0.6515, 0.5683])"), "context z(2)", ["0.4419", "0.6515", "0.5683"], C.row(1))

L = e.line("tensor([[0.9995")
printedS = [["0.9995", "0.9544", "0.9422", "0.4753", "0.4576", "0.6310"],
            ["0.9544", "1.4950", "1.4754", "0.8434", "0.7070", "1.0865"],
            ["0.9422", "1.4754", "1.4570", "0.8296", "0.7154", "1.0605"],
            ["0.4753", "0.8434", "0.8296", "0.4937", "0.3474", "0.6565"],
            ["0.4576", "0.7070", "0.7154", "0.3474", "0.6654", "0.2935"],
            ["0.6310", "1.0865", "1.0605", "0.6565", "0.2935", "0.9450"]]
e.rows(list(range(L, L + 6)), "attn_scores", printedS, S)
L = e.line("tensor([[0.2098")
printedA = [["0.2098", "0.2006", "0.1981", "0.1242", "0.1220", "0.1452"],
            ["0.1385", "0.2379", "0.2333", "0.1240", "0.1082", "0.1581"],
            ["0.1390", "0.2369", "0.2326", "0.1242", "0.1108", "0.1565"],
            ["0.1435", "0.2074", "0.2046", "0.1462", "0.1263", "0.1720"],
            ["0.1526", "0.1958", "0.1975", "0.1367", "0.1879", "0.1295"],
            ["0.1385", "0.2184", "0.2128", "0.1420", "0.0988", "0.1896"]]
e.rows(list(range(L, L + 6)), "attn_weights", printedA, A)
e.claim(e.line("row_2_sum = sum("), "row 2 weights restated", printedA[1], A.row(1))
e.claim(e.line("Row 2 sum: 1.0"), "sum of the six printed numbers", "1.0",
        sum(R(p) for p in printedA[1]))
e.claim(e.line("All row sums:", nth=2), "row sums", ["1.0000"] * 6, [sp.Integer(1)] * 6)
L = e.line("tensor([[0.4421")
printedC = [["0.4421", "0.5931", "0.5790"], ["0.4419", "0.6515", "0.5683"], ["0.4431", "0.6496", "0.5671"],
            ["0.4304", "0.6298", "0.5510"], ["0.4671", "0.5910", "0.5266"], ["0.4177", "0.6503", "0.5645"]]
e.rows(list(range(L, L + 6)), "all_context_vecs", printedC, C)
e.claim(e.line("Previous 2nd context vector"), "z(2) again", ["0.4419", "0.6515", "0.5683"], C.row(1))

why = "depends on W_query/W_key/W_value drawn by torch.rand (seed 123), which the article never prints"
e.ambiguous(e.line("tensor([0.4306, 1.4551])"), why)
e.ambiguous(e.line("tensor(1.8524)"), why)
e.ambiguous(e.line("tensor([1.2705, 1.8524"), why)
s = M([["1.2705", "1.8524", "1.8111", "1.0795", "0.5577", "1.5440"]])
e.claim(e.line("tensor([0.1500, 0.2264"), "softmax(printed scores / sqrt(2))",
        ["0.1500", "0.2264", "0.2199", "0.1311", "0.0906", "0.1820"], softmax_rows(s / sp.sqrt(2)))
e.ambiguous(e.line("tensor([0.3061, 0.8210])"), why)
e.done()
