# Expected verdicts for en-pe-sylaw2022-positional-encoding-explained.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A project write-up on sinusoidal positional encoding, PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(...),
# worked first for d_model = 8 (div_term, PE of positions 0-2), then for a "full" d_model = 512 example that adds PE
# to made-up token embeddings, a table of the first four dimensions for positions 0-4, and a dimension-250 remark.
# Inputs: d_model = 8 and d_model = 512 as stated; the token embeddings e0, e1, e2 (and the section-8 lists) are given.
# Exact values:
#   d = 8: ln 10000 = 9.2103; exponents -2.3026, -4.6052, -6.9078; div_term = [1, 0.1, 0.01, 0.001]; every PE entry of
#     positions 0, 1, 2 (sin 1 = 0.8415, cos 1 = 0.5403, sin 0.1 = 0.0998, cos 0.1 = 0.99500, ..., cos 0.002 = 1.0000)
#     agrees with its print.
#   d = 512: the frequency of dims 2-3 is 10000^(-2/512) = 0.96466, of dims 4-5 0.93057, of dims 510-511 1.0366e-4.
#     PE(1) dims 2..5 = 0.8219, 0.5696, 0.8020, 0.5973 and dim 510 = 0.000104 (printed 0.10, 0.995, 0.01, 1.0, 0.001:
#     the d = 8 values reused, slip); PE(2) dims 2..5 = 0.9365, -0.3509, 0.9583, -0.2864, dim 510 = 0.000207 (printed
#     0.20, 0.98, 0.02, 1.0, 0.002, slip).  The sums e1 + PE(1) = [1.2415, 0.4403, 1.4219, 0.2696, ...] and
#     e2 + PE(2) = [0.7093, 0.0839, 1.0365, 0.0491, ...] put 0.70/0.695 and 0.30/1.38 where 1.42/0.27 and 1.04/0.05
#     belong (carried); dims 0-1 and the position-0 sums agree.
#   Table of the first 4 dims, read with the d = 8 frequencies (the only reading under which position 1 has 0.10 and
#     0.995): cos 0.3 = 0.9553 printed 0.95 (truncated) and sin 0.4 = 0.3894 printed 0.40 -> rows 3 and 4 wrong (slip)
#     under every reading; the other rows agree.
#   "Dim 250 changes from 0.0 to 0.001" (d = 512): sin(10000^(-250/512)) = sin(0.011140) = 0.01114 -> wrong (slip).
#   Section 8 (d = 512, "..." before the last dimension 511): PE(1) printed [0.84, 0.54, 0.10, ..., 0.995] where dim
#     511 = cos(1.0366e-4) = 1.0000 (0.995 slip, 0.10 carried); PE(2) [0.91, -0.42, 0.20, ..., 0.98] with dim 511 =
#     1.0000 (0.98 slip, 0.20 carried); the sums 0.70/0.695 (exact 1.42/0.70) and 0.30/1.38 (exact 1.04/1.40) are
#     carried, and repeated in the attention lines (carried).
# Every other line with digits only labels positions, dimensions, file lines or configuration: given.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp

e = Expect(__file__, language="en", topics=["pe", "sinusoidal", "plain-fence", "table"])
L = e.line
TOK = re.compile(r"-?\d+\.\d+|-?\d+")


def toks(ln):
    return TOK.findall(e.lines[ln - 1])


LN10K = sp.log(10000)


def f8(k):      # frequency of dims k, k+1 for d = 8 (k even)
    return sp.Integer(10000) ** (-R(k, 8))


def f512(k):
    return sp.Integer(10000) ** (-R(k, 512))


def pe(pos, dim, d):
    k = dim - dim % 2
    a = pos * sp.Integer(10000) ** (-R(k, d))
    return sp.sin(a) if dim % 2 == 0 else sp.cos(a)


# --- section 3, d = 8 ---------------------------------------------------------------------------
e.claim(L("= exp([0, 2, 4, 6] * (-9.21 / 8))"), "ln 10000", ["9.21"], [LN10K])
e.claim(L("= exp([0, -2.30, -4.61, -6.91])"), "exponents -k ln(10000) / 8",
        ["0", "-2.30", "-4.61", "-6.91"], [-k * LN10K / 8 for k in (0, 2, 4, 6)])
e.claim(L("= [1.0, 0.10, 0.01, 0.001]"), "div_term for d = 8", ["1.0", "0.10", "0.01", "0.001"],
        [f8(k) for k in (0, 2, 4, 6)])
