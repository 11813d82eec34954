# Expected verdicts for zh-kv-zerotosglang-cache-lifecycle.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: X = [[1,0,1,0],[0,1,1,0],[1,1,0,1]], W_Q = W_K = W_V = I, d_h = 4, causal mask (-inf above the diagonal).
# - S = X Xᵀ / 2 + M = [[1,-∞,-∞],[1/2,1,-∞],[1/2,1/2,3/2]]: all printed entries ok.
# - A = softmax(S): row 2 = [1/(1+e^{1/2}), e^{1/2}/(1+e^{1/2})] = [0.3775, 0.6225] -> 0.378, 0.622 ok;
#   row 3 = [1/(2+e), 1/(2+e), e/(2+e)] = [0.2119, 0.2119, 0.5761] -> 0.212, 0.212, 0.576 ok.
# - O = A X: row 2 = [0.3775, 0.6225, 1, 0], row 3 = [0.7881, 0.7881, 0.4239, 0.5761] -> all printed ok.
# - Probability table and x_4, K_{1:4} (X plus x_4 appended) are given.
# - KV sizes with L = 36, n_kv = 8, d_h = 128, 2 bytes: 147,456 B per token.  The article's "MB"/"GB" are binary
#   (MiB/GiB) throughout (14.06 and 7.45 only hold that way), judged under either reading:
#   T = 100: 14,745,600 B ok, 14.0625 MiB -> "14.06" ok;  one token 0.140625 MiB -> "0.141" ok;
#   T = 101: 14,893,056 B = 14.2031 MiB -> "14.20" ok;
#   T = 300: 44,236,800 B = 42.1875 MiB -> 42.19 (44.24 MB decimal); printed "42.18" is the truncation -> wrong (slip).
#   4K = 4096 tokens: 0.5625 GiB -> "0.56" ok;  32K: 4.5 GiB -> "4.50" ok;  8 × 32K: 36 GiB -> "36" ok.
#   Weights 2 × 4×10^9 B = 7.4506 GiB -> "7.45" ok.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="zh", topics=["basic", "causal-mask", "kv-cache", "memory"])

X = M([[1, 0, 1, 0], [0, 1, 1, 0], [1, 1, 0, 1]])
S_fin = X * X.T / 2
A = sp.zeros(3, 3)
for i in range(3):
    den = sum(sp.exp(S_fin[i, k]) for k in range(i + 1))
    for j in range(i + 1):
        A[i, j] = sp.exp(S_fin[i, j]) / den
O = A * X

for lab in ("- Token 1（“I”）： $[1, 0, 1, 0]$", "- Token 2（“love”）： $[0, 1, 1, 0]$", "- Token 3（“AI”）： $[1, 1, 0, 1]$"):
    e.given(e.line(lab), "token embedding")
x0 = e.line("X=")
for k, lab in enumerate(("1 & 0 & 1 & 0 \\\\", "0 & 1 & 1 & 0 \\\\", "1 & 1 & 0 & 1")):
    e.given(e.line(lab, after=x0), f"X row {k + 1}")
e.given(e.line("这里 $d_h=4$"), "d_h = 4, causal mask")

s0 = e.line("S=", nth=2)
rows = [("1 & -\\infty & -\\infty", ["1"], [S_fin[0, 0]]),
        ("0.5 & 1 & -\\infty", ["0.5", "1"], [S_fin[1, 0], S_fin[1, 1]]),
        ("0.5 & 0.5 & 1.5", [["0.5", "0.5"], "1.5"], [[S_fin[2, 0], S_fin[2, 1]], S_fin[2, 2]])]
for k, (lab, pr, ex) in enumerate(rows):
    L = e.line(lab, after=s0)
    e.claim(L, f"S row {k + 1} (unmasked entries; the rest -inf)", pr, ex)

