# Expected verdicts for tr-basic-nacianil-dikkat-yuz-elle-hesap.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs as printed: keys serin (2,0,0,1), denizde (5,0,0,1), yüz (1,1,1,1), cebimde (0,2,0,1), lira (0,5,0,1);
# values (1,0), (2,0), (1,1), (0,1), (0,2); query of "yüz" = (1,1,0,0); d_k = 4 (divide by 2).
# Exact weights (e, e^2.5, e) / (2e + e^2.5) = 0.154283, 0.691434, 0.154283; output (1.691434, 0.154283).
# The article writes two explicit computations on its own rounded weights and says so itself:
#   "0,154 + 0,691 + 0,154 = 0,999" (exact sum 1) and "0,154 + 1,382 + 0,154 = 1,690" (exact 1.691434, which the
#   same sentence then gives as 1,691).  Both are right as written from the rounded operands -> recorded as ambiguous
#   notes; every other number on those lines agrees, so the lines stay ok.
# Masked second sentence (lira hidden): weights 1/2, 1/2, 0 -> output (1/2, 1).  Unscaled softmax(2, 5, 2) =
# (0.045278, 0.909443, 0.045278).  BLEU differences 21.50 - 13.93 = 7.57 and 26.75 - 17.82 = 8.93 are exact.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="tr", topics=["basic", "softmax", "scaling", "mask", "output"])

keys = {"serin": M([[2, 0, 0, 1]]), "denizde": M([[5, 0, 0, 1]]), "yüz": M([[1, 1, 1, 1]]),
        "cebimde": M([[0, 2, 0, 1]]), "lira": M([[0, 5, 0, 1]])}
vals = {"serin": M([[1, 0]]), "denizde": M([[2, 0]]), "yüz": M([[1, 1]]),
        "cebimde": M([[0, 1]]), "lira": M([[0, 2]])}
q = M([[1, 1, 0, 0]])
s1 = ["serin", "denizde", "yüz"]
s2 = ["cebimde", "yüz", "lira"]


def attend(tokens, scale=True, mask=None):
    sc = M([[(q * keys[t].T)[0, 0] for t in tokens]])
    if scale:
        sc = sc / sp.sqrt(4)
    if mask is not None:
        keep = [i for i in range(len(tokens)) if i not in mask]
        sub = softmax_rows(M([[sc[0, i] for i in keep]]))
        w = M([[sub[0, keep.index(i)] if i in keep else 0 for i in range(len(tokens))]])
    else:
        w = softmax_rows(sc)
    out = sum((w[0, i] * vals[t] for i, t in enumerate(tokens)), sp.zeros(1, 2))
    return sc, w, out


raw1 = [(q * keys[t].T)[0, 0] for t in s1]
raw2 = [(q * keys[t].T)[0, 0] for t in s2]
sc1, w1, o1 = attend(s1)
sc2, w2, o2 = attend(s2)
_, wm, om = attend(s2, mask=[2])
_, wu, _ = attend(s1, scale=False)

# --- history section: BLEU figures (given) and the two differences ---
L = e.line("13,93 BLEU'dan 21,50")
e.given(L, "BLEU 13.93 -> 21.50 and 17.82 -> 26.75 (reported)")
e.claim(L, "BLEU gains 21.50 - 13.93 and 26.75 - 17.82", ["7,57", "8,93"],
        [R("21.50") - R("13.93"), R("26.75") - R("17.82")])
e.given(e.line("33,30 alırken"), "BLEU 33.30, 28.45, 36.15, 35.63 (reported)")

# --- softmax intro ---
L = e.line("skorlar 1 ve 2,5 ise")
e.given(L, "scores 1 and 2.5")
e.claim(L, "e^1, e^2.5, difference 1.5, ratio e^1.5", ["2,7183", "12,1825", "1,5", "4,5"],
        [sp.E, sp.exp(R(5, 2)), R(5, 2) - 1, sp.exp(R(3, 2))])

# --- the table and the query ---
for t in s1 + ["cebimde", "lira"]:
    e.given(e.line(f"| {t} | ("), f"key and value of {t}")
e.given(e.line("Sorguyu (1, 1, 0, 0) alalım"), "query of yüz")

# step 1: dot products
L = e.line("Adım 1, nokta çarpımlar")
e.claim(L, "q·k for serin, denizde, yüz; then cebimde, yüz, lira", ["2", "5", "2", "2", "2", "5"], raw1 + raw2)

# step 2: scaling
L = e.line("Adım 2, ölçekleme")
e.claim(L, "sqrt(4) and the scaled scores of both sentences", ["2", "1", "2,5", "1", "1", "1", "2,5"],
        [sp.sqrt(4)] + list(sc1) + list(sc2))

# step 3: softmax
L = e.line("Adım 3, softmax")
e.ambiguous(L, "0,154 + 0,691 + 0,154 = 0,999 is the sum of the three-place rounded weights, as the sentence says; "
               "the exact weights sum to 1")
den = 2 * sp.E + sp.exp(R(5, 2))
e.claim(L, "e^1, e^2.5 and their sum 2e + e^2.5", ["2,7183", "12,1825", "17,6191"], [sp.E, sp.exp(R(5, 2)), den])
e.claim(L, "weights sentence 1 (serin, denizde, yüz)", ["0,154", "0,691", "0,154"], list(w1))
e.claim(L, "weights sentence 2 (cebimde, yüz, lira)", ["0,154", "0,154", "0,691"], list(w2))

# step 4: weighted average
L = e.line("Adım 4, değerlerin ağırlıklı ortalaması")
e.ambiguous(L, "0,154 + 1,382 + 0,154 = 1,690 is arithmetic on the rounded weights (0,691×2 = 1,382), flagged as "
               f"such in the sentence; the exact action component is {sp.N(o1[0], 7)}, printed next as 1,691")
e.claim(L, "sentence 1 output (action, amount)", ["1,691", "0,154"], list(o1))
e.claim(L, "sentence 2 output (action, amount)", ["0,154", "1,691"], list(o2))

L = e.line("Bu dört adımın toplu adı")
e.claim(L, "outputs restated", ["1,691", "0,154"], [o1[0], o1[1]])

# masking: lira hidden in sentence 2
L = e.line("İkinci cümlede \"lira\"yı kapatırsak")
e.claim(L, "masked weights", ["0,500", "0,500", "0"], list(wm))
e.claim(L, "masked output", ["0,500", "1,000"], list(om))

# why divide by sqrt(d_k)
L = e.line("Aynı skorları (2 · 5 · 2)")
e.claim(L, "unscaled scores restated", ["2", "5", "2"], raw1)
e.claim(L, "softmax of the unscaled scores", ["0,045", "0,909", "0,045"], list(wu))
e.given(L, "d_k = 64 in the base model; 128 in large GPT-3 (reported)")
e.claim(L, "sqrt(64)", ["8"], [sp.sqrt(64)])

# permutation check: "denizde serin yüz"
L = e.line("denizde serin yüz")
perm = ["denizde", "serin", "yüz"]
sp_, wp, op = attend(perm)
e.claim(L, "scores after swapping serin and denizde", ["5", "2", "2"], [(q * keys[t].T)[0, 0] for t in perm])
e.claim(L, "weights after the swap", ["0,691", "0,154", "0,154"], list(wp))
e.claim(L, "output of yüz after the swap", ["1,691", "0,154"], list(op))
e.done()
