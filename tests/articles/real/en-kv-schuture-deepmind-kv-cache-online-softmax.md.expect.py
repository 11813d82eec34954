# Expected verdicts for en-kv-schuture-deepmind-kv-cache-online-softmax.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An interview coding problem with a reference solution (Schuture/Google-DeepMind-Interview-Notes, attention-kv-cache):
# causal attention worked for x = [[1,0],[0,1],[1,1]] with one head and identity weights (scale 1/sqrt(2)); the same rows
# replayed through a KV cache; kv_cache_bytes(32, 8, 128, 32768, 1, 2) = 2^32 = 4 GiB and 2^35 = 32 GiB with 64 KV heads;
# an online-softmax trace for Q = [[1]], K = [0,1,3,2], V = [10,20,30,40], block 2; bf16/float16 thresholds.
# Exact: row 1 weights softmax([0, 1/sqrt2]) = [0.3302, 0.6698]; row 2 weights softmax([1,1,2]/sqrt2) = [0.2483, 0.2483,
#   0.5035], output [0.7517, 0.7517]; online trace l = e^-1 + 1 = 1.3679, o = 10 e^-1 + 20 = 23.6788, then
#   l = 1 + e^-1 + e^-2 (1 + e^-1) = 1.5530, o = 30 + 40 e^-1 + e^-2 (10 e^-1 + 20) = 47.9198, o / l = 30.8562 (equal to the
#   direct softmax of [0,1,3,2] against V); ln 128 = 4.852; ln(65504) = 11.09 (float16 max); ln(FLT_MAX) = 88.72.
# Wrong lines: none.
# Ambiguous: "raw scores past about 88" for bf16/float32 overflow (exp overflows past ln(3.4e38) = 88.72, which rounds to
#   89; "about 88" is the whole part of the threshold, a loose bound rather than a rounded value).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, R, sp, M, softmax_rows

e = Expect(__file__, language="en", topics=["kv", "mask", "flash", "gqa", "softmax", "code-block"])


def power_claim(line, what, printed, exact):
    """A power of two printed in LaTeX (2^{32}): exactly equal, or wrong."""
    assert printed in e.lines[line - 1], (line, printed)
    base, ex = printed.replace("{", "").replace("}", "").split("^")
    value = sp.Integer(int(base)) ** int(ex)
    ent = e._entry(line)
    item = {"what": what + " (power of two)", "printed": [printed]}
    if value != exact:
        item.update(wrong=[{"printed": printed, "exact": str(exact)}], cause="slip")
        ent["verdict"] = "wrong"
    elif ent["verdict"] != "wrong":
        ent["verdict"] = "ok"
    ent["claims"].append(item)


e.given(e.line("(NumPy, rated hard, 3 parts / 45–60 min)"), "problem metadata")
e.given(e.line("may only use positions $0,\\dots,t$"), "index range")
e.given(e.line("M_{ts} = \\begin{cases}0 & s \\le t"), "causal mask definition")
e.given(e.line("The worked example uses one head"), "1 head, identity weights I_2")
x = M([[1, 0], [0, 1], [1, 1]])
g = e.line("x = [[1, 0],")
for i in range(3):
    e.given(g + i, f"x row {i}")
s2 = sp.sqrt(2)
S = (x * x.T) / s2
for i in range(3):
    for j in range(3):
        if j > i:
            S[i, j] = -sp.oo
W = sp.zeros(3, 3)
for i in range(3):
    den = sum(sp.exp(S[i, k]) for k in range(i + 1))
    for k in range(i + 1):
        W[i, k] = sp.exp(S[i, k]) / den
Y = W * x

e.claim(e.line("row 0 attends only to itself (causal) -> output[0] = V[0] = [1, 0]"), "output row 0",
        ["0", "0", "1", "0"], [0, 0, Y[0, 0], Y[0, 1]])
