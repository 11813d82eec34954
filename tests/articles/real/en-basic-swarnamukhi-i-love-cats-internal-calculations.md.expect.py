# Expected verdicts for en-basic-swarnamukhi-i-love-cats-internal-calculations.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: X = [[0.1,0.2,0.3,0.4],[0.5,0.6,0.7,0.8],[0.9,0.0,0.1,0.2]] ("I", "love", "cats"); WQ, WK, WV (4×4) as
#   printed; Q = X WQ, K = X WK, V = X WV (row vectors times matrices); d_k = 4, scores / sqrt(4) = / 2; row softmax;
#   output = A V.
# Exact: Q = [[0.04,0.12,0.08,0.12],[0.12,0.28,0.24,0.28],[0.10,0.04,0.20,0.14]], K = [[0.08,0.04,0.15,0.06],
#   [0.24,0.12,0.35,0.14],[0.20,0.10,0.05,0.02]], V = [[0.10,0.04,0.08,0.08],[0.22,0.12,0.20,0.20],[0.04,0.10,0.12,0.02]]
#   (all printed right); scores [[0.0272,0.0688,0.0264],[0.0736,0.1856,0.0696],[0.0480,0.1184,0.0368]] and their halves
#   (right); A = [[0.331058,0.338016,0.330926],[0.327268,0.346118,0.326614],[0.330007,0.341830,0.328164]];
#   output A V = [[0.120706,0.086897,0.133799,0.100706],[0.121937,0.087286,0.134599,0.101937],
#   [0.121330,0.087036,0.134146,0.101330]].
# Wrong lines:
# - Row "I": "1.01369 / 3.06198 = 0.3310" (exact 0.331058 -> 0.3311) and "1.01329 / 3.06198 = 0.3310" (exact 0.330926
#   -> 0.3309): slips (the author's own quotients are 0.331057 / 0.330927). Every restatement of [0.3310, 0.3380,
#   0.3310] (weight vector, sum check, weight matrix, table, numpy output, output-section lines) is carried.
# - Row "love": e^0.0928 ≈ 1.09725 (exact 1.0972423) and "= 3.17015" (exact 3.1701404) are off in the 5th decimal,
#   but with 6 significant digits they agree under the corpus's relative-1e-5 float rule -> ok (so are the division
#   lines restating them; their quotients 0.3273, 0.3461, 0.3266 are right).
# - Output of "I": term 0.3310 x 0.04 printed 0.03310 (exact 0.0331058 -> 0.03311), 0.3310 x 0.10 = 0.03310 (exact
#   0.0330926 -> 0.03309), 0.3310 x 0.12 = 0.03972 (exact 0.0397111 -> 0.03971): carried; sums 0.12070 (exact
#   0.1207064 -> 0.12071) and 0.10070 (exact 0.1007064 -> 0.10071): carried; same row in the output matrix and table.
# - Output of "love": sums 0.12193, 0.08728, 0.13459, 0.10193 (exact 0.1219373, 0.0872863, 0.1345987, 0.1019373 ->
#   0.12194, 0.08729, 0.13460, 0.10194): drift (sums of terms from the 4-place weights); same in matrix and table.
# - Output of "cats": sums 0.13414, 0.10132 (exact 0.1341461, 0.1013297 -> 0.13415, 0.10133): drift; matrix and table.
# - Recap at the end: Scores printed [0.0272 0.0596 0.0496 \\ 0.0594 0.1287 0.1083 \\ 0.0468 0.0964 0.0886] against the
#   body's (and exact) [0.0272 0.0688 0.0264 \\ 0.0736 0.1856 0.0696 \\ 0.0480 0.1184 0.0368]: slip (both lines);
#   Scaled_Scores [0.0136 0.0298 0.0248 \\ 0.0297 0.06435 0.05415 \\ 0.0234 0.0482 0.0443] are the wrong scores halved:
#   carried; Attention_Weights [0.3303 0.3357 0.3340 \\ 0.3292 0.3421 0.3287 \\ 0.3306 0.3384 0.3310]: the first row is
#   the softmax of the recap's scaled row (carried), rows 2 and 3 match neither that (0.3268 0.3383 0.3349 / 0.3283
#   0.3365 0.3352) nor the exact weights: slip; Output [0.1302 0.0869 0.1269 0.1002 \\ 0.1352 0.0903 0.1320 0.1054 \\
#   0.1293 0.0864 0.1265 0.0999] matches neither the recap's weights times V (0.1202 0.0869 0.1336 0.1002 ...) nor the
#   exact output: slip.
# Ambiguous: the illustrative score matrix [0.12 0.84 0.04 / 0.21 0.70 0.09 / 0.18 0.15 0.67] and its percentage
#   bullets (made-up numbers, not computed from this example); the output terms 0.07614 (0.3461 x 0.22; exact 0.0761459
#   -> 0.07615) and 0.06836 twice (0.3418 x 0.20; exact 0.0683659 -> 0.06837): arithmetic on the correctly rounded
#   4-place weights; "sit near 0.33" (loose prose).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "scaling", "pandoc-inline-matrix", "vertical-lists",
                                             "code-block", "numpy-output", "tables", "recap-mismatch",
                                             "percentages"])

