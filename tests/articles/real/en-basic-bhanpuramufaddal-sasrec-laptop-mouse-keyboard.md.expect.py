# Expected verdicts for en-basic-bhanpuramufaddal-sasrec-laptop-mouse-keyboard.md, computed with plain SymPy (see
# oracle.py); not symattn's code.
# Course notes, week 6 of a recommendation-systems course (commit 04c09bd): self-attention for SASRec worked by hand
# on three items, a scaling demo, sinusoidal PE at positions 0 and 1, a causal-mask softmax and a t^2 memory table.
# Inputs: E rows laptop [1.0, 0.5, 0.2, 0.8], mouse [0.9, 0.6, 0.3, 0.7], keyboard [0.8, 0.7, 0.2, 0.6];
#   W_Q = W_K = W_V = I, d = 4 (scale 1/2); demo scores [32.5, -28.3, 45.1, -15.7], d = 64 (scale 1/8);
#   causal-mask scores rows [2.1], [1.9, 2.3], [1.6, 1.8, 2.0], [1.4, 1.6, 1.7, 1.9]; float32 = 4 bytes.
# Exact values: QK^T = [[1.93, 1.82, 1.67], [1.82, 1.75, 1.62], [1.67, 1.62, 1.53]], /2 = [[0.965, 0.91, 0.835],
#   [0.91, 0.875, 0.81], [0.835, 0.81, 0.765]]; exp(0.965) = 2.624788, exp(0.91) = 2.484323, exp(0.835) = 2.304814,
#   sum 7.413924; softmax rows [0.354035, 0.335089, 0.310876], [0.348378, 0.336396, 0.315226],
#   [0.343914, 0.335423, 0.320663]; output rows [0.904316, 0.595684, 0.233509, 0.704316],
#   [0.903315, 0.596685, 0.233640, 0.703315], [0.902325, 0.597675, 0.233542, 0.702325].
#   Demo: softmax(unscaled) = [3.4e-6, 2e-32, 0.9999966, 5e-27]; /8 = [4.0625, -3.5375, 5.6375, -1.9625];
#   softmax(scaled) = [0.171419, 0.000086, 0.828081, 0.000414].
#   PE: sin 1 = 0.841471, cos 1 = 0.540302, sin 0.01 = 0.0099998, cos 0.01 = 0.99995000 (1.0000 at 4 places).
#   Mask softmax: [1], [0.401312, 0.598688], [0.269307, 0.328933, 0.401760], [0.191572, 0.233986, 0.258594, 0.315848].
#   Table: t^2 and 4 t^2 bytes (decimal units, fixed by the first row: 10,000 B = 10 KB).
# Wrong lines:
#   - demo "After softmax: [0.0001, 0.0000, 0.9999, 0.0000]" (slip): exact [0.0000, 0.0000, 1.0000, 0.0000].
#   - demo "After softmax: [0.12, 0.01, 0.85, 0.02]" (slip): exact [0.17, 0.00, 0.83, 0.00].
#   - mouse row "[0.344, 0.333, 0.323]" (slip): exact [0.348, 0.336, 0.315]; keyboard row "[0.340, 0.332, 0.328]"
#     (slip): exact [0.344, 0.335, 0.321]; both repeated in the weights matrix (carried).
#   - laptop output "[0.905, 0.596, 0.234, 0.705]" (drift): the sum of the rounded terms; exact 0.904 and 0.704 in
#     the first and last places (the terms themselves are all right); repeated twice below (carried).
#   - mouse output "[0.899, 0.602, 0.237, 0.698]" (slip): exact [0.903, 0.597, 0.234, 0.703] (no reading of the
#     printed weights gives these either); keyboard output "[0.893, 0.608, 0.239, 0.691]" (slip): exact
#     [0.902, 0.598, 0.234, 0.702]; both repeated in the after-attention block (carried).
#   - "(35% weight)" (slip): the keyboard's weight on the laptop is 34.4% (0.340 as printed); "(33% weight)" for the
#     mouse (exact 33.5%) and for the keyboard (exact 32.1%) are carried from the wrong keyboard row.
#   - "cos(0.01) = 0.9999" (slip, truncated): 0.99995000 rounds to 1.0000; repeated in p_1 (carried).
#   - mask rows Item3 "[0.268, 0.327, 0.405, 0.000]" (slip): exact [0.269, 0.329, 0.402]; Item4
#     "[0.182, 0.222, 0.246, 0.350]" (slip): exact [0.192, 0.234, 0.259, 0.316].
# Ambiguous: none. Illustrative numbers (head patterns, the 0.03, the short/long attention rows, 0.9 * log) are given.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="en", topics=["basic", "mask", "pe", "complexity", "code-blocks"])
L = e.line
num = lambda *a, **k: number_claim(e, *a, **k)

