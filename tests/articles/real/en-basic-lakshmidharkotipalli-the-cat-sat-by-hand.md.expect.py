# Expected verdicts for en-basic-lakshmidharkotipalli-the-cat-sat-by-hand.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# An interview-prep course module (LakshmidharKotipalli/learn, "06 Transformers and LLMs", commit 1280a8f): a 3-token
# causal attention worked by hand (d_model = 4, d_k = 2) with numpy-style plain-text matrices, three matrices side by
# side on one line, a row-3 walk-through, softmax saturation examples, then KV-cache and weight-memory tables and the
# same tables as a printed Python output.
# Inputs: X = [[1,0,1,0],[0,1,0,1],[1,1,1,0]]; W_q = [[1,0],[0,1],[1,0],[0,1]]; W_k = [[0,1],[1,0],[0,1],[1,0]];
#   W_v = [[1,0],[0,2],[0,1],[2,0]]; d_k = 2; causal mask; KV config 32 layers, 32 (or 8) KV heads, d_head 128, fp16,
#   7e9 parameters; GB = 1024**3 (the script prints with GB = 1024**3, and "524,288 bytes, exactly 0.5 MB" fixes the
#   article's unit as binary; decimal readings are kept as a second reading).
# Exact values: Q = [[2,0],[0,2],[2,1]], K = [[0,2],[2,0],[1,2]], V = [[1,1],[2,2],[1,3]];
#   Q K^T = [[0,4,2],[4,0,4],[2,4,4]]; scaled = Q K^T/sqrt2 = [[0,2.828427,1.414214],[2.828427,0,2.828427],[1.414214,2.828427,2.828427]];
#   masked softmax rows: [1,0,0], [0.944193,0.055807,0], [0.108381,0.445810,0.445810];
#   output rows: [1,1], [1.055807,1.055807], [1.445810,2.337429]; exp(-sqrt2) = 0.243117, row-3 sum 2.243117;
#   softmax([10,2,1]) = [0.999541,0.000335,0.000123]; softmax([3.1,0.6,0.3]) = [0.874979,0.071823,0.053198];
#   KV per token 2*32*32*128*2 = 524288 B = 0.5 MiB (GQA: 131072 B = 0.125 MiB); seq 2048/8192/32768 x batch 1/8:
#   1/8, 4/32, 16/128 GiB (GQA 0.25/2, 1/8, 4/32); weights 7e9 x bits/8 B: fp16 13.0385, Q8 6.5193, Q4 3.2596,
#   2.1 bits 1.7113 GiB.
# Wrong lines: none.
# Ambiguous (3): the three rows of the "std of q.k" table are measurements over 5,000 random pairs (unprinted random
#   vectors): the population values would be sqrt(d_k) = 1.414, 8, 22.627 and 1, but the printed numbers are sample
#   statistics that the article's inputs do not determine.
# Note: "0.12 MB per token" is 0.125 MiB printed with Python's "%.2f" (a tie; both neighbours are right).
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, agrees, number_claim

e = Expect(__file__, language="en", topics=["basic", "mask", "softmax", "kv", "gqa", "plain-text-matrix", "code-output"])


def ln(needle, nth=1, after=0):
    return e.line(needle, nth, after)


X = M([[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 1, 0]])
Wq = M([[1, 0], [0, 1], [1, 0], [0, 1]])
Wk = M([[0, 1], [1, 0], [0, 1], [1, 0]])
Wv = M([[1, 0], [0, 2], [0, 1], [2, 0]])
dk = 2
Q, K, V = X * Wq, X * Wk, X * Wv
S = Q * K.T
Ssc = S / sp.sqrt(dk)
# causal mask: row i keeps columns 0..i
A = sp.zeros(3, 3)
for i in range(3):
    den = sum(sp.exp(Ssc[i, k]) for k in range(i + 1))
    for j in range(i + 1):
        A[i, j] = sp.exp(Ssc[i, j]) / den
O = A * V

GiB = R(2) ** 30
MiB = R(2) ** 20


def size(b, unit="GB"):
    """(reading, value) pairs for a byte count printed in GB or MB."""
    if unit == "GB":
        return [("GiB = 1024^3 bytes, the article's GB", b / GiB), ("GB = 10^9 bytes", b / R(10) ** 9)]
    return [("MiB = 1024^2 bytes, the article's MB", b / MiB), ("MB = 10^6 bytes", b / R(10) ** 6)]


