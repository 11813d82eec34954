# Expected verdicts for en-pe-adit0132-encoder-sinusoidal-numericals.md, computed with plain SymPy (see oracle.py); not symattn's code.
# English exam notes (GenAIforCV, Lec 26) on the encoder block and the sinusoidal positional encoding, with five
# worked numericals and a NumPy listing with its printed output.
# Inputs: PE(pos,2i) = sin(pos/10000^(2i/d)), PE(pos,2i+1) = cos(pos/10000^(2i/d)); N1/N2 use d = 8, so the pair
#   frequencies are 1, 0.1, 0.01, 0.001; N2 embedding e = [0.2, -0.1, 0.5, 0.3, -0.4, 0.1, 0.0, 0.2] at pos 0 and 2;
#   N3/N4 use d_model = 512, h = 8, d_ff = 2048 (biases, two LayerNorms); N5 B = 32, L = 10.
# Exact values: p(1) = [0.84147, 0.54030, 0.09983, 0.99500, 0.0099998, 0.99995, 0.0010000, 0.9999995];
#   p(2) = [0.90930, -0.41615, 0.19867, 0.98007, 0.019999, 0.99980, 0.0020000, 0.999998];
#   x0 = e + p(0) = [0.2, 0.9, 0.5, 1.3, -0.4, 1.1, 0, 1.2]; x2 = e + p(2);
#   x0.x2 = 4.572527, |x0| = 2.366432, |x2| = 2.533302, cos = 0.762738;
#   10000^(510/512) = 9646.616, 2*pi*9646.616 = 60611.08; 10000^(2/512) = 1.036633; 2*pi*10000 = 62831.85;
#   block parameters 1,050,624 + 2,099,712 + 2,048 = 3,152,384; stack 18,914,304; 2,099,712/1,050,624 = 1.998538.
# Wrong lines:
#   - "x0 . x2 = 4.5726": exact 4.572527 -> 4.5725; 4.5726 is the dot product of the printed 4-place x2 (drift).
#   - "cos theta = 4.5726/(2.3664 x 2.5333) = 0.7627": repeats 4.5726 (carried); 0.7627 itself agrees.
#   - "2,099,712 / 1,050,624 = 1.998": exact 1.998538 -> 1.999; 1.998 is truncated (slip).
# Everything else agrees.  numpy's "1." entries in the printed PE matrix are read at the matrix's 4-place precision.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, agrees, grouped_int_claim, number_claim

e = Expect(__file__, language="en", topics=["pe", "sinusoidal", "complexity", "code-block", "latex-thousands"])

TWO_PI = 2 * sp.pi


