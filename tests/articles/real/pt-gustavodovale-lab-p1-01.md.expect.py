# Expected verdicts for pt-gustavodovale-lab-p1-01.md, computed with plain SymPy (see oracle.py); not symattn's code.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="pt", topics=["basic", "printed-output"])
Q = M([["1", "2", "2"], ["1", "1", "2"]])
K = M([["2", "5", "6"], ["0", "8", "1"]])
V = M([["10", "50"], ["20", "60"]])
e.given(e.line("Q = [["), "Q")
e.given(e.line("K = [["), "K")
e.given(e.line("V = [["), "V")
O = softmax_rows(Q * K.T / sp.sqrt(3)) * V      # d_k = 3 (keys have 3 entries)
L = e.line("[[10.3035109")
e.rows([L, L + 1], "output", [["10.3035109", "50.3035109"], ["10.05507332", "50.05507332"]], O)
e.done()
