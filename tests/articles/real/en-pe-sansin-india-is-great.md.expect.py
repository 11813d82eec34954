# Expected verdicts for en-pe-sansin-india-is-great.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: sinusoidal PE, PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(...), d_model = 4, so the
# frequencies are 1 and 1/100; positions 0, 1, 2.  Embeddings: [0.45, -0.32, 0.12, 0.99] in the first example;
# the table India [0.1, 0.3, 0.4, 0.5], is [0.2, 0.1, 0.6, 0.3], great [0.4, 0.3, 0.9, 0.1] in the second.
# Exact values: sin 1 = 0.841471, cos 1 = 0.540302, sin 0.01 = 0.00999983, cos 0.01 = 0.99995000042,
# sin 2 = 0.909297, cos 2 = -0.416147, sin 0.02 = 0.0199987, cos 0.02 = 0.999800007.
# Wrong lines:
# - "≈0.0.00999" (typo for 0.00999): sin 0.01 = 0.0099998 is 0.01000 at 5 places; 0.00999 is truncated -> slip.
# - "≈0.0.9999": cos 0.01 = 0.99995000042 rounds to 1.0000 at 4 places; 0.9999 is truncated -> slip.
# - PE(1) = [0.841, 0.540, 0.00999, 0.9999] repeats both -> carried; the first table's row 1 likewise -> carried.
# - "cos(2/100) ≈ -0.9988": cos 0.02 = +0.9998 -> slip.
# - First table row 2 [0.909, -0.4016, 0.02, 0.9908]: cos 2 = -0.4161, cos 0.02 = 0.9998 -> slip.
# - Sample table row 1 [0.84, 0.54, 0.009, 1.00]: 0.009 for sin 0.01 = 0.010 -> slip (truncation).
# - Sample table row 2 [1.82, -0.42, 0.018, 0.99]: sin 2 = 0.91 (1.82 is twice it), sin 0.02 = 0.020,
#   cos 0.02 = 0.9998 -> 1.00 -> slip.
# - '"great" ... [0.91 + 1.82, ...]' uses the wrong 1.82 -> carried.
# - Final table row "is": PE 0.00999 / 0.9999 carried, and the sums 0.60999 (exact 0.6099998 -> 0.61000) and 1.2999
#   (exact 1.29995000042 -> 1.3000) carried.
# Ambiguous: '"is" ... [0.22 + 0.84, 0.11 + 0.54, ...]' uses 0.22 and 0.11, which contradict the embedding table
# ("is" = [0.2, 0.1, ...]), and prints no result.  The "India" sum reuses [0.45, -0.32, 0.12, 0.99] from the first
# example instead of the table's [0.1, 0.3, 0.4, 0.5]; its arithmetic is right as printed -> ok.  The "great" line
# also uses 0.91 / -0.44 against the table's 0.4 / 0.3, but it is wrong anyway for its 1.82.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["pe", "sinusoidal", "latex-inline", "markdown-table"])
s, c = sp.sin, sp.cos
h = R(1, 100)


def pe(p):
    return [s(p), c(p), s(p * h), c(p * h)]


e.given(e.line("PE(pos, 2i) = \\sin"), "PE formula, even dims")
e.given(e.line("PE(pos, 2i + 1) = \\cos"), "PE formula, odd dims")
e.given(e.line("The author picks $d_{\\text{model}} = 4$"), "d_model = 4, three positions")
e.claim(e.line("PE(0)=[sin(0),cos(0),sin(0),cos(0)]=[0,1,0,1]"), "PE(0)", ["0", "1", "0", "1"], pe(0))
L = e.line("$$PE(1,0)=sin(1/10000^{0/4})")
e.claim(L, "PE(1,0) = sin 1", ["0", "4", "1", "0.841"], [0, 4, 1, s(1)])
L = e.line("$$PE(1,1)=cos(1/10000^{0/4})")
e.claim(L, "PE(1,1) = cos 1", ["0.540"], [c(1)])
L = e.line("$$PE(1,2)=sin(1/10000^{0.5})")
e.claim(L, "frequency exponent 2·1/4 and 10000^0.5 = 100", ["0.5", "100"], [R(1, 2), 100])
e.claim(L, "PE(1,2) = sin 0.01 (printed '0.0.00999'; 0.0099998 -> 0.01000)", ["0.00999"], [s(h)])
L = e.line("$$PE(1,3)=cos(1/10000^{0.5})")
e.claim(L, "PE(1,3) = cos 0.01 (printed '0.0.9999'; 0.99995000042 -> 1.0000)", ["0.9999"], [c(h)])
e.claim(e.line("\\large PE(1)=[0.841,0.540,0.00999,0.9999]"), "PE(1) restated",
        ["0.841", "0.540", "0.00999", "0.9999"], pe(1), cause="carried")
