# Expected verdicts for id-basic-neokoda-atensi-spasial-ecog.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Decimal commas throughout ("0,375" = 0.375).  Four small worked examples, each judged from its own first inputs:
# 1. Spatial attention over 4 electrodes: feature matrix (3 bins x 4 electrodes), summary = column means
#    [1/5, 5/3, 1/10, 2], token = [s, s] + identity [[0,1/2],[1/2,0],[1/10,1/10],[1/5,3/10]],
#    W_Q = W_K = W_V = I, scores t1.tj / sqrt(2).  Exact: dots [0.53, 1.6, 0.18, 2.05], scaled
#    [0.374767, 1.131371, 0.127279, 1.449569], weights [0.146173, 0.311499, 0.114126, 0.428202],
#    out_e1 = [1.669018, 1.629175], raw = 0.149097, sigmoid 0.537205.
#    - "1,600 -> 1,132": 1.6/sqrt 2 = 1.13137 -> 1.131; 1.132 is 1.6/1.414 (the article's rounded sqrt 2) -> wrong (drift).
#    - weights "0,312": exact 0.311499 (0.311 at 3 places, off by 0.000501); right from the rounded scores -> wrong (drift).
#    - out_e1 "= [1,670 , 1,629]" is explicit arithmetic on the rounded weights (1.6697 as written; exact 1.66902 ->
#      1.669), and "0,835 + 0,815 - 1,5 = 0,150" likewise (exact 0.14910 -> 0.149): ambiguous (arithmetic on rounded
#      operands); the chain's final result gate_e1 = 0,537 agrees end to end.
#    - the step-5 reweighting uses the stated illustrative gates [0.30, 0.95, 0.20, 0.98] (given): all 12 products right.
# 2. Mini Transformer: x1 = [1,0], x2 = [0,1], W_Q = [[2,0],[0,1]], W_K = I, W_V = [[1,2],[3,0]], d_k = 2.
#    Exact weights [0.804430, 0.195570] and [0.330238, 0.669762]; out1 = [1.391140, 1.608860], out2 = [2.339524, 0.660476].
#    - out1 "[1,392 , 1,608]" is right from the rounded weights 0.804/0.196 but the chain's final output is judged end to
#      end: 1.391 / 1.609 -> wrong (drift).  e^1,414 = 4,113 is e^sqrt2 = 4.11325 (right from the exact input).
# 3. LLaVA-style causal attention: h1 = [1/2, 1], h2 = [3/2, 1/5], W_proj = [[1,1/2],[1/2,1]] -> e1 = [1, 5/4],
#    e2 = [8/5, 19/20]; t0 = [1/5, 3/10]; vocab "i" = [1, 4/5], "am" = [1/5, 1/10], "the" = [9/10, 1/5].
#    Exact weights [0.363441, 0.371234, 0.265325], out_t0 = [1.010480, 0.886571], logits 1.719737, 0.290753, 1.086746.
#    - out_t0 "= [1,010 , 0,886]": explicit arithmetic on the rounded weights (0.8857 as written; exact 0.88657 ->
#      0.887) -> ambiguous.
#    - logits are the chain's final results: "i" 1,719 (exact 1.7197 -> 1.720) and "the" 1,086 (exact 1.0867 -> 1.087)
#      are right from the rounded out_t0 but wrong end to end -> wrong (drift); "am" 0,291 agrees.
# 4. Cross-attention: q = s = [2/5, 1/2] (given), keys/values e1, e2 as above.  Exact: dots 1.025, 1.115; scaled
#    0.724784, 0.788424; weights [0.484095, 0.515905]; cross_out = [1.309543, 1.095229]; logits 2.185726, 0.371431,
#    1.397634.
#    - "1,115 -> 0,789": exact 0.78842 -> 0.788 (0.789 is 1.115/1.414) -> wrong (drift).
#    - logit "am" 0,372: 1.310*0.2 + 1.095*0.1 = 0.3715 as written, exact 0.37143 -> 0.371: final result -> wrong (drift).
# 5. d = 512 with 8 heads: 512/8 = 64.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="id", topics=["basic", "cross-attention", "causal", "decimal-comma", "code-block"])
s2 = sp.sqrt(2)


def softmax(v):
    ex = [sp.exp(x) for x in v]
    d = sum(ex)
    return [x / d for x in ex]


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def vsum(ws, vs):
    return [sum(w * v[k] for w, v in zip(ws, vs)) for k in range(len(vs[0]))]


