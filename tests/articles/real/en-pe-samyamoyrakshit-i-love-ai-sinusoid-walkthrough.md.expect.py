# Expected verdicts for en-pe-samyamoyrakshit-i-love-ai-sinusoid-walkthrough.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A line-by-line walkthrough of the sinusoidal PositionalEncoding module on "I love AI": batch 1, seq_len 3,
#   d_model 4, max_len 5 in the first walkthrough (the "Example" section uses the module's default max_len = 5000,
#   printed in the __init__ signature further down); embeddings x = [[0.1,0.2,0.3,0.4],[0.5,0.6,0.7,0.8],
#   [0.9,1.0,1.1,1.2]].  div_term = exp(arange(0,4,2) * (-ln 10000 / 4)) = [1, 10000^(-1/2)] = [1, 1/100] exactly.
#   PE(pos) = [sin(pos), cos(pos), sin(pos/100), cos(pos/100)]:
#     pos 1: sin 1 = 0.841471, cos 1 = 0.540302, sin 0.01 = 0.0099998, cos 0.01 = 0.99995000042 (rounds UP to
#            1.00 / 1.0000: it lies just above the 0.99995 tie);
#     pos 2: sin 2 = 0.909297, cos 2 = -0.416147, sin 0.02 = 0.0199987, cos 0.02 = 0.99980001.
#   x + PE: "love" = [1.341471, 1.140302, 0.709998, 1.799950] -> 1.34 1.14 0.71 1.80 (right);
#           "AI"   = [1.809297, 0.583853, 1.119999, 2.199800] -> 1.81 0.58 1.12 2.20 (right).
# Wrong lines (4), all truncations of cos values:
#   - the first pe print, row 1 [0.84, 0.54, 0.01, 0.99]: cos 0.01 = 0.99995 rounds to 1.00 (slip);
#   - row 2 [0.91,-0.41, 0.02, 0.99]: cos 2 = -0.4161 rounds to -0.42 and cos 0.02 = 0.9998 to 1.00 (slip);
#     the "Example" section later prints these same entries correctly as 1.00 and -0.42;
#   - the 4-place cosine table, position 1: cos(0.01) printed 0.9999 for 0.99995000042 -> 1.0000 (slip);
#   - the 4-place pe matrix restates that 0.9999 (carried).
# Everything else is right: log(10000) = 9.21, -0.75 * 9.21 = -6.91, exp(-6.91) ~ 0.001 = 10000^-0.75,
#   10000^0.75 = 10^3 = 1000, 5000 x 512 = 2.56M, a (5000, 256) float32 table ~5 MB (5.12 MB), rows 0..4999 and
#   0..127, the shape bookkeeping, and the Python outputs (10.000000000000002 for e^(ln 10), -ln(100) =
#   -4.605170185988092, [-0.0000, -2.3026], [1.0000, 0.1000], the slicing and broadcasting prints).
# Inputs and labels (settings, embeddings, code constants, quoted paper values, config values 128/256/5000/16000,
#   step and token headings) are given.  No ambiguous lines.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["pe", "sinusoidal", "shapes", "broadcasting", "log-exp"])


def at(n, needle):
    assert needle in e.lines[n - 1], (n, needle, e.lines[n - 1])
    return n


def find(needle, nth=1, after=0):
    return e.line(needle, nth, after)


X = M([["1/10", "2/10", "3/10", "4/10"], ["5/10", "6/10", "7/10", "8/10"], ["9/10", "1", "11/10", "12/10"]])
div = [sp.Integer(1), sp.Integer(10000) ** R(-2, 4)]           # = [1, 1/100]


def pe_row(p):
    return [sp.sin(p * div[0]), sp.cos(p * div[0]), sp.sin(p * div[1]), sp.cos(p * div[1])]


PE = [pe_row(p) for p in range(3)]

# every heading / label line that carries a digit only as a label
for ln in range(1, len(e.lines) + 1):
    t = e.lines[ln - 1]
    if t.startswith("#") and any(k in t for k in ("1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣")):
        e.given(ln, "step label")
