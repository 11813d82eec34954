# Expected verdicts for en-basic-nursnaaz-i-bought-apple-to-eat.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the five 4-d embeddings X and the 4x4 grids W_Q, W_K, W_V (rows as printed), d_k = 4.
# Exact: Q = X W_Q, K = X W_K, V = X W_V; S = Q K^T; scaled = S / 2; A = row softmax(scaled); apple's output = A[apple] V.
#   Only apple's Q, K and V rows are right; the other Q/K/V rows each have one to three wrong entries.
# Wrong lines (cause decided against the author's own previous printed values):
# - Q table rows I, bought, to, eat; K table rows I, bought, to, eat; V table rows I, bought, to, eat (slip):
#   e.g. Q_I = [1.01, 0.69, 0.54, 0.61], printed [1.010, 0.690, 1.120, 0.890].
# - The reminder lists and the "I . bought" check restate those wrong vectors (carried).
# - Raw score table: cells that equal the printed Q . printed K are carried, the others slip (e.g. I -> I 2.876
#   while the printed vectors give 2.6021 ... see the claims); scaled table = raw / 2 (carried where it halves the
#   printed raw score); softmax table: most cells differ even from softmax of the printed scaled rows (slip;
#   the I row prints 0.309 for I -> bought while its own exercise gives 8.69 / 31.51 = 0.276).
# - "e^1.958 = 7.08" (both copies): e^1.958 = 7.0851, which rounds to 7.09 (slip, besides the carried 1.958).
# - Hint "1.091 + 1.173 + 0.728 + 1.267 = 4.324": 0.890 x 1.420 = 1.264 and the terms add to 4.259 (slip).
# - Apple's detailed dot products: products with the wrong key entries and the sums are carried; the exponentials,
#   the sum 30.09, the weights, the percentages, the weighted value vectors and the final [1.436, 1.008, 0.816,
#   1.156] follow from the wrong keys and values (carried; exact output [1.4428, 1.0097, 0.9559, 1.2651]).
# - Range lines 2.654-5.679 and 1.327-2.840, the 5.679 / 3.916 / 4.153 remarks and the per-word percentages
#   restate the wrong tables (carried).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees

e = Expect(__file__, language="en", topics=["basic", "scaling", "softmax", "markdown-table", "plain-text-grid"])

words = ["I", "bought", "apple", "to", "eat"]
X = M([["1.0", "0.2", "0.5", "0.3"], ["0.8", "1.0", "0.3", "0.6"], ["0.6", "0.4", "1.0", "0.2"],
       ["0.3", "0.7", "0.2", "0.8"], ["0.9", "0.6", "0.4", "1.0"]])
WQ = M([["0.5", "0.3", "0.1", "0.2"], ["0.2", "0.8", "0.4", "0.1"], ["0.7", "0.1", "0.6", "0.3"], ["0.4", "0.6", "0.2", "0.8"]])
WK = M([["0.6", "0.4", "0.2", "0.3"], ["0.3", "0.9", "0.1", "0.5"], ["0.8", "0.2", "0.7", "0.4"], ["0.1", "0.7", "0.3", "0.9"]])
WV = M([["0.9", "0.1", "0.3", "0.4"], ["0.4", "0.6", "0.2", "0.7"], ["0.2", "0.8", "0.5", "0.1"], ["0.7", "0.3", "0.6", "0.8"]])
Q, K, V = X * WQ, X * WK, X * WV
S = Q * K.T
dk = 4
SC = S / sp.sqrt(dk)
A = softmax_rows(SC)
out = A.row(2) * V
ap = 2


def vec(line_no, after="["):
    s = e.lines[line_no - 1]
    i = s.index(after)
    j = s.index("[", i) if after != "[" else i
    k = s.index("]", j)
    return [p.strip() for p in s[j + 1:k].split(",")]


def cells(line_no):
    return [c.strip().replace(" ⭐", "") for c in e.lines[line_no - 1].strip().strip("|").split("|")]


def P(s):
    return sp.Rational(s)


# ---- inputs
L = e.line("| 1 | I | [1.0, 0.2, 0.5, 0.3] |")
for k in range(5):
    e.given(L + k, f"embedding of {words[k]}")
for name in ("W_Q (Query Matrix)", "W_K (Key Matrix)", "W_V (Value Matrix)"):
    L = e.line(name)
    for k in range(4):
        e.given(L + 3 + k, f"{name.split()[0]} row {k + 1}")
e.claim(e.line("Three weight matrices (4×4 each)"), "W shape", ["4", "4"], [WQ.rows, WQ.cols])
e.claim(e.line("a 4×4 weight matrix W"), "W shape", ["4", "4"], [4, 4])