# --- scaling demo -------------------------------------------------------------------------------------
e.given(L("(d=64):"), "d = 64")
e.given(L("Each entry of $QK^T$ is sum of 64 products"), "64 products")
e.claim(L("the sum has variance ~64"), "variance of a sum of 64 unit-variance products", ["1", "64"], [1, 64])
raw = M([["32.5", "-28.3", "45.1", "-15.7"]])
e.given(L("Scores might be: [32.5"), "illustrative unscaled scores")
e.claim(L("After softmax: [0.0001"), "softmax of unscaled scores", ["0.0001", "0.0000", "0.9999", "0.0000"],
        softmax_rows(raw), cause="slip")
e.claim(L("(divide by $\\sqrt{64} = 8$)"), "sqrt(64)", ["8"], [8])
scaled = raw / 8
e.claim(L("Scores become: [4.06"), "scores / 8", ["4.06", "-3.54", "5.64", "-1.96"], scaled)
e.claim(L("After softmax: [0.12"), "softmax of scaled scores", ["0.12", "0.01", "0.85", "0.02"],
        softmax_rows(scaled), cause="slip")

# --- the three-item example -----------------------------------------------------------------------------
E = M([["1.0", "0.5", "0.2", "0.8"], ["0.9", "0.6", "0.3", "0.7"], ["0.8", "0.7", "0.2", "0.6"]])
e.given(L("e_laptop   = [1.0"), "laptop embedding")
e.given(L("e_mouse    = [0.9"), "mouse embedding")
e.given(L("e_keyboard = [0.8"), "keyboard embedding")
ln = L("E = [[1.0, 0.5, 0.2, 0.8]")
for i in range(3):
    e.given(ln + i, "E restated")
e.given(L("(d=4 to keep it small)"), "d = 4")
e.given(L("E** (3 x 4)"), "shape 3 x 4")
e.given(L("W_Q = W_K = W_V = I (4x4 identity)"), "identity projections")
ln = L("Q = K = V = [[1.0, 0.5")
for i in range(3):
    e.given(ln + i, "Q = K = V = E restated")

S = E * E.T
ln = L("Laptop-Laptop: $1.0")
e.claim(ln, "laptop.laptop", ["1.0", "0.25", "0.04", "0.64", "1.93"], [1, R(1, 4), R(1, 25), R(16, 25), S[0, 0]])
ln = L("Laptop-Mouse: $1.0")
e.claim(ln, "laptop.mouse", ["0.9", "0.3", "0.06", "0.56", "1.82"],
        [R(9, 10), R(3, 10), R(3, 50), R(14, 25), S[0, 1]])
ln = L("Laptop-Keyboard: $1.0")
e.claim(ln, "laptop.keyboard", ["0.8", "0.35", "0.04", "0.48", "1.67"],
        [R(4, 5), R(7, 20), R(1, 25), R(12, 25), S[0, 2]])
e.claim(L("Mouse-Laptop: $\\mathbf{1.82}"), "mouse.laptop", ["1.82"], [S[1, 0]])
ln = L("Mouse-Mouse: $0.9^2")
e.claim(ln, "mouse.mouse", ["0.81", "0.36", "0.09", "0.49", "1.75"],
        [R(81, 100), R(36, 100), R(9, 100), R(49, 100), S[1, 1]])
ln = L("Mouse-Keyboard: $0.9")
e.claim(ln, "mouse.keyboard", ["0.72", "0.42", "0.06", "0.42", "1.62"],
        [R(72, 100), R(42, 100), R(6, 100), R(42, 100), S[1, 2]])
e.claim(L("Keyboard-Laptop: $\\mathbf{1.67}"), "keyboard.laptop", ["1.67"], [S[2, 0]])
e.claim(L("Keyboard-Mouse: $\\mathbf{1.62}"), "keyboard.mouse", ["1.62"], [S[2, 1]])
ln = L("Keyboard-Keyboard: $0.8^2")
e.claim(ln, "keyboard.keyboard", ["0.64", "0.49", "0.04", "0.36", "1.53"],
        [R(64, 100), R(49, 100), R(4, 100), R(36, 100), S[2, 2]])