X = M([["0.1", "0.2", "0.3", "0.4"], ["0.5", "0.6", "0.7", "0.8"], ["0.9", "0.0", "0.1", "0.2"]])
WQ = M([["0.1", "0.0", "0.2", "0.1"], ["0.0", "0.1", "0.1", "0.0"], ["0.1", "0.2", "0.0", "0.1"],
        ["0.0", "0.1", "0.1", "0.2"]])
WK = M([["0.2", "0.1", "0.0", "0.0"], ["0.1", "0.0", "0.2", "0.1"], ["0.0", "0.1", "0.1", "0.0"],
        ["0.1", "0.0", "0.2", "0.1"]])
WV = M([["0.0", "0.1", "0.1", "0.0"], ["0.1", "0.0", "0.0", "0.2"], ["0.0", "0.1", "0.1", "0.0"],
        ["0.2", "0.0", "0.1", "0.1"]])
Q, K, V = X * WQ, X * WK, X * WV
S = Q * K.T
Ss = S / 2
A = softmax_rows(Ss)
C = A * V
ex = [[sp.exp(Ss[i, j]) for j in range(3)] for i in range(3)]
den = [sum(r) for r in ex]

def fmt(x, d):
    return f"{float(sp.N(x, 30)):.{d}f}"

def s2(v):  # printed 2-place strings of a row
    return [fmt(x, 2) for x in v]

Xs = [["0.1", "0.2", "0.3", "0.4"], ["0.5", "0.6", "0.7", "0.8"], ["0.9", "0.0", "0.1", "0.2"]]
Qs = [["0.04", "0.12", "0.08", "0.12"], ["0.12", "0.28", "0.24", "0.28"], ["0.10", "0.04", "0.20", "0.14"]]
Ks = [["0.08", "0.04", "0.15", "0.06"], ["0.24", "0.12", "0.35", "0.14"], ["0.20", "0.10", "0.05", "0.02"]]
Vs = [["0.10", "0.04", "0.08", "0.08"], ["0.22", "0.12", "0.20", "0.20"], ["0.04", "0.10", "0.12", "0.02"]]
Ssc = [["0.0272", "0.0688", "0.0264"], ["0.0736", "0.1856", "0.0696"], ["0.0480", "0.1184", "0.0368"]]
Shs = [["0.0136", "0.0344", "0.0132"], ["0.0368", "0.0928", "0.0348"], ["0.0240", "0.0592", "0.0184"]]
Ws = [["0.3310", "0.3380", "0.3310"], ["0.3273", "0.3461", "0.3266"], ["0.3300", "0.3418", "0.3282"]]
Wcause = {0: "carried"}

