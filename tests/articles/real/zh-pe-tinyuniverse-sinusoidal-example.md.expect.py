# Expected verdicts for zh-pe-tinyuniverse-sinusoidal-example.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: x = [[0.1,0.2,0.3,0.4],[0.2,0.3,0.4,0.5],[0.3,0.4,0.5,0.6],[0.4,0.5,0.6,0.7]] (pos 0..3), d_model = 4,
# PE(pos,2i) = sin(pos/10000^{2i/4}), PE(pos,2i+1) = cos(pos/10000^{2i/4}): denominators 1 and 10000^{1/2} = 100,
# exactly as the middle matrix writes them.
# - x + PE, one line:
#   row 0 = [0.1, 1.2, 0.3, 1.4] ok;
#   row 1 = [0.2+sin 1, 0.3+cos 1, 0.4+sin 0.01, 0.5+cos 0.01] = [1.04147, 0.84030, 0.41000, 1.49995]:
#     1.041, 0.84, 0.41 ok; "1.49" wrong (1.49995 rounds to 1.50; truncated) (slip);
#   row 2 = [1.20930, -0.01615, 0.51999, 1.59980]: 1.209, -0.016, 0.52 ok; "1.59" wrong (1.60; truncated) (slip);
#   row 3 = [0.54112, -0.48999, 0.62999, 1.69996]: 0.541 ok; "-0.489" wrong (-0.490; truncated);
#     "0.895" wrong (0.630; 0.6 + sin 0.3 = 0.89552 is the n = 100 value of the code below, itself 0.896 at 3 places);
#     "1.655" wrong (1.700; 0.7 + cos 0.3 = 1.65534, again the n = 100 value) (slip).
# - The numpy printout is for the call with n = 100 (denominators 1 and 10): every printed float agrees with
#   sin/cos(k) and sin/cos(k/10), k = 0..3 -> ok.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="zh", topics=["pe", "sinusoidal"])

x = M([["0.1", "0.2", "0.3", "0.4"], ["0.2", "0.3", "0.4", "0.5"], ["0.3", "0.4", "0.5", "0.6"], ["0.4", "0.5", "0.6", "0.7"]])


def pe(n):
    P = sp.zeros(4, 4)
    for k in range(4):
        for i in range(2):
            den = sp.Integer(n) ** R(2 * i, 4)
            P[k, 2 * i] = sp.sin(k / den)
            P[k, 2 * i + 1] = sp.cos(k / den)
    return P


e.given(e.line("PE(pos, 2i) = sin(pos/10000^{2i/d_{model}})"), "sinusoidal PE, even dims")
e.given(e.line("PE(pos, 2i+1) = cos(pos/10000^{2i/d_{model}})"), "sinusoidal PE, odd dims")
e.given(e.line("\\rm x = \\begin{bmatrix}"), "word vectors x, pos 0..3")
L = e.line("\\rm x_{PE} = ")
e.given(L, "PE terms with denominators 10000^0 and 10000^{2/4}")
res = x + pe(10000)
printed = [["0.1", "1.2", "0.3", "1.4"], ["1.041", "0.84", "0.41", "1.49"], ["1.209", "-0.016", "0.52", "1.59"],
           ["0.541", "-0.489", "0.895", "1.655"]]
for k in range(4):
    e.claim(L, f"x + PE row {k} (n = 10000)", printed[k], list(res.row(k)))

P100 = pe(100)
e.given(e.line("P = PositionEncoding(seq_len=4, d_model=4, n=100)"), "numpy call with n = 100")
e.claim(e.line("[[ 0.          1.          0.          1.        ]"), "P row 0 (n = 100)", ["0", "1", "0", "1"],
        list(P100.row(0)))
for k, row in ((1, ["0.84147098", "0.54030231", "0.09983342", "0.99500417"]),
               (2, ["0.90929743", "-0.41614684", "0.19866933", "0.98006658"]),
               (3, ["0.14112001", "-0.9899925", "0.29552021", "0.95533649"])):
    e.claim(e.line(" [ " + row[0]), f"P row {k} (n = 100)", row, list(P100.row(k)))
e.done()
