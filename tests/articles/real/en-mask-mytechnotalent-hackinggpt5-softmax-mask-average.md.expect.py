# Expected verdicts for en-mask-mytechnotalent-hackinggpt5-softmax-mask-average.md, computed with plain SymPy
# (see oracle.py); not symattn's code.
# Kevin Thomas's HackingGPT part 5 (a Karpathy-style notebook exported to Markdown): causal averaging with a -inf mask
# and softmax.  Inputs: B = 4, T = 8, C = 2; wei = zeros(8, 8); mask = tril(ones(8, 8)); x = torch.randn(4, 8, 2) with
# seed 42, printed to 4 decimals (the printed x is taken as the input; torch kept more digits).
# Exact values: softmax of a masked zero row t is 1/(t+1) on the first t+1 slots, 0 elsewhere:
#   1, 1/2, 1/3 = 0.3333.., 1/4, 1/5, 1/6 = 0.16667, 1/7 = 0.142857, 1/8; every row sums to 1.
#   e^0 = 1, e^1 = 2.718282, e^-1 = 0.367879, e^-10 = 4.539993e-5, e^-100 = 3.720076e-44.
#   x_bow_3[b, t] = mean of the printed x[b, 0..t]; each product line w * x = x/(t+1) for batch 0.
# Table "After softmax" rows, the printed softmax tensor, the row traces (numerators, sums, fractions, float32
# "actual" lists), the e^ examples and the row sums all agree.
# Where a running mean or a product of the printed (rounded) inputs does not reproduce the printed 4-decimal or
# float32 value, the difference comes from the digits of x that torch kept but did not print: such lines are
# ambiguous (unprinted full precision of random inputs), not wrong.  No line is wrong.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, agrees

e = Expect(__file__, language="en", topics=["mask", "softmax", "causal-average", "plain-text", "notebook-output"])
L = e.lines
NUM = re.compile(r"-?\d+\.\d+(?:e-?\d+)?|-?\d+")
HIDDEN = "x comes from torch.randn and is printed to 4 decimals; torch used the unprinted digits"


def exact_row(t, n=8):
    return [R(1, t + 1) if j <= t else 0 for j in range(n)]


def brackets(text):
    return re.findall(r"\[([^\[\]]*)\]", text)


def toks(s):
    return [t for t in (p.strip() for p in s.split(",")) if t and t != "..."]


def claim_or_hidden(ln, what, printed, exact):
    """Claim when the printed values agree with the value from the printed inputs, else ambiguous."""
    if all(agrees(p, x) for p, x in zip(printed, exact)):
        e.claim(ln, what, printed, exact)
    else:
        e.ambiguous(ln, f"{what}: {HIDDEN}")


# --- the mask table -------------------------------------------------------------------------
for t in range(8):
    ln = e.line(f"| row {t} |")
    parts = brackets(L[ln - 1])
    e.given(ln, f"row {t}: raw zeros and masked row")
    e.claim(ln, f"row {t} after softmax", toks(parts[2]), exact_row(t))

# --- B, T, C and the random input --------------------------------------------------------------
e.given(e.line("torch.manual_seed(42)"), "seed 42")
e.given(e.line("B = 4  # batch size"), "B = 4")
e.given(e.line("T = 8  # sequence length"), "T = 8")
e.given(e.line("C = 2  # feature size"), "C = 2")
# the bare outputs 4, 8, 2 right after the B, T, C cells
for name, val in (("B", "4"), ("T", "8"), ("C", "2")):
    cell = e.line(f"{name} = {val}  #")
    out = e.line("**Output:**", 1, cell)
    e.given(out + 2, f"{name} printed back")

x = {}
start = e.line("tensor([[[ 1.9269,  1.4873],")
b, t = 0, 0
ln = start
while True:
    text = L[ln - 1]
    vals = NUM.findall(text)
    if len(vals) == 2:
        x[(b, t)] = (R(vals[0]), R(vals[1]))
        e.given(ln, f"x[{b},{t}] (random input)")
        t += 1
        if t == 8:
            b, t = b + 1, 0
    if text.rstrip().endswith("]]])"):
        break
    ln += 1
assert len(x) == 32


def mean(bb, tt, c):
    return sum(x[(bb, j)][c] for j in range(tt + 1)) / (tt + 1)