e.given(e.line("row 1 attends to rows 0, 1:"), "causal range of row 1")
L = e.line("raw scores Q[1].K[0], Q[1].K[1] = 0, 1; scaled by 1/sqrt(2): 0, 0.7071")
e.claim(L, "raw and scaled scores of row 1", ["0", "1", "0", "0.7071"],
        [(x * x.T)[1, 0], (x * x.T)[1, 1], S[1, 0], S[1, 1]])
e.claim(e.line("weights ~= [0.3302, 0.6698]"), "row 1 weights", ["0.3302", "0.6698"], [W[1, 0], W[1, 1]])
e.claim(e.line("output[1] ~= 0.3302*[1,0] + 0.6698*[0,1] = [0.3302, 0.6698]"), "row 1 weights and output",
        ["0.3302", "0.6698", "0.3302", "0.6698"], [W[1, 0], W[1, 1], Y[1, 0], Y[1, 1]])
e.given(e.line("row 2 attends to rows 0, 1, 2:"), "causal range of row 2")
L = e.line("raw scores Q[2].K[0], Q[2].K[1], Q[2].K[2] = 1, 1, 2")
e.claim(L, "raw and scaled scores of row 2", ["1", "1", "2", "0.7071", "0.7071", "1.4142"],
        [(x * x.T)[2, 0], (x * x.T)[2, 1], (x * x.T)[2, 2], S[2, 0], S[2, 1], S[2, 2]])
e.claim(e.line("weights ~= [0.2483, 0.2483, 0.5035]"), "row 2 weights", ["0.2483", "0.2483", "0.5035"], list(W.row(2)))
e.claim(e.line("output[2] ~= 0.2483*[1,0] + 0.2483*[0,1] + 0.5035*[1,1] = [0.7517, 0.7517]"), "row 2 weights and output",
        ["0.2483", "0.2483", "0.5035", "0.7517", "0.7517"], list(W.row(2)) + [Y[2, 0], Y[2, 1]])

e.claim(e.line("cache = KVCache(n_heads=1, d_head=2)"), "empty cache length", ["0"], [sp.Integer(0)])
for t in range(3):
    L = e.line(f"decode_step(x[{t}], cache, ...) ->")
    printed = {0: ["1", "0"], 1: ["0.3302", "0.6698"], 2: ["0.7517", "0.7517"]}[t]
    e.claim(L, f"decode step {t} output = causal row {t}", printed, list(Y.row(t)))
    e.claim(L, f"cache length after step {t}", [str(t + 1)], [sp.Integer(t + 1)])

nbytes = 32 * 2 * 8 * 128 * 32768 * 1 * 2
L = e.line("`kv_cache_bytes(32, 8, 128, 32_768, 1, 2)` is exactly $2^{32}$")
e.given(L, "32 layers, 8 KV heads, d_h 128, 32,768 tokens, batch 1, 2 bytes")
power_claim(L, "kv_cache_bytes", "2^{32}", nbytes)

L = e.line("Worked example: $Q=[[1]]$")
e.given(L, "Q, K, V, block 2")
sc = [0, 1, 3, 2]
e.claim(L, "raw scores Q K^T", ["0", "1", "3", "2"], [sp.Integer(v) for v in sc])
e.given(e.line("before any block: m = -inf, l = 0, o = [0]"), "initial accumulators")
E = sp.exp
l1 = E(0 - 1) + E(1 - 1)
o1 = E(0 - 1) * 10 + E(1 - 1) * 20
l2 = E(1 - 3) * l1 + (E(3 - 3) + E(2 - 3))
o2 = E(1 - 3) * o1 + (E(3 - 3) * 30 + E(2 - 3) * 40)
e.claim(e.line("block [0, 1]: local max = 1 -> m = 1"), "max of block 1", ["1", "1"], [sp.Integer(1)] * 2)
e.claim(e.line("l = 1.3679   (= exp(0-1) + exp(1-1))"), "l after block 1", ["1.3679"], [l1])
e.claim(e.line("o = [23.6788]   (= exp(0-1)*10 + exp(1-1)*20)"), "o after block 1", ["23.6788"], [o1])
e.claim(e.line("block [3, 2]: local max = 3 -> m = 3 (up from 1"), "max of block 2", ["3", "3", "1"],
        [sp.Integer(3), sp.Integer(3), sp.Integer(1)])