def pe(pos, dim, d):
    w = sp.Integer(10000) ** R(-2 * (dim // 2), d)
    return sp.sin(pos * w) if dim % 2 == 0 else sp.cos(pos * w)


def vec(pos, d=8):
    return [pe(pos, k, d) for k in range(d)]


def braced(line, what, printed, exact, cause="slip"):
    """A number printed with LaTeX {,} thousands that is a rounded value (read as an integer to +-0.5)."""
    assert printed in e.lines[line - 1], (line, printed)
    ok = agrees(printed.replace("{,}", ""), exact, rounded_int=True)
    ent = e._entry(line)
    item = {"what": f"{what} (LaTeX thousands, rounded)", "printed": [printed]}
    if not ok:
        item.update(wrong=[{"printed": printed, "exact": str(sp.N(exact, 8))}], cause=cause)
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


def gint(line, what, printed, value):
    grouped_int_claim(e, line, what, printed, int(value), sep="{,}")


E = [R("0.2"), R("-0.1"), R("0.5"), R("0.3"), R("-0.4"), R("0.1"), 0, R("0.2")]
p0, p1, p2 = vec(0), vec(1), vec(2)
x0 = [a + b for a, b in zip(E, p0)]
x2 = [a + b for a, b in zip(E, p2)]
dot = sum(a * b for a, b in zip(x0, x2))
n0 = sp.sqrt(sum(a * a for a in x0))
n2 = sp.sqrt(sum(a * a for a in x2))

# --- set-up ------------------------------------------------------------------------------
e.given(e.line("$d_{\\text{model}} = 512$, and every vector inside"), "d_model = 512")
e.given(e.line("The deck prints the base as $1000$"), "the deck's base 1000 and one-based k")
e.given(e.line("the notes use the published base $10{,}000$"), "base 10,000")
e.claim(e.line("$\\omega_0 = 1$."), "omega_0 = 10000^0", ["1"], [1])
e.given(e.line("For $T = 512$, $d = 512$"), "T = d = 512")
gint(e.line("that is $262{,}144$ extra parameters"), "512 x 512", "262{,}144", 512 * 512)
e.claim(e.line("in the paper $d_{ff} = 2048 = 4 \\times 512$"), "d_ff = 4 x 512", ["2048"], [4 * 512])
e.given(e.line("stacks $N = 6$ such blocks"), "N = 6")

# --- N1 ------------------------------------------------------------------------------------
e.given(e.line("### N1. Positional-encoding vectors for $pos = 0, 1, 2$"), "positions 0, 1, 2")
e.given(e.line("**Given:** $d_{\\text{model}} = 8$, base $= 10{,}000$."), "d = 8, base 10,000")
e.claim(e.line("(since $d_{\\text{model}}/2 = 4$)"), "pair indices and d/2", ["0", "1", "2", "3", "4"], [0, 1, 2, 3, 4])
e.given(e.line("$\\omega_i = 1/10000^{2i/8} = 1/10000^{i/4}$:"), "frequency formula for d = 8")
for i, (pw, val, om) in enumerate((("0", "1", "1"), ("0.25", "10", "0.1"), ("0.5", "100", "0.01"), ("0.75", "1000", "0.001"))):
    ln = e.line(f"   - $i={i}$: $10000^{{{pw}}}")
    e.claim(ln, f"pair {i}: exponent, 10000^(i/4), omega", [pw, val, om],
            [R(i, 4), sp.Integer(10) ** i, sp.Integer(10) ** -i])
e.claim(e.line("(Nothing lucky here"), "10000 = 10^4 and the exponent", ["10000", "4"], [10 ** 4, 4])
e.claim(e.line("all arguments are $0$"), "pos 0: arguments, sin 0, cos 0", ["0", "0", "1"], [0, sp.sin(0), sp.cos(0)])
e.claim(e.line("$$\\mathbf{p}(0) = [0,\\ 1,"), "p(0)", ["0", "1", "0", "1", "0", "1", "0", "1"], p0)
e.claim(e.line("the arguments are $1, 0.1, 0.01, 0.001$ radians."), "pos 1 arguments", ["1", "0.1", "0.01", "0.001"],
        [sp.Integer(1), R(1, 10), R(1, 100), R(1, 1000)])
for a, ps in (("1", ["0.8415", "0.5403"]), ("0.1", ["0.0998", "0.9950"]), ("0.01", ["0.0100", "1.0000"]),
              ("0.001", ["0.0010", "1.0000"])):
    ln = e.line(f"   - $\\sin({a}) = ")
    e.claim(ln, f"sin, cos of {a}", ps, [sp.sin(sp.Rational(a)), sp.cos(sp.Rational(a))])
e.claim(e.line("$$\\mathbf{p}(1) = ["), "p(1)",
        ["0.8415", "0.5403", "0.0998", "0.9950", "0.0100", "1.0000", "0.0010", "1.0000"], p1)
e.claim(e.line("the arguments are $2, 0.2, 0.02, 0.002$ radians."), "pos 2 arguments", ["2", "0.2", "0.02", "0.002"],
        [sp.Integer(2), R(2, 10), R(2, 100), R(2, 1000)])
for a, ps in (("2", ["0.9093", "-0.4161"]), ("0.2", ["0.1987", "0.9801"]), ("0.02", ["0.0200", "0.9998"]),
              ("0.002", ["0.0020", "1.0000"])):
    ln = e.line(f"   - $\\sin({a}) = ")
    e.claim(ln, f"sin, cos of {a}", ps, [sp.sin(sp.Rational(a)), sp.cos(sp.Rational(a))])
e.claim(e.line("$$\\mathbf{p}(2) = ["), "p(2)",
        ["0.9093", "-0.4161", "0.1987", "0.9801", "0.0200", "0.9998", "0.0020", "1.0000"], p2)
e.claim(e.line("alternating $0,1,0,1,\\dots$"), "p(0) pattern", ["0", "1", "0", "1"], p0[:4])
e.claim(e.line("dimension 6 goes $0 \\to 0.001 \\to 0.002$"), "dimension 6 at pos 0, 1, 2", ["0", "0.001", "0.002"],
        [p0[6], p1[6], p2[6]])
e.claim(e.line("$0 \\to 0.84 \\to 0.91$."), "dimension 0 at pos 0, 1, 2", ["0", "0.84", "0.91"], [p0[0], p1[0], p2[0]])

# --- N2 ------------------------------------------------------------------------------------
e.given(e.line("$\\mathbf{e} = [0.2,"), "embedding of dog")
e.given(e.line("$pos = 0$ (\"dog bites man\")"), "positions 0 and 2")
e.given(e.line("1. At $pos = 0$ add $\\mathbf{p}(0) = [0,1,0,1,0,1,0,1]$"), "p(0) restated")
e.given(e.line("$$\\mathbf{x}_0 = [0.2+0,"), "x0 written as sums")
e.claim(e.line("$$\\mathbf{x}_0 = [0.2000,"), "x0",
        ["0.2000", "0.9000", "0.5000", "1.3000", "-0.4000", "1.1000", "0.0000", "1.2000"], x0)
e.given(e.line("2. At $pos = 2$ add $\\mathbf{p}(2)$ from N1:"), "step 2")
for k, (lhs, res) in enumerate((("$0.2 + 0.9093", "1.1093"), ("$-0.1 + (-0.4161)", "-0.5161"),
                                ("$0.5 + 0.1987", "0.6987"), ("$0.3 + 0.9801", "1.2801"),
                                ("$-0.4 + 0.0200", "-0.3800"), ("$0.1 + 0.9998", "1.0998"),
                                ("$0.0 + 0.0020", "0.0020"), ("$0.2 + 1.0000", "1.2000"))):
    e.claim(e.line(f"   - {lhs} = "), f"x2[{k}]", [res], [x2[k]])
e.claim(e.line("$$\\mathbf{x}_2 = [1.1093,"), "x2",
        ["1.1093", "-0.5161", "0.6987", "1.2801", "-0.3800", "1.0998", "0.0020", "1.2000"], x2)
diff = [b - a for a, b in zip(p0, p2)]
e.claim(e.line("[0.9093,\\ -1.4161,"), "p(2) - p(0)",
        ["0.9093", "-1.4161", "0.1987", "-0.0199", "0.0200", "-0.0002", "0.0020", "0.0000"], diff)
e.claim(e.line("4. Cosine similarity: $\\mathbf{x}_0 \\cdot \\mathbf{x}_2 = 4.5726$"), "x0 . x2", ["4.5726"], [dot],
        cause="drift")
e.claim(e.line("$\\|\\mathbf{x}_0\\| = 2.3664$"), "norms", ["2.3664", "2.5333"], [n0, n2])
L = e.line("$\\cos\\theta = 4.5726/(2.3664 \\times 2.5333) = 0.7627$")
e.claim(L, "dot restated, norms restated", ["4.5726"], [dot], cause="carried")
e.claim(L, "norms restated and cosine", ["2.3664", "2.5333", "0.7627"], [n0, n2, dot / (n0 * n2)])
e.claim(e.line("their cosine similarity is $0.763$"), "cosine at 3 places", ["0.763"], [dot / (n0 * n2)])

# --- N3 ------------------------------------------------------------------------------------
e.given(e.line("take $d_{\\text{model}} = 512$."), "d_model = 512")
e.given(e.line("repeats after $\\omega\\,\\lambda = 2\\pi$"), "period condition")
e.given(e.line("$\\lambda_i = 2\\pi/\\omega_i = 2\\pi \\cdot 10000^{2i/d_{\\text{model}}}$."), "wavelength formula")
e.claim(e.line("2. Shortest, $i = 0$"), "lambda_0", ["0", "0", "6.283"], [0, 0, TWO_PI])
L = e.line("3. Longest, $i = d/2 - 1 = 255$")
e.claim(L, "last pair index and its exponent", ["1", "255", "255", "512", "510", "0.99609"],
        [1, 512 // 2 - 1, 255, 512, 510, R(510, 512)])
L = e.line("$10000^{0.99609} = 9646.6$")
e.claim(L, "10000^(510/512) and 2 pi times it", ["9646.6", "9646.6"],
        [sp.Integer(10000) ** R(510, 512)] * 2)
braced(L, "lambda_255", "60{,}611", TWO_PI * sp.Integer(10000) ** R(510, 512))
L = e.line("4. Ratio of neighbouring pairs")
e.claim(L, "ratio exponent", ["2", "512", "0.003906"], [2, 512, R(2, 512)])
e.claim(e.line("   = 1.0366$ — a constant factor"), "10000^(2/512)", ["1.0366"], [sp.Integer(10000) ** R(2, 512)])
e.claim(e.line("5. Landmarks: $i = 64"), "i = 64", ["64", "0.25", "10", "62.8"],
        [64, R(2 * 64, 512), sp.Integer(10), TWO_PI * 10])
e.claim(e.line("$i = 128 \\Rightarrow 10000^{0.5} = 100$"), "i = 128", ["128", "0.5", "100", "628.3"],
        [128, R(2 * 128, 512), sp.Integer(100), TWO_PI * 100])
e.given(e.line("6. For the small $d_{\\text{model}} = 8$ of N1"), "d = 8")
L = e.line("$\\lambda = 2\\pi,\\ 20\\pi,\\ 200\\pi,\\ 2000\\pi$")
e.claim(L, "wavelengths for d = 8 as multiples of pi", ["20", "200", "2000"], [20, 200, 2000])
e.claim(L, "wavelengths for d = 8 in decimals", ["6.28", "62.8"], [TWO_PI, 20 * sp.pi])
e.claim(L, "wavelengths for d = 8 as whole numbers", ["628", "6283"], [200 * sp.pi, 2000 * sp.pi], rounded_int=True)
e.claim(L, "factor per pair", ["10"], [10])
L = e.line("The wavelengths run from $2\\pi \\approx 6.28$")
e.claim(L, "2 pi and 10000", ["6.28", "10000"], [TWO_PI, 10000])
braced(L, "2 pi x 10000", "62{,}832", TWO_PI * 10000)
L = e.line("(exactly $60{,}611$ at $i = 255$)")
braced(L, "lambda_255 restated", "60{,}611", TWO_PI * sp.Integer(10000) ** R(510, 512))
e.claim(L, "i = 255", ["255"], [255])

# --- N4 ------------------------------------------------------------------------------------
e.claim(e.line("(so $d_k = d_v = 512/8 = 64$), $d_{ff} = 2048$,"), "d_k", ["64"], [R(512, 8)])
e.given(e.line("biases counted, two layer norms per block."), "two norms")
e.claim(e.line("$d_{\\text{model}} \\times (h\\,d_k) = 512 \\times 512$ matrix"), "8 x 64", ["512"], [8 * 64])
e.given(e.line("Four $512\\times512$ matrices with biases:"), "four 512 x 512 matrices")
L = e.line("$$4 \\times (512 \\times 512 + 512)")
gint(L, "512^2", "262{,}144", 512 ** 2)
gint(L, "512^2 + 512", "262{,}656", 512 ** 2 + 512)
gint(L, "attention parameters", "1{,}050{,}624", 4 * (512 ** 2 + 512))
L = e.line("2. **FFN, first layer**")
gint(L, "512 x 2048", "1{,}048{,}576", 512 * 2048)
gint(L, "bias 2048", "2{,}048", 2048)
gint(e.line("   = 1{,}050{,}624$."), "FFN layer 1", "1{,}050{,}624", 512 * 2048 + 2048)
gint(e.line("3. **FFN, second layer**"), "2048 x 512", "1{,}048{,}576", 2048 * 512)
gint(e.line("   = 1{,}049{,}088$."), "FFN layer 2", "1{,}049{,}088", 2048 * 512 + 512)
L = e.line("4. FFN total $= 1{,}050{,}624 + 1{,}049{,}088")
ffn = 512 * 2048 + 2048 + 2048 * 512 + 512
gint(L, "FFN total", "2{,}099{,}712", ffn)
L = e.line("$2 \\times 512 = 1{,}024$ per norm")
gint(L, "one norm", "1{,}024", 2 * 512)
gint(L, "two norms", "2{,}048", 4 * 512)
att = 4 * (512 ** 2 + 512)
block = att + ffn + 4 * 512
L = e.line("6. **One block**")
gint(L, "one block", "3{,}152{,}384", block)
e.claim(L, "one block in millions", ["3.15"], [R(block, 10 ** 6)])
L = e.line("7. **Six blocks**")
gint(L, "six blocks", "18{,}914{,}304", 6 * block)
e.claim(L, "six blocks in millions", ["18.9"], [R(6 * block, 10 ** 6)])
e.claim(e.line("($2{,}099{,}712 / 1{,}050{,}624 = 1.998$)"), "FFN / attention", ["1.998"], [R(ffn, att)])
gint(e.line("$4(512^2) + 2(512 \\cdot 2048) + 2048 = 3{,}147{,}776$"), "block without biases", "3{,}147{,}776",
     4 * 512 ** 2 + 2 * 512 * 2048 + 2048)

# --- N5 ------------------------------------------------------------------------------------
e.given(e.line("**Given:** batch $B = 32$, length $L = 10$"), "B, L, d_model, h, d_k")
e.given(e.line("$d_{ff} = 2048$, vocabulary $V = 30{,}000$."), "d_ff, V")
e.given(e.line("| token ids | $(32, 10)$"), "ids shape")
e.given(e.line("| after embedding lookup |"), "embedding shape and E")
e.given(e.line("| positional encoding table | $(10, 512)$"), "PE table shape")
e.given(e.line("| after adding PE | $(32, 10, 512)$"), "shape after PE")
e.claim(e.line("| reshaped into heads |"), "heads split", ["64", "512", "8", "64"], [R(512, 8), 8 * 64, 8, 64])
e.claim(e.line("| attention score matrix | $(32, 8, 10, 10)$"), "score shape", ["10", "10"], [10, 10])
e.claim(e.line("| heads concatenated | $(32, 10, 512)$"), "concatenated width", ["512"], [8 * 64])
e.given(e.line("| after FFN layer 1 | $(32, 10, 2048)$"), "FFN expansion shape")
e.given(e.line("| after Add & Norm | $(32, 10, 512)$"), "block output shape")
e.given(e.line("at $L = 10$ it holds"), "L = 10")
L = e.line("$32 \\times 8 \\times 100 = 25{,}600$ numbers")
e.claim(L, "10^2", ["100"], [10 ** 2])
gint(L, "score entries at L = 10", "25{,}600", 32 * 8 * 100)
e.claim(L, "score entries at L = 1000 (millions)", ["1000", "256"], [1000, R(32 * 8 * 1000 ** 2, 10 ** 6)])

# --- code and its printed output -------------------------------------------------------------
for needle, what in (("def positional_encoding(seq_len, d_model, base=10000.0):", "base"),
                     ("    pos   = np.arange(seq_len)[:, None]", "shape comment"),
                     ("    i     = np.arange(d_model // 2)[None, :]", "pair index"),
                     ("    omega = 1.0 / base ** (2 * i / d_model)", "frequency code"),
                     ("    pe[:, 0::2] = np.sin(pos * omega)", "even columns"),
                     ("    pe[:, 1::2] = np.cos(pos * omega)", "odd columns"),
                     ("np.set_printoptions(precision=4,", "print options"),
                     ("PE = positional_encoding(seq_len=6, d_model=8)", "6 positions, d = 8"),
                     ("dog = np.array([0.2, -0.1, 0.5, 0.3, -0.4, 0.1, 0.0, 0.2])", "embedding"),
                     ("x0, x2 = dog + PE[0], dog + PE[2]", "positions 0 and 2"),
                     ("print(\"\\ndog@pos0 :\", np.round(x0, 4))", "rounding"),
                     ("print(\"dog@pos2 :\", np.round(x2, 4))", "rounding"),
                     ("x0 @ x2 / (np.linalg.norm(x0)", "cosine code"),
                     ("print(f\"cosine similarity = {cos:.4f}\")", "format")):
    e.given(e.line(needle), what)

PEM = [vec(p) for p in range(6)]
start = e.line("[[ 0.      1.      0.      1.")
printed_rows = [
    ["0", "1", "0", "1", "0", "1", "0", "1"],
    ["0.8415", "0.5403", "0.0998", "0.995", "0.01", None, "0.001", None],
    ["0.9093", "-0.4161", "0.1987", "0.9801", "0.02", "0.9998", "0.002", None],
    ["0.1411", "-0.99", "0.2955", "0.9553", "0.03", "0.9996", "0.003", None],
    ["-0.7568", "-0.6536", "0.3894", "0.9211", "0.04", "0.9992", "0.004", None],
    ["-0.9589", "0.2837", "0.4794", "0.8776", "0.05", "0.9988", "0.005", None],
]
for r, row in enumerate(printed_rows):
    ln = start + r
    dec = [(p, PEM[r][k]) for k, p in enumerate(row) if p is not None]
    e.claim(ln, f"printed PE row {r}", [p for p, _ in dec], [x for _, x in dec])
    ones = [PEM[r][k] for k, p in enumerate(row) if p is None]
    if ones:   # numpy prints "1." for values that round to 1.0000 at precision 4
        e.claim(ln, f"printed PE row {r}: entries shown as 1.", ["1"] * len(ones), ones, rounded_int=True)
e.claim(e.line("dog@pos0 : [ 0.2  0.9"), "printed x0", ["0.2", "0.9", "0.5", "1.3", "-0.4", "1.1", "0", "1.2"], x0)
e.claim(e.line("dog@pos2 : [ 1.1093"), "printed x2",
        ["1.1093", "-0.5161", "0.6987", "1.2801", "-0.38", "1.0998", "0.002", "1.2"], x2)
e.claim(e.line("cosine similarity = 0.7627"), "printed cosine", ["0.7627"], [dot / (n0 * n2)])
L = e.line("Column 0 swings through the whole of $[-1,1]$")
e.claim(L, "range of the code; column 0 over six positions", ["-1", "1", "0"], [-1, 1, 0])
e.claim(e.line("$0$ to $0.005$."), "column 6 at positions 0 and 5", ["0", "0.005"], [PEM[0][6], PEM[5][6]])

# --- tables and self-test ----------------------------------------------------------------------
e.claim(e.line("| Heads $h$ | 8, so $d_k = d_v = 512/8 = 64$"), "d_k", ["64"], [R(512, 8)])
e.claim(e.line("| $d_{ff}$ | **2048** $= 4\\times d_{\\text{model}}$"), "d_ff", ["2048"], [4 * 512])
gint(e.line("| Parameters in a learned PE table |"), "512 x 512", "262{,}144", 512 * 512)
for needle, printed, val in (("| Attention sub-layer parameters (one block) |", "1,050,624", att),
                             ("| FFN parameters (one block) |", "2,099,712", ffn),
                             ("| LayerNorm parameters (one block, 2 norms) |", "2,048", 4 * 512),
                             ("| **One encoder block** |", "3,152,384", block),
                             ("| **Six-block encoder stack** |", "18,914,304", 6 * block)):
    number_claim(e, e.line(needle), "table", printed, sp.Integer(val))
e.claim(e.line("| **One encoder block** |"), "in millions", ["3.15"], [R(block, 10 ** 6)])
e.claim(e.line("| **Six-block encoder stack** |"), "in millions", ["18.9"], [R(6 * block, 10 ** 6)])
L = e.line("- Dimension 5 of a $d_{\\text{model}} = 16$ code")
e.claim(L, "dimension 5 -> pair 2", ["5", "1", "2"], [2 * 2 + 1, 1, R(5 - 1, 2)])
e.claim(e.line("$\\omega_2 = 1/10000^{4/16} = 1/10000^{0.25} = 1/10 = 0.1$."), "omega_2 for d = 16",
        ["4", "16", "0.25", "10", "0.1"], [2 * 2, 16, R(4, 16), sp.Integer(10000) ** R(1, 4), sp.Integer(10000) ** R(-1, 4)])
e.claim(e.line("- Fastest and slowest wavelengths"), "lambda_0", ["0", "6.28"], [0, TWO_PI])
L = e.line("$\\lambda_{255} = 2\\pi\\cdot 10000^{510/512} = 2\\pi \\times 9646.6")
e.claim(L, "lambda_255", ["255", "510", "512", "9646.6"], [255, 510, 512, sp.Integer(10000) ** R(510, 512)])
braced(L, "lambda_255", "60{,}611", TWO_PI * sp.Integer(10000) ** R(510, 512))
L = e.line("- A learned table for $T = 1024$")
gint(L, "1024 x 768", "786{,}432", 1024 * 768)
e.claim(e.line("(sinusoids: **0**)."), "sinusoidal parameters", ["0"], [0])
a256 = 4 * (256 ** 2 + 256)
f256 = (256 * 1024 + 1024) + (1024 * 256 + 256)
L = e.line("- A block with $d_{\\text{model}} = 256$")
gint(L, "256^2 + 256", "65{,}792", 256 ** 2 + 256)
gint(L, "attention, d = 256", "263{,}168", a256)
L = e.line("  $(256\\cdot1024 + 1024) + (1024\\cdot256 + 256)")
gint(L, "FFN layer 1, d = 256", "263{,}168", 256 * 1024 + 1024)
gint(L, "FFN layer 2, d = 256", "262{,}400", 1024 * 256 + 256)
gint(L, "FFN, d = 256", "525{,}568", f256)
L = e.line("  LayerNorms $2 \\times 2 \\times 256 = 1{,}024$.")
gint(L, "norms, d = 256", "1{,}024", 4 * 256)
gint(L, "attention restated", "263{,}168", a256)
gint(L, "FFN restated", "525{,}568", f256)
gint(e.line("  \\mathbf{789{,}760}$."), "block, d = 256", "789{,}760", a256 + f256 + 4 * 256)
e.given(e.line("- 16 sequences of length 20 through a 6-block encoder"), "B = 16, L = 20, d = 512, h = 8")
e.claim(e.line("  $(16, 20, 512)$, score tensor $(16, 8, 20, 20)$."), "output and score shapes",
        ["16", "20", "512", "16", "8", "20", "20"], [16, 20, 512, 16, 8, 20, 20])
e.claim(e.line("$\\sqrt{512} \\approx 22.6$"), "sqrt 512", ["22.6"], [sp.sqrt(512)])
L = e.line("quadratic score tensor is why ViT attends over $16\\times16$ patches")
e.claim(L, "224 x 224", ["16", "16", "224", "224"], [16, 16, 224, 224])
number_pixels = 224 * 224
number_claim(e, L, "pixels", "50,176", sp.Integer(number_pixels))
e.claim(e.line("pixels but only 196 patches."), "patches", ["196"], [(224 // 16) ** 2])
# --- headings, formula lines and list markers that only restate inputs --------------------------
for needle, what in (("# Lecture 26", "lecture number"),
                     ("$$PE_{(pos,\\,2i)} = \\sin", "PE formula, even dimensions"),
                     ("PE_{(pos,\\,2i+1)} = \\cos", "PE formula, odd dimensions"),
                     ("Even dimensions take the sine", "pair indices 2i, 2i+1"),
                     ("### N2. The same token", "heading"),
                     ("3. The difference $\\mathbf{x}_2 - \\mathbf{x}_0", "difference of positions 2 and 0"),
                     ("The gap is exactly $\\mathbf{p}(2) - \\mathbf{p}(0)$", "positions 2 and 0"),
                     ("### N3. The wavelengths", "heading"),
                     ("**Given:** $PE_{(pos, 2i)} = \\sin(\\omega_i\\, pos)$", "frequency formula"),
                     ("### N4. Parameters", "heading"),
                     ("1. **Attention projections.**", "list number"),
                     ("5. **Layer norms.**", "list number"),
                     ("### N5. Tensor shapes", "heading"),
                     ('print("identical?", np.allclose(x0, x2))', "variable names")):
    e.given(e.line(needle), what)
e.done()
