# Expected verdicts for en-pe-gouravd-lesson4-sinusoid-wavelengths.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A self-study lesson on sinusoidal positional encoding, PE(pos, 2i) = sin(pos / 10000^(2i/d_model)),
# PE(pos, 2i+1) = cos(...): a d_model = 4, max_len = 8 table printed as the "output" of a loop, wavelengths
# 2π·10000^(2i/d_model) of dimension pairs for d_model = 512 (in a notes fence and in a worked practice problem).
# Inputs: the formula, d_model = 4 / max_len = 8 for the table, d_model = 512 for the wavelengths.
# Exact values:
#   Table (formula reading: dims 0-1 use 10000^0 = 1, dims 2-3 use 10000^(2/4) = 100): sin 1 = 0.8415, cos 1 = 0.5403,
#     sin 2 = 0.9093, cos 2 = -0.4161, sin 3 = 0.1411, cos 3 = -0.9900, sin 4 = -0.7568, cos 4 = -0.6536,
#     sin 5 = -0.9589, cos 5 = 0.2837, sin 6 = -0.2794, cos 6 = 0.9602, sin 7 = 0.6570, cos 7 = 0.7539,
#     sin(pos/100) = 0.0100 ... 0.0699, cos(pos/100) = 0.99995 ... 0.99755 -> every entry agrees at 2 places.
#   But the loop the table is printed as the output of uses denominator 10000^((2*i)/d_model) with i = 0, 2 (the
#     column index, not the pair index), i.e. 10000^(4/4) = 10000 for columns 2-3, whose sin(pos/10000) = 0.0001..0.0007
#     prints 0.00.  Column Dim2 of rows 1-7 (0.01 ... 0.07) is right under the stated formula and wrong under the
#     code it is shown as the output of -> those seven rows are ambiguous (the other entries agree under both).
#   Wavelengths for d_model = 512: 2π·10000^(0/512) = 2π = 6.283 ("every ~6 positions", "≈ 6.28": ok);
#     2π·10000^(10/512) = 2π·1.19715 = 7.522 = 2.394π, printed "~8π" -> wrong (slip);
#     2π·10000^(510/512) = 2π·9646.6 = 60,611.7, printed "≈ 62,832" (that is 2π·10000) -> wrong (slip);
#     λ_max = 2π × 10000 = 62,831.85 ≈ 62,832 -> ok;  2π·10000^(256/512) = 2π·100 = 628.3 ≈ 628 -> ok;
#     510/512 = 0.99609 -> 0.996 ok; 10000^(510/512) = 9646.6, printed 9886 -> wrong (slip);
#     2π·9646.6 = 60,611.7, printed 62,095 (which is not 2π·9886 = 62,115 either) -> wrong (slip).
# Ambiguous: the clock analogy ("every 2 / 4 / 8 / 10000 positions": no stated mapping from hands to dimension pairs,
#   and the formula's wavelengths are 2π·10000^(2i/d), none of them 2, 4 or 8); "up to ~60k tokens" (a loose bound
#   under the 62,832 just printed); the seven table rows above.
# Every other line with digits states the formula, the sizes, code, labels or made-up embedding values: given.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["pe", "sinusoidal", "plain-fence", "code"])
L = e.line
pi = sp.pi
TEN4 = sp.Integer(10000)


def wl(k, d):          # wavelength of the pair (k, k+1): 2π·10000^(k/d)
    return 2 * pi * TEN4 ** R(k, d)


# --- the idea -----------------------------------------------------------------------------------
e.given(L("# Lesson 4: Positional Encoding"), "lesson number")
e.given(L('word_embedding["cat"] = [0.2, 0.8, 0.3, ...]'), "made-up embedding values")
for needle in ('# Position 0: "The"', "positional_encoding(0)", '# Position 1: "cat"', "positional_encoding(1)",
               '# Position 2: "sat"', "positional_encoding(2)", '# Now "cat" at position 1 is different'):
    e.given(L(needle), "position labels")

# --- formula ------------------------------------------------------------------------------------
e.given(L("PE(pos, 2i) = sin(pos / 10000^(2i/d_model))"), "formula")
e.given(L("PE(pos, 2i+1) = cos(pos / 10000^(2i/d_model))"), "formula")
e.given(L("- pos = position in sequence (0, 1, 2, ...)"), "symbol legend")
e.given(L("- i = dimension index (0, 1, 2, ..., d_model/2)"), "symbol legend")
for needle in ("Hand 1 (fast):  completes circle every 2 positions", "Hand 2:         completes circle every 4 positions",
               "Hand 3:         completes circle every 8 positions", "Hand n (slow):  completes circle every 10000 positions"):
    e.ambiguous(L(needle), "clock analogy: no mapping from hands to dimension pairs is stated; the formula's wavelengths "
                           "are 2π·10000^(2i/d_model), none of them 2, 4 or 8 positions")
e.given(L("every value stays within -1 and 1"), "range of sin/cos")

# --- the d_model = 4 table ------------------------------------------------------------------------
e.given(L("### Example: d_model = 4, max_length = 8"), "sizes")
for needle in ("for i in range(0, d_model, 2):", "denominator = np.power(10000, (2 * i) / d_model)",
               "if i + 1 < d_model:", "PE[pos, i + 1] = np.cos(pos / denominator)",
               "PE = get_positional_encoding(max_len=8, d_model=4)"):
    e.given(L(needle), "code")
e.claim(L('print("Shape:", PE.shape)  # (8, 4)'), "shape comment (max_len, d_model)", ["8", "4"], [8, 4])
e.given(L("Position  Dim0(sin)  Dim1(cos)  Dim2(sin)  Dim3(cos)"), "column labels")


