# Expected verdicts for ko-basic-ralbu85-goyangi-saengseon-hand-calc.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# Inputs (table 1): Q = [[2,1],[1,2],[1,3]], K = [[1,0],[0,2],[1,1]], V = [[1,0],[0,1],[1,1]], d = 2.
# S = Q K^T = [[2,2,3],[1,4,3],[1,6,4]]; scaled S/sqrt(2); row softmax A; output A V.
#   row "먹었다": z = (0.7071, 4.2426, 2.8284), e^z = (2.0281, 69.5914, 16.9188), sum 88.5383,
#   softmax (0.0229, 0.7860, 0.1911); output (0.2140, 0.9771).  Row "고양이가" (0.248, 0.248, 0.503) -> (0.752, 0.752);
#   row "생선을" (0.074, 0.620, 0.306) -> (0.380, 0.926).
# Causal mask: row 1 -> 1, row 2 softmax(1/sqrt2, 2 sqrt2) = (0.107, 0.893); "e^{0.71} = 2.028" and
#   "e^{2.83} = 16.919" label the exponents with the 2-place scaled scores but give e^{1/sqrt2} = 2.0281 and
#   e^{2 sqrt2} = 16.9188; they are checked end to end against those exact values (right).
# Multi-head: d_model 4, 2 heads -> d_head 2; parameters 4 d^2: 64, 2,359,296 (768/12 = 64, 768/8 = 96).
# Every printed number agrees: wrong lines 0.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="ko", topics=["basic", "mask", "mha"])

Q = M([["2", "1"], ["1", "2"], ["1", "3"]])
K = M([["1", "0"], ["0", "2"], ["1", "1"]])
V = M([["1", "0"], ["0", "1"], ["1", "1"]])
S = Q * K.T
Z = S / sp.sqrt(2)
A = softmax_rows(Z)
O = A * V
# causal
Zc = Z.copy()
Ac = sp.zeros(3, 3)
for i in range(3):
    den = sum(sp.exp(Z[i, k]) for k in range(i + 1))
    for j in range(i + 1):
        Ac[i, j] = sp.exp(Z[i, j]) / den
Oc = Ac * V

e.given(e.line("| 고양이가 | (2, 1) | (1, 0) | (1, 0) |"), "Q, K, V row 1")
e.given(e.line("| 생선을 | (1, 2) | (0, 2) | (0, 1) |"), "Q, K, V row 2")
e.given(e.line("| 먹었다 | (1, 3) | (1, 1) | (1, 1) |"), "Q, K, V row 3")

# (a)
L = e.line("= 1 \\times 0 + 3 \\times 2 = 6")
e.claim(L, "q(먹었다) . k(생선을)", ["6"], [S[2, 1]])
e.rows([e.line("| **고양이가의 $q$** |"), e.line("| **생선을의 $q$** |"), e.line("| **먹었다의 $q$** |")],
       "score table S = QK^T", [["2.0", "2.0", "3.0"], ["1.0", "4.0", "3.0"], ["1.0", "6.0", "4.0"]], S)
L = e.line("\"먹었다\" 행은 (1, **6**, 4)")
e.claim(L, "row 먹었다 of S", ["1", "6", "4"], S.row(2))

# (b)
L = e.line("$\\sqrt{2} \\approx 1.414$")
e.claim(L, "sqrt(2)", ["1.414"], [sp.sqrt(2)])
e.claim(L, "row 먹었다 scaled", ["0.71", "4.24", "2.83"], Z.row(2))
e.claim(L, "row 먹었다 raw (repeated)", ["1", "6", "4"], S.row(2))

# (c) table 3
ez = [sp.exp(Z[2, k]) for k in range(3)]
for k, (name, sc, zp, ep, sm, pc) in enumerate([
        ("고양이가", "1", "0.7071", "2.0281", "0.0229", "2.3%"),
        ("생선을", "6", "4.2426", "69.5914", "0.7860", "78.6%"),
        ("먹었다", "4", "2.8284", "16.9188", "0.1911", "19.1%")]):
    L = e.line(f"| {name} | {sc} | {zp} |")
    e.claim(L, f"score, z, e^z, softmax, percent for key {name}", [sc, zp, ep, sm, pc],
            [S[2, k], Z[2, k], ez[k], A[2, k], A[2, k]])
