# Expected verdicts for en-pe-curtischris7-sinusoidal-rates-notebook.md, computed with plain SymPy (see oracle.py); not
# symattn's code.
# Convention (the notebook's own): every dimension k of a d-dimensional encoding gets its own rate
#   rate_k = base^(-k/d) (cell `div_term = base ** (-torch.arange(0, d_model).float() / d_model)`, and the Exponent
#   column i/d_model of the hand table); angle = pos * rate_k; PE = sin(angle) for even k, cos(angle) for odd k.
#   (This is not the paper formula shown in the last Markdown cell, where 2i+1 shares the rate of 2i; every printed PE
#   value, in code and in the hand table, follows the per-dimension convention, so that is the one checked.)
# Part 1 (max_len = 8, d_model = 20, base = 10000): div_term, angle_rates, the two column slices and pe after the sin
#   and after the cos step, printed by torch with 5 significant digits.  Every entry agrees except six float32 prints
#   that sit on a rounding tie of the exact value: 7*10000^(-12/20) = 0.02786750194 (printed 2.7867e-02, twice),
#   7*10000^(-17/20) = 0.002786750194 (2.7867e-03, twice), sin(0.03) = 0.02999550020 (2.9995e-02, twice) and
#   cos(6*10000^(-3/20)) = 0.06362146951 (6.3622e-02): each exact value lies within 2e-9 (relative 3e-8) of the
#   half-way point, so the printed digit is float32 rounding -> those output lines are ambiguous.
# Part 2 (d = 6, 12 positions, module output at 4 decimals): all agree except cos(0.01) = 0.9999500004 printed 0.9999
#   (float32 tie, same as above) -> that line ambiguous.  torch.dot results 2.4374 and 1.5401: exact 2.437392 and
#   1.540134 -> agree.
# Hand table for PE(3): exponents 0.000 .. 0.833 agree; the Rate column is wrong from row 1 on: printed
#   0.464159, 0.215443, 0.100000, 0.046416, 0.021544 for 10000^(-1/6) = 0.215443, 10000^(-2/6) = 0.0464159,
#   10000^(-3/6) = 0.01, 10000^(-4/6) = 0.00215443, 10000^(-5/6) = 0.000464159 (they are 10000^(-i/12)); the Angle
#   column is 3 x those wrong rates (carried): printed 1.392478, 0.646329, 0.300000, 0.139248, 0.064633 for 0.646330,
#   0.139248, 0.03, 0.00646330, 0.00139248.  The PE(3) column (0.1411, 0.7983, 0.1388, 0.9996, 0.0065, 1.0000) is
#   right (it matches the code, not the printed angles).
# PE(4), PE(10) and both term tables agree.  PE(3).PE(4): the boxed 2.4375 is the sum of the rounded terms; exact
#   2.437392 -> 2.4374, wrong (drift), restated in the bullet (carried).  PE(3).PE(10) = 1.5401 agrees.
# The second "Why it matters" block: 2.72934 (exact 2.437392) and 1.76347 (exact 1.540134) are wrong (slip).
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["pe", "sinusoidal", "notebook", "torch-print", "e-notation", "table"])
L = e.line
BASE = 10000


def rate(k, d):
    return sp.Integer(BASE) ** (-R(k, d))


def pe(pos, k, d):
    a = pos * rate(k, d)
    return sp.sin(a) if k % 2 == 0 else sp.cos(a)


SCI = re.compile(r"-?\d+\.\d+e[+-]\d+")
DEC = re.compile(r"-?\d+\.\d+")


def block(code_line, what, cols, fn, pattern, artifacts, nrows):
    """Claim a printed tensor line by line; artifacts = {(row, col): reason} gives ambiguous lines."""
    ln = L(code_line)
    while not e.lines[ln - 1].startswith("```") or e.lines[ln - 1] == "```python":
        ln += 1
    ln += 1  # first line after the opening fence of the output block (skip the code block's closing fence)
    while not e.lines[ln - 1].startswith("tensor") and not e.lines[ln - 1].startswith("("):
        ln += 1
    idx = 0
    while idx < nrows * cols:
        vals = pattern.findall(e.lines[ln - 1])
        if vals:
            cells = [divmod(idx + t, cols) for t in range(len(vals))]
            bad = [artifacts[c] for c in cells if c in artifacts]
            if bad:
                e.ambiguous(ln, "; ".join(bad))
            else:
                e.claim(ln, f"{what} entries {idx}..{idx + len(vals) - 1}", vals, [fn(r, c) for r, c in cells])
            idx += len(vals)
        ln += 1


TIE = "float32 print at a rounding tie: exact {x} lies within 2e-9 of the half-way point, so the last printed digit is float32 rounding"

e.given(L("max_len = 8"), "max_len")
e.given(L("d_model = 20"), "d_model")
e.given(L("base = 10000"), "base")
p = L("tensor([[0.],")
for k in range(8):
    e.given(p + k, "position index")
p = L("tensor([ 0.,  1.,")
e.given(p, "dimension index")
e.given(p + 1, "dimension index")

d = 20
block("div_term = base ** (-torch.arange(0, d_model).float() / d_model)", "div_term", 20,
      lambda r, c: rate(c, d), SCI, {}, 1)
block("angle_rates = position * div_term", "angle_rates", 20, lambda r, c: r * rate(c, d), SCI,
      {(7, 12): TIE.format(x="7*10000^(-12/20) = 0.0278675019 (printed 2.7867e-02)"),
       (7, 17): TIE.format(x="7*10000^(-17/20) = 0.00278675019 (printed 2.7867e-03)")}, 8)
