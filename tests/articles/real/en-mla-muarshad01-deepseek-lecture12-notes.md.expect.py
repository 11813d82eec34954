# Expected verdicts for en-mla-muarshad01-deepseek-lecture12-notes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the toy shapes X(4,8) ("The next day is"), X_bright(1,8), W_Q/W_K/W_V/W_dKV (8,4), W_uK/W_uV (4,4); DeepSeek
# R1/V3: l = 61, b = 1, n_heads = 128, h = 128, s = 128,000 tokens, d_latent = 512, with the notes' own size formulas
# MHA = l·b·s·n_heads·h·2·2 bytes and MLA = l·b·s·d_latent·1·2 bytes.
# - Every shape annotation (result of each product / softmax, the 5-row cache after appending a token) agrees.
# - Reduction 2·128·128/512 = 64 exactly ("≈ 64") agrees; 512 = 2^9 agrees.
# - "400 GB" for the MHA cache: with the stated inputs MHA = 61·1·128000·128·128·4 = 511,705,088,000 bytes
#   = 511.7 GB = 476.6 GiB; 400 is right under neither unit -> wrong (slip; 400 GB would need s ≈ 100,000).
#   "400/64 = 6.25 GB" is right arithmetic on the wrong 400; the MLA cache from the inputs is 61·128000·512·2
#   = 7,995,392,000 bytes = 8.0 GB = 7.45 GiB -> 6.25 is wrong (carried from the 400 on the same line).
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, number_claim

e = Expect(__file__, language="en", topics=["mla", "kv", "shapes", "lecture-notes", "aligned"])
SHAPE = re.compile(r"\((\d+),(\d+)\)")


def product_line(ln, softmax=False):
    """Result shape (first annotation) against the chained product of the operand shapes after '='."""
    text = e.lines[ln - 1]
    shapes = [(int(a), int(b)) for a, b in SHAPE.findall(text)]
    res, ops = shapes[0], shapes[1:]
    if softmax:
        exact = ops[0]
    else:
        r, c = ops[0]
        for (r2, c2) in ops[1:]:
            assert c == r2, (ln, text)  # operand shapes chain (checked here, all agree)
            c = c2
        exact = (r, c)
    e.claim(ln, "result shape", [str(res[0]), str(res[1])], list(exact))


for needle in ("* X(4,8)", "* X(5,8)", "#### New token $X_{bright}(1,8)$"):
    e.given(e.line(needle), "input shape")
for needle in ("$Q(4,4) = X(4,8) \\times W_Q(8,4)$", "$K(4,4) = X(4,8) \\times W_K(8,4)$",
               "$V(4,4) = X(4,8) \\times W_V(8,4)$", "$A^{score}(4,4) = Q(4,4) \\times K^T(4,4)$",
               "$Z(4,4) = A(4,4)^{weight} \\times V(4,4)$",
               "$Q_{bright}(1,4) = X_{bright}(1,8) \\times W_Q(8,4)$", "$K_{bright}(1,4) = X_{bright}(1,8) \\times W_K(8,4)$",
               "$V_{bright}(1,4) = X_{bright}(1,8) \\times W_V(8,4)$",
               "$A_{bright}^{score}(1,5) = Q_{bright}(1,4) \\times K_{bright}^T(4,5)$",
               "$Z_{bright}(1,4) = A_{bright}^{weight}(1,5) \\times V(5,4)$",
               "$Q(5,4) = X(5,8) \\times W_Q(8,4)$", "$K(5,4) = X(5,8) \\times W_K(8,4)$", "$V(5,4) = X(5,8) \\times W_V(8,4)$",
               "$A^{score}(5,5) = Q(5,4) \\times K^T(4,5)$", "$Z(5,4) = A(5,5) \\times V(5,4)$",
               "&= C_{KV}(4,4) = X(4,8) \\times W_{dKV}(8,4)",
               "Q(4,4)      &=X(4,8) \\times W_Q(8,4)", "C_{KV}(4,4) &= X(4,8) \\times W_{dKV}(8,4) ~~~~",
               "K(4,4)      &= C_{KV} \\times W_{uK}", "V(4,4)      &= C_{KV} \\times W_{uV}",
               "* $C_{KV}(4,4) = X(4,8) \\times W_{dKV}(8,4)$",
               "Q_{bright}(1,4) &= X_{bright}(1,8) \\times (W_Q(8,4)\\times W_{uK}^T(4,4))",
               "C_{KV}^{bright}(1,4) &= X_{bright}(1,8) \\times W_{dKV}(8,4)",
               "K(5,4) &= C_{KV}(5,4) \\times W_{uK}(4,4)", "V(5,4) &= C_{KV}(5,4) \\times W_{uV}(4,4)",
               "$A_{bright}(1,5) = Q_{bright}(1,4) \\times K^T(4,5)$",
               "$Z_{bright}(1,4) = A_{bright}(1,5) \\times V(5,4)$"):
    product_line(e.line(needle))
for needle in ("$A^{weight}(4,4) = \\text{softmax}(A^{score}(4,4))$",
               "$A_{bright}^{weight}(1,5) = \\text{softmax}(A_{bright}^{score}(1,5))$",
               "$A^{weight}(5,5) = \\text{softmax}(A^{score}(5,5))$"):
    product_line(e.line(needle), softmax=True)
e.given(e.line("\\text{Latent Matrix} &= C_{KV}(4,4) = X(4,embed-dim)"), "latent matrix with symbolic dims")
e.given(e.line("The new vector is $X^{bright}(1,8)$"), "new token shape")
e.claim(e.line("Append it to the latent cache: $C_{KV}(5,4)$"), "cache after one more token", ["5", "4"], [4 + 1, 4])

l, b, s, nh, h, dl = 61, 1, 128000, 128, 128, 512
mha = l * b * s * nh * h * 2 * 2
mla = l * b * s * dl * 1 * 2
for needle in ("* l : 61", "* b : 1", "* : n_{heads} : 128", "* h : 128", "* s : Context Length : 128,000 tokens"):
    e.given(e.line(needle), "DeepSeek parameter")
e.claim(e.line("Latent/Compressed KV dimension: $512 = 2^{9}$"), "2^9", ["512"], [2 ** 9])
e.given(e.line("embedding dimension of $7,168$"), "embedding dimension (fact)")
e.claim(e.line("\\text{For DeepSeek}        &= \\frac{2 \\times 128 \\times 128}{512} \\approx 64"), "MHA/MLA reduction",
        ["64"], [R(2 * nh * h, dl)])
L = e.line("the memory drops from 400 GB")
number_claim(e, L, "MHA KV cache, s = 128,000", "400", [("GB", R(mha, 10**9)), ("GiB", R(mha, 2**30))])
number_claim(e, L, "MLA KV cache = 400/64 (from the printed 400)", "6.25",
             [("GB", R(mla, 10**9)), ("GiB", R(mla, 2**30))], cause="carried")
e.done()
