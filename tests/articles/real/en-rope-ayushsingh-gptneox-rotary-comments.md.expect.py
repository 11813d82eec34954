# Expected verdicts for en-rope-ayushsingh-gptneox-rotary-comments.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A notebook (AyushSingh1722, "Extending the context length of LLMs", 2.1 GPT-NeoX rotary embeddings) whose numbers are
# all written by hand: code comments that show what inv_freq, t, freqs and emb "would" hold, a Markdown cell that
# re-reads the emb table, and a toy run of rotate_half / apply_rotary_pos_emb with a hand-typed "Output" block.
# Inputs: dim = 8, base = 10000 (stated in the comment); sequence length 10, t = arange(10);
#   inv_freq = 1 / base^(arange(0, dim, 2)/dim); freqs = outer(t, inv_freq); emb = cat(freqs, freqs).
#   Toy example: q = [[0.1,0.2],[0.3,0.4],[0.5,0.6],[0.7,0.8]], cos and sin typed by hand (taken as given),
#   k = q, apply_rotary_pos_emb = q*cos + rotate_half(q)*sin with rotate_half([a, b]) = [-b, a].
# Exact values: inv_freq = [1, 0.1, 0.01, 0.001]; freqs row i = [i, 0.1 i, 0.01 i, 0.001 i];
#   emb row i = [i, 0.1 i, 0.01 i, 0.001 i, i, 0.1 i, 0.01 i, 0.001 i];
#   result rows = [-0.2, 0.2], [-0.14, 0.5], [0.21, 0.69], [-0.51, 0.93] (query and key alike).
# Wrong lines:
#   - inv_freq comment [1.0000, 0.6309, 0.3981, 0.2512] for [1, 0.1, 0.01, 0.001] (slip; the values are 10^(-0.2 j),
#     not 10000^(-2j/8)); the later "Let's say self.inv_freq contains ..." repeats it (carried).
#   - freqs comment rows 1..9: every column holds 0.6309 i (a constant row) where the columns must differ
#     ([i, 0.1 i, 0.01 i, 0.001 i]; even from the author's own inv_freq they would be [i, 0.6309 i, 0.3981 i, 0.2512 i]):
#     slip. Row 0 (zeros) is right.
#   - emb comment rows (all 10): not cat(freqs, freqs) of any row (row 0 has 0.6309 in its second half, rows 1 and 2
#     are equal, the last row reaches 6.3085): slip. The Markdown cell repeats the same table, the first row again
#     and its second-half entries and "pairs" (carried); its first four zeros are right.
#   - toy output: all four Query rows differ from q*cos + rotate_half(q)*sin (slip; row 0 even prints q's last row
#     [0.7, 0.8]); the Key block repeats them (carried).
# No ambiguous line.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["rope", "notebook", "torch-print", "comments", "hand-written-output"])
L = e.line
DEC = re.compile(r"-?\d+\.\d+")


def decs(ln):
    return DEC.findall(e.lines[ln - 1])


dim, base = 8, 10000
inv = [sp.Integer(base) ** R(-j, dim) for j in range(0, dim, 2)]
assert inv == [1, R(1, 10), R(1, 100), R(1, 1000)]

# --- the annotated module ----------------------------------------------------------------------------------------
e.given(L("def __init__(self, dim, base = 10000)"), "default base 10000")
e.given(L("# Let's assume dim = 8 and base = 10000."), "dim = 8, base = 10000")
e.claim(L("# inv_freq = tensor([1.0000, 0.6309, 0.3981, 0.2512])"), "inv_freq = 1/base^(arange(0,8,2)/8)",
        ["1.0000", "0.6309", "0.3981", "0.2512"], inv)
e.given(L("inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))"), "inv_freq code")
e.given(L("def forward(self, x, seq_dim=1):"), "seq_dim default 1")
e.given(L("(default is 1)."), "seq_dim default 1 restated")
e.given(L("containing values from 0 to the sequence length"), "t runs from 0")
e.given(L("# Here, we create a tensor t containing values from 0"), "t runs from 0")
e.given(L("if the sequence length is 10, t might be:"), "sequence length 10")
e.claim(L("# tensor([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], device='cuda:0')"), "t = arange(10)",
        [str(i) for i in range(10)], list(range(10)))
e.claim(L("# Let's say self.inv_freq contains [1.0000, 0.6309, 0.3981, 0.2512]."), "inv_freq restated",
        ["1.0000", "0.6309", "0.3981", "0.2512"], inv, cause="carried")