e.claim(e.line("$$sin(2) ≈ 0.909, cos(2) ≈ -0.416$$"), "sin 2, cos 2", ["0.909", "-0.416"], [s(2), c(2)])
L = e.line("$$sin(\\frac{2}{100}) ≈ 0.02, cos(\\frac{2}{100}) ≈ -0.9988$$")
e.claim(L, "sin 0.02", ["0.02"], [s(2 * h)])
e.claim(L, "cos 0.02 = +0.9998", ["-0.9988"], [c(2 * h)])
e.claim(e.line("\\large PE(2)=[0.909,−0.416,0.02,0.9998]"), "PE(2)", ["0.909", "−0.416", "0.02", "0.9998"], pe(2))
e.claim(e.line("| 0        | \\[0.0, 1.0, 0.0, 1.0]"), "table PE(0)", ["0.0", "1.0", "0.0", "1.0"], pe(0))
e.claim(e.line("| 1        | \\[0.84, 0.54, 0.00999, 0.9999]"), "table PE(1)", ["0.84", "0.54", "0.00999", "0.9999"],
        pe(1), cause="carried")
e.claim(e.line("| 2        | \\[0.909, -0.4016, 0.02, 0.9908]"), "table PE(2)", ["0.909", "-0.4016", "0.02", "0.9908"],
        pe(2))

e.given(e.line("**Embedding** = [0.45, -0.32, 0.12, 0.99]"), "embedding of India (first example)")
e.claim(e.line("**PositionalEncoding** = [0.0, 1.0, 0.0, 1.0]"), "PE(0)", ["0.0", "1.0", "0.0", "1.0"], pe(0))
emb1 = [R("0.45"), R("-0.32"), R("0.12"), R("0.99")]
e.claim(e.line("**FinalInput** = [0.45, 0.68, 0.12, 1.99]"), "embedding + PE(0)", ["0.45", "0.68", "0.12", "1.99"],
        [a + b for a, b in zip(emb1, pe(0))])

emb = {"India": [R("0.1"), R("0.3"), R("0.4"), R("0.5")], "is": [R("0.2"), R("0.1"), R("0.6"), R("0.3")],
       "great": [R("0.4"), R("0.3"), R("0.9"), R("0.1")]}
e.given(e.line("| India | \\[0.1, 0.3, 0.4, 0.5] |"), "embedding India")
e.given(e.line("| is    | \\[0.2, 0.1, 0.6, 0.3] |"), "embedding is")
e.given(e.line("| great | \\[0.4, 0.3, 0.9, 0.1] |"), "embedding great")
e.claim(e.line("| 0        | `[0.00, 1.00, 0.00, 1.00]`"), "sample PE(0)", ["0.00", "1.00", "0.00", "1.00"], pe(0))
e.claim(e.line("| 1        | `[0.84, 0.54, 0.009, 1.00]`"), "sample PE(1)", ["0.84", "0.54", "0.009", "1.00"], pe(1))
e.claim(e.line("| 2        | `[1.82, -0.42, 0.018, 0.99]`"), "sample PE(2)", ["1.82", "-0.42", "0.018", "0.99"], pe(2))

L = e.line("**[0.45,−0.32,0.12,0.99]+[0.00,1.00,0.00,1.00] = [0.45,0.68,0.12,1.99]**")
e.claim(L, "PE(0) and the sum with the printed operands", ["0.00", "1.00", "0.68", "1.99"],
        [0, 1, emb1[1] + 1, emb1[3] + 1])
L = e.line("* \"is\" at position 1 → `[0.22 + 0.84, 0.11 + 0.54, ...]`")
e.ambiguous(L, "0.22 and 0.11 contradict the table's embedding of 'is' [0.2, 0.1, ...] and no sum is printed "
               "(the PE values 0.84, 0.54 agree)")
L = e.line("* \"great\" at position 2 → `[0.91 + 1.82, -0.44 + (-0.42), ...]`")
e.ambiguous(L, "0.91 and -0.44 contradict the table's embedding of 'great' [0.4, 0.3, ...]")
e.claim(L, "PE(2,0), PE(2,1) from the sample table", ["1.82", "-0.42"], pe(2)[:2], cause="carried")

L = e.line("| India | \\[0.1, 0.3, 0.4, 0.5] | \\[0, 1, 0, 1]")
e.claim(L, "India: PE(0) and embedding + PE", ["0.1", "1.3", "0.4", "1.5"], [a + b for a, b in zip(emb["India"], pe(0))])
L = e.line("| is    | \\[0.2, 0.1, 0.6, 0.3] | \\[0.841")
e.claim(L, "is: PE(1)", ["0.841", "0.540", "0.00999", "0.9999"], pe(1), cause="carried")
e.claim(L, "is: embedding + PE(1)", ["1.041", "0.640", "0.60999", "1.2999"], [a + b for a, b in zip(emb["is"], pe(1))],
        cause="carried")
L = e.line("| great | \\[0.4, 0.3, 0.9, 0.1] | \\[0.909")
e.claim(L, "great: PE(2)", ["0.909", "-0.416", "0.02", "0.9998"], pe(2))
e.claim(L, "great: embedding + PE(2)", ["1.309", "-0.116", "0.92", "1.0998"], [a + b for a, b in zip(emb["great"], pe(2))])
e.done()