# Setup
e.given(e.line("For \"I love cats\": \\* `seq_len = 3`"), "seq_len = 3")
e.given(e.line("`d_model = 4`; real models use 512, 768"), "d_model = 4")
for i, tok in enumerate(("**I**      `", "**love**   `", "**cats**   `")):
    e.given(e.line(tok), f"embedding {i + 1}")
e.given(e.line("X = \\[ 0.1 0.2 0.3 0.4"), "X")
e.given(e.line("# Dummy Embeddings (d_model = 4)"), "d_model = 4")
e.given(e.line("and V vector also has length `d_model = 4`."), "d_k = d_model = 4")
for nm in ("WQ", "WK", "WV"):
    e.given(e.line(f"`[0.1, 0.2, 0.3, 0.4]` (embedding for \"I\") × {nm}"), f"embedding of I times {nm}")
for nm in ("WQ = \\[", "WK = \\[", "WV = \\["):
    L = e.line(nm)
    e.given(L, nm[:2])
    e.given(L + 1, nm[:2] + " (continued)")
for nm in ("Q = \\[ 0.1 0.2", "K = \\[ 0.1 0.2", "V = \\[ 0.1 0.2"):
    L = e.line(nm)
    e.given(L, "X times a weight matrix")
    e.given(L + 1, "weight matrix (continued)")

# First rows of Q, K, V (bullets: products on one line, terms and result on the next)
for nm, W, P in (("Q", WQ, Q), ("K", WK, K), ("V", WV, V)):
    for j in range(4):
        L = e.line(f"-   {nm}\\_{{1,{j + 1}}} = (")
        e.given(L, f"{nm}[1,{j + 1}] products of inputs")
        txt = e.lines[L].split("=")
        terms = [t.strip() for t in txt[0].split("+")]
        res = txt[1].strip()
        e.claim(L + 1, f"{nm}[1,{j + 1}] terms", terms, [X[0, k] * W[k, j] for k in range(4)])
        e.claim(L + 1, f"{nm}[1,{j + 1}]", [res], [P[0, j]])
e.claim(e.line("Hence the Query of \"I\" is"), "Q row I", Qs[0], Q.row(0))
e.claim(e.line("Hence the Key of \"I\" is"), "K row I", Ks[0], K.row(0))
e.claim(e.line("Hence the Value of \"I\" is"), "V row I", Vs[0], V.row(0))

# Code blocks restating X and WQ
L = e.lines.index("Q = X × WQ") + 1
for i in range(3):
    e.given(L + 4 + i, f"X row {i + 1}")
for i in range(4):
    e.given(L + 11 + i, f"WQ row {i + 1}")

# Q rows of love and cats (code blocks)
for r, tok in ((1, "love"), (2, "cats")):
    for j in range(4):
        sub = "₁₂₃₄"[j]
        row = "₂₃"[r - 1]
        L = e.line(f"Q{row}{sub} = (")
        e.given(L, f"Q[{tok},{j + 1}] products of inputs")
        tline = e.lines[L]  # 0-based index L is line L + 1: the terms
        printed_terms = [t.strip() for t in tline.strip().lstrip("=").split("+")]
        e.claim(L + 1, f"Q[{tok},{j + 1}] terms", printed_terms, [X[r, k] * WQ[k, j] for k in range(4)])
        e.claim(L + 2, f"Q[{tok},{j + 1}]", [e.lines[L + 1].strip().lstrip("=").strip()], [Q[r, j]])
for r, tok in ((1, "love"), (2, "cats")):
    L = e.line(f"### Query Vector for \"{tok}\"")
    e.given(L + 5, f"embedding of {tok}")
    L2 = e.line(f"**Query Vector for \"{tok}\"**")
    e.claim(L2 + 3, f"Q row {tok}", Qs[r], Q.row(r))