f0 = L("# tensor([[0.0000, 0.0000, 0.0000, 0.0000],")
for i in range(10):
    e.claim(f0 + i, f"freqs row t = {i} (outer(t, inv_freq))", decs(f0 + i), [i * v for v in inv])

g0 = L("# tensor([[0.0000, 0.0000, 0.0000, 0.0000, 0.6309, 0.6309, 0.6309, 0.6309],")
for i in range(10):
    e.claim(g0 + i, f"emb row t = {i} (cat(freqs, freqs))", decs(g0 + i), [i * v for v in inv] * 2)
e.given(L("emb = torch.cat((freqs, freqs), dim=-1).to(x.device)"), "emb code")
e.given(L("x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2 :]"), "rotate_half split code")
e.given(L("(-x2, x1), dim=x1.ndim - 1"), "rotate_half cat code")
e.given(L("# dim=-1 triggers a bug in torch < 1.8.0"), "torch version remark")

# --- the Markdown re-reading of emb --------------------------------------------------------------------------------
m0 = L("tensor([[0.0000, 0.0000, 0.0000, 0.0000, 0.6309, 0.6309, 0.6309, 0.6309],", after=g0)
for i in range(10):
    e.claim(m0 + i, f"emb row t = {i} repeated in Markdown", decs(m0 + i), [i * v for v in inv] * 2,
            cause="carried")
ln = L("- It is a 2D tensor of 10 rows and 8 columns.")
e.claim(ln, "emb is 2D, 10 rows (positions), 8 columns (2 x 4 frequencies)", ["2", "10", "8"], [2, 10, 2 * len(inv)])
ln = L("[0.0000, 0.0000, 0.0000, 0.0000, 0.6309, 0.6309, 0.6309, 0.6309]", after=m0 + 10)
e.claim(ln, "first row of emb (t = 0)", decs(ln), [0] * 8, cause="carried")
ln = L("- Its first four entries `[0.0000, 0.0000, 0.0000, 0.0000]`")
e.claim(ln, "first four entries of emb row t = 0", decs(ln), [0] * 4)
ln = L("- The following four entries `[0.6309, 0.6309, 0.6309, 0.6309]`")
e.claim(ln, "last four entries of emb row t = 0", decs(ln), [0] * 4, cause="carried")
ln = L("neighbouring pairs `[0.0000, 0.6309]` and `[0.6309, 0.0000]`")
e.claim(ln, "pairs of entries of emb row t = 0", decs(ln), [0] * 4, cause="carried")

# --- the toy run -------------------------------------------------------------------------------------------------
e.given(L("a sequence of just 4 positions, each a 2-dimensional"), "4 positions, width 2")
Q = M([["0.1", "0.2"], ["0.3", "0.4"], ["0.5", "0.6"], ["0.7", "0.8"]])
C = M([["0.0", "1.0"], ["0.6", "0.8"], ["0.9", "0.4"], ["0.3", "0.9"]])
S = M([["1.0", "0.0"], ["0.8", "0.6"], ["0.4", "0.9"], ["0.9", "0.3"]])
q0 = L("    [0.1, 0.2],  # Position 0")
for i in range(4):
    e.given(q0 + i, f"q row {i}")
c0 = L("    [0.0, 1.0],  # Position 0")
for i in range(4):
    e.given(c0 + i, f"cos row {i} (typed by hand)")
s0 = L("    [1.0, 0.0],  # Position 0")
for i in range(4):
    e.given(s0 + i, f"sin row {i} (typed by hand)")


def rope_row(i):
    a, b = Q[i, 0], Q[i, 1]
    return [a * C[i, 0] - b * S[i, 0], b * C[i, 1] + a * S[i, 1]]


r0 = L("tensor([[ 0.7000,  0.8000],  # Position 0")
for i in range(4):
    e.claim(r0 + i, f"result_q row {i} = q*cos + rotate_half(q)*sin", decs(r0 + i), rope_row(i))
k0 = L("tensor([[ 0.7000,  0.8000],  # Position 0", after=r0)
for i in range(4):
    e.claim(k0 + i, f"result_k row {i} (k = q)", decs(k0 + i), rope_row(i), cause="carried")

# every line after the source line that holds a digit must have a verdict
missing = [i for i, t in enumerate(e.lines, 1) if i > 1 and re.search(r"\d", t) and i not in e.verdicts]
assert not missing, missing
e.done()
