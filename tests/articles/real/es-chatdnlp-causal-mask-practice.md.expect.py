# Expected verdicts for es-chatdnlp-causal-mask-practice.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Q, K, V (4x3) are given as torch literals; d_k = K.size(-1) = 3; causal mask; Z = softmax(mask(QK^T/sqrt3)) V.
# Every Q and K row is a multiple of (1,1,1), so the scores are sqrt(3) q_i k_j.  Exact Z rows:
# [1,0,0], [0.45681,0.54319,0], [0.32186,0.33320,0.34494], [0.23086,0.51299,0.52596] - the HTML table and the printed
# tensor agree at 4 places.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="es", topics=["mask", "causal", "torch-print", "html-table"])
NUM = re.compile(r"-?\d+\.\d+")
Q = M([["0.0", "0.0", "0.0"], ["1", "1", "1"], ["0.2", "0.2", "0.2"], ["0.3", "0.3", "0.3"]])
K = M([["0.1", "0.1", "0.1"], ["0.2", "0.2", "0.2"], ["0.3", "0.3", "0.3"], ["0.4", "0.4", "0.4"]])
V = M([[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 1, 1]])
S = Q * K.T / sp.sqrt(3)
A = sp.zeros(4, 4)
for i in range(4):
    den = sum(sp.exp(S[i, k]) for k in range(i + 1))
    for j in range(i + 1):
        A[i, j] = sp.exp(S[i, j]) / den
Z = A * V

e.given(e.line("Q = torch.tensor("), "Q")
e.given(e.line("K = torch.tensor("), "K")
e.given(e.line("V = torch.tensor("), "V")
for i in range(4):
    L = e.line(f"<td><b>z{i + 1}</b></td>")
    e.claim(L, f"z{i + 1} (expected-result table)", NUM.findall(e.lines[L - 1]), list(Z.row(i)))
L = e.line("tensor([[1.0000, 0.0000, 0.0000],")
for i in range(4):
    e.claim(L + i, f"printed attention_vectors row {i + 1}", NUM.findall(e.lines[L + i - 1]), list(Z.row(i)))
e.done()
