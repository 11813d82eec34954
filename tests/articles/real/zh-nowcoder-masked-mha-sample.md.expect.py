# Expected verdicts for zh-nowcoder-masked-mha-sample.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Two heads of width d_k = 1, causal mask, scaled by 1/sqrt(d_k), output projected by W_O.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["mha", "causal-mask"])
H = 2
X = M([["1", "1"], ["1", "1"], ["1", "1"]])
I2 = sp.eye(2)
WQ = WK = WV = WO = I2
Q, K, V = X * WQ, X * WK, X * WV
n, d = X.shape
dk = d // H
heads = []
for h in range(H):
    cols = slice(h * dk, (h + 1) * dk)
    Qh, Kh, Vh = Q[:, cols], K[:, cols], V[:, cols]
    S = Qh * Kh.T / sp.sqrt(dk)
    A = sp.zeros(n, n)
    for i in range(n):                       # causal softmax over positions 0..i
        ex = [sp.exp(S[i, j]) for j in range(i + 1)]
        for j in range(i + 1):
            A[i, j] = ex[j] / sum(ex)
    heads.append(A * Vh)
out = sp.Matrix.hstack(*heads) * WO

e.given(e.line("2; [[[1, 1], [1, 1], [1, 1]]]"), "num_heads, X, W_Q, W_K, W_V, W_O")
e.claim(e.line("[[[1.00, 1.00], [1.00, 1.00], [1.00, 1.00]]]"), "output", [["1.00", "1.00"]] * 3, out)
e.done()