e.claim(e.line("l = exp(1-3)*1.3679 + (exp(3-3) + exp(2-3)) = 1.5530"), "l after block 2", ["1.3679", "1.5530"], [l1, l2])
e.claim(e.line("o = exp(1-3)*[23.6788] + (exp(3-3)*30 + exp(2-3)*40) = [47.9198]"), "o after block 2",
        ["23.6788", "47.9198"], [o1, o2])
direct = sum(E(s) * v for s, v in zip(sc, [10, 20, 30, 40])) / sum(E(s) for s in sc)
assert sp.simplify(direct - o2 / l2) == 0
e.claim(e.line("output = o / l = [30.8562]"), "o / l (= the direct softmax result)", ["30.8562"], [o2 / l2])

e.given(e.line("At $L=32$, $h_{kv}=8$, $d_h=128$, $T=32{,}768$, batch $1$, $2$ bytes:"), "inputs of the byte formula")
L = e.line("$32\\cdot2\\cdot8\\cdot128\\cdot32{,}768\\cdot1\\cdot2 = 2^5")
power_claim(L, "the product as powers", "2^{32}", nbytes)
assert 2**5 * 2 * 2**3 * 2**7 * 2**15 * 2 == nbytes
e.claim(e.line("bytes exactly, i.e. $4\\ \\mathrm{GiB}$."), "2^32 bytes in GiB", ["4"], [R(nbytes, 2**30)])
e.given(e.line("$$m'=\\max\\Bigl(m,\\max_js_j\\Bigr)"), "update rule (symbolic)")

L = e.line("With $h=64$ query heads over $h_{kv}=8$ key/value heads (group size $8$)")
mha = 32 * 2 * 64 * 128 * 32768 * 1 * 2
e.claim(L, "group size 64 / 8", ["8"], [R(64, 8)])
power_claim(L, "GQA cache", "2^{32}", nbytes)
e.claim(L, "GQA cache in GiB", ["4"], [R(nbytes, 2**30)])
power_claim(L, "MHA cache with 64 KV heads", "2^{35}", mha)
e.claim(L, "MHA cache in GiB", ["32"], [R(mha, 2**30)])
e.claim(L + 1, "MHA / GQA", ["8"], [R(mha, nbytes)])
e.given(L + 1, "64 KV heads")

L = e.line("bf16 has float32's 8-bit exponent")
flt_max = (2 - sp.Integer(2) ** -23) * sp.Integer(2) ** 127
assert abs(sp.N(sp.log(flt_max)) - 88.7228) < 1e-3
e.claim(L, "decimal digits of an 8-bit significand (8 log10 2 = 2.41)", ["2"], [8 * sp.log(2, 10)], rounded_int=True)
e.claim(L, "2^7", ["7"], [sp.Integer(7)])
e.ambiguous(L, "\"raw scores past about 88\": exp overflows float32 past ln(FLT_MAX) = 88.72, which rounds to 89; "
            "'about 88' is the whole part of a loose threshold")
e._entry(L)["verdict"] = "ambiguous"  # the other claims on this line agree; the 88 cannot be decided
L2 = e.line("$\\ln128\\approx4.85$")
e.claim(L2, "ln 128", ["4.85"], [sp.log(128)])
e.claim(L2, "float16 overflow threshold ln(65504)", ["11"], [sp.log(65504)], rounded_int=True)
e.given(L2, "10 mantissa bits, 5-bit exponent, the interval (0, 1]")
e.given(e.line("**Sliding-window attention.**"), "window [max(0, t-W+1), t]")

for needle in ["### Part 1 — Causal multi-head attention", "### Part 2 — Incremental decoding with a KV cache",
               "A KV cache keeps, per head,", "### Part 3 — Attention in blocks with an online softmax",
               "Here one head's $O = \\mathrm{softmax}"]:
    e.given(e.line(needle), "section label or initial values")

e.done()