for needle in ("## 🔹 Step 0: Input embeddings", "## Step 1: Embeddings out of", "## Step 2: Building the table",
               "## Step 3: Adding position information", "### Token 1: `\"I\"` (position 0)",
               "### Token 2: `\"love\"` (position 1)", "### Token 3: `\"AI\"` (position 2)",
               "### 1. **Fixed sinusoids**", "### 2. **Learned position embeddings**", "## Why 5000?",
               "# What `max_len` is for (and why 5000)"):
    e.given(find(needle), "heading / label")

# --- first walkthrough: settings and embeddings
for needle, what in (("batch_size = 1", "batch size"), ("seq_len = 3", "seq_len"), ("d_model = 4   (must be even)", "d_model"),
                     ("max_len = 5   (small", "max_len")):
    e.given(find(needle), what)
e.claim(find("x.shape = (1, 3, 4)"), "x shape", ["1", "3", "4"], [1, 3, 4])
for i, needle in enumerate(("[0.1, 0.2, 0.3, 0.4],   # I", "[0.5, 0.6, 0.7, 0.8],   # love", "[0.9, 1.0, 1.1, 1.2]    # AI")):
    e.given(find(needle), f"embedding row {i + 1}")
e.given(find("assert d_model % 2 == 0"), "code")
e.given(find("(dim0 sin, dim1 cos)"), "dimension labels")
e.given(find("(dim2 sin, dim3 cos)"), "dimension labels")
L = find("(5, 4)")
e.claim(L, "zeros table shape (max_len, d_model)", ["5", "4"], [5, 4])
L = find("[0,0,0,0],   # position 0")
for p in range(5):
    e.claim(at(L + p, f"# position {p}"), f"zero row {p}", ["0"], [0])
e.given(find("position = torch.arange(0, max_len).unsqueeze(1)"), "code")
e.claim(find("[0,1,2,3,4]"), "arange(0, 5)", ["0", "1", "2", "3", "4"], [0, 1, 2, 3, 4])
e.claim(find("shape = (5,)"), "shape before unsqueeze", ["5"], [5])
L = find("[[0],")
for p in range(5):
    e.claim(L + p, f"position {p}", [str(p)], [p])
e.claim(find("shape = (5,1)"), "shape after unsqueeze", ["5", "1"], [5, 1])
e.given(find("#### ❓ What is `unsqueeze(1)` for?"), "code in heading")
L = find("position.shape = (5,1)")
e.claim(L, "position shape", ["5", "1"], [5, 1])
e.claim(L + 1, "div_term shape", ["2"], [2])
e.claim(find("(5,1) * (2,) → (5,2)"), "broadcast shapes", ["5", "1", "2", "5", "2"], [5, 1, 2, 5, 2])
L = find("torch.arange(0, d_model, 2).float()")
e.given(L, "code")
e.given(L + 1, "code constant 10000")
L = find("torch.arange(0, 4, 2)")
e.claim(L, "arange with d_model = 4", ["0", "4", "2"], [0, 4, 2])
e.claim(L + 1, "arange(0, 4, 2)", ["0", "2"], [0, 2])
e.claim(find("(2,)", 1, find("→ [0, 2]")), "div_term shape", ["2"], [2])
e.given(find("The stride of 2 is there because"), "arange step")
e.claim(find("we fill even indices only (0,2)"), "even indices", ["0", "2"], [0, 2])
e.given(find("Evaluating it for d_model=4:"), "d_model")
e.claim(find("div_term = [1.0, 0.01]"), "div_term", ["1.0", "0.01"], div)
e.claim(find("(2,)", 1, find("div_term = [1.0, 0.01]")), "div_term shape", ["2"], [2])
e.given(find("pe[:, 0::2] = torch.sin(position * div_term)"), "code")
L = find("position.shape = (5,1)", 2)
e.claim(L, "position shape", ["5", "1"], [5, 1])
e.claim(L + 1, "div_term shape", ["2"], [2])
e.claim(find("(5,2)", 1, find("Broadcasting gives")), "broadcast shape", ["5", "2"], [5, 2])
L = find(" [0*1,   0*0.01],")
for p in range(3):
    e.claim(L + p, f"position {p} times div_term", [str(p), "1", str(p), "0.01"], [p, div[0], p, div[1]])
