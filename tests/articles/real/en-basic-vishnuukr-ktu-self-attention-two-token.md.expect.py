# Expected verdicts for en-basic-vishnuukr-ktu-self-attention-two-token.md, computed with plain SymPy (see oracle.py); not symattn's code.
# KTU exam notes: X (2x3), W^Q, W^K, W^V (3x2) are given, d_k = 2.  Q = [[2,1],[1,3]], K = [[1,1],[2,3]],
# V = [[1,2],[3,1]], S = QK^T = [[3,7],[4,11]] and S/sqrt(2) = [[2.121, 4.950], [2.828, 7.778]] are right.
# The exponentials are slips: e^{3/sqrt2} = 8.3421 (printed 8.333; even e^{2.121} = 8.3395), e^{7/sqrt2} = 141.139
# (printed 141.34), e^{4/sqrt2} = 16.919 (printed 16.89), e^{11/sqrt2} = 2387.91 (printed 2379.5).  The sums
# (149.68 vs 149.481, 2396.4 vs 2404.83) and every weight built on them are carried: exactly
# A = [[0.055807, 0.944193], [0.0070354, 0.9929646]] (printed 0.0557/0.9443, 0.00705/0.99295, 0.0071/0.9929).
# Step 7: Z = AV is exactly [[2.88839, 1.05581], [2.98593, 1.00704]].  From the author's own A the first column
# would be 0.0557 + 3*0.9443 = 2.8886 and 0.0071 + 3*0.9929 = 2.9858, so the printed 2.9443 and 2.9929 are slips of
# their own (they look like 2 + the second weight); 1.0557 and 1.0071 follow from the author's rounded A (carried).
# The NumPy demo's assert and its hand-written "expected console output" repeat the same A and Z (carried); its Q, K,
# V and the parameter count 4*16^2 = 1024 are right.  The parameter-count table (4*d^2 for d = 768, 1024, 12288,
# 4096) is right, including the LaTeX-grouped 2{,}359{,}296 and 4{,}194{,}304.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, grouped_int_claim

e = Expect(__file__, language="en", topics=["basic", "bmatrix", "latex", "mha"])


def flat(m):
    return [m[i, j] for i in range(m.rows) for j in range(m.cols)]


X = M([[1, 0, 1], [0, 2, 1]])
WQ = M([[1, 0], [0, 1], [1, 1]])
WK = M([[1, 0], [1, 1], [0, 1]])
WV = M([[0, 1], [1, 0], [1, 1]])
Q, K, V = X * WQ, X * WK, X * WV
S = Q * K.T
St = S / sp.sqrt(2)
A = softmax_rows(St)
Z = A * V
ex = St.applyfunc(sp.exp)

e.given(e.line("Sequence length: $n = 2$"), "n = 2")
e.given(e.line("Model dimension: $d_{\\text{model}} = 3$"), "d_model = 3")
e.given(e.line("Head dimension: $d_k = d_v = 2$"), "d_k = d_v = 2")
e.given(e.line("$$X = \\begin{bmatrix} 1 & 0 & 1"), "X")
e.given(e.line("$$W^{Q} = \\begin{bmatrix} 1 & 0"), "W^Q, W^K, W^V")

L = e.line("$$Q = \\begin{bmatrix} 1\\cdot 1")
e.claim(L, "Q = X W^Q", ["2", "1", "1", "3"], flat(Q))
L = e.line("$$K = \\begin{bmatrix} 1\\cdot 1")
e.claim(L, "K = X W^K", ["1", "1", "2", "3"], flat(K))
L = e.line("$$V = \\begin{bmatrix} 1\\cdot 0")
e.claim(L, "V = X W^V", ["1", "2", "3", "1"], flat(V))

L = e.line("$$K^{\\top} = \\begin{bmatrix} 1 & 2")
e.claim(L, "K^T", ["1", "2", "1", "3"], flat(K.T))
e.claim(L, "S = Q K^T", ["3", "7", "4", "11"], flat(S))

L = e.line("### Step 5 — Scale by")
e.claim(L, "1/sqrt(2)", ["0.7071"], [1 / sp.sqrt(2)])
L = e.line("$$\\tilde{S} = \\frac{S}{\\sqrt{2}}")
e.claim(L, "S / sqrt(2)", ["2.121", "4.950", "2.828", "7.778"], flat(St))

L = e.line("Row 1 has logits")
e.claim(L, "row 1 of S/sqrt(2) restated", ["2.121", "4.950"], flat(St.row(0)))
L = e.line("$$e^{2.121} \\approx 8.333")
e.claim(L, "exp of row 1", ["8.333", "141.34"], flat(ex.row(0)))
e.claim(L, "row-1 sum of exponentials", ["149.68"], [sum(flat(ex.row(0)))], cause="carried")
L = e.line("$$A_{1,:} =")
e.claim(L, "exp of row 1 restated", ["8.333", "141.34"], flat(ex.row(0)), cause="carried")
e.claim(L, "row-1 sum restated", ["149.68"], [sum(flat(ex.row(0)))], cause="carried")
e.claim(L, "softmax row 1", ["0.0557", "0.9443"], flat(A.row(0)), cause="carried")