claimed = set()
for pos in (0, 1, 2):
    for dim in range(8):
        ln = L(f"PE({pos}, {dim}) = ")
        t = toks(ln)          # pos, dim, pos, factor, argument, value
        k = dim - dim % 2
        a = pos * f8(k)
        e.claim(ln, f"PE({pos}, {dim}) for d = 8: frequency, angle, value", t[3:6], [f8(k), a, pe(pos, dim, 8)])
        claimed.add(ln)
for pos, needle in ((0, "PE(0) = [0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0]"),
                    (1, "PE(1) ≈ [0.84, 0.54, 0.10, 0.995, 0.01, 1.0, 0.001, 1.0]"),
                    (2, "PE(2) ≈ [0.91, -0.42, 0.20, 0.98, 0.02, 1.0, 0.002, 1.0]")):
    ln = L(needle)
    e.claim(ln, f"PE({pos}) for d = 8", toks(ln)[1:], [pe(pos, j, 8) for j in range(8)])
    claimed.add(ln)

# --- section 4 (first two dims, d-independent) -----------------------------------------------------
sec4 = L("### With Positional Encoding")
for nth in (1, 2):
    for pos in (0, 1, 2):
        ln = L(f"Position {pos}: embedding(", nth, sec4)
        vals = toks(ln)[-2:]
        e.given(ln, "made-up embedding values")
        e.claim(ln, f"first two PE({pos}) entries", vals, [pe(pos, 0, 8), pe(pos, 1, 8)])
        claimed.add(ln)

# --- section 5, d = 512 -------------------------------------------------------------------------
DIMS = [0, 1, 2, 3, 4, 5, 510, 511]
sec5 = L("**d_model = 512** (the full-size model)")
e.given(sec5, "d_model = 512")
for needle in ('"The" → e₀ = [0.1, 0.3, -0.2, 0.5, ..., 0.2]  (512 dims)', '"cat" → e₁ = [0.4, -0.1, 0.6, -0.3, ..., 0.1]',
               '"sat" → e₂ = [-0.2, 0.5, 0.1, 0.4, ..., -0.1]'):
    e.given(L(needle), "made-up token embedding")
ln = L("PE(0) = [0.0, 1.0, 0.0, 1.0, 0.0, 1.0, ..., 0.0, 1.0]")
e.claim(ln, "PE(0), d = 512, dims 0-5, 510, 511", toks(ln)[1:], [pe(0, j, 512) for j in DIMS])
claimed.add(ln)
e.given(L("dim0 dim1 dim2 dim3 dim4 dim5        dim510 dim511"), "dimension labels")
for pos, needle in ((1, "PE(1) = [0.84, 0.54, 0.10, 0.995, 0.01, 1.0, ..., 0.001, 1.0]"),
                    (2, "PE(2) = [0.91, -0.42, 0.20, 0.98, 0.02, 1.0, ..., 0.002, 1.0]")):
    ln = L(needle)
    t = toks(ln)[1:]
    e.claim(ln, f"PE({pos}), d = 512, dims 0, 1, 511", [t[0], t[1], t[7]], [pe(pos, j, 512) for j in (0, 1, 511)])
    e.claim(ln, f"PE({pos}), d = 512, dims 2-5 and 510 (the d = 8 values reused)", [t[2], t[3], t[4], t[5], t[6]],
            [pe(pos, j, 512) for j in (2, 3, 4, 5, 510)])
    claimed.add(ln)

E0 = [R(1, 10), R(3, 10), R(-2, 10), R(5, 10)]
E1 = [R(4, 10), R(-1, 10), R(6, 10), R(-3, 10)]
E2 = [R(-2, 10), R(5, 10), R(1, 10), R(4, 10)]
res = L("**Result:**")
for pos, E, ops, sums in ((0, E0, ["0.0", "1.0", "0.0", "1.0"], ["0.1", "1.3", "-0.2", "1.5"]),
                          (1, E1, ["0.84", "0.54", "0.10", "0.995"], ["1.24", "0.44", "0.70", "0.695"]),
                          (2, E2, ["0.91", "-0.42", "0.20", "0.98"], ["0.71", "0.08", "0.30", "1.38"])):
    ln = L(f"Position {pos}: e", 1, res)
    P = [pe(pos, j, 512) for j in range(4)]
    e.given(ln, "embedding entries")
    e.claim(ln, f"PE({pos}) operands, dims 0-1", ops[:2], P[:2])
    e.claim(ln, f"PE({pos}) operands, dims 2-3", ops[2:], P[2:], cause="carried")
    claimed.add(ln)
    e.claim(ln + 1, f"e{pos} + PE({pos}), dims 0-1", sums[:2], [E[j] + P[j] for j in range(2)])
    e.claim(ln + 1, f"e{pos} + PE({pos}), dims 2-3", sums[2:], [E[j] + P[j] for j in (2, 3)], cause="carried")
    claimed.add(ln + 1)