e.claim(find("and the sine keeps the shape `(5,2)`."), "shape", ["5", "2"], [5, 2])
e.given(find("pe[:, 0::2]", 2), "slice syntax")
e.given(find("where `0::2` selects the columns"), "slice syntax")
e.claim(find("0, 2", 1, find("where `0::2` selects the columns")), "columns", ["0", "2"], [0, 2])
e.claim(find("(5,2)", 1, find("where `0::2` selects the columns")), "slice shape", ["5", "2"], [5, 2])
e.given(find("pe[:, 1::2] = torch.cos(position * div_term)"), "code")
e.given(find("Here `1::2` picks"), "slice syntax")
e.claim(find("columns 1 and 3"), "odd columns", ["1", "3"], [1, 3])
L0 = find("columns 1 and 3")
e.claim(find("(5,2)", 1, L0), "slice shape", ["5", "2"], [5, 2])
e.claim(find("(5,2)", 2, L0), "cos output shape", ["5", "2"], [5, 2])
# the first pe print (2 places)
L = find(" [0.00, 1.00, 0.00, 1.00],")
e.claim(L, "pe row 0", ["0.00", "1.00", "0.00", "1.00"], PE[0])
e.claim(at(L + 1, "[0.84, 0.54, 0.01, 0.99]"), "pe row 1 (cos 0.01 = 0.99995 -> 1.00)",
        ["0.84", "0.54", "0.01", "0.99"], PE[1], cause="slip")
e.claim(at(L + 2, "[0.91,-0.41, 0.02, 0.99]"), "pe row 2 (cos 2 = -0.4161 -> -0.42; cos 0.02 = 0.9998 -> 1.00)",
        ["0.91", "-0.41", "0.02", "0.99"], PE[2], cause="slip")
L0 = L + 3
e.claim(find("(5,4)", 1, L0), "pe shape", ["5", "4"], [5, 4])
e.given(find("pe = pe.unsqueeze(0)"), "code")
e.claim(find("(5,4)", 2, L0), "shape before", ["5", "4"], [5, 4])
e.claim(find("(1,5,4)", 1, L0), "shape after", ["1", "5", "4"], [1, 5, 4])
e.claim(find("(1, max_len, d_model)"), "batch axis", ["1"], [1])
e.claim(find("(1, 3, 4)", 1, find("(1, max_len, d_model)")), "x shape", ["1", "3", "4"], [1, 3, 4])
# forward
L0 = find("## 🔹 Inside forward()")
e.given(find("x = x + self.pe[:, :x.size(1)]", 1, L0), "code")
L = find("x.shape = (1,3,4)")
e.claim(L, "x shape", ["1", "3", "4"], [1, 3, 4])
e.claim(L + 1, "pe buffer shape", ["1", "5", "4"], [1, 5, 4])
e.claim(find("self.pe[:, :3]", 1, L0), "slice to seq_len", ["3"], [3])
e.claim(find("(1,3,4)", 1, L + 2), "sliced shape", ["1", "3", "4"], [1, 3, 4])
e.claim(find("(1,3,4) + (1,3,4)"), "shapes added", ["1", "3", "4", "1", "3", "4"], [1, 3, 4, 1, 3, 4])
e.claim(find("(1,3,4)", 1, find("so the output is still")), "output shape", ["1", "3", "4"], [1, 3, 4])
for needle, pr, ex in (("| zeros        | (5,4)", ["5", "4"], [5, 4]), ("| arange       | (5,)", ["5"], [5]),
                       ("| unsqueeze    | (5,1)", ["5", "1"], [5, 1]), ("| div_term     | (2,)", ["2"], [2]),
                       ("| sin result   | (5,2)", ["5", "2"], [5, 2]), ("| unsqueeze(0) | (1,5,4)", ["0", "1", "5", "4"], [0, 1, 5, 4]),
                       ("| slice        | (1,3,4)", ["1", "3", "4"], [1, 3, 4])):
    e.claim(find(needle), "shape table row", pr, ex)

