# Expected verdicts for en-gqa-ainiketan-mistral-tiny-projections.md, computed with plain SymPy (see oracle.py);
# not symattn's code.
# Inputs (as printed): tokens [1,0,1,0], [0,1,0,1], [1,1,1,1]; 4x2 projection matrices W_Q1..W_Q4, W_K1, W_K2,
# W_V1, W_V2 (only the first two rows are non-zero).  Each projection line "x @ W = [a, b]" is the row vector x W.
# Wrong lines: 4 slips -- Q3(token 3) is [2, 1] (printed [2, 2]); Q4(token 2) is [1, 1] (printed [2, 0]);
# Q4(token 3) is [1, 2] (printed [2, 2]); K2(token 2) is [1, 1] (printed [2, 1]).  Every other line agrees.
# The stored page stops after V1(token 3); nothing after it is claimed.
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from oracle import Expect, M, R, sp

e = Expect(__file__, language="en", topics=["gqa", "mha", "projection"])
X = M([["1", "0", "1", "0"], ["0", "1", "0", "1"], ["1", "1", "1", "1"]])


def W(r0, r1):
    return M([r0, r1, ["0", "0"], ["0", "0"]])


Ws = {
    "W_Q1": W(["1", "0"], ["0", "1"]),
    "W_Q2": W(["0", "1"], ["1", "0"]),
    "W_Q3": W(["1", "0"], ["1", "1"]),
    "W_Q4": W(["0", "1"], ["1", "1"]),
    "W_K1": W(["1", "0"], ["0", "1"]),
    "W_K2": W(["1", "1"], ["1", "1"]),
    "W_V1": W(["1", "0"], ["0", "1"]),
    "W_V2": W(["0", "1"], ["1", "0"]),
}

# setup
e.claim(e.line("Group size: 4 / 2 = 2"), "group size n_heads / n_kv_heads", ["2"], [R(4, 2)])
e.given(e.line("Sequence length: n = 3 tokens"), "sequence length")
e.given(e.line("Query heads: n_heads = 4"), "query heads")
e.given(e.line("KV heads: n_kv_heads = 2"), "KV heads")
e.given(e.line("Dimension per head: d_head = 2"), "head dimension")
e.given(e.line("(3 × embedding_dim = 3 × 4)"), "input shape")
for t in (1, 2, 3):
    e.given(e.line(f"Token {t}: ["), f"token {t} embedding")
for name in ("W_Q1 = [[", "W_K1 = [["):
    L = e.line(name)
    for k in range(4):
        e.given(L + k, f"projection matrices row {k + 1}")

tok = {1: "[1, 0, 1, 0]", 2: "[0, 1, 0, 1]", 3: "[1, 1, 1, 1]"}
# (label, matrix, printed outputs for tokens 1..3, known-wrong flags are not needed: verdicts follow from the values)
rows = [
    ("Q1", "W_Q1", [["1", "0"], ["0", "1"], ["1", "1"]]),
    ("Q2", "W_Q2", [["0", "1"], ["1", "0"], ["1", "1"]]),
    ("Q3", "W_Q3", [["1", "0"], ["1", "1"], ["2", "2"]]),
    ("Q4", "W_Q4", [["0", "1"], ["2", "0"], ["2", "2"]]),
    ("K1", "W_K1", [["1", "0"], ["0", "1"], ["1", "1"]]),
    ("K2", "W_K2", [["1", "1"], ["2", "1"], ["2", "2"]]),
    ("V1", "W_V1", [["1", "0"], ["0", "1"], ["1", "1"]]),
]
for label, wname, printed in rows:
    P = X * Ws[wname]
    for t in (1, 2, 3):
        L = e.line(f"{label}(token {t}) = {tok[t]} @ {wname} = ")
        e.given(L, f"token {t} embedding (input)")
        # the last two numbers on the line are the result
        text = e.lines[L - 1]
        assert text.endswith(f"[{printed[t - 1][0]}, {printed[t - 1][1]}]"), (L, text)
        e.claim(L, f"{label} for token {t} = x{t} @ {wname}", printed[t - 1], P.row(t - 1))
e.done()
