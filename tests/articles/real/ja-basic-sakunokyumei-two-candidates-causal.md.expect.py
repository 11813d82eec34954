# Expected verdicts for ja-basic-sakunokyumei-two-candidates-causal.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs (two-candidate example): Q = (1,0), K1 = (1,0), K2 = (0,1), V1 = (2,0), V2 = (0,4), d_k = 2.
# Dot products (1, 0); scaled (1/sqrt2, 0); softmax = (0.6697615, 0.3302385) -> (0.670, 0.330);
# output 0.6697615 (2,0) + 0.3302385 (0,4) = (1.3395231, 1.3209538) -> (1.340, 1.321): all right.
# Causal code example: q = k = [[1,0],[0,1],[1,1]], v = [[2,0],[0,4],[1,1]]; position 0 sees only itself,
# so its output is v0 = (2,0).
# Exercises: shapes (5,8)x(7,8)^T -> (5,7), (5,7)x(7,4) -> (5,4); softmax(0,0) = (0.5,0.5), output (1,2);
# sqrt(64) = 8; the middle position of a 3-token causal mask sees keys 0 and 1, not 2.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="ja", topics=["basic", "mask"])
q = M([["1", "0"]])
Kmat = M([["1", "0"], ["0", "1"]])
Vmat = M([["2", "0"], ["0", "4"]])
dk = 2
dots = q * Kmat.T
scaled = dots / sp.sqrt(dk)
w = softmax_rows(scaled)
out = w * Vmat

L = e.line("Q=(1,0)、K₁=(1,0)")
e.given(L, "Q, K1, K2, V1, V2, d_k = 2")
e.claim(L, "dot products q.K1, q.K2", ["1", "0"], dots)
e.claim(L, "softmax of (1/sqrt2, 0)", ["0.670", "0.330"], w)
e.claim(L, "output 0.670(2,0)+0.330(0,4)", ["1.340", "1.321"], out)

# causal code example: three tokens, first position attends only to itself
qc = M([["1", "0"], ["0", "1"], ["1", "1"]])
vc = M([["2", "0"], ["0", "4"], ["1", "1"]])
sc = qc * qc.T / sp.sqrt(2)
w0 = softmax_rows(sc[0:1, 0:1])          # only key 0 allowed
o0 = w0[0, 0] * vc.row(0)
e.claim(e.line("位置0の出力が必ず(2,0)"), "causal output of position 0", ["2", "0"], o0)
e.given(e.line("q = torch.tensor([[1., 0.], [0., 1.], [1., 1.]])"), "code queries")
e.given(e.line("v = torch.tensor([[2., 0.], [0., 4.], [1., 1.]])"), "code values")
e.claim(e.line("最初の出力は必ずV₁=(2,0)"), "first output equals V1", ["2", "0"], o0)

e.given(e.line("Qが(5,8)、Kが(7,8)、Vが(7,4)"), "shapes of Q, K, V")
e.claim(e.line("QKᵀは(5,7)、重みとVの積は(5,4)"), "score and output shapes", ["5", "7", "5", "4"], [5, 7, 5, 4])
e.given(e.line("調整後の点数が(0,0)、値が(2,0)と(0,4)"), "scores (0,0), values")
w2 = softmax_rows(sp.Matrix([[0, 0]]))
e.claim(e.line("重みは(0.5,0.5)、出力は(1,2)"), "uniform weights and output", ["0.5", "0.5", "1", "2"],
        [w2[0, 0], w2[0, 1], (w2 * Vmat)[0, 0], (w2 * Vmat)[0, 1]])
e.given(e.line("d_k=64の標準Attention"), "d_k = 64")
e.claim(e.line("√64=8です"), "sqrt(64)", ["8"], [sp.sqrt(64)])
e.claim(e.line("0と1です。自分より未来の2は見ません"), "allowed keys of position 1 and the hidden one",
        ["0", "1", "2"], [0, 1, 2])
e.done()
