# Expected verdicts for en-basic-sumansudhir-i-love-paris-interview-notes.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Excerpts of an interview-preparation note (Sudhir Kumar Suman, "Topic 8: Attention Mechanisms"): the spread of
# unscaled dot products, the memory of the (B, T, T) score tensor, a hand-worked "I love Paris" example, a table of
# head sizes, score-matrix memory for Llama 2 70B, the T^2 table, GQA and sliding-window figures, and interview answers.
# Inputs of the worked example: Q = K = [[1,0],[1,1],[0,1]], V = I_3, d_k = 2.
# Exact values:
#   S = Q K^T = [[1,1,0],[1,2,1],[0,1,1]]; S/sqrt(2): 1/sqrt(2) = 0.707107, sqrt(2) = 1.414214;
#   e^(1/sqrt2) = 2.028115, e^(sqrt2) = 4.113250; row sums 5.056230 (rows 0, 2) and 8.169481 (row 1);
#   A = AV: row 0 [0.401113, 0.401113, 0.197774], row 1 [0.248252, 0.503496, 0.248252], row 2 = row 0 reversed.
#   32*4096^2*2 B = 1,073,741,824 B = 1 GiB (1.07 GB); x32 = 32 GiB (34.4 GB);
#   80*64*4096^2*2 B = 171,798,691,840 B = 171.8 GB (160 GiB); T^2: 262,144; 4,194,304; 67,108,864;
#   1,073,741,824; 17,179,869,184; (128/2)^2 = 4096; 32768/4096 = 8; 32*4096 = 131,072; (4K/1K)^2 = 16.
# Wrong lines:
#   - "With d_k = 512 ... [-22, 22]": the range is +-sqrt(d_k) (as [-8, 8] for 64 on the line before);
#     sqrt(512) = 22.627 rounds to 23, 22 is truncated -> slip.
#   - "Serving a model with 128K context uses 4096x more than 1K": (128K/1K)^2 = 16384 (4096x is the 2K -> 128K
#     factor the note gives earlier) -> slip.
# Ambiguous:
#   - Row 1 of the softmax: e^{1.41} = 4.096 -> 4.10 and 2.034 + 4.096 + 2.034 = 8.164 -> 8.16 are right as written on
#     the rounded exponent 1.41, but e^(sqrt2) = 4.1133 (4.11) and the exact sum 8.1695 (8.17); the weights at the end of
#     the chain, [0.25, 0.50, 0.25], agree (policy 5).
#   - "128K x 128K = 16.4 billion entries ~ 33 GB" and "16.4B entries": right when 128K = 128,000 (16.384e9, 32.8 GB),
#     wrong when 128K = 131,072 (17.18e9, 34.4 GB = 32 GiB), which is the T the note's own table uses for 17.2B.
#   - "the KV cache can easily exceed 100 GB": no batch, context or head size is given.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows, number_claim

e = Expect(__file__, language="en", topics=["basic", "scaling", "softmax", "complexity", "gqa", "latex-bmatrix"])
L = e.line

# ---- spread of unscaled dot products
e.claim(L("With $d_k = 64$ that puts"), "+-sqrt(64)", ["-8", "8"], [-8, 8])
e.claim(L("With $d_k = 512$ the note puts"), "+-sqrt(512) (truncated)", ["-22", "22"], [-sp.sqrt(512), sp.sqrt(512)])

# ---- batch score tensor
B, T = 32, 4096
by = B * T * T * 2
number_claim(e, L("bytes = 1 GB for the scores"), "one layer's scores", "1",
             [("GiB", R(by, 2**30)), ("GB", R(by, 10**9))])
number_claim(e, L("Over 32 layers that comes to 32 GB"), "32 layers", "32",
             [("GiB", R(32 * by, 2**30)), ("GB", R(32 * by, 10**9))])