L = e.line("| **합계** | | | 88.5383")
e.claim(L, "sum of e^z, sum of softmax, 100%", ["88.5383", "1.0000", "100.0%"], [sum(ez), 1, 1])
L = e.line("**\"생선을\"을 78.6%**")
e.claim(L, "weights of 먹었다 in percent", ["78.6%", "19.1%", "2.3%"], [A[2, 1], A[2, 2], A[2, 0]])
e.rows([e.line("| **고양이가** | 0.248"), e.line("| **생선을** | 0.074"), e.line("| **먹었다** | 0.023 | **0.786** | 0.191 |")],
       "attention weight matrix", [["0.248", "0.248", "0.503"], ["0.074", "0.620", "0.306"], ["0.023", "0.786", "0.191"]], A)

# (d) table 4
for k, (name, wp, vp, prod) in enumerate([
        ("고양이가", "0.0229", ["1", "0"], ["0.0229", "0.0000"]),
        ("생선을", "0.7860", ["0", "1"], ["0.0000", "0.7860"]),
        ("먹었다", "0.1911", ["1", "1"], ["0.1911", "0.1911"])]):
    L = e.line(f"| {name} | {wp} |")
    e.claim(L, f"weight w_k for {name}", [wp], [A[2, k]])
    e.given(L, f"v_k = ({vp[0]}, {vp[1]})")
    e.claim(L, f"w_k v_k for {name}", prod, [A[2, k] * V[k, 0], A[2, k] * V[k, 1]])
L = e.line("**(0.2140, 0.9771)**")
e.claim(L, "new representation of 먹었다", ["0.2140", "0.9771"], O.row(2))
L = e.line("\"먹었다\"의 새 표현은 $(0.214,\\ 0.977)$")
e.claim(L, "new representation of 먹었다 (3 places)", ["0.214", "0.977"], O.row(2))
L = e.line("새 표현 $(0.752,\\ 0.752)$")
e.claim(L, "new representation of 고양이가", ["0.752", "0.752"], O.row(0))
L = e.line("\"생선을\"의 정보가 78.6% 섞인")
e.claim(L, "share of 생선을 in 먹었다", ["78.6%"], [A[2, 1]])

# causal mask
L = e.line("\\text{고양이가} & 1.41 &")
e.claim(L, "masked scaled row 1", ["1.41"], [Z[0, 0]])
L = e.line("\\text{생선을}   & 0.71 & 2.83")
e.claim(L, "masked scaled row 2", ["0.71", "2.83"], [Z[1, 0], Z[1, 1]])
L = e.line("\\text{먹었다}   & 0.71 & 4.24 & 2.83")
e.claim(L, "masked scaled row 3", ["0.71", "4.24", "2.83"], Z.row(2))
L = e.line("\\text{softmax}(1.41) = 1.000")
e.claim(L, "softmax of the single visible score", ["1.41", "1.000"], [Z[0, 0], Ac[0, 0]])
e2a, e2b = sp.exp(Z[1, 0]), sp.exp(Z[1, 1])
L = e.line("e^{0.71} = 2.028, \\quad e^{2.83} = 16.919")
e.claim(L, "exponents (labels are the rounded scaled scores)", ["0.71", "2.83"], [Z[1, 0], Z[1, 1]])
e.claim(L, "e^{1/sqrt2}, e^{2 sqrt2}, their sum", ["2.028", "16.919", "18.947"], [e2a, e2b, e2a + e2b])
L = e.line("\\frac{2.028}{18.947}")
e.claim(L, "fraction operands", ["2.028", "18.947", "16.919"], [e2a, e2a + e2b, e2b])
e.claim(L, "masked row 2 weights", ["0.107", "0.893"], [Ac[1, 0], Ac[1, 1]])
L = e.line("앞의 결과 그대로다: $(0.023,\\ 0.786,\\ 0.191)$")
e.claim(L, "masked row 3 weights", ["0.023", "0.786", "0.191"], Ac.row(2))
L = e.line("| **고양이가** | **1.000** | — | — |")
e.claim(L, "causal weight row 1", ["1.000"], [Ac[0, 0]])
L = e.line("| **생선을** | 0.107 | **0.893** | — |")
e.claim(L, "causal weight row 2", ["0.107", "0.893"], [Ac[1, 0], Ac[1, 1]])
L = e.line("| **먹었다** | 0.023 | **0.786** | 0.191 |", after=e.line("| **생선을** | 0.107 | **0.893** | — |"))
e.claim(L, "causal weight row 3", ["0.023", "0.786", "0.191"], Ac.row(2))
for k, name in enumerate(["고양이가", "생선을", "먹었다"]):
    L = e.line(f"| {name} | (", after=e.line("표 5:"))
    txt = e.lines[L - 1]
    cells = [c.strip() for c in txt.strip("|").split("|")]
    nums = [x.strip() for c in cells[1:] for x in c.strip("()").split(",")]
    e.claim(L, f"output of {name} without and with the causal mask", nums,
            [O[k, 0], O[k, 1], Oc[k, 0], Oc[k, 1]])