# K and V rows of love and cats
for nm, P, Ps in (("K", K, Ks), ("V", V, Vs)):
    for r, tok in ((1, "love"), (2, "cats")):
        row = "₂₃"[r - 1]
        for j in range(4):
            L = e.line(f"{nm}{row}{'₁₂₃₄'[j]} = ")
            e.claim(L, f"{nm}[{tok},{j + 1}]", [Ps[r][j]], [P[r, j]])
        L = e.line(f"{nm}{row}₄ = ")
        e.claim(L + 6, f"{nm} row {tok}", Ps[r], P.row(r))
        e.given(L - 7, f"embedding of {tok}")

# Summary tables
for i, tok in enumerate(("**I**", "**love**", "**cats**")):
    L = e.line(f"| {tok} | [0.")
    e.claim(L, f"embedding {tok} restated", Xs[i], X.row(i))
    e.claim(L, f"Q {tok}", Qs[i], Q.row(i))
    e.claim(L, f"K {tok}", Ks[i], K.row(i))
    e.claim(L, f"V {tok}", Vs[i], V.row(i))
    L2 = e.line(f"| {tok} | [0.", 2)
    e.claim(L2, f"Q {tok} (second table)", Qs[i], Q.row(i))
    e.claim(L2, f"K {tok} (second table)", Ks[i], K.row(i))
    e.claim(L2, f"V {tok} (second table)", Vs[i], V.row(i))
e.claim(e.line("[0.12, 0.28, 0.24, 0.28]", 1, e.line("## Example")), "Q(love) restated", Qs[1], Q.row(1))

# Illustrative matrix
L = e.line("0.12 0.84 0.04")
for k, ln in enumerate((L, L + 2, L + 4)):
    e.ambiguous(ln, "illustrative attention values ('For example'), not computed from this example's Q and K")
for pct in ("- 12% to **I**", "- 84% to **love**", "- 4% to **cats**", "- 21% to **I**", "- 70% to **love**",
            "- 9% to **cats**", "- 18% to **I**", "- 15% to **love**", "- 67% to **cats**"):
    e.ambiguous(e.line(pct), "percentages of the illustrative matrix, not computed from this example")

# Q, K, K^T matrices in the score section
L = e.line("## Query Matrix (Q)")
e.rows([L + 5, L + 6, L + 7], "Q matrix", Qs, Q)
L = e.line("## Key Matrix (K)")
e.rows([L + 5, L + 6, L + 7], "K matrix", Ks, K)
L = e.line("## Transpose the Key Matrix")
KT = [["0.08", "0.24", "0.20"], ["0.04", "0.12", "0.10"], ["0.15", "0.35", "0.05"], ["0.06", "0.14", "0.02"]]
e.rows([L + 7, L + 8, L + 9, L + 10], "K transposed", KT, K.T)

# Score blocks
names = ["I", "love", "cats"]
for i in range(3):
    L = e.line(f"# Step {i + 1}: Query of \"{names[i]}\"")
    e.claim(L + 7, f"Q({names[i]}) restated", Qs[i], Q.row(i))
    for j in range(3):
        H = e.line(f"### Score({names[i]}, {names[j]})")
        for k in range(4):
            e.claim(H + 3 + k, f"operands q{i + 1}{k + 1}, k{j + 1}{k + 1}", [Qs[i][k], Ks[j][k]],
                    [Q[i, k], K[j, k]])
        for k in range(4):
            ln = e.lines[H + 8 + k - 1].lstrip("=+ ").strip()
            e.claim(H + 8 + k, f"product {k + 1} of score({names[i]},{names[j]})", [ln], [Q[i, k] * K[j, k]])
        e.claim(H + 13, f"score({names[i]},{names[j]})", [Ssc[i][j]], [S[i, j]])

L = e.line("Attention Scores =")
e.rows([L + 2, L + 3, L + 4], "score matrix", Ssc, S)
for i, tok in enumerate(("**I**", "**love**", "**cats**")):
    e.claim(e.line(f"| {tok} | 0.0"), f"score table {tok}", Ssc[i], S.row(i))