# ---- step 2 exercise and hint
e.given(e.line("Apple embedding: [0.6, 0.4, 1.0, 0.2]"), "apple embedding restated")
L = e.line("Q[0] = 0.6×0.5 + 0.4×0.2 + 1.0×0.7 + 0.2×0.4 = ?")
e.given(L, "apple Q[0] exercise (restates the inputs)")
L = e.line("0.6×0.5 = 0.3, 0.4×0.2 = 0.08")
e.claim(L, "apple Q[0] products", ["0.3", "0.08", "0.7", "0.08"],
        [X[ap, 0] * WQ[0, 0], X[ap, 1] * WQ[1, 0], X[ap, 2] * WQ[2, 0], X[ap, 3] * WQ[3, 0]])
e.claim(e.line("Sum: 0.3 + 0.08 + 0.7 + 0.08 = 1.160"), "apple Q[0]", "1.160", Q[ap, 0])

# ---- step 3: apple's Q in detail
for j, (needle, terms, res) in enumerate([
        ("Q[0] = 0.6×0.5 + 0.4×0.2 + 1.0×0.7 + 0.2×0.4 = 0.3", ["0.3", "0.08", "0.7", "0.08"], "1.160"),
        ("Q[1] = 0.6×0.3", ["0.18", "0.32", "0.1", "0.12"], "0.720"),
        ("Q[2] = 0.6×0.1", ["0.06", "0.16", "0.6", "0.04"], "0.860"),
        ("Q[3] = 0.6×0.2", ["0.12", "0.04", "0.3", "0.16"], "0.620")]):
    L = e.line(needle)
    e.claim(L, f"apple Q[{j}] products", terms, [X[ap, r] * WQ[r, j] for r in range(4)])
    e.claim(L, f"apple Q[{j}]", res, Q[ap, j])
e.claim(e.line("Apple's Query: [1.160, 0.720, 0.860, 0.620]"), "apple Q", vec(e.line("Apple's Query: [1.160")), list(Q.row(ap)))

# ---- Q, K, V tables (the author's printed vectors are kept for the cause of later lines)
pQ, pK, pV = {}, {}, {}
for tab, store, Mx, head in (("| Word | Q Vector (4D) |", pQ, Q, "Q"), ("| Word | K Vector (4D) |", pK, K, "K"),
                             ("| Word | V Vector (4D) |", pV, V, "V")):
    L = e.line(tab)
    for k in range(5):
        ln = L + 2 + k
        p = vec(ln)
        store[k] = p
        e.claim(ln, f"{head} row of {words[k]} = x W_{head}", p, list(Mx.row(k)))

e.given(e.line("K[0] = 0.6×0.6 + 0.4×0.3 + 1.0×0.8 + 0.2×0.1 = ?"), "apple K[0] exercise (restates the inputs)")


def restate(line_no, p, exact, author, what):
    """A restated vector: wrong entries are carried when they match the author's printed table."""
    ok_auth = all(a == b for a, b in zip(p, author))
    e.claim(line_no, what, p, exact, cause="carried" if ok_auth else "slip")


# reminder bullets
Lq = e.line("Q Vectors:")
for k in range(5):
    restate(Lq + 1 + k, vec(Lq + 1 + k), list(Q.row(k)), pQ[k], f"Q of {words[k]} restated")
Lk = e.line("K Vectors:")
for k in range(5):
    restate(Lk + 1 + k, vec(Lk + 1 + k), list(K.row(k)), pK[k], f"K of {words[k]} restated")


# ---- score, scaled and softmax tables: cause = carried when the cell follows from the author's previous stage
def author_dot(qk, kk):
    return sum(P(pQ[qk][t]) * P(pK[kk][t]) for t in range(4))


def table(first_line, exact, author, what, ncols=5):
    printed = {}
    for r in range(5):
        ln = first_line + r
        c = cells(ln)[1:1 + ncols]
        printed[r] = c
        for j in range(ncols):
            cause = "carried" if agrees(c[j], author(r, j)) else "slip"
            e.claim(ln, f"{what} [{words[r]} -> {words[j]}]", c[j], exact[r, j], cause=cause)
    return printed


Ls = e.line("| Query → Key ↓ | I | bought | apple | to | eat |")
pS = table(Ls + 2, S, author_dot, "raw score Q.K")
Lsc = e.line("| Query → Key ↓ | I | bought | apple | to | eat |", nth=2)
pSC = table(Lsc + 2, SC, lambda r, j: P(pS[r][j]) / 2, "scaled score")


