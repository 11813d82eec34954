# Expected verdicts for ko-basic-seunghun92-attention-lab-printed-qkv.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: x (1x3x4) as printed; W_q, W_k, W_v are unseeded nn.Linear(4, 4, bias=False) layers whose weights are never
# printed, so the printed Q, K, V (4 decimals) cannot be checked (ambiguous) and are the first usable operands.
# Convention: scores = Q K^T / sqrt(4) = Q K^T / 2 (Q.size(-1) = 4), A = row softmax(scores), output = A V.
# Each printed tensor is checked against values computed from the printed Q, K, V: an entry equal to that value at its
# printed places is ok; one that differs only within what the 4-decimal rounding of Q, K, V (+-0.00005 each) can explain is
# ambiguous; anything else would be wrong. Cross-checked with numpy floats.
# From the printed Q, K, V: the three weight rows agree at 4 decimals (0.3473 0.3045 0.3481 / 0.3804 0.2514 0.3683 /
#   0.3705 0.2641 0.3654) and output row 1 agrees. Output row 2 prints 0.9327 and 0.3677 where the printed operands give
#   0.932649 and 0.367778, and row 3 prints 0.3770 where they give 0.377069: each is reachable within the 4-decimal rounding
#   of Q, K, V (0.932510..0.932789, 0.367691..0.367865, 0.376987..0.377151), so those two lines are ambiguous, not wrong.
# Shape prints and shape comments ([1, 3, 4], (1, 3, 3)) are exact.
# No wrong line.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, agrees, parse

e = Expect(__file__, language="ko", topics=["basic", "printed-output", "torch-print", "notebook", "random-weights"])
NUM = re.compile(r"-?\d+\.\d+")


def nums(ln):
    return NUM.findall(e.lines[ln - 1])


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


def judge(lines, what, point, ivl):
    for i, ln in enumerate(lines):
        printed = nums(ln)
        notes, bad = [], False
        for j, s in enumerate(printed):
            if agrees(s, point[i][j]):
                continue
            v, d, _ = parse(s)
            h = R(1, 2) * R(10) ** (-d)
            lo, hi = ivl[i][j].lo, ivl[i][j].hi
            if lo - h <= v <= hi + h:
                notes.append(f"{s} vs {sp.N(point[i][j], 6)} from the printed Q, K, V "
                             f"(reachable {sp.N(lo, 6)}..{sp.N(hi, 6)} within their rounding)")
            else:
                bad = True
        if bad or not notes:
            e.claim(ln, f"{what} row {i + 1}", printed, point[i])
        else:
            e.ambiguous(ln, f"{what} row {i + 1}: " + "; ".join(notes))


def three(label, nth=1):
    L = e.line(label, nth=nth)
    return [L, L + 1, L + 2]


def shape(ln, dims, what):
    text = e.lines[ln - 1]
    inside = re.search(r"\((\d+), (\d+), (\d+)\)|\[(\d+), (\d+), (\d+)\]", text)
    got = [g for g in inside.groups() if g is not None]
    e.claim(ln, what, got, list(dims))


# inputs in code
e.given(e.line("x =  torch.tensor([[[1.0, 0.0, 1.0, 0.0],"), "x row 1")
e.given(e.line("[0.0, 2.0, 0.0, 2.0],"), "x row 2")
e.given(e.line("[1.0, 1.0, 1.0, 1.0]]]) "), "x row 3")
shape(e.line(" # 배치, 길이 차원 (1, 3, 4)"), (1, 3, 4), "x shape (comment)")
for lab in ("W_q = nn.Linear(4, 4, bias=False)", "W_k = nn.Linear(4, 4, bias=False)", "W_v = nn.Linear(4, 4, bias=False)"):
    e.given(e.line(lab), "linear layer 4 -> 4 (random weights, not printed)")
e.given(e.line("attn_scores /= Q.size(-1) ** 0.5"), "scale by sqrt(d_k)")
shape(e.line('print("attn_scores:", attn_scores.shape)'), (1, 3, 3), "scores shape (comment)")
shape(e.line('print("attn_weights : ", attn_weights.shape)'), (1, 3, 3), "weights shape (comment)")

# shape prints
shape(e.line("입력 x: torch.Size([1, 3, 4])"), (1, 3, 4), "x.shape")
shape(e.line("Q: torch.Size([1, 3, 4])"), (1, 3, 4), "Q.shape")
shape(e.line("K: torch.Size([1, 3, 4])"), (1, 3, 4), "K.shape")
shape(e.line("V: torch.Size([1, 3, 4])"), (1, 3, 4), "V.shape")
shape(e.line("attn_scores: torch.Size([1, 3, 3])"), (1, 3, 3), "scores.shape")
shape(e.line("attn_weights :  torch.Size([1, 3, 3])"), (1, 3, 3), "weights.shape")
shape(e.line("attn_value : torch.Size([1, 3, 4])"), (1, 3, 4), "output.shape")

# printed x again
for ln in three("입력 x  tensor([[[1., 0., 1., 0.],"):
    e.given(ln, "x printed")

# Q, K, V: products with unprinted random weights
blocks = {}
for name, lab in (("Q", "Q  tensor([[["), ("K", "K  tensor([[["), ("V", "V  tensor([[[")):
    lines = three(lab)
    for ln in lines:
        e.ambiguous(ln, f"{name} = x W_{name.lower()}^T with unseeded nn.Linear weights that are never printed")
    blocks[name] = printed_block(lines)

qp, qi = blocks["Q"]
kp, ki = blocks["K"]
vp, vi = blocks["V"]
S_pt = [[x / 2 for x in r] for r in matmul(qp, T(kp))]
S_iv = [[x.scale(R(1, 2)) for x in r] for r in matmul(qi, T(ki))]
A_pt = [softmax_point(r) for r in S_pt]
A_iv = [softmax_iv(r) for r in S_iv]
judge(three("attention 분포 : tensor([[["), "A = softmax(Q K^T / 2)", A_pt, A_iv)
O_pt = matmul(A_pt, vp)
O_iv = matmul(A_iv, vi)
judge(three("출력 output : tensor([[["), "output = A V", O_pt, O_iv)
e.done()