# --- "Example" section
for needle, what in (("* `seq_len = 3`", "seq_len"), ("* Assume `batch_size = 1`", "batch"), ("* Choose `d_model = 4`", "d_model")):
    e.given(find(needle), what)
e.claim(find("x.shape = (1, 3, 4)  # (batch_size"), "x shape", ["1", "3", "4"], [1, 3, 4])
e.given(find("[  # batch 0"), "batch label")
for i, needle in enumerate(('[0.10, 0.20, 0.30, 0.40],   # "I"', '[0.50, 0.60, 0.70, 0.80],   # "love"',
                            '[0.90, 1.00, 1.10, 1.20]    # "AI"')):
    e.given(find(needle), f"embedding row {i + 1}")
e.claim(find("pe.shape = (5000, 4)"), "table shape with the default max_len = 5000", ["5000", "4"], [5000, 4])
L0 = find("## Step 2: Building the table")
e.given(find("position = torch.arange(0, max_len).unsqueeze(1)", 1, L0), "code")
L = find(" [0],", 1, L0)
for p in range(3):
    e.claim(L + p, f"position {p}", [str(p)], [p])
e.claim(find("(5000, 1)"), "position shape", ["5000", "1"], [5000, 1])
e.given(find("div_term = exp(arange(0, d_model, 2) * (-log(10000) / d_model))"), "formula")
e.given(find("With `d_model = 4`:"), "d_model")
e.claim(find("arange(0, 4, 2) = [0, 2]"), "arange", ["0", "4", "2", "0", "2"], [0, 4, 2, 0, 2])
e.claim(find("10000^(-0/4) = 1.0,"), "div_term[0]", ["10000", "0", "4", "1.0"], [10000, 0, 4, div[0]])
e.claim(find("10000^(-2/4) = 10000^(-0.5) ≈ 0.01"), "div_term[1]", ["10000", "2", "4", "0.5", "0.01"],
        [10000, 2, 4, R(1, 2), div[1]])
e.given(find("pe[:, 0::2] = sin(position * div_term)"), "code")
e.claim(find("| position | sin(pos * 1.0) | sin(pos * 0.01) |"), "div_term in headers", ["1.0", "0.01"], div)
L = find("| 0        | 0.0000         | 0.0000          |")
for p in range(3):
    e.claim(L + p, f"sin row {p}", [["0.0000", "0.0000"], ["0.8415", "0.0100"], ["0.9093", "0.0200"]][p] + [str(p)],
            [PE[p][0], PE[p][2], p])
e.given(find("pe[:, 1::2] = cos(position * div_term)"), "code")
e.claim(find("| position | cos(pos * 1.0) | cos(pos * 0.01) |"), "div_term in headers", ["1.0", "0.01"], div)
L = find("| 0        | 1.0000         | 1.0000          |")
e.claim(L, "cos row 0", ["0", "1.0000", "1.0000"], [0, PE[0][1], PE[0][3]])
e.claim(at(L + 1, "| 0.5403         | 0.9999"), "cos row 1 (cos 0.01 = 0.99995000042 -> 1.0000)", ["1", "0.5403", "0.9999"],
        [1, PE[1][1], PE[1][3]], cause="slip")