def kv(n_kv, seq, batch=1):
    return 2 * 32 * n_kv * 128 * seq * batch * 2


def wbytes(bits):
    return R(7) * 10 ** 9 * R(bits) / 8


# --- headings, step numbers and other labels ---------------------------------------------------------------
for needle, what in (("# 06 Transformers and LLMs", "module number"),
                     ("## 3. Attention, worked by hand", "section number"),
                     ("**Step 1: project.**", "step number"), ("**Step 2: compare", "step number"),
                     ("**Step 3: divide by", "step number"), ("**Step 4: causal mask.**", "step number, token 3 and 4"),
                     ("**Step 5: softmax", "step number; rows sum to 1"), ("**Step 6: weighted", "step number"),
                     ("#### Row 3 written out", "row number"), ("### 4. Multi-head", "section number"),
                     ("### 7. Inference", "section number"), ("kv_bytes = 2 ×", "factor 2 (K and V)"),
                     ("### Example 1:", "example number"), ("### Example 2:", "example number"),
                     ("rows that sum to 1", "row sum 1 (definition)"), ("## Interview angle (question 2", "question number"),
                     ("e = np.exp(x - x.max(axis=-1", "axis -1"), ("return e / e.sum(axis=-1", "axis -1"),
                     ("d_k = Q.shape[-1]", "axis -1"), ('"""2 for K and V', "factor 2")):
    e.given(ln(needle), what)
for nth in (1, 2):
    e.given(ln("| Sequence length | Batch 1 | Batch 8 |", nth), "batch sizes 1 and 8")

# --- section 3 -------------------------------------------------------------------------------------------
e.given(ln("Three tokens, `d_model = 4`, `d_k = 2`"), "d_model = 4, d_k = 2")
for nth, row in enumerate(["[1., 0., 1., 0.],   # the", "[0., 1., 0., 1.],   # cat", "[1., 1., 1., 0.],   # sat"], 1):
    e.given(ln(row), "embedding row")
e.given(ln("W_q = np.array([[1.,0.]"), "W_q")
e.given(ln("W_k = np.array([[0.,1.]"), "W_k")
e.given(ln("W_v = np.array([[1.,0.]"), "W_v")

L = ln("Q = [[2, 0],     K = [[0, 2]")
e.claim(L, "Q, K, V row 1", [["2", "0"], ["0", "2"], ["1", "1"]], [Q.row(0), K.row(0), V.row(0)])
e.claim(L + 1, "Q, K, V row 2", [["0", "2"], ["2", "0"], ["2", "2"]], [Q.row(1), K.row(1), V.row(1)])
e.claim(L + 2, "Q, K, V row 3", [["2", "1"], ["1", "2"], ["1", "3"]], [Q.row(2), K.row(2), V.row(2)])

L = ln("QKᵀ = [[0, 4, 2],")
e.rows([L, L + 1, L + 2], "Q K^T", [["0", "4", "2"], ["4", "0", "4"], ["2", "4", "4"]], S)
L = ln("One entry by hand: `S[2][1]")
e.given(L, "indices 2, 1 and q3, k2")
e.claim(L, "q3 . k2", ["4"], [S[2, 1]])
L = ln("Here √2 ≈ 1.4142.")
e.claim(L, "sqrt(2)", ["1.4142"], [sp.sqrt(2)])
L = ln("scaled = [[0.000, 2.828, 1.414],")
e.rows([L, L + 1, L + 2], "Q K^T / sqrt(2)",
       [["0.000", "2.828", "1.414"], ["2.828", "0.000", "2.828"], ["1.414", "2.828", "2.828"]], Ssc)
L = ln("masked = [[0.000,  -inf,  -inf],")
e.claim(L, "masked row 1 (finite entry)", ["0.000"], [Ssc[0, 0]])
e.claim(L + 1, "masked row 2 (finite entries)", ["2.828", "0.000"], [Ssc[1, 0], Ssc[1, 1]])
e.claim(L + 2, "masked row 3", ["1.414", "2.828", "2.828"], Ssc.row(2))
L = ln("weights = [[1.000, 0.000, 0.000],")
e.rows([L, L + 1, L + 2], "masked softmax weights",
       [["1.000", "0.000", "0.000"], ["0.944", "0.056", "0.000"], ["0.108", "0.446", "0.446"]], A)
