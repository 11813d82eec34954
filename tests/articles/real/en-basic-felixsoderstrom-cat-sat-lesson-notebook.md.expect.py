# Expected verdicts for en-basic-felixsoderstrom-cat-sat-lesson-notebook.md, computed with plain SymPy (see oracle.py); not symattn's code.
# Inputs: "The cat sat on the mat" (6 tokens), embeddings (1, 6, 512), d_k = 64 (random weights, so only shapes are
#   printed by the code cells); the worked softmax row of "cat": raw scores [0.1, 0.8, 1.2, 0.3, 0.1, 0.4];
#   the illustrative 6 x 6 weight matrix ("might reveal") is an input of its own.
# Exact: exp = [1.10517, 2.22554, 3.32012, 1.34986, 1.10517, 1.49182]; sum = 10.5977 (the rounded exponentials add
#   up to 10.61); softmax = [0.104284, 0.210003, 0.313287, 0.127373, 0.104284, 0.140769].
# Wrong lines: "Sum: 11.61" is a slip (exact 10.5977); the softmax row [0.09, 0.19, 0.29, 0.12, 0.09, 0.13] follows
#   from 11.61 (1.11/11.61 = 0.0956, truncated to 0.09) -> carried; "29% / 19% / 13%" restate it -> carried.
# Everything else (shapes, sqrt(64) = 8.00, e = 2.7, e^2 = 7.4, the restated illustrative weights 0.4 / 0.3 / 40% /
#   25% / 15%, the row sums 1.0000) agrees.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp, softmax_rows

e = Expect(__file__, language="en", topics=["basic", "projection", "scaling", "softmax", "output", "shapes",
                                             "notebook", "code-output", "latex", "plain-text"])
T, D_MODEL, DK = 6, 512, 64
raw = M([["0.1", "0.8", "1.2", "0.3", "0.1", "0.4"]])
ex = [sp.exp(raw[0, j]) for j in range(6)]
Z = sum(ex)
w = softmax_rows(raw)
ILL = [["0.2", "0.15", "0.1", "0.15", "0.25", "0.15"],
       ["0.1", "0.25", "0.4", "0.05", "0.05", "0.15"],
       ["0.05", "0.35", "0.3", "0.1", "0.05", "0.15"],
       ["0.1", "0.1", "0.15", "0.2", "0.15", "0.3"],
       ["0.15", "0.1", "0.1", "0.15", "0.25", "0.25"],
       ["0.1", "0.2", "0.15", "0.25", "0.15", "0.15"]]
A = M(ILL)
ntok = len("The cat sat on the mat".split())

# Part 1
e.claim(e.line('For "The cat sat on the mat" (6 tokens):'), "token count", ["6"], [ntok])
e.given(e.line("- Input embeddings: `(1, 6, 512)`"), "embedding shape (1 batch, 6 tokens, 512 dims)")
e.given(e.line("- After projection: `(1, 6, 64)`"), "projection size d_k = 64")
e.claim(e.line("Going from 512 down to 64 dimensions"), "512 -> 64 restated", ["512", "64"], [D_MODEL, DK])
e.claim(e.line("Embedding shape: torch.Size([1, 6, 512])"), "embedding shape output", ["1", "6", "512"], [1, T, D_MODEL])
e.given(e.line("def create_qkv_projections(embeddings, d_model=512, d_k=64):"), "d_model = 512, d_k = 64")
e.claim(e.line("Q shape: torch.Size([1, 6, 64]), K shape:"), "Q, K, V shapes",
        ["1", "6", "64"] * 3, [1, T, DK] * 3)
# Part 2
e.given(e.line("**The trouble**, unscaled, with $d_k = 512$:"), "hypothetical d_k = 512")
e.claim(e.line("- random dot products have a variance of about 512"), "variance of a dot product = d_k", ["512"], [512])
e.claim(e.line("brings the variance back to about 1"), "variance after dividing by sqrt(d_k)", ["1"], [R(512, 512)])
e.given(e.line('For "The cat sat on the mat" (6 tokens, $d_k = 64$):'), "6 tokens, d_k = 64")
e.claim(e.line("1. **Q shape**: `(1, 6, 64)`"), "Q shape", ["1", "6", "64"], [1, T, DK])
e.claim(e.line("2. **K shape**: `(1, 6, 64)`"), "K shape", ["1", "6", "64"], [1, T, DK])
e.claim(e.line("3. **K^T shape**: `(1, 64, 6)`"), "K^T shape", ["1", "64", "6"], [1, DK, T])
e.claim(e.line("4. **QK^T shape**: `(1, 6, 6)`"), "QK^T shape and 6x6", ["1", "6", "6"], [1, T, T])
e.claim(e.line("For the example sentence the 6×6 matrix"), "score matrix size", ["6"], [T])
e.claim(e.line("Attention scores shape: torch.Size([1, 6, 6])"), "scores shape output", ["1", "6", "6"], [1, T, T])
e.claim(e.line("d_k = 64, scaling factor = 8.00"), "d_k and sqrt(d_k)", ["64", "8.00"], [DK, sp.sqrt(DK)])
# Part 3: the worked softmax row
e.claim(e.line("2. **Normalisation**: weights adding up to 1"), "weights sum to 1", ["1"], [sum(w)])
e.claim(e.line("the division makes each query's weights add up to 1"), "row sums", ["1"], [sum(w)])
e.given(e.line("Raw scores:     [0.1, 0.8, 1.2, 0.3, 0.1, 0.4]"), "raw scores of cat")
e.claim(e.line("After exp():    [1.11, 2.23, 3.32, 1.35, 1.11, 1.49]"), "exponentials",
        ["1.11", "2.23", "3.32", "1.35", "1.11", "1.49"], ex)
