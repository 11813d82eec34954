# Expected verdicts for en-mha-mukul2000-toy-inference-engine-shapes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Obsidian/LaTeX notes that walk multi-head self-attention through tensor shapes: X is (4, 32, 512), 8 heads of
# head_dim 64 (standard MHA) or N_q = 8 query heads with N_kv = 2 key/value heads (GQA).  The derived numbers are
# products and quotients of those inputs: 8 * 64 = 512 for W_q (in plain maths and inside a bmatrix \underbrace
# subscript), 2 * 64 = 128 for W_k, W_v and for the GQA K, V widths, 512 / 8 = 64 per head, 8 / 2 = 4 query heads per
# KV head, sqrt(64) = 8, 8 x 64 = 512 for the concatenated heads, and for the complexity paragraph 1024/512 = 2,
# 2^2 = 4, 512^2 = 262,144 and 1024^2 = 1,048,576 (thousands commas).  The 95% / 90% / 85% head scores are
# illustrative, not derived.  Every derived number is right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, number_claim

e = Expect(__file__, language="en", topics=["mha", "gqa", "complexity", "latex", "bmatrix", "shapes"])

H, Nq, Nkv, dh, T, B = 512, 8, 2, 64, 32, 4

e.given(e.line("- **Shape of $X$:** `(4, 32, 512)`"), "X shape (B, T, H) = (4, 32, 512)")
L = e.line("$W_q, W_k, W_v$ all have shape: $(H, N_q * head_{dim}) = (512, 8 * 64) = (512, 512)$")
e.claim(L, "N_q * head_dim", ["512"], [Nq * dh])
L = e.line("- $W_q$ shape: `(512, 8 * 64)` = **`(512, 512)`**")
e.claim(L, "GQA W_q width 8 * 64", ["512"], [Nq * dh])
L = e.line("- $W_k, W_v$ shapes: `(512, 2 * 64)` = **`(512, 128)`**")
e.claim(L, "GQA W_k, W_v width 2 * 64", ["128"], [Nkv * dh])
L = e.line("each } W_q^{(i)} \\text{ is } (512, 64) \\implies \\text{each } Q_i \\text{ is } (4, 32, 64)")
e.claim(L, "per-head width H / N_q", ["64"], [R(H, Nq)])
L = e.line("- $K$: `(4, 32, 128)` ($2 \\times 64$)")
e.claim(L, "GQA K width", ["128"], [Nkv * dh])
L = e.line("- $V$: `(4, 32, 128)` ($2 \\times 64$)")
e.claim(L, "GQA V width", ["128"], [Nkv * dh])
L = e.line("}}_{(512,\\; 8 \\times 64) \\;=\\; (512,\\; 512)}$$")
e.claim(L, "concatenated W_q width in the bmatrix underbrace", ["512"], [Nq * dh])
L = e.line("_(GQA example: $K$, $V$ go `(4, 32, 128)` → `(4, 32, 2, 64)`.)_")
e.claim(L, "GQA K/V split 128 / 2", ["64"], [R(Nkv * dh, Nkv)])
L = e.line("Each KV head is shared by a group of 4 query heads")
e.claim(L, "query heads per KV head N_q / N_kv", ["4"], [R(Nq, Nkv)])
L = e.line("($\\sqrt{64} = 8$)")
e.claim(L, "sqrt(head_dim)", ["8"], [sp.sqrt(dh)])
L = e.line("($8 \\times 64 = 512$)")
e.claim(L, "concatenated width", ["512"], [Nq * dh])
L = e.line("Concatenated Vector (8 * 64 = 512 dims)")
e.claim(L, "concatenated width (diagram)", ["512"], [Nq * dh])
e.given(e.line("(`95%` score)"), "illustrative head score")
e.given(e.line("(`90%` score)"), "illustrative head score")
e.given(e.line("(`85%` score)"), "illustrative head score")

L = e.line("Doubling the context from **512 to 1024**")
e.claim(L, "length ratio", ["2"], [R(1024, 512)])
e.claim(L, "growth of the T x T matrix", ["4"], [R(1024, 512) ** 2])
number_claim(e, L, "512^2 elements", "262,144", R(512) ** 2)
number_claim(e, L, "1024^2 elements", "1,048,576", R(1024) ** 2)
e.done()
