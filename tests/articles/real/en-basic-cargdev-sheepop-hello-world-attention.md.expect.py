# Expected verdicts for en-basic-cargdev-sheepop-hello-world-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Markdown guide (CarGDev/sheepOp, docs/ATTENTION_EXPLAINED.md) that works attention by hand for "Hello World",
# twice: once from three-component vectors (section 2.3), once from a stated 2x2 score matrix (section 2.4).
# (Sections without numbers were dropped; so was section 2.6, which only labels heads "Head 1" ... "Head 8".)
# Inputs, section 2.3: q_Hello = [0.2, -0.1, 0.3], k_Hello = [0.1, 0.2, -0.1], k_World = [0.12, 0.19, -0.08],
#   d_k = 3 (the article divides by sqrt 3), v_Hello = [0.15, 0.1, 0.2], v_World = [0.14, 0.12, 0.18].
#   Exact: s_HH = -0.03/sqrt3 = -0.017321, s_HW = -0.019/sqrt3 = -0.010970; exp = 0.982828, 0.989090 (sum 1.971918);
#   weights 0.498412 / 0.501588; output = [0.144984, 0.110032, 0.189968].
# Inputs, section 2.4: the vectors are elided ("..."), so the score matrix [[0.5, 0.3], [0.4, 0.6]] is the first
#   determined input of that example (given). Exact softmax rows: [0.549834, 0.450166] and [0.450166, 0.549834];
#   outputs [0.145498, 0.109003, 0.190997] and [0.144502, 0.110997, 0.189003].
# Wrong lines:
#   - 0.983 / 1.972 ≈ 0.499 (49.9%) and 0.989 / 1.972 ≈ 0.501 (50.1%): the quotients are 0.4985 and 0.5015, and the
#     exact weights 0.4984 / 0.5016 round to 0.498 / 0.502 (slip); the "Read as" sentence and the restated weights in
#     the worked output repeat them (carried). The products and the output [0.145, 0.110, 0.190] agree.
#   - Softmax of the score matrix printed 0.62 / 0.38 and 0.40 / 0.60: these are the scores divided by their row sums
#     (0.5/0.8 = 0.625, 0.4/1.0), not softmax (0.5498 / 0.4502), slip on both rows. Everything built on them is
#     carried: the percent readings, the two output computations (0.093 ..., [0.146, 0.108, 0.192],
#     [0.144, 0.112, 0.188] for 0.145/0.109/0.191 and 0.145/0.111/0.189), the "38% / 40% attention" lines, the heat
#     map, its reading and the flow diagram.
# No ambiguous line.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "softmax", "hand-worked", "percent", "box-drawing"])
L = e.line
DEC = re.compile(r"-?\d+\.\d+")


def decs(ln):
    return DEC.findall(e.lines[ln - 1])


q = [R("0.2"), R("-0.1"), R("0.3")]
kH = [R("0.1"), R("0.2"), R("-0.1")]
kW = [R("0.12"), R("0.19"), R("-0.08")]
vH = [R("0.15"), R("0.1"), R("0.2")]
vW = [R("0.14"), R("0.12"), R("0.18")]
dot = lambda a, b: sum(x * y for x, y in zip(a, b))
r3 = sp.sqrt(3)
sHH, sHW = dot(q, kH) / r3, dot(q, kW) / r3
eHH, eHW = sp.exp(sHH), sp.exp(sHW)
aHH, aHW = eHH / (eHH + eHW), eHW / (eHH + eHW)
outH = [aHH * a + aHW * b for a, b in zip(vH, vW)]

# --- section 2.3 -------------------------------------------------------------------------------------------------
for needle in ("Step 1: Create Query", "Step 2: Compare queries", "Step 3: Calculate attention", "Step 4: Combine values"):
    e.given(L(needle), "step label")
for needle in ('    Query: [0.2, -0.1, 0.3, ...]', '    Key:   [0.1, 0.2, -0.1, ...]', '    Value: [0.15, 0.1, 0.2, ...]',
               '    Query: [0.18, 0.15, 0.25, ...]', '    Key:   [0.12, 0.19, -0.08, ...]', '    Value: [0.14, 0.12, 0.18, ...]'):
    e.given(L(needle), "vector (first components shown)")
e.given(L('**Query for "Hello":** `[0.2, -0.1, 0.3]`'), "q_Hello")
e.given(L('**Key for "Hello":** `[0.1, 0.2, -0.1]`'), "k_Hello")
e.given(L('**Key for "World":** `[0.12, 0.19, -0.08]`'), "k_World")

