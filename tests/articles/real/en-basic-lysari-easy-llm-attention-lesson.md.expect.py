# Expected verdicts for en-basic-lysari-easy-llm-attention-lesson.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A course lesson on attention over three tokens ("The", "cat", "sat"). The embeddings X are printed but the weight
# matrices are not, so the lesson's own input is the printed "example result" score matrix
#   S = [[0.8, 0.3, -0.1], [0.2, 1.2, 0.4], [0.1, 0.9, 0.8]],  d = 4, sqrt(d) = 2,
# weights = row softmax(S / 2); with the causal mask, row softmax over the visible entries of S / 2.
# Exact weights: [0.4136, 0.3221, 0.2643], [0.2664, 0.4392, 0.2944], [0.2557, 0.3815, 0.3628];
# masked: [1, 0, 0], [0.3775, 0.6225, 0], and row 3 as unmasked.
# Wrong lines:
#  - the three softmax rows [0.52, 0.33, 0.15], [0.18, 0.56, 0.26], [0.13, 0.49, 0.38] do not follow from S / 2
#    (nor from the unscaled S: [0.497, 0.301, 0.202] ...), slip;
#  - output[0..2] = weights × V repeat those weights, carried;
#  - "49% of the output for 'sat' comes from 'cat'" (exact 38%), carried;
#  - the masked row 3 [0.13, 0.49, 0.38] repeats the wrong unmasked row, carried.
# The masked rows 1 and 2 ([1.0, 0.0, 0.0], [0.38, 0.62, 0.0]) are right.
# Not judged: X (never used; the weight matrices are not printed), shapes.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "mask", "softmax"])

S = M([["0.8", "0.3", "-0.1"], ["0.2", "1.2", "0.4"], ["0.1", "0.9", "0.8"]])
d = 4
A = softmax_rows(S / sp.sqrt(d))


def masked_row(i):
    den = sum(sp.exp(S[i, k] / 2) for k in range(i + 1))
    return [sp.exp(S[i, j] / 2) / den if j <= i else sp.Integer(0) for j in range(3)]


for tok in ['"The": [0.2', '"cat": [0.9', '"sat": [-0.2']:
    e.given(e.line(tok), f"embedding {tok[:5]}")
e.given(e.line("X shape: (3 × 4)"), "X shape")
e.given(e.line("Wq, Wk and Wv are each (4 × 4)"), "weight shapes")
e.given(e.line("This gives a (3 × 3) matrix:"), "score shape")
e.given(e.line('scores = [[0.8,  0.3, -0.1],'), "score row The (sample outcome, the lesson's input)")
e.given(e.line('[0.2,  1.2,  0.4]],   ← "cat"'.replace("]],", "],")), "score row cat")
e.given(e.line('[0.1,  0.9,  0.8]]   ← "sat"'), "score row sat")
L = e.line("With `d=4`, `√d = 2`")
e.given(L, "d")
e.claim(L, "sqrt(d)", "2", sp.sqrt(d))
e.given(e.line("say 512"), "an example dimension")

e.claim(e.line("Result (each row sums to 1.0):"), "row sums of a softmax", "1.0", 1)
e.rows([e.line("[0.52, 0.33, 0.15]  ←"), e.line("[0.18, 0.56, 0.26]  ←"), e.line("[0.13, 0.49, 0.38]  ← \"sat\" attends mostly")],
       "softmax(S / 2)",
       [["0.52", "0.33", "0.15"], ["0.18", "0.56", "0.26"], ["0.13", "0.49", "0.38"]], A)
for i, ws in enumerate([["0.52", "0.33", "0.15"], ["0.18", "0.56", "0.26"], ["0.13", "0.49", "0.38"]]):
    L = e.line(f"output[{i}] = ")
    e.claim(L, f"weights of output[{i}] (repeated)", ws, A.row(i), cause="carried")
e.claim(e.line("So 49% of the output"), "weight of 'cat' for 'sat'", "49%", A[2, 1], cause="carried")

e.given(e.line("\"sat\" at position 2 has no access to positions 3, 4, 5"), "positions")
L = e.line("scores before mask:") + 1
e.claim(L, "scores row 1 (repeated)", ["0.8", "0.3", "-0.1"], S.row(0))
e.claim(L + 1, "scores row 2 (repeated)", ["0.2", "1.2", "0.4"], S.row(1))
e.claim(L + 2, "scores row 3 (repeated)", ["0.1", "0.9", "0.8"], S.row(2))
L = e.line("After causal mask (upper triangle → -∞):") + 1
e.claim(L, "masked scores row 1", ["0.8"], [S[0, 0]])
e.claim(L + 1, "masked scores row 2", ["0.2", "1.2"], [S[1, 0], S[1, 1]])
e.claim(L + 2, "masked scores row 3", ["0.1", "0.9", "0.8"], S.row(2))
e.claim(e.line('[[1.0,  0.0,  0.0],   ←'), "masked weights row 1", ["1.0", "0.0", "0.0"], masked_row(0))
e.claim(e.line('[0.38, 0.62, 0.0],   ←'), "masked weights row 2", ["0.38", "0.62", "0.0"], masked_row(1))
e.claim(e.line('[0.13, 0.49, 0.38]]  ←'), "masked weights row 3", ["0.13", "0.49", "0.38"], masked_row(2),
        cause="carried")
e.given(e.line("Suppose there are 3 tokens"), "3 tokens, dimension 4")
e.claim(e.line("scaled_scores = scores / 2"), "divisor sqrt(d)", "2", sp.sqrt(d))
e.given(e.line("standard deviation about 1"), "unit-variance assumption (statement)")
e.given(e.line("brings that spread back to 1"), "unit spread (statement)")
e.given(e.line("The softmax turns every `-∞` into `0`"), "exp(-inf) = 0 (statement)")
e.done()
