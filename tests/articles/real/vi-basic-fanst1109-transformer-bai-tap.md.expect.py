# Expected verdicts for vi-basic-fanst1109-transformer-bai-tap.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: Q, K (3×4) as printed, d_k = 4, V = Q; multi-head sizes h = 8, d_model = 512 (and d_model = 256, h = 4);
# sinusoidal PE with d_model = 4; S (4×4) for exercise 1 (already scaled); n = 512, 100K, 1000.
# - QKᵀ = [[1, 1, 2], [1, 1, 0], [1, 1, 1]], /2, row softmax [[0.274069, 0.274069, 0.451862], [0.383694, 0.383694,
#   0.232612], [1/3]*3]; output[0] = [0.725931, 0.725931, 0.274069, 0.274069]: all printed values agree.
# - Row-1 sum "tổng = 4.298": exact 1 + 2e^0.5 = 4.297443 (4.297); 1.649 + 1.649 + 1.0 = 4.298 from the printed
#   rounded exps -> ambiguous (explicit arithmetic on rounded operands; the weights after it are right).
#   Row-2 sum "4.947": exact 3e^0.5 = 4.946164 (4.946); 3 × 1.649 = 4.947 -> ambiguous, same reason.
# - Exercise 1: softmax([1, 2, 0, 0]) = [0.224515, 0.610296, 0.082595, 0.082595]; the printed 0.224 (three times, rows
#   1-3) is 2.718 / 12.107 = 0.22450 from the rounded operands, but the exact weight rounds to 0.225 -> 3 lines wrong
#   (drift).
# - Parameter counts (thousands dots: 98.304 = 98304 ...), PE table, sin 5 = -0.958924, cos 5 = 0.283662, n² values
#   all agree.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, dotted_int_claim

e = Expect(__file__, language="vi", topics=["basic", "mha", "pe", "softmax", "code-block", "markdown-table"])
Q = M([[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0]])
K = M([[1, 0, 0, 1], [0, 1, 1, 0], [1, 0, 1, 0]])
S = Q * K.T
Ssc = S / sp.sqrt(4)
A = softmax_rows(Ssc)
out0 = (A * Q).row(0)

L = e.line("Q = [[ 1,  0,  1,  0],")
for k in range(3):
    e.given(L + k, f"Q row {k + 1}")
L = e.line("K = [[ 1,  0,  0,  1],")
for k in range(3):
    e.given(L + k, f"K row {k + 1}")
for i in range(3):
    for j in range(3):
        ln = e.line(f"QKᵀ[{i},{j}] = Q[{i}]·K[{j}]")
        txt = e.lines[ln - 1]
        e.claim(ln, f"QKᵀ[{i},{j}]", txt.split("**")[1], S[i, j])
L = e.line("QKᵀ = [[1, 1, 2],")
e.rows([L, L + 1, L + 2], "QKᵀ", [["1", "1", "2"], ["1", "1", "0"], ["1", "1", "1"]], S)
e.claim(e.line("d_k = 4, √4 = 2."), "√d_k", ["4", "2"], [4, 2])
L = e.line("QKᵀ / √d_k = [[0.5, 0.5, 1.0],")
e.rows([L, L + 1, L + 2], "QKᵀ/√d_k", [["0.5", "0.5", "1.0"], ["0.5", "0.5", "0.0"], ["0.5", "0.5", "0.5"]], Ssc)
for k, row in enumerate(("Hàng 0 `[0.5, 0.5, 1.0]`:", "Hàng 1 `[0.5, 0.5, 0.0]`:", "Hàng 2 `[0.5, 0.5, 0.5]`:")):
    e.claim(e.line(row), f"scaled row {k + 1}", [x.strip() for x in row.split("`")[1][1:-1].split(",")],
            list(Ssc.row(k)))
ex = [sp.exp(v) for v in Ssc.row(0)]
L = e.line("exp: `[e^0.5, e^0.5, e^1.0] = [1.649, 1.649, 2.718]`, tổng = 6.016")
e.claim(L, "exp row 1 and sum", ["1.649", "1.649", "2.718", "6.016"], ex + [sum(ex)])
e.claim(L + 1, "weights row 1", ["0.274", "0.274", "0.452"], list(A.row(0)))
L = e.line("exp: `[1.649, 1.649, 1.0]`, tổng = 4.298")
e.ambiguous(L, "the exps 1.649, 1.649, 1.0 agree, but tổng = 4.298 is 1.649 + 1.649 + 1.0 from the rounded exps; the exact sum 1 + 2e^0.5 = 4.297443 "
            "rounds to 4.297 (explicit arithmetic on rounded operands)")
e.claim(L + 1, "weights row 2", ["0.384", "0.384", "0.233"], list(A.row(1)))
L = e.line("exp: `[1.649, 1.649, 1.649]`, tổng = 4.947")
e.ambiguous(L, "the exps 1.649 agree, but tổng = 4.947 is 3 × 1.649 from the rounded exps; the exact sum 3e^0.5 = 4.946164 rounds to 4.946 "
            "(explicit arithmetic on rounded operands)")
e.claim(L + 1, "weights row 3", ["0.333", "0.333", "0.333"], list(A.row(2)))
L = e.line("    [[0.274, 0.274, 0.452],")
e.rows([L, L + 1, L + 2], "A", [["0.274", "0.274", "0.452"], ["0.384", "0.384", "0.233"], ["0.333", "0.333", "0.333"]], A)
L = e.line("Output[0] = 0.274×Q[0] + 0.274×Q[1] + 0.452×Q[2]")
e.claim(L, "weights used for output[0]", ["0.274", "0.274", "0.452"], list(A.row(0)))
L = e.line("= 0.274×[1,0,1,0] + 0.274×[0,1,0,1] + 0.452×[1,1,0,0]")
e.claim(L, "weights restated", ["0.274", "0.274", "0.452"], list(A.row(0)))
L = e.line("= [0.274,0,0.274,0] + [0,0.274,0,0.274] + [0.452,0.452,0,0]")
e.claim(L, "scaled value rows", ["0.274", "0.274", "0.274", "0.274", "0.452", "0.452"],
        [A[0, 0], A[0, 0], A[0, 1], A[0, 1], A[0, 2], A[0, 2]])
