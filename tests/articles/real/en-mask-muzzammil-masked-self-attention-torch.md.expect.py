# Expected verdicts for en-mask-muzzammil-masked-self-attention-torch.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Masked (causal) self-attention on a 3x2 encodings matrix with randomly initialised 2x2 weights that the notebook prints
# (transposed) at 4 decimals; every later tensor is a 4-decimal print (the masked scores print in e-notation, 5 significant
# digits). Each printed tensor is checked against its own printed operands: q, k, v = enc @ W^T; sims = q k^T;
# scaled = sims / sqrt(2); masked = scaled (more digits, so checked from sims / sqrt(2)) with -1e9 above the diagonal;
# A = row softmax(masked); out = A v. An entry that equals the value computed from the printed operands at its printed places
# is ok; one that differs only within what the 4-decimal rounding of those operands (+-half a unit in their last place) can
# explain is ambiguous; anything else would be wrong. Cross-checked with numpy floats.
# Result: all tensors agree except masked[0][0] = -6.9975e-02: the printed sims[0][0] = -0.0990 gives -0.0700036, and the
# 5-digit value is reachable only through the rounding of sims (-0.09905..-0.09895 gives -0.070039..-0.069968): ambiguous.
# No wrong line.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, agrees, parse

e = Expect(__file__, language="en", topics=["mask", "causal", "printed-output", "torch-print", "e-notation"])
NUM = re.compile(r"-?\d+\.\d+(?:e[+-]\d+)?")


def nums(ln):
    return NUM.findall(e.lines[ln - 1])


def block(label, nrows, nth=1, after=0):
    L = e.line(label, nth=nth, after=after)
    out, ln = [], L - 1
    while len(out) < nrows:
        ln += 1
        if NUM.search(e.lines[ln - 1]):
            out.append(ln)
    return out


class Iv:
    """A closed interval of exact numbers."""

    def __init__(self, lo, hi=None):
        self.lo, self.hi = lo, (lo if hi is None else hi)

    def __add__(self, o):
        return Iv(self.lo + o.lo, self.hi + o.hi)

    def __mul__(self, o):
        c = [self.lo * o.lo, self.lo * o.hi, self.hi * o.lo, self.hi * o.hi]
        return Iv(min(c), max(c))

    def scale(self, f):
        return Iv(self.lo * f, self.hi * f) if f >= 0 else Iv(self.hi * f, self.lo * f)


def printed_block(lines):
    """Point values and intervals (+- half a unit in the last printed place) of a printed tensor."""
    pts, ivs = [], []
    for ln in lines:
        prow, irow = [], []
        for s in nums(ln):
            v, d, _ = parse(s)
            h = R(1, 2) * R(10) ** (-d)
            prow.append(v)
            irow.append(Iv(v - h, v + h))
        pts.append(prow)
        ivs.append(irow)
    return pts, ivs


def matmul(a, b):
    return [[sum((a[i][k] * b[k][j] for k in range(len(b))), start=(Iv(0) if isinstance(a[0][0], Iv) else 0))
             for j in range(len(b[0]))] for i in range(len(a))]


def T(a):
    return [list(r) for r in zip(*a)]


def judge(lines, what, point, ivl):
    """point: exact values from the printed operands; ivl: intervals from the operands' rounding."""
    for i, ln in enumerate(lines):
        printed = nums(ln)
        notes = []
        bad = False
        for j, s in enumerate(printed):
            if agrees(s, point[i][j]):
                continue
            v, d, _ = parse(s)
            h = R(1, 2) * R(10) ** (-d)
            lo, hi = ivl[i][j].lo, ivl[i][j].hi
            if lo - h <= v <= hi + h:
                notes.append(f"{s} vs {sp.N(point[i][j], 6)} from the printed operands "
                             f"(reachable {sp.N(lo, 6)}..{sp.N(hi, 6)} within their rounding)")
            else:
                bad = True
        if bad:
            e.claim(ln, f"{what} row {i + 1}", printed, point[i])
        elif notes:
            e.ambiguous(ln, f"{what} row {i + 1}: " + "; ".join(notes))
        else:
            e.claim(ln, f"{what} row {i + 1}", printed, point[i])