ln = L('Score["Hello", "Hello"] = (0.2×0.1')
e.given(ln, "q_Hello . k_Hello / sqrt 3 (operands restated, d_k = 3)")
e.claim(ln + 1, "products |q_i k_i| (signs written as operators) and sqrt 3", ["0.02", "0.02", "0.03", "1.732"],
        [q[0] * kH[0], -(q[1] * kH[1]), -(q[2] * kH[2]), r3])
e.claim(ln + 2, "sum -0.03 and sqrt 3", ["-0.03", "1.732"], [dot(q, kH), r3])
e.claim(ln + 3, "score Hello->Hello", ["-0.017"], [sHH])
ln = L('Score["Hello", "World"] = (0.2×0.12')
e.given(ln, "q_Hello . k_World / sqrt 3 (operands restated)")
e.claim(ln + 1, "products |q_i k_i| (signs written as operators) and sqrt 3", ["0.024", "0.019", "0.024", "1.732"],
        [q[0] * kW[0], -(q[1] * kW[1]), -(q[2] * kW[2]), r3])
e.claim(ln + 2, "sum -0.019 and sqrt 3", ["-0.019", "1.732"], [dot(q, kW), r3])
e.claim(ln + 3, "score Hello->World", ["-0.011"], [sHW])
e.claim(L('Score["Hello", "Hello"] = -0.017'), "score Hello->Hello restated", ["-0.017"], [sHH])
e.claim(L('Score["Hello", "World"] = -0.011'), "score Hello->World restated", ["-0.011"], [sHW])
e.claim(L("exp(-0.017) ≈ 0.983"), "exp(score Hello->Hello)", ["-0.017", "0.983"], [sHH, eHH])
e.claim(L("exp(-0.011) ≈ 0.989"), "exp(score Hello->World)", ["-0.011", "0.989"], [sHW, eHW])
e.claim(L("Sum = 0.983 + 0.989 = 1.972"), "sum of exponentials", ["0.983", "0.989", "1.972"], [eHH, eHW, eHH + eHW])
e.claim(L('Attention["Hello", "Hello"] = 0.983 / 1.972 ≈ 0.499 (49.9%)'), "weight Hello->Hello",
        ["0.983", "1.972", "0.499", "49.9%"], [eHH, eHH + eHW, aHH, aHH])
e.claim(L('Attention["Hello", "World"] = 0.989 / 1.972 ≈ 0.501 (50.1%)'), "weight Hello->World",
        ["0.989", "1.972", "0.501", "50.1%"], [eHW, eHH + eHW, aHW, aHW])
e.claim(L('attends 49.9% to itself and 50.1% to "World"'), "weights restated in percent",
        ["49.9%", "50.1%"], [aHH, aHW], cause="carried")
e.given(L('Value["Hello"] = [0.15, 0.1, 0.2]'), "v_Hello")
e.given(L('Value["World"] = [0.14, 0.12, 0.18]'), "v_World")
ln = L('Output["Hello"] = 0.499 × [0.15, 0.1, 0.2] + 0.501 × [0.14, 0.12, 0.18]')
e.claim(ln, "weights restated in the output sum", ["0.499", "0.501"], [aHH, aHW], cause="carried")
e.claim(ln + 1, "weighted values", ["0.075", "0.050", "0.100", "0.070", "0.060", "0.090"],
        [aHH * x for x in vH] + [aHW * x for x in vW])
e.claim(ln + 2, "output for Hello", ["0.145", "0.110", "0.190"], outH)

# --- section 2.4 -------------------------------------------------------------------------------------------------
e.given(L('Position 0: "Hello"'), "position 0")
e.given(L('Position 1: "World"'), "position 1")
e.given(L('E["Hello"] = [0.10, -0.20, 0.30, ..., 0.05]'), "embedding (elided)")
e.given(L('E["World"] = [0.15, -0.18, 0.28, ..., 0.10]'), "embedding (elided)")
for needle in ('Q["Hello"] = E["Hello"]', 'K["Hello"] = E["Hello"]', 'V["Hello"] = E["Hello"]',
               'Q["World"] = E["World"]', 'K["World"] = E["World"]', 'V["World"] = E["World"]'):
    e.given(L(needle), "projection (elided vectors)")
