# Expected verdicts for en-basic-saliherdemk-date-transformer-tables.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the character vocabulary (10 digits, 26 + 26 letters, 6 specials, ids in order), d_model = 16, the
#   "Before Positional Encoding" table (4 tokens at pos 0..3) and the printed Q @ K^T table (12 x 12, 4 places).
#   X, Q, the embedding sample and the Output table are notebook prints whose weights (W_Q, W_K, W_V) and V are
#   not printed: X and the embeddings are inputs (given), Q and Output cannot be recomputed (ambiguous).
# Exact: After-PE = Before + PE(pos) with PE(pos, 2i) = sin(pos / 10000^(2i/16)), PE(pos, 2i+1) = cos(same);
#   attention weights = softmax(QK^T / sqrt(16)) row by row, from the printed 4-place scores.
# Wrong lines:
# - After-PE rows for tokens 0 (pos 1), 62 (pos 2) and 65 (pos 3): 7 entries are one unit off in the 4th place
#   (4.7947, 2.2831 / 3.1566, 4.4877 / -2.1904, -4.9347, -5.5704), e.g. 4.6948 + sin(0.1) = 4.79463 -> 4.7946,
#   -3.0031 + sin(3/10000^(1/8)) = -2.190451 -> -2.1905.  The notebook added PE to unrounded embeddings, so the
#   printed sums drift from the printed operands (drift).
# - Attention-weight row 3: col 3 prints 0.0016; from the printed scores it is 0.00154999 (drift, a near-tie
#   decided by the hidden digits of the scores).
# - Attention-weight row 5: col 8 prints 0.4457; from the printed scores it is 0.445645 -> 0.4456 (drift).
# - Attention-weight row 9: col 10 prints 0.9999; the exact weight is 0.999964, which rounds to 1.0000 (the
#   print is truncated; the hidden digits of the scores cannot move it that far) (slip).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "scaling", "softmax", "positional-encoding", "markdown-table",
                                            "tokenization", "mha"])


def cells(line_no):
    return [c.strip() for c in e.lines[line_no - 1].strip().strip('|').split('|')]


# vocabulary and tokenisation
e.given(e.line("- 0-9 -> 10 characters"), "10 digits")
e.given(e.line("- A-Z -> 26 characters"), "26 upper-case letters")
e.given(e.line("- a-z -> 26 characters"), "26 lower-case letters")
e.given(e.line("`<pad>` -> 6 characters"), "6 special tokens")
e.claim(e.line("That gives 68 tokens in total"), "vocabulary size 10 + 26 + 26 + 6", "68", 10 + 26 + 26 + 6)
vocab = {}
for k in range(10):
    vocab[str(k)] = k
for k in range(26):
    vocab[chr(65 + k)] = 10 + k
    vocab[chr(97 + k)] = 36 + k
vocab.update({"-": 62, ",": 63, " ": 64, "<sos>": 65, "<eos>": 66, "<pad>": 67})
L = e.line("| 0-9       | 0-9   |")
e.claim(L, "digit ids", ["0", "9", "0", "9"], [0, 9, vocab["0"], vocab["9"]])
e.claim(L + 1, "A-Z ids", ["10", "35"], [vocab["A"], vocab["Z"]])
e.claim(L + 2, "a-z ids", ["36", "61"], [vocab["a"], vocab["z"]])
e.claim(L + 3, "'-' id", "62", vocab["-"])
e.claim(L + 4, "',' id", "63", vocab[","])
e.claim(L + 5, "space id", "64", vocab[" "])
e.claim(L + 6, "<sos> id", "65", vocab["<sos>"])
e.claim(L + 7, "<eos> id", "66", vocab["<eos>"])
e.claim(L + 8, "<pad> id", "67", vocab["<pad>"])


def ids_claim(line_no, text, tail):
    toks = ["<sos>"] + list(text) + ["<eos>"] + tail
    s = e.lines[line_no - 1]
    lst = s[s.rindex("[") + 1: s.rindex("]")]
    printed = [p.strip() for p in lst.split(",")]
    # claim the whole list as one string check plus value by value (each printed token is on the line)
    ent = e._entry(line_no)
    exact = [vocab[t] for t in toks]
    item = {"what": f"token ids of {text!r}", "printed": printed}
    bad = [(p, x) for p, x in zip(printed, exact) if int(p) != x]
    if bad or len(printed) != len(exact):
        item.update(wrong=[{"printed": p, "exact": str(x)} for p, x in bad], cause="slip")
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


