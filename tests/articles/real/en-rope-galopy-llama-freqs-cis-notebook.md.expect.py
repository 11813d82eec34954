# Expected verdicts for en-rope-galopy-llama-freqs-cis-notebook.md, computed with plain SymPy (see oracle.py); not symattn's code.
# galopy's blog notebook on RoPE (Llama 2 precompute_freqs_cis / apply_rotary_emb, LitGPT caches), with printed outputs.
# Inputs: head_dim 16, context_len 3, theta 10000; random queries (seed 123) printed to 4 decimals.
# Exact values: exponents 2k/16 = 0, 0.125, ..., 0.875; 10000^(2k/16) = 10^(k/2) -> 1, 3.1623, 10, 31.623, ...;
#   freqs f_k = 10^(-k/2) -> 1, 0.31623, 0.1, 0.031623, ...; angles m f_k for m = 0, 1, 2; freqs_cis = cos + i sin;
#   position-1 rotation of xq_[0,1,0] (from its printed 4-decimal values) by e^{i f_k}:
#   -0.55821+0.96997j, 0.09080-1.10932j, -0.20619+1.61104j, -2.35609+1.01382j, 0.66456+0.69996j,
#   -0.94846-0.07950j, -0.15278+0.11655j, 0.44075-1.44636j; hand check 0.5146*0.5403-0.9938*0.84147 = -0.558214506
#   and 0.5146*0.84147+0.9938*0.5403 = 0.969970602 (exact from the operands as written);
#   complex cosine cos(cos f + i sin f) = cos(cos f) cosh(sin f) - i sin(cos f) sinh(sin f) -> 1.17950-0.48577j, ...
# No line is wrong. Float32 prints that straddle a rounding boundary are ambiguous, not wrong:
#   cos(0.01) = 0.9999500004 rounds to 1.0000 at 4 places, float32 holds 0.99994999 and prints 0.9999 (lines of
#   freqs_cis row 1, freqs_cis[0,1,0], the LitGPT cos cache, torch.cos(freqs)[1] and view_as_real(...)[..., 0][1]);
#   cos(0.0031623) = 0.9999950000 rounds to 1.0000e+00 at 5 significant digits, float32 prints 9.9999e-01.
#   Six of the 16 rotated parts of xq_[0,1,0] differ from the value recomputed from the 4-decimal printed inputs by
#   up to 8e-5 (e.g. 1.61106 vs printed 1.6110): the notebook multiplied the unrounded random tensor, so those parts
#   are ambiguous (drift of the shown inputs), the other ten agree.
# Rows 2-4 of (xq_ * freqs_cis)[0,0] are heads 1-3 of the first token, random values printed nowhere else:
#   unverifiable (ambiguous).
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, agrees

e = Expect(__file__, language="en", topics=["rope", "notebook", "torch-print", "complex"])
L = e.line
NUM = r"-?\d+\.\d+(?:e[+-]\d+)?"
CPLX = re.compile(rf"({NUM})([+-]\d+\.\d+(?:e[+-]\d+)?)j")

f = [sp.Integer(10) ** (-R(k, 2)) for k in range(8)]


def reals(ln):
    return re.findall(NUM, e.lines[ln - 1])


def cplx(ln):
    return CPLX.findall(e.lines[ln - 1])


def claim_vals(ln, what, printed, exact, ambiguous_if_off=None):
    """Claim each printed number; a mismatch listed in ambiguous_if_off becomes ambiguous with that reason."""
    ps, xs = [], []
    for p, x in zip(printed, exact):
        if ambiguous_if_off and not agrees(p, x) and p in ambiguous_if_off:
            e.ambiguous(ln, ambiguous_if_off[p])
        else:
            ps.append(p)
            xs.append(x)
    if ps:
        e.claim(ln, what, ps, xs)


F32_COS001 = ("float32 noise: cos(0.01) = 0.99995000004 rounds to 1.0000, float32 stores 0.99994999 and prints 0.9999")
F32_COS0003 = ("float32 noise: cos(10^-2.5) = 0.9999950000 rounds to 1.0000e+00 at 5 significant digits; float32 "
               "stores 0.99999499 and prints 9.9999e-01")

e.given(L("batch_size = 2"), "batch 2")
e.given(L("context_len = 3"), "context 3")
e.given(L("num_heads = 4"), "4 heads")
e.given(L("head_dim = 16"), "head dim 16")
e.given(L("torch.manual_seed(123)"), "seed")
e.given(L("A toy batch: two sequences"), "restates the sizes")
ln = L("(torch.Size([2, 3, 4, 16]), torch.Size([2, 3, 4, 16]))")
e.given(ln, "shapes restate the config")
e.given(L("theta = 10_000"), "theta 10000")