# ---- worked example
e.given(L("The formula is traced on the phrase"), "d_k = 2 and typical d_k")
e.given(L("$$Q = \\begin{bmatrix} 1 & 0"), "Q, K, V")
e.given(L('Each row is one token: "I" (row 0)'), "row labels")
Q = M([["1", "0"], ["1", "1"], ["0", "1"]])
K = Q.copy()
V = sp.eye(3)
S = Q * K.T
Ss = S / sp.sqrt(2)
A = softmax_rows(Ss)
O = A * V
e.given(L("**Step 1 — raw scores**"), "step label")
for n in (1, 2, 3):
    e.given(L("{\\cdot}", n), f"expanded dot products, row {n} (entries of Q and K)")
e.claim(L("\\end{bmatrix} = \\begin{bmatrix} 1 & 1 & 0"), "S = QK^T",
        ["1", "1", "0", "1", "2", "1", "0", "1", "1"], S)
e.claim(L("How to read it: the \"love\" row"), "S row 1 and q_love . k_love",
        ["1", "2", "1", "[1,1]", "2"][:3] + ["2"], [S[1, 0], S[1, 1], S[1, 2], S[1, 1]])
e.claim(L("The query $[1,0]$ of \"I\" gets 0"), "S[0,2]", ["0"], [S[0, 2]])
e.given(L("**Step 2 — scale**"), "step label")
e.claim(L("**Step 2 — scale**"), "sqrt(2)", ["1.41"], [sp.sqrt(2)])
e.claim(L("$$S_{\\text{scaled}} = "), "S / sqrt(2)",
        ["0.71", "0.71", "0.00", "0.71", "1.41", "0.71", "0.00", "0.71", "0.71"], Ss)
e.claim(L("Skipping this step would leave"), "distinct raw scores", ["0", "1", "2"], [0, 1, 2])
e.claim(L("At $d_k = 64$ the dot products"), "+-sqrt(64)", ["-8", "+8"], [-8, 8])
e.given(L("**Step 3 — softmax**"), "step label")
ea, eb = sp.exp(1 / sp.sqrt(2)), sp.exp(sp.sqrt(2))
ln = L("\\text{Row 0 (I):}")
e.claim(ln, "row 0 exponents", ["0.71", "0"], [Ss[0, 0], Ss[0, 2]])
e.claim(ln, "row 0 exponentials and sum", ["2.03", "1.00", "5.06"], [ea, 1, 2 * ea + 1])
e.claim(ln, "row 0 weights", ["0.40", "0.40", "0.20"], A.row(0))
ln = L("\\text{Row 1 (love):}")
e.ambiguous(ln, "e^{1.41} = 4.096 -> 4.10 and 2.034 + 4.096 + 2.034 = 8.164 -> 8.16 are right as written on the rounded "
                "exponent 1.41, but e^(sqrt 2) = 4.1133 (4.11) and the exact sum is 8.1695 (8.17); the weights at the "
                "end of the chain, [0.25, 0.50, 0.25], agree end to end (0.2483, 0.5035, 0.2483)")
ln = L("\\text{Row 2 (Paris):}")
e.claim(ln, "row 2 exponents", ["0", "0.71"], [Ss[2, 0], Ss[2, 1]])
e.claim(ln, "row 2 exponentials and sum", ["1.00", "2.03", "5.06"], [1, ea, 2 * ea + 1])
e.claim(ln, "row 2 weights", ["0.20", "0.40", "0.40"], A.row(2))
Ap = ["0.40", "0.40", "0.20", "0.25", "0.50", "0.25", "0.20", "0.40", "0.40"]
e.claim(L("$$A = \\begin{bmatrix} 0.40"), "A", Ap, A)
e.claim(L('- **"I"** shares out'), "row 0 in percent", ["40%", "40%", "20%"], A.row(0))
e.claim(L('- **"love"** keeps'), "row 1 in percent", ["50%", "25%"], [A[1, 1], A[1, 0]])
e.claim(L('- **"Paris"** gives'), "row 2 in percent", ["20%", "40%"], [A[2, 0], A[2, 1]])
e.given(L("**Step 4 — output**"), "step label")
e.claim(L("$$\\text{Output} = AV"), "AV", Ap, O)
for i, tok in enumerate(['"I"     →', '"love"  →', '"Paris" →']):
    e.claim(L(tok), f"output row {i}", Ap[3 * i:3 * i + 3], O.row(i))
