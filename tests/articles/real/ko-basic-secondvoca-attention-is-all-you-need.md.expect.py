# Expected verdicts for ko-basic-secondvoca-attention-is-all-you-need.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A Korean reading note on "Attention Is All You Need" with one executed numpy cell: one query Q = [1, 0, 1], three
# keys K = [[1,0,1],[0,1,0],[1,1,0]] and values V = [[0,1],[1,0],[1,1]], d_k = 3 (Q.shape[-1]).
# Step 1: QK^T / sqrt(3) = [2, 0, 1]/sqrt(3) = [1.1547005, 0, 0.5773503]; Step 2: softmax of that row
# = [0.5328968, 0.1679434, 0.2991597]; Step 3: weights @ V = [w2 + w3, w1 + w3] = [0.4671032, 0.8320566].
# (numpy prints the zero score as "0."; it is claimed as the integer 0.) All printed numbers are float64 prints and all are right; no mistakes in this article.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ko", topics=["numpy-print", "single-query", "notebook"])

Q = M([[1, 0, 1]])
K = M([[1, 0, 1], [0, 1, 0], [1, 1, 0]])
V = M([[0, 1], [1, 0], [1, 1]])
dk = 3
S = Q * K.T / sp.sqrt(dk)
W = softmax_rows(S)
O = W * V

e.given(e.line("$$Attention(Q,K,V)"), "formula")
L = e.line("Q = np.array([[1, 0, 1]])")
e.given(L, "Q (code input)")
e.given(L + 1, "K (code input)")
e.given(L + 2, "V (code input)")
# printed copies of the inputs
L = e.line("Q:", after=e.line("output, weights = explain_attention"))
e.given(L + 1, "Q printed")
e.given(L + 3, "K row 1 printed")
e.given(L + 4, "K row 2 printed")
e.given(L + 5, "K row 3 printed")
e.given(L + 7, "V row 1 printed")
e.given(L + 8, "V row 2 printed")
e.given(L + 9, "V row 3 printed")
e.claim(e.line("d_k (dimension of K): 3"), "d_k = Q.shape[-1]", ["3"], [dk])
e.claim(e.line(" [[1.15470054"), "scaled scores QK^T/sqrt(d_k)", ["1.15470054", "0", "0.57735027"], S)
e.claim(e.line(" [[0.53289684"), "softmax weights", ["0.53289684", "0.16794345", "0.29915971"], W)
e.claim(e.line(" [[0.46710316"), "attention output weights @ V", ["0.46710316", "0.83205655"], O)
e.done()
