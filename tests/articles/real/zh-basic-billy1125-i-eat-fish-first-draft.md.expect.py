# Expected verdicts for zh-basic-billy1125-i-eat-fish-first-draft.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: English embeddings I = [1, 0], eat = [0, 1], fish = [1, 1]; W^K = W^V = I so K_en = V_en = X_en;
# decoder queries Q_我 = [1, 0], Q_吃 = [0, 1], Q_魚 = [1, 1]; d_k = 2 (scaled by sqrt 2).
# Exact (a = e^{1/sqrt2} = 2.028115, b = e^{sqrt2} = 4.113250):
#   A_我 = [a, 1, a]/(2a + 1) = [0.401112, 0.197776, 0.401112]; O_我 = [0.802224, 0.598888];
#   A_吃 = [0.197776, 0.401112, 0.401112];                        O_吃 = [0.598888, 0.802224];
#   A_魚 = [a, a, b]/(2a + b) = [0.248255, 0.248255, 0.503490];   O_魚 = [0.751745, 0.751745].
# This is the first published version of the chapter (commit 030e4b0); the author later corrected it.
# Wrong lines:
# - the softmax of [0.707, 0, 0.707] printed [0.42, 0.16, 0.42] (slip; exactly [0.40, 0.20, 0.40]); the same wrong
#   weights for 吃, [0.16, 0.42, 0.42] (slip); softmax([0.707, 0.707, 1.414]) printed [0.27, 0.27, 0.46] (slip;
#   exactly [0.25, 0.25, 0.50]).
# - every line that reuses those weights is carried: the weighted sums O_我 = [0.84, 0.58] (exact [0.80, 0.60]),
#   O_吃 = [0.58, 0.84], O_魚 = [0.73, 0.73] (exact [0.75, 0.75]), "46%", and the summary table's 0.42 / 0.42 / 0.46.
# The dot-product tables, 1.414 and the scaled scores 0.707 / 1.414 are right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="zh", topics=["basic", "cross-attention", "scaling", "softmax", "weighted-sum", "markdown-table", "latex-bmatrix"])

X = M([["1", "0"], ["0", "1"], ["1", "1"]])       # K_en = V_en = X_en
Q = M([["1", "0"], ["0", "1"], ["1", "1"]])       # Q_我, Q_吃, Q_魚
S = Q * X.T
SC = S / sp.sqrt(2)
A = softmax_rows(SC)
O = A * X
r2 = sp.sqrt(2)

# ---- inputs
for tok in ("| I      | $[1, 0]$", "| eat    | $[0, 1]$", "| fish   | $[1, 1]$"):
    e.given(e.line(tok), "English embedding " + tok.split("|")[1].strip())
e.given(e.line(r"X_{\text{en}} = \begin{bmatrix}"), "X_en")
e.given(e.line(r"K_{\text{en}} = X_{\text{en}} ="), "K_en = X_en (W^K = I)")
e.given(e.line(r"V_{\text{en}} = \begin{bmatrix}"), "V_en = X_en (W^V = I)")
e.given(e.line(r"Q_{\text{我}} = [1, 0]"), "query 我")
e.given(e.line(r"Q_{\text{吃}} = [0, 1]"), "query 吃")
e.given(e.line(r"Q_{\text{魚}} = [1, 1]"), "query 魚")

# ---- dot-product tables
rows = {"我": 0, "吃": 1, "魚": 2}
for q, i in rows.items():
    for j, k in enumerate(("I", "eat", "fish")):
        L = e.line(f"| $Q_{{{q}}} \\cdot K_{{{k}}}$")
        cells = [c.strip().strip("*") for c in e.lines[L - 1].split("|")[1:4]]
        e.claim(L, f"score {q}·{k}", [cells[2]], [S[i, j]])

# ---- 我
L = e.line(r"除以 $\sqrt{2} \approx 1.414$")
e.claim(L, "sqrt(2)", ["1.414"], [r2])
L = e.line(r"A_{\text{我}} = \text{softmax}([0.707, 0, 0.707])")
e.claim(L, "scaled scores of 我", ["0.707", "0", "0.707"], list(SC.row(0)))
e.claim(L, "softmax of 我 (exactly [0.4011, 0.1978, 0.4011])", ["0.42", "0.16", "0.42"], list(A.row(0)))
L = e.line(r"O_{\text{我}} = 0.42 \times [1,0]")
e.claim(L, "weights of 我 restated", ["0.42", "0.16", "0.42"], list(A.row(0)), cause="carried")
e.claim(L, "output of 我 (0.42 + 0.42, 0.16 + 0.42 from the wrong weights)", ["0.84", "0.58"], list(O.row(0)), cause="carried")

# ---- 吃
e.claim(e.line(r"A_{\text{吃}} \approx [0.16, 0.42, 0.42]"), "softmax of 吃 (exactly [0.1978, 0.4011, 0.4011])",
        ["0.16", "0.42", "0.42"], list(A.row(1)))
L = e.line(r"O_{\text{吃}} = 0.16 \times [1,0]")
e.claim(L, "weights of 吃 restated", ["0.16", "0.42", "0.42"], list(A.row(1)), cause="carried")
e.claim(L, "output of 吃", ["0.58", "0.84"], list(O.row(1)), cause="carried")

# ---- 魚
L = e.line(r"A_{\text{魚}} = \text{softmax}([0.707, 0.707, 1.414])")
e.claim(L, "scaled scores of 魚", ["0.707", "0.707", "1.414"], list(SC.row(2)))
e.claim(L, "softmax of 魚 (exactly [0.2483, 0.2483, 0.5035])", ["0.27", "0.27", "0.46"], list(A.row(2)))
e.claim(e.line("46% 的注意力落在 `fish`"), "weight of fish for 魚 in percent", ["46%"], [A[2, 2]], cause="carried")
L = e.line(r"O_{\text{魚}} = 0.27 \times [1,0]")
e.claim(L, "weights of 魚 restated", ["0.27", "0.27", "0.46"], list(A.row(2)), cause="carried")
e.claim(L, "output of 魚", ["0.73", "0.73"], list(O.row(2)), cause="carried")

# ---- summary table
for step, (q, vec, w, i, j) in enumerate((("我", "$[1, 0]$", "0.42", 0, 0), ("吃", "$[0, 1]$", "0.42", 1, 1),
                                          ("魚", "$[1, 1]$", "0.46", 2, 2)), start=1):
    L = e.line(f"| {step}        | {vec}")
    e.given(L, f"query of step {step} restated")
    e.claim(L, f"largest weight of step {step}", [w], [A[i, j]], cause="carried")
e.done()
