# Expected verdicts for tr-cemalyuksel-dikkat-adim-adim.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Convention stated in the article: Q = K = V = the embeddings, query "çekti", scores = Q·K with no 1/sqrt(d_k).
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="tr", topics=["basic", "printed-output", "softmax", "percent"])
NUM = re.compile(r"(?<![\w.])\d+(?:\.\d+)?%?")


def nums(ln, after=None):
    t = e.lines[ln - 1]
    if after:
        t = t[t.index(after) + len(after):]
    return NUM.findall(t)


words = ["Ali", "bankadan", "kredi", "çekti"]
E = M([["0.8", "0.2", "0.1", "0.3"], ["0.2", "0.9", "0.8", "0.1"],
       ["0.1", "0.8", "0.9", "0.2"], ["0.3", "0.6", "0.7", "0.5"]])
for w in words:
    e.given(e.line(f"'{w}':"), f"embedding {w}")
    e.given(e.line(f"{w:12} → ["), f"embedding {w} (printed)")
    e.given(e.line(f"({w:10}): ["), f"K row {w} (printed)")
e.given(e.line("🔍 Q (çekti):"), "Q = embedding of çekti")
q = E.row(3)
s = E * q.T                                   # 4 x 1, no scaling
a = softmax_rows(s.T)                         # 1 x 4
out = a * E

for i, w in enumerate(words):
    L = e.line(f"{w:12} | Puan:")
    e.claim(L, f"score {w}", nums(L, "Puan:"), [s[i]])
L = e.line("📊 Ham puanlar:")
e.claim(L, "raw scores", nums(L, ":"), s)
for i, w in enumerate(words):
    L = e.line(f"{w:12} | Ham:")
    n = nums(L, "Ham:")
    e.claim(L, f"score {w} (restated)", n[0], s[i])
    e.claim(L, f"weight {w}", n[1], a[i])
    e.claim(L, f"weight {w} in percent", n[2], a[i])
L = e.line("Ağırlıklar toplamı:")
e.claim(L, "sum of weights", nums(L, ":")[0], sum(a))
e.given(L, "1.00 is the stated target, not a result")
for i, w in enumerate(words):
    L = e.line(f"{w:12} | Ağırlık:")
    n = nums(L, "Ağırlık:")
    e.claim(L, f"weight {w} (restated)", n[0], a[i])
    e.given(L, f"value {w} (restated input)")
    e.claim(L, f"contribution {w}", n[5:9], a[i] * E.row(i))
L = e.line("🎯 Sonuç (Attention Output):")
e.claim(L, "output for çekti", nums(L, ":"), out)

# second cell: softmax of given scores
sc = [R("1.2"), R("3.8"), R("3.5"), R("0.5")]
e.given(e.line("scores = np.array([1.2, 3.8, 3.5, 0.5])"), "scores")
ex = [sp.exp(v) for v in sc]
tot = sum(ex)
for i, w in enumerate(words):
    e.given(e.line(f"{w:12} → {['1.20', '3.80', '3.50', '0.50'][i]}"), f"score {w} (printed)")
    L = e.line(f"{w:12} → e^")
    e.claim(L, f"e^score {w}", nums(L, "=")[0], ex[i])
L = e.line("Toplam = 3.3201 +")
e.claim(L, "restated exponentials", nums(L, "="), ex)
L = e.line("Toplam = 82.7855")
e.claim(L, "sum of exponentials", "82.7855", tot)
for i, w in enumerate(words):
    L = e.line(f"{w:12} → ", after=e.line("NORMALİZASYON"))
    n = nums(L, "→")
    e.claim(L, f"restated e^ {w}", n[0], ex[i])
    e.claim(L, "restated sum", n[1], tot)
    e.claim(L, f"softmax {w}", n[2], ex[i] / tot)
    e.claim(L, f"softmax {w} in percent", n[3], ex[i] / tot)
L = e.line("Toplam = 1.000000")
e.claim(L, "sum of softmax", "1.000000", sum(ex) / tot)
e.given(L, "1.00 is the stated target")
L = e.line("'[1.2, 3.8, 3.5, 0.5]'")
e.given(L, "scores (figure label); the other numbers are plot coordinates")
L = e.line("'[3.3, 44.7, 33.1, 1.6]'")
e.claim(L, "exponentials (figure label)", ["3.3", "44.7", "33.1", "1.6"], ex)
L = e.line("'[0.04, 0.54, 0.40, 0.02]'")
e.claim(L, "softmax (figure label)", ["0.04", "0.54", "0.40", "0.02"], [v / tot for v in ex])
e.done()
