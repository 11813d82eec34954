# Expected verdicts for pt-basic-professortavares-gato-sobe-tapete.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the five 3-dim embeddings of "O gato sobe no tapete" (random nn.Embedding, seed 42).  The notebook prints them
#   twice: first as a torch tensor at 4 decimals, later (cells "Embedding original") at float32 precision
#   (0.33669037 0.1288094 0.23446237 / 0.23033303 -1.1228564 -0.18632829 / 2.2082014 -0.63799703 0.46165723 /
#   0.26735088 0.53490466 0.8093572 / 1.1102903 -1.689799 -0.9889599).  Both prints show the same inputs; the exact values
#   here use the full-precision print, because the 4-decimal tensor is only a display of it (the 4-decimal values would
#   shift several 4th decimals of the scores, e.g. 0.6229 instead of the printed 0.6227, and make correct lines look wrong).
#   The 4-decimal embedding tensor is claimed as a rounding of those inputs (it agrees).
# Conventions: simplified self-attention, no weights: scores S = E E^T (no scaling), A = row softmax(S), C = A E.
# Exact: S row 1 = (0.184925, -0.110771, 0.769541, 0.348679, -0.0757118); A row 2 = (0.0478004, 0.205693, 0.166798,
#   0.0267881, 0.552920); C row 1 = (1.02805028, -0.459901178, 0.203304652).
# No wrong lines: every printed score, weight (4, 3 and 2 decimals) and context vector (4 decimals and float32) agrees.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="pt", topics=["basic", "softmax", "output", "notebook", "torch-print"])

E = M([["0.33669037", "0.1288094", "0.23446237"],
       ["0.23033303", "-1.1228564", "-0.18632829"],
       ["2.2082014", "-0.63799703", "0.46165723"],
       ["0.26735088", "0.53490466", "0.8093572"],
       ["1.1102903", "-1.689799", "-0.9889599"]])
S = E * E.T
A = softmax_rows(S)
C = A * E
tokens = ["O", "gato", "sobe", "no", "tapete"]


def cells(ln):
    """Numbers printed on one tensor/array row line."""
    import re
    t = e.lines[ln - 1]
    t = t.split("grad_fn")[0]
    return re.findall(r"-?\d+\.\d+", t)


e.given(e.line("embedding_dim = 3"), "embedding dimension 3")

# 4-decimal embedding tensor (display of the inputs)
L = e.line("tensor([[ 0.3367,  0.1288,  0.2345],")
e.rows([L + k for k in range(5)], "embeddings (4 decimals)", [cells(L + k) for k in range(5)], E)

# scores
L = e.line("tensor([[ 0.1849, -0.1108,  0.7695,  0.3487, -0.0757],")
e.rows([L + k for k in range(5)], "scores E E^T", [cells(L + k) for k in range(5)], S)

# weights
L = e.line("tensor([[0.1823, 0.1356, 0.3270, 0.2147, 0.1404],")
e.rows([L + k for k in range(5)], "attention weights softmax(S)", [cells(L + k) for k in range(5)], A)

# 'gato' weights at 2 decimals
L0 = e.line("Token foco: 'gato'")
for j, tok in enumerate(tokens):
    ln = e.line(f"Atenção em '{tok:<7}'", after=L0)
    e.claim(ln, f"weight gato -> {tok} (2 decimals)", cells(ln), [A[1, j]])

# all weights at 3 decimals
for i, tok in enumerate(tokens):
    Li = e.line(f"Token foco: '{tok}'", nth=2 if tok == "gato" else 1)
    for j, tj in enumerate(tokens):
        ln = e.line(f"  atenção em '{tj}':", after=Li)
        e.claim(ln, f"weight {tok} -> {tj} (3 decimals)", cells(ln), [A[i, j]])

# context vectors, 4 decimals
L = e.line("tensor([[ 1.0281, -0.4599,  0.2033],")
e.rows([L + k for k in range(5)], "context vectors A E", [cells(L + k) for k in range(5)], C)

# gato alone (float32 prints)
Lg = e.line("Token: gato")
e.given(e.line("[ 0.23033303 -1.1228564  -0.18632829]", after=Lg), "embedding of gato (full precision)")
ln = e.line("[ 1.0528603 -1.2512183 -0.4752503]", after=Lg)
e.claim(ln, "context vector of gato (float32)", cells(ln), C.row(1))

# all tokens (float32 prints)
for i, tok in enumerate(tokens):
    Lp = e.line(f"Palavra: '{tok}'")
    e.given(Lp + 1, f"embedding of {tok} (full precision)")
    e.claim(Lp + 2, f"context vector of {tok} (float32)", cells(Lp + 2), C.row(i))
e.done()