for j, (v, key) in enumerate((("0.0272", "Key(I)"), ("0.0688", "Key(love)"), ("0.0264", "Key(cats)"))):
    e.claim(e.line(f"- **{v}** is the similarity"), f"score(I,{key}) restated", [v], [S[0, j]])

# Scaling
e.given(e.line("dimension (`d_k`). Here `d_k = 4`."), "d_k = 4")
e.given(e.line("Key Vector Dimension = 4"), "d_k = 4")
e.claim(e.line("√dk = √4 = 2"), "sqrt(4)", ["2"], [sp.sqrt(4)])
e.claim(e.line("Scaled Attention Scores = Attention Scores / 2"), "divisor", ["2"], [sp.sqrt(4)])
e.given(e.line("Q = [1, 2]"), "toy q")
e.given(e.line("K = [3, 4]"), "toy k")
e.given(e.line("1×3 + 2×4"), "toy dot product operands")
e.claim(e.line("= 3 + 8"), "toy terms", ["3", "8"], [3, 8])
e.claim(e.line("= 11"), "toy dot product", ["11"], [11])

def sm(xs):
    d = sum(sp.exp(x) for x in xs)
    return [sp.exp(x) / d for x in xs]

e.given(e.line("[2, 3, 4]"), "toy scores")
e.claim(e.line("[0.09, 0.24, 0.67]"), "softmax([2,3,4])", ["0.09", "0.24", "0.67"], sm([2, 3, 4]))
e.given(e.line("[20, 30, 40]"), "toy large scores")
e.claim(e.line("[0.00, 0.00, 1.00]"), "softmax([20,30,40])", ["0.00", "0.00", "1.00"], sm([20, 30, 40]))
L = e.line("Raw Attention Scores", 2)
e.rows([L + 4, L + 6, L + 8], "raw scores restated", Ssc, S)
L = e.line("dk = 4", 1, e.line("Because"))
e.given(L, "d_k = 4")
e.claim(L + 2, "sqrt(d_k)", ["2"], [sp.sqrt(4)])
L = e.line("Scaled Attention Scores", 1, e.line("every entry is halved."))
e.rows([L + 3, L + 5, L + 7], "scaled scores", Shs, Ss)
L = e.line("attention_scores = np.array([")
e.rows([L + 1, L + 2, L + 3], "scores in code", Ssc, S)
e.given(L + 6, "dk = 4 in code")
L = e.line(" [0.0136 0.0344 0.0132]")
e.rows([L, L + 1, L + 2], "numpy output scaled", Shs, Ss)

# Softmax
L = e.line("# Scaled Attention Scores")
e.rows([L + 4, L + 5, L + 6], "scaled scores restated", Shs, Ss)
exs = [["1.01369", "1.03500", "1.01329"], ["1.03749", "1.09725", "1.03541"], ["1.02429", "1.06099", "1.01857"]]
sums = ["3.06198", "3.17015", "3.10385"]
for i, tok in enumerate(names):
    H = e.line(f"Softmax for the {['First', 'Second', 'Third'][i]} Row (\"{tok}\")")
    e.claim(e.line(f"[{', '.join(Shs[i])}]", 1, H), f"scaled row {tok} restated", Shs[i], Ss.row(i))
    for j in range(3):
        e.claim(e.line(f"e^{Shs[i][j]} ≈ {exs[i][j]}", 1, H), f"exp of scaled score ({tok},{names[j]})",
                [Shs[i][j], exs[i][j]], [Ss[i, j], ex[i][j]])
    sl = e.line(" + ".join(exs[i]), 1, H)
    e.claim(sl, f"exponentials of row {tok} restated", exs[i], ex[i], cause="carried")
    e.claim(sl + 2, f"sum of exponentials row {tok}", [sums[i]], [den[i]], cause="carried")
    if i == 0:
        for j in range(3):
            b = e.line(f"{exs[0][j]} / {sums[0]}", 1, H)
            e.claim(b - 4, f"scaled score restated", [Shs[0][j]], [Ss[0, j]])
            e.claim(b, "exponential and sum restated", [exs[0][j], sums[0]], [ex[0][j], den[0]])
            e.claim(b + 2, f"weight (I,{names[j]})", [Ws[0][j]], [A[0, j]])
    else:
        for j in range(3):
            b = e.line(f"{exs[i][j]} / {sums[i]} = {Ws[i][j]}", 1, H)
            e.claim(b, "exponential and sum restated", [exs[i][j], sums[i]], [ex[i][j], den[i]], cause="carried")
            e.claim(b, f"weight ({tok},{names[j]})", [Ws[i][j]], [A[i, j]])
    e.claim(e.line(f"[{', '.join(Ws[i])}]", 1, H), f"weights of {tok}", Ws[i], A.row(i),
            cause=Wcause.get(i, "slip"))
