# Expected verdicts for en-basic-reddybytes-atlas-coffee-math-walkthrough.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Part 1 ("I love hot coffee"): X = [[1,0,0,1],[0,1,0,1],[1,1,0,0],[0,0,1,1]], W_Q, W_K, W_V (4x3) as printed, d_k = 3.
#   Q = XW_Q and K = XW_K agree with the table, but V = XW_V = [[2,1,0],[1,2,0],[1,1,0],[1,1,1]]: the table's
#   V_I = [2, 0, 0] (exact [2, 1, 0]) and V_love = [1, 1, 0] (exact [1, 2, 0]) are slips (row 4 of W_V, [1,1,0], was
#   dropped or half-dropped).  Scores for "coffee" [0,1,1,1] and scaled [0, 0.57735, 0.57735, 0.57735] are right;
#   e^(1/sqrt3) = 1.781312, printed "exp(0.58) = 1.79" (right for the rounded operand as written -> ambiguous); the
#   explicit sum "1.00 + 1.79 + 1.79 + 1.79 = 6.37" (exactly 6.343937) and the division line restating those operands
#   are ambiguous too (arithmetic on rounded operands); weights [0.157632, 0.280789 x3] -> 0.16 / 0.28 agree.  Output = w0*V_I + w*(V_love+V_hot+V_coffee) =
#   [1.157632, 1.280789, 0.280789]: printed [1.16, 0.84, 0.28] (0.84 wrong, carried from the wrong V); the partial
#   lines "0.16 × [2, 0, 0]", "0.28 × [1, 1, 0]" (love), "[0.32, 0.00, 0.00]" (exact [0.3153, 0.1576, 0]) and the love
#   line "[0.28, 0.28, 0.00]" (exact [0.2808, 0.5616, 0]) are carried; the code's V array repeats the wrong V (carried).
# Part 2 ("She loves cats"): Q, K, V assumed as printed (given), d_k = 3.  Scores [1, 1, 2]; scaled [0.57735, 0.57735,
#   1.154701] -> 0.58/0.58/1.15 agree; "exp(0.58) ≈ 1.79" and "exp(1.15) ≈ 3.16" are right for the rounded operands
#   (end to end 1.781312 / 3.173090) -> ambiguous, as are the sum line (its 6.74 agrees with 6.735714) and the division
#   line that restate them; the weights [0.264458, 0.264458, 0.471084]: printed 0.27 (drift, 1.79/6.74 = 0.2656;
#   exact 0.26), 0.47 agrees; every later 0.27 (tables, restated weights, the picture) is drift.  Context = [w1 + 2w3, 2w1 + w2, w2 + w3] = [1.206626, 0.793374,
#   0.735542]: printed [1.21, 0.81, 0.74] (0.81 = 3 x 0.27, drift); partial rows [0.27, 0.54, 0.00] (exact
#   [0.2645, 0.5289, 0]) and [0.00, 0.27, 0.27] drift.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "tables", "code-block", "scaling", "softmax", "output"])
s3 = sp.sqrt(3)

# ---- Part 1 -----------------------------------------------------------------------------------
X = M([[1, 0, 0, 1], [0, 1, 0, 1], [1, 1, 0, 0], [0, 0, 1, 1]])
WQ = M([[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 0, 0]])
WK = M([[0, 1, 0], [1, 0, 0], [0, 0, 1], [0, 1, 0]])
WV = M([[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 0]])
Q, K, V = X * WQ, X * WK, X * WV
S = Q * K.T / s3
W = softmax_rows(S)
O = W * V
w0, w = W[3, 0], W[3, 1]
for lab in ("| I | [1, 0, 0, 1] |", "| love | [0, 1, 0, 1] |", "| hot | [1, 1, 0, 0] |", "| coffee | [0, 0, 1, 1] |"):
    e.given(e.line(lab), "embedding")
L = e.line("W_Q (4×3) =  [[1, 0, 0],")
for i in range(4):
    e.given(L + i, f"W_Q, W_K, W_V row {i + 1}")
