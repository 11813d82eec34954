# Expected verdicts for en-softmax-shekhar-sqrt-dk-scaling.md, computed with plain SymPy (see oracle.py); not symattn's code.
# A blog post (plain-text lines, no fences in the stored copy) on why attention scores are divided by sqrt(d_k):
# the variance of a dot product of d_k unit-variance terms (a d_k = 3 expansion, a d_k = 64 count), a table of
# powers of e, softmax over [50, 10, 5] and [5, 1, 0.5], the variance of [2, 4, 6] before and after halving, and
# two examples: a d_k = 4 dot product and scores [14, 10, 12] at d_k = 64 before and after dividing by 8.
# Exact values: e^20 = 485165195.41, e^50 = 5184705528587072464087.45 (22 digits);
#   softmax([5, 1, 0.5]) = [0.97142, 0.01779, 0.01079], sum 152.78016;
#   softmax([14, 10, 12]) = [0.86681, 0.01588, 0.11731], sum 1387385.54;
#   softmax([1.75, 1.25, 1.5]) = [0.41923, 0.25428, 0.32650], sum 13.72663; Var([2, 4, 6]) = 8/3, Var([1, 2, 3]) = 2/3.
# Wrong lines: "e^50 = 5,184,705,528,587,072,045" (19 digits, a factor of about 1000 short of e^50 = 5.18e21: slip);
#   the same value repeated for the scores [50, 10, 5] and inside the softmax fractions (carried).
# No ambiguous line.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="en", topics=["softmax", "scaling", "variance"])
E = sp.exp

e.given(e.line("Real models use a d_k of 64, 128"), "typical d_k; 1.0 / 0.0 are the limits of a saturated softmax")
e.given(e.line("dot_product = q_1*k_1 + q_2*k_2 + q_3*k_3 + ..."), "index labels")
ln = e.line("With d_k = 4 only 4 terms")
e.claim(ln, "number of terms = d_k", ["4", "512"], [4, 512])
e.given(e.line("between 5.0 and 5.5 feet"), "illustrative heights")
e.given(e.line("- Mean (average) = 0"), "assumed mean")
e.given(e.line("- Variance = 1", 1), "assumed variance")
e.claim(e.line("- Mean = 0"), "mean of a product of independent zero-mean numbers", "0", 0)
e.claim(e.line("- Variance = 1 x 1 = 1"), "variance of the product", ["1"], [1])
e.given(e.line("Summing d_k independent products of variance 1"), "variance 1 per term")
e.given(e.line("Variance(dot_product) = d_k x 1 = d_k"), "variance 1 per term")
e.given(e.line("Variance = Average of (value - mean)^2"), "definition (square)")
e.given(e.line("Variance = Average of (value - 0)^2"), "mean 0, square")
e.given(e.line("= Average of value^2"), "square")
e.given(e.line("Take d_k = 3:"), "d_k = 3")
e.given(e.line("dot_product = q_1*k_1 + q_2*k_2 + q_3*k_3", 2), "index labels")
e.given(e.line("(a + b + c)^2 = a*a"), "square of a trinomial")
ln = e.line("which yields 9 terms (3 x 3)")
e.claim(ln, "terms in the square of a 3-term sum", ["9", "3"], [9, 3])
ln = e.line("there are 3 such terms")
e.claim(ln, "diagonal terms = d_k", "3", 3)
e.claim(e.line("1 = Average of q_1^2"), "E[q^2] = Var(q)", "1", 1)
e.claim(e.line("Average of q_1^2 = 1"), "E[q^2] = Var(q)", "1", 1)
e.claim(e.line("Average of k_1^2 = 1"), "E[k^2] = Var(k)", "1", 1)
e.claim(e.line("= Average of q_1^2 * Average of k_1^2 = 1 * 1 = 1"), "E[q^2 k^2]", "1", 1)
e.claim(e.line("there are 6 such terms"), "cross terms = 3*3 - 3", "6", 6)
e.given(e.line("Average of (q_1 * k_1 * q_2 * k_2) ="), "index labels")
e.claim(e.line("= 0 * 0 * 0 * 0"), "means of the factors", ["0"], [0])
e.claim([i for i, s in enumerate(e.lines, 1) if s.strip() == "= 0"][0], "E of a cross term", "0", 0)
e.claim(e.line("Variance = 3 * 1 + 6 * 0 = 3"), "variance for d_k = 3", ["3"], [3 * 1 + 6 * 0])
ln = e.line("for d_k = 64 there are 64 * 64 = 4096 terms")
e.claim(ln, "d_k^2 terms, d_k diagonal, rest cross, variance d_k", ["4096", "4032"], [64 * 64, 64 * 64 - 64])
e.claim(ln, "variance for d_k = 64", "64", 64)