e.given(L("Score Matrix (2×2):"), "2 x 2 scores")
S = M([["0.5", "0.3"], ["0.4", "0.6"]])
e.given(L('"Hello"    0.5      0.3'), "score row Hello (Q, K elided: first determined input)")
e.given(L('"World"    0.4      0.6'), "score row World (Q, K elided: first determined input)")
e.given(L('- "Hello" scores itself (0.5) above "World" (0.3)'), "score row Hello restated")
e.given(L('- "World" scores itself (0.6) above "Hello" (0.4)'), "score row World restated")
A = softmax_rows(S)
e.claim(L('"Hello"   0.62    0.38'), "softmax of score row Hello", ["0.62", "0.38"], [A[0, 0], A[0, 1]])
e.claim(L('"World"   0.40    0.60'), "softmax of score row World", ["0.40", "0.60"], [A[1, 0], A[1, 1]])
e.claim(L('- "Hello" puts 62% of its attention on itself and 38%'), "softmax row Hello in percent",
        ["62%", "38%"], [A[0, 0], A[0, 1]], cause="carried")
e.claim(L('- "World" puts 40% of its attention on "Hello" and 60%'), "softmax row World in percent",
        ["40%", "60%"], [A[1, 0], A[1, 1]], cause="carried")

oH = [A[0, 0] * a + A[0, 1] * b for a, b in zip(vH, vW)]
oW = [A[1, 0] * a + A[1, 1] * b for a, b in zip(vH, vW)]
ln = L('Output["Hello"] = 0.62 × V["Hello"] + 0.38 × V["World"]')
e.claim(ln, "weights of Hello restated", ["0.62", "0.38"], [A[0, 0], A[0, 1]], cause="carried")
e.claim(ln + 1, "weights of Hello restated (values restated)", ["0.62", "0.38"], [A[0, 0], A[0, 1]], cause="carried")
e.claim(ln + 2, "weighted values for Hello", ["0.093", "0.062", "0.124", "0.053", "0.046", "0.068"],
        [A[0, 0] * x for x in vH] + [A[0, 1] * x for x in vW], cause="carried")
e.claim(ln + 3, "output for Hello", ["0.146", "0.108", "0.192"], oH, cause="carried")
ln = L('Output["World"] = 0.40 × V["Hello"] + 0.60 × V["World"]')
e.claim(ln, "weights of World restated", ["0.40", "0.60"], [A[1, 0], A[1, 1]], cause="carried")
e.claim(ln + 1, "weights of World restated (values restated)", ["0.40", "0.60"], [A[1, 0], A[1, 1]], cause="carried")
e.claim(ln + 2, "weighted values for World", ["0.060", "0.040", "0.080", "0.084", "0.072", "0.108"],
        [A[1, 0] * x for x in vH] + [A[1, 1] * x for x in vW], cause="carried")
e.claim(ln + 3, "output for World", ["0.144", "0.112", "0.188"], oW, cause="carried")

# --- sections 2.5 and 2.7 -----------------------------------------------------------------------------------------
e.claim(L('"Hello" considers "World" (38% attention)'), "weight Hello->World", ["38%"], [A[0, 1]], cause="carried")
e.claim(L('"World" considers "Hello" (40% attention)'), "weight World->Hello", ["40%"], [A[1, 0]], cause="carried")
e.given(L("         Position 0    Position 1"), "column labels")
e.claim(L("Position 0 │  0.62   │  │  0.38   │"), "heat map row Hello", ["0.62", "0.38"], [A[0, 0], A[0, 1]],
        cause="carried")
e.claim(L("Position 1 │  0.40   │  │  0.60   │"), "heat map row World", ["0.40", "0.60"], [A[1, 0], A[1, 1]],
        cause="carried")
e.claim(L('- Row 0: "Hello" attends 62% to itself, 38% to "World"'), "heat map row Hello read",
        ["62%", "38%"], [A[0, 0], A[0, 1]], cause="carried")
e.claim(L('- Row 1: "World" attends 40% to "Hello", 60% to itself'), "heat map row World read",
        ["40%", "60%"], [A[1, 0], A[1, 1]], cause="carried")
e.claim(L('"Hello" ──── 0.38 ────→ "World"'), "flow Hello->World", ["0.38"], [A[0, 1]], cause="carried")
e.claim(L("  0.62                  0.60"), "self weights Hello, World", ["0.62", "0.60"], [A[0, 0], A[1, 1]],
        cause="carried")

missing = [i for i, t in enumerate(e.lines, 1)
           if i > 1 and re.search(r"\d", t) and not t.lstrip().startswith("#") and i not in e.verdicts]
assert not missing, missing
e.done()
