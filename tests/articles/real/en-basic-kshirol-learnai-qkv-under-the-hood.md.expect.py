# Expected verdicts for en-basic-kshirol-learnai-qkv-under-the-hood.md, computed with plain SymPy (see oracle.py); not symattn's code.
# English course notes (Kiran Shirol, learnAI, "Attention and Transformers — Under the Hood") with a hand-made QKV example,
# a scaled dot-product walk-through, multi-head and FFN parameter counts, sinusoidal PE values and KV-cache sizes.
# Inputs: X = [[1.0,0.5,0.3,0.8],[0.2,0.9,0.7,0.1],[0.6,0.3,0.5,0.4]], W_Q = [[0.1,0.3],[0.4,0.2],[0.0,0.5],[0.3,0.1]],
#   W_K = [[0.2,0.0],[0.1,0.5],[0.3,0.1],[0.0,0.4]]; d_k = 2; d = 768, h = 12; GPT-3 d = 12288, 96 layers;
#   Llama 2 70B taken as 80 layers x 64 heads x 128 x 2 bytes.
# Exact values: Q = X W_Q = [[0.54, 0.63], [0.41, 0.60], [0.30, 0.53]].
#   Step 2 restates Q with the cat row [0.41, 0.52] and takes K equal to that Q (K = X W_K would be
#   [[0.34,0.60],[0.34,0.56],[0.30,0.36]]). From the printed step-2 matrices QK^T = [[0.6885,0.549,0.4959],
#   [0.549,0.4385,0.3986],[0.4959,0.3986,0.3709]] and /sqrt2 = [[0.4868,0.3882,0.3507],[0.3882,0.3101,0.2819],
#   [0.3507,0.2819,0.2623]] (all printed entries agree); from the first inputs (cat row 0.60, K = Q) the entries in the cat
#   row/column change (0.5994, 0.5281, 0.4410 ...): two readings, different verdicts -> these six lines are ambiguous.
#   softmax of the printed scaled rows = [0.3599,0.3261,0.3141], [0.3541,0.3275,0.3184], [0.3510,0.3277,0.3213];
#   the printed alpha rows match no reading (they do not even sum to 1).
#   softmax([8,-8]) = [0.99999989, 1.1e-7]; softmax([1,-1]) = [0.8808, 0.1192].
#   12 x 12288^2 x 96 = 173,946,175,488 (174B); FFN:attention = 8d^2:4d^2 = 2:1.
#   KV per token 2x80x64x128x2 = 2,621,440 B = 2.62 MB; x 4096 = 10.74 GB (10.0 GiB); 100 users: 1.074 TB MHA,
#   GQA (8 KV heads) 134.2 GB = 125.0 GiB.
# Wrong lines:
#   - "cat": [0.41, 0.52]: slip, right [0.41, 0.60] (0.2*0.3+0.9*0.2+0.7*0.5+0.1*0.1 = 0.60).
#   - the three alpha rows: slip (row-wise softmax of the printed scaled scores is [0.360,0.326,0.314],
#     [0.354,0.328,0.318], [0.351,0.328,0.321]).
#   - softmax([8, -8]) = [0.9999, 0.0001]: slip (truncated/overstated), right [1.0000, 0.0000].
#   - softmax([1, -1]) = [0.731, 0.269]: slip, right [0.881, 0.119] (the printed pair is softmax([1, 0])).
#   - "≈ 173B" and "6:1": slip, right 174B (173.9 truncated) and 2:1.
#   - "At 4096 tokens: ~10.5 GB": slip, right 10.7 GB (10.0 GiB; 10.6 even from the rounded 2.6 MB).
# Ambiguous: the six QK^T and scaled-score lines (see above); "16.4 billion" (128K read as 128,000 gives 16.4e9, as
#   131,072 gives 17.2e9); "~125 GB" (134 GB decimal, 125 GiB binary; the ~1 TB on that line agrees either way).
import sys
from functools import partial
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="en", topics=["basic", "mha", "softmax", "pe", "kv-cache", "code-block"])
L = e.line
num = partial(number_claim, e)

# --- section 1: projections ---------------------------------------------------------------
X = M([["1.0", "0.5", "0.3", "0.8"], ["0.2", "0.9", "0.7", "0.1"], ["0.6", "0.3", "0.5", "0.4"]])
WQ = M([["0.1", "0.3"], ["0.4", "0.2"], ["0.0", "0.5"], ["0.3", "0.1"]])
Q = X * WQ
e.given(L("The example uses three tokens, a model width of 4"), "prose restating the toy sizes")
e.given(L("// Input: 3 tokens, d_model=4, d_k=2 (1 head)"), "toy sizes")
for lab in ("X = [[1.0, 0.5, 0.3, 0.8]", "[0.2, 0.9, 0.7, 0.1],   // \"cat\"", "[0.6, 0.3, 0.5, 0.4]]   // \"sat\""):
    e.given(L(lab), "input row of X")
