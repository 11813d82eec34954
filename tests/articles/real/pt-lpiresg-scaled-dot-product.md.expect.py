# Expected verdicts for pt-lpiresg-scaled-dot-product.md, computed with plain SymPy (see oracle.py); not symattn's code.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="pt", topics=["basic", "printed-output"])
Q = M([["1", "0"], ["0", "1"]])
K = M([["1", "0"], ["0", "1"]])
V = M([["1", "2"], ["3", "4"]])
e.given(e.line("Q = np.array"), "Q")
e.given(e.line("K = np.array"), "K")
e.given(e.line("V = np.array"), "V")
A = softmax_rows(Q * K.T / sp.sqrt(2))
O = A * V
L = e.line("Saída:", after=e.line("# Output:")) + 1
e.rows([L, L + 1], "output", [["1.6604769", "2.6604769"], ["2.3395231", "3.3395231"]], O)
L = e.line("Resultado do softmax:") + 1
e.rows([L, L + 1], "softmax", [["0.66976155", "0.33023845"], ["0.33023845", "0.66976155"]], A)
e.done()