ids_claim(e.line("`1676-11-30` -> `<sos>1676-11-30<eos>`"), "1676-11-30", [])
L = e.line("The longest input is 10")
e.claim(L, "input length 10 + 2", ["10", "2", "12"], [len("1676-11-30"), 2, len("1676-11-30") + 2])
e.claim(L, "output length 18 + 2", ["18", "20"], [len("September 28, 1976"), len("September 28, 1976") + 2])
ids_claim(e.line("`November 30, 1676` -> "), "November 30, 1676", ["<pad>"])

# embeddings
e.claim(e.line("With 68 tokens in the vocabulary and an embedding width of 16"), "vocabulary size and width",
        ["68", "16"], [68, 16])
L = e.line("|65| 0.7886")
for k in range(4):
    e.given(L + k, f"sampled embedding row {k + 1}")

# positional encoding tables
d = 16


def PE(pos, j):
    i2 = j - (j % 2)
    ang = R(pos) / sp.Integer(10000) ** R(i2, d)
    return sp.sin(ang) if j % 2 == 0 else sp.cos(ang)


Lb = e.line("| 65       | -1.0169  | 3.7117")
before = []
for k in range(4):
    c = cells(Lb + k)
    before.append(c[1:])
    e.given(Lb + k, f"embedding before PE, token {c[0]} at pos {k}")
La = e.line("| 65       | -1.0169  | 4.7117")
for k in range(4):
    c = cells(La + k)
    exact = [sp.Rational(before[k][j]) + PE(k, j) for j in range(d)]
    cause = "slip" if k == 0 else "drift"
    e.claim(La + k, f"after PE, token {c[0]} at pos {k} (= before + PE({k}, .))", c[1:], exact, cause=cause)

L = e.line("PE(0,0) = sin(")
e.claim(L, "PE(0,0): 2*0/16 and the value", ["2", "0", "16", "0"], [2, 0, 16, PE(0, 0)])
L = e.line("PE(3,0) = sin(")
e.claim(L, "PE(3,0) = sin(3)", ["3", "0.1411"], [3, sp.sin(3)])
e.claim(e.line("which is why its first dimension becomes -0.8758"), "first dim of token 65 at pos 3", "-0.8758",
        sp.Rational("-1.0169") + sp.sin(3))
e.claim(e.line("-1.0169 + 0.1411 = -0.8758"), "-1.0169 + 0.1411", "-0.8758", sp.Rational("-1.0169") + sp.Rational("0.1411"))

# X and Q tables (notebook prints)
L = e.line("### X")
for k in range(12):
    e.given(L + 4 + k, f"X row {k}")
L = e.line("### Q ")
for k in range(12):
    e.ambiguous(L + 4 + k, f"Q row {k} = X W_Q; W_Q is random and not printed")

# scores and weights
L = e.line("### Q @ K^T")
S = []
for k in range(12):
    c = cells(L + 4 + k)
    S.append(c[1:])
    e.given(L + 4 + k, f"Q @ K^T row {k} (K is not printed; the scores are the input of the softmax)")
S = M(S)
P = softmax_rows(S / sp.sqrt(d))
L = e.line("### Attention Weights = ")
for k in range(12):
    c = cells(L + 4 + k)
    causes = {3: "drift", 5: "drift", 9: "slip"}
    e.claim(L + 4 + k, f"attention weights row {k} = softmax(QK^T / sqrt(16))", c[1:],
            [P[k, j] for j in range(12)], cause=causes.get(k, "slip"))
e.claim(e.line("token 7 (0.9957)"), "weight of token 0 on token 7", "0.9957", P[0, 7])

# output table
L = e.line("### Output")
for k in range(12):
    e.ambiguous(L + 4 + k, f"output row {k} = weights @ V; V is not printed")

# multi-head split
L = e.line("each head works on 16/4 = 4")
e.claim(L, "head size", ["16", "4", "4"], [16, 4, R(16, 4)])
e.claim(e.line("- Q shape per head: (seq_len, 4)"), "Q width per head", "4", R(16, 4))
e.claim(e.line("- K shape per head: (seq_len, 4)"), "K width per head", "4", R(16, 4))
e.claim(e.line("- V shape per head: (seq_len, 4)"), "V width per head", "4", R(16, 4))
e.claim(e.line("- Attention output per head: (seq_len, 4)"), "output width per head", "4", R(16, 4))
e.claim(e.line("concatenated back to (seq_len, 16)"), "concatenated width", "16", 4 * R(16, 4))
e.done()