L = ln("output = [[1.000, 1.000],")
e.rows([L, L + 1, L + 2], "output = weights V", [["1.000", "1.000"], ["1.056", "1.056"], ["1.446", "2.337"]], O)

# row 3 by hand
e.given(ln("q₃ = [2, 1]"), "q3 restated")
e.claim(ln("q₃ · k₁ = [2,1]·[0,2] = 2"), "q3.k1 and /sqrt2", ["2", "1.4142"], [S[2, 0], Ssc[2, 0]])
e.claim(ln("q₃ · k₂ = [2,1]·[2,0] = 4"), "q3.k2 and /sqrt2", ["4", "2.8284"], [S[2, 1], Ssc[2, 1]])
e.claim(ln("q₃ · k₃ = [2,1]·[1,2] = 4"), "q3.k3 and /sqrt2", ["4", "2.8284"], [S[2, 2], Ssc[2, 2]])
e.claim(ln("subtract the max (2.8284)"), "row max", ["2.8284"], [Ssc[2, 2]])
L = ln("exp(1.4142 - 2.8284) = exp(-1.4142) = 0.243")
e.claim(L, "shift and exp", ["1.4142", "2.8284", "-1.4142", "0.243"],
        [Ssc[2, 0], Ssc[2, 2], Ssc[2, 0] - Ssc[2, 2], sp.exp(Ssc[2, 0] - Ssc[2, 2])])
for nth in (1, 2):
    L = ln("exp(2.8284 - 2.8284) = exp(0)       = 1.000", nth)
    e.claim(L, "exp(0)", ["2.8284", "1.000"], [Ssc[2, 1], sp.exp(0)])
den3 = sum(sp.exp(Ssc[2, k] - Ssc[2, 2]) for k in range(3))
e.claim(ln("sum = 2.243"), "sum of shifted exponentials", ["2.243"], [den3])
L = ln("weights = [0.243, 1.000, 1.000] / 2.243")
e.claim(L, "exponentials / sum", ["0.243", "1.000", "2.243"], [sp.exp(Ssc[2, 0] - Ssc[2, 2]), 1, den3])
e.claim(L, "row-3 weights", ["0.108", "0.446"], [A[2, 0], A[2, 1]])
L = ln("output₃ = 0.108·[1,1]")
e.claim(L, "row-3 weights used", ["0.108", "0.446"], [A[2, 0], A[2, 1]])
e.claim(L, "output row 3 (end to end: 2.33743; the rounded operands would give 2.338)", ["1.446", "2.337"], O.row(2))
e.given(ln("`exp(800)` overflows"), "800 as an example argument (float64 overflows above 709.78)")
L = ln("**\"sat\" puts 0.446")
e.claim(L, "row-3 weights restated", ["0.446", "0.108"], [A[2, 1], A[2, 0]])

# why sqrt(d_k)
e.given(ln("Over 5,000 random pairs"), "5,000 random pairs")
for d, row in ((2, "| 2 | 1.41 | 1.00 |"), (64, "| 64 | 7.94 | 0.99 |"), (512, "| 512 | 22.43 | 0.99 |")):
    L = ln(row)
    e.given(L, f"d_k = {d}")
    e.ambiguous(L, f"sample standard deviations measured over 5,000 random pairs (unprinted random vectors); the "
                   f"population values are sqrt({d}) = {sp.N(sp.sqrt(d), 5)} and 1, which a finite sample only "
                   f"approximates")
e.given(ln("at d_k = 512 the softmax receives"), "d_k = 512")
L = ln("softmax([10, 2, 1])      = [1.000, 0.000, 0.000]")
e.given(L, "logits [10, 2, 1]")
e.claim(L, "softmax([10,2,1])", ["1.000", "0.000", "0.000"], softmax_rows(sp.Matrix([[10, 2, 1]])).row(0))
L = ln("softmax([3.1, 0.6, 0.3]) = [0.875, 0.072, 0.053]")
e.given(L, "logits [3.1, 0.6, 0.3]")
e.claim(L, "softmax([3.1,0.6,0.3])", ["0.875", "0.072", "0.053"],
        softmax_rows(M([["3.1", "0.6", "0.3"]])).row(0))

