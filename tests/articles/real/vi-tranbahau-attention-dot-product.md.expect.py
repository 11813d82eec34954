# Expected verdicts for vi-tranbahau-attention-dot-product.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A dot product written out, and the raw scores of one query against two keys printed in a code comment.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="vi", topics=["basic", "single-query", "code-comment"])
q = M([[1, 2, 3]])
k = M([[2, 1, 0]])
e.given(e.line("Q = [1, 2, 3], \\quad K = [2, 1, 0]"), "q and k")
e.claim(e.line("Q \\cdot K = 1\\times2"), "q · k", ["4"], [(q * k.T)[0]])
Q = M([["1.0", "2.0", "3.0"]])
K = M([["2.0", "1.0", "0.0"], ["1.0", "2.0", "3.0"]])
L = e.line("Q = torch.tensor([[1.0, 2.0, 3.0]])")
e.given(L, "Q")
e.claim(L, "shape comment (1 x 3)", ["1", "3"], list(Q.shape))
e.given(e.line("K = torch.tensor([[2.0, 1.0, 0.0],"), "K row 1")
L = e.line("                  [1.0, 2.0, 3.0]])")
e.given(L, "K row 2")
e.claim(L, "shape comment (2 x 3)", ["2", "3"], list(K.shape))
e.claim(e.line("print(score)  # tensor([[4., 14.]])"), "Q K^T", ["4", "14"], Q * K.T)
e.done()