def author_soft(r, j):
    if r == ap:  # the author's own route for apple's row: 2-place exponentials over 30.09 (printed in step 8)
        return P(["4.68", "7.08", "5.97", "4.38", "7.98"][j]) / P("30.09")
    row = [sp.exp(P(x)) for x in pSC[r]]
    return row[j] / sum(row)


La = e.line("| Query → Key ↓ | I | bought | apple | to | eat | Row Sum |")
pA = table(La + 2, A, author_soft, "softmax weight")
for r in range(5):
    e.claim(La + 2 + r, f"row sum of the {words[r]} weights", cells(La + 2 + r)[6], sum(A.row(r)))

# ---- I -> bought check and its hint
L = e.line("I_query · bought_key = [1.010")
s = e.lines[L - 1]
qpart = s[s.index("[") + 1: s.index("]")].split(",")
kpart = s[s.rindex("[") + 1: s.rindex("]")].split(",")
restate(L, [x.strip() for x in qpart], list(Q.row(0)), pQ[0], "Q of I restated")
restate(L, [x.strip() for x in kpart], list(K.row(1)), pK[1], "K of bought restated")
L = e.line("= 1.010×1.080 + 0.690×1.700 + 1.120×0.650 + 0.890×1.420 = ?")
e.claim(L, "Q_I entries in the expansion", ["1.010", "0.690", "1.120", "0.890"], list(Q.row(0)), cause="carried")
e.claim(L, "K_bought entries in the expansion", ["1.080", "1.700", "0.650", "1.420"], list(K.row(1)), cause="carried")
L = e.line("1.091 + 1.173 + 0.728 + 1.267 = 4.324")
ex_terms = [Q[0, t] * K[1, t] for t in range(4)]
for t, p in enumerate(["1.091", "1.173", "0.728", "1.267"]):
    author_val = P(pQ[0][t]) * P(pK[1][t])
    e.claim(L, f"term {t + 1} of q_I . k_bought", p, ex_terms[t], cause="carried" if agrees(p, author_val) else "slip")
e.claim(L, "q_I . k_bought (the printed terms add to 4.259)", "4.324", S[0, 1], cause="slip")

# ---- apple's detailed dot products
order = [(4, "Apple → eat:"), (1, "Apple → bought:"), (2, "Apple → apple (self):"), (0, "Apple → I:"), (3, "Apple → to:")]
for kk, head in order:
    L = e.line(head)
    if kk == 4:
        e.claim(L + 1, "apple Q restated", ["1.160", "0.720", "0.860", "0.620"], list(Q.row(ap)))
        restate(L + 1, vec(L + 1, after="·"), list(K.row(4)), pK[4], "K of eat restated")
        Lx, Ls_ = L + 2, L + 3
    else:
        Lx, Ls_ = L + 1, L + 2
    # "= 1.160×k0 + 0.720×k1 + ..." : the key entries
    s = e.lines[Lx - 1]
    kents = [part.split("×")[1].strip() for part in s.lstrip("= ").split(" + ")]
    restate(Lx, kents, list(K.row(kk)), pK[kk], f"K of {words[kk]} in the expansion")
    e.claim(Lx, "apple Q entries in the expansion", ["1.160", "0.720", "0.860", "0.620"], list(Q.row(ap)))
    s = e.lines[Ls_ - 1]
    body = s.lstrip("= ").split(" = ")
    terms = [x.strip() for x in body[0].split(" + ")]
    total = body[1].split()[0]
    for t, p in enumerate(terms):
        author_val = P("1.160 0.720 0.860 0.620".split()[t]) * P(pK[kk][t])
        e.claim(Ls_, f"apple . {words[kk]} term {t + 1}", p, Q[ap, t] * K[kk, t],
                cause="carried" if agrees(p, author_val) else "slip")
    author_sum = sum(P(x) for x in terms)
    e.claim(Ls_, f"apple . {words[kk]}", total, S[ap, kk], cause="carried" if agrees(total, author_sum) else "slip")

# remarks on the score table
e.claim(e.line("also has the largest self-score (5.679)"), "eat . eat", "5.679", S[4, 4], cause="carried")
e.claim(e.line("apple's second-largest score is with \"bought\" (3.916)"), "apple . bought", "3.916", S[ap, 1], cause="carried")
e.claim(e.line("Quiz: apple's best match is \"eat\" (4.153)"), "apple . eat", "4.153", S[ap, 4], cause="carried")

