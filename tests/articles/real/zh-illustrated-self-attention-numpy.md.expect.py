# Expected verdicts for zh-illustrated-self-attention-numpy.md, computed with plain SymPy (see oracle.py); not symattn's code.
# No scaling in this example (softmax of the raw scores, as the code shows).  The comments print the softmax
# and the outputs as rough roundings ("0", "1", "0.5", "7.8"): integers there are read as rounded (rounded_int).
# Real mistake: the keys comment prints the 2nd key as [4,0,0]; input row 2 times w_key is [4,4,0]
# (the softmax comment matches the true keys, so the typo does not propagate).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["basic"])
X = M([["1", "0", "1", "0"], ["0", "2", "0", "2"], ["1", "1", "1", "1"]])
WK = M([[0, 0, 1], [1, 1, 0], [0, 1, 0], [1, 1, 0]])
WQ = M([[1, 0, 1], [1, 0, 0], [0, 0, 1], [0, 1, 1]])
WV = M([[0, 2, 0], [0, 3, 0], [1, 0, 3], [1, 1, 0]])
K, Q, V = X * WK, X * WQ, X * WV
A = softmax_rows(Q * K.T)
O = A * V

L = e.line("input = [")
for i in range(1, 4):
    e.given(L + i, f"input row {i}")
for name in ("w_key = [", "w_query = [", "w_value = ["):
    L = e.line(name)
    for i in range(1, 5):
        e.given(L + i, f"{name[:-4]} row {i}")
e.claim(e.line("keys = np.dot"), "keys", [["0", "1", "1"], ["4", "0", "0"], ["2", "3", "1"]], K)
e.claim(e.line("querys = np.dot"), "queries", [["1", "0", "2"], ["2", "2", "2"], ["2", "1", "3"]], Q)
e.claim(e.line("values = np.dot"), "values", [["1", "2", "3"], ["2", "8", "0"], ["2", "6", "3"]], V)
e.claim(e.line("attn_scores_softmax = tf.nn.softmax"), "softmax (rounded)",
        [["0", "0.5", "0.5"], ["0", "1", "0"], ["0", "0.9", "0.1"]], A, rounded_int=True)
L = e.line("# attn_scores_softmax.T[:,:,None] =")
printed = ["0", "0", "0", "0.5", "1", "0.9", "0.5", "0", "0.1"]
for n in range(9):
    j, i = divmod(n, 3)          # block j = column j of the weights, line i = query i
    e.claim(L + 1 + n, f"softmax[{i + 1},{j + 1}] (transposed print)", printed[n], A[i, j], rounded_int=True)
L = e.line("# values[:, None] =")
e.claim(L + 1, "values row 1", ["1", "2", "3"], V.row(0))
e.claim(L + 2, "values row 2", ["2", "8", "0"], V.row(1))
e.claim(L + 3, "values row 3", ["2", "6", "3"], V.row(2))
e.claim(e.line("outputs = weighted_values.sum"), "outputs (rounded)",
        [["2", "7", "1.5"], ["2", "8", "0"], ["2", "7.8", "0.3"]], O, cause="drift", rounded_int=True)
e.done()
