# Expected verdicts for en-basic-ashiknazar-i-love-ai-cross-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A notebook's Markdown cell (English -> French toy example) that works one step of encoder-decoder (cross-)attention by hand,
# unscaled (no division by sqrt(d_k); the article plainly computes it that way), with no projections: the query is the
# decoder's <start> vector q = [0.1, 0.2]; keys = values = the encoder outputs E = [[0.42,0.40],[0.50,0.70],[0.80,0.90]].
# Exact values: scores q.E^T = [0.122, 0.19, 0.26] (= 0.042 + 0.08, 0.05 + 0.14, 0.08 + 0.18, all exact);
#   softmax = [0.310719, 0.332583, 0.356698]; output = weights . E = [0.582152, 0.678124].
# Wrong lines:
#   - "Softmax([0.122, 0.19, 0.26]) ≈ [0.30, 0.33, 0.37]": 0.30 and 0.37 for 0.310719 / 0.356698 (0.31 / 0.36), slip.
#   - the percentages "37% ... 33% ... 30%": 36% and 31% end to end, carried.
#   - "Output = 0.30*[...] + 0.33*[...] + 0.37*[...]": restates the wrong weights 0.30 and 0.37, carried.
#   - the term line "[0.126 + 0.165 + 0.296, 0.12 + 0.231 + 0.333]": 0.126, 0.296, 0.333 come from the wrong weights
#     (exact 0.130502, 0.285358, 0.321028), carried; 0.165 and 0.231 are 0.33 x 0.5 / 0.33 x 0.7 on the correctly rounded
#     weight (exact 0.166291 -> 0.166, 0.232808 -> 0.233), drift; 0.12 agrees (0.124288 at 2 places).
#   - "= [0.587, 0.684]" (exact [0.582152, 0.678124]) and its restatement in the feed-forward bullet, carried.
# Ambiguous: "Final input (X + position)" (no positional encoding is given; the printed rows are X + 0.05), and the first
#   "Enc_output" said to result from the encoder's self-attention (no weights are given; the article then replaces it with
#   other encoder outputs for the cross-attention step).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "cross-attention", "unscaled", "plain-text", "notebook-markdown"])

q = M([["0.1", "0.2"]])
E = M([["0.42", "0.40"], ["0.50", "0.70"], ["0.80", "0.90"]])
S = q * E.T
A = softmax_rows(S)
O = A * E

e.given(e.line("embeddings → X = [[0.1, 0.3]"), "X (source embeddings)")
e.ambiguous(e.line("Final input (X + position)"), "positional encodings are not given; the rows are X + 0.05 under no stated rule")
e.ambiguous(e.line("Enc_output = [[0.2, 0.4]"), "encoder self-attention result without any weights; replaced by other encoder outputs below")
e.given(e.line("<start> → [0.1, 0.2]"), "embedding of <start>")
e.claim(e.line("Masked Self-Attention output for <start> = [0.1, 0.2]"),
        "single-token masked self-attention (weight 1, no projection) returns the embedding", ["0.1", "0.2"], q)
L = e.line("Enc_output = [", 2)
e.given(L + 1, "encoder output for I")
e.given(L + 2, "encoder output for love")
e.given(L + 3, "encoder output for AI")
e.claim(e.line("output of `<start>`: [0.1, 0.2]"), "query restated", ["0.1", "0.2"], q)
L = e.line("Scores = [0.1*0.42")
e.claim(L, "operands of the three dot products",
        ["0.1", "0.42", "0.2", "0.40", "0.1", "0.50", "0.2", "0.70", "0.1", "0.80", "0.2", "0.90"],
        [q[0], E[0, 0], q[1], E[0, 1], q[0], E[1, 0], q[1], E[1, 1], q[0], E[2, 0], q[1], E[2, 1]])
e.claim(L + 1, "products", ["0.042", "0.08", "0.05", "0.14", "0.08", "0.18"],
        [q[0] * E[0, 0], q[1] * E[0, 1], q[0] * E[1, 0], q[1] * E[1, 1], q[0] * E[2, 0], q[1] * E[2, 1]])
e.claim(L + 2, "scores q.E^T", ["0.122", "0.19", "0.26"], S)
L = e.line("Softmax([0.122, 0.19, 0.26]) ≈")
e.claim(L, "scores restated", ["0.122", "0.19", "0.26"], S)
e.claim(L, "softmax weights", ["0.30", "0.33", "0.37"], A, cause="slip")
e.claim(e.line("gives 37% of its attention"), "weights in percent (AI, love, I)", ["37%", "33%", "30%"],
        [A[2], A[1], A[0]], cause="carried")
L = e.line("Output = 0.30*[0.42,0.40]")
e.claim(L, "weights restated", ["0.30", "0.33", "0.37"], A, cause="carried")
e.claim(L, "values restated", ["0.42", "0.40", "0.50", "0.70", "0.80", "0.90"], E)
e.claim(L + 1, "terms from the wrong weights 0.30 / 0.37", ["0.126", "0.296", "0.333"],
        [A[0] * E[0, 0], A[2] * E[2, 0], A[2] * E[2, 1]], cause="carried")
e.claim(L + 1, "terms from the rounded weight 0.33", ["0.165", "0.231"], [A[1] * E[1, 0], A[1] * E[1, 1]], cause="drift")
e.claim(L + 1, "term 0.30*0.40", ["0.12"], [A[0] * E[0, 1]])
e.claim(L + 2, "output = weights . E", ["0.587", "0.684"], O, cause="carried")
e.claim(e.line("The vector [0.587, 0.684]"), "output restated", ["0.587", "0.684"], O, cause="carried")

e.done()