# exponents and frequencies
ln = L("tensor([ 0.,  2.,  4.,  6.,  8., 10., 12., 14.])")
e.claim(ln, "arange(0, 16, 2)", ["0", "2", "4", "6", "8", "10", "12", "14"], [2 * k for k in range(8)])
ln = L("tensor([0.0000, 0.1250, 0.2500")
e.claim(ln, "2k/16", reals(ln), [R(2 * k, 16) for k in range(8)])
ln = L("tensor([1.0000e+00, 3.1623e+00")
e.claim(ln, "10000^(2k/16), k = 0..5", reals(ln), [1 / f[k] for k in range(6)])
e.claim(ln + 1, "10000^(2k/16), k = 6..7", reals(ln + 1), [1 / f[k] for k in range(6, 8)])
for nth in (1, 2):
    ln = L("tensor([1.0000e+00, 3.1623e-01", nth=nth)
    e.claim(ln, "freqs k = 0..5", reals(ln), f[:6])
    e.claim(ln + 1, "freqs k = 6..7", reals(ln + 1), f[6:])
ln = L("(3.1623e-04 = 0.00031623)")
e.claim(ln, "lowest frequency 10^-3.5", ["1.0", "3.1623e-04", "0.00031623"], [f[0], f[7], f[7]])
e.claim(L("tensor([0, 1, 2])"), "positions", ["0", "1", "2"], [0, 1, 2])
ln = L("(torch.Size([3, 8]),", nth=1)
e.claim(ln, "outer shape", ["3", "8"], [3, 8])
ln = L("tensor([[0.0000e+00, 0.0000e+00")
e.claim(ln, "angles m = 0", reals(ln), [0] * 6)
e.claim(ln + 1, "angles m = 0 (cont.)", reals(ln + 1), [0] * 2)
for m, off in ((1, 2), (2, 4)):
    e.claim(ln + off, f"angles m = {m}", reals(ln + off), [m * f[k] for k in range(6)])
    e.claim(ln + off + 1, f"angles m = {m} (cont.)", reals(ln + off + 1), [m * f[k] for k in range(6, 8)])

# freqs_cis
def cis_parts(m, ks):
    out = []
    for k in ks:
        out += [sp.cos(m * f[k]), sp.sin(m * f[k])]
    return out


ln = L("(torch.Size([3, 8]),", nth=2)
e.claim(ln, "freqs_cis shape", ["3", "8"], [3, 8])
ln0 = L("tensor([[ 1.0000+0.0000e+00j")
for m, rows in ((0, (0, 1, 2)), (1, (3, 4, 5)), (2, (6, 7, 8))):
    ks_rows = ((0, 1, 2), (3, 4, 5), (6, 7))
    for r, ks in zip(rows, ks_rows):
        ln = ln0 + r
        pr = [x for pair in cplx(ln) for x in pair]
        claim_vals(ln, f"freqs_cis m = {m}, k = {ks}", pr, cis_parts(m, ks), {"0.9999": F32_COS001})

# views of the queries
e.given(L("xq = queries"), "alias")
ln = L("tensor([ 0.3374, -0.1778, -0.3035")
e.given(ln, "random query values (seed 123), head 0 of token 0")
e.given(ln + 1, "random query values (cont.)")
xq000 = reals(ln) + reals(ln + 1)
e.given(L("xq_ = torch.view_as_complex(xq.float().reshape(*xq.shape[:-1], -1, 2))"), "code")
e.claim(L("torch.Size([2, 3, 4, 8])", nth=1), "complex view shape", ["8"], [8])
e.given(L("(torch.Size([2, 3, 4, 16]), torch.Size([2, 3, 4, 16]), torch.Size([3, 8]))"), "shapes restate the config")
ln = L("tensor([ 0.3374-0.1778j")
for r in (0, 1):
    pr = [x for pair in cplx(ln + r) for x in pair]
    e.claim(ln + r, "consecutive pairs as complex numbers", pr, [R(x) for x in xq000[8 * r:8 * r + 8]])
e.claim(L("torch.Size([1, 3, 1, 8])"), "broadcast shape", ["1", "3", "1", "8"], [1, 3, 1, 8])
ln = L("tensor([ 0.5146+0.9938j")
e.given(ln, "random query values, head 0 of token 1")
e.given(ln + 1, "random query values (cont.)")
xq010 = [(R(a), R(b)) for a, b in cplx(ln) + cplx(ln + 1)]
ln = L("tensor([0.5403+8.4147e-01j, 0.9504+3.1098e-01j, 0.9950+9.9833e-02j,", nth=1)
for r, ks in ((0, (0, 1, 2)), (1, (3, 4, 5)), (2, (6, 7))):
    pr = [x for pair in cplx(ln + r) for x in pair]
    claim_vals(ln + r, f"freqs_cis[0,1,0] k = {ks}", pr, cis_parts(1, ks), {"0.9999": F32_COS001})