for lab in ("W_Q = [[0.1, 0.3],", "[0.4, 0.2],            [0.1, 0.5],", "[0.0, 0.5],            [0.3, 0.1],",
            "[0.3, 0.1]]            [0.0, 0.4]]"):
    e.given(L(lab), "rows of W_Q and W_K")
e.claim(L("\"The\": [1·0.1+0.5·0.4"), "Q row The", ["0.54", "0.63"], Q.row(0))
e.claim(L("\"cat\": [...] = [0.41, 0.52]"), "Q row cat", ["0.41", "0.52"], Q.row(1), cause="slip")
e.claim(L("\"sat\": [...] = [0.30, 0.53]"), "Q row sat", ["0.30", "0.53"], Q.row(2))

# --- section 2: step-2 inputs as printed ---------------------------------------------------
e.given(L("// Given Q, K, V (each n×d_k), d_k = 2"), "d_k = 2")
e.given(L("Q = [[0.54, 0.63],    Kᵀ"), "step-2 Q row 1 and K^T row 1 (K taken equal to Q)")
e.given(L("[0.41, 0.52],           [0.63, 0.52, 0.53]]"), "step-2 Q row 2 (restates the 0.52 of section 1) and K^T row 2")
e.given(L("[0.30, 0.53]]", after=L("Step 1: QKᵀ")), "step-2 Q row 3")
e.given(L("QKᵀ = [[0.54·0.54+0.63·0.63"), "first dot product written out")
Qp = M([["0.54", "0.63"], ["0.41", "0.52"], ["0.30", "0.53"]])
Sp = Qp * Qp.T
Zp = Sp / sp.sqrt(2)
amb = ("Step 2 takes K equal to the printed Q (cat row 0.52), which contradicts K = X W_K of section 1 and repeats the "
       "section-1 slip (cat row 0.60): right from the printed step-2 matrices, wrong in the cat row/column from the first inputs")
for lab in ("= [[0.689, 0.549, 0.496],", "[0.549, 0.439, 0.399],", "[0.496, 0.399, 0.371]]",
            "QKᵀ / √2 = [[0.487, 0.388, 0.351],", "[0.388, 0.310, 0.282],", "[0.351, 0.282, 0.262]]"):
    e.ambiguous(L(lab), amb)
A = softmax_rows(Zp)
LA = L("α = [[0.371, 0.336, 0.324],")
e.rows([LA, LA + 1, LA + 2], "row-wise softmax of the printed scaled scores",
       [["0.371", "0.336", "0.324"], ["0.345", "0.319", "0.311"], ["0.340", "0.317", "0.312"]], A, cause="slip")

# --- why scale ----------------------------------------------------------------------------
e.given(L("// If q, k ~ N(0,1), then q·k ~ N(0, d_k)"), "distribution assumption")
e.claim(L("d_k = 64:  q·k has std = 8"), "sqrt(64)", ["8"], [sp.sqrt(64)])
s8 = softmax_rows(sp.Matrix([[8, -8]]))
e.claim(L("softmax([8, -8]) = [0.9999, 0.0001]"), "softmax([8,-8])", ["0.9999", "0.0001"], s8.row(0), cause="slip")
e.claim(L("d_k = 64, scaled:  q·k/√64 has std = 1"), "8 / sqrt(64)", ["1"], [8 / sp.sqrt(64)])
s1 = softmax_rows(sp.Matrix([[1, -1]]))
e.claim(L("softmax([1, -1]) = [0.731, 0.269]"), "softmax([1,-1])", ["0.731", "0.269"], s1.row(0), cause="slip")
e.ambiguous(L("For n=128K and dₖ=128"), "128K read as 128,000 gives 1.6384e10 = 16.4 billion; read as 131,072 "
            "(the 4K = 4,096 convention) gives 1.718e10 = 17.2 billion")

# --- multi-head bookkeeping ----------------------------------------------------------------
e.given(L("// d_model = 768, h = 12 heads, d_k = 64"), "MHA sizes")
e.given(L("W_Qᵢ ∈ ℝ⁷⁶⁸ˣ⁶⁴    // 768 → 64"), "per-head projection shape")
e.given(L("headᵢ = softmax(QᵢKᵢᵀ/√64)"), "per-head formula")
e.claim(L("∈ ℝⁿˣ⁷⁶⁸  // 12×64 = 768"), "12 x 64", ["768"], [12 * 64])
e.given(L("// d = d_model = 768"), "d = 768")
num(L("W_Q: h × (d × d_k) = 12 × (768 × 64) = 589,824"), "W_Q parameters", "589,824", 12 * 768 * 64)
num(L("W_K: same = 589,824"), "W_K parameters", "589,824", 12 * 768 * 64)
num(L("W_V: same = 589,824"), "W_V parameters", "589,824", 12 * 768 * 64)
num(L("W_O: d × d = 768 × 768 = 589,824"), "W_O parameters", "589,824", 768 * 768)
num(L("Total MHA: 4 × d² = 4 × 768² = 2,359,296"), "MHA parameters", "2,359,296", 4 * 768**2)
e.given(L("// So total is always 4d² regardless of h!"), "symbolic remark")