# --- the mask, zeros, -inf rows: inputs ------------------------------------------------------------
for i, text in enumerate(L, start=1):
    s = text.strip()
    if re.match(r"^(tensor\(\[)?\[1\., [01]\.", s) or re.match(r"^\[1\., [01]\.", s):
        e.given(i, "tril(ones(8, 8)) row")
    elif re.match(r"^(tensor\(\[)?\[0\., (0\.|-inf)", s):
        e.given(i, "zeros / masked row of wei")
    elif re.match(r"^row \d: \[(1\.0|0\.0), ", s) and "sum" not in s:
        e.given(i, "mask row restated")
for n in (1, 2):
    e.given(e.line("wei is an 8x8 matrix of zeros", n), "8x8 zeros")

# --- softmax of equal values -------------------------------------------------------------------------
for n in range(1, 3):
    ln3 = e.line("softmax([0, 0, 0]) = [0.333, 0.333, 0.333]", n)
    e.claim(ln3, "softmax of three zeros", ["0.333", "0.333", "0.333"], [R(1, 3)] * 3)
    ln2 = e.line("softmax([0, 0]) = [0.5, 0.5]", n)
    e.claim(ln2, "softmax of two zeros", ["0.5", "0.5"], [R(1, 2)] * 2)
    ln1 = e.line("softmax([0]) = [1.0]", n)
    e.claim(ln1, "softmax of one zero", ["1.0"], [1])

# --- the softmax tensor (printed twice) -----------------------------------------------------------------
for n in (1, 2):
    first = e.line("tensor([[1.0000, 0.0000", n)
    for t in range(8):
        ln = first + t
        printed = NUM.findall(L[ln - 1].split("tensor(")[-1])
        assert len(printed) == 8, (ln, printed)
        e.claim(ln, f"softmax weight row {t}", printed, exact_row(t))

# --- e^ examples ------------------------------------------------------------------------------------
for arg, printed in ((0, "1.0000"), (1, "2.7183"), (-1, "0.3679"), (-10, "0.0000453999"),
                     (-100, "0.00000000000000000000000000000000000000000003720076")):
    ln = e.line(f"   e^({arg}) = {printed}")
    e.claim(ln, f"e^({arg})", [printed], [sp.exp(arg)])

# --- row traces (code print lines and their outputs) ---------------------------------------------------------
for i, text in enumerate(L, start=1):
    s = text.strip()
    m = re.search(r"row (\d): input = \[", s)
    if m:
        e.given(i, f"masked input row {m.group(1)}")
        continue
    if re.search(r"e\^0 = 1", s) or re.search(r"e\^\(-inf\) = 0, ", s):
        pr = re.findall(r"e\^(?:0|\(-inf\)) = (\d)", s)
        ex = [sp.exp(0) if seg.startswith("e^0") else sp.exp(-sp.oo)
              for seg in re.findall(r"e\^(?:0|\(-inf\)) = \d", s)]
        e.claim(i, "e^0 and e^(-inf)", pr, ex)
        continue
    m = re.search(r"numerators = \[([^\]]*)\]", s)
    if m:
        nums_ = toks(m.group(1))
        k = nums_.count("1")
        e.claim(i, "numerators", nums_, [1] * k + [0] * (len(nums_) - k))
        continue
    m = re.search(r"   sum = (\d)'?\)?$", text) or re.search(r"^sum = (\d)$", s)
    if m and "." not in s:
        # the row index comes from the nearest preceding "numerators" line
        j = i - 1
        while "numerators = [" not in L[j - 1]:
            j -= 1
        k = toks(re.search(r"numerators = \[([^\]]*)\]", L[j - 1]).group(1)).count("1")
        e.claim(i, "sum of numerators", [m.group(1)], [k])
        continue
    m = re.search(r"softmax = \[(.*?)\] (=|≈) \[([^\]]*)\]", s)
    if m:
        fr = [f for f in toks(m.group(1)) if "/" in f]
        dec = toks(m.group(3))
        # the row length t+1 is the denominator of the fractions
        den = int(fr[0].split("/")[1])
        e.claim(i, f"softmax row {den - 1} fractions", fr, [R(*map(int, f.split("/"))) for f in fr])
        e.claim(i, f"softmax row {den - 1} decimals", dec, exact_row(den - 1, len(dec)))
        continue
    m = re.search(r"^actual: \[([^\]]*)\]", s)
    if m:
        vals = toks(m.group(1))
        t = sum(1 for v in vals if float(v) != 0.0) - 1
        e.claim(i, f"float32 softmax row {t}", vals, exact_row(t))
        continue
    m = re.search(r"^row (\d) sum: (\d\.\d{4})$", s)
    if m:
        e.claim(i, f"row {m.group(1)} sum", [m.group(2)], [1])