# section 4
e.given(ln("a document of 4,000 tokens"), "4,000 tokens (illustration)")
number_claim(e, ln("which section 7 puts at 4x"), "GQA KV reduction 32/8 heads", "4", R(32, 8))

# --- section 7 --------------------------------------------------------------------------------------------
e.given(ln("The 2 counts K and V."), "2 (K and V), 7B, 32 layers, 32 KV heads, d_head 128, fp16")
tables = [(32, ln("| 2,048 | 1.00 GB | 8.00 GB |")), (8, ln("| 2,048 | 0.25 GB | 2.00 GB |"))]
for n_kv, L0 in tables:
    for k, seq in enumerate((2048, 8192, 32768)):
        L = L0 + k
        e.given(L, f"sequence length {seq}")
        text = e.lines[L - 1]
        cells = [c.strip() for c in text.strip("|").split("|")]
        one, eight = cells[1].split()[0], cells[2].split()[0]
        number_claim(e, L, f"KV cache, {n_kv} KV heads, seq {seq}, batch 1", one, size(kv(n_kv, seq)))
        number_claim(e, L, f"KV cache, {n_kv} KV heads, seq {seq}, batch 8", eight, size(kv(n_kv, seq, 8)))
L = ln("Per token: 524,288 bytes, exactly 0.5 MB.")
number_claim(e, L, "KV bytes per token (MHA)", "524,288", kv(32, 1))
number_claim(e, L, "KV per token in MB", "0.5", size(kv(32, 1), "MB"))
e.given(ln("taking the 32 KV heads down to 8"), "32 -> 8 KV heads")
L = ln("Per token: 131,072 bytes, 4x smaller")
number_claim(e, L, "KV bytes per token (GQA)", "131,072", kv(8, 1))
number_claim(e, L, "reduction factor", "4", R(kv(32, 1), kv(8, 1)))
e.given(ln("**Set this against the weights** of a 7B model"), "7B parameters")
for bits, row, p in ((16, "| fp16 | 13.04 GB |", "13.04"), (8, "| Q8 | 6.52 GB |", "6.52"),
                     (4, "| Q4 | 3.26 GB |", "3.26"), (R(21, 10), "| ~2.1 bits | 1.71 GB |", "1.71")):
    L = ln(row)
    if bits == R(21, 10):
        e.given(L, "~2.1 bits per weight")
    number_claim(e, L, f"7B weights at {bits} bits", p, size(wbytes(bits)))
L = ln("A Q4 7B model is 3.26 GB of weights")
e.given(L, "Q4, 7B, 8k = 8192, batch 8")
number_claim(e, L, "Q4 weights", "3.26", size(wbytes(4)))
number_claim(e, L, "MHA KV cache, 8k, batch 8", "32", size(kv(32, 8192, 8)))

# --- Example 1 (code and printed output) --------------------------------------------------------------------
e.given(ln("np.set_printoptions(precision=3"), "print precision 3")
for row in ("[1., 0., 1., 0.],   # the", "[0., 1., 0., 1.],   # cat", "[1., 1., 1., 0.],   # sat"):
    e.given(ln(row, 2), "embedding row (restated)")
e.given(ln("W_q = np.array([[1., 0.]"), "W_q (restated)")
e.given(ln("W_k = np.array([[0., 1.]"), "W_k (restated)")
e.given(ln("W_v = np.array([[1., 0.]"), "W_v (restated)")
e.given(ln("scores = scores + np.triu"), "k=1 upper triangle (mask)")
e.given(ln("assert np.allclose(weights.sum(axis=1), 1.0)"), "row sums 1 (assert)")
e.given(ln("assert weights[0, 1] == 0.0"), "index and 0 (assert)")
L = ln(" [[1.    0.    0.   ]")
e.claim(L, "printed weights row 1", ["1", "0", "0"], A.row(0))  # numpy prints "1." / "0." (exact integers)
e.claim(L + 1, "printed weights row 2", ["0.944", "0.056", "0"], A.row(1))
e.claim(L + 2, "printed weights row 3", ["0.108", "0.446", "0.446"], A.row(2))
L = ln(" [[1.    1.   ]")
e.claim(L, "printed output row 1", ["1", "1"], O.row(0))
e.claim(L + 1, "printed output row 2", ["1.056", "1.056"], O.row(1))
e.claim(L + 2, "printed output row 3", ["1.446", "2.337"], O.row(2))

