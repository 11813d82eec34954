# Expected verdicts for zh-mask-zhjunqin-nanogpt-tril-masked-softmax.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Study notes on nanoGPT's causal self-attention (Chinese): a torch.tril(ones(6, 6)) mask printed twice, random
# scores att = torch.randn(2, 4, 6, 6) printed after masked_fill(-inf) above the diagonal, and F.softmax(att, -1)
# printed as a 2 x 4 x 6 x 6 tensor, one row per line.
# Inputs: block_size = 6; the printed masked scores (4 decimals, from unprinted full-precision randn values).
# Exact values: the tril prints are the 0/1 lower triangle (ok).  Each softmax row is the softmax of the printed
#   score row over its unmasked entries (masked entries exactly 0, the first row of each head exactly 1.0000).
#   All 48 rows agree at 4 places with the softmax of the printed scores, except where an entry of the
#   rounded-score softmax lands on the other side of a rounding boundary; such an entry is ambiguous when the printed
#   value is reachable with scores inside their own rounding interval (±0.00005), wrong otherwise.  Four rows are
#   ambiguous so: batch 0 head 1 query 5 (0.4245 vs 0.424557), batch 0 head 3 query 3 (0.2383 vs 0.238248),
#   batch 1 head 1 query 2 (0.7363 vs 0.736351), batch 1 head 3 query 2 (0.1587 vs 0.158753); 44 softmax rows and
#   the 12 tril rows agree; no row is wrong.
# Every other line with digits is code, a shape, a label or the random scores: given.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, agrees, parse

e = Expect(__file__, language="zh", topics=["mask", "causal", "softmax", "torch-print"])
L = e.line
NUM = re.compile(r"-?inf|-?\d+\.\d*")
HALF = R(1, 20000)


def row_tokens(ln):
    return NUM.findall(e.lines[ln - 1])


# --- the two tril prints --------------------------------------------------------------------------
for nth in (1, 2):
    start = L("tensor([[[[1., 0., 0., 0., 0., 0.],", nth)
    for i in range(6):
        ln = start + i
        t = row_tokens(ln)
        assert len(t) == 6, (ln, t)
        e.claim(ln, f"tril(ones(6, 6)) row {i + 1} (torch prints 1. and 0.)", [x.rstrip(".") for x in t], [1 if j <= i else 0 for j in range(6)])

# --- masked scores (given) and softmax rows --------------------------------------------------------
s_start = L(">>> att.masked_fill(bias[:,:,:block_size,:block_size] == 0, float('-inf'))") + 1
w_start = L(">>> F.softmax(att, dim=-1)") + 1


def rows_from(start, count):
    out, ln = [], start
    while len(out) < count:
        t = row_tokens(ln)
        if len(t) == 6:
            out.append((ln, t))
        ln += 1
    return out


scores = rows_from(s_start, 48)
weights = rows_from(w_start, 48)


def soft(vals):
    den = sum(sp.exp(v) for v in vals)
    return [sp.exp(v) / den for v in vals]


for k, ((sl, st), (wl, wt)) in enumerate(zip(scores, weights)):
    b, h, i = k // 24, (k // 6) % 4, k % 6
    e.given(sl, f"masked random score row (batch {b}, head {h}, query {i})")
    n = i + 1
    s = [parse(x)[0] for x in st[:n]]
    assert all(x.endswith("inf") for x in st[n:]), (sl, st)
    exact = soft(s) + [0] * (6 - n)
    bad = [j for j in range(6) if not agrees(wt[j], exact[j])]
    if not bad:
        e.claim(wl, f"softmax of the masked row (batch {b}, head {h}, query {i})", wt, exact)
        continue
    reachable = True
    for j in bad:
        lo = soft([x - HALF if m == j else x + HALF for m, x in enumerate(s)])[j]
        hi = soft([x + HALF if m == j else x - HALF for m, x in enumerate(s)])[j]
        p = parse(wt[j])[0]
        if not (sp.N(lo, 30) - HALF * R(1, 1) <= p <= sp.N(hi, 30) + HALF):
            reachable = False
    good = [j for j in range(6) if j not in bad]
    e.claim(wl, f"softmax entries that agree (batch {b}, head {h}, query {i})", [wt[j] for j in good],
            [exact[j] for j in good])
    if reachable:
        e.ambiguous(wl, "entries " + ", ".join(f"{wt[j]} (softmax of the printed scores {sp.N(exact[j], 6)})" for j in bad)
                    + " sit within the rounding of the 4-decimal scores printed above")
        e._entry(wl)["verdict"] = "ambiguous"
    else:
        e.claim(wl, f"softmax entries off the printed scores (batch {b}, head {h}, query {i})",
                [wt[j] for j in bad], [exact[j] for j in bad])

# --- everything else with digits: code, shapes, labels --------------------------------------------------
for ln, text in enumerate(e.lines, start=1):
    if ln > 1 and re.search(r"\d", text) and ln not in e.verdicts:
        e.given(ln, "code, shape or label")
e.done()