ln = L("Laptop      [[ 1.93")
e.rows([ln, ln + 1, ln + 2], "QK^T", [["1.93", "1.82", "1.67"], ["1.82", "1.75", "1.62"], ["1.67", "1.62", "1.53"]], S)
e.claim(L("Laptop-Laptop (1.93)"), "largest score", ["1.93"], [S[0, 0]])
e.claim(L("$$\\sqrt{d} = \\sqrt{4} = 2$$"), "sqrt(4)", ["4", "2"], [4, 2])
Sc = S / 2
ln = L("Laptop      [[ 0.965")
e.rows([ln, ln + 1, ln + 2], "QK^T / 2",
       [["0.965", "0.910", "0.835"], ["0.910", "0.875", "0.810"], ["0.835", "0.810", "0.765"]], Sc)

P = softmax_rows(Sc)
ex = [sp.exp(Sc[0, j]) for j in range(3)]
e.claim(L("$\\exp(0.965) = 2.625$"), "exp(0.965)", ["0.965", "2.625"], [Sc[0, 0], ex[0]])
e.claim(L("$\\exp(0.910) = 2.484$"), "exp(0.910)", ["0.910", "2.484"], [Sc[0, 1], ex[1]])
e.claim(L("$\\exp(0.835) = 2.305$"), "exp(0.835)", ["0.835", "2.305"], [Sc[0, 2], ex[2]])
e.claim(L("Sum = 7.414"), "sum of exps", ["7.414"], [sum(ex)])
ln = L("Softmax: $[2.625/7.414")
e.claim(ln, "laptop softmax (ratios restate the exps)", ["2.625", "7.414", "2.484", "7.414", "2.305", "7.414"],
        [ex[0], sum(ex), ex[1], sum(ex), ex[2], sum(ex)])
e.claim(ln, "laptop softmax", ["0.354", "0.335", "0.311"], P.row(0))
e.claim(L("Softmax: $\\mathbf{[0.344"), "mouse softmax", ["0.344", "0.333", "0.323"], P.row(1), cause="slip")
e.claim(L("Softmax: $\\mathbf{[0.340"), "keyboard softmax", ["0.340", "0.332", "0.328"], P.row(2), cause="slip")
ln = L("Laptop      [[ 0.354")
e.rows([ln, ln + 1, ln + 2], "attention weights",
       [["0.354", "0.335", "0.311"], ["0.344", "0.333", "0.323"], ["0.340", "0.332", "0.328"]], P,
       causes={1: "carried", 2: "carried"})

O = P * E
ln = L("$$\\mathbf{h}_{laptop} = 0.354")
e.claim(ln, "laptop weights restated", ["0.354", "0.335", "0.311"], P.row(0))
ln = L("$$= 0.354 \\times [1.0")
e.claim(ln, "laptop weights and values restated", ["0.354", "0.335", "0.311"], P.row(0))
e.given(ln, "value vectors restated")
ln = L("$$= [0.354, 0.177")
terms = [P[0, j] * E[j, k] for j in range(3) for k in range(4)]
e.claim(ln, "weighted value terms", ["0.354", "0.177", "0.071", "0.283", "0.302", "0.201", "0.101", "0.235",
                                     "0.249", "0.218", "0.062", "0.187"], terms)
e.claim(L("$$= \\mathbf{[0.905"), "laptop output", ["0.905", "0.596", "0.234", "0.705"], O.row(0), cause="drift")
ln = L("Output = [[0.905")
e.rows([ln, ln + 1, ln + 2], "outputs",
       [["0.905", "0.596", "0.234", "0.705"], ["0.899", "0.602", "0.237", "0.698"],
        ["0.893", "0.608", "0.239", "0.691"]], O, causes={0: "carried", 1: "slip", 2: "slip"})
e.given(L("Laptop:   [1.0, 0.5"), "embedding restated")
e.given(L("Mouse:    [0.9, 0.6"), "embedding restated")
e.given(L("Keyboard: [0.8, 0.7"), "embedding restated")
ln = L("Laptop:   [0.905")
e.rows([ln, ln + 1, ln + 2], "outputs restated",
       [["0.905", "0.596", "0.234", "0.705"], ["0.899", "0.602", "0.237", "0.698"],
        ["0.893", "0.608", "0.239", "0.691"]], O, cause="carried")
e.claim(L("(35% weight)"), "keyboard's weight on the laptop", ["35%"], [P[2, 0]], cause="slip")
e.claim(L("the mouse seen next (33% weight)"), "keyboard's weight on the mouse", ["33%"], [P[2, 1]], cause="carried")
e.claim(L("the keyboard being viewed now (33% weight)"), "keyboard's weight on itself", ["33%"], [P[2, 2]],
        cause="carried")