e.claim(e.line("= [0.726, 0.726, 0.274, 0.274]"), "output[0]", ["0.726", "0.726", "0.274", "0.274"], list(out0))
e.claim(e.line("Kích thước đầu ra là n×d_v = 3×4"), "shapes", ["3", "4", "3", "3", "3", "4", "3", "4"],
        [3, 4, 3, 3, 3, 4, 3, 4])

L = e.line("`h=8`, `d_model=512`")
e.claim(L, "d_k = 512/8", ["64"], [R(512, 8)])
L = e.line("3×512×64 = 98.304 per head × 8 = 786.432")
dotted_int_claim(e, L, "3·512·64", "98.304", 3 * 512 * 64)
dotted_int_claim(e, L, "8·98304", "786.432", 8 * 3 * 512 * 64)
dotted_int_claim(e, e.line("W_O ∈ R^{512×512} = 262.144"), "512²", "262.144", 512 * 512)
e.claim(e.line("~1.05M tham số"), "total ≈ 1.05M", ["1.05"], [R(8 * 3 * 512 * 64 + 512 * 512, 10**6)])
e.claim(e.line("Concat: n×(64×8) = n×512"), "concat width", ["512"], [64 * 8])

e.given(e.line("PE(pos, 2i)   = sin"), "PE formula (sin)")
e.given(e.line("PE(pos, 2i+1) = cos"), "PE formula (cos)")
e.claim(e.line("i=0 → 10000^0=1; i=1 → 10000^0.5 ≈ 100"), "frequencies", ["1", "100"],
        [1, sp.Integer(10000) ** R(1, 2)])
e.given(e.line("| pos | PE[0] = sin(pos/1)"), "table header")
for pos in range(4):
    ln = e.line(f"| {pos} | sin({pos})=")
    cells = [c.split("=")[1].strip() for c in e.lines[ln - 1].strip("|").split("|")[1:]]
    exact = [sp.sin(pos), sp.cos(pos), sp.sin(R(pos, 100)), sp.cos(R(pos, 100))]
    e.claim(ln, f"PE row pos={pos}", cells, exact)
L = e.line("n²=262.144 attention values")
dotted_int_claim(e, L, "512²", "262.144", 512 * 512)
L = e.line("S = [[2, 0, 0, 0],")
for k in range(4):
    e.given(L + k, f"S row {k + 1}")
Sx = M([[2, 0, 0, 0], [1, 2, 0, 0], [0, 1, 2, 0], [0, 0, 1, 2]])
Ax = softmax_rows(Sx)
exps = [[sp.exp(v) for v in Sx.row(i)] for i in range(4)]
pr = {0: ["7.389", "1", "1", "1"], 1: ["2.718", "7.389", "1", "1"], 2: ["1", "2.718", "7.389", "1"],
      3: ["1", "1", "2.718", "7.389"]}
sums = {0: "10.389", 1: "12.107", 2: "12.107", 3: "12.107"}
ws = {0: ["0.711", "0.096", "0.096", "0.096"], 1: ["0.224", "0.610", "0.083", "0.083"],
      2: ["0.083", "0.224", "0.610", "0.083"], 3: ["0.083", "0.083", "0.224", "0.610"]}
for i in range(4):
    ln = e.line(f"**Hàng {i}** `[")
    e.claim(ln, f"exercise 1 row {i + 1}: exps", pr[i], exps[i])
    e.claim(ln, f"exercise 1 row {i + 1}: sum", [sums[i]], [sum(exps[i])])
    e.claim(ln, f"exercise 1 row {i + 1}: weights (e/(e+e²+2) = 0.224515)", ws[i], list(Ax.row(i)), cause="drift")
e.claim(e.line("**Bài 2**: d_model=256, h=4 heads."), "inputs", ["256", "4"], [256, 4])
e.claim(e.line("d_k = d_v = d_model/h = 256/4 = **64**"), "d_k", ["64"], [R(256, 4)])
dotted_int_claim(e, e.line("3 × 256 × 64 = 49.152 per head"), "3·256·64", "49.152", 3 * 256 * 64)
L = e.line("4 heads: 4 × 49.152 = **196.608**")
dotted_int_claim(e, L, "4·49152", "196.608", 4 * 3 * 256 * 64)
dotted_int_claim(e, e.line("W_O ∈ R^{256×256} = **65.536**"), "256²", "65.536", 256 * 256)
L = e.line("Tổng: 196.608 + 65.536 = **262.144 tham số**")
dotted_int_claim(e, L, "total", "262.144", 4 * 3 * 256 * 64 + 256 * 256)
e.claim(e.line("PE(pos=5, 2i=0)"), "sin 5", ["-0.959"], [sp.sin(5)])
e.claim(e.line("PE(pos=5, 2i+1=1)"), "cos 5", ["0.284"], [sp.cos(5)])
e.claim(e.line("(Với 10000^(2i/512) = 10000^(0/512) = 10000^0 = 1 cho i=0)"), "10000^0", ["1"], [1])
L = e.line("**Bài 4**: câu dài n=1000 tokens.")
e.claim(L, "RNN steps and n²", ["1000"], [1000])
e.done()