e.claim(L + 2, "cos row 2", ["2", "-0.4161", "0.9998"], [2, PE[2][1], PE[2][3]])
L = find(" [ 0.0000,  1.0000, 0.0000, 1.0000 ],  # position 0")
e.claim(L, "pe row 0", ["0.0000", "1.0000", "0.0000", "1.0000", "0"], PE[0] + [0])
e.claim(L + 1, "pe row 1 (restates 0.9999)", ["0.8415", "0.5403", "0.0100", "0.9999", "1"], PE[1] + [1], cause="carried")
e.claim(L + 2, "pe row 2", ["0.9093", "-0.4161", "0.0200", "0.9998", "2"], PE[2] + [2])
e.given(find("pe = pe.unsqueeze(0)", 1, L0), "code")
e.claim(find("pe.shape = (1, 5000, 4)"), "buffer shape", ["1", "5000", "4"], [1, 5000, 4])
L0 = find("## Step 3: Adding position information")
e.given(find("x = x + self.pe[:, :x.size(1)]", 1, L0), "code")
e.claim(find("self.pe[:, :3] → shape (1, 3, 4)"), "slice", ["3", "1", "3", "4"], [3, 1, 3, 4])
tokens = [("### Token 1:", 0, ["0.10, 0.20, 0.30, 0.40"], ["0.00", "1.00", "0.00", "1.00"], ["0.10", "1.20", "0.30", "1.40"]),
          ("### Token 2:", 1, None, ["0.84", "0.54", "0.01", "1.00"], ["1.34", "1.14", "0.71", "1.80"]),
          ("### Token 3:", 2, None, ["0.91", "-0.42", "0.02", "1.00"], ["1.81", "0.58", "1.12", "2.20"])]
for needle, p, _, pe_pr, sum_pr in tokens:
    H = find(needle)
    e.given(H + 3, f"embedding of token {p + 1} (restated)")
    e.claim(H + 5, f"PE row {p} (2 places)", pe_pr, PE[p])
    e.claim(H + 7, f"x + PE, token {p + 1}", sum_pr, [X[p, j] + PE[p][j] for j in range(4)])

# --- log section
e.claim(find("# The natural logarithm of 'e' is 1"), "ln e", ["1"], [1])
e.given(find("x = 10", 1, find("# Calculate the natural logarithm")), "x = 10")
e.claim(find("The natural logarithm of e is: 1.0"), "ln e printed", ["1.0"], [1])
e.claim(find("is: 10.000000000000002"), "e^(ln 10) as a float", ["10", "10.000000000000002"], [10, 10])
e.given(find("not **$\\log_{10} $**"), "log base 10 named")
e.given(find("raising `10000**x` directly"), "base 10000")
e.given(find("10000 ** (2i / d_model)"), "formula")
e.given(find("* or underflow to `0` for tiny values"), "zero named")
e.given(find("* may overflow to `inf` in float32"), "float32 named")
e.given(find("exp(-log(10000) * x)"), "formula")
e.given(find("\\frac{1}{10000^{0.75}}"), "target 1/10000^0.75")
e.given(find("10000 ** 0.75"), "code")
e.claim(find("10000^{0.75} = (10^4)^{0.75} = 10^3 = 1000"), "10000^0.75",
        ["10000", "0.75", "10", "4", "0.75", "10", "3", "1000"], [10000, R(3, 4), 10, 4, R(3, 4), 10, 3, 1000])
e.given(find("exponents such as `0.99`, `1.5`"), "illustrative exponents")
e.given(find("\\frac{1}{10000^{0.75}}", 2), "target restated")
e.given(find("= e^{-0.75 \\log(10000)}"), "identity")
e.given(find("math.exp(-0.75 * math.log(10000))"), "code")
e.claim(find("log(10000) = 9.21"), "ln 10000", ["10000", "9.21"], [10000, sp.log(10000)])
e.claim(find("-0.75 * 9.21 = -6.91"), "-0.75 ln 10000", ["0.75", "9.21", "-6.91"],
        [R(3, 4), sp.log(10000), -R(3, 4) * sp.log(10000)])
e.claim(find("exp(-6.91) ≈ 0.001"), "exp(-0.75 ln 10000)", ["-6.91", "0.001"],
        [-R(3, 4) * sp.log(10000), sp.exp(-R(3, 4) * sp.log(10000))])
