# Expected verdicts for ko-basic-jinyounghwa-hand-calc-cat-sat-mat.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Q = K = [[1,0,1,0],[0,1,0,1],[1,1,0,0]], V = [[1,2,3,4],[5,6,7,8],[9,10,11,12]], d_k = 4; only the query of "cat".
# scores [2, 0, 1], scaled [1, 0, 0.5], exp [e, 1, e^0.5] = [2.718, 1, 1.649], sum 5.367 (5.37), weights
# [0.5065, 0.1863, 0.3072] -> [0.51, 0.19, 0.31], all right.  Output = weights · V = [4.2029, 5.2029, 6.2029, 7.2029]
# (the weights sum to 1, so each component is one more than the previous): printed [4.2, 5.3, 6.4, 7.6].  From the
# rounded weights 0.51/0.19/0.31 (sum 1.01) it would be [4.25, 5.26, 6.27, 7.28]: 5.3 is drift, 6.4 and 7.6 are slips
# even from the author's own weights -> the line is wrong (slip).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ko", topics=["basic", "scaling", "softmax", "output"])
Q = M([[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0]])
K = Q
V = M([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
s = Q.row(0) * K.T
sc = s / 2
w = softmax_rows(sc)
out = w * V

e.given(e.line("단어 3개 (seq_len = 3)"), "seq_len")
e.given(e.line("차원 4 (d_k = 4)"), "d_k")
for lab in ("Q = [1, 0, 1, 0]", '[0, 1, 0, 1]    # "sat"의 Query', '[1, 1, 0, 0]    # "mat"의 Query',
            "K = [1, 0, 1, 0]", '[0, 1, 0, 1]    # "sat"의 Key', '[1, 1, 0, 0]    # "mat"의 Key',
            "V = [1, 2, 3, 4]", "[5, 6, 7, 8]    #", "[9, 10, 11, 12] #"):
    e.given(e.line(lab), "Q/K/V row")
for j, (lab, val) in enumerate((('"cat" Key = 1·1', "2"), ('"sat" Key = 1·0', "0"), ('"mat" Key = 1·1', "1"))):
    L = e.line(lab)
    e.claim(L, f"q_cat . k_{j}", e.lines[L - 1].split("= ")[-1].strip(), s[0, j])
e.claim(e.line("scores = [2, 0, 1]"), "q_cat K^T", ["2", "0", "1"], list(s))
e.claim(e.line("√d_k = √4 = 2"), "sqrt(4)", "2", sp.sqrt(4))
e.claim(e.line("scaled = [2/2, 0/2, 1/2]"), "scaled scores", ["1", "0", "0.5"], list(sc))
e.claim(e.line("exp([1, 0, 0.5]) = [2.72, 1, 1.65]"), "exp of scaled", ["2.72", "1", "1.65"], [sp.exp(x) for x in sc])
e.claim(e.line("sum = 5.37"), "sum of exp", "5.37", sum(sp.exp(x) for x in sc))
e.claim(e.line("softmax = [0.51, 0.19, 0.31]"), "weights", ["0.51", "0.19", "0.31"], list(w.row(0)))
e.claim(e.line("output = 0.51[1,2,3,4]"), "weights restated", ["0.51", "0.19", "0.31"], list(w.row(0)))
e.claim(e.line("≈ [4.2, 5.3, 6.4, 7.6]"), "output of cat", ["4.2", "5.3", "6.4", "7.6"], list(out.row(0)))
e.done()
