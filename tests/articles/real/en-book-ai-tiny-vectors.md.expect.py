# Expected verdicts for en-book-ai-tiny-vectors.md, computed with plain SymPy (see oracle.py); not symattn's code.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "qkv-identity", "scores-only"])
X = M([["1.0", "0.0", "1.0", "0.0"], ["0.0", "1.0", "0.0", "1.0"], ["1.0", "1.0", "0.0", "0.0"]])
S = X * X.T
for i in range(3):
    e.given(e.line(f'Token {i} ("'), f"token {i} embedding")
    e.given(e.line(f"# Token {i}"), f"X row {i+1}")
e.claim(e.line("Shape: [3, 4] = [seq_len, d_model]"), "shape of X", ["3", "4"], [X.rows, X.cols])
for name in ("Q = X  [3, 4]", "K = X  [3, 4]", "V = X  [3, 4]"):
    e.claim(e.line(name), "shape of " + name[0], ["3", "4"], [X.rows, X.cols])
e.claim(e.line("d_k = 4"), "d_k", ["4"], [X.cols])
e.claim(e.line("= [3, 4] @ [4, 3]"), "shapes of Q and K^T", ["3", "4", "4", "3"], [3, 4, 4, 3])
e.claim(e.line("     = [3, 3]"), "shape of QK^T", ["3", "3"], [S.rows, S.cols])
for i in range(2):
    for j in range(3):
        L = e.line(f"scores[{i}][{j}] = [")
        e.given(L, "query and key restated")
        text = e.lines[L - 1]
        e.claim(L, f"scores[{i}][{j}]", [text.split("=")[-1].strip()], [S[i, j]])
e.done()