e.given(e.line('**"coffee" (embedding = [0, 0, 1, 1]):**'), "coffee embedding")
e.claim(e.line("Q_coffee = [0,0,1,1] × W_Q"), "Q_coffee", ["1", "0", "1"], list(Q.row(3)))
e.claim(e.line("K_coffee = [0,0,1,1] × W_K"), "K_coffee", ["0", "1", "1"], list(K.row(3)))
e.claim(e.line("V_coffee = [0,0,1,1] × W_V"), "V_coffee", ["1", "1", "1"], list(V.row(3)))
tab = {"I": ("| I | [2, 0, 0] | [0, 2, 0] | [2, 0, 0] |", ["2", "0", "0", "0", "2", "0", "2", "0", "0"], "slip"),
       "love": ("| love | [1, 1, 0] | [1, 1, 0] | [1, 1, 0] |", ["1", "1", "0", "1", "1", "0", "1", "1", "0"], "slip"),
       "hot": ("| hot | [1, 1, 0] | [1, 1, 0] | [1, 1, 0] |", ["1", "1", "0", "1", "1", "0", "1", "1", "0"], "slip"),
       "coffee": ("| coffee | [1, 0, 1] | [0, 1, 1] | [1, 1, 1] |", ["1", "0", "1", "0", "1", "1", "1", "1", "1"], "slip")}
for i, (name, (lab, pr, cause)) in enumerate(tab.items()):
    e.claim(e.line(lab), f"Q, K, V of {name}", pr, list(Q.row(i)) + list(K.row(i)) + list(V.row(i)), cause=cause)
e.given(e.line("Take Q_coffee = [1, 0, 1]"), "Q_coffee restated")
raw = Q * K.T
for j, name in enumerate(["I)      =", "love)   =", "hot)    =", "coffee) ="]):
    L = e.line(f"score(coffee, {name}")
    e.claim(L, f"score coffee-{name.split(')')[0]}", e.lines[L - 1].split("= ")[-1].strip(), raw[3, j])
e.claim(e.line("d_k = 3 (key dimension), √3 ≈ 1.73"), "sqrt(3)", "1.73", s3)
e.claim(e.line("scaled = [0/1.73, 1/1.73"), "sqrt(3) restated", "1.73", s3)
e.claim(e.line("= [0.00, 0.58, 0.58, 0.58]"), "scaled scores of coffee", ["0.00", "0.58", "0.58", "0.58"], list(S.row(3)))
e.claim(e.line("exp(0.00) = 1.00"), "exp(0)", ["0.00", "1.00"], [0, 1])
for k in range(3):
    e.ambiguous(e.line("exp(0.58) = 1.79", nth=k + 1),
                "e^0.58 = 1.786038 -> 1.79 is right for the rounded score as written; end to end e^(1/sqrt3) = 1.781312 "
                "(1.78): explicit arithmetic on a rounded operand")
den = 1 + 3 * sp.exp(1 / s3)
e.ambiguous(e.line("sum = 1.00 + 1.79 + 1.79 + 1.79 = 6.37"),
            "1.00 + 3 x 1.79 = 6.37 is right from the rounded exponentials; end to end 1 + 3e^(1/sqrt3) = 6.343937 "
            "(6.34): explicit arithmetic on rounded operands")
e.ambiguous(e.line("weights = [1.00/6.37, 1.79/6.37"),
            "the divisions restate the rounded 1.79 and 6.37 (exactly 1.781312 and 6.343937); their results, on the next "
            "line, are judged end to end")
e.claim(e.line("= [0.16, 0.28, 0.28, 0.28]"), "weights of coffee", ["0.16", "0.28", "0.28", "0.28"], list(W.row(3)))
L = e.line("| Attending to | Weight |")
for k, lab in enumerate(["| I | 0.16 |", "| love | 0.28 |", "| hot | 0.28 |", "| coffee (self) | 0.28 |"]):
    e.claim(e.line(lab, after=L), f"weight table row {k + 1}", lab.split("|")[2].strip(), W[3, k])
