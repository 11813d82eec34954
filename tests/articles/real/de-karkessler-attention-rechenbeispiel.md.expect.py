# Expected verdicts for de-karkessler-attention-rechenbeispiel.md, computed with plain SymPy (see oracle.py); not symattn's code.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="de", topics=["basic", "output", "code"])
# inputs (as printed): rows of X, W_Q = I, W_K = W_V = 0.5 I, d = 4
X = M([["2", "0", "1", "1"],     # Paris
       ["0", "2", "0", "1"],     # ist
       ["1", "1", "0", "0"],     # die
       ["0", "1", "3", "1"],     # Hauptstadt
       ["1", "2", "1", "0"]])    # von
for tok in ['"Paris":', '"ist":', '"die":', '"Hauptstadt":', '"von":']:
    e.given(e.line(tok), f"x {tok}")
e.given(e.line(r"$W_K = W_V = 0.5\,I$"), "W_K = W_V = 0.5 I")
e.given(e.line("Wk = 0.5"), "W_K = 0.5 I")
e.given(e.line("Wv = 0.5"), "W_V = 0.5 I")
e.given(e.line("d = 4"), "d")
d = 4
WQ = sp.eye(4)
WK = WV = R(1, 2) * sp.eye(4)

q = X.row(4) * WQ                       # only the focus token "von" queries
Kc = X[:4, :] * WK                      # keys of Paris, ist, die, Hauptstadt
Vc = X[:4, :] * WV
scores = (q * Kc.T) / sp.sqrt(d)
alpha = softmax_rows(scores)
out = alpha * Vc                        # 1 x 4

e.claim(e.line(r"d=4,\ \sqrt{d}=2"), "sqrt(d)", "2", sp.sqrt(d))
e.claim(e.line("Folie (gerundet)"), "output for 'von' (slide)", ["0.304", "0.529", "0.603", "0.339"], out)
e.claim(e.line("expected = np.array"), "output for 'von' (slide, in code)", ["0.304", "0.529", "0.603", "0.339"], out,
        cause="carried")
e.claim(e.line("d=4 -> sqrt(d)=2"), "sqrt(d)", "2", sp.sqrt(d))
e.done()