L = find("10000^{-0.75}")
e.given(L, "target")
e.claim(L + 1, "1/10000^0.75", ["10000", "0.75"], [10000, R(3, 4)])
e.claim(L + 2, "= 1/1000", ["1", "1000"], [1, sp.Integer(10000) ** R(3, 4)])
e.claim(L + 3, "= 0.001", ["0.001"], [sp.Integer(10000) ** R(-3, 4)])
e.given(find("10000^{-0.75} = e^{-0.75 \\ln(10000)}"), "identity")

# --- register_buffer section
e.given(find("def __init__(self, d_model: int, dropout: float = 0.1, max_len: int = 5000):"), "signature defaults")
e.given(find("# Step 1: Create a local variable 'pe'"), "comment label")
e.claim(find("pe = pe.unsqueeze(0)  # Shape: (1, max_len, d_model)"), "unsqueeze(0) adds a leading 1", ["0", "1"], [0, 1])
e.given(find("# Step 2: Register it as a buffer named 'pe'"), "comment label")
e.given(find("model = PositionalEncoding(d_model=512)"), "d_model = 512")
e.claim(find("# torch.Size([1, 5000, 512])"), "buffer shape", ["1", "5000", "512"], [1, 5000, 512])
e.given(find("# cuda:0"), "device name")
e.given(find("│ pe = torch.zeros(5000, 512)         │"), "table size")
e.given(find("│ x = x + self.pe[:, :x.size(1)]      │"), "code in the box")

# --- training / dropout / max_len
e.given(find("The paper (Section 3.5) gives its reason:"), "section number")
e.given(find("self.pos_embedding = nn.Parameter(torch.randn(1, max_len, d_model))"), "code")
e.claim(find("(e.g., 5000 × 512 = 2.56M extra parameters)"), "learned PE parameters", ["5000", "512", "2.56"],
        [5000, 512, R(5000 * 512, 10**6)])
e.given(find("**It does**, in Section 5.4 (Regularization):"), "section number")
e.given(find("we use a rate of **$P_{drop} = 0.1$**"), "quoted dropout rate")
e.given(find("at `0.1` for the base `transformer`."), "dropout rate restated")
e.given(find("pe = torch.zeros(max_len, d_model)  # shape: (5000, 256)"), "config table size (d_model 256)")
e.claim(find("one row for each position (0 to 4999)"), "rows 0..max_len-1", ["0", "4999"], [0, 5000 - 1])
e.claim(find("# if seq_len=128, uses rows 0–127"), "rows used", ["128", "0", "127"], [128, 0, 127])
e.given(find("| `model.max_len` | 5000 |"), "config")
e.given(find("| `training.max_seq_len` | 128 |"), "config")
e.given(find("The 128 is what is actually used; the 5000 is what"), "config restated")
e.given(find("The paper gives no value. 5000 is simply a roomy margin:"), "config restated")
e.given(find("(e.g. 128 → 512 → 1024)"), "example lengths")
e.claim(find("float tensor is only ~5MB"), "5000 x 256 float32 in MB", ["5000", "256", "5"],
        [5000, 256, R(5000 * 256 * 4, 10**6)], rounded_int=True)
e.claim(find("A 6000-token sequence with `max_len=5000`"), "first missing row", ["6000", "5000", "5000"], [6000, 5000, 5000])
e.given(find("because `max_seq_len` (128) cuts every sequence far below 5000"), "config restated")
e.claim(find("(e.g. 16000). ID 15999 is valid"), "largest token ID", ["16000", "15999"], [16000, 16000 - 1])
e.given(find("indexed by **position** 0, 1, ... N"), "positions named")

# --- small experiments
e.given(find("a = [1,2,3,4,5,6,7,8]"), "list")
for needle in ("print(a[0::2])", "print(a[1::2])", "print(a[::-1])"):
    e.given(find(needle), "code")
