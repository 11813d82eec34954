# Expected verdicts for en-basic-saif3985-money-bank-worked-example.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Two words, e_money = [3, 1], e_bank = [1, 2]; W_Q = [[2,1],[1,2]], W_K = [[3,1],[5,1]], W_V = [[4,1],[2,1]] (row vector
# times matrix). q_money = [7, 5], k_money = v_money = [14, 4], q_bank = [4, 5], k_bank = [13, 3], v_bank = [8, 3]; scores
# of "bank": 76 (money), 67 (bank); d_k = 2, scaled 76/sqrt 2 = 53.740115, 67/sqrt 2 = 47.376154. All of this is right.
# The softmax is where the article goes wrong:
#   - e^53.74 = 2.18e23 (end to end e^(76/sqrt 2) = 2.1829e23), printed 3.07e23: slip; e^47.38 = 3.77e20 (end to end
#     3.7601e20), printed 2.51e20: slip. The sum 3.07e23 (exact 2.1867e23) and the hand weights 0.9992 / 0.0008
#     (exact 0.998280 / 0.001720) follow from them: carried.
#   - The "# Output" comment of the code, 0.998377 / 0.001623, is not what the code prints: softmax of the two scaled
#     scores is 1/(1 + e^(-9/sqrt 2)) = 0.998280, 0.001720 (slip); 99.84% / 0.16% and every later use of 0.998377 /
#     0.001623 are carried.
#   - Weighted sum: 0.998280*[14,4] + 0.001720*[8,3] = [13.989683, 3.998280]. The hand terms 13.977 (exact 13.976),
#     0.013 (exact 0.013757 -> 0.014) and 3.994 (exact 3.993) and the sum 3.999 (exact 3.998) are carried from the wrong
#     weights (13.990 happens to agree); the final "[13.99, 3.99]" truncates 3.999 (exact 3.998 -> 4.00): slip.
#   - The printed code output [13.9898302  3.99660087] matches neither the exact result nor the author's own weights
#     (0.998377*14 + 0.001623*8 = 13.990262): slip. Its rounded line [13.99, 4.00] and the summary table
#     ([0.998, 0.002], [13.99, 4.00]) agree with the exact values.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "scaling", "code-comments", "scientific-notation", "by-hand"])

em, eb = M([["3", "1"]]), M([["1", "2"]])
WQ, WK, WV = M([["2", "1"], ["1", "2"]]), M([["3", "1"], ["5", "1"]]), M([["4", "1"], ["2", "1"]])
qm, km, vm = em * WQ, em * WK, em * WV
qb, kb, vb = eb * WQ, eb * WK, eb * WV
s_m, s_b = (qb * km.T)[0], (qb * kb.T)[0]
dk = 2
z1, z2 = s_m / sp.sqrt(dk), s_b / sp.sqrt(dk)
w = softmax_rows(sp.Matrix([[z1, z2]]))
w1, w2 = w[0, 0], w[0, 1]
out = w1 * vm + w2 * vb
E1, E2 = sp.exp(z1), sp.exp(z2)


def s(vals):
    return [str(x) for x in vals]


e.given(e.line("e_money = np.array([3, 1])"), "e_money")
e.given(e.line("e_bank  = np.array([1, 2])"), "e_bank")
e.given(e.line("- Input dimension: d = 2"), "d = 2")
e.given(e.line("- Output dimension: d_k = d_v = 2"), "d_k = d_v = 2")
for nm in ("# Query weight matrix (2×2)", "# Key weight matrix (2×2)", "# Value weight matrix (2×2)"):
    L = e.line(nm)
    e.given(L, "shape 2x2")
    e.given(L + 2, nm + " row 1")
    e.given(L + 3, nm + " row 2")


def proj(name, x, W, P, out_needle):
    L = e.line(f"{name} = [")
    e.given(L, f"{name}: embedding and weight row 1 restated")
    e.given(L + 1, f"{name}: weight row 2 restated")
    e.given(L + 3, f"{name}: factors written out")
    prods = [x[0] * W[0, 0], x[1] * W[1, 0], x[0] * W[0, 1], x[1] * W[1, 1]]
    e.claim(L + 4, f"{name}: products", s(prods), prods)
    e.claim(L + 5, f"{name} = x W", s(P), P)
    e.claim(e.line(out_needle, after=L), f"{name} code output", s(P), P)


