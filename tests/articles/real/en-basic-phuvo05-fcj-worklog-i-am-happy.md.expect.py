# Expected verdicts for en-basic-phuvo05-fcj-worklog-i-am-happy.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: embeddings I = [0.1, 0.2, 0.3], am = [0.4, 0.5, 0.6], happy = [0.7, 0.8, 0.9]; Q = K = V = X (the page's
# stated shortcut); d_k = 3, scaled by sqrt(3); row softmax; context = A V.
# - QK^T = [[0.14, 0.32, 0.50], [0.32, 0.77, 1.22], [0.50, 1.22, 1.94]] and its 2-place scaled matrix are right.
# - exp(0.08) ≈ 1.083, exp(0.18) ≈ 1.197, exp(0.29) ≈ 1.336 are right for the rounded 2-place scores the page writes
#   (end to end from the inputs e^(0.14/√3) = 1.084186, e^(0.32/√3) = 1.202920, e^(0.50/√3) = 1.334658): explicit
#   arithmetic on a rounded operand -> ambiguous.
# - "Sum ≈ 3.616" is wrong: exact 3.621764 (3.622); even from the rounded scores it is 3.616931 (3.617); it is the sum of
#   the rounded exponentials (drift). Restated in the probabilities line (drift); the probabilities [0.30, 0.33, 0.37]
#   themselves are right (exact [0.299353, 0.332137, 0.368511]).
# - Weight row 2 printed [0.26, 0.37, 0.37]: exact [0.251379, 0.325958, 0.422663] -> wrong (slip).
# - Weight row 3 printed [0.25, 0.36, 0.39]: exact [0.207817, 0.314931, 0.477252] -> wrong (slip).
#   The percentage bullets, the restated weights, products and contexts of "am" and "happy" carry these.
# - Context of "I": terms [0.13,0.17,0.20] and [0.26,0.30,0.33] come from the rounded weights 0.33 / 0.37 (0.37 x 0.8 =
#   0.296 -> 0.30; exact 0.368511 x 0.8 = 0.294808 -> 0.29): arithmetic on rounded operands -> ambiguous. The context
#   [0.42, 0.53, 0.62] is wrong in its middle entry: exact [0.420747, 0.520747, 0.620747] -> 0.52 (drift: the sum of the
#   rounded terms 0.06 + 0.17 + 0.30). Same in the output matrix row 1.
# - Contexts of "am" [0.433, 0.533, 0.633] (exact [0.451385, 0.551385, 0.651385]) and "happy" [0.442, 0.542, 0.642]
#   (exact [0.480830, 0.580830, 0.680830]) are carried, with their product lines, here and in the output matrix.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "scaling", "qkv-identity", "plain-text", "prose-arithmetic",
                                             "percentages"])
X = M([["0.1", "0.2", "0.3"], ["0.4", "0.5", "0.6"], ["0.7", "0.8", "0.9"]])
Q = K = V = X
S = Q * K.T
Ss = S / sp.sqrt(3)
A = softmax_rows(Ss)
C = A * V
ex = [sp.exp(Ss[0, j]) for j in range(3)]

e.given(e.line("I:      [0.1, 0.2, 0.3]"), "embedding I")
e.given(e.line("am:     [0.4, 0.5, 0.6]"), "embedding am")
e.given(e.line("happy:  [0.7, 0.8, 0.9]"), "embedding happy")
L = e.line("Q = [0.1, 0.2, 0.3]    K = [0.1, 0.2, 0.3]")
for i in range(3):
    e.given(L + i, f"Q = K = V = X, row {i + 1}")

# Step 3
L = e.line("Q × K^T = [0.1, 0.2, 0.3]   [0.1, 0.4, 0.7]")
for i in range(3):
    e.given(L + i, f"Q row {i + 1}")
    kt = [["0.1", "0.4", "0.7"], ["0.2", "0.5", "0.8"], ["0.3", "0.6", "0.9"]][i]
    e.claim(L + i, f"K^T row {i + 1}", kt, K.T.row(i))
for j, (terms, res) in enumerate([(["0.01", "0.04", "0.09"], "0.14"), (["0.04", "0.10", "0.18"], "0.32"),
                                  (["0.07", "0.16", "0.27"], "0.50")]):
    ln = e.line(["Q₁·K₁ =", "Q₁·K₂ =", "Q₁·K₃ ="][j])
    e.claim(ln, f"q1 . k{j + 1} terms", terms, [Q[0, d] * K[j, d] for d in range(3)])
    e.claim(ln, f"q1 . k{j + 1}", [res], [S[0, j]])
L = e.line("Result matrix:")
e.rows([L + 1, L + 2, L + 3], "QK^T", [["0.14", "0.32", "0.50"], ["0.32", "0.77", "1.22"], ["0.50", "1.22", "1.94"]], S)
e.claim(e.line("gets the similarity scores [0.14, 0.32, 0.50]"), "row 1 restated", ["0.14", "0.32", "0.50"], S.row(0))
e.claim(e.line("- 0.14 against"), "score I-I", ["0.14"], [S[0, 0]])
e.claim(e.line("- 0.32 against"), "score I-am", ["0.32"], [S[0, 1]])
e.claim(e.line("- 0.50 against"), "score I-happy", ["0.50"], [S[0, 2]])