# ---- 1. spatial attention ------------------------------------------------------------------------------
F = M([["0,2", "1,8", "0,1", "2,0"], ["0,3", "1,5", "0,0", "1,9"], ["0,1", "1,7", "0,2", "2,1"]])
L = e.line("        e1    e2    e3    e4")
for k in range(3):
    e.given(L + 1 + k, f"feature row bin{k + 1}")
means = [sum(F[:, j]) / 3 for j in range(4)]
e.claim(e.line("e1 = (0,2+0,3+0,1)/3 = 0,2"), "mean e1", ["0,2"], [means[0]])
e.claim(e.line("e2 = (1,8+1,5+1,7)/3 = 1,667"), "mean e2", ["1,667"], [means[1]])
e.claim(e.line("e3 = (0,1+0,0+0,2)/3 = 0,1"), "mean e3", ["0,1"], [means[2]])
e.claim(e.line("e4 = (2,0+1,9+2,1)/3 = 2,0"), "mean e4", ["2,0"], [means[3]])
e.claim(e.line("ringkasan = [0,2 , 1,667"), "summary vector", ["0,2", "1,667", "0,1", "2,0"], means)
ident = [[0, R(1, 2)], [R(1, 2), 0], [R(1, 10), R(1, 10)], [R(1, 5), R(3, 10)]]
tok = [[means[i] + ident[i][0], means[i] + ident[i][1]] for i in range(4)]
L = e.line("proyeksi [s,s]    + identitas     = token")
e.claim(L + 1, "token e1 (projection, identity given)", ["0,2", "0,7"], tok[0])
e.claim(L + 2, "token e2", ["2,167", "1,667"], tok[1])
e.claim(L + 3, "token e3", ["0,2", "0,2"], tok[2])
e.claim(L + 4, "token e4", ["2,2", "2,3"], tok[3])
e.given(e.line("Skor = t1·tj / √2 (√2 = 1,414)"), "scores divided by sqrt 2 (printed 1.414)")
dots = [dot(tok[0], tok[j]) for j in range(4)]
sc = [d / s2 for d in dots]
e.claim(e.line("t1·t1 = 0,53   -> 0,375"), "t1.t1 and scaled", ["0,53", "0,375"], [dots[0], sc[0]])
e.claim(e.line("t1·t2 = 1,600  -> 1,132"), "t1.t2 and scaled (1.6/1.414)", ["1,600", "1,132"], [dots[1], sc[1]],
        cause="drift")
e.claim(e.line("t1·t3 = 0,18   -> 0,127"), "t1.t3 and scaled", ["0,18", "0,127"], [dots[2], sc[2]])
e.claim(e.line("t1·t4 = 2,05   -> 1,450"), "t1.t4 and scaled", ["2,05", "1,450"], [dots[3], sc[3]])
w = softmax(sc)
ln = e.line("softmax -> bobot perhatian e1 = `[0,146")
e.claim(ln, "weights of e1 (from the scores rounded with sqrt 2 = 1.414)", ["0,146", "0,312", "0,114", "0,428"], w,
        cause="drift")
out = vsum(w, tok)
e.ambiguous(e.line("out_e1 = 0,146*t1 + 0,312*t2"),
            "explicit arithmetic on the rounded weights: 0.146*0.2 + 0.312*2.167 + 0.114*0.2 + 0.428*2.2 = 1.6697 -> "
            f"1,670 as written; end to end out_e1 = [{sp.N(out[0], 6)}, {sp.N(out[1], 6)}] (1.669, 1.629)")
raw = out[0] / 2 + out[1] / 2 - R(3, 2)
e.ambiguous(e.line("raw = out_e1 · [0,5 , 0,5] + bias(-1,5)"),
            "0,835 + 0,815 - 1,5 = 0,150 is right as written from the rounded out_e1; end to end the halves are "
            f"{sp.N(out[0] / 2, 6)} and {sp.N(out[1] / 2, 6)} and raw = {sp.N(raw, 6)} (0.149)")
e.claim(e.line("gate_e1 = sigmoid(0,150)"), "gate e1 (end to end)", ["0,537"], [1 / (1 + sp.exp(-raw))])
gates = [R(3, 10), R(95, 100), R(1, 5), R(98, 100)]
e.given(e.line("`gate = [0,30 ; 0,95 ; 0,20 ; 0,98]`"), "illustrative gates after training")
e.given(e.line("(kolom e1 ×0,30 ; e2 ×0,95"), "gates per column")
L = e.line("        e1     e2      e3     e4")
printed = [["0,06", "1,710", "0,02", "1,960"], ["0,09", "1,425", "0,00", "1,862"], ["0,03", "1,615", "0,04", "2,058"]]
for k in range(3):
    e.claim(L + 1 + k, f"reweighted bin{k + 1}", printed[k], [F[k, j] * gates[j] for j in range(4)])

