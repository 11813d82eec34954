# Expected verdicts for en-kv-datajinipk-lesson3-70b-serving.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Problem 1: q2 = [1,1,0,0] against K gives [1, 1, 1], /2 = [0.5, 0.5, 0.5], weights 1/3 each (0.33), e^0.5 = 1.649:
# right.  The output is computed with 0.33 instead of 1/3: the partial products [0.033, 0.066, 0.099, 0.132],
# [0.165, ...], [0.297, ...] are exactly [0.033, 0.067, 0.100, 0.133], [0.167, 0.200, 0.233, 0.267],
# [0.300, 0.333, 0.367, 0.400], and the output is the mean of V, [0.50, 0.60, 0.70, 0.80], printed
# [0.50, 0.59, 0.69, 0.79] -> four drift lines.
# Problem 3: weights 70e9 × 2 / 1 / 0.5 bytes = 140 / 70 / 35 GB, per GPU 35 / 17.5 / 8.75: right.  The KV-cache
# formula carries a spurious second factor 2 ("2 × num_layers × 2 × hidden_dim × ... × bytes"): with K and V
# (2) × 80 layers × 8192 × 4096 tokens × 2 bytes the cache is 10,737,418,240 B = 10.7 GB (10 GiB) per user,
# printed 21.5 GB -> slip; INT8 is 5.37 GB, printed ~10.7 (carried), restated in the bottleneck block (carried);
# 265 / 10.7 ≈ 25 users is 265 / 5.37 = 49 (carried); at ~1K tokens the cache is 1.34 GB, printed ~2.7 (carried),
# and 265 / 2.7 ≈ 98 is 197 (carried).  320 − 35 − 20 = 265, 30/12 = 2.5x, 200/50 = 4x, 50/30 = 1.7x are right.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="en", topics=["basic", "softmax", "output", "kv-cache", "memory", "quantization"])


def n(line, what, printed, exact, cause="slip"):
    number_claim(e, line, what, printed, exact, cause)


Q = M([[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0]])
K = M([[1, 0, 0, 1], [0, 1, 1, 0], [1, 0, 1, 0]])
V = M([["0.1", "0.2", "0.3", "0.4"], ["0.5", "0.6", "0.7", "0.8"], ["0.9", "1.0", "1.1", "1.2"]])
s = Q.row(2) * K.T
sc = s / 2
w = softmax_rows(sc)
out = w * V
L = e.line("Query (Q):")
for i in (1, 2, 3, 6, 7, 8, 11, 12, 13):
    e.given(L + i, "Q/K/V row")
e.given(e.line("Q[2] = [1, 1, 0, 0]"), "q2")
for j, lab in enumerate(("Score(2→0)", "Score(2→1)", "Score(2→2)")):
    L = e.line(lab)
    e.claim(L, f"q2·k{j}", e.lines[L - 1].split("= ")[-1].strip(), s[0, j])
e.claim(e.line("Raw Scores: [1, 1, 1]"), "scores", ["1", "1", "1"], list(s))
e.claim(e.line("√d_k = √4 = 2"), "sqrt(4)", "2", sp.sqrt(4))
e.claim(e.line("Scaled Scores = [1/2, 1/2, 1/2] = [0.5, 0.5, 0.5]"), "scaled", ["0.5", "0.5", "0.5"], list(sc))
e.claim(e.line("e^0.5 ≈ 1.649"), "e^0.5", "1.649", sp.exp(R(1, 2)))
for i in range(3):
    L = e.line(f"- Weight[{i}] = e^0.5 / (3 × e^0.5) = 1/3 ≈ 0.33")
    e.claim(L, f"weight {i}", ["1/3", "0.33"], [w[0, i], w[0, i]])
e.claim(e.line("Weights: [0.33, 0.33, 0.33]"), "weights", ["0.33", "0.33", "0.33"], list(w))
e.claim(e.line("Output = 0.33 × V[0] + 0.33 × V[1] + 0.33 × V[2]"), "weights restated", ["0.33", "0.33", "0.33"], list(w))
L = e.line("= 0.33 × [0.1, 0.2, 0.3, 0.4]")
e.claim(L, "weight restated", "0.33", w[0, 0])
e.claim(L + 1, "weight restated", "0.33", w[0, 1])
e.claim(L + 2, "weight restated", "0.33", w[0, 2])
L = e.line("= [0.033, 0.066, 0.099, 0.132]")
for i, row in enumerate((["0.033", "0.066", "0.099", "0.132"], ["0.165", "0.198", "0.231", "0.264"],
                         ["0.297", "0.330", "0.363", "0.396"])):
    e.claim(L + i, f"w{i} · V[{i}] (computed with 0.33)", row, list(w[0, i] * V.row(i)), cause="drift")
