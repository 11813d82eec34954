# Expected verdicts for en-mha-numpy-heads-notebook.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: X (2x6x4) and W_q, W_k, W_v (4x4) exactly as printed (they were rounded to 2 decimals before use).
# Q = X W_q etc.; head h takes columns 2h, 2h+1; scores = Q_h K_h^T; scaled by sqrt(d_head) = sqrt(2);
# row softmax; context = weights V_h; concatenation puts head 0 then head 1 for every word.
# The printed tokens are read from each line of the article; "0." (numpy's print of a value rounded to 0.00) is
# checked as |x| <= 0.005 (the code prints .round(2)).
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees

e = Expect(__file__, language="en", topics=["mha"])
TOK = re.compile(r"-?\d+\.\d*(?:e[+-]\d+)?")


def toks(line):
    return TOK.findall(e.lines[line - 1])


def claim_line(line, what, exact, places_for_bare=2):
    """Claim every number printed on `line` (in order) against the list `exact`."""
    ps = toks(line)
    if len(ps) != len(exact):
        raise SystemExit(f"line {line}: {len(ps)} printed, {len(exact)} exact ({what})")
    bare = [p for p in ps if p.endswith(".")]
    if not bare:
        e.claim(line, what, ps, exact)
        return
    ent = e._entry(line)
    bad = []
    for p, x in zip(ps, exact):
        if p.endswith("."):
            ok = abs(sp.N(x, 50) - int(p[:-1])) <= R(5, 10 ** (places_for_bare + 1))
        else:
            ok = agrees(p, x)
        if not ok:
            bad.append({"printed": p, "exact": str(sp.N(x, 6))})
    item = {"what": what + " ('0.' = a value printed after .round(2))", "printed": ps}
    if bad:
        item.update(wrong=bad, cause="slip")
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


def block_rows(start, nrows, skip_blank=True):
    """Line numbers of the next nrows non-blank lines after `start` that carry numbers."""
    out, ln = [], start
    while len(out) < nrows:
        ln += 1
        if toks(ln):
            out.append(ln)
    return out


# ---- inputs -------------------------------------------------------------------------------
L = e.line("Input X: ")
xl = block_rows(L, 12)
X = [[M([toks(xl[b * 6 + s]) for s in range(6)])] for b in range(2)]
X = [M([toks(xl[b * 6 + s]) for s in range(6)]) for b in range(2)]
for ln in xl:
    e.given(ln, "X row")
e.claim(e.line(" and shape: (2, 6, 4)"), "X shape", ["2", "6", "4"], [2, 6, 4])
W = {}
for name in ("W_q", "W_k", "W_v"):
    L = e.line(f"{name}: ", after=e.line("W_q: ") - 1)
    rl = block_rows(L, 4)
    W[name] = M([toks(r) for r in rl])
    for r in rl:
        e.given(r, f"{name} row")
e.claim(e.line("W_q shape: (4, 4), W_k shape"), "weight shapes", ["4", "4", "4", "4", "4", "4"], [4] * 6)

Q = [X[b] * W["W_q"] for b in range(2)]
K = [X[b] * W["W_k"] for b in range(2)]
V = [X[b] * W["W_v"] for b in range(2)]

L = e.line("Q_total: ")
ql = block_rows(L, 12)
for b in range(2):
    for s in range(6):
        claim_line(ql[b * 6 + s], f"Q_total[{b},{s}]", list(Q[b].row(s)))
e.claim(e.line(" and shape: (2, 6, 4)", after=L), "Q_total shape", ["2", "6", "4"], [2, 6, 4])
e.claim(e.line("Shape after head split: (2, 2, 6, 2)"), "split shape (B, H, S, d_head)", ["2", "2", "6", "2"], [2, 2, 6, 2])


def head(Mb, h):
    return Mb[:, 2 * h:2 * h + 2]


Sc = {(b, h): head(Q[b], h) * head(K[b], h).T for b in range(2) for h in range(2)}
A = {k: softmax_rows(v / sp.sqrt(2)) for k, v in Sc.items()}
Ctx = {(b, h): A[(b, h)] * head(V[b], h) for b in range(2) for h in range(2)}

e.claim(e.line("Scores shape: (2, 2, 6, 6)"), "scores shape", ["2", "2", "6", "6"], [2, 2, 6, 6])
L = e.line(" Scores: ")
sl = block_rows(L, 48)
k = 0
for b in range(2):
    for h in range(2):
        for i in range(6):
            row = list(Sc[(b, h)].row(i))
            claim_line(sl[k], f"scores[{b},{h},{i}] first four", row[:4])
            claim_line(sl[k + 1], f"scores[{b},{h},{i}] last two", row[4:])
            k += 2

L = e.line("Raw Score Matrix (Batch 0, Head 0):")
for i, ln in enumerate(block_rows(L, 6)):
    claim_line(ln, f"raw scores B0 H0 row {i + 1} (2 decimals)", list(Sc[(0, 0)].row(i)))
L = e.line("Scaled Scores (Batch 0, Head 0):")
for i, ln in enumerate(block_rows(L, 6)):
    claim_line(ln, f"scaled scores B0 H0 row {i + 1}", list((Sc[(0, 0)] / sp.sqrt(2)).row(i)))
e.claim(e.line("Weights Shape: (2, 2, 6, 6)"), "weights shape", ["2", "2", "6", "6"], [2, 2, 6, 6])
L = e.line("Attention Weights (Row sum should be 1.0):")
for i, ln in enumerate(block_rows(L, 6)):
    claim_line(ln, f"weights B0 H0 row {i + 1}", list(A[(0, 0)].row(i)))
e.claim(e.line("Sum of first row: "), "sum of the first row", "1.0000000000000002", sum(A[(0, 0)].row(0)))

e.claim(e.line("Attention Output shpae: (2, 2, 6, 2)"), "context shape", ["2", "2", "6", "2"], [2, 2, 6, 2])
L = e.line("Context Vectors:")
cl = block_rows(L, 24)
k = 0
for b in range(2):
    for h in range(2):
        for i in range(6):
            claim_line(cl[k], f"context[{b},{h},{i}]", list(Ctx[(b, h)].row(i)))
            k += 1
L = e.line("Context Vector for Batch 0, Head 0, Word 0:")
claim_line(L + 1, "context[0,0,0] again", list(Ctx[(0, 0)].row(0)))

e.claim(e.line("Shape after transpose: (2, 6, 2, 2)"), "transposed shape", ["2", "6", "2", "2"], [2, 6, 2, 2])
e.claim(e.line("Final Output after concatenation shape: (2, 6, 4)"), "concat shape", ["2", "6", "4"], [2, 6, 4])
Cat = [Ctx[(b, 0)].row_join(Ctx[(b, 1)]) for b in range(2)]
L = e.line("Concatenated vector for Batch 0, Word 0:")
claim_line(L + 1, "concat[0,0]", list(Cat[0].row(0)))
L = e.line(" full concatenated output:")
fl = block_rows(L, 12)
for b in range(2):
    for s in range(6):
        claim_line(fl[b * 6 + s], f"concat[{b},{s}]", list(Cat[b].row(s)))
e.done()