block("angle_rates[:, 0::2]", "angle_rates[:, 0::2]", 10, lambda r, c: r * rate(2 * c, d), SCI,
      {(7, 6): TIE.format(x="7*10000^(-12/20) = 0.0278675019 (printed 2.7867e-02)")}, 8)
block("pe[:, 0::2] = torch.sin(angle_rates[:, 0::2])", "pe after the sin step", 20,
      lambda r, c: sp.sin(r * rate(c, d)) if c % 2 == 0 else 0, SCI,
      {(3, 10): TIE.format(x="sin(3*10000^(-10/20)) = sin(0.03) = 0.0299955002 (printed 2.9995e-02)")}, 8)
block("angle_rates[:, 1::2]", "angle_rates[:, 1::2]", 10, lambda r, c: r * rate(2 * c + 1, d), SCI,
      {(7, 8): TIE.format(x="7*10000^(-17/20) = 0.00278675019 (printed 2.7867e-03)")}, 8)
block("pe[:, 1::2] = torch.cos(angle_rates[:, 1::2])", "pe after the cos step", 20,
      lambda r, c: pe(r, c, d), SCI,
      {(3, 10): TIE.format(x="sin(0.03) = 0.0299955002 (printed 2.9995e-02)"),
       (6, 3): TIE.format(x="cos(6*10000^(-3/20)) = 0.0636214695 (printed 6.3622e-02)")}, 8)

# module output, d = 6
e.given(L("spe = SinusoidalPositionalEncoding(6)"), "d_model = 6")
block("encoding = spe(torch.zeros(1,12,6))", "encoding (d = 6)", 6, lambda r, c: pe(r, c, 6), DEC,
      {(1, 3): TIE.format(x="cos(1*10000^(-3/6)) = cos(0.01) = 0.9999500004 (printed 0.9999)")}, 12)
dot34 = sum(pe(3, k, 6) * pe(4, k, 6) for k in range(6))
dot310 = sum(pe(3, k, 6) * pe(10, k, 6) for k in range(6))
e.claim(L("(tensor(2.4374), tensor(1.5401))"), "torch.dot results", ["2.4374", "1.5401"], [dot34, dot310])

# hand table
e.given(L("- $\\text{pos} = 3$"), "pos")
e.given(L("- $d_{\\text{model}} = 6$"), "d_model")
e.given(L("- $i \\in \\{0, 1, 2, 3, 4, 5\\}$"), "dimension indices")
p = L("| 0                | sin  |")
for i in range(6):
    ln = p + i
    f = [x.strip() for x in e.lines[ln - 1].strip().strip("|").split("|")]
    e.claim(ln, f"exponent i/d, i = {i}", f[2], R(i, 6))
    e.claim(ln, f"rate 10000^(-i/6), i = {i}", f[3], rate(i, 6))
    e.claim(ln, f"angle 3 * rate, i = {i}", f[4], 3 * rate(i, 6), cause="carried")
    e.claim(ln, f"PE(3)_{i}", f[5], pe(3, i, 6))
for label, pos in (("\\Rightarrow \\text{PE}(3) = [", 3), ("$\\text{PE}(4) = [", 4), ("$\\text{PE}(10) = [", 10)):
    ln = L(label)
    e.claim(ln, f"PE({pos})", DEC.findall(e.lines[ln - 1].split("=", 1)[1]), [pe(pos, k, 6) for k in range(6)])
for other, first in ((4, L("| 0       | 0.1411      | -0.7568")), (10, L("| 0       | 0.1411      | -0.5440"))):
    for i in range(6):
        ln = first + i
        f = [x.strip() for x in e.lines[ln - 1].strip().strip("|").split("|")]
        e.claim(ln, f"PE(3)_{i}, PE({other})_{i} and their product", f[1:4],
                [pe(3, i, 6), pe(other, i, 6), pe(3, i, 6) * pe(other, i, 6)])
ln = L("-0.1068 + 0.5198 + 0.0256 + 0.9988 + 0.0001 + 1.0000 = \\boxed{2.4375}")
e.claim(ln, "terms of PE(3).PE(4)", ["-0.1068", "0.5198", "0.0256", "0.9988", "0.0001", "1.0000"],
        [pe(3, k, 6) * pe(4, k, 6) for k in range(6)])
e.claim(ln, "PE(3).PE(4) (sum of the rounded terms)", "2.4375", dot34, cause="drift")
ln = L("-0.0768 - 0.4399 + 0.0621 + 0.9946 + 0.0001 + 1.0000 = \\boxed{1.5401}")
terms = [pe(3, k, 6) * pe(10, k, 6) for k in range(6)]
e.claim(ln, "terms of PE(3).PE(10) (the second one written as '- 0.4399')",
        ["-0.0768", "0.4399", "0.0621", "0.9946", "0.0001", "1.0000"], [terms[0], -terms[1], *terms[2:]])
e.claim(ln, "PE(3).PE(10)", "1.5401", dot310)
e.claim(L("- **PE(3) · PE(4) = 2.4375**"), "PE(3).PE(4) restated", "2.4375", dot34, cause="carried")
e.claim(L("- **PE(3) · PE(10) = 1.5401**"), "PE(3).PE(10) restated", "1.5401", dot310)
e.claim(L("- **PE(3) · PE(4)** = 2.72934"), "PE(3).PE(4) (second summary)", "2.72934", dot34)
e.claim(L("- **PE(3) · PE(10)** = 1.76347"), "PE(3).PE(10) (second summary)", "1.76347", dot310)
e.done()