a = list(range(1, 9))
e.claim(find("[1, 3, 5, 7]"), "a[0::2]", ["1", "3", "5", "7"], a[0::2])
e.claim(find("[2, 4, 6, 8]"), "a[1::2]", ["2", "4", "6", "8"], a[1::2])
e.claim(find("[8, 7, 6, 5, 4, 3, 2, 1]"), "a[::-1]", [str(v) for v in a[::-1]], a[::-1])
L0 = find("## 2️⃣ ")
for needle in ("d_model = 4", "n = 100", "i_2 = torch.arange(0, d_model, 2)",
               "div_term = torch.exp(i_2 * -(math.log(n) / d_model))", "print(i_2)",
               "print(f\"{i_2} * {-math.log(n)} / {d_model}"):
    e.given(find(needle, 1, L0), "code")
e.claim(find("tensor([0, 2])", 1, L0 + 12), "i_2", ["0", "2"], [0, 2])
L = find("tensor([0, 2]) * -4.605170185988092 / 4 = tensor([-0.0000, -2.3026])")
e.claim(L, "i_2 * -ln(100) / 4", ["0", "2", "-4.605170185988092", "4", "-0.0000", "-2.3026"],
        [0, 2, -sp.log(100), 4, 0, -2 * sp.log(100) / 4])
e.claim(find("tensor([1.0000, 0.1000])"), "exp(i_2 * -ln(100)/4)", ["1.0000", "0.1000"],
        [1, sp.exp(-2 * sp.log(100) / 4)])
e.claim(find("torch.Size([2])"), "div_term shape", ["2"], [2])
L0 = find("## 3️⃣")
e.given(find("a = torch.tensor([1,2,3,4])", 1, L0), "tensor a")
e.given(find("b = torch.tensor([2,2,2])", 1, L0), "tensor b")
for needle in ("a_1 = torch.unsqueeze(a, dim=1)", "print(a_1)", "print(f\"shape of a: {a_1.shape}\\n\")", "print(a_1*b)",
               "print(f\"shape of a*b: {(a_1*b).shape}\")", "a_0 = torch.unsqueeze(a, dim=0)", "print(a_0)",
               "print(f\"shape of a: {a_0.shape}\\n\")", "    print(a_0*b)", "    print(f\"shape of a*b: {(a_0*b).shape}\")"):
    e.given(find(needle, 1, L0), "code")
Lo = find("**output:**", 1, L0)
e.claim(find("shape of a: torch.Size([4])", 1, Lo), "a.shape", ["4"], [4])
e.claim(find("shape of b: torch.Size([3])", 1, Lo), "b.shape", ["3"], [3])
e.claim(find("at non-singleton dimension 0", 1, Lo), "broadcast error (4 vs 3, dim 0)", ["4", "3", "0"], [4, 3, 0])
L = find("tensor([[1],", 1, Lo)
for k in range(4):
    e.claim(L + k, f"a_1 row {k}", [str(k + 1)], [k + 1])
e.claim(find("shape of a: torch.Size([4, 1])", 1, Lo), "a_1.shape", ["4", "1"], [4, 1])
L = find("tensor([[2, 2, 2],", 1, Lo)
for k in range(4):
    e.claim(L + k, f"a_1*b row {k}", [str(2 * (k + 1))] * 3, [2 * (k + 1)] * 3)
e.claim(find("shape of a*b: torch.Size([4, 3])", 1, Lo), "a_1*b shape", ["4", "3"], [4, 3])
e.claim(find("tensor([[1, 2, 3, 4]])", 1, Lo), "a_0", ["1", "2", "3", "4"], [1, 2, 3, 4])
e.claim(find("shape of a: torch.Size([1, 4])", 1, Lo), "a_0.shape", ["1", "4"], [1, 4])
e.claim(find("at non-singleton dimension 1", 1, Lo), "broadcast error (4 vs 3, dim 1)", ["4", "3", "1"], [4, 3, 1])
e.done()