# --- the learned-weights illustration: values only restated ------------------------------------------
for needle in ("raw weights = [0.5, 0.8, 0.2, 0.9, ...]", "after masking row 1 = [0.5, 0.8, -inf, -inf, ...]",
               "softmax only considers 0.5 and 0.8", "result = [e^0.5 / (e^0.5 + e^0.8)"):
    for n in (1, 2):
        e.given(e.line(needle, n), "illustrative learned weights (no value computed)")

# --- shapes -------------------------------------------------------------------------------------------
for needle in ("# wei shape: (T, T) = (8, 8)", "# x shape: (B, T, C) = (4, 8, 2)",
               "# result shape: (B, T, C) = (4, 8, 2)", "- `wei` has shape (T, T) = (8, 8)",
               "- `x` has shape (B, T, C) = (4, 8, 2)", "The batch axis (B=4)", "- (8, 8) @ (8, 2) = (8, 2)",
               "shape (4, 8, 2) = (B, T, C).", "wei shape: torch.Size([8, 8])", "x[0] shape: torch.Size([8, 2])",
               "wei shape:    torch.Size([8, 8]) → (T=8, T=8)", "x shape:      torch.Size([4, 8, 2])",
               "result shape: torch.Size([4, 8, 2])"):
    e.given(e.line(needle), "shape bookkeeping")
for bb in range(4):
    e.given(e.line(f"- `wei @ x[{bb}]` gives batch {bb}"), "batch split")

# --- x_bow_3 = wei @ x -----------------------------------------------------------------------------------
first = e.line("x_bow_3 = wei @ x")
ln = e.line("tensor([[[ 1.9269,  1.4873],", 1, first)
b, t = 0, 0
while True:
    text = L[ln - 1]
    vals = NUM.findall(text)
    if len(vals) == 2:
        claim_or_hidden(ln, f"x_bow_3[{b},{t}]", vals, [mean(b, t, 0), mean(b, t, 1)])
        t += 1
        if t == 8:
            b, t = b + 1, 0
    if text.rstrip().endswith("]]])"):
        break
    ln += 1

# the reprint of x[0] before the position traces
ln = e.line("x[0] (the input for batch 0)", 2) + 1
for t in range(8):
    e.given(ln + t, f"x[0,{t}] restated")

# --- position-by-position traces for batch 0 -------------------------------------------------------------
for t in range(8):
    k = t + 1
    head = e.line(f"position {t} calculation", 3)      # the printed output block
    code_head = e.line(f"position {t} calculation", 1)
    for blk in (code_head, head):
        ln = e.line("this means:", 1, blk)
        ws = re.findall(r"(\d\.\d+) \* x\[", L[ln - 1])
        e.claim(ln, f"weights of row {t} as written", ws, [R(1, k) if ("0.0" != w) else 0 for w in ws])
    ln = e.line(f"wei[{t}] = [", 1, head)
    vals = toks(brackets(L[ln - 1].split("=", 1)[1])[0])
    e.claim(ln, f"wei[{t}] (float32)", vals, exact_row(t))
    # product lines and sums
    end = e.line("```", 1, head + 1)
    feat = -1
    for i in range(head + 1, end):
        s = L[i - 1]
        if s.startswith("for feature"):
            feat = int(s.split()[-1])
            continue
        m = re.match(r"^ *\+? *(\d\.\d{4}) \* (-?\d\.\d{4}) = (-?\d\.\d{4})$", s)
        if m:
            w, xv, prod = m.groups()
            e.claim(i, "printed weight", [w], [R(1, k)])
            e.given(i, "x value restated")
            claim_or_hidden(i, "weight x value", [prod], [R(xv) / k])
            continue
        m = re.match(r"^   sum = (-?\d\.\d{4})$", s)
        if m:
            claim_or_hidden(i, f"running mean, position {t}, feature {feat}", [m.group(1)], [mean(0, t, feat)])
            continue
        if s.startswith("result: x_bow_3[0, ") or s.startswith(f"(x[0,0]"):
            vals = toks(brackets(s.split("=", 1)[1])[0])
            claim_or_hidden(i, f"x_bow_3[0,{t}] (float32)", vals, [mean(0, t, 0), mean(0, t, 1)])
            continue
        if s.startswith("verify: x[0, 0]"):
            e.given(i, "x[0,0] at full float32 precision")

# --- e^(-inf) = 0 wherever it is stated ------------------------------------------------------------------
for i, text in enumerate(L, start=1):
    if "e^(-inf) = 0" in text and i not in e.verdicts:
        e.claim(i, "e^(-inf)", ["0"], [sp.exp(-sp.oo)])

e.done()