L = e.line("output_coffee = 0.16 × V_I")
e.claim(L, "weights restated", ["0.16", "0.28"], [w0, w])
e.claim(L + 2, "0.16 × V_I", ["0.16", "2", "0", "0"], [w0] + list(V.row(0)), cause="carried")
e.claim(L + 3, "0.28 × V_love", ["0.28", "1", "1", "0"], [w] + list(V.row(1)), cause="carried")
e.claim(L + 4, "0.28 × V_hot", ["0.28", "1", "1", "0"], [w] + list(V.row(2)))
e.claim(L + 5, "0.28 × V_coffee", ["0.28", "1", "1", "1"], [w] + list(V.row(3)))
e.claim(L + 7, "w0 V_I", ["0.32", "0.00", "0.00"], list(w0 * V.row(0)), cause="carried")
e.claim(L + 8, "w V_love", ["0.28", "0.28", "0.00"], list(w * V.row(1)), cause="carried")
e.claim(L + 9, "w V_hot", ["0.28", "0.28", "0.00"], list(w * V.row(2)))
e.claim(L + 10, "w V_coffee", ["0.28", "0.28", "0.28"], list(w * V.row(3)))
e.claim(L + 12, "output of coffee", ["1.16", "0.84", "0.28"], list(O.row(3)), cause="carried")
e.claim(e.line("The vector [1.16, 0.84, 0.28] is the enriched"), "output restated", ["1.16", "0.84", "0.28"], list(O.row(3)),
        cause="carried")
e.claim(e.line("| **coffee** | 0.16 | 0.28 | 0.28 | 0.28 |"), "matrix row coffee", ["0.16", "0.28", "0.28", "0.28"], list(W.row(3)))
e.claim(e.line("Q = np.array([[2,0,0]"), "Q in code", [str(v) for v in Q], list(Q))
e.claim(e.line("K = np.array([[0,2,0]"), "K in code", [str(v) for v in K], list(K))
e.claim(e.line("V = np.array([[2,0,0]"), "V in code", ["2", "0", "0", "1", "1", "0", "1", "1", "0", "1", "1", "1"], list(V),
        cause="carried")
e.given(e.line("d_k = 3", after=e.line("V = np.array([[2,0,0]")), "d_k in code")

# ---- Part 2 -----------------------------------------------------------------------------------
P2 = e.line("# Attention Mechanism — Math Walkthrough")
for lab in ("| She | [1, 0, 1, 0] |", "| loves | [0, 1, 0, 1] |", "| cats | [1, 1, 0, 0] |"):
    e.given(e.line(lab, after=P2), "embedding")
Q2 = M([[1, 0, 1], [0, 1, 0], [1, 1, 1]])
K2 = M([[1, 0, 0], [0, 1, 1], [1, 0, 1]])
V2 = M([[1, 2, 0], [0, 1, 1], [2, 0, 1]])
for lab in ("| She | [1, 0, 1] | [1, 0, 0] | [1, 2, 0] |", "| loves | [0, 1, 0] | [0, 1, 1] | [0, 1, 1] |",
            "| cats | [1, 1, 1] | [1, 0, 1] | [2, 0, 1] |"):
    e.given(e.line(lab, after=P2), "assumed Q, K, V")
e.given(e.line("Q_She = [1, 0, 1]", after=P2), "Q_She restated")
raw2 = Q2.row(0) * K2.T
S2 = raw2 / s3
W2 = softmax_rows(S2)
C2 = W2 * V2
a, c = W2[0, 0], W2[0, 2]
for j, lab in enumerate(["score(She, She)   =", "score(She, loves) =", "score(She, cats)  ="]):
    L = e.line(lab, after=P2)
    e.claim(L, lab.split("=")[0].strip(), e.lines[L - 1].split("= ")[-1].strip(), raw2[0, j])
e.claim(e.line("√3 ≈ 1.73.", after=P2), "sqrt(3)", "1.73", s3)
e.claim(e.line("scaled scores = [1/1.73, 1/1.73, 2/1.73] = [0.58, 0.58, 1.15]"), "scaled scores", ["1.73", "0.58", "0.58", "1.15"],
        [s3] + list(S2))