# --- heads ------------------------------------------------------------------------------------------------
e.given(L("**Typical**: $h = 2$ or $h = 4$ heads"), "head counts")
e.given(L("Attention to: [laptop: 0.45"), "illustrative head-1 weights")
e.given(L("Attention to: [laptop: 0.10"), "illustrative head-2 weights")

# --- positional encoding ----------------------------------------------------------------------------------
e.given(L("$$PE_{(pos, 2i)} = \\sin"), "PE formula (10000)")
e.given(L("$$PE_{(pos, 2i+1)} = \\cos"), "PE formula (10000)")
e.given(L("positions 0 and 1 (d=4)"), "positions and d")
for needle, val in (("$PE_{(0,0)}", 0), ("$PE_{(0,1)}", 1), ("$PE_{(0,2)}", 0), ("$PE_{(0,3)}", 1)):
    ln = L(needle)
    e.given(ln, "position 0 and exponent")
    e.claim(ln, "PE at position 0", ["0", str(val)], [0, val])
e.claim(L("$\\mathbf{p}_0 = [0, 1, 0, 1]$"), "p_0", ["0", "1", "0", "1"], [0, 1, 0, 1])
e.claim(L("$PE_{(1,0)}"), "sin 1", ["0.841"], [sp.sin(1)])
e.claim(L("$PE_{(1,1)}"), "cos 1", ["0.540"], [sp.cos(1)])
e.claim(L("$PE_{(1,2)}"), "sin 0.01", ["0.01", "0.010"], [R(1, 100), sp.sin(R(1, 100))])
e.claim(L("$PE_{(1,3)}"), "cos 0.01", ["0.01", "0.9999"], [R(1, 100), sp.cos(R(1, 100))], cause="slip")
e.claim(L("$\\mathbf{p}_1 = [0.841"), "p_1", ["0.841", "0.540", "0.010", "0.9999"],
        [sp.sin(1), sp.cos(1), sp.sin(R(1, 100)), sp.cos(R(1, 100))], cause="carried")

# --- causal mask ----------------------------------------------------------------------------------------------
ln = L("Item1    [   0      -inf")
for i in range(4):
    e.given(ln + i, "mask row (0 / -inf)")
e.given(L("Since $e^{-\\infty} = 0$"), "exp(-inf) = 0")
ln = L("Item1    [  2.1     1.8")
for i in range(4):
    e.given(ln + i, "illustrative raw scores")
ln = L("Item1    [  2.1    -inf")
for i in range(4):
    e.given(ln + i, "masked scores restated")
rows = [[R(21, 10)], [R(19, 10), R(23, 10)], [R(16, 10), R(18, 10), R(2)], [R(14, 10), R(16, 10), R(17, 10), R(19, 10)]]
masked = []
for r in rows:
    den = sum(sp.exp(x) for x in r)
    masked.append([sp.exp(x) / den for x in r] + [0] * (4 - len(r)))
ln = L("Item1    [ 1.000")
printed = [["1.000", "0.000", "0.000", "0.000"], ["0.401", "0.599", "0.000", "0.000"],
           ["0.268", "0.327", "0.405", "0.000"], ["0.182", "0.222", "0.246", "0.350"]]
e.rows([ln, ln + 1, ln + 2, ln + 3], "masked softmax", printed, sp.Matrix(masked))

# --- long histories ---------------------------------------------------------------------------------------------
for t, cells, kb in ((50, "2,500", "10 KB"), (200, "40,000", "160 KB"), (500, "250,000", "1 MB"),
                     (1000, "1,000,000", "4 MB"), (5000, "25,000,000", "100 MB per head!")):
    ln = L(f"| {t:,} | {cells} |")
    e.given(ln, "sequence length")
    num(ln, "t^2 entries", cells, t * t)
    val, unit = kb.split()[0], kb.split()[1]
    scale = {"KB": 10**3, "MB": 10**6}[unit]
    num(ln, f"float32 memory in {unit} (decimal)", val, R(4 * t * t, scale))
e.given(L("truncation to the last 50-200 items"), "truncation range")
e.claim(L("With 100 items, average attention = 0.01 per item"), "1/100", ["0.01"], [R(1, 100)])
e.given(L("Important items might only get 0.03 attention"), "illustrative weight")
e.given(L("Short sequence (5 items):"), "5 items")
e.given(L("Attention: [0.35, 0.25"), "illustrative short-sequence weights")
e.given(L("Long sequence (100 items):"), "100 items")
e.given(L("Attention: [0.02, 0.02"), "illustrative long-sequence weights")
e.given(L("if entropy > 0.9 * log(seq_len):"), "threshold 0.9")

e.done()