# Step 4
L = e.line("so √d_k = √3 ≈ 1.73")
e.given(L, "d_k = 3")
e.claim(L, "sqrt(3)", ["1.73"], [sp.sqrt(3)])
L = e.line("[0.14/1.73, 0.32/1.73, 0.50/1.73]")
sc = [["0.08", "0.18", "0.29"], ["0.18", "0.44", "0.70"], ["0.29", "0.70", "1.12"]]
num = [["0.14", "0.32", "0.50"], ["0.32", "0.77", "1.22"], ["0.50", "1.22", "1.94"]]
for i in range(3):
    e.claim(L + i, f"numerators row {i + 1}", num[i], S.row(i))
    e.claim(L + i, f"divisor row {i + 1}", ["1.73"], [sp.sqrt(3)])
    e.claim(L + i, f"scaled row {i + 1}", sc[i], Ss.row(i))

# Step 5
e.claim(e.line("For first row [0.08, 0.18, 0.29]:"), "scaled row 1 restated", ["0.08", "0.18", "0.29"], Ss.row(0))
for s_, p in (("0.08", "1.083"), ("0.18", "1.197"), ("0.29", "1.336")):
    e.ambiguous(e.line(f"exp({s_}) ≈ {p}"),
                f"exp of the rounded score {s_} is {sp.N(sp.exp(R(s_)), 7)} (agrees); end to end from the inputs the "
                f"exponential is {sp.N(sp.exp(Ss[0, ['0.08', '0.18', '0.29'].index(s_)]), 7)}: explicit arithmetic on a "
                "rounded operand")
e.claim(e.line("Sum ≈ 3.616"), "sum of exponentials of row 1", ["3.616"], [sum(ex)], cause="drift")
L = e.line("[1.083/3.616, 1.197/3.616, 1.336/3.616]")
e.claim(L, "weights row 1", ["0.30", "0.33", "0.37"], A.row(0))
e.claim(L, "sum restated", ["3.616"], [sum(ex)], cause="drift")
L = e.line("Softmax weights (attention matrix):")
e.rows([L + 1, L + 2, L + 3], "softmax weights",
       [["0.30", "0.33", "0.37"], ["0.26", "0.37", "0.37"], ["0.25", "0.36", "0.39"]], A)
e.claim(e.line('- "I" gives 30%'), "weights of I in percent", ["30%", "33%", "37%"], A.row(0))
e.claim(e.line('- "am" gives 26%'), "weights of am in percent", ["26%", "37%", "37%"], A.row(1), cause="carried")
e.claim(e.line('- "happy" gives 25%'), "weights of happy in percent", ["25%", "36%", "39%"], A.row(2),
        cause="carried")

# Step 6
Vr = [["0.1", "0.2", "0.3"], ["0.4", "0.5", "0.6"], ["0.7", "0.8", "0.9"]]
for i, (tok, ws) in enumerate((("I", ["0.30", "0.33", "0.37"]), ("am", ["0.26", "0.37", "0.37"]),
                                ("happy", ["0.25", "0.36", "0.39"]))):
    L = e.line(f'Context(for "{tok}"):')
    e.claim(L, f"weights of {tok} restated", ws, A.row(i), cause="slip" if i == 0 else "carried")
    e.claim(L, "value rows restated", Vr, V)
terms_I = e.line("= [0.03,0.06,0.09] + [0.13,0.17,0.20] + [0.26,0.30,0.33]")
e.ambiguous(terms_I, "0.33 x [0.4, 0.5, 0.6] and 0.37 x [0.7, 0.8, 0.9] rounded to 2 places from the rounded weights "
                     "(0.37 x 0.8 = 0.296 -> 0.30; from the exact weight 0.368511 x 0.8 = 0.2948 -> 0.29): arithmetic "
                     "on rounded operands; the chain's result is judged end to end")
e.claim(e.line("= [0.42, 0.53, 0.62]"), "context of I", ["0.42", "0.53", "0.62"], C.row(0), cause="drift")
L = e.line("= [0.026,0.052,0.078] + [0.148,0.185,0.222] + [0.259,0.296,0.333]")
e.claim(L, "weighted values of am", [["0.026", "0.052", "0.078"], ["0.148", "0.185", "0.222"],
                                     ["0.259", "0.296", "0.333"]],
        [A[1, k] * V.row(k) for k in range(3)], cause="carried")
e.claim(e.line("= [0.433, 0.533, 0.633]"), "context of am", ["0.433", "0.533", "0.633"], C.row(1), cause="carried")
L = e.line("= [0.025,0.05,0.075] + [0.144,0.18,0.216] + [0.273,0.312,0.351]")
e.claim(L, "weighted values of happy", [["0.025", "0.05", "0.075"], ["0.144", "0.18", "0.216"],
                                        ["0.273", "0.312", "0.351"]],
        [A[2, k] * V.row(k) for k in range(3)], cause="carried")
e.claim(e.line("= [0.442, 0.542, 0.642]"), "context of happy", ["0.442", "0.542", "0.642"], C.row(2),
        cause="carried")
L = e.line("**Output Context Matrix:**")
e.rows([L + 2, L + 3, L + 4], "output context matrix",
       [["0.42", "0.53", "0.62"], ["0.433", "0.533", "0.633"], ["0.442", "0.542", "0.642"]], C,
       causes={0: "drift", 1: "carried", 2: "carried"})
e.done()