proj("q_money", em, WQ, qm, "# Output: [7 5]")
proj("k_money", em, WK, km, "# Output: [14  4]")
proj("v_money", em, WV, vm, "# Output: [14  4]")
proj("q_bank", eb, WQ, qb, "# Output: [4 5]")
proj("k_bank", eb, WK, kb, "# Output: [13  3]")
proj("v_bank", eb, WV, vb, "# Output: [8 3]")

for name, k_, sc, outn in (("score_bank_money", km, s_m, "# Output: 76"), ("score_bank_bank", kb, s_b, "# Output: 67")):
    L = e.line(f"{name} = [4, 5] · [")
    e.claim(L, "q_bank and key restated", s(list(qb) + list(k_)), list(qb) + list(k_))
    e.claim(L + 1, "q_bank and key restated", s(list(qb) + list(k_)), list(qb) + list(k_))
    e.given(L + 2, "factors written out")
    prods = [qb[0] * k_[0], qb[1] * k_[1]]
    e.claim(L + 3, "products", s(prods), prods)
    e.claim(L + 4, "score", [str(sc)], [sc])
    e.claim(e.line(outn), "score code output", [str(sc)], [sc])

e.given(e.line("with d_k = 2 (the key dimension)"), "d_k = 2")
e.given(e.line("d_k = 2", after=e.line("with d_k = 2")), "d_k = 2 in code")
e.claim(e.line("√2 ≈ 1.4142"), "sqrt 2", ["1.4142"], [sp.sqrt(2)])
L = e.line("scaled_score_bank_money = 76 / 1.4142 = 53.74")
e.claim(L, "score / sqrt 2", ["76", "1.4142", "53.74"], [s_m, sp.sqrt(2), z1])
L = e.line("scaled_score_bank_bank  = 67 / 1.4142 = 47.38")
e.claim(L, "score / sqrt 2", ["67", "1.4142", "47.38"], [s_b, sp.sqrt(2), z2])
e.claim(e.line("#   bank → money: 53.74"), "scaled score (code output)", ["53.74"], [z1])
e.claim(e.line("#   bank → bank:  47.38"), "scaled score (code output)", ["47.38"], [z2])
e.claim(e.line("s₁ = 53.74 (bank → money)"), "s1 restated", ["53.74"], [z1])
e.claim(e.line("s₂ = 47.38 (bank → bank)"), "s2 restated", ["47.38"], [z2])

L = e.line("e^s₁ = e^53.74 ≈ 3.07 × 10²³")
e.claim(L, "s1 restated", ["53.74"], [z1])
e.claim(L, "mantissa of e^s1 (x 10^23)", ["3.07"], [E1 / 10**23], cause="slip")
L = e.line("e^s₂ = e^47.38 ≈ 2.51 × 10²⁰")
e.claim(L, "s2 restated", ["47.38"], [z2])
e.claim(L, "mantissa of e^s2 (x 10^20)", ["2.51"], [E2 / 10**20], cause="slip")
L = e.line("sum = e^s₁ + e^s₂ ≈ 3.07 × 10²³")
e.claim(L, "mantissa of e^s1 + e^s2 (x 10^23)", ["3.07"], [(E1 + E2) / 10**23], cause="carried")
L = e.line("w₁ = e^s₁ / sum ≈")
e.claim(L, "mantissas of e^s1 and of the sum (x 10^23)", ["3.07", "3.07"], [E1 / 10**23, (E1 + E2) / 10**23],
        cause="carried")
e.claim(L, "w1", ["0.9992"], [w1], cause="carried")
L = e.line("w₂ = e^s₂ / sum ≈")
e.claim(L, "mantissas of e^s2 (x 10^20) and of the sum (x 10^23)", ["2.51", "3.07"], [E2 / 10**20, (E1 + E2) / 10**23],
        cause="carried")
e.claim(L, "w2", ["0.0008"], [w2], cause="carried")

