# Expected verdicts for en-basic-skiitg-i-am-fine-identity-attention.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: embeddings I = [1,0,1,0], am = [0,1,0,1], Fine. = [1,1,1,1]; W_Q = W_K = W_V = identity, so Q = K = V = X;
#   d_k = 4, scores / sqrt(4) = / 2; row softmax; output = A V.
# Exact: scores [[2,0,2],[0,2,2],[2,2,4]] and scaled [[1,0,1],[0,1,1],[1,1,2]] (right);
#   A = [[0.422319, 0.155362, 0.422319], [0.155362, 0.422319, 0.422319], [0.211942, 0.211942, 0.576117]];
#   output = [[0.844638, 0.577681, 0.844638, 0.577681], [0.577681, 0.844638, 0.577681, 0.844638],
#   [0.788058, 0.788058, 0.788058, 0.788058]].
# Wrong lines:
# - weight row 3 printed [0.211, 0.211, 0.577]: exact [0.211942, 0.211942, 0.576117] -> 0.212 / 0.576 (slip).
# - output row "I" printed [0.844, 0.577, 0.844, 0.577]: exact 0.844638 -> 0.845 and 0.577681 -> 0.578 (drift: the
#   sums 0.422 + 0.422 and 0.155 + 0.422 of the rounded weights).
# - output row "am" printed [0.577, 0.844, 0.577, 0.844]: same exact values (drift).
# Right: sqrt(4) = 2, weight rows 1-2, output row "Fine." 0.788 (exact 0.788058).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "scaling", "qkv-identity", "python-lists", "plain-text",
                                             "tables"])
X = M([[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 1, 1]])
Q = K = V = X
S = Q * K.T
Ss = S / sp.sqrt(4)
A = softmax_rows(Ss)
C = A * V

e.given(e.line("| Embedding size (d_model) | 4 |"), "d_model = 4")
e.given(e.line("| Number of tokens (seq_len) | 3 |"), "seq_len = 3")
e.given(e.line("| Attention head dimension (d_k) | 4 |"), "d_k = 4")
e.given(e.line("| Vocabulary size | 10,000 |"), "vocabulary size")
e.given(e.line("has shape: 10000 × 4"), "embedding matrix shape")
e.given(e.line("I → [1.0, 0.0, 1.0, 0.0]"), "embedding of I")
e.given(e.line("am → [0.0, 1.0, 0.0, 1.0]"), "embedding of am")
e.given(e.line("Fine. → [1.0, 1.0, 1.0, 1.0]"), "embedding of Fine.")
L = e.line("[1.0, 0.0, 1.0, 0.0],  # I")
e.rows([L, L + 1, L + 2], "X restated", [["1.0", "0.0", "1.0", "0.0"], ["0.0", "1.0", "0.0", "1.0"],
                                        ["1.0", "1.0", "1.0", "1.0"]], X)
L = e.line("Q = K = V = [")
e.rows([L + 1, L + 2, L + 3], "Q = K = V = X (identity projections)", [["1", "0", "1", "0"], ["0", "1", "0", "1"],
                                                                       ["1", "1", "1", "1"]], Q)
L = e.line("[2, 0, 2],")
e.rows([L, L + 1, L + 2], "scores Q K^T", [["2", "0", "2"], ["0", "2", "2"], ["2", "2", "4"]], S)
L = e.line("Divide by √dₖ = √4 = 2:")
e.claim(L, "sqrt(d_k)", ["4", "2"], [4, sp.sqrt(4)])
L = e.line("[1.0, 0.0, 1.0],")
e.rows([L, L + 1, L + 2], "scaled scores", [["1.0", "0.0", "1.0"], ["0.0", "1.0", "1.0"], ["1.0", "1.0", "2.0"]], Ss)
L = e.line("[0.422, 0.155, 0.422],")
e.rows([L, L + 1, L + 2], "attention weights",
       [["0.422", "0.155", "0.422"], ["0.155", "0.422", "0.422"], ["0.211", "0.211", "0.577"]], A)
L = e.line("[0.844, 0.577, 0.844, 0.577],  # \"I\"")
e.rows([L, L + 1, L + 2], "attention output",
       [["0.844", "0.577", "0.844", "0.577"], ["0.577", "0.844", "0.577", "0.844"],
        ["0.788", "0.788", "0.788", "0.788"]], C, cause="drift")
e.given(e.line("| Scale | ÷√4 | (3 × 3) |"), "scale step ÷√4")
e.done()