L = e.line("0.3310 + 0.3380 + 0.3310")
e.claim(L, "weights of I restated", Ws[0], A.row(0), cause="carried")
e.claim(L + 2, "row sum", ["1.00"], [sum(A.row(0))])
L = e.line("Attention Weights =")
e.rows([L + 2, L + 3, L + 4], "weight matrix", Ws, A, causes=Wcause)
for i, tok in enumerate(("**I**", "**love**", "**cats**")):
    e.claim(e.line(f"| {tok} | 0.3"), f"weight table {tok}", Ws[i], A.row(i), cause=Wcause.get(i, "slip"))
e.claim(e.line("[0.3273, 0.3461, 0.3266]", 2), "weights of love restated", Ws[1], A.row(1))
for p, j in (("32.73%", 0), ("34.61%", 1), ("32.66%", 2)):
    e.claim(e.line(f"- **{p}**"), f"weight (love,{names[j]}) in percent", [p], [A[1, j]])
L = e.line("scaled_scores = np.array([")
e.rows([L + 1, L + 2, L + 3], "scaled scores in code", Shs, Ss)
L = e.line("[[0.3310 0.3380 0.3310]")
e.rows([L, L + 1, L + 2], "numpy softmax output", Ws, A, causes=Wcause)
e.ambiguous(e.line("sit near 0.33."), "loose prose: the weights range from 0.3266 to 0.3461")

# Weighted sum
L = e.line("                I      love    cats")
e.rows([L + 4, L + 8, L + 12], "weight matrix restated", [[w for w in r] for r in Ws], A, causes=Wcause)
L = e.line("                Feature1 Feature2 Feature3 Feature4")
e.rows([L + 4, L + 8, L + 12], "value matrix restated", Vs, V)
for i, tok in enumerate(names):
    H = e.line(f"# Updating \"{tok}\"")
    c = Wcause.get(i, "slip")
    e.claim(H + 5, f"weights of {tok} restated", Ws[i], A.row(i), cause=c)
    for j in range(3):
        ln = e.line(f"{Ws[i][j]} × V({names[j]})", 1, H)
        e.claim(ln, f"weight ({tok},{names[j]}) restated", [Ws[i][j]], [A[i, j]], cause=c)
    eq = e.line("=", 1, e.line(f"{Ws[i][2]} × V({names[2]})", 1, H))
    for j in range(3):
        ln = eq + 2 + 6 * j
        e.claim(ln, f"weight ({tok},{names[j]}) restated", [Ws[i][j]], [A[i, j]], cause=c)
        e.claim(ln + 2, f"V({names[j]}) restated", Vs[j], V.row(j))
    eq2 = e.line("=", 1, eq + 15)
    for j in range(3):
        base = eq2 + 3 + 9 * j
        for k in range(4):
            printed = e.lines[base + k - 1].strip()
            exact = A[i, j] * V[j, k]
            from oracle import agrees
            if agrees(printed, exact):
                e.claim(base + k, f"term {names[j]}[{k + 1}] of {tok}", [printed], [exact])
            elif Ws[i][j] == "0.3310":
                e.claim(base + k, f"term {names[j]}[{k + 1}] of {tok} (from the wrong weight 0.3310)", [printed],
                        [exact], cause="carried")
            else:
                assert agrees(printed, R(Ws[i][j]) * V[j, k]), (i, j, k, printed)
                e.ambiguous(base + k, f"{Ws[i][j]} x {Vs[j][k]} = {R(Ws[i][j]) * V[j, k]} rounded to 5 places from "
                                      f"the correctly rounded 4-place weight (end to end {sp.N(exact, 7)}): arithmetic "
                                      "on a rounded operand")
    eq3 = e.line("=", 1, eq2 + 22)
    outs = [e.lines[eq3 + 2 + k].strip() for k in range(4)]
    for k in range(4):
        e.claim(eq3 + 3 + k, f"output {tok}[{k + 1}]", [outs[k]], [C[i, k]],
                cause="carried" if i == 0 else "drift")