# --- section 6 table (d = 8 reading) ------------------------------------------------------------
tab = L("| Position | Dim 0 (sin) | Dim 1 (cos) | Dim 2 (sin) | Dim 3 (cos) |")
for pos in range(5):
    ln = tab + 2 + pos
    vals = [c.strip() for c in e.lines[ln - 1].strip().strip("|").split("|")][1:]
    e.given(ln, f"position label {pos}")
    e.claim(ln, f"first four PE dims at position {pos} (d = 8 frequencies)", vals, [pe(pos, j, 8) for j in range(4)])
    claimed.add(ln)

# --- section 7 ------------------------------------------------------------------------------------
ln = L("Position 0 → 1: Dim 0 changes from 0.0 to 0.84")
e.claim(ln, "dim 0 at positions 0 and 1", ["0.0", "0.84"], [pe(0, 0, 512), pe(1, 0, 512)])
claimed.add(ln)
ln = L("Position 0 → 1: Dim 250 changes from 0.0 to 0.001")
e.claim(ln, "dim 250 at position 0", ["0.0"], [pe(0, 250, 512)])
e.claim(ln, "dim 250 at position 1, d = 512: sin(10000^(-250/512))", ["0.001"], [pe(1, 250, 512)])
claimed.add(ln)

# --- section 8 ------------------------------------------------------------------------------------
sec8 = L("## 8. Complete Example: Full Forward Pass")
for needle in ('"The" → [0.1, 0.3, -0.2, ..., 0.5]  (512 dims)', '"cat" → [0.4, -0.1, 0.6, ..., -0.3]',
               '"sat" → [-0.2, 0.5, 0.1, ..., 0.4]', '"on"  → [0.3, 0.2, -0.4, ..., 0.1]',
               '"the" → [0.1, 0.3, -0.2, ..., 0.5]', '"mat" → [0.2, -0.3, 0.4, ..., -0.2]'):
    e.given(L(needle, 1, sec8), "made-up token embedding (dims 0, 1, 2 and 511)")
F0 = [R(1, 10), R(3, 10), R(-2, 10), R(5, 10)]
F1 = [R(4, 10), R(-1, 10), R(6, 10), R(-3, 10)]
F2 = [R(-2, 10), R(5, 10), R(1, 10), R(4, 10)]
D8 = [0, 1, 2, 511]
res8 = L("**Result:**", 1, sec8)
for pos, F, ops, sums, cops, csum in (
        (0, F0, ["0.0", "1.0", "0.0", "1.0"], ["0.1", "1.3", "-0.2", "1.5"], {}, {}),
        (1, F1, ["0.84", "0.54", "0.10", "0.995"], ["1.24", "0.44", "0.70", "0.695"],
         {2: "carried", 3: "slip"}, {2: "carried", 3: "carried"}),
        (2, F2, ["0.91", "-0.42", "0.20", "0.98"], ["0.71", "0.08", "0.30", "1.38"],
         {2: "carried", 3: "slip"}, {2: "carried", 3: "carried"})):
    ln = L(f"Position {pos}: [", 1, res8)
    P = [pe(pos, j, 512) for j in D8]
    e.given(ln, "embedding entries")
    for j in range(4):
        e.claim(ln, f"PE({pos}) operand, dim {D8[j]}", [ops[j]], [P[j]], cause=cops.get(j, "slip"))
    claimed.add(ln)
    for j in range(4):
        e.claim(ln + 1, f"embedding + PE({pos}), dim {D8[j]}", [sums[j]], [F[j] + P[j]], cause=csum.get(j, "slip"))
    claimed.add(ln + 1)
    if pos in (1, 2):
        q = L(f"× [{sums[0]}, {sums[1]}, {sums[2]}, ..., {sums[3]}]", 1, ln + 1)
        for j in range(4):
            e.claim(q, f"the position-{pos} sum repeated in the attention step, dim {D8[j]}", [sums[j]],
                    [F[j] + P[j]], cause="carried")
        claimed.add(q)

# --- every other line with digits: labels / configuration -----------------------------------------
for i, text in enumerate(e.lines, start=1):
    if i == 1 or i in claimed or i in e.verdicts:
        continue
    if re.search(r"\d", text):
        e.given(i, "label (position, dimension, section, file line) or configuration value")
e.done()
