# Expected verdicts for zh-time-machine-qkv.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs as first given: X and W^Q (Q = X W^Q is derived); K and V are given directly (W^K, W^V never printed).
# The article states Q = X·W^Q but prints Machine's query as [1, 2, 1]; X·W^Q gives [0, 2, 1].
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["basic", "scaling"])
X = M([["1", "0", "1", "0"], ["0", "2", "0", "1"]])
WQ = M([["1", "0", "0"], ["0", "1", "0"], ["1", "0", "1"], ["0", "0", "1"]])
K = M([["1", "0", "1"], ["0", "1", "0"]])
V = M([["10", "2", "0"], ["2", "5", "8"]])
dk = 3
Q = X * WQ
S = Q * K.T
A = softmax_rows(S / sp.sqrt(dk))
O = A * V

e.given(e.line('"Time" ($x_1$)'), "x_Time")
e.given(e.line('"Machine" ($x_2$)'), "x_Machine")
e.given(e.line("$$X = "), "X")
e.claim(e.line("4 x 3"), "shape of W^Q", ["4", "3"], [WQ.rows, WQ.cols])
e.given(e.line("$$W^Q = "), "W^Q")
e.claim(e.line(r"\begin{aligned} q_{\text{Time}}"), "q_Time", ["2", "0", "1"], Q.row(0))
e.claim(e.line("$$Q = "), "Q = X W^Q", [["2", "0", "1"], ["1", "2", "1"]], Q)
e.given(e.line("$$K = "), "K")
e.given(e.line("$$V = "), "V")

e.claim(e.line("**Time vs Time:**"), "S[1,1]", "3", S[0, 0])
e.claim(e.line("Time vs Machine:"), "S[1,2]", "0", S[0, 1])
e.claim(e.line("**Machine vs Time:**"), "S[2,1]", "2", S[1, 0], cause="carried")
e.claim(e.line("**Machine vs Machine:**"), "S[2,2]", "2", S[1, 1])
e.claim(e.line(r"$$\text{Scores} = "), "Scores", [["3", "0"], ["2", "2"]], S, cause="carried")

L = e.line(r"\sqrt{d_k} \approx 1.73")
e.claim(L, "sqrt(d_k)", "1.73", sp.sqrt(dk))
e.claim(L, "sqrt(d_k) taken as", "1.7", sp.sqrt(dk))
L = e.line(r"$$\text{Scaled} = ")
e.claim(L, "scaled row 1 (divided by 1.7)", ["1.76", "0"], S.row(0) / sp.sqrt(dk), cause="drift")
e.claim(L, "scaled row 2", ["1.17", "1.17"], S.row(1) / sp.sqrt(dk), cause="carried")

e.claim(e.line("输入 $[1.76, 0]$"), "row 1 input", ["1.76", "0"], S.row(0) / sp.sqrt(dk), cause="drift")
L = e.line(r"$e^{1.76} \approx 5.8$")
e.claim(L, "e^1.76", "5.8", sp.exp(R("1.76")))
e.claim(L, "e^0", "1", sp.Integer(1))
e.claim(L, "sum 5.8 + 1", "6.8", sp.exp(R("1.76")) + 1)
e.claim(e.line(r"权重 $\approx [\mathbf{0.85}"), "weights row 1", ["0.85", "0.15"], A.row(0))
e.claim(e.line("输入 $[1.17, 1.17]$"), "row 2 input", ["1.17", "1.17"], S.row(1) / sp.sqrt(dk), cause="carried")
e.claim(e.line(r"权重 $= [\mathbf{0.5}"), "weights row 2", ["0.5", "0.5"], A.row(1), cause="carried")
e.claim(e.line(r"$$\text{Weights} = "), "Weights", [["0.85", "0.15"], ["0.50", "0.50"]], A, cause="carried")

e.claim(e.line('1. "Time" 的输出'), "weights of Time", ["0.85", "0.15"], A.row(0))
L = e.line("第一维:")
e.claim(L, "0.85×10", "8.5", A[0, 0] * V[0, 0])
e.claim(L, "0.15×2", "0.3", A[0, 1] * V[1, 0])
e.claim(L, "out[1,1]", "8.8", O[0, 0])
L = e.line("第二维:")
e.claim(L, "0.85×2", "1.7", A[0, 0] * V[0, 1])
e.claim(L, "0.15×5", "0.75", A[0, 1] * V[1, 1])
e.claim(L, "out[1,2]", "2.45", O[0, 1])
L = e.line("第三维:")
e.claim(L, "0.85×0", "0", A[0, 0] * V[0, 2])
e.claim(L, "out[1,3]", "1.2", O[0, 2])
e.claim(e.line('"Time" 的新向量 ='), "output Time", ["8.8", "2.45", "1.2"], O.row(0))
e.claim(e.line('2. "Machine" 的输出'), "weights of Machine", ["0.5", "0.5"], A.row(1), cause="carried")
e.claim(e.line("(10+2)/2"), "output Machine", ["6", "3.5", "4"], O.row(1), cause="carried")
e.claim(e.line('**"Machine" 的新向量'), "output Machine", ["6", "3.5", "4"], O.row(1), cause="carried")
e.done()
