# Expected verdicts for pt-basic-michelpafreitas-academia-atencao-a-mao.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs as printed: q2 = (1, 0); k1 = (1, 0), v1 = (10, 0); k2 = (0, 1), v2 = (0, 10); no scaling in the hand example.
# Scores (1, 0); exact weights (e, 1)/(e + 1) = 0.731059, 0.268941; exact output (7.31059, 2.68941).
# The output line writes its arithmetic on the two-place weights: 0.73·[10, 0] + 0.27·[0, 10] = [7.3, 2.7].  That is
# right as written from the rounded operands and also the correct one-place rounding of the exact output, so the
# line stays ok with an ambiguous note (precedent: explicit arithmetic on rounded operands written as such).
# Gradient: z = 6, loss 16, dloss/dz = -8, dz/dw = 2, dloss/dw = -16.  Top-p: 0.55 + 0.30 = 0.85, + 0.10 = 0.95.
# Cost: (2n)^2 / n^2 = 4, (10n)^2 / n^2 = 100; KV cache is linear, 10x -> 10x.  "strawberry" has 10 letters.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="pt", topics=["basic", "softmax", "output", "cost"])

# --- 6.1 gradient of a one-weight model ---
L = e.line("loss = `(z − alvo)²`")
e.given(L, "z = w·x, loss = (z - target)^2, x = 2, w = 3, target = 10")
x, w, alvo = 2, 3, 10
z = w * x
L = e.line("z = 3·2 = 6")
e.claim(L, "z = w·x and the loss (z - target)^2", ["6", "16"], [z, (z - alvo) ** 2])
L = e.line("dloss/dz = 2·(6−10)")
e.claim(L, "dloss/dz = 2(z - target)", ["−8"], [2 * (z - alvo)])
L = e.line("dz/dw = x = 2")
e.claim(L, "dz/dw = x", ["2"], [x])
L = e.line("dloss/dw = −8 · 2")
e.claim(L, "chain rule dloss/dw", ["−16"], [2 * (z - alvo) * x])

# --- 6.2 tokens ---
L = e.line("vocabulário de 50k–200k")
e.given(L, "BPE vocabulary of 50k-200k entries (reported)")
L = e.line("~20–30% mais tokens")
e.given(L, "Portuguese uses ~20-30% more tokens than English (reported)")
L = e.line("não vê 10 letras")
e.claim(L, "letters in 'strawberry'", ["10"], [len("strawberry")])
e.given(L, "1 to 3 tokens; 12345 + 6789 as an example (reported)")

# --- 6.4 attention by hand ---
q2 = M([[1, 0]])
K = M([[1, 0], [0, 1]])
V = M([[10, 0], [0, 10]])
scores = q2 * K.T
wts = softmax_rows(scores)
out = wts * V
e.given(e.line("q2 = [1, 0]                        (a query"), "query of token 2")
e.given(e.line("k1 = [1, 0]   v1 = [10, 0]"), "key and value of token 1")
e.given(e.line("k2 = [0, 1]   v2 = [0, 10]"), "key and value of token 2")
L = e.line("scores:   q2·k1")
e.claim(L, "q2·k1", ["1"], [scores[0, 0]])
L = e.line("q2·k2 = 1·0 + 0·1")
e.claim(L, "q2·k2", ["0"], [scores[0, 1]])
L = e.line("softmax([1, 0]) = [e¹, e⁰]")
e.claim(L, "softmax of the scores (1, 0)", ["0.73", "0.27"], list(wts))
L = e.line("saída do token 2 = 0.73")
e.ambiguous(L, "0.73·[10, 0] + 0.27·[0, 10] = [7.3, 2.7] is arithmetic on the two-place weights, written as such; "
               f"the exact output is ({sp.N(out[0, 0], 6)}, {sp.N(out[0, 1], 6)}), which also rounds to [7.3, 2.7]")
e.claim(L, "output of token 2", ["7.3", "2.7"], list(out))
L = e.line("trouxe 73%")
e.claim(L, "share taken from token 1", ["73%"], [wts[0, 0]])

# --- 6.6 top-p ---
L = e.line("top-p = 0.9: gato + cão")
e.given(L, "probabilities gato 0.55, cão 0.30, peixe 0.10, resto 0.05; p = 0.9")
e.claim(L, "cumulative probabilities gato+cão, then + peixe", ["0.85", "0.95"],
        [R("0.55") + R("0.30"), R("0.55") + R("0.30") + R("0.10")])

# --- 6.8 cost ---
n = sp.Symbol("n", positive=True)
L = e.line("dobrar o contexto ≈ 4×")
e.claim(L, "quadratic cost for 2x and 10x context", ["4", "100"],
        [sp.simplify((2 * n) ** 2 / n ** 2), sp.simplify((10 * n) ** 2 / n ** 2)])
L = e.line("contexto 10× maior ≈ 10×")
e.claim(L, "linear KV cache for 10x context", ["10", "10"], [10, sp.simplify(10 * n / n)])

# --- NumPy check ---
e.given(e.line("q2 = np.array([1.0, 0.0])"), "query in NumPy")
e.given(e.line("K  = np.array("), "keys in NumPy")
e.given(e.line("V  = np.array("), "values in NumPy")
L = e.line("scores = K @ q2")
e.claim(L, "scores in NumPy", ["1", "0"], list(scores))
L = e.line("# Esperado: pesos=")
e.claim(L, "expected printout: weights rounded to 2 places, output to 1", ["0.73", "0.27", "7.3", "2.7"],
        list(wts) + list(out))

# --- review ---
L = e.line("Com scores softmax([1, 0])")
e.claim(L, "softmax(1, 0) restated", ["0.73", "0.27"], list(wts))
L = e.line("2× contexto ≈ 4× comparações")
e.claim(L, "quadratic cost restated", ["4", "100"], [4, 100])
e.done()
