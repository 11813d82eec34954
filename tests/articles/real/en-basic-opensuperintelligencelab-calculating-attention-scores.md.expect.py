# Expected verdicts for en-basic-opensuperintelligencelab-calculating-attention-scores.md, computed with plain SymPy
# (see oracle.py); not symattn's code.
# Inputs (worked example): Q = [[1,0,1,0],[0,1,0,1],[1,1,0,0]], K = [[1,0,1,0],[0,1,0,1],[0.5,0.5,0.5,0.5]], d_k = 4.
# Exact: S = Q K^T = [[2,0,1],[0,2,1],[1,1,1]]; S / 2 = [[1,0,0.5],[0,1,0.5],[0.5,0.5,0.5]];
#   softmax rows = [[0.506480, 0.186323, 0.307196], [0.186323, 0.506480, 0.307196], [1/3, 1/3, 1/3]].
# Wrong lines:
#   - "Query0 [0.576, 0.212, 0.212]" and "Query1 [0.212, 0.576, 0.212]": slips (these are the softmax of [1, 0, 0], as if
#     the 0.5 on Key2 were 0; exact 0.506, 0.186, 0.307).
#   - "57.6% attention to position 0": carried (restates the wrong 0.576; exact 50.6%).
# Other numbers: the shapes, √64 = 8, √4 = 2, the three hand dot products, both score grids, the uniform third row and
#   33.3%, [-3√64, 3√64] = [-24, 24] and (-24/8, 24/8) = [-3, 3] agree.
# Ambiguous: "range [-64, 64]" / "~ [-8, 8]" (assume entries bounded by 1, never stated); the "e^24 / (e^24 + ...)" and
#   "e^3 / (e^3 + ...)" approximations (the other terms are left as "..."); the "~0.999" / "~0.45" comments of a
#   randn experiment; the sample attention matrix of random Q, K, its "Matrix[1,1] = 0.7" / "70%" reading, and the
#   made-up "The cat sat" matrix (no inputs given for any of them).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "scaling", "code-block", "plain-text-grid", "percentages",
                                             "shapes"])
Q = M([["1.0", "0.0", "1.0", "0.0"], ["0.0", "1.0", "0.0", "1.0"], ["1.0", "1.0", "0.0", "0.0"]])
K = M([["1.0", "0.0", "1.0", "0.0"], ["0.0", "1.0", "0.0", "1.0"], ["0.5", "0.5", "0.5", "0.5"]])
S = Q * K.T
Ss = S / 2
A = softmax_rows(Ss)

# shapes of the generic part
e.given(e.line("Q = torch.randn(1, 10, 64)  # (batch=1, seq_len=10, dim=64)"), "shape of Q")
e.given(e.line("- Batch=1: a single sequence"), "batch")
e.given(e.line("- Seq_len=10: ten positions"), "seq_len")
e.given(e.line("- Dim=64: every query vector has 64 entries"), "dim")
e.given(e.line("K = torch.randn(1, 10, 64)  # Same shape as Q"), "shape of K")
e.claim(e.line("print(scores.shape)  # torch.Size([1, 10, 10])"), "shape of Q K^T", ["1", "10", "10"], [1, 10, 10])
e.claim(e.line("Q (1, 10, 64) @ K^T (1, 64, 10) = Scores (1, 10, 10)"), "shapes of Q, K^T and the scores",
        ["1", "10", "64", "1", "64", "10", "1", "10", "10"], [1, 10, 64, 1, 64, 10, 1, 10, 10])
e.given(e.line("d_k = 64"), "d_k = 64")
e.claim(e.line("# Divide by √64 = 8"), "sqrt(64)", ["64", "8"], [64, sp.sqrt(64)])
e.ambiguous(e.line("64-dim dot product can be large: range [-64, 64]"),
            "a bound that holds only for entries in [-1, 1], which the lesson never states")
e.ambiguous(e.line("Scaled scores in reasonable range: ~ [-8, 8]"),
            "the unstated [-64, 64] bound divided by 8, given as a rough range")
e.claim(e.line("print(attn_weights.shape)        # torch.Size([1, 10, 10])"), "shape of the weights",
        ["1", "10", "10"], [1, 10, 10])
e.claim(e.line("print(attn_weights[0, 0].sum())  # tensor(1.0)"), "a softmax row sums to 1", ["1.0"], [1])
e.claim(e.line("- every row adds up to exactly 1.0"), "row sums", ["1.0"], [1])

# worked example
L = e.line("Q = torch.tensor([[1.0, 0.0, 1.0, 0.0],   # Query at position 0")
for i in range(3):
    e.given(L + i, f"Q row {i}")
    e.given(L + 4 + i, f"K row {i}")
