# Expected verdicts for en-flash-vinayakgautam01-toy-online-softmax-trace.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A project note (docs/online_softmax_derivation.md of a FlashAttention-from-scratch repository) deriving the online
# softmax recurrence; its section 7 traces a toy row block by block, with and without the rescale factor alpha.
# Inputs: N = 8 scores s = [1, 3, 2, 5, 0, 4, 1.5, 2.5], values V = [0.1, ..., 0.8] (D = 1), blocks of Bc = 2, unscaled
# scores. Per block b the table's "ℓ_local" is the block sum of exp(s - m_new) (shifted by the UPDATED max, step 4 of the
# block algorithm), ℓ_new = α·ℓ_old + ℓ_local, Õ_new = α·Õ_old + Σ exp(s - m_new)·V.  The "broken" trace drops α
# (ℓ_new = ℓ_old + ℓ_local, Õ likewise), the same block sums.
# Exact: m = 5, ℓ = e^-4 + e^-2 + e^-3 + 1 + e^-5 + e^-1 + e^-3.5 + e^-2.5 = 1.6903378, O* = 0.4465010;
#   alphas 0, e^-2 = 0.1353353, 1, 1; block sums 1.1353353, 1.0497871, 0.3746174, 0.1122824;
#   ℓ_new 1.1353353, 1.2034380, 1.5780554, 1.6903378; Õ_new 0.2135335, 0.4438347, 0.6679314, 0.7547375;
#   broken ℓ 2.1851224, 2.5597397, 2.6720221; broken Õ 0.6284696, 0.8525663, 0.9393725; broken O = 0.3515586;
#   ℓ off by +58.08 %, O off by -21.26 %.
# Wrong lines: none (every printed value rounds from the exact one).  The "diff = 0.0" of the two exact computations
# is 0 (the recurrence is an identity), read as agreeing.
# Given: the state size (D + 2), the (0, 1] range of α, the initial state, the toy inputs, tolerances and test grid.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="en", topics=["flash", "softmax"])
L = e.line

s = [R(1), R(3), R(2), R(5), R(0), R(4), R(3, 2), R(5, 2)]
V = [R(i, 10) for i in range(1, 9)]
m = max(s)
ell = sum(sp.exp(x - m) for x in s)
O = sum(sp.exp(x - m) * v for x, v in zip(s, V)) / ell

# the two traces
good, bad = [], []
mo, l_g, o_g, l_b, o_b = None, 0, 0, 0, 0
for b in range(4):
    blk, vb = s[2 * b:2 * b + 2], V[2 * b:2 * b + 2]
    mn = max(blk) if mo is None else max([mo] + blk)
    a = sp.Integer(0) if mo is None else sp.exp(mo - mn)
    ll = sum(sp.exp(x - mn) for x in blk)
    ov = sum(sp.exp(x - mn) * v for x, v in zip(blk, vb))
    l_g, o_g = a * l_g + ll, a * o_g + ov
    l_b, o_b = l_b + ll, o_b + ov
    good.append((mo, mn, a, ll, l_g, o_g))
    bad.append((mo, mn, ll, l_b, o_b))
    mo = mn

e.given(L("`(D + 2)` floats, **no"), "per-row state size D + 2 floats")
e.given(L("= `(D + 2)` floats,"), "per-row state size D + 2 floats")
e.given(L("added. Since `m_{k+1} ≥ m_k`, we have `α_k ∈ (0, 1]`"), "range of the rescale factor")
e.given(L("**Correction factor**: `α^{(b)} = exp(m^{(b)} − m^{(b+1)}) ∈ (0, 1]`"), "range of the rescale factor")
ln = L("Start from `m_0 = −∞, ℓ_0 = 0, Õ_0 = 0`")
e.given(ln, "initial state m_0 = -inf, l_0 = 0, O_0 = 0")
e.claim(ln, "alpha_0 = exp(m_0 - m_1) = exp(-inf)", ["0"], [sp.Integer(0)])

e.given(L("recurrence to an `N=8, Bc=2, D=1` example"), "toy sizes N = 8, Bc = 2, D = 1")
e.given(L("s = [1.0,\\; 3.0,"), "toy scores s")
e.given(L("V = [0.1,\\; 0.2,"), "toy values V")
e.claim(L("`m = 5.000000, ℓ = 1.690338, O* = 0.446501`"), "two-pass reference m, l, O",
        ["5.000000", "1.690338", "0.446501"], [m, ell, O])

for t, rows in ((1, good), (2, bad)):
    for b in range(4):
        ln = L(f"|     {b} | {2 * b}..{2 * b + 1}", t)
        cells = [c.strip() for c in e.lines[ln - 1].strip().strip("|").split("|")]
        if t == 1:
            mo_, mn, a, ll, lg, og = rows[b]
            printed = ([cells[2]] if b else []) + [cells[3], cells[4], cells[5], cells[6], cells[7]]
            exact = ([mo_] if b else []) + [mn, a, ll, lg, og]
            e.claim(ln, f"online trace block {b}: m_old, m_new, alpha, block sum, l_new, O_new", printed, exact)
        else:
            mo_, mn, ll, lb, ob = rows[b]
            printed = ([cells[2]] if b else []) + [cells[3], cells[5], cells[6], cells[7]]
            exact = ([mo_] if b else []) + [mn, ll, lb, ob]
            e.claim(ln, f"trace without alpha, block {b}: m_old, m_new, block sum, l_new, O_new", printed, exact)

e.claim(L("The final `O = Õ/ℓ = 0.754738 / 1.690338 = 0.446501`"), "final online output",
        ["0.754738", "1.690338", "0.446501"], [good[-1][5], good[-1][4], good[-1][5] / good[-1][4]])
ln = L("(diff `= 0.0` in fp64")
e.claim(ln, "difference of online and two-pass results (exact identity)", ["0.0"],
        [sp.simplify(good[-1][5] / good[-1][4] - O)])
e.given(ln, "the < 1e-12 test gate")
e.claim(L("Here the result is `O = 0.939372 / 2.672022 = 0.351559`"), "output of the trace without alpha",
        ["0.939372", "2.672022", "0.351559"], [bad[-1][4], bad[-1][3], bad[-1][4] / bad[-1][3]])
e.claim(L("comes out +58% too large"), "relative error of l without alpha", ["+58%"], [bad[-1][3] / ell - 1])
e.claim(L("and `O` −21% off."), "relative error of O without alpha", ["−21%"], [(bad[-1][4] / bad[-1][3]) / O - 1])
e.claim(L("`Õ` still hold terms shifted by `m = 3.0` (block 0)"), "max after block 0", ["3.0"], [good[0][1]])
e.claim(L("`m = 5.0` (blocks 1–3)"), "max from block 1 on", ["5.0"], [good[1][1]])
e.given(L("(`1e-5` abs against"), "tolerances of the M3 and M2 gates")
e.given(L("`5e-4` for M2): M3 does no"), "tolerance of the M2 gate")
e.given(L("O = \\frac{1}{\\ell}\\sum_{j=0}^{N-1}"), "definition of the output row")
e.given(L("- **Grid**: `N ∈ {128, 512, 2048}`"), "test grid")
e.given(L("- **Tolerance**: `1e-5` abs"), "M3 tolerance")
e.given(L("- **Edge cases**: `N=1`"), "edge cases")
e.done()