rot = []
for k, (a, b) in enumerate(xq010):
    c, s = sp.cos(f[k]), sp.sin(f[k])
    rot += [a * c - b * s, a * s + b * c]
ln = L("tensor([-0.5582+0.9700j")
DRIFT = ("the notebook multiplied the unrounded random tensor; from the 4-decimal inputs shown the value lands on the "
         "other side of the last printed digit")
for r, sl in ((0, slice(0, 8)), (1, slice(8, 16))):
    pr = [x for pair in cplx(ln + r) for x in pair]
    claim_vals(ln + r, "rotation of xq_[0,1,0] at position 1", pr, rot[sl], {p: DRIFT for p in pr})
e.given(L("0.5146*0.5403-0.9938*8.4147e-01"), "hand check operands (printed values)")
ln = L("(-0.5582145060000001, 0.969970602)")
e.claim(ln, "hand check", ["-0.5582145060000001", "0.969970602"],
        [R("0.5146") * R("0.5403") - R("0.9938") * R("8.4147e-01"), R("0.5146") * R("8.4147e-01") + R("0.9938") * R("0.5403")])
e.given(L("2-D rotation formula"), "prose")
e.given(L("At position 0 every angle is 0"), "prose: angle 0 leaves values unchanged")
ln = L("tensor([[ 0.3374-0.1778j")
for r in (0, 1):
    pr = [x for pair in cplx(ln + r) for x in pair]
    e.claim(ln + r, "head 0 of token 0 unchanged at position 0", pr, [R(x) for x in xq000[8 * r:8 * r + 8]])
for r in range(2, 8):
    e.ambiguous(ln + r, "heads 1-3 of token 0: random query values printed nowhere else in the article")

# LitGPT
e.given(L("width 16 (the 8 values repeated twice)"), "prose")
e.given(L("litgpt_cos, litgpt_sin = litgpt_build_rope_cache"), "code")
e.claim(L("(torch.Size([3, 16]), torch.Size([3, 16]))"), "cache shapes", ["3", "16"], [3, 16])
e.given(L("freqs_cis = precompute_freqs_cis(dim=head_dim"), "code")
e.claim(L("torch.Size([3, 8])", after=L("freqs_cis = precompute_freqs_cis(dim=head_dim")), "freqs_cis shape", ["3", "8"], [3, 8])
e.given(L("Row 1 (position 1):"), "prose")
e.given(L("litgpt_cos[1], litgpt_sin[1]"), "code")
cos1 = [sp.cos(x) for x in f]
sin1 = [sp.sin(x) for x in f]
ln = L("(tensor([0.5403, 0.9504, 0.9950, 0.9995, 0.9999, 1.0000, 1.0000, 1.0000, 0.5403,")
claim_vals(ln, "LitGPT cos row 1 (first 9)", reals(ln), cos1 + cos1[:1], {"0.9999": F32_COS001})
claim_vals(ln + 1, "LitGPT cos row 1 (rest)", reals(ln + 1), cos1[1:], {"0.9999": F32_COS001})
e.claim(ln + 2, "LitGPT sin row 1", reals(ln + 2), sin1[:6])
e.claim(ln + 3, "LitGPT sin row 1 (cont.)", reals(ln + 3), sin1[6:] + sin1[:4])
e.claim(ln + 4, "LitGPT sin row 1 (cont.)", reals(ln + 4), sin1[4:])
for nth in (1, 2):
    ln = L("tensor([0.5403, 0.9504, 0.9950, 0.9995, 0.9999, 1.0000, 1.0000, 1.0000])", nth=nth)
    claim_vals(ln, "cos of the position-1 angles", reals(ln), cos1, {"0.9999": F32_COS001})
ccos = []
for k in range(8):
    a, b = cos1[k], sin1[k]
    ccos += [sp.cos(a) * sp.cosh(b), -sp.sin(a) * sp.sinh(b)]
ln = L("tensor([1.1795-4.8577e-01j")
for r, sl in ((0, slice(0, 6)), (1, slice(6, 12)), (2, slice(12, 16))):
    pr = [x for pair in cplx(ln + r) for x in pair]
    e.claim(ln + r, "complex cosine of freqs_cis row 1", pr, ccos[sl])
e.claim(L("(torch.Size([3, 8, 2]),"), "view_as_real shape", ["3", "8", "2"], [3, 8, 2])
ln = L(" tensor([[5.4030e-01, 8.4147e-01],")
for k in range(8):
    claim_vals(ln + k, f"view_as_real row 1, pair {k}", reals(ln + k), [cos1[k], sin1[k]], {"9.9999e-01": F32_COS0003})

# everything else with a digit must have been looked at
for i, text in enumerate(e.lines, start=1):
    if i == 1 or i in e.verdicts or not re.search(r"\d", text):
        continue
    if text.startswith("#") or text.startswith("```"):
        continue
    e.given(i, "code or prose restating inputs")
e.done()
