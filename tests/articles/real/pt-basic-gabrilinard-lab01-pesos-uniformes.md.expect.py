# Expected verdicts for pt-basic-gabrilinard-lab01-pesos-uniformes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: X = [[1, 2], [3, 4]]; W_Q = W_K = 0 (2x2), W_V = I (2x2); d_k = 2.
# Q = K = 0, so every score is 0 and the softmax is uniform; the output is the mean of the two rows of X.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="pt", topics=["basic", "code-block"])
X = M([["1", "2"], ["3", "4"]])
WQ = sp.zeros(2, 2)
WK = sp.zeros(2, 2)
WV = sp.eye(2)
Q, K, V = X * WQ, X * WK, X * WV
S = Q * K.T / sp.sqrt(2)
A = softmax_rows(S)
O = A * V

e.given(e.line("(dimensão 2, sequência de 2 elementos)"), "model dimension 2, sequence of 2")
e.given(e.line("`dimensao_modelo = 2`"), "model dimension 2")
e.given(e.line("Sequência com 2 vetores"), "2 vectors")
e.given(e.line("`X = [[1, 2], [3, 4]]`"), "X")
e.given(e.line("um batch de tamanho 1"), "batch of size 1")
L = e.line("dados_entrada = np.array([[[1.0, 2.0],")
e.given(L, "X row 1 (batched)")
e.given(L + 1, "X row 2 (batched)")
e.given(e.line("np.zeros((2, 2))   # Q = 0"), "W_Q = 0 (2x2), so Q = 0")
e.given(e.line("np.zeros((2, 2))      # K = 0"), "W_K = 0 (2x2), so K = 0")
e.given(e.line("np.eye(2)             # V = X"), "W_V = I (2x2), so V = X")

L = e.line("- Q = 0 e K = 0 (logo, QK^T = 0)")
e.claim(L, "Q = 0, K = 0 and QK^T = 0", ["0", "0", "0"], [Q[0, 0], K[0, 0], (Q * K.T)[0, 0]])
e.claim(e.line("`Pesos = [[0.5, 0.5], [0.5, 0.5]]`"), "uniform weights", ["0.5"] * 4, A)
L = e.line("pesos_esperados = np.array([[[0.5, 0.5],")
e.rows([L, L + 1], "expected weights (code)", [["0.5", "0.5"], ["0.5", "0.5"]], A)
e.claim(e.line("`Saída = [[2, 3], [2, 3]]`"), "output = mean of the rows of X", ["2", "3", "2", "3"], O)
L = e.line("saida_esperada = np.array([[[2.0, 3.0],")
e.rows([L, L + 1], "expected output (code)", [["2.0", "3.0"], ["2.0", "3.0"]], O)
e.done()