e.claim(e.line("Here e is about 2.718"), "e", "2.718", sp.E)
number_claim(e, e.line("e^1 = 2.718"), "e^1", "2.718", E(1))
number_claim(e, e.line("e^5 = 148.4"), "e^5", "148.4", E(5))
number_claim(e, e.line("e^10 = 22,026"), "e^10", "22,026", E(10))
number_claim(e, e.line("e^20 = 485,165,195"), "e^20", "485,165,195", E(20))
number_claim(e, e.line("e^50 = 5,184,705,528,587,072,045"), "e^50", "5,184,705,528,587,072,045", E(50))
e.given(e.line("For the three scores [50, 10, 5]"), "scores")
number_claim(e, e.line("e^50 = 5,184,705,528,587,072,045", 2), "e^50 (scores [50, 10, 5])",
             "5,184,705,528,587,072,045", E(50), cause="carried")
number_claim(e, e.line("e^10 = 22,026", 2), "e^10", "22,026", E(10))
number_claim(e, e.line("e^5 = 148", 2) if e.lines[e.line("e^5 = 148", 2) - 1].strip() == "e^5 = 148" else e.line("e^5 = 148", 3),
             "e^5", "148", E(5))
ln = e.line("softmax = [5,184,705,528,587,072,045 / total")
number_claim(e, ln, "numerator e^50", "5,184,705,528,587,072,045", E(50), cause="carried")
number_claim(e, ln, "numerator e^10", "22,026", E(10))
e.claim(e.line("approximately [1.0, 0.0, 0.0]"), "softmax([50, 10, 5])", ["1.0", "0.0", "0.0"],
        softmax_rows(M([[50, 10, 5]])))

s = [5, 1, R(1, 2)]
e.given(e.line("For the milder scores [5, 1, 0.5]"), "scores")
e.claim(e.line("e^5 = 148.4", 2), "e^5", "148.4", E(5))
e.claim(e.line("e^1 = 2.718", 2), "e^1", "2.718", E(1))
e.claim(e.line("e^0.5 = 1.649"), "e^0.5", "1.649", E(R(1, 2)))
tot = sum(E(x) for x in s)
e.claim(e.line("Sum = 152.780"), "sum of exps", "152.780", tot)
e.claim(e.line("softmax = [148.4/152.780"), "numerators and sum", ["148.4", "2.718", "1.649", "152.780"],
        [E(5), E(1), E(R(1, 2)), tot])
e.claim(e.line("= [0.971, 0.018, 0.011]"), "softmax([5, 1, 0.5])", ["0.971", "0.018", "0.011"],
        softmax_rows(M([s])))

e.given(e.line("Variance(dot_product / c) = d_k / c^2"), "square")
e.given(e.line("A quick check with three values, [2, 4, 6]"), "values")
v = [2, 4, 6]
e.claim(e.line("Mean = (2 + 4 + 6) / 3 = 4"), "mean", ["4"], [4])
e.claim(e.line("= [-2, 0, 2]"), "differences", ["-2", "0", "2"], [-2, 0, 2])
e.claim(e.line("Squared differences: [4, 0, 4]"), "squares", ["4", "0", "4"], [4, 0, 4])
e.claim(e.line("Variance = (4 + 0 + 4) / 3 = 2.67"), "population variance of [2, 4, 6]", "2.67", R(8, 3))
ln = e.line("Dividing them by c = 2 gives [1, 2, 3]")
e.given(ln, "c = 2")
e.claim(ln, "values / 2", ["1", "2", "3"], [1, 2, 3])
e.claim(e.line("New Mean = (1 + 2 + 3) / 3 = 2"), "mean", "= 2".split()[-1], 2)
e.claim(e.line("= [-1, 0, 1]"), "differences", ["-1", "0", "1"], [-1, 0, 1])
e.claim(e.line("Squared differences: [1, 0, 1]"), "squares", ["1", "0", "1"], [1, 0, 1])
e.claim(e.line("New Variance = (1 + 0 + 1) / 3 = 0.67"), "variance of [1, 2, 3]", "0.67", R(2, 3))
ln = e.line("So the variance went from 2.67 to 0.67")
e.claim(ln, "variances before/after, ratio c^2", ["2.67", "0.67", "4"], [R(8, 3), R(2, 3), 4])
e.given(e.line("d_k / c^2 = 1"), "target variance 1")
e.given(e.line("c^2 = d_k"), "square")
e.claim(e.line("Variance(dot_product / sqrt(d_k)) = d_k / d_k = 1"), "scaled variance", "1", 1)