enc = [[R(116, 100), R(23, 100)], [R(57, 100), R(136, 100)], [R(441, 100), R(-216, 100)]]
encI = [[Iv(x) for x in r] for r in enc]
for lab in ("[[1.16, 0.23]", "[0.57, 1.36]", "[4.41, -2.16]"):
    e.given(e.line(lab), "encodings row")
e.given(e.line("torch.manual_seed(42)"), "seed")
e.given(e.line("mask = torch.tril(torch.ones(3, 3))"), "mask shape")

# weights (printed random draws)
W = {}
for name, lab, nth in (("q", "W_q.weight.transpose(0, 1)", 1), ("q2", "W_q.weight.transpose(0, 1)", 2),
                       ("k", "W_k.weight.transpose(0, 1)", 1), ("v", "W_v.weight.transpose(0, 1)", 1)):
    L = e.line(lab, nth=nth)
    lines = block("tensor([[", 2, after=L)
    for ln in lines:
        e.given(ln, f"W_{name[0]}^T row (printed random initialisation)")
    W[name] = printed_block(lines)

out_lines_1 = block("maskedSelfAttention(encodings_matrix, mask)", 3)

# q, k, v
QKV = {}
for name, lab, nth in (("q", "## calculate the queries", 1), ("k", "## calculate the keys", 1),
                       ("v", "## calculate the values", 1)):
    L = e.line(lab, nth=nth)
    lines = block("tensor([[", 3, after=L)
    wp, wi = W[name]
    judge(lines, f"{name} = enc W_{name}^T", matmul(enc, wp), matmul(encI, wi))
    QKV[name] = printed_block(lines)
for name, lab in (("q", "q = maskedSelfAttention.W_q(encodings_matrix)"), ("k", "k = maskedSelfAttention.W_k(encodings_matrix)")):
    lines = block("tensor([[", 3, after=e.line(lab))
    wp, wi = W[name]
    judge(lines, f"{name} shown again", matmul(enc, wp), matmul(encI, wi))

qp, qi = QKV["q"]
kp, ki = QKV["k"]
vp, vi = QKV["v"]
sims_lines = block("tensor([[", 3, after=e.line("sims = torch.matmul(q, k.transpose(dim0=0, dim1=1))"))
judge(sims_lines, "sims = q k^T", matmul(qp, T(kp)), matmul(qi, T(ki)))
sp_, si = printed_block(sims_lines)

r2 = 1 / sp.sqrt(2)
scaled_lines = block("tensor([[", 3, after=e.line("scaled_sims = sims / (torch.tensor(2)**0.5)"))
judge(scaled_lines, "scaled = sims / sqrt(2)", [[x * r2 for x in r] for r in sp_], [[x.scale(r2) for x in r] for r in si])

masked_lines = block("tensor([[", 3, after=e.line("masked_scaled_sims = scaled_sims.masked_fill"))
NEG = sp.Integer(-10) ** 9
mpt = [[sp_[i][j] * r2 if j <= i else NEG for j in range(3)] for i in range(3)]
miv = [[si[i][j].scale(r2) if j <= i else Iv(NEG) for j in range(3)] for i in range(3)]
judge(masked_lines, "masked scaled sims", mpt, miv)
mp, mi = printed_block(masked_lines)


def softmax_point(row):
    den = sum(sp.exp(x) for x in row)
    return [sp.exp(x) / den for x in row]


def softmax_iv(row):
    out = []
    for j in range(len(row)):
        lo = sp.exp(row[j].lo) / (sp.exp(row[j].lo) + sum(sp.exp(row[k].hi) for k in range(len(row)) if k != j))
        hi = sp.exp(row[j].hi) / (sp.exp(row[j].hi) + sum(sp.exp(row[k].lo) for k in range(len(row)) if k != j))
        out.append(Iv(lo, hi))
    return out


att_lines = block("tensor([[", 3, after=e.line("attention_percents = F.softmax(masked_scaled_sims, dim=1)"))
judge(att_lines, "A = softmax(masked)", [softmax_point(r) for r in mp], [softmax_iv(r) for r in mi])
ap, ai = printed_block(att_lines)

out_lines_2 = block("tensor([[", 3, after=e.line("torch.matmul(attention_percents, maskedSelfAttention.W_v"))
judge(out_lines_2, "out = A v", matmul(ap, vp), matmul(ai, vi))
judge(out_lines_1, "module output (= A v)", matmul(ap, vp), matmul(ai, vi))
e.done()
