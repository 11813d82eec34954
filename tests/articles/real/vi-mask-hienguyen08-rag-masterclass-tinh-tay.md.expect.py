# Expected verdicts for vi-mask-hienguyen08-rag-masterclass-tinh-tay.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Vietnamese RAG course, module 01: causal self-attention worked by hand with Q = K = [[1,0],[0,1],[1,1]],
# V = [[1,0],[0,2],[1,1]], d_k = 2.  Scaled scores S/sqrt2 = [[.707,0,.707],[0,.707,.707],[.707,.707,1.414]].
# Causal softmax rows: (1,0,0); (1, e^{1/sqrt2})/(1+e^{1/sqrt2}) = (0.330238, 0.669762); (a, a, b)/(2a+b) with
# a = e^{1/sqrt2} = 2.028115, b = e^{sqrt2} = 4.113250, sum 8.169480 -> (0.248256, 0.248256, 0.503488).
# Outputs o_2 = (0.330238, 1.339524), o_3 = (0.751744, 1.000000).  Every printed value agrees at its printed
# places end to end (e^{1.414} = 4.113 is right from the exact sqrt2, although e^{1.414} itself is 4.11245).
# Section 3.2: sqrt(128) = 11.314; softmax(8,0,0) = (0.999330, 0.000335, 0.000335); softmax(1,0,0) = (0.576117,
# 0.211942, 0.211942); p1(1-p1) = 0.000670.  The simulated variances (4.03, 64.1, 128.4) come from unprinted random
# samples: ambiguous.  Section 3.7 (Llama-2-7B style, decimal commas): 4d^2 = 67,108,864; 3 d d_ff = 135,266,304;
# 2d = 8,192; one layer 202,383,360; 32 layers 6,476,267,520; 2Vd = 262,144,000; total 6,738,411,520; FP16 weights
# 13.48 GB.  All agree.  "FFN ~2/3 of a layer" is a stated approximation (exact 135.27/202.38 = 0.668): ambiguous.
# No wrong lines: a clean article.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="vi", topics=["mask", "basic", "softmax", "scaling", "output", "complexity"])

Q = M([[1, 0], [0, 1], [1, 1]])
V = M([[1, 0], [0, 2], [1, 1]])
S = Q * Q.T / sp.sqrt(2)
A = sp.zeros(3, 3)
for i in range(3):
    den = sum(sp.exp(S[i, k]) for k in range(i + 1))
    for j in range(i + 1):
        A[i, j] = sp.exp(S[i, j]) / den
O = A * V
a, b = sp.exp(1 / sp.sqrt(2)), sp.exp(sp.sqrt(2))

L = e.line("**Ví dụ tính tay** ($n = 3$, $d_k = 2$)")
e.given(L, "n = 3, d_k = 2, Q = K, V")
e.claim(e.line("Bước 1 — điểm thô"), "1/sqrt(2)", ["0.707"], [1 / sp.sqrt(2)])
L = e.line("\\frac{QK^\\top}{\\sqrt 2} = \\begin{pmatrix} 0.707")
e.claim(L, "QK^T/sqrt2 (9 entries)", ["0.707", "0", "0.707", "0", "0.707", "0.707", "0.707", "0.707", "1.414"],
        [S[i, j] for i in range(3) for j in range(3)])