e.claim(L("now holds 40% information"), "A[Paris, love]", ["40%"], [A[2, 1]])

# ---- head sizes table
for name, dm, h in [("| BERT-base |", 768, 12), ("| BERT-large |", 1024, 16), ("| GPT-2 |", 768, 12),
                    ("| GPT-3 (175B) |", 12288, 96), ("| Llama 2 7B |", 4096, 32), ("| Llama 2 70B |", 8192, 64)]:
    ln = L(name)
    e.given(ln, f"{name} d_model and heads")
    e.claim(ln, f"{name} d_k = d_model/h", [str(dm // h)], [R(dm, h)])
e.given(L("The note observes that $d_k = 64$ or 128"), "typical head sizes")

# ---- score-matrix memory
e.given(L("Taking Llama 2 70B with $T=4096$"), "T, L, h")
m = 80 * 64 * 4096**2 * 2
number_claim(e, L("Attention matrices alone"), "Llama 2 70B score matrices", "172",
             [("GB", R(m, 10**9)), ("GiB", R(m, 2**30))])

# ---- T^2 table
for t, p, unit in [(512, "262", 10**3), (2048, "4.2", 10**6), (8192, "67", 10**6), (32768, "1.07", 10**9),
                   (131072, "17.2", 10**9)]:
    e.claim(L(f"T={t}:"), f"{t}^2", [p], [R(t * t, unit)], rounded_int=True)
e.claim(L("- Doubling sequence length -> 4x"), "2^2", ["4"], [4])
e.claim(L("- Going from 2K to 128K context -> 4096x"), "(128/2)^2", ["4096"], [(R(128, 2)) ** 2])

# ---- GQA and sliding window
ln = L("In practice Llama 2 70B runs GQA")
e.given(ln, "8 KV groups, 64 query heads")
e.claim(ln, "query heads per KV head", ["8"], [R(64, 8)])
e.given(L("The smaller Llama 2 7B keeps"), "model name")
e.given(L("Mistral 7B uses it"), "model name and O(T^2)")
e.claim(L("For $W = 4096$ and $T = 32768$"), "T^2 / (T W)", ["8"], [R(32768, 4096)])
e.given(L("Stacked layers widen the view"), "receptive field 2W, L W (formulas)")
number_claim(e, L("effective range = 131,072 tokens"), "L W", "131,072", 32 * 4096)

# ---- interview answers
e.ambiguous(L("For $T = 128K$, this matrix alone"),
            "16.4 billion and 33 GB hold for 128K = 128,000 (16.384e9 entries, 32.8 GB in FP16); for 128K = 131,072, "
            "the T of the note's own table, they are 17.18e9 and 34.4 GB (32 GiB)")
e.given(L("e.g. $G = 8$ for $h = 64$"), "example G and h")
for tag, kv in [("MHA             | 64", 64), ("GQA (Llama 2)   | 64", 8), ("MQA             | 64", 1)]:
    ln = L(tag)
    e.given(ln, f"{tag.split()[0]} heads and KV heads")
    e.claim(ln, "KV cache in units of d_k = KV heads", [f"{kv} * d_k".split()[0]], [kv])
e.ambiguous(L("the KV cache can easily exceed 100 GB"), "no batch size, context length or head size is given")
e.claim(L("Cutting it by 8x (with 8 KV groups)"), "h / G", ["8"], [R(64, 8)])
e.claim(L("- Training on 4K context uses 16x"), "(4K/1K)^2", ["16"], [16])
e.claim(L("- Serving a model with 128K context uses 4096x"), "(128K/1K)^2", ["4096"], [128**2])
e.ambiguous(L("- The attention score matrix for $T=128K$"),
            "16.4B holds for 128K = 128,000 (16.384e9); for 128K = 131,072, as in the note's own T^2 table, it is 17.2B")

e.done()