# ---- step 7
e.claim(e.line("All scores are divided by √4 = 2"), "sqrt(4)", ["4", "2"], [dk, sp.sqrt(dk)])
e.claim(e.line("d_k = dimension of key vectors = 4"), "d_k", "4", K.cols)
e.claim(e.line("Scale Factor = √d_k = √4 = 2"), "sqrt(d_k)", ["4", "2"], [dk, sp.sqrt(dk)])
e.claim(e.line("Scaled Score = Raw Score ÷ 2"), "divisor", "2", sp.sqrt(dk))
e.claim(e.line("(every raw score divided by √4 = 2)"), "sqrt(4)", ["4", "2"], [dk, sp.sqrt(dk)])
L = e.line("Exercise: scale \"bought\" → \"bought\": 5.012 ÷ 2 = ?")
e.claim(L, "raw bought . bought restated", "5.012", S[1, 1], cause="carried")
for kk, head in [(0, "Apple → I: 3.088 ÷ 2 ="), (1, "Apple → bought: 3.916 ÷ 2 ="), (2, "Apple → apple: 3.571 ÷ 2 ="),
                 (3, "Apple → to: 2.952 ÷ 2 ="), (4, "Apple → eat: 4.153 ÷ 2 =")]:
    L = e.line(head)
    s = e.lines[L - 1]
    raw = s.split(": ")[1].split(" ÷")[0]
    res = s.split("= ")[1].split()[0]
    e.claim(L, f"raw apple . {words[kk]} restated", raw, S[ap, kk], cause="carried")
    e.claim(L, f"scaled apple . {words[kk]}", res, SC[ap, kk], cause="carried" if agrees(res, P(raw) / 2) else "slip")
flatS = list(S); flatSC = list(SC)
L = e.line("• Before scaling: Scores ranged from 2.654 to 5.679")
e.claim(L, "smallest / largest raw score", ["2.654", "5.679"], [min(flatS, key=lambda v: float(v)), max(flatS, key=lambda v: float(v))], cause="carried")
L = e.line("• After scaling: Scores range from 1.327 to 2.840")
e.claim(L, "smallest / largest scaled score", ["1.327", "2.840"], [min(flatSC, key=lambda v: float(v)), max(flatSC, key=lambda v: float(v))], cause="carried")

# ---- step 8 exercise on the I row
L = e.line("Scaled scores for \"I\": [1.438, 2.162, 1.544, 1.373, 2.301]")
e.claim(L, "scaled I row restated", vec(L), list(SC.row(0)), cause="carried")
L = e.line("Exponentials: [4.21, 8.69, 4.68, 3.95, 9.98]")
pe = vec(L)
for j in range(5):
    e.claim(L, f"exp of scaled I -> {words[j]}", pe[j], sp.exp(SC[0, j]),
            cause="carried" if agrees(pe[j], sp.exp(P(pSC[0][j]))) else "slip")
L = e.line("Sum = 31.51.")
e.claim(L, "sum of the I-row exponentials", "31.51", sum(sp.exp(SC[0, j]) for j in range(5)), cause="carried")
L = e.line("8.69 ÷ 31.51 = ?")
e.claim(L, "exp and sum restated", ["8.69", "31.51"], [sp.exp(SC[0, 1]), sum(sp.exp(SC[0, j]) for j in range(5))], cause="carried")


# ---- apple's softmax box (printed twice)
def apple_box(nth):
    L = e.line("e^1.544 = 4.68", nth=nth)
    exps = {}
    for j, sc in enumerate(["1.544", "1.958", "1.786", "1.476", "2.077"]):
        ln = L + j
        ex = e.lines[ln - 1].split("= ")[1].strip()
        exps[j] = ex
        e.claim(ln, f"scaled apple -> {words[j]} restated", sc, SC[ap, j], cause="carried")
        e.claim(ln, f"exp of scaled apple -> {words[j]}", ex, sp.exp(SC[ap, j]),
                cause="carried" if agrees(ex, sp.exp(P(sc))) else "slip")
    Z = sum(sp.exp(SC[ap, j]) for j in range(5))
    ln = e.line("Step 2: Sum = 4.68 + 7.08 + 5.97 + 4.38 + 7.98 = 30.09", nth=nth)
    e.claim(ln, "apple exponentials restated", ["4.68", "7.08", "5.97", "4.38", "7.98"], [sp.exp(SC[ap, j]) for j in range(5)], cause="carried")
    e.claim(ln, "sum of apple's exponentials", "30.09", Z, cause="carried")
    for j, head in enumerate(["Apple → I: 4.68 ÷ 30.09 =", "Apple → bought: 7.08 ÷ 30.09 =", "Apple → apple: 5.97 ÷ 30.09 =",
                              "Apple → to: 4.38 ÷ 30.09 =", "Apple → eat: 7.98 ÷ 30.09 ="]):
        ln = e.line(head, nth=nth)
        s = e.lines[ln - 1]
        w = s.split("= ")[1].split()[0]
        pct = s.split("(")[1].split(")")[0]
        e.claim(ln, "exp and sum restated", [exps[j], "30.09"], [sp.exp(SC[ap, j]), Z], cause="carried")
        cause = "carried" if agrees(w, P(exps[j]) / P("30.09")) else "slip"
        e.claim(ln, f"apple -> {words[j]} weight", w, A[ap, j], cause=cause)
        e.claim(ln, f"apple -> {words[j]} weight in percent", pct, A[ap, j], cause=cause)


