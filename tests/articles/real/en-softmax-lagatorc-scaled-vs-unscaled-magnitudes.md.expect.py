# Expected verdicts for en-softmax-lagatorc-scaled-vs-unscaled-magnitudes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Jupyter notebook (lagatorc, 2020) that compares three TensorFlow attention functions on hand-written inputs and
# prints float32 weights and outputs:
#   SDA = softmax(Q K^T / sqrt(d_k)) V with d_k = 3 (columns of K),
#   DA  = softmax(Q K^T) V (no scaling),
#   NDA = softmax(1000 * cos(Q, K)) V (rows of Q and K L2-normalised, logits times 1e3).
# Inputs: keys [0,1,0], [0,0,1], [1,0,0], [1,0,0]; values [1,0], [10,0], [100,0], [5,0]; queries = identity rows;
#   Example 1 uses them as they are, Example 2 multiplies queries and keys by 10, Example 3 by 1000.
# Exact values (c = 1/sqrt 3 for SDA, c = 1 for DA), Example 1:
#   row 1 weights [1, 1, e^c, e^c] / (2 + 2e^c); rows 2-3 [e^c, 1, 1, 1] / (e^c + 3) (permuted);
#   SDA: [0.179771, 0.179771, 0.320229, 0.320229], [0.372557, 0.209148, ...], outputs 35.60146, 24.42453, 25.89522;
#   DA:  [0.134471, 0.134471, 0.365529, 0.365529], [0.475367, 0.174878, ...], outputs 39.85976, 20.58630, 23.29071;
#   NDA: logits 1000 vs 0 -> weights 0 / 0.5 / 1 up to e^-1000, outputs 52.5, 1, 10.
#   Example 2: SDA logits 100/sqrt 3 -> off weights e^(-100/sqrt 3)/2 = 4.2166e-26 and e^(-100/sqrt 3) = 8.4333e-26
#   (row 1) / (1 + 3e^(-100/sqrt 3)) (rows 2-3); outputs 52.5, 1, 10 to float precision. Example 3: all weights 0, 0.5, 1.
# Integers printed inside a block of decimals (numpy's "0.", "1.", "10.") are read at the block's precision.
# Every printed weight and output agrees: the notebook has no wrong line.
# Ambiguous: Examples 2 and 3 call print_sa_results, which the notebook never defines (its outputs are stale prints
#   from an earlier version), so the "Output is:" / "Weights are:" blocks it printed (12 lines) cannot be tied to a
#   stated computation.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["softmax", "basic", "notebook-output"])

K0 = M([[0, 1, 0], [0, 0, 1], [1, 0, 0], [1, 0, 0]])
V0 = M([[1, 0], [10, 0], [100, 0], [5, 0]])
Q0 = sp.eye(3)


def softmax_rows(S):
    out = sp.zeros(*S.shape)
    for i in range(S.rows):
        den = sum(sp.exp(S[i, k]) for k in range(S.cols))
        for j in range(S.cols):
            out[i, j] = sp.exp(S[i, j]) / den
    return out


def run(kind, s):
    Q, K = s * Q0, s * K0
    if kind == "SDA":
        L = Q * K.T / sp.sqrt(3)
    elif kind == "DA":
        L = Q * K.T
    else:
        Qn = sp.Matrix.vstack(*[Q.row(i) / sp.sqrt((Q.row(i) * Q.row(i).T)[0]) for i in range(Q.rows)])
        Kn = sp.Matrix.vstack(*[K.row(i) / sp.sqrt((K.row(i) * K.row(i).T)[0]) for i in range(K.rows)])
        L = 1000 * Qn * Kn.T
    A = softmax_rows(L)
    return A, A * V0


TOK = re.compile(r"[-+]?\d+\.?\d*(?:e[-+]\d+)?")


def claim_row(ln, what, row):
    toks = TOK.findall(e.lines[ln - 1])
    assert len(toks) == len(row), (ln, toks)
    dec, dec_x, ints, ints_x = [], [], [], []
    for t, x in zip(toks, row):
        if t.endswith("."):
            ints.append(t[:-1]); ints_x.append(x)
        else:
            dec.append(t); dec_x.append(x)
    if dec:
        e.claim(ln, what, dec, dec_x)
    if ints:
        e.claim(ln, what + " (integers in a block of decimals)", ints, ints_x, rounded_int=True)


def exact_line(text, after):
    """1-based number of the first line after ``after`` that is exactly ``text``."""
    return next(i + 1 for i in range(after, len(e.lines)) if e.lines[i] == text)


# outputs: the text blocks start with the line "Query matrix: " (exactly) after "Output:"
qm = [i + 1 for i, t in enumerate(e.lines) if t == "Query matrix: "]
assert len(qm) == 3, qm
for ex, (s, Lq) in enumerate(zip((1, 10, 1000), qm), start=1):
    for i in range(3):
        e.given(Lq + 1 + i, f"Example {ex}: query matrix row {i + 1} (restated input)")
    for kind, label in (("SDA", "SDA Output is:"), ("DA", "DA Output is:"), ("NDA", "NDA Output is:")):
        if ex > 1 and kind == "DA":
            continue
        A, O = run(kind, s)
        Lo = exact_line(label, Lq)
        for i in range(3):
            claim_row(Lo + 1 + i, f"Example {ex} {kind} output row {i + 1}", list(O.row(i)))
        Lw = exact_line(label.replace("Output is:", "Weights are:"), Lq)
        for i in range(3):
            claim_row(Lw + 1 + i, f"Example {ex} {kind} weight row {i + 1}", list(A.row(i)))
    if ex > 1:
        reason = ("printed by print_sa_results, which the notebook never defines (stale output of an earlier "
                  "version), so the computation behind these numbers is not stated")
        Lo = exact_line("Output is:", Lq)
        Lw = exact_line("Weights are:", Lq)
        for L in (Lo, Lw):
            for i in range(3):
                e.ambiguous(L + 1 + i, reason)

# every other line that shows a digit is code: constants, inputs and variable names
for ln, text in enumerate(e.lines, start=1):
    if ln > 1 and re.search(r"\d", text) and ln not in e.verdicts:
        e.given(ln, "code line (input constants, literals or names)")
e.done()