a0 = e.line("A=\\text{softmax}(S)=")
e.claim(e.line("1 & 0 & 0 \\\\", after=a0), "A row 1", ["1", "0"], [A[0, 0], A[0, 1]])
e.claim(e.line("0.378 & 0.622 & 0", after=a0), "A row 2", ["0.378", "0.622", "0"], [A[1, 0], A[1, 1], A[1, 2]])
e.claim(e.line("0.212 & 0.212 & 0.576", after=a0), "A row 3", [["0.212", "0.212"], "0.576"],
        [[A[2, 0], A[2, 1]], A[2, 2]])

o0 = e.line("O=A V=")
e.claim(e.line("1 & 0 & 1 & 0 \\\\", after=o0), "O row 1", [["1", "1"], ["0", "0"]], [[O[0, 0], O[0, 2]], [O[0, 1], O[0, 3]]])
e.claim(e.line("0.378 & 0.622 & 1 & 0", after=o0), "O row 2", ["0.378", "0.622", "1", "0"], list(O.row(1)))
e.claim(e.line("0.788 & 0.788 & 0.424 & 0.576", after=o0), "O row 3", [["0.788", "0.788"], "0.424", "0.576"],
        [[O[2, 0], O[2, 1]], O[2, 2], O[2, 3]])

for lab in ("| are | 0.05 |", "| great | 0.08 |", "| models | 0.12 |", "| very | 0.63 |"):
    e.given(e.line(lab), "assumed LM-head probability")
e.given(e.line("\\begin{bmatrix} 0.82 & 0.726 & 0.548 & 0 \\end{bmatrix}"), "x_4 embedding")
k0 = e.line("K_{1:4}=")
for k, lab in enumerate(("1 & 0 & 1 & 0 \\\\", "0 & 1 & 1 & 0 \\\\", "1 & 1 & 0 & 1 \\\\", "0.82 & 0.726 & 0.548 & 0")):
    e.given(e.line(lab, after=k0), f"K_{{1:4}} row {k + 1} (cache rows)")
e.given(e.line("$L=36$"), "Qwen3-4B: L = 36, n_kv = 8, d_h = 128, bf16")

per_tok = 2 * 36 * 8 * 128 * 2


def size(n, unit):
    b = {"M": (10**6, 2**20), "G": (10**9, 2**30)}[unit]
    return [(f"binary {unit}iB", sp.Integer(n) / b[1]), (f"decimal {unit}B", sp.Integer(n) / b[0])]


L = e.line("\\mathrm{Size_{prefill}}")
assert "14{,}745{,}600" in e.lines[L - 1]
ent = e._entry(L)
ent["claims"].append({"what": "2 × 36 × 100 × 8 × 128 × 2 bytes (printed 14{,}745{,}600)", "printed": ["14{,}745{,}600"]})
assert int("14{,}745{,}600".replace("{,}", "")) == 100 * per_tok
ent["verdict"] = "ok"
number_claim(e, L, "prefill cache in MB (14,745,600 B)", "14.06", size(100 * per_tok, "M"))
number_claim(e, e.line("\\mathrm{Size_{new}}"), "one token in MB (147,456 B)", "0.141", size(per_tok, "M"))
number_claim(e, e.line("\\mathrm{Size_{one}}"), "101 tokens in MB (14,893,056 B)", "14.20", size(101 * per_tok, "M"))
number_claim(e, e.line("\\mathrm{Size_{total}}"), "300 tokens in MB (44,236,800 B = 42.1875 MiB; 42.18 truncates)",
             "42.18", size(300 * per_tok, "M"))
L = e.line("单个请求从 4K 涨到 32K")
number_claim(e, L, "4K = 4096 tokens in GB", "0.56", size(4096 * per_tok, "G"))
number_claim(e, L, "32K = 32768 tokens in GB", "4.50", size(32768 * per_tok, "G"))
number_claim(e, L, "8 requests × 32768 tokens in GB", "36", size(8 * 32768 * per_tok, "G"))
number_claim(e, e.line("\\text{weight} = 2 \\times 4 \\times 10^{9}"), "2 × 4e9 bytes in GB", "7.45",
             size(8 * 10**9, "G"))
e.done()