L = e.line("Row 2 has logits")
e.claim(L, "row 2 of S/sqrt(2) restated", ["2.828", "7.778"], flat(St.row(1)))
L = e.line("$$e^{2.828} \\approx 16.89")
e.claim(L, "exp of row 2", ["16.89", "2379.5"], flat(ex.row(1)))
e.claim(L, "row-2 sum of exponentials", ["2396.4"], [sum(flat(ex.row(1)))], cause="carried")
L = e.line("$$A_{2,:} =")
e.claim(L, "exp of row 2 restated", ["16.89", "2379.5"], flat(ex.row(1)), cause="carried")
e.claim(L, "row-2 sum restated", ["2396.4"], [sum(flat(ex.row(1)))], cause="carried")
e.claim(L, "softmax row 2", ["0.00705", "0.99295"], flat(A.row(1)), cause="carried")

L = e.line("$$A \\approx \\begin{bmatrix} 0.0557")
e.claim(L, "attention matrix A", ["0.0557", "0.9443", "0.0071", "0.9929"], flat(A), cause="carried")

L = e.line("$$Z = \\begin{bmatrix} 0.0557")
e.claim(L, "A restated", ["0.0557", "0.9443", "0.0071", "0.9929"], flat(A), cause="carried")
e.claim(L, "V restated", ["1", "2", "3", "1"], flat(V))
e.claim(L, "Z[1,1], Z[2,1] (wrong even from the printed A)", ["2.9443", "2.9929"], [Z[0, 0], Z[1, 0]])
e.claim(L, "Z[1,2], Z[2,2] (right from the printed A)", ["1.0557", "1.0071"], [Z[0, 1], Z[1, 1]], cause="carried")
L = e.line("This $n \\times d_v = 2 \\times 2$ matrix")
e.claim(L, "shape of Z", ["2", "2"], [2, 2])

# ---- parameter-count table ----------------------------------------------------------------------
for d, grouped, approx in ((768, "2{,}359{,}296", "2.36"), (1024, "4{,}194{,}304", "4.19")):
    L = e.line(f"| $4 \\times {d}^2 = {grouped}")
    grouped_int_claim(e, L, f"4 * {d}^2", grouped, 4 * d * d, sep="{,}")
    e.claim(L, f"4 * {d}^2 in millions", [approx], [R(4 * d * d, 10**6)])
L = e.line("| GPT-2 small | 768 |")
e.claim(L, "GPT-2 small (d = 768) in millions", ["2.36"], [R(4 * 768 * 768, 10**6)])
L = e.line("| GPT-3 175B | 12288 |")
e.claim(L, "4 * 12288^2 in millions", ["604"], [R(4 * 12288**2, 10**6)], rounded_int=True)
L = e.line("| LLaMA-7B | 4096 |")
e.claim(L, "4 * 4096^2 in millions", ["67"], [R(4 * 4096**2, 10**6)], rounded_int=True)

# ---- NumPy demo ----------------------------------------------------------------------------------
e.given(e.line("X = np.array([[1.0, 0.0, 1.0],"), "X in code")
e.given(e.line("[0.0, 2.0, 1.0]], dtype=np.float64)"), "X in code (row 2)")
e.given(e.line("WQ = np.array([[1, 0], [0, 1], [1, 1]]"), "W^Q in code")
e.given(e.line("WK = np.array([[1, 0], [1, 1], [0, 1]]"), "W^K in code")
e.given(e.line("WV = np.array([[0, 1], [1, 0], [1, 1]]"), "W^V in code")
L = e.line("assert np.allclose(out, [[2.9443")
e.claim(L, "asserted Z (the hand result repeated)", ["2.9443", "1.0557", "2.9929", "1.0071"], flat(Z), cause="carried")
e.given(e.line("Xrand = rng.normal(0, 1, (6, 16))"), "random input shape")
e.given(e.line("mha = MultiHeadAttention(d_model=16, h=4"), "d_model = 16, h = 4")

L = e.line("Q = [[2. 1.] [1. 3.]]")
e.claim(L, "printed Q", ["2", "1", "1", "3"], flat(Q))
L = e.line("K = [[1. 1.] [2. 3.]]")
e.claim(L, "printed K", ["1", "1", "2", "3"], flat(K))
L = e.line("V = [[1. 2.] [3. 1.]]")
e.claim(L, "printed V", ["1", "2", "3", "1"], flat(V))
L = e.line("Attention weights A = [[0.0557 0.9443]")
e.claim(L, "printed A", ["0.0557", "0.9443", "0.0071", "0.9929"], flat(A), cause="carried")
L = e.line("Output Z = [[2.9443 1.0557]")
e.claim(L, "printed Z", ["2.9443", "1.0557", "2.9929", "1.0071"], flat(Z), cause="carried")
L = e.line("MHA parameter count = 1024")
e.claim(L, "4 * 16^2 parameters", ["1024", "1024"], [4 * 16 * 16, 4 * 16 * 16])
e.done()
