# Expected verdicts for en-pe-siddiquiduet-sinusoidal-guide.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: PE(pos, 2i) = sin(pos / 10000^(2i/d_model)), PE(pos, 2i+1) = cos(...), d_model = 512 (the notes' formula).
# - sin/cos of 1, 2, 3 (pair 0) are right.
# - The divisor of pair 1 is 10000^(2/512) = 1.0366, of pair 2 10000^(4/512) = 1.0746; the notes write 2.5 and 6.3
#   (these are 10000^(2/20) and 10000^(4/20), i.e. d_model = 20): slip where first written, carried afterwards.
#   PE(1,2..5) and PE(2,2..3) follow from 2.5 / 6.3 (carried; exact 0.822, 0.570, 0.802, 0.597, 0.936, -0.351);
#   PE(2,3) = cos(0.8) is 0.697, so the printed 0.696 is a slip even from the author's 2.5.
# - The illustrative rows for positions 20, 21 and 80 are read as PE values with d_model = 512: only sin(20),
#   cos(20) and sin(80) agree (slip elsewhere).  The "sinusoidal pattern" [~0.84, ..., ~0.16] is the author's PE(1)
#   (pairs 1-2 carried) and the sum with the word embedding carries it.
# - "sin(pos/10000)" for pair 256: the last divisor is 10000^(510/512) = 9647; prose rounds it -> ambiguous.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, number_claim

e = Expect(__file__, language="en", topics=["positional-encoding", "sinusoidal", "code-block"])
D = 512


def div(i):
    """Divisor 10000^(2i/d_model) of pair i."""
    return sp.Integer(10000) ** R(2 * i, D)


def pe(pos, dim):
    i = dim // 2
    ang = sp.Integer(pos) / div(i)
    return sp.sin(ang) if dim % 2 == 0 else sp.cos(ang)


def row(pos, n):
    return [pe(pos, k) for k in range(n)]


for p, s in ((1, "0.841"), (2, "0.909"), (3, "0.141")):
    e.claim(e.line(f"Position {p}: sin({p}) = {s}"), f"sin({p})", [s], [sp.sin(p)])
for p, pr in ((1, ["0.841", "0.540"]), (2, ["0.909", "-0.416"]), (3, ["0.141", "-0.990"])):
    e.claim(e.line(f"Position {p}: [sin({p}), cos({p})] = "), f"[sin({p}), cos({p})]", pr, [sp.sin(p), sp.cos(p)])

L = e.line("Position encoding = 512 dimensions from 256 pairs:")
number_claim(e, L, "512 / 2 pairs", "256", sp.Integer(D) / 2)
e.claim(e.line(" sin(pos/2.5), cos(pos/2.5),"), "divisor of pair 2 (i = 1): 10000^(2/512)", ["2.5"], [div(1)])
e.claim(e.line(" sin(pos/6.3), cos(pos/6.3),"), "divisor of pair 3 (i = 2): 10000^(4/512)", ["6.3"], [div(2)])
e.ambiguous(e.line(" sin(pos/10000), cos(pos/10000)] ← Very low (pair 256)"),
            "the last pair's divisor is 10000^(510/512) = 9647; 'pos/10000' reads as the usual rounded limit")

e.given(e.line("- d_model = 512 (embedding dimension)"), "d_model = 512")
e.claim(e.line("PE[0, even_indices] = sin(0 / 10000^(...)) = sin(0) = 0"), "sin(0)", ["0"], [sp.Integer(0)])
e.claim(e.line("PE[0, odd_indices]  = cos(0 / 10000^(...)) = cos(0) = 1"), "cos(0)", ["1"], [sp.Integer(1)])
e.claim(e.line("[0, 1, 0, 1, 0, 1, 0, 1, ..., 0, 1]"), "PE(0) pattern", ["0", "1"] * 5, row(0, 8) + row(0, 2))