e.claim(e.line("Sum:            11.61"), "sum of the exponentials", ["11.61"], [Z], cause="slip")
e.claim(e.line("After softmax:  [0.09, 0.19, 0.29, 0.12, 0.09, 0.13]"), "softmax (divided by the wrong sum 11.61)",
        ["0.09", "0.19", "0.29", "0.12", "0.09", "0.13"], w, cause="carried")
e.claim(e.line('- 29% attention to "sat"'), "weight on sat", ["29%"], [w[0, 2]], cause="carried")
e.claim(e.line("- 19% attention to itself"), "weight on cat itself", ["19%"], [w[0, 1]], cause="carried")
e.claim(e.line('- 13% attention to "mat"'), "weight on mat", ["13%"], [w[0, 5]], cause="carried")
e.claim(e.line("$$\\text{Attention}_{6 \\times 6}"), "attention matrix size", ["6", "6"], [T, T])
e.claim(e.line("- every row adds up to 1"), "row sums", ["1"], [sum(w)])
# the illustrative matrix (an input: "could show")
L = e.line("    The [0.2, 0.15, 0.1, 0.15, 0.25, 0.15]")
for k in range(6):
    e.given(L + k, f"illustrative weight row {k + 1}")
e.claim(e.line('- "cat" (row 2) puts its largest weight, 0.4'), "largest weight of row cat", ["0.4"],
        [max(A.row(1))])
e.claim(e.line('- "on" (row 4) puts its largest weight, 0.3'), "largest weight of row on", ["0.3"], [max(A.row(3))])
e.claim(e.line("1. **Rows normalised**"), "sum of a row", ["1"], [sum(A.row(1))])
e.given(e.line("   - Score difference of 1 → Weight ratio"), "score gap 1")
e.claim(e.line("   - Score difference of 1 → Weight ratio"), "e", ["2.7"], [sp.E])
e.given(e.line("   - Score difference of 2 → Weight ratio"), "score gap 2")
e.claim(e.line("   - Score difference of 2 → Weight ratio"), "e^2", ["7.4"], [sp.E ** 2])
e.claim(e.line("Attention weights shape: torch.Size([1, 6, 6])", nth=1), "weights shape output", ["1", "6", "6"],
        [1, T, T])
e.claim(e.line("Sum of weights for first query position: 1.0000"), "row 1 sum", ["1.0000"], [1])
e.claim(e.line("Sum of weights for second query position: 1.0000"), "row 2 sum", ["1.0000"], [1])
e.claim(e.line("All attention weights should sum to 1.0 for each query position", nth=2), "row sums", ["1.0"], [1])
# Part 4
L = e.line('After attention:         [0.1×"The"')
e.claim(L, "cat's weights restated from the illustrative matrix",
        ["0.1", "0.25", "0.4", "0.05", "0.05", "0.15"], A.row(1))
e.claim(e.line('- 40% of what "sat" carries'), "weight on sat", ["40%"], [A[1, 2]])
e.claim(e.line("- 25% of its own content"), "weight on itself", ["25%"], [A[1, 1]])
e.claim(e.line('- 15% of what "mat" carries'), "weight on mat", ["15%"], [A[1, 5]])
e.given(e.line('For "The cat sat on the mat" (6 tokens, $d_k = 64$):', nth=2), "6 tokens, d_k = 64")
e.claim(e.line("1. **Attention weights**: `(1, 6, 6)`"), "weights shape", ["1", "6", "6"], [1, T, T])
e.claim(e.line("2. **Values (V)**: `(1, 6, 64)`"), "V shape", ["1", "6", "64"], [1, T, DK])
e.claim(e.line("3. **Output**: `(1, 6, 64)`"), "output shape", ["1", "6", "64"], [1, T, DK])
e.claim(e.line("- row $i$ of the weights: `(1, 6)`"), "one row of the weights", ["1", "6"], [1, T])
e.claim(e.line("- all the values: `(6, 64)`"), "V without the batch", ["6", "64"], [T, DK])
e.claim(e.line("- result for token $i$: `(1, 64)`"), "one output row", ["1", "64"], [1, DK])
e.claim(e.line("Attended output shape: torch.Size([1, 6, 64])"), "output shape", ["1", "6", "64"], [1, T, DK])
e.claim(e.line("Original V shape: torch.Size([1, 6, 64])"), "V shape", ["1", "6", "64"], [1, T, DK])
e.claim(e.line("Attention weights shape: torch.Size([1, 6, 6])", nth=2), "weights shape", ["1", "6", "6"], [1, T, T])
e.given(e.line("def attention_mechanism(embeddings, d_k=64):"), "d_k = 64")
e.claim(e.line("Final output shape: torch.Size([1, 6, 64])"), "final output shape", ["1", "6", "64"], [1, T, DK])
e.claim(e.line("Final attention weights shape: torch.Size([1, 6, 6])"), "final weights shape", ["1", "6", "6"],
        [1, T, T])
e.claim(e.line("Input embedding dim: 512, Output dim: 64"), "input and output dims", ["512", "64"], [D_MODEL, DK])
e.done()