e.claim(e.line("softmax([0.58, 0.58, 1.15])"), "scaled scores restated", ["0.58", "0.58", "1.15"], list(S2))
L = e.line("softmax([0.58, 0.58, 1.15])")
for k in range(2):
    e.ambiguous(e.line("exp(0.58) ≈ 1.79", nth=k + 1, after=L),
                "e^0.58 = 1.786038 -> 1.79 is right for the rounded score as written; end to end e^(1/sqrt3) = 1.781312 "
                "(1.78): explicit arithmetic on a rounded operand")
e.ambiguous(e.line("exp(1.15) ≈ 3.16"),
            "e^1.15 = 3.158193 -> 3.16 is right for the rounded score as written; end to end e^(2/sqrt3) = 3.173090 "
            "(3.17): explicit arithmetic on a rounded operand")
den2 = 2 * sp.exp(1 / s3) + sp.exp(2 / s3)
e.ambiguous(e.line("sum = 1.79 + 1.79 + 3.16 = 6.74"),
            "the operands are the rounded exponentials 1.79 / 3.16 (exactly 1.781312 / 3.173090); the sum 6.74 agrees "
            "with the exact 6.735714")
e.ambiguous(e.line("attention weights = [1.79/6.74"),
            "the divisions restate the rounded 1.79, 3.16 and 6.74; their results, on the next line, are judged end to end")
e.claim(e.line("= [0.27, 0.27, 0.47]"), "attention weights of She", ["0.27", "0.27", "0.47"], list(W2), cause="drift")
e.claim(e.line("| She (herself) | 0.27 |"), "w(She, She)", "0.27", a, cause="drift")
e.claim(e.line("| loves | 0.27 |"), "w(She, loves)", "0.27", W2[0, 1], cause="drift")
e.claim(e.line("| **cats** | **0.47** |"), "w(She, cats)", "0.47", c)
L = e.line("context_She = 0.27 × V_She")
e.claim(L, "weights restated", ["0.27", "0.47"], [a, c], cause="drift")
e.claim(L + 2, "0.27 × V_She", ["0.27", "1", "2", "0"], [a] + list(V2.row(0)), cause="drift")
e.claim(L + 3, "0.27 × V_loves", ["0.27", "0", "1", "1"], [W2[0, 1]] + list(V2.row(1)), cause="drift")
e.claim(L + 4, "0.47 × V_cats", ["0.47", "2", "0", "1"], [c] + list(V2.row(2)))
e.claim(L + 6, "w V_She", ["0.27", "0.54", "0.00"], list(a * V2.row(0)), cause="drift")
e.claim(L + 7, "w V_loves", ["0.00", "0.27", "0.27"], list(W2[0, 1] * V2.row(1)), cause="drift")
e.claim(L + 8, "w V_cats", ["0.94", "0.00", "0.47"], list(c * V2.row(2)))
e.claim(L + 10, "context of She", ["1.21", "0.81", "0.74"], list(C2), cause="drift")
e.given(e.line('Query: "What am I looking for?"     [1, 0, 1]'), "Q_She in the picture")
e.claim(e.line("Keys:  She  [1,0,0] → score 1.0 → weight 0.27"), "She key: score, weight", ["1.0", "0.27"], [raw2[0, 0], a],
        cause="drift")
e.claim(e.line("loves[0,1,1] → score 1.0 → weight 0.27"), "loves key: score, weight", ["1.0", "0.27"], [raw2[0, 1], W2[0, 1]],
        cause="drift")
e.claim(e.line("cats [1,0,1] → score 2.0 → weight 0.47"), "cats key: score, weight", ["2.0", "0.47"], [raw2[0, 2], c])
e.claim(e.line("Values weighted sum:  [1.21, 0.81, 0.74]"), "context restated", ["1.21", "0.81", "0.74"], list(C2), cause="drift")
e.done()