Os = [["0.12070", "0.08690", "0.13380", "0.10070"], ["0.12193", "0.08728", "0.13459", "0.10193"],
      ["0.12133", "0.08704", "0.13414", "0.10132"]]
Ocause = {0: "carried", 1: "drift", 2: "drift"}
L = e.line("Output Embeddings")
e.rows([L + 3, L + 5, L + 7], "output matrix", Os, C, causes=Ocause)
for i, tok in enumerate(("**I**", "**love**", "**cats**")):
    e.claim(e.line(f"| {tok} | `[0.1"), f"output table {tok}", Os[i], C.row(i), cause=Ocause[i])

# Recap
L = e.line("    X = \\[ 0.1 0.2 0.3 0.4")
e.given(L, "X restated")
L = e.line("`\\text{Scores}`{=tex} = \\[")
e.claim(L, "recap scores (part 1)", ["0.0272", "0.0596", "0.0496", "0.0594", "0.1287"],
        [S[0, 0], S[0, 1], S[0, 2], S[1, 0], S[1, 1]])
e.claim(L + 1, "recap scores (part 2)", ["0.1083", "0.0468", "0.0964", "0.0886"], [S[1, 2], S[2, 0], S[2, 1], S[2, 2]])
L = e.line("(where √dk = `\\sqrt{4}`{=tex}")
e.claim(L + 1, "sqrt(4) in the recap", ["2"], [sp.sqrt(4)])
L = e.line("`\\text{Scaled\\_Scores}`{=tex} = \\[")
e.claim(L, "recap scaled scores (part 1)", ["0.0136", "0.0298", "0.0248", "0.0297"],
        [Ss[0, 0], Ss[0, 1], Ss[0, 2], Ss[1, 0]], cause="carried")
e.claim(L + 1, "recap scaled scores (part 2)", ["0.06435", "0.05415", "0.0234", "0.0482", "0.0443"],
        [Ss[1, 1], Ss[1, 2], Ss[2, 0], Ss[2, 1], Ss[2, 2]], cause="carried")
L = e.line("`\\text{Attention\\_Weights}`{=tex} = \\[")
e.claim(L, "recap weights row 1 (softmax of the recap's scaled row)", ["0.3303", "0.3357", "0.3340"], A.row(0),
        cause="carried")
e.claim(L + 1, "recap weights rows 2-3", ["0.3292", "0.3421", "0.3287", "0.3306", "0.3384", "0.3310"],
        list(A.row(1)) + list(A.row(2)))
L = e.line("`\\text{Output}`{=tex} = \\[")
e.claim(L, "recap output (part 1)", ["0.1302", "0.0869", "0.1269", "0.1002", "0.1352"],
        list(C.row(0)) + [C[1, 0]])
e.claim(L + 1, "recap output (part 2)", ["0.0903", "0.1320", "0.1054", "0.1293", "0.0864", "0.1265", "0.0999"],
        [C[1, 1], C[1, 2], C[1, 3]] + list(C.row(2)))
e.done()
