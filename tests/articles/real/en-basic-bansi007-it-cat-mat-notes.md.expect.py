# Expected verdicts for en-basic-bansi007-it-cat-mat-notes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# q = [0.2, 0.8, 0.1, 0.5], k_cat = [0.3, 0.7, 0.2, 0.4], k_mat = [0.1, 0.2, 0.9, 0.3], d = 4.
# - q·k_cat = 0.06 + 0.56 + 0.02 + 0.20 = 0.84, printed 0.86 (slip); q·k_mat = 0.02 + 0.16 + 0.09 + 0.15 = 0.42,
#   printed 0.41 (slip).  Scaled 0.42 / 0.21, printed 0.43 / 0.205 (carried).  softmax([0.42, 0.21]) =
#   [0.5523, 0.4477], printed 0.56 / 0.44 (carried: right from the author's 0.43 / 0.205), restated in step 5 and in
#   "56% / 44%" (carried).  The average 0.5523·v_cat + 0.4477·v_mat = [0.6866, 0.3209, 0.4686, 0.6209]: 0.69, 0.32,
#   0.62 right, 0.46 wrong (carried; 0.47).
# - Positional encoding (first illustration, dims 2–3 at 10000^0.25): sin 0.1 = 0.0998 (0.1), cos 0.1 = 0.995004,
#   printed 0.99 (1.00 at two places: cut) -> slip.  The d_model = 4 example [0.84, 0.54, 0.01, 1.0] and
#   [0.91, -0.42, 0.02, 1.0] is right; the embedding + PE sums are right; 512 // 8 = 64.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "scaling", "softmax", "output", "pe"])
q = M([["0.2", "0.8", "0.1", "0.5"]])
kc = M([["0.3", "0.7", "0.2", "0.4"]])
km = M([["0.1", "0.2", "0.9", "0.3"]])
vc = M([["1.0", "0.5", "0.2", "0.8"]])
vm = M([["0.3", "0.1", "0.8", "0.4"]])
sc_cat, sc_mat = (q * kc.T)[0], (q * km.T)[0]
s = [sc_cat / 2, sc_mat / 2]
w = list(softmax_rows(sp.Matrix([s])))
out = w[0] * vc + w[1] * vm
for lab in ("Query (it):", "Key (cat):", "Key (mat):", "Value (cat):", "Value (mat):"):
    e.given(e.line(lab), "vector")
e.claim(e.line("Similarity to cat = Query · Key_cat"), "q·k_cat (0.84)", "0.86", sc_cat)
e.claim(e.line("Similarity to mat = Query · Key_mat"), "q·k_mat (0.42)", "0.41", sc_mat)
e.claim(e.line("d = 4 (vector length), so √d = 2"), "sqrt(4)", "2", sp.sqrt(4))
e.claim(e.line("Scaled similarity to cat = 0.86 / 2 = 0.43"), "scaled cat (0.42)", ["0.86", "0.43"], [sc_cat, s[0]],
        cause="carried")
e.claim(e.line("Scaled similarity to mat = 0.41 / 2 = 0.205"), "scaled mat (0.21)", ["0.41", "0.205"], [sc_mat, s[1]],
        cause="carried")
e.claim(e.line("Probability of attending to cat ="), "softmax cat (0.5523)", ["0.43", "0.205", "0.56"],
        [s[0], s[1], w[0]], cause="carried")
e.claim(e.line("Probability of attending to mat ="), "softmax mat (0.4477)", ["0.205", "0.43", "0.44"],
        [s[1], s[0], w[1]], cause="carried")
e.claim(e.line("Final representation = 0.56 × Value_cat"), "weights restated", ["0.56", "0.44"], w, cause="carried")
e.claim(e.line("= 0.56 × [1.0, 0.5, 0.2, 0.8] + 0.44 × [0.3, 0.1, 0.8, 0.4]"), "weights restated", ["0.56", "0.44"], w,
        cause="carried")
e.claim(e.line("= [0.69, 0.32, 0.46, 0.62]"), "weighted average ([0.6866, 0.3209, 0.4686, 0.6209])",
        ["0.69", "0.32", "0.46", "0.62"], list(out), cause="carried")
e.claim(e.line('"it" refers more to "cat" (56%) than "mat" (44%)'), "weights in percent", ["56%", "44%"], w,
        cause="carried")
L = e.line("Position 0: [sin(0/10000^0)")
e.given(L, "position 0 formula")
e.claim(L + 1, "PE(0)", ["0", "1", "0", "1"], [0, 1, 0, 1])
L = e.line("Position 1: [sin(1/10000^0)")
e.given(L, "position 1 formula")
a = 1 / sp.Integer(10000) ** R(1, 4)
e.claim(L + 1, "PE(1) with the stated 10000^0.25 (cos 0.1 = 0.995)", ["0.84", "0.54", "0.1", "0.99"],
        [sp.sin(1), sp.cos(1), sp.sin(a), sp.cos(a)])
L = e.line('"The" → [0.1, 0.3, 0.2]')
e.claim(L, "embedding + PE", ["0.1", "1.3", "0.2"], [R(1, 10), R(13, 10), R(2, 10)])
e.claim(L + 1, "embedding + PE", ["1.34", "0.64", "0.9"], [R(134, 100), R(64, 100), R(9, 10)])
e.claim(L + 2, "embedding + PE", ["1.11", "0.48", "0.3"], [R(111, 100), R(48, 100), R(3, 10)])
e.claim(e.line("Position 0: [sin(0/1), cos(0/1)"), "PE(0), d_model 4", ["0", "1", "0", "1"], [0, 1, 0, 1])
e.claim(e.line("Position 1: [sin(1/1), cos(1/1)"), "PE(1), d_model 4", ["0.84", "0.54", "0.01", "1.0"],
        [sp.sin(1), sp.cos(1), sp.sin(R(1, 100)), sp.cos(R(1, 100))])
e.claim(e.line("Position 2: [sin(2/1), cos(2/1)"), "PE(2), d_model 4", ["0.91", "-0.42", "0.02", "1.0"],
        [sp.sin(2), sp.cos(2), sp.sin(R(2, 100)), sp.cos(R(2, 100))])
e.claim(e.line('"Each head processes 512//8 = 64 dimensions"'), "512 // 8", "64", R(512, 8))
e.done()