apple_box(1)
apple_box(2)
L = e.line("✅ Verification: 0.156 + 0.235 + 0.198 + 0.146 + 0.265 = 1.000")
e.claim(L, "apple weights restated", ["0.156", "0.235", "0.198", "0.146", "0.265"], list(A.row(ap)), cause="carried")
e.claim(L, "sum of apple's weights", "1.000", sum(A.row(ap)))
L = e.line("0.156 + 0.235 + 0.198 + 0.146 + 0.265 = ?")
e.claim(L, "apple weights restated", ["0.156", "0.235", "0.198", "0.146", "0.265"], list(A.row(ap)), cause="carried")
L = e.line("0.125 + 0.286 + 0.167 + 0.118 + 0.304 = ?")
e.claim(L, "bought weights restated", ["0.125", "0.286", "0.167", "0.118", "0.304"], list(A.row(1)), cause="carried")
for r, (needle, pct) in enumerate([("• \"I\" pays most attention to \"eat\" (26.1%)", "26.1%"),
                                    ("• \"bought\" pays most attention to \"eat\" (30.4%)", "30.4%"),
                                    ("• \"apple\" pays most attention to \"eat\" (26.5%)", "26.5%"),
                                    ("• \"to\" pays most attention to \"eat\" (30.8%)", "30.8%"),
                                    ("• \"eat\" pays most attention to itself (28.2%)", "28.2%")]):
    e.claim(e.line(needle), f"{words[r]} -> eat weight", pct, A[r, 4], cause="carried")

# ---- step 9
for j, head in enumerate(["0.156 × [1.290", "0.235 × [1.600", "0.198 × [1.040", "0.146 × [1.150", "0.265 × [1.830"]):
    L = e.line(head)
    s = e.lines[L - 1]
    w = s.split(" ×")[0]
    vin = [x.strip() for x in s[s.index("[") + 1: s.index("]")].split(",")]
    vout = [x.strip() for x in s[s.rindex("[") + 1: s.rindex("]")].split(",")]
    e.claim(L, f"apple -> {words[j]} weight restated", w, A[ap, j], cause="carried")
    restate(L, vin, list(V.row(j)), pV[j], f"V of {words[j]} restated")
    prods = [A[ap, j] * V[j, t] for t in range(4)]
    for t in range(4):
        author_val = P(w) * P(vin[t])
        e.claim(L, f"weighted V of {words[j]}, component {t + 1}", vout[t], prods[t],
                cause="carried" if agrees(vout[t], author_val) else "slip")
for t in range(4):
    L = e.line(f"Component {t + 1}: ")
    s = e.lines[L - 1]
    lhs, total = s.split(": ")[1].split(" = ")
    terms = [x.strip() for x in lhs.split(" + ")]
    e.claim(L, f"weighted components {t + 1} restated", terms, [A[ap, j] * V[j, t] for j in range(5)], cause="carried")
    e.claim(L, f"apple output component {t + 1}", total, out[0, t],
            cause="carried" if agrees(total, sum(P(x) for x in terms)) else "slip")
L = e.line("Apple's New 4D Meaning: [1.436, 1.008, 0.816, 1.156]")
e.claim(L, "apple output", vec(L), list(out), cause="carried")
for j, (needle, pct) in enumerate([("\"eat\" got 26.5%", "26.5%"), ("\"bought\" got 23.5%", "23.5%"),
                                   ("Self-attention got 19.8%", "19.8%"), ("\"I\" got 15.6%", "15.6%"),
                                   ("\"to\" got 14.6%", "14.6%")]):
    idx = [4, 1, 2, 0, 3][j]
    e.claim(e.line(needle), f"apple -> {words[idx]} weight", pct, A[ap, idx], cause="carried")
e.done()