# --- Example 2 (code and printed output) --------------------------------------------------------------------
e.given(ln("def kv_cache_bytes(layers, n_kv_heads, d_head, seq_len, batch=1, bytes_per=2)"), "defaults batch 1, 2 bytes")
e.given(ln("return 2 * layers * n_kv_heads"), "factor 2")
e.given(ln("return params * bits / 8"), "8 bits per byte")
e.given(ln("GB = 1024 ** 3"), "GB = 1024^3")
e.given(ln("# 7B-class model: 32 layers, d_head 128, 32 query heads"), "model config")
e.given(ln("for n_kv in (32, 8):"), "KV heads 32 and 8")
e.given(ln('label = "MHA" if n_kv == 32'), "labels")
e.given(ln("per_token = kv_cache_bytes(32, n_kv, 128, 1)"), "config")
e.given(ln('print(f"{label}: {per_token / 1024**2:.2f} MB per token")'), "MB = 1024^2, 2 decimals")
e.given(ln("for seq in (2048, 8192, 32768):"), "sequence lengths")
e.given(ln("one = kv_cache_bytes(32, n_kv, 128, seq) / GB"), "config")
e.given(ln("eight = kv_cache_bytes(32, n_kv, 128, seq, batch=8) / GB"), "config, batch 8")
e.given(ln('print(f"   seq {seq:6,}'), "format widths")
e.given(ln('for bits, name in ((16, "fp16"), (8, "Q8"), (4, "Q4")):'), "bit widths")
e.given(ln('print(f"weights {name:5s}: {weight_bytes(7e9, bits) / GB:6.2f} GB")'), "7e9 parameters")
number_claim(e, ln("MHA: 0.50 MB per token"), "KV per token (MHA)", "0.50", size(kv(32, 1), "MB"))
number_claim(e, ln("GQA (8 kv heads): 0.12 MB per token"), "KV per token (GQA; 0.125 printed with %.2f)", "0.12",
             size(kv(8, 1), "MB"))
e.given(ln("GQA (8 kv heads): 0.12 MB per token"), "8 KV heads")
for n_kv, start in ((32, ln("MHA: 0.50 MB per token")), (8, ln("GQA (8 kv heads): 0.12 MB per token"))):
    for k, seq in enumerate((2048, 8192, 32768)):
        L = start + 1 + k
        text = e.lines[L - 1]
        e.given(L, f"seq {seq}, batch 1 and 8")
        parts = text.split("GB")
        one = parts[0].split()[-1]
        eight = parts[1].split()[-1]
        number_claim(e, L, f"printed KV, {n_kv} KV heads, seq {seq}, batch 1", one, size(kv(n_kv, seq)))
        number_claim(e, L, f"printed KV, {n_kv} KV heads, seq {seq}, batch 8", eight, size(kv(n_kv, seq, 8)))
for bits, needle, p in ((16, "weights fp16 : 13.04 GB", "13.04"), (8, "weights Q8   :  6.52 GB", "6.52"),
                        (4, "weights Q4   :  3.26 GB", "3.26")):
    L = ln(needle)
    e.given(L, f"{bits}-bit label")
    number_claim(e, L, f"printed 7B weights at {bits} bits", p, size(wbytes(bits)))
L = ln("A Q4 7B model weighs 3.26 GB.")
e.given(L, "Q4, 7B, 8k context, batch 8")
number_claim(e, L, "Q4 weights", "3.26", size(wbytes(4)))
number_claim(e, L, "MHA KV cache, 8k, batch 8", "32", size(kv(32, 8192, 8)))
number_claim(e, L, "GQA KV cache, 8k, batch 8", "8", size(kv(8, 8192, 8)))

# --- interview answer ---------------------------------------------------------------------------------------
L = ln("a 7B model at 8k context and batch 8 holds about 32 GB")
e.given(L, "7B, 8k, batch 8, Q4")
number_claim(e, L, "MHA KV cache, 8k, batch 8 ('about')", "32", size(kv(32, 8192, 8)))
number_claim(e, L, "Q4 weights ('roughly')", "3", size(wbytes(4)))
number_claim(e, L, "GQA reduction", "4", R(32, 8))
e.done()