e.given(e.line("Example 1: Small dimension (dₖ = 4)"), "d_k = 4")
e.given(e.line("q = [1, 0, 1, 0]"), "q")
e.given(e.line("k = [0, 1, 1, 1]"), "k")
e.claim(e.line("dot_product = 1*0 + 0*1 + 1*1 + 0*1 = 1"), "q . k", "1", 1)
e.claim(e.line("sqrt(d_k) = sqrt(4) = 2"), "sqrt(4)", "2", 2)
e.claim(e.line("scaled_score = 1 / 2 = 0.5"), "1 / 2", "0.5", R(1, 2))
e.claim(e.line("Both the raw score of 1 and the scaled 0.5"), "raw and scaled score", ["1", "0.5"], [1, R(1, 2)])

t = [14, 10, 12]
e.given(e.line("Example 2: Large dimension (dₖ = 64)"), "d_k = 64")
e.given(e.line("Three words have the dot products [14, 10, 12]"), "scores")
number_claim(e, e.line("e^14 = 1,202,604"), "e^14", "1,202,604", E(14))
number_claim(e, e.line("e^10 = 22,026", 3), "e^10", "22,026", E(10))
number_claim(e, e.line("e^12 = 162,755"), "e^12", "162,755", E(12))
number_claim(e, e.line("Sum = 1,387,386"), "sum of exps", "1,387,386", sum(E(x) for x in t))
A = softmax_rows(M([t]))
e.claim(e.line("softmax = [0.867, 0.016, 0.117]"), "softmax([14, 10, 12])", ["0.867", "0.016", "0.117"], A)
e.claim(e.line("takes 86.7% of the attention"), "weights in percent", ["86.7%", "1.6%"], [A[0], A[1]])
e.claim(e.line("(divide by sqrt(64) = 8)"), "sqrt(64)", "8", 8)
e.claim(e.line("Scaled scores: [14/8, 10/8, 12/8]"), "scores / 8", ["14/8", "10/8", "12/8"], [R(14, 8), R(10, 8), R(12, 8)])
ts = [R(14, 8), R(10, 8), R(12, 8)]
e.claim(e.line("= [1.75, 1.25, 1.5]"), "scaled scores", ["1.75", "1.25", "1.5"], ts)
e.claim(e.line("e^1.75 = 5.755"), "e^1.75", "5.755", E(ts[0]))
e.claim(e.line("e^1.25 = 3.490"), "e^1.25", "3.490", E(ts[1]))
e.claim(e.line("e^1.5 = 4.482"), "e^1.5", "4.482", E(ts[2]))
tot2 = sum(E(x) for x in ts)
e.claim(e.line("Sum = 13.727"), "sum of exps", "13.727", tot2)
e.claim(e.line("softmax = [5.755/13.727"), "numerators and sum", ["5.755", "3.490", "4.482", "13.727"],
        [E(ts[0]), E(ts[1]), E(ts[2]), tot2])
A2 = softmax_rows(M([ts]))
e.claim(e.line("= [0.419, 0.254, 0.326]"), "softmax of the scaled scores", ["0.419", "0.254", "0.326"], A2)
e.claim(e.line("41.9%, 25.4%, and 32.6%"), "weights in percent", ["41.9%", "25.4%", "32.6%"], A2)
e.claim(e.line("dividing by sqrt(d_k) gives d_k / d_k = 1"), "scaled variance", "1", 1)
e.done()
