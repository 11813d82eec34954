# Expected verdicts for es-basic-gabriel0629-libro-llm-capitulo3.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the 6x3 embeddings of "Your journey starts with one step" (rows x^1..x^6 as printed in the code cell).
# Conventions (section 3.3): unscaled dot-product scores S = X X^T (no trainable weights, no sqrt(d) scaling); query
# x^2 = inputs[1]; simple normalisation S_2 / sum(S_2); softmax along each row; context = weights @ inputs.
# S_2 = (0.9544, 1.495, 1.4754, 0.8434, 0.707, 1.0865) exactly; S_2/sum = (0.145450, 0.227837, 0.224850, 0.128534,
#   0.107746, 0.165582); softmax(S_2) = (0.138548, 0.237891, 0.233274, 0.123992, 0.108182, 0.158114);
#   context z2 = (0.441866, 0.651482, 0.568309).  The 6x6 score matrix (printed twice), its row softmax and the 6x3
#   context matrix agree entry by entry at 4 decimals.  All sums (1.0000, 1., 1.0 for the hand sum of the printed
#   row 2, which is exactly 1.0000) are exactly 1.
# Section 3.4.1: W_query/W_key/W_value are torch.rand draws after torch.manual_seed(123) and are never printed, so
#   query_2, the score w22 = 1.8524, the six scaled-attention scores, the weights softmax(scores/sqrt(2)) and the
#   context vector [0.3061, 0.8210] cannot be decided from the article: ambiguous.  (From the printed rounded scores
#   the weights would be (0.150021, 0.226385, 0.219870, 0.131068, 0.090627, 0.182029), consistent with the print.)
#   The sum of those softmax weights, tensor(1.), is exactly 1 whatever the weights: ok.
# No wrong line.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="es", topics=["basic", "notebook", "torch-print", "unscaled", "context-vector"])
X = M([["0.43", "0.15", "0.89"], ["0.55", "0.87", "0.66"], ["0.57", "0.85", "0.64"],
       ["0.22", "0.58", "0.33"], ["0.77", "0.25", "0.10"], ["0.05", "0.80", "0.55"]])
S = X * X.T
A = softmax_rows(S)
C = A * X
s2 = S.row(1)
norm2 = s2 / sum(s2)
w2 = A.row(1)
z2 = w2 * X

NUM = re.compile(r"\d+\.\d+")


def nums(ln):
    return NUM.findall(e.lines[ln - 1])


for tag in ("# Your     (x^1)", "# journey  (x^2)", "# starts   (x^3)", "# with     (x^4)", "# one      (x^5)",
            "# step     (x^6)"):
    e.given(e.line(tag), "input embedding row")

L = e.line("tensor([0.9544, 1.4950, 1.4754, 0.8434, 0.7070, 1.0865])")
e.claim(L, "scores of query x2", nums(L), list(s2))
L = e.line("Pesos de Atencion:  tensor([0.1455")
e.claim(L, "scores / sum of scores", nums(L), list(norm2))
e.claim(L + 1, "sum of normalised scores", "1.0000", sum(norm2))
L = e.line("Pesos de Atencion:  tensor([0.1385")
e.claim(L, "naive softmax of the scores", nums(L), list(w2))
e.claim(L + 1, "sum of the naive softmax", "1", sum(w2))
L = e.line("Pesos de Atención:  tensor([0.1385")
e.claim(L, "torch softmax of the scores", nums(L), list(w2))
e.claim(L + 1, "sum of the softmax", "1", sum(w2))
L = e.line("tensor([0.4419, 0.6515, 0.5683])")
e.claim(L, "context vector z2", nums(L), list(z2))


def block(first, what, exact):
    e.rows([first + i for i in range(exact.rows)], what, [nums(first + i) for i in range(exact.rows)], exact)


block(e.line("tensor([[0.9995, 0.9544"), "all scores X X^T (loop)", S)
block(e.line("tensor([[0.9995, 0.9544", nth=2), "all scores X X^T (inputs @ inputs.T)", S)
block(e.line("tensor([[0.2098, 0.2006"), "row softmax of the scores", A)
L = e.line("Fila 2 sum:  1.0")
e.claim(L, "sum of the printed row 2 weights", "1.0", sum(M([["0.1385", "0.2379", "0.2333", "0.1240", "0.1082", "0.1581"]])))
L = e.line("Todas las filas sum:  tensor(")
e.claim(L, "row sums of the softmax", nums(L), [sum(A.row(i)) for i in range(6)])
block(e.line("tensor([[0.4421, 0.5931"), "all context vectors", C)
L = e.line("Previous 2nd context vector: tensor(")
e.claim(L, "context vector z2 again", nums(L), list(z2))

# Section 3.4.1: trainable weights drawn at random, never printed.
e.given(e.line("d_in = inputs.shape[1]"), "embedding size d = 3")
e.given(e.line("d_out = 2 "), "output size 2")
amb = "W_query/W_key/W_value are torch.rand draws (torch.manual_seed(123)) that the article never prints"
e.ambiguous(e.line("tensor([0.4306, 1.4551])"), "query_2 = x^2 W_query: " + amb)
e.ambiguous(e.line("tensor(1.8524)"), "score w22 = query_2 . key_2: " + amb)
e.ambiguous(e.line("tensor([1.2705, 1.8524"), "scores query_2 @ keys.T: " + amb)
e.ambiguous(e.line("tensor([0.1500, 0.2264"), "softmax(scores / sqrt(2)) of undecidable scores: " + amb
            + " (from the printed rounded scores: 0.1500, 0.2264, 0.2199, 0.1311, 0.0906, 0.1820)")
L = e.line("tensor(1.)", nth=3)
e.claim(L, "sum of the softmax weights (exactly 1 for any scores)", "1", R(1))
e.ambiguous(e.line("tensor([0.3061, 0.8210])"), "context = weights @ values: " + amb)
e.done()
