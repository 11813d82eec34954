# Expected verdicts for pl-basic-mieczmik-life-is-short-dessert.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the 6x16 embedding (random nn.Embedding, seed 123, printed at 4 decimals) and d_q = d_k = 24, d_v = 28, h = 3.
# W_query, W_key, W_value (torch.rand) are never printed, so query/key/value vectors, the scores omega_2 (and omega_24)
# and the context vector cannot be decided from the article (ambiguous).  The softmax step is decidable from the printed
# scores: attention_weights_2 = softmax(omega_2 / sqrt(24)) with omega_2 = [8.5808, -7.6597, 3.2558, 1.0395, 11.1466,
# -0.4800] as printed -> [0.291228, 0.010581, 0.098214, 0.062474, 0.491690, 0.045814]; the printed 4-decimal weights agree.
# All printed shapes follow from d = 16, T = 6, d_q = d_k = 24, d_v = 28, h = 3 and agree.
# No wrong lines.  (The prose says the scores are scaled "by d_k"; the code and the summary scale by sqrt(d_k).)
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="pl", topics=["basic", "softmax", "mha", "shapes", "notebook", "torch-print"])

T, d, dq, dk, dv, h = 6, 16, 24, 24, 28, 3
NUM = re.compile(r"-?\d+\.\d+")


def ints(ln):
    return re.findall(r"\d+", e.lines[ln - 1].split("Size(")[1])


def shape(needle, exact, nth=1, after=0):
    ln = e.line(needle, nth=nth, after=after)
    e.claim(ln, f"shape {needle.strip()}", ints(ln), exact)


# inputs
L = e.line("tensor([[ 0.3374, -0.1778")
for k in range(12):
    e.given(L + k, f"embedding (random, printed) part {k + 1}")
e.given(e.line("d_q, d_k, d_v = 24, 24, 28"), "d_q, d_k, d_v")
e.given(e.line("przyjmujemy $d_q = d_k = 24$ i $d_v = 28$"), "d_q = d_k = 24, d_v = 28")
e.given(e.line("h = 3"), "h = 3 heads")

# shapes
shape("torch.Size([6, 16])", [T, d])
shape("W_query: torch.Size(", [dq, d])
shape("W_key:   torch.Size(", [dk, d])
shape("W_value: torch.Size(", [dv, d])
Lq = e.line("torch.Size([24])")
e.claim(Lq, "query_2 shape", ints(Lq), [dq])
e.claim(Lq + 1, "key_2 shape", ints(Lq + 1), [dk])
e.claim(Lq + 2, "value_2 shape", ints(Lq + 2), [dv])
shape("keys.shape: torch.Size(", [T, dk])
shape("values.shape: torch.Size(", [T, dv])

# scores: random projections never printed
e.ambiguous(e.line("tensor(11.1466"), "omega_24 = q2·k5 needs W_query/W_key, which are random and not printed")
Lw = e.line("tensor([ 8.5808, -7.6597")
e.ambiguous(Lw, "omega_2 needs W_query/W_key, which are random and not printed")
omega = [R(x) for x in NUM.findall(e.lines[Lw - 1])]

# softmax of the printed scores, scaled by sqrt(d_k)
scaled = [x / sp.sqrt(dk) for x in omega]
den = sum(sp.exp(x) for x in scaled)
w = [sp.exp(x) / den for x in scaled]
La = e.line("tensor([0.2912, 0.0106")
e.claim(La, "attention_weights_2 = softmax(omega_2 / sqrt(d_k))", NUM.findall(e.lines[La - 1]), w)

# context vector: needs the unprinted values
shape("torch.Size([28])", [dv])
Lc = e.line("tensor([-1.5993,  0.0156")
for k in range(4):
    e.ambiguous(Lc + k, "context vector = weights · values; W_value is random and not printed")
e.given(e.line("więcej wymiarów ($d_v = 28$) niż wejście ($d = 16$)"), "d_v = 28, d = 16 restated")

# multi-head shapes
shape("torch.Size([3, 24])", [h, dq])
shape("torch.Size([3, 16, 6])", [h, d, T])
shape("multihead_keys.shape: torch.Size([3, 24, 6])", [h, dk, T])
shape("multihead_values.shape: torch.Size([3, 28, 6])", [h, dv, T])
shape("multihead_keys.shape: torch.Size([3, 6, 24])", [h, T, dk])
shape("multihead_values.shape: torch.Size([3, 6, 28])", [h, T, dv])
e.done()