e.claim(e.line("PE(1,0) = sin(1/10000^0) = sin(1) = 0.841"), "PE(1,0)", ["0.841"], [pe(1, 0)])
e.claim(e.line("PE(1,1) = cos(1/10000^0) = cos(1) = 0.540"), "PE(1,1)", ["0.540"], [pe(1, 1)])
L = e.line("PE(1,2) = sin(1/10000^(2/512)) = sin(1/2.5) = 0.389")
e.claim(L, "10000^(2/512) restated", ["2.5"], [div(1)], cause="carried")
e.claim(L, "PE(1,2)", ["0.389"], [pe(1, 2)], cause="carried")
L = e.line("PE(1,3) = cos(1/10000^(2/512)) = cos(1/2.5) = 0.921")
e.claim(L, "10000^(2/512) restated", ["2.5"], [div(1)], cause="carried")
e.claim(L, "PE(1,3)", ["0.921"], [pe(1, 3)], cause="carried")
L = e.line("PE(1,4) = sin(1/10000^(4/512)) = sin(1/6.3) = 0.158")
e.claim(L, "10000^(4/512) restated", ["6.3"], [div(2)], cause="carried")
e.claim(L, "PE(1,4)", ["0.158"], [pe(1, 4)], cause="carried")
L = e.line("PE(1,5) = cos(1/10000^(4/512)) = cos(1/6.3) = 0.987")
e.claim(L, "10000^(4/512) restated", ["6.3"], [div(2)], cause="carried")
e.claim(L, "PE(1,5)", ["0.987"], [pe(1, 5)], cause="carried")

e.claim(e.line("PE(2,0) = sin(2) = 0.909"), "PE(2,0)", ["0.909"], [pe(2, 0)])
e.claim(e.line("PE(2,1) = cos(2) = -0.416"), "PE(2,1)", ["-0.416"], [pe(2, 1)])
L = e.line("PE(2,2) = sin(2/2.5) = 0.717")
e.claim(L, "divisor 2.5 restated", ["2.5"], [div(1)], cause="carried")
e.claim(L, "PE(2,2)", ["0.717"], [pe(2, 2)], cause="carried")
L = e.line("PE(2,3) = cos(2/2.5) = 0.696")
e.claim(L, "divisor 2.5 restated", ["2.5"], [div(1)], cause="carried")
e.claim(L, "PE(2,3) (cos 0.8 = 0.697 even from the author's 2.5)", ["0.696"], [pe(2, 3)])

L = e.line("Position 20: [0.91, 0.41, 0.83, 0.55, ...]")
e.claim(L, "PE(20) dims 0-1", ["0.91", "0.41"], row(20, 2))
e.claim(L, "PE(20) dims 2-3", ["0.83", "0.55"], [pe(20, 2), pe(20, 3)])
L = e.line("Position 21: [0.89, 0.45, 0.83, 0.56, ...]")
e.claim(L, "PE(21) dims 0-3", ["0.89", "0.45", "0.83", "0.56"], row(21, 4))
L = e.line("Position 20: [0.91, 0.41, 0.83, 0.55, 0.72, ...]")
e.claim(L, "PE(20) dims 0-1", ["0.91", "0.41"], row(20, 2))
e.claim(L, "PE(20) dims 2-4", ["0.83", "0.55", "0.72"], [pe(20, 2), pe(20, 3), pe(20, 4)])
L = e.line("Position 80: [-0.99, 0.14, 0.15, -0.98, -0.66, ...]")
e.claim(L, "PE(80) dim 0", ["-0.99"], [pe(80, 0)])
e.claim(L, "PE(80) dims 1-4", ["0.14", "0.15", "-0.98", "-0.66"], [pe(80, k) for k in range(1, 5)])

L = e.line("PE(20) × T(5) = PE(25) ✓")
number_claim(e, L, "20 + 5", "25", sp.Integer(25))
L = e.line("PE(100) × T(5) = PE(105) ✓")
number_claim(e, L, "100 + 5", "105", sp.Integer(105))

L = e.line("Concatenated: [1024 dims]")
number_claim(e, L, "512 + 512", "1024", sp.Integer(1024))
L = e.line("- 2× parameters per attention head!")
number_claim(e, L, "(1024 x 64) / (512 x 64)", "2", R(1024 * 64, 512 * 64))

pe1 = row(1, 5)
L = e.line("[~0.84, ~0.54, ~0.39, ~0.92, ~0.16, ...]")
e.claim(L, "pattern = PE(1) dims 0-1", ["0.84", "0.54"], pe1[:2])
e.claim(L, "pattern = PE(1) dims 2-4 (from 2.5 and 6.3)", ["0.39", "0.92", "0.16"], pe1[2:], cause="carried")
emb = ["2.3", "-1.7", "0.9", "-3.2", "1.5"]
e.given(e.line("[2.3, -1.7, 0.9, -3.2, 1.5, ...]"), "word embedding")
summed = [R(x) + y for x, y in zip(emb, pe1)]
L = e.line("[3.14, -1.16, 1.29, -2.28, 1.66, ...]")
e.claim(L, "embedding + PE(1), dims 0-1", ["3.14", "-1.16"], summed[:2])
e.claim(L, "embedding + PE(1), dims 2-4", ["1.29", "-2.28", "1.66"], summed[2:], cause="carried")
e.done()
