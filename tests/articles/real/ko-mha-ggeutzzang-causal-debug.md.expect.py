# Expected verdicts for ko-mha-ggeutzzang-causal-debug.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A debug run of a 2-head causal MultiHeadAttention (d_out 2, head_dim 1).  The projections come from unprinted
# random weights: the printed query and the 4x4 score matrix of one head are taken as given; the context vector
# and the final output depend on unprinted V / out_proj weights (ambiguous).
# Checked: head split of the query, the masked scores (restating the given ones), the scaling sqrt(1) = 1.0, the
# masked softmax rows from the printed scores / 1 and their sums, and the concat restating the per-head context.
# Exact rows: [1], [0.512422, 0.487578], [0.321114, 0.352657, 0.326228], [0.250364, 0.238511, 0.248319, 0.262806]
# -> every printed weight is right.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ko", topics=["mha", "mask", "causal-mask", "softmax-row", "shapes", "torch-output"])
NUM = re.compile(r"-?\d+\.\d+")


def nums(ln):
    return NUM.findall(e.lines[ln - 1])


for needle in ("| `batch_size` | 2 |", "| `num_tokens` | 4 |", "| `d_in` | 3 |", "| `d_out` | 2 |",
               "| `num_heads` | 2 |"):
    e.given(e.line(needle), needle.strip("| "))
e.claim(e.line("| `head_dim` | 1 |"), "head_dim = d_out / num_heads", ["1"], [sp.Integer(2) / 2])
for k in range(4):
    e.given(e.line(f"token {k}: ["), f"input token {k}")

# shapes
for n, what in ((1, "Q/K/V shape"), (2, "concatenated shape"), (3, "out_proj shape")):
    e.claim(e.line("**결과 shape:** `(batch_size, num_tokens, d_out)` = `(2, 4, 2)`", nth=n), what,
            ["2", "4", "2"], [2, 4, 2])
for n, what in ((1, "split shape"), (2, "context shape after transpose")):
    e.claim(e.line("**결과 shape:** `(batch_size, num_tokens, num_heads, head_dim)` = `(2, 4, 2, 1)`", nth=n), what,
            ["2", "4", "2", "1"], [2, 4, 2, 1])
e.claim(e.line("**결과 shape:** `(batch_size, num_heads, num_tokens, head_dim)` = `(2, 2, 4, 1)`"), "transposed shape",
        ["2", "2", "4", "1"], [2, 2, 4, 1])
e.claim(e.line("**결과 shape:** `(batch_size, num_heads, num_tokens, num_tokens)` = `(2, 2, 4, 4)`"), "score shape",
        ["2", "2", "4", "4"], [2, 2, 4, 4])

q = M([["0.0346", "0.1871"]])
e.given(e.line("첫 번째 토큰의 Query: [0.0346, 0.1871]"), "query of token 0 (from unprinted weights)")
e.claim(e.line("  헤드 0: [0.0346]"), "head 0 part of the query", ["0.0346"], [q[0]])
e.claim(e.line("  헤드 1: [0.1871]"), "head 1 part of the query", ["0.1871"], [q[1]])

L0 = e.line("token0  -0.0070   0.0147  -0.0034  -0.0287")
S = M([nums(L0 + i) for i in range(4)])
for i in range(4):
    e.given(L0 + i, f"score row {i} (head 1, from unprinted weights)")

# mask
Lm = e.line("token0  False    True     True     True")
for i in range(4):
    e.given(Lm + i, f"mask row {i}")

Ls = e.line("token0  -0.0070   -inf     -inf     -inf")
for i in range(4):
    e.claim(Ls + i, f"masked score row {i} (kept entries)", nums(Ls + i), [S[i, j] for j in range(i + 1)])

e.claim(e.line("`head_dim = 1` → 스케일링 팩터 = `sqrt(1) = 1.0`"), "sqrt(head_dim)", ["1.0"], [sp.sqrt(1)])

W = sp.zeros(4, 4)
for i in range(4):
    den = sum(sp.exp(S[i, k] / sp.sqrt(1)) for k in range(i + 1))
    for j in range(i + 1):
        W[i, j] = sp.exp(S[i, j] / sp.sqrt(1)) / den
Lw = e.line("token0  1.0000   0.0000   0.0000   0.0000   (합계: 1.0)")
for i in range(4):
    ps = nums(Lw + i)
    e.claim(Lw + i, f"causal softmax row {i}", ps[:4], list(W.row(i)))
    e.claim(Lw + i, f"row {i} sum", ps[4:], [sum(W.row(i))])

e.ambiguous(e.line("첫 번째 토큰, 첫 번째 헤드의 컨텍스트 벡터: [0.0289]"),
            "the context vector depends on the unprinted values V")
e.ambiguous(e.line("첫 번째 토큰의 결합된 컨텍스트 벡터: [0.0289, -0.2671]"),
            "head 1's context (-0.2671) depends on the unprinted values V")
e.given(e.line("  = [헤드0 출력: 0.0289, 헤드1 출력: -0.2671]"), "restates the concatenated context vector")
e.ambiguous(e.line("첫 번째 토큰: [-0.5140, -0.6289]"), "output of out_proj with unprinted weights")
e.done()