e.claim(e.line("scores = Q @ K.T  # Shape: (3, 3)"), "shape of the scores", ["3", "3"], [3, 3])
e.claim(e.line("[1,0,1,0] · [1,0,1,0] = 1+0+1+0 = 2.0"), "q0 . k0",
        ["1", "0", "1", "0", "2.0"], [Q[0, 0] * K[0, 0], Q[0, 1] * K[0, 1], Q[0, 2] * K[0, 2], Q[0, 3] * K[0, 3], S[0, 0]])
e.claim(e.line("[1,0,1,0] · [0,1,0,1] = 0+0+0+0 = 0.0"), "q0 . k1",
        ["0", "0", "0", "0", "0.0"], [Q[0, 0] * K[1, 0], Q[0, 1] * K[1, 1], Q[0, 2] * K[1, 2], Q[0, 3] * K[1, 3], S[0, 1]])
e.claim(e.line("[1,0,1,0] · [0.5,0.5,0.5,0.5] = 0.5+0+0.5+0 = 1.0"), "q0 . k2",
        ["0.5", "0", "0.5", "0", "1.0"], [Q[0, 0] * K[2, 0], Q[0, 1] * K[2, 1], Q[0, 2] * K[2, 2], Q[0, 3] * K[2, 3],
                                          S[0, 2]])
L = e.line("Query0 [2.0,  0.0,  1.0]")
e.rows([L, L + 1, L + 2], "score matrix", [["2.0", "0.0", "1.0"], ["0.0", "2.0", "1.0"], ["1.0", "1.0", "1.0"]], S)
e.given(e.line("d_k = 4"), "d_k = 4")
e.claim(e.line("# Divide by √4 = 2"), "sqrt(4)", ["4", "2"], [4, sp.sqrt(4)])
L = e.line("Query0 [1.0,  0.0,  0.5]")
e.rows([L, L + 1, L + 2], "scaled scores", [["1.0", "0.0", "0.5"], ["0.0", "1.0", "0.5"], ["0.5", "0.5", "0.5"]], Ss)
L = e.line("Query0 [0.576, 0.212, 0.212]")
e.rows([L, L + 1, L + 2], "attention weights",
       [["0.576", "0.212", "0.212"], ["0.212", "0.576", "0.212"], ["0.333", "0.333", "0.333"]], A)
e.claim(e.line("(a score of 2.0 before scaling)"), "score (0,0) restated", ["2.0"], [S[0, 0]])
e.claim(e.line("57.6% attention to position 0"), "weight (0,0) in percent", ["57.6%"], [A[0, 0]], cause="carried")
e.claim(e.line("(all scores 1.0)"), "scores of row 2 restated", ["1.0"], [S[2, 0]])
e.claim(e.line("(33.3% each)"), "weights of row 2 in percent", ["33.3%"], [A[2, 0]])

# scaling section
e.given(e.line("**Case d=64:**"), "d = 64")
e.claim(e.line("[-3√64, 3√64] = [-24, 24]"), "three standard deviations", ["3", "64", "3", "64", "-24", "24"],
        [3, 64, 3, 64, -3 * sp.sqrt(64), 3 * sp.sqrt(64)])
e.ambiguous(e.line("e^24 / (e^24 + ...) ≈ 0.9999999..."), "the other terms of the sum are left as '...'")
e.ambiguous(e.line("e^(-24) / (...) ≈ 0.0000001..."), "the denominator is left as '(...)'")
e.claim(e.line("Scaled scores: (-24/8, 24/8) = [-3, 3]"), "scaled range", ["-24", "8", "24", "8", "-3", "3"],
        [-24, 8, 24, 8, R(-24, 8), R(24, 8)])
e.ambiguous(e.line("e^3 / (e^3 + ...) ≈ 0.95"), "the other terms of the sum are left as '...'")
e.ambiguous(e.line("e^(-3) / (...) ≈ 0.05"), "the denominator is left as '(...)'")
e.ambiguous(e.line("# ~0.999 (saturated!)"), "outcome of torch.randn inputs, not reproducible from the text")
e.ambiguous(e.line("# ~0.45 (distributed!)"), "outcome of torch.randn inputs, not reproducible from the text")

# illustrative matrices
for needle in ("Pos0 [[0.500, 0.200, 0.300]", "Pos1  [0.100, 0.700, 0.200]", "Pos2  [0.400, 0.300, 0.300]]"):
    e.ambiguous(e.line(needle), "sample output for random Q, K (torch.randn): no inputs to check it against")
e.ambiguous(e.line("Matrix[1,1] = 0.7"), "reads the sample matrix of random inputs")
e.ambiguous(e.line("Position 1 gives 70% of its attention to itself"), "reads the sample matrix of random inputs")
for needle in ('"The"   [[0.2,   0.3,   0.5]', '"cat"    [0.4,   0.4,   0.2]', '"sat"    [0.1,   0.6,   0.3]]'):
    e.ambiguous(e.line(needle), "made-up attention pattern for 'The cat sat' with no vectors given")
e.done()