e.claim(e.line("#   bank → money: 0.998377"), "softmax weight (claimed code output)", ["0.998377"], [w1], cause="slip")
e.claim(e.line("#   bank → bank:  0.001623"), "softmax weight (claimed code output)", ["0.001623"], [w2], cause="slip")
e.claim(e.line("#   Sum: 1.000000"), "sum of weights", ["1.000000"], [w1 + w2])
e.claim(e.line('gives **99.84% attention** to "money"'), "weight on money in percent", ["99.84%"], [w1], cause="carried")
e.claim(e.line("gives **0.16% attention** to itself"), "weight on bank in percent", ["0.16%"], [w2], cause="carried")

e.claim(e.line("w1 = attention_weights[0]  # 0.998377"), "w1 restated", ["0.998377"], [w1], cause="carried")
e.claim(e.line("w2 = attention_weights[1]  # 0.001623"), "w2 restated", ["0.001623"], [w2], cause="carried")
e.claim(e.line("v_money = [14, 4]"), "v_money restated", ["14", "4"], vm)
e.claim(e.line("v_bank  = [8, 3]"), "v_bank restated", ["8", "3"], vb)
L = e.line("output_bank = 0.998377 × [14, 4] + 0.001623 × [8, 3]")
e.claim(L, "weights restated", ["0.998377", "0.001623"], [w1, w2], cause="carried")
e.claim(L, "values restated", ["14", "4", "8", "3"], list(vm) + list(vb))
L = e.line("= 0.998377 × 14 + 0.001623 × 8")
e.claim(L, "weights restated", ["0.998377", "0.001623"], [w1, w2], cause="carried")
L = e.line("= 13.977 + 0.013")
e.claim(L, "terms w1*14, w2*8", ["13.977", "0.013"], [w1 * 14, w2 * 8], cause="carried")
e.claim(e.line("= 13.990"), "first component", ["13.990"], [out[0]])
L = e.line("= 0.998377 × 4 + 0.001623 × 3")
e.claim(L, "weights restated", ["0.998377", "0.001623"], [w1, w2], cause="carried")
L = e.line("= 3.994 + 0.005")
e.claim(L, "terms w1*4, w2*3", ["3.994", "0.005"], [w1 * 4, w2 * 3], cause="carried")
e.claim(e.line("= 3.999"), "second component", ["3.999"], [out[1]], cause="carried")
e.claim(e.line("output_bank ≈ [13.99, 3.99]"), "output of bank (3.999 truncated to 3.99)", ["13.99", "3.99"], out,
        cause="slip")
e.claim(e.line("#   output_bank = [13.9898302   3.99660087]"), "output of bank (claimed code output)",
        ["13.9898302", "3.99660087"], out, cause="slip")
e.claim(e.line("#   output_bank ≈ [13.99, 4.00]"), "output of bank rounded", ["13.99", "4.00"], out)
e.claim(e.line("- The result nearly equals v_money = [14, 4]"), "v_money restated", ["14", "4"], vm)
e.claim(e.line("put 99.84% of its attention"), "weight on money in percent", ["99.84%"], [w1], cause="carried")

e.given(e.line('| 0 | Word Embedding | "bank" | [1, 2] | 2 |'), "e_bank and d")
for needle, vals in (("| 1 | Query Transform |", list(eb) + list(qb) + [2]),
                     ("| 1 | Key Transform |", list(eb) + list(kb) + [2]),
                     ("| 1 | Value Transform |", list(eb) + list(vb) + [2])):
    L = e.line(needle)
    e.claim(L, "table row", [str(x) for x in vals[:4]], vals[:4])
L = e.line("| 2 | Dot Product (money) |")
e.claim(L, "q_bank, k_money, score", s(list(qb) + list(km) + [s_m]), list(qb) + list(km) + [s_m])
L = e.line("| 2 | Dot Product (bank) |")
e.claim(L, "q_bank, k_bank, score", s(list(qb) + list(kb) + [s_b]), list(qb) + list(kb) + [s_b])
L = e.line("| 3 | Scaling |")
e.claim(L, "scores and scaled scores", ["76", "67", "53.74", "47.38"], [s_m, s_b, z1, z2])
L = e.line("| 4 | Softmax |")
e.claim(L, "scaled scores and weights", ["53.74", "47.38", "0.998", "0.002"], [z1, z2, w1, w2])
L = e.line("| 5 | Weighted Sum |")
e.claim(L, "weights, values and output", ["0.998", "14", "4", "0.002", "8", "3", "13.99", "4.00"],
        [w1] + list(vm) + [w2] + list(vb) + list(out))
e.done()