def pe(pos, dim, d=4):
    k = dim - dim % 2
    a = pos * TEN4 ** (-R(k, d))
    return sp.sin(a) if dim % 2 == 0 else sp.cos(a)


hdr = L("Position  Dim0(sin)  Dim1(cos)  Dim2(sin)  Dim3(cos)")
for pos in range(8):
    ln = hdr + 1 + pos
    t = e.lines[ln - 1].split()
    assert t[0] == str(pos), (ln, t)
    if pos == 0:
        e.claim(ln, "PE(0), d = 4", t[1:], [pe(0, j) for j in range(4)])
        continue
    e.claim(ln, f"PE({pos}) dims 0, 1, 3, d = 4", [t[1], t[2], t[4]], [pe(pos, 0), pe(pos, 1), pe(pos, 3)])
    e.claim(ln, f"PE({pos}) dim 2 under the stated formula (10000^(2/4) = 100)", [t[3]], [pe(pos, 2)])
    e.ambiguous(ln, f"Dim2 = {t[3]} follows the formula, but the loop it is printed as the output of uses "
                    f"10000^((2*2)/4) = 10000 for columns 2-3, giving sin({pos}/10000) = "
                    f"{sp.N(sp.sin(R(pos, 10000)), 3)}, which prints 0.00")
    e._entry(ln)["verdict"] = "ambiguous"
e.given(L("- Values oscillate between -1 and 1"), "range of sin/cos")

# --- wavelengths, d_model = 512 -----------------------------------------------------------------------
e.given(L("For d_model = 512:"), "d_model = 512")
for needle in ("Dimension 0-1:", "Dimension 10-11:", "Dimension 510-511:"):
    e.given(L(needle), "dimension pair label")
e.claim(L("- Wavelength = 2π × 10000^(0/512) = 2π"), "wavelength of dims 0-1 in units of π", ["2"], [2])
e.claim(L("(every ~6 positions)"), "2π ≈ 6 positions", ["6"], [2 * pi], rounded_int=True)
e.claim(L("- Wavelength = 2π × 10000^(10/512) = ~8π"), "wavelength of dims 10-11 in units of π (2·10000^(10/512))",
        ["8"], [2 * TEN4 ** R(10, 512)], rounded_int=True)
number_claim(e, L("- Wavelength = 2π × 10000^(510/512) ≈ 62,832"), "wavelength of dims 510-511", "62,832",
             wl(510, 512))

# --- why it works -------------------------------------------------------------------------------------
for needle in ("PE(pos + k, 2i) = sin((pos + k) / 10000^(2i/d))", "= sin(pos/10000^(2i/d)) * cos(k/10000^(2i/d))",
               "+ cos(pos/10000^(2i/d)) * sin(k/10000^(2i/d))", "= A * PE(pos, 2i) + B * PE(pos, 2i+1)"):
    e.given(L(needle), "addition theorem (symbolic)")
e.given(L("-1 ≤ sin(x) ≤ 1"), "bound")
e.given(L("-1 ≤ cos(x) ≤ 1"), "bound")
e.given(L("# Values never explode (unlike simple indexing: 0, 1, 2, ..., 10000)"), "illustrative indices")
e.given(L("# Wavelength of slowest dimension (d_model=512):"), "d_model = 512")
number_claim(e, L("λ_max = 2π × 10000 ≈ 62,832 positions"), "2π × 10000", "62,832", 2 * pi * TEN4)
e.ambiguous(L("# For sequences up to ~60k tokens, every position is unique!"),
            "a loose bound under the 62,832 just printed (and above the slowest pair's exact 60,611.7); no computation stated")
e.given(L("# (GPT-3 max context: 2048 tokens - well within limits)"), "model fact")

# --- practice problem ------------------------------------------------------------------------------
e.given(L("### Problem 1: Calculate Wavelengths"), "problem number")
e.given(L("With d_model = 512, work out the wavelength of:"), "d_model = 512")
for needle in ("1. Dimensions 0-1 (fastest)", "2. Dimensions 256-257 (middle)", "3. Dimensions 510-511 (slowest)",
               "1. Dimensions 0-1:", "2. Dimensions 256-257:", "3. Dimensions 510-511:"):
    e.given(L(needle), "dimension pair label")
e.given(L("Formula: wavelength = 2π × 10000^(2i/d_model)"), "formula")
ln = L("wavelength = 2π × 10000^(0/512) = 2π × 1 ≈ 6.28 positions")
e.claim(ln, "10000^0 and 2π", ["1", "6.28"], [TEN4 ** 0, 2 * pi])
ln = L("wavelength = 2π × 10000^(256/512) = 2π × 10000^0.5")
e.claim(ln, "256/512", ["0.5"], [R(256, 512)])
ln = L("= 2π × 100 ≈ 628 positions")
e.claim(ln, "10000^0.5", ["100"], [sp.sqrt(TEN4)])
e.claim(ln, "2π × 100", ["628"], [wl(256, 512)], rounded_int=True)
ln = L("wavelength = 2π × 10000^(510/512) = 2π × 10000^0.996")
e.claim(ln, "510/512", ["0.996"], [R(510, 512)])
ln = L("≈ 2π × 9886 ≈ 62,095 positions")
e.claim(ln, "10000^(510/512)", ["9886"], [TEN4 ** R(510, 512)], rounded_int=True)
number_claim(e, ln, "2π·10000^(510/512)", "62,095", wl(510, 512))
e.done()
