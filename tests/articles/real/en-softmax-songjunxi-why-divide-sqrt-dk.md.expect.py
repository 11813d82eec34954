# Expected verdicts for en-softmax-songjunxi-why-divide-sqrt-dk.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: the score rows [2.0, 1.0, 1.0], [20, 10, 10], [200, 100, 100] (the last one also as the unscaled dot
#   products for d_k = 512), scaled by 1/sqrt(512).
# Exact: softmax([2,1,1]) = [0.57612, 0.21194, 0.21194]; softmax([20,10,10]) = [0.999909, 0.0000454, 0.0000454];
#   softmax([200,100,100]) = [1.0000, 3.7e-44, 3.7e-44]; sqrt(512) = 22.627; [200,100,100]/sqrt(512) =
#   [8.8388, 4.4194, 4.4194]; softmax of that = [0.97648, 0.01176, 0.01176].
# Wrong lines (all slips of the author, no earlier wrong value feeds them):
# - softmax([2.0, 1.0, 1.0]) printed [0.50, 0.25, 0.25] (is [0.58, 0.21, 0.21]);
# - softmax([20, 10, 10]) printed [0.99, 0.005, 0.005]: 0.99991 rounds to 1.00 (0.99 is a truncation) and the small
#   weights are 0.0000454, i.e. 0.000 at 3 places;
# - the scaled softmax printed [0.90, 0.05, 0.05] (is [0.98, 0.01, 0.01]).
# The variance argument is symbolic; its exponent arithmetic (2/3, 1/3, 4/3, -1/3) and the "= 1" results are claimed.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["softmax-row", "scaling", "code-block"])


def sm(row):
    return softmax_rows(M([row]))


s1, s2, s3 = sm(["2.0", "1.0", "1.0"]), sm(["20", "10", "10"]), sm(["200", "100", "100"])
root = sp.sqrt(512)
scaled = M([["200", "100", "100"]]) / root
s4 = softmax_rows(scaled)

e.claim(e.line("softmax([2.0, 1.0, 1.0]) → [0.50, 0.25, 0.25]"), "softmax([2, 1, 1])", ["0.50", "0.25", "0.25"], s1)
e.claim(e.line("softmax([20, 10, 10]) → [0.99, 0.005, 0.005]"), "softmax([20, 10, 10])",
        ["0.99", "0.005", "0.005"], s2)
e.claim(e.line("softmax([200, 100, 100]) → [1.00, 0.00, 0.00]"), "softmax([200, 100, 100])",
        ["1.00", "0.00", "0.00"], s3)
e.given(e.line("Without scaling (d_k=512): dot products ≈ [200, 100, 100]"), "d_k and the unscaled dot products")
L = e.line("softmax → [1.00, 0.00, 0.00]")
e.claim(L, "softmax of the unscaled dot products", ["1.00", "0.00", "0.00"], s3)
L = e.line("With scaling (÷√512≈22.6): scaled ≈ [8.8, 4.4, 4.4]")
e.claim(L, "sqrt(512)", "22.6", root)
e.claim(L, "[200, 100, 100] / sqrt(512)", ["8.8", "4.4", "4.4"], scaled)
e.claim(e.line("softmax → [0.90, 0.05, 0.05]"), "softmax of the scaled scores", ["0.90", "0.05", "0.05"], s4)

# variance argument (mean 0, variance 1 entries)
e.given(e.line("independent random variables with mean 0 and variance 1"), "assumptions: mean 0, variance 1")
e.claim(e.line("has variance 1 (two independent unit-variance factors)"), "Var(q_i k_i) = 1 * 1", "1", R(1) * R(1))
e.claim(e.line("mean of dot product = 0"), "mean of the dot product", "0", 0)
e.claim(e.line("var(dot product / sqrt(d_k)) = d_k / d_k = 1"), "variance after scaling", "1", 1)
L = e.line("divide by d_k^(1/3): variance = d_k / d_k^(2/3) = d_k^(1/3)")
e.claim(L, "exponent of the variance divisor 2 * (1/3)", "2/3", 2 * R(1, 3))
e.claim(L, "remaining exponent 1 - 2/3", "1/3", 1 - 2 * R(1, 3))
L = e.line("divide by d_k^(2/3): variance = d_k / d_k^(4/3) = d_k^(-1/3)")
e.claim(L, "exponent of the variance divisor 2 * (2/3)", "4/3", 2 * R(2, 3))
e.claim(L, "remaining exponent 1 - 4/3", "-1/3", 1 - 2 * R(2, 3))
L = e.line("divide by d_k^(1/2): variance = d_k / d_k = 1")
e.claim(L, "variance d_k / d_k^(2 * 1/2)", "1", sp.Symbol("d_k", positive=True) ** (1 - 2 * R(1, 2)))
e.done()