e.claim(e.line("- Hàng 1: chỉ có $j=1$"), "alpha row 1", ["1", "0", "0"], list(A.row(0)))
L = e.line("- Hàng 2: $\\mathrm{softmax}(0, 0.707)")
e.claim(L, "row 2 scores restated", ["0.707"], [S[1, 1]])
e.claim(L, "e^{1/sqrt2}", ["2.028"], [a])
e.claim(L, "alpha row 2", ["0.330", "0.670"], [A[1, 0], A[1, 1]])
L = e.line("- Hàng 3: $\\mathrm{softmax}(0.707, 0.707, 1.414)$")
e.claim(L, "row 3 scores restated", ["0.707", "1.414"], [S[2, 0], S[2, 2]])
e.claim(L, "e^{1/sqrt2}, e^{sqrt2}, denominator", ["2.028", "4.113", "8.169"], [a, b, 2 * a + b])
e.claim(L, "alpha row 3", ["0.248", "0.503"], [A[2, 0], A[2, 2]])
e.claim(e.line("- $\\mathbf{o}_1 = (1, 0)$"), "o_1", ["1", "0"], list(O.row(0)))
L = e.line("- $\\mathbf{o}_2 = 0.330")
e.claim(L, "row 2 weights restated", ["0.330", "0.670"], [A[1, 0], A[1, 1]])
e.claim(L, "o_2", ["0.33", "1.34"], list(O.row(1)))
L = e.line("- $\\mathbf{o}_3 = 0.248")
e.claim(L, "row 3 weights restated", ["0.248", "0.503"], [A[2, 0], A[2, 2]])
e.claim(L, "o_3", ["0.752", "1.0"], list(O.row(2)))

# 3.2
e.ambiguous(e.line("(Kiểm chứng mô phỏng với 100.000 mẫu Gauss"),
            "empirical variances of 100,000 unprinted random Gaussian samples (expected about d_k = 4, 64, 128)")
e.claim(e.line("\\sqrt{128} \\approx 11.3"), "sqrt(128)", ["11.3"], [sp.sqrt(128)])
z = softmax_rows(M([[8, 0, 0]]))
e.claim(e.line("- $\\mathrm{softmax}(8, 0, 0)"), "softmax(8,0,0)", ["0.9993", "0.0003"], [z[0, 0], z[0, 1]])
w = softmax_rows(M([[1, 0, 0]]))
e.claim(e.line("- $\\mathrm{softmax}(1, 0, 0)"), "softmax(1,0,0)", ["0.576", "0.212"], [w[0, 0], w[0, 1]])
e.claim(e.line("p_1(1-p_1) \\approx 0.0007"), "p1(1-p1) for softmax(8,0,0)", ["0.0007"], [z[0, 0] * (1 - z[0, 0])])

# 3.7 parameter count
d, N, dff, Vv = 4096, 32, 11008, 32000
e.given(e.line("Kiến trúc kiểu Llama-2-7B: $d = 4096$"), "d, N, d_ff, V")
att, ffn, norm = 4 * d * d, 3 * d * dff, 2 * d
layer = att + ffn + norm
emb = 2 * Vv * d
total = N * layer + emb
mil = sp.Integer(10) ** 6
e.claim(e.line("| Attention / lớp |"), "4 d^2 in millions", ["67,1"], [att / mil])
e.claim(e.line("| FFN SwiGLU / lớp |"), "3 d d_ff in millions", ["135,3"], [ffn / mil])
e.claim(e.line("| Norm / lớp |"), "2d in thousands (~8)", ["8"], [sp.Integer(norm) / 1000], rounded_int=True)
e.claim(e.line("| **Một lớp** |"), "one layer in millions", ["202,4"], [layer / mil])
e.claim(e.line("| 32 lớp |"), "32 layers in billions", ["6,476"], [N * layer / mil / 1000])
e.claim(e.line("| Embedding + LM head |"), "2 V d in millions", ["262,1"], [emb / mil])
e.claim(e.line("| **Tổng** |"), "total in billions", ["6,74"], [total / mil / 1000])
L = e.line("FFN chiếm khoảng 2/3 mỗi lớp")
e.ambiguous(L, "'khoảng 2/3' is a stated approximation of the FFN share 135.27/202.38 = 0.668")
e.claim(L, "total restated (6,74B)", ["6,74"], [total / mil / 1000])
e.claim(L, "FP16 weights in GB", ["13,5"], [sp.Integer(total * 2) / 10**9])
e.done()