L = e.line("자기 Value $(1, 0)$ 그대로다")
e.claim(L, "causal output of 고양이가 equals v1", ["1", "0"], Oc.row(0))

# multi-head shapes (d_model 4, 2 heads, 3 tokens)
e.given(e.line("$d_{\\text{model}} = 4$, head 2개, 토큰 3개"), "d_model 4, 2 heads, 3 tokens")
dh = R(4, 2)
e.given(e.line("| ① 입력 | 임베딩 $X$ |"), "X shape (3, 4)")
e.claim(e.line("| ② 투영 |"), "projection shape", ["3", "4"], [3, 4])
e.claim(e.line("| ③ **분할** |"), "per-head shape", ["3", "2"], [3, dh])
e.claim(e.line("| ④ 어텐션 |"), "per-head output shape", ["3", "2"], [3, dh])
e.claim(e.line("| ⑤ **결합** |"), "concat shape", ["3", "4"], [3, 2 * dh])
e.claim(e.line("| ⑥ 투영 |"), "output shape", ["3", "4"], [3, 4])
e.given(e.line("| ① 입력 X | (3, 4) |"), "X shape")
e.claim(e.line("| ② Q = X @ W_Q | (3, 4) |"), "Q shape", ["3", "4"], [3, 4])
for needle in ("| ③ head 분할 → head 1 |", "| ③ head 분할 → head 2 |", "| ④ head 1 어텐션 출력 |", "| ④ head 2 어텐션 출력 |"):
    e.claim(e.line(needle), "per-head shape", ["3", "2"], [3, dh])
e.claim(e.line("| ⑤ concat | (3, 4) |"), "concat shape", ["3", "4"], [3, 2 * dh])
e.claim(e.line("| ⑥ @ W_O | (3, 4) |"), "output shape", ["3", "4"], [3, 4])

# parameters
L = e.line("| 4 | 2 | 2 | $4 \\times 16 = 64$ |")
e.given(L, "d_model 4, 2 heads")
e.claim(L, "d_head, d_model^2, 4 d_model^2", ["16", "64"], [4 ** 2, 4 * 4 ** 2])
e.claim(L, "d_head = 4/2", ["2"], [R(4, 2)])
L = e.line("| 768 (BERT-base) | 12 | 64 |")
e.given(L, "d_model 768, 12 heads")
e.claim(L, "d_head = 768/12", ["64"], [R(768, 12)])
printed = "2{,}359{,}296"
assert printed in e.lines[L - 1]
ent = e._entry(L)
val = int(printed.replace("{,}", ""))
item = {"what": "4 x 768^2 (LaTeX thousands separators)", "printed": [printed]}
if val != 4 * 768 ** 2:
    item.update(wrong=[{"printed": printed, "exact": str(4 * 768 ** 2)}], cause="slip")
    ent["verdict"] = "wrong"
elif ent["verdict"] != "wrong":
    ent["verdict"] = "ok"
ent["claims"].append(item)
L = e.line("| 768 | 8 | 96 | **같은 2,359,296** |")
e.given(L, "d_model 768, 8 heads")
e.claim(L, "d_head = 768/8", ["96"], [R(768, 8)])
number_claim(e, L, "4 x 768^2 with 8 heads", "2,359,296", 4 * 768 ** 2)
e.done()