# --- FFN ---------------------------------------------------------------------------------------
e.claim(L("W₁ ∈ ℝᵈˣ⁴ᵈ    // expand: 768 → 3072"), "4 x 768", ["3072"], [4 * 768])
e.claim(L("W₂ ∈ ℝ⁴ᵈˣᵈ    // contract: 3072 → 768"), "4 x 768", ["3072"], [4 * 768])
e.claim(L("// Parameters: 4d² + 4d² = 8d²"), "4 + 4", ["8"], [8])
num(L("// For d=768: 8 × 768² = 4,718,592"), "FFN parameters", "4,718,592", 8 * 768**2)
e.claim(L("// That's 2/3 of each layer's parameters!"), "8d^2 / 12d^2", ["2/3"], [R(8, 12)])

# --- whole-model count ---------------------------------------------------------------------------
ln = L("Per layer: 4d² (attention")
e.claim(ln, "4 + 8", ["12"], [12])
e.claim(ln, "12 x 12288^2 x 96 in billions ('≈ 173B')", ["173"], [R(12 * 12288**2 * 96, 10**9)], cause="slip",
        rounded_int=True)
e.claim(ln, "FFN : attention parameter ratio ('6:1')", ["6"], [R(8, 4)], cause="slip")

# --- sinusoidal PE -----------------------------------------------------------------------------------
e.given(L("PE(pos, 2i)   = sin(pos / 10000^(2i/d))"), "formula")
e.given(L("PE(pos, 2i+1) = cos(pos / 10000^(2i/d))"), "formula")
e.given(L("// d=4 example, pos=0,1,2:"), "d = 4, positions")
e.claim(L("pos=0: [sin(0/1), cos(0/1), sin(0/100)"), "10000^(2/4)", ["100"], [sp.Integer(10000) ** R(2, 4)])
e.claim(L("= [0.000, 1.000, 0.000, 1.000]"), "PE(0)", ["0.000", "1.000", "0.000", "1.000"], [0, 1, 0, 1])
e.given(L("pos=1: [sin(1/1), cos(1/1)"), "PE(1) arguments")
e.claim(L("= [0.841, 0.540, 0.010, 1.000]"), "PE(1)", ["0.841", "0.540", "0.010", "1.000"],
        [sp.sin(1), sp.cos(1), sp.sin(R(1, 100)), sp.cos(R(1, 100))])
e.given(L("pos=2: [sin(2/1), cos(2/1)"), "PE(2) arguments")
e.claim(L("= [0.909, −0.416, 0.020, 1.000]"), "PE(2)", ["0.909", "−0.416", "0.020", "1.000"],
        [sp.sin(2), sp.cos(2), sp.sin(R(2, 100)), sp.cos(R(2, 100))])
e.given(L("Llama 3 raises its base to 500,000"), "quoted RoPE bases")

# --- KV cache and GQA ------------------------------------------------------------------------------------
per_tok = 2 * 80 * 64 * 128 * 2
e.given(L("2 × n_layers × n_heads × d_k × bytes"), "formula")
e.claim(L("// Llama 2 70B: 2×80×64×128×2 = 2.6 MB/token"), "KV bytes per token in MB", ["2.6"], [R(per_tok, 10**6)])
e.claim(L("// At 4096 tokens: ~10.5 GB"), "KV for 4096 tokens in GB", ["10.5"], [R(per_tok * 4096, 10**9)], cause="slip")
e.given(L("MHA:  64 Q heads, 64 K heads, 64 V heads"), "MHA head counts")
e.given(L("KV cache = 64 × d_k per layer"), "MHA cache width")
e.given(L("GQA:  64 Q heads, 8 K heads, 8 V heads"), "GQA head counts")
e.claim(L("Every 8 Q heads share 1 K,V pair"), "64 / 8 query heads per KV head", ["8"], [R(64, 8)])
e.given(L("KV cache = 8 × d_k per layer"), "GQA cache width")
e.claim(L("8x reduction in KV cache memory!"), "64 / 8", ["8"], [R(64, 8)])
e.given(L("MQA:  64 Q heads, 1 K head, 1 V head"), "MQA head counts")
e.claim(L("64x reduction but slight quality loss"), "64 / 1", ["64"], [64])
e.ambiguous(L("For serving, the notes estimate"), "~1 TB agrees (100 x 4096 x 2,621,440 B = 1.07 TB); ~125 GB is "
            "125.0 GiB but 134 GB in decimal units, and also 1 TB / 8 from the rounded total: unit reading undecidable")
e.done()
