# Expected verdicts for en-complexity-gaurav14cs17-llms-model-self-attention-chapter1.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An English chapter on self-attention: RNN path length, why scores are divided by sqrt(d_k) (softmax saturation
# table, a 12.8 / 8 illustration), an illustrative attention matrix for "The cat sat", and the size / FP16 memory of
# the n x n attention matrix for five sequence lengths.
# Inputs and exact values:
#   token 1 -> token 100 takes 100 - 1 = 99 steps;
#   softmax([1, 2, 3]) = [0.090031, 0.244728, 0.665241] -> [0.09, 0.24, 0.67];
#   softmax([10, 20, 30]) = [2.06e-9, 4.54e-5, 0.999955] -> [0.00, 0.00, 1.00];
#   sqrt(64) = 8 and the assumed dot product 12.8 gives 12.8 / 8 = 1.6;
#   attention matrix rows (illustrative weights, no scores given) sum to 1.00 each;
#   n^2 for n = 128, 512, 2048, 8192, 32768 = 16384, 262144, 4194304, 67108864, 1073741824;
#   at 2 bytes each: 32768 B = 32 KiB, 512 KiB, 8 MiB, 128 MiB, 2 GiB (the binary reading of KB/MB/GB fits every row).
# No wrong line.  Ambiguous: the "expected score range" rows (±16 / ±32 / ±45 and ±3 match two standard deviations
#   sqrt(d_k) for the first three but three for the last; the article never says which spread it means).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="en", topics=["complexity", "softmax", "markdown-table", "sizes"])

e.claim(e.line("Token 1 to Token 100 = 99 steps"), "RNN path length", ["99"], [100 - 1])
e.given(e.line("3 vectors of dimension 512"), "3 tokens, d_model = 512")
for tok in ['| "The" | [0.2', '| "cat" | [0.8', '| "sat" | [0.3']:
    e.given(e.line(tok), "example embedding prefix")
for d, rng in [("64", "16"), ("256", "32"), ("512", "45")]:
    e.ambiguous(e.line(f"| {d} | ≈ [-{rng}, +{rng}]"), "rough spread of q.k; which multiple of sqrt(d_k) is meant is not stated")

sm1 = softmax_rows(sp.Matrix([[1, 2, 3]]))
sm2 = softmax_rows(sp.Matrix([[10, 20, 30]]))
e.claim(e.line("| [1, 2, 3] | [0.09, 0.24, 0.67]"), "softmax [1,2,3]", ["0.09", "0.24", "0.67"], list(sm1))
e.claim(e.line("| [10, 20, 30] | [0.00, 0.00, 1.00]"), "softmax [10,20,30]", ["0.00", "0.00", "1.00"], list(sm2))
e.given(e.line("**Without scaling (d_k = 64):**"), "d_k = 64")
e.given(e.line("q·k = sum of 64 terms ≈ 12.8"), "assumed dot product 12.8")
e.claim(e.line("q·k / √64 = 12.8 / 8 = 1.6"), "sqrt(64) and 12.8/8", ["8", "1.6"], [sp.sqrt(64), R("12.8") / 8])
e.ambiguous(e.line("| **Scores range** | [-45, +45] | [-3, +3] |"), "rough ranges; the spread convention is not stated")
e.given(e.line("Output_sat = 0.22 × V_the"), "illustrative weights for sat")

for tok, ws in [('"The"', ["0.30", "0.37", "0.33"]), ('"cat"', ["0.26", "0.40", "0.34"]),
                ('"sat"', ["0.28", "0.34", "0.38"])]:
    ln = e.line(f"| **{tok}** |")
    e.given(ln, f"illustrative attention weights of {tok}")
    e.claim(ln, f"row sum of {tok}", ["1.0"], [sum(R(x) for x in ws)])
e.given(e.line('"cat" puts most weight on itself (0.40)'), "restated weights")

for n, size, mem, unit in [("128", "16,384", "32", 2**10), ("512", "262,144", "512", 2**10),
                           ("2,048", "4,194,304", "8", 2**20), ("8,192", "67,108,864", "128", 2**20),
                           ("32,768", "1,073,741,824", "2", 2**30)]:
    ln = e.line(f"| {n} | {size} |")
    nn = int(n.replace(",", ""))
    number_claim(e, ln, f"attention matrix entries for n = {nn}", size, nn * nn)
    dec = {2**10: 10**3, 2**20: 10**6, 2**30: 10**9}[unit]
    number_claim(e, ln, f"FP16 memory for n = {nn}", mem,
                 [("binary units", R(2 * nn * nn, unit)), ("decimal units", R(2 * nn * nn, dec))])
e.done()