# ---- 2. mini Transformer -------------------------------------------------------------------------------
e.given(e.line("x1 = [1, 0]"), "x1")
e.given(e.line("x2 = [0, 1]"), "x2")
WQ, WK, WV = M([[2, 0], [0, 1]]), M([[1, 0], [0, 1]]), M([[1, 2], [3, 0]])
X = M([[1, 0], [0, 1]])
Q, K, V = X * WQ, X * WK, X * WV
e.given(e.line("W_Q = [[2,0],[0,1]]   W_K"), "W_Q, W_K, W_V")
e.claim(e.line("q1 = x1·W_Q = [2, 0]"), "q1, k1, v1", ["2", "0", "1", "0", "1", "2"],
        list(Q.row(0)) + list(K.row(0)) + list(V.row(0)))
e.claim(e.line("q2 = x2·W_Q = [0, 1]"), "q2, k2, v2", ["0", "1", "0", "1", "3", "0"],
        list(Q.row(1)) + list(K.row(1)) + list(V.row(1)))
S = Q * K.T
e.claim(e.line("q1·k1 = 2*1 + 0*0 = 2"), "q1.k1 and scaled", ["2", "1,414"], [S[0, 0], S[0, 0] / s2])
e.claim(e.line("q1·k2 = 2*0 + 0*1 = 0"), "q1.k2 and scaled", ["0"], [S[0, 1] / s2])
e.claim(e.line("q2·k1 = 0*1 + 1*0 = 0"), "q2.k1", ["0"], [S[1, 0]])
e.claim(e.line("q2·k2 = 0*0 + 1*1 = 1"), "q2.k2 and scaled", ["1", "0,707"], [S[1, 1], S[1, 1] / s2])
e.claim(e.line("Token 1: softmax([1,414, 0])"), "scaled row 1", ["1,414", "0"], [S[0, 0] / s2, S[0, 1] / s2])
e.claim(e.line("e^1,414 = 4,113 ; e^0 = 1 ; jumlah = 5,113"), "e^sqrt2 and the row sum", ["4,113", "5,113"],
        [sp.exp(s2), sp.exp(s2) + 1])
w1 = softmax([S[0, 0] / s2, S[0, 1] / s2])
w2 = softmax([S[1, 0] / s2, S[1, 1] / s2])
e.claim(e.line("bobot = [0,804 , 0,196]"), "weights token 1", ["0,804", "0,196"], w1)
e.claim(e.line("Token 2: softmax([0, 0,707])"), "scaled row 2", ["0,707"], [S[1, 1] / s2])
e.claim(e.line("e^0 = 1 ; e^0,707 = 2,028 ; jumlah = 3,028"), "e^(1/sqrt2) and the row sum", ["2,028", "3,028"],
        [sp.exp(1 / s2), sp.exp(1 / s2) + 1])
e.claim(e.line("bobot = [0,330 , 0,670]"), "weights token 2", ["0,330", "0,670"], w2)
o1 = vsum(w1, [list(V.row(0)), list(V.row(1))])
o2 = vsum(w2, [list(V.row(0)), list(V.row(1))])
e.claim(e.line("out1 = 0,804*v1 + 0,196*v2"), "out1 (final output, from the rounded weights 0.804/0.196)",
        ["1,392", "1,608"], o1, cause="drift")
e.claim(e.line("out2 = 0,330*v1 + 0,670*v2"), "out2", ["2,340", "0,660"], o2)
e.claim(e.line("Token 1 paling banyak memperhatikan dirinya"), "self weights restated", ["0,804", "0,670"],
        [w1[0], w2[1]])