e.claim(e.line("Output[2] ≈ [0.50, 0.59, 0.69, 0.79]"), "output of token 2 (mean of V)",
        ["0.50", "0.59", "0.69", "0.79"], list(out), cause="drift")

# Problem 3
P = 70 * 10**9
for lab, b, tot, per in (("| FP16 | 2 | 140 GB | 35 GB |", 2, "140", "35"), ("| INT8 | 1 | 70 GB | 17.5 GB |", 1, "70", "17.5"),
                         ("| INT4 | 0.5 | 35 GB | 8.75 GB |", R(1, 2), "35", "8.75")):
    L = e.line(lab)
    e.given(L, "bytes per parameter")
    n(L, "weights in GB", tot, [("decimal GB", P * sp.sympify(b) / 10**9)])
    n(L, "per GPU in GB", per, [("decimal GB", P * sp.sympify(b) / 10**9 / 4)])
e.given(e.line("KV cache size = 2 × num_layers × 2 × hidden_dim"), "the author's formula (with a second factor 2)")
e.given(e.line("For 70B (80 layers, 8192 hidden, 4K context, FP16):"), "80 layers, hidden 8192, 4096 tokens, 2 bytes")
e.given(e.line("= 2 × 80 × 2 × 8192 × 4096 × 2 bytes"), "the author's product")
kv = 2 * 80 * 8192 * 4096 * 2


def gb(nbytes):
    return [("decimal GB", sp.Integer(nbytes) / 10**9), ("binary GB", sp.Integer(nbytes) / 2**30)]


n(e.line("= 21.5 GB per user at full context"), "K+V cache per user, FP16 (10.74 GB)", "21.5", gb(kv))
n(e.line("With INT8 KV cache: ~10.7 GB per user"), "INT8 cache per user (5.37 GB)", "10.7", gb(kv // 2), cause="carried")
e.given(e.line("Baseline: TTFT 2.5s, 12 tok/s, 50 concurrent"), "baseline")
n(e.line("- Tokens/sec: ~30 (2.5x improvement)"), "30 / 12", "2.5", [("", R(30, 12))])
n(e.line("- Concurrent: ~200 users (4x improvement)"), "200 / 50", "4", [("", R(200, 50))])
n(e.line("- Tokens/sec: ~50 (1.7x additional)"), "50 / 30", "1.7", [("", R(50, 30))])
L = e.line("Available GPU memory: 4 × 80GB = 320GB")
n(L, "4 × 80", "320", [("", sp.Integer(320))])
e.given(e.line("Model weights (INT4): 35GB"), "weights")
e.given(e.line("Overhead (activations, etc.): ~20GB"), "overhead")
n(e.line("Available for KV: 265GB"), "320 − 35 − 20", "265", [("", sp.Integer(265))])
n(e.line("Standard KV cache (INT8, 4K context): 10.7GB per user"), "INT8 cache restated (5.37 GB)", "10.7",
  gb(kv // 2), cause="carried")
n(e.line("Maximum users: 265 / 10.7 ≈ 25"), "265 GB / INT8 cache (49.3)", "25",
  [("decimal", sp.Integer(265) / (sp.Integer(kv // 2) / 10**9)), ("binary", sp.Integer(265) / (sp.Integer(kv // 2) / 2**30))],
  cause="carried")
e.given(e.line("Average context usage: ~1K tokens (not full 4K)"), "1K of 4K tokens")
n(e.line("Effective KV per user: ~2.7GB"), "INT8 cache for 1K tokens (1.34 GB)", "2.7", gb(kv // 2 // 4), cause="carried")
n(e.line("Concurrent users: 265 / 2.7 ≈ 98"), "265 GB / 1K-token cache (197)", "98",
  [("decimal", sp.Integer(265) / (sp.Integer(kv // 8) / 10**9)), ("binary", sp.Integer(265) / (sp.Integer(kv // 8) / 2**30))],
  cause="carried")
for lab in ("- Hot users in GPU: 100", "- Warm users (recent): 200", "- Cold users (inactive): 200+"):
    e.given(e.line(lab), "user tiers")
n(e.line("Total concurrent: 500+ ✓"), "100 + 200 + 200", "500", [("", sp.Integer(500))])
e.done()