# ---- 3. LLaVA-style causal attention ------------------------------------------------------------------------
h1, h2 = [R(1, 2), 1], [R(3, 2), R(1, 5)]
Wp = M([[1, R(1, 2)], [R(1, 2), 1]])
e.given(e.line("keluaran encoder : h1 = [0,5 , 1,0]"), "h1, h2")
e.given(e.line("W_proj = [[1 , 0,5] , [0,5 , 1]]"), "W_proj")
E1 = list(M([h1]) * Wp)
E2 = list(M([h2]) * Wp)
e.claim(e.line("e1 = h1·W_proj ="), "e1", ["1,0", "1,25"], E1)
e.claim(e.line("e2 = h2·W_proj ="), "e2", ["1,6", "0,95"], E2)
t0 = [R(1, 5), R(3, 10)]
e.given(e.line("`t0 = [0,2 , 0,3]`"), "t0")
d = [dot(t0, E1), dot(t0, E2), dot(t0, t0)]
e.claim(e.line("t0·e1 = 0,575 -> 0,407"), "t0.e1 and scaled", ["0,575", "0,407"], [d[0], d[0] / s2])
e.claim(e.line("t0·e2 = 0,605 -> 0,428"), "t0.e2 and scaled", ["0,605", "0,428"], [d[1], d[1] / s2])
e.claim(e.line("t0·t0 = 0,130 -> 0,092"), "t0.t0 and scaled", ["0,130", "0,092"], [d[2], d[2] / s2])
wl = softmax([x / s2 for x in d])
e.claim(e.line("softmax -> bobot = [0,363 , 0,371 , 0,265]"), "causal weights of t0", ["0,363", "0,371", "0,265"], wl)
ot = vsum(wl, [E1, E2, t0])
e.ambiguous(e.line("out_t0 = 0,363*e1 + 0,371*e2 + 0,265*t0"),
            "explicit arithmetic on the rounded weights: 0.363*1.25 + 0.371*0.95 + 0.265*0.3 = 0.8857 -> 0,886 as "
            f"written; end to end out_t0 = [{sp.N(ot[0], 6)}, {sp.N(ot[1], 6)}] (1.010, 0.887)")
vi, vam, vthe = [1, R(4, 5)], [R(1, 5), R(1, 10)], [R(9, 10), R(1, 5)]
e.given(e.line("vektor kata: \"i\"=[1,0 , 0,8]"), "vocabulary vectors")
L3 = e.line("logit \"i\"   = 1,010*1,0 + 0,886*0,8 = 1,719")
e.claim(L3, "logit i (final, from the rounded out_t0)", ["1,719"], [dot(ot, vi)], cause="drift")
e.claim(e.line("logit \"am\"  = 1,010*0,2 + 0,886*0,1 = 0,291"), "logit am", ["0,291"], [dot(ot, vam)])
e.claim(e.line("logit \"the\" = 1,010*0,9 + 0,886*0,2 = 1,086"), "logit the (final, from the rounded out_t0)",
        ["1,086"], [dot(ot, vthe)], cause="drift")

# ---- 4. cross-attention ----------------------------------------------------------------------------------
q = [R(2, 5), R(1, 2)]
e.claim(e.line("ECoG memory sama seperti di atas"), "e1, e2 restated; s given", ["1,0", "1,25", "1,6", "0,95"],
        E1 + E2)
e.given(e.line("q = s = [0,4 , 0,5]"), "query s")
dc = [dot(q, E1), dot(q, E2)]
e.claim(e.line("q·e1 = 1,025 -> 0,725"), "q.e1 and scaled", ["1,025", "0,725"], [dc[0], dc[0] / s2])
e.claim(e.line("q·e2 = 1,115 -> 0,789"), "q.e2 and scaled (1.115/1.414)", ["1,115", "0,789"], [dc[1], dc[1] / s2],
        cause="drift")
wc = softmax([x / s2 for x in dc])
e.claim(e.line("softmax -> bobot = [0,484 , 0,516]"), "cross weights", ["0,484", "0,516"], wc)
oc = vsum(wc, [E1, E2])
e.claim(e.line("cross_out = 0,484*e1 + 0,516*e2"), "cross_out", ["1,310", "1,095"], oc)
e.claim(e.line("logit \"i\"   = 1,310*1,0 + 1,095*0,8 = 2,186"), "cross logit i", ["2,186"], [dot(oc, vi)])
e.claim(e.line("logit \"am\"  = 1,310*0,2 + 1,095*0,1 = 0,372"), "cross logit am (final, 0.3715 from rounded operands)",
        ["0,372"], [dot(oc, vam)], cause="drift")
e.claim(e.line("logit \"the\" = 1,310*0,9 + 1,095*0,2 = 1,398"), "cross logit the", ["1,398"], [dot(oc, vthe)])

# ---- 5. d = 512 ------------------------------------------------------------------------------------------
e.claim(e.line("tiap bin masuk : vektor 256 (128 TX + 128 SBP)"), "256 features", ["256"], [128 + 128])
e.claim(e.line("tiap *head* memegang 512 / 8 = 64"), "head dim", ["64"], [R(512, 8)])
e.done()
